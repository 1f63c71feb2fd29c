package group

import (
	"errors"
	"strconv"
	"strings"
	"time"

	"brokerlab/core/msg"
	"brokerlab/core/sim"
)

// This file is the consumer as an application embeds it (a Spring
// listener container's ListenerConsumer): poll returns the records of the
// assigned partitions, offsets are committed to the coordinator, positions
// start from the committed offsets, and a rebalance listener is called
// back on the thread that polls. The group system's own consumers
// (Join) neither fetch nor commit.

// Record is one record of a partition's log; the model keeps no keys or values.
type Record struct {
	TopicPartition
	Offset int64
}

func (r Record) String() string {
	return r.TopicPartition.String() + "@" + strconv.FormatInt(r.Offset, 10)
}

// exception is what KafkaConsumer throws at its caller, by the
// exception's simple class name.
type exception string

func (e exception) Error() string { return "group: " + string(e) }

// What KafkaConsumer throws at its caller.
var (
	ErrWakeup              error = exception("WakeupException")
	ErrCommitFailed        error = exception("CommitFailedException")
	ErrRebalanceInProgress error = exception("RebalanceInProgressException")
	ErrRetriableCommit     error = exception("RetriableCommitFailedException")
	ErrFencedInstanceID    error = exception("FencedInstanceIdException") // static membership (static.go)
	ErrCommitTimeout       error = exception("TimeoutException")          // commitSync ran out of default.api.timeout.ms
)

// Errors of a consumer closed under its caller, and of a client's call
// that does not fit (a name twice, records not at a log's end).
var (
	ErrClosed = errors.New("group: the consumer was closed")
	ErrClient = errors.New("group: bad client")
)

// ExceptionName is the simple class name of what the consumer threw.
func ExceptionName(err error) string {
	var e exception
	switch {
	case err == nil:
		return "NONE"
	case errors.As(err, &e):
		return string(e)
	}
	return err.Error()
}

// RebalanceListener is ConsumerRebalanceListener: called on the polling
// thread, before partitions are given up and after new ones are assigned.
type RebalanceListener interface {
	OnPartitionsRevoked(tps []TopicPartition)
	OnPartitionsAssigned(tps []TopicPartition)
	OnPartitionsLost(tps []TopicPartition)
}

// ClientOptions are the settings of a consumer that fetches and commits.
type ClientOptions struct {
	AutoOffsetReset    string        // auto.offset.reset: latest (the default) or earliest
	MaxPollRecords     int           // max.poll.records (500)
	EnableAutoCommit   bool          // enable.auto.commit
	AutoCommitInterval time.Duration // auto.commit.interval.ms (5000)
	Listener           RebalanceListener
}

// DefaultClientOptions are KafkaConsumer's defaults (Kafka 2.5 ConsumerConfig.java).
func DefaultClientOptions() ClientOptions {
	return ClientOptions{AutoOffsetReset: "latest", MaxPollRecords: 500, EnableAutoCommit: true, AutoCommitInterval: 5 * time.Second}
}

// Validate checks the options as KafkaConsumer's constructor does.
func (o ClientOptions) Validate() error {
	switch {
	case o.AutoOffsetReset != "latest" && o.AutoOffsetReset != "earliest":
		return msg.Of(ErrConfig, "gr.offset.reset", o.AutoOffsetReset)
	case o.MaxPollRecords < 1:
		return msg.Of(ErrConfig, "gr.poll.records")
	case o.AutoCommitInterval <= 0:
		return msg.Of(ErrConfig, "gr.commit.interval")
	}
	return nil
}

// fetcher is what a fetching consumer adds to the group protocol:
// SubscriptionState's positions, the Fetcher, the commits in flight.
type fetcher struct {
	opts        ClientOptions
	positions   map[TopicPartition]int64 // lookups only: iteration goes over owned
	next        int                      // where the next fetch starts in owned
	offsetFetch *request                 // the OffsetFetch in flight for missing positions
	deferred    []*message               // answers taken while waiting for another
	async       map[int]asyncCommit      // commitAsync in flight, by request; lookups only
	wakeup      bool

	nextAutoCommit time.Duration
	autoCommitted  []Offset // the positions the last auto-commit sent

	// A cluster consumer's fetches (fetch.go)
	fetching  map[TopicPartition]bool          // a Fetch in flight; lookups only
	completed []Fetched                        // answers not yet handed out, in arrival order
	hw        map[TopicPartition]int64         // the high watermark of the last answer; lookups only
	retryAt   map[TopicPartition]time.Duration // after an error, no fetch before; lookups only
}

