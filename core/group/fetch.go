package group

import "time"

// This file is a cluster consumer's Fetcher (Kafka 2.5 Fetcher.java,
// sendFetches and fetchedRecords): each owned partition
// with a position is fetched from its leader, up to the leader's high
// watermark, and poll returns what came back. In `use group` consumers
// read an instant log instead (client.go).

// Fetched is the answer to a consumer's Fetch of one partition: the
// records at offsets From…To-1, the leader's high watermark, or an error
// ("NONE", "NOT_LEADER_FOR_PARTITION", … ; Disconnect when the connection
// broke).
type Fetched struct {
	TP       TopicPartition
	Error    string
	From, To int64
	HW       int64
}

// startFetching starts a cluster consumer (`consumer C join` there): its
// application polls in a loop, each poll fetching, committing
// (enable.auto.commit) and rebalancing, with the cluster's Clients options.
func (y *System) startFetching(c *Consumer) {
	c.ownLoop = true
	c.f = y.newFetcher(y.cfg.Clients)
	y.clients = append(y.clients, c)
	y.s.Go(c.Name, func() {
		for !c.closed {
			if _, err := c.Poll(-1); err == ErrClosed {
				return
			}
		}
	})
}

// newFetcher is a fetching consumer's state with options opts.
func (y *System) newFetcher(opts ClientOptions) *fetcher {
	return &fetcher{opts: opts, positions: map[TopicPartition]int64{}, async: map[int]asyncCommit{},
		nextAutoCommit: y.s.Now() + opts.AutoCommitInterval, fetching: map[TopicPartition]bool{}, hw: map[TopicPartition]int64{}}
}

// sendFetches sends a Fetch for each owned partition with a position and
// no fetch in flight or records waiting.
func (c *Consumer) sendFetches() {
	f := c.f
	now := c.s.Now()
	for _, tp := range c.owned {
		pos, ok := f.positions[tp]
		if !ok || f.fetching[tp] || f.retryAt[tp] > now || c.buffered(tp) {
			continue
		}
		f.fetching[tp] = true
		queue := c.responses
		c.sys.net.Fetch(c.Name, tp, pos, func(r Fetched) {
			if c.closed {
				return
			}
			queue.Put(&message{id: c.s.NextToken(), fetched: &r, label: "Fetch " + r.TP.String() + " " + r.Error}, srcReceiveResponse)
		})
	}
}

// untilFetchRetry is how long poll may wait before a partition that
// failed may be fetched again (-1: none waits).
func (c *Consumer) untilFetchRetry() time.Duration {
	wait := time.Duration(-1)
	for _, tp := range c.owned {
		if at, ok := c.f.retryAt[tp]; ok && !c.f.fetching[tp] && at > c.s.Now() {
			wait = minWait(wait, at-c.s.Now())
		}
	}
	return wait
}

func (c *Consumer) buffered(tp TopicPartition) bool {
	for _, r := range c.f.completed {
		if r.TP == tp {
			return true
		}
	}
	return false
}

// retryFloor is how soon a failed fetch or lookup goes again at the
// earliest: reconnect.backoff.ms (50), the wait before a failed node is
// dialled again; the metadata update a retry waits for is not modelled.
const retryFloor = 50 * time.Millisecond

// retryWait is how long a failed fetch or lookup waits: retry.backoff.ms,
// at least retryFloor.
func (c *Consumer) retryWait() time.Duration { return max(c.cfg.RetryBackoff, retryFloor) }

// onFetched keeps a fetch's answer for the next fetchedRecords; after an
// error the partition is fetched again after retry.backoff.ms (at least
// retryFloor), with the metadata the next request reads.
func (c *Consumer) onFetched(r *Fetched) {
	f := c.f
	delete(f.fetching, r.TP)
	if r.Error != "NONE" {
		if f.retryAt == nil {
			f.retryAt = map[TopicPartition]time.Duration{}
		}
		f.retryAt[r.TP] = c.s.Now() + c.retryWait()
		return
	}
	f.hw[r.TP] = r.HW
	if r.To > r.From {
		f.completed = append(f.completed, *r)
	}
}

// fetchedRecords hands out up to max.poll.records of the completed
// fetches whose partition is still owned at the position they start at;
// others are dropped (the partition moved or was sought meanwhile).
func (c *Consumer) fetchedRecords() []Record {
	f := c.f
	var out []Record
	var rest []Fetched
	for _, r := range f.completed {
		pos, ok := f.positions[r.TP]
		if !ok || !c.owns(r.TP) || pos < r.From || pos >= r.To {
			continue
		}
		for ; pos < r.To && len(out) < f.opts.MaxPollRecords; pos++ {
			out = append(out, Record{r.TP, pos})
		}
		f.positions[r.TP] = pos
		if pos < r.To {
			r.From = pos
			rest = append(rest, r)
		}
	}
	f.completed = rest
	return out
}

// Lag is tp's lag as the consumer knows it: the high watermark of its
// last fetch minus its position (-1 without a position or a fetch).
func (c *Consumer) Lag(tp TopicPartition) int64 {
	if c.f == nil {
		return -1
	}
	pos, ok := c.f.positions[tp]
	hw, ok2 := c.f.hw[tp]
	if !ok || !ok2 {
		return -1
	}
	return max(hw-pos, 0)
}