type asyncCommit struct {
	subj string
	cb   func(error)
}

// NewClient creates a consumer that fetches and commits; its application
// starts the thread that calls Poll (and the consumer's heartbeat thread
// starts at its first poll).
func (y *System) NewClient(name, group string, topics []string, cfg ConsumerConfig, opts ClientOptions) (*Consumer, error) {
	if y.running(name) != nil {
		return nil, msg.Of(ErrClient, "gr.running", name)
	}
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	if err := opts.Validate(); err != nil {
		return nil, err
	}
	c := newConsumer(y, name, group, topics, cfg)
	c.f = y.newFetcher(opts)
	y.consumers[name] = c
	y.clients = append(y.clients, c)
	return c, nil
}

// Append is the scenario's producer writing records from..to (inclusive)
// to tp's log; the first must be the log's end offset. Every consumer
// waiting in poll on tp hears of it one network latency later, as its
// fetch is answered.
func (y *System) Append(tp TopicPartition, from, to int64) error {
	if n := y.partitionsAt(tp.Topic, y.s.Now()); tp.Partition >= n {
		return msg.Of(ErrClient, "gr.partition", tp)
	}
	if end := y.logs[tp]; from != end || to < from {
		return msg.Of(ErrClient, "gr.log.end", tp, end)
	}
	y.logs[tp] = to + 1
	emit(y.s, func() sim.Event {
		return sim.Event{Kind: sim.LogAppend, Subj: tp.String(), From: strconv.FormatInt(from, 10), To: strconv.FormatInt(to+1, 10),
			Src: srcAppend}.Notef("%d records", to-from+1)
	})
	for _, c := range y.clients {
		if !c.closed && c.inPoll && !c.wakePending && c.owns(tp) {
			c.wakePending = true
			y.server.Carry(func() {
				if !c.closed {
					c.responses.Put(&message{id: y.s.NextToken(), wake: "fetch", label: "Fetch " + tp.String()}, srcFetchRecords)
				}
			})
		}
	}
	return nil
}

// LogEnd is tp's log end offset: the offset the next record will get.
func (y *System) LogEnd(tp TopicPartition) int64 { return y.logEnd(tp) }

// logEnd is where auto.offset.reset latest puts a position: the log end
// offset, in a cluster the leader's high watermark (ListOffsets LATEST).
func (y *System) logEnd(tp TopicPartition) int64 {
	if y.net != nil {
		return max(y.net.HighWatermark(tp), 0)
	}
	return y.logs[tp]
}

// Partitions is topic's partition count now (0: no such topic).
func (y *System) Partitions(topic string) int { return y.partitionsAt(topic, y.s.Now()) }

// Consumer returns the latest consumer named name, or nil.
func (y *System) Consumer(name string) *Consumer { return y.consumers[name] }

func (c *Consumer) owns(tp TopicPartition) bool {
	for _, x := range c.owned {
		if x == tp {
			return true
		}
	}
	return false
}

// Assignment is what the consumer owns now.
func (c *Consumer) Assignment() []TopicPartition { return append([]TopicPartition(nil), c.owned...) }

// Generation is the consumer's generation, -1 when it has none.
func (c *Consumer) Generation() int { return c.generation }

// Closed reports whether the consumer was closed or died.
func (c *Consumer) Closed() bool { return c.closed }

// Poll is KafkaConsumer.poll(timeout) on the calling thread: the
// coordinator's poll (joining, rebalance callbacks, the auto-commit), the
// positions of new partitions, and the fetch. It returns the records
// fetched, after waiting up to timeout for some (timeout < 0: until
// something arrives), or ErrWakeup when Wakeup was called.
func (c *Consumer) Poll(timeout time.Duration) ([]Record, error) {
	f := c.f
	start := c.s.Now()
	for {
		if f.wakeup {
			f.wakeup = false
			c.emitPoll(nil, "WakeupException")
			return nil, ErrWakeup
		}
		for len(f.deferred) > 0 {
			m := f.deferred[0]
			f.deferred = f.deferred[1:]
			c.handle(m)
		}
		c.poll()
		if c.closed {
			// a fatal JoinGroup error (GROUP_MAX_SIZE_REACHED…) closed it
			c.emitPoll(nil, "KafkaException")
			return nil, ErrClosed
		}
		c.maybeAutoCommitAsync()
		c.updateFetchPositions()
		if recs := c.fetchRecords(); len(recs) > 0 {
			c.emitPoll(recs, "")
			return recs, nil
		}
		wait := time.Duration(-1)
		if timeout >= 0 {
			if wait = start + timeout - c.s.Now(); wait <= 0 {
				c.emitPoll(nil, "")
				return nil, nil
			}
		}
		wait = minWait(minWait(minWait(wait, c.timeToNextPoll()), c.untilAutoCommit()), c.untilFetchRetry())
		c.inPoll = true
		m := c.networkPoll(wait, srcPoll)
		c.inPoll = false
		c.lastPoll = c.s.Now()
		c.freeze() // consumer C stall D: the poll thread pauses too
		if m != nil {
			c.handle(m)
		}
		if c.closed {
			c.emitPoll(nil, "KafkaException")
			return nil, ErrClosed
		}
	}
}

// minWait is the shorter of two waits, where < 0 is forever.
func minWait(a, b time.Duration) time.Duration {
	if a < 0 || (b >= 0 && b < a) {
		return b
	}
	return a
}

// emitPoll tells what poll returns: its records, per partition, or the exception.
func (c *Consumer) emitPoll(recs []Record, exception string) {
	c.polled += len(recs)
	emit(c.s, func() sim.Event {
		item := strconv.Itoa(len(recs)) + " records"
		if exception != "" {
			item = exception
		}
		return sim.Event{Kind: sim.Poll, Subj: "consumer[" + c.Name + "]", Item: item, Note: FormatRecords(recs), Src: srcPoll}
	})
}

// FormatRecords writes records as runs per partition: "t0-0@0..4, t0-1@7".
func FormatRecords(recs []Record) string {
	var b strings.Builder
	for i := 0; i < len(recs); {
		j := i + 1
		for j < len(recs) && recs[j].TopicPartition == recs[i].TopicPartition && recs[j].Offset == recs[j-1].Offset+1 {
			j++
		}
		if b.Len() > 0 {
			b.WriteString(", ")
		}
		b.WriteString(recs[i].String())
		if j-i > 1 {
			b.WriteString(".." + strconv.FormatInt(recs[j-1].Offset, 10))
		}
		i = j
	}
	return b.String()
}

// fetchRecords is Fetcher.fetchedRecords over an instant fetch: up to
// max.poll.records from the owned partitions with a position, starting
// where the last poll stopped so no partition starves; each position
// moves past what is returned.
func (c *Consumer) fetchRecords() []Record {
	if c.sys.net != nil {
		recs := c.fetchedRecords()
		c.sendFetches()
		return recs
	}
	f := c.f
	n := len(c.owned)
	var out []Record
	for i := 0; i < n && len(out) < f.opts.MaxPollRecords; i++ {
		k := (f.next + i) % n
		tp := c.owned[k]
		pos, ok := f.positions[tp]
		if !ok {
			continue
		}
		end := c.sys.logs[tp]
		for pos < end && len(out) < f.opts.MaxPollRecords {
			out = append(out, Record{tp, pos})
			pos++
		}
		f.positions[tp] = pos
		if len(out) == f.opts.MaxPollRecords {
			f.next = k
			if pos == end {
				f.next = (k + 1) % n
			}
		}
	}
	return out
}

func (c *Consumer) missingPositions() []TopicPartition {
	var out []TopicPartition
	for _, tp := range c.owned {
		if _, ok := c.f.positions[tp]; !ok {
			out = append(out, tp)
		}
	}
	return out
}

// updateFetchPositions is KafkaConsumer.updateFetchPositions without
// blocking: partitions with no position ask the coordinator for their
// committed offsets (OffsetFetch); the answer sets them (initPositions).
func (c *Consumer) updateFetchPositions() {
	if c.f.offsetFetch != nil {
		return
	}
	missing := c.missingPositions()
	if len(missing) == 0 {
		return
	}
	r := c.newRequest(apiOffsetFetch, c.responses)
	r.partitions = missing
	c.f.offsetFetch = r
	c.sendRequest(r, msg.Literal(FormatPartitions(missing)), srcRefreshCommitted)
}

// initPositions sets the positions of owned partitions that have none:
// the committed offset, or else where auto.offset.reset says (the
// ListOffsets request to the leader is not modeled).
func (c *Consumer) initPositions(r *response) {
	if r.err != None {
		return
	}
	for _, o := range r.offsets {
		tp := o.TopicPartition
		if _, ok := c.f.positions[tp]; ok || !c.owns(tp) {
			continue
		}
		switch {
		case o.Offset >= 0:
			c.setPosition(tp, o.Offset, msg.Notef("the committed offset"), srcRefreshCommitted)
		case c.f.opts.AutoOffsetReset == "earliest":
			c.setPosition(tp, 0, msg.Notef("no committed offset: auto.offset.reset=%s", "earliest"), srcResetOffsets)
		default:
			c.setPosition(tp, c.sys.logEnd(tp), msg.Notef("no committed offset: auto.offset.reset=%s", "latest"), srcResetOffsets)
		}
	}
}

func (c *Consumer) setPosition(tp TopicPartition, offset int64, why *msg.Note, src string) {
	c.f.positions[tp] = offset
	emit(c.s, func() sim.Event {
		return sim.Noted(sim.Event{Kind: sim.Seek, Subj: tp.String(), To: strconv.FormatInt(offset, 10), Src: src}, why)
	})
}

// Seek is KafkaConsumer.seek: the next poll fetches tp from offset.
// Seeking a partition the consumer does not own does nothing (upstream
// throws IllegalStateException).
func (c *Consumer) Seek(tp TopicPartition, offset int64, why *msg.Note) {
	if c.owns(tp) {
		c.setPosition(tp, offset, why, srcSeek)
	}
}

// await waits for the answer to req, as ConsumerNetworkClient.poll(future)
// does. Other answers are kept for the next poll (their callbacks run
// there); wakeups only wake.
func (c *Consumer) await(req *request, src string) *message {
	for {
		m := c.networkPoll(-1, src)
		switch {
		case m.resp != nil && m.resp.req == req:
			return m
		case m.resp != nil && m.resp.req.api == apiFindCoordinator:
			c.handle(m) // the request awaited may wait for it
		case m.resp != nil:
			c.f.deferred = append(c.f.deferred, m)
		default:
			c.handle(m)
		}
	}
}

// Committed is KafkaConsumer.committed: an OffsetFetch, waited for.
func (c *Consumer) Committed(tps []TopicPartition) ([]Offset, error) {
	r := c.newRequest(apiOffsetFetch, c.responses)
	r.partitions = tps
	c.sendRequest(r, msg.Literal(FormatPartitions(tps)), srcCommitted)
	m := c.await(r, srcCommitted)
	c.received(m)
	return m.resp.offsets, nil
}

// Position is KafkaConsumer.position: a partition without a position
// fetches its committed offset first (waiting for it), or resets.
func (c *Consumer) Position(tp TopicPartition) (int64, error) {
	if p, ok := c.f.positions[tp]; ok {
		return p, nil
	}
	missing := c.missingPositions()
	r := c.newRequest(apiOffsetFetch, c.responses)
	r.partitions = missing
	c.sendRequest(r, msg.Literal(FormatPartitions(missing)), srcPosition)
	m := c.await(r, srcPosition)
	c.received(m)
	c.initPositions(m.resp)
	return c.f.positions[tp], nil
}

// offsetCommit starts a commit: sendOffsetCommitRequest fails at once
// when the member is not in a Stable generation (generationIfStable).
func (c *Consumer) offsetCommit(offsets []Offset, subj, mode, src string) (*request, error) {
	var r *request
	id := 0
	if c.state == MemberStable {
		r = c.newRequest(apiOffsetCommit, c.responses)
		r.offsets = offsets
		id = r.id
	}
	emit(c.s, func() sim.Event {
		return sim.Event{Kind: sim.Commit, Subj: subj, ID: id, Item: mode, Note: FormatOffsets(offsets), Src: src}
	})
	if r == nil {
		err := ErrCommitFailed
		if c.state == Rebalancing {
			err = ErrRebalanceInProgress
		}
		c.commitDone(id, subj, offsets, err, srcSendOffsetCommit)
		return nil, err
	}
	c.sendRequest(r, msg.Notef("generation %d: %s", c.generation, FormatOffsets(offsets)), srcSendOffsetCommit)
	return r, nil
}

func (c *Consumer) commitDone(id int, subj string, offsets []Offset, err error, src string) {
	emit(c.s, func() sim.Event {
		return sim.Event{Kind: sim.CommitDone, Subj: subj, ID: id, Item: ExceptionName(err), Note: FormatOffsets(offsets), Src: src}
	})
}

// onOffsetCommitResponse is OffsetCommitResponseHandler.handle.
func (c *Consumer) onOffsetCommitResponse(r *response, subj, src string) error {
	var err error
	switch r.err {
	case None:
	case RebalanceInProgress:
		err = ErrRebalanceInProgress
	case UnknownMemberID, IllegalGeneration:
		c.resetGenerationOnResponseError()
		err = ErrCommitFailed
	case FencedInstanceID:
		err = ErrFencedInstanceID // fatal: "group.instance.id gets fenced"
	default:
		// COORDINATOR_NOT_AVAILABLE and the like: upstream retries until
		// the API timeout; here the commit fails as it would then.
		err = ErrRetriableCommit
	}
	c.commitDone(r.req.id, subj, r.req.offsets, err, src)
	return err
}

// CommitSync is KafkaConsumer.commitSync(offsets): subj names what is
// committed in the trace (the caller's offsets map, a record…).
// In a cluster a retriable failure is sent again after retry.backoff.ms,
// to the coordinator found again if it moved, until default.api.timeout.ms
// (60 s) has passed (Kafka 2.5 ConsumerCoordinator.java L965-997).
func (c *Consumer) CommitSync(offsets []Offset, subj string) error {
	if len(offsets) == 0 {
		return nil
	}
	deadline := c.s.Now() + defaultAPITimeout
	for {
		r, err := c.offsetCommit(offsets, subj, "sync", srcCommitSync)
		if err != nil {
			return err
		}
		m := c.await(r, srcCommitSync)
		c.received(m)
		if c.sys.net == nil || !retriableCommit(m.resp.err) {
			return c.onOffsetCommitResponse(m.resp, subj, srcOffsetCommitResponse)
		}
		if c.s.Now()+c.cfg.RetryBackoff >= deadline {
			c.commitDone(r.id, subj, offsets, ErrCommitTimeout, srcCommitSync)
			return ErrCommitTimeout
		}
		c.s.Sleep(c.cfg.RetryBackoff, "retry.backoff.ms")
	}
}

// CommitAsync is KafkaConsumer.commitAsync(offsets, callback): cb runs
// in a later poll, when the answer has arrived.
func (c *Consumer) CommitAsync(offsets []Offset, subj string, cb func(error)) {
	if len(offsets) == 0 {
		return
	}
	r, err := c.offsetCommit(offsets, subj, "async", srcCommitAsync)
	if err != nil {
		if cb != nil {
			cb(err)
		}
		return
	}
	c.f.async[r.id] = asyncCommit{subj, cb}
}

func (c *Consumer) onAsyncCommitResponse(r *response) {
	ac, ok := c.f.async[r.req.id]
	if !ok {
		return
	}
	delete(c.f.async, r.req.id)
	err := c.onOffsetCommitResponse(r, ac.subj, srcCommitCallbacks)
	if ac.cb != nil {
		ac.cb(err)
	}
}

// allConsumed is SubscriptionState.allConsumed: every position.
func (c *Consumer) allConsumed() []Offset {
	var out []Offset
	for _, tp := range c.owned {
		if p, ok := c.f.positions[tp]; ok {
			out = append(out, Offset{tp, p})
		}
	}
	sortOffsets(out)
	return out
}

func sameOffsets(a, b []Offset) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// maybeAutoCommitAsync is ConsumerCoordinator.maybeAutoCommitOffsetsAsync:
// every auto.commit.interval.ms, poll commits the positions. A commit of
// the positions the last one sent is left out: it would change nothing.
func (c *Consumer) maybeAutoCommitAsync() {
	f := c.f
	if !f.opts.EnableAutoCommit || c.s.Now() < f.nextAutoCommit {
		return
	}
	f.nextAutoCommit = c.s.Now() + f.opts.AutoCommitInterval
	offs := c.allConsumed()
	if len(offs) == 0 || sameOffsets(offs, f.autoCommitted) {
		return
	}
	f.autoCommitted = offs
	c.CommitAsync(offs, "auto-commit", nil)
}

// untilAutoCommit is how long poll may wait before the next auto-commit
// has something to send (-1: nothing to send).
func (c *Consumer) untilAutoCommit() time.Duration {
	f := c.f
	if !f.opts.EnableAutoCommit {
		return -1
	}
	if offs := c.allConsumed(); len(offs) == 0 || sameOffsets(offs, f.autoCommitted) {
		return -1
	}
	return max(f.nextAutoCommit-c.s.Now(), 0)
}

// maybeAutoCommitSync is ConsumerCoordinator.maybeAutoCommitOffsetsSync,
// before a rebalance gives the partitions up.
func (c *Consumer) maybeAutoCommitSync() {
	if !c.f.opts.EnableAutoCommit {
		return
	}
	offs := c.allConsumed()
	if len(offs) == 0 || sameOffsets(offs, c.f.autoCommitted) {
		return
	}
	c.f.autoCommitted = offs
	_ = c.CommitSync(offs, "auto-commit") // a failure is logged: commit.done says it
}

// Wakeup is KafkaConsumer.wakeup, from any thread: the poll in progress,
// or the next one, throws WakeupException.
func (c *Consumer) Wakeup() {
	c.f.wakeup = true
	if c.inPoll && !c.wakePending {
		c.wakePending = true
		c.responses.Put(&message{id: c.s.NextToken(), wake: "wakeup"}, srcWakeup)
	}
}

// Crash is the consumer's process dying: its own threads (the heartbeat
// thread; a Join consumer's poll loop) end where they stand (sim.Kill) and
// its socket is gone, so nothing more is sent or received; the
// coordinator learns of it only when the member's session expires. The
// application's threads are the application's to end.
func (c *Consumer) Crash(note string) {
	c.closing, c.closed, c.hbClosed = true, true, true
	c.closeConn() // the operating system closes a dead process's sockets
	c.s.Kill(note, func(name string) bool { return name == c.hbName || ((c.f == nil || c.ownLoop) && name == c.Name) })
}

// Close is what a listener container does when it stops: unsubscribe
// (the revoke callback, LeaveGroup) then close, waiting for the answer.
func (c *Consumer) Close() {
	c.close(msg.Notef("the consumer unsubscribed from all topics"), srcUnsubscribe)
}

// revokeCallback calls the rebalance listener before the partitions tps
// go, and counts a revocation of a non-empty set.
func (c *Consumer) revokeCallback(cb string, tps []TopicPartition) {
	if cb == "onPartitionsRevoked" && len(tps) > 0 {
		c.revocations++
	}
	if c.f == nil || c.f.opts.Listener == nil || len(tps) == 0 {
		return
	}
	if cb == "onPartitionsLost" {
		c.f.opts.Listener.OnPartitionsLost(tps)
	} else {
		c.f.opts.Listener.OnPartitionsRevoked(tps)
	}
}

// dropPositions forgets the positions of partitions no longer owned.
func (c *Consumer) dropPositions() {
	if c.f == nil {
		return
	}
	c.f.offsetFetch = nil
	kept := map[TopicPartition]int64{}
	for _, tp := range c.owned {
		if p, ok := c.f.positions[tp]; ok {
			kept[tp] = p
		}
	}
	c.f.positions = kept
}

// FetchPosition is the consumer's position for tp, if it has one.
func (c *Consumer) FetchPosition(tp TopicPartition) (int64, bool) {
	if c.f == nil {
		return 0, false
	}
	p, ok := c.f.positions[tp]
	return p, ok
}
