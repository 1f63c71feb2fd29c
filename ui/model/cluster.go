package model

import (
	"slices"
	"strconv"
	"strings"
	"unsafe"

	"brokerlab/core/sim"
)

// Cluster is the replicated cluster's part of a state: brokers and their
// ZooKeeper sessions, which broker is controller, each partition's leader,
// epoch and ISR as the controller decided them, and each replica's log
// (the leader epoch of every offset), high watermark, role and fetcher. It
// is folded from the cluster kinds (broker, session, state controller[N],
// leader, isr, role, log.append, log.truncate, hw, fetcher, client.done,
// record.lost, state coordinator[N]); requests and queues are Net's.
type Cluster struct {
	Brokers    []Broker  // in order of first appearance
	Partitions []CPart   // in order of first appearance
	Replicas   []Replica // in order of first appearance
	Controller string    // the active controller's broker id, "" if none
	Done       []string  // the clients' final results, oldest first: "a Produce NONE offsets 0–1"
	Lost       []string  // acknowledged records lost: "t-0@2 epoch 0 (request b)"
	Parked     int       // requests in the live brokers' purgatories
	Delayed    []Delayed // those requests, in order of parking
	// Loads are the group coordinators' partitions of the offsets topic:
	// each broker's GroupMetadataManager loading or owning one.
	Loads []Load
}

// Load is a partition of the offsets topic a broker's group coordinator
// loads or owns.
type Load struct {
	Broker, Part string
	State        string // loading, owned, none (unloaded)
}

// Internal says whether partition p is of an internal topic (the offsets
// topic, __consumer_offsets): the stage draws those for the groups, not
// as the clients' partitions.
func Internal(p string) bool { return strings.HasPrefix(p, "__") }

// Load returns broker b's state of offsets partition p: "" if it never
// loaded it.
func (c *Cluster) Load(b, p string) string {
	for _, l := range c.Loads {
		if l.Broker == b && l.Part == p {
			return l.State
		}
	}
	return ""
}

// AppendedBy is the internal partition a request of client appended to
// (its id is "CLIENT#N"): a group's metadata and commits go to its
// coordinator's partition of the offsets topic. "" if none did.
func (c *Cluster) AppendedBy(client string) string {
	for _, r := range c.Replicas {
		if !Internal(r.Part) {
			continue
		}
		for _, q := range r.req {
			if id, _, ok := strings.Cut(q, "#"); ok && id == client {
				return r.Part
			}
		}
	}
	return ""
}

// Delayed is one request parked in a broker's purgatory.
type Delayed struct {
	ID     int    // the request's id (Net's Req.ID)
	Item   string // "Produce:d", "Fetch:replica-2#4"
	Broker string // the broker id whose purgatory holds it
	Kind   string // the purgatory: Produce, Fetch
	Note   string // its timeout and what it waits for
}

// Broker is one broker process.
type Broker struct {
	ID      string
	State   string // starting, running, stalled, dead
	Session string // its ZooKeeper session: connected, disconnected, expired, closed
	Expires int64  // µs: when a disconnected session expires
}

// CPart is one partition as the controller sees it.
type CPart struct {
	Name   string
	Leader string // broker id, "-1" for none
	Epoch  string
	ISR    string // "1,2,3"
}

// Replica is one broker's copy of a partition.
type Replica struct {
	Part   string
	Broker string
	Log    []string // the leader epoch of each offset
	// Copy marks each offset whose records a produce request already had
	// appended at an earlier offset (a retry written twice); a follower
	// takes the marks of the leader it copies from.
	Copy    []bool
	req     []string // the produce request of each offset ("" where unknown)
	HW      int
	Role    string // leader, follower, none
	Fetcher string // Truncating, Fetching, removed, failed, "" before
}

// Replica returns broker b's replica of partition p.
func (c *Cluster) Replica(p, b string) (Replica, bool) {
	for _, r := range c.Replicas {
		if r.Part == p && r.Broker == b {
			return r, true
		}
	}
	return Replica{}, false
}

// Broker returns broker id's state.
func (c *Cluster) Broker(id string) (Broker, bool) {
	for _, b := range c.Brokers {
		if b.ID == id {
			return b, true
		}
	}
	return Broker{}, false
}

// Part returns partition name as the controller sees it.
func (c *Cluster) Part(name string) (CPart, bool) {
	for _, p := range c.Partitions {
		if p.Name == name {
			return p, true
		}
	}
	return CPart{}, false
}

func (c *Cluster) clone() *Cluster {
	if c == nil {
		return nil
	}
	d := *c
	d.Brokers = append([]Broker(nil), c.Brokers...)
	d.Partitions = append([]CPart(nil), c.Partitions...)
	d.Replicas = make([]Replica, len(c.Replicas))
	for i, r := range c.Replicas {
		r.Log = r.Log[:len(r.Log):len(r.Log)] // appends copy; truncation reslices
		r.Copy = r.Copy[:len(r.Copy):len(r.Copy)]
		r.req = r.req[:len(r.req):len(r.req)]
		d.Replicas[i] = r
	}
	d.Done = c.Done[:len(c.Done):len(c.Done)]
	d.Lost = c.Lost[:len(c.Lost):len(c.Lost)]
	d.Delayed = c.Delayed[:len(c.Delayed):len(c.Delayed)] // appends copy; removal builds anew
	d.Loads = append([]Load(nil), c.Loads...)
	return &d
}

// size counts the slices clone copies; the replicas' logs it shares.
func (c *Cluster) size() int {
	if c == nil {
		return 0
	}
	return int(unsafe.Sizeof(*c)) + len(c.Brokers)*int(unsafe.Sizeof(Broker{})) + len(c.Partitions)*int(unsafe.Sizeof(CPart{})) + len(c.Replicas)*int(unsafe.Sizeof(Replica{})) + len(c.Loads)*int(unsafe.Sizeof(Load{}))
}

// isCluster says whether e belongs to the cluster's fold.
func isCluster(e sim.Event) bool {
	switch e.Kind {
	case sim.Broker, sim.Session, sim.Leader, sim.ISR, sim.Role, sim.LogTruncate, sim.HW, sim.Fetcher, sim.ClientDone, sim.RecordLost, sim.DelayAdd, sim.DelayComplete, sim.DelayExpire:
		return true
	case sim.LogAppend:
		return e.ID != 0 // a broker's log; the listener's logs have no broker
	case sim.State:
		return strings.HasPrefix(e.Subj, "controller[") || strings.HasPrefix(e.Subj, "coordinator[")
	}
	return false
}

func (c *Cluster) broker(id string) *Broker {
	for i := range c.Brokers {
		if c.Brokers[i].ID == id {
			return &c.Brokers[i]
		}
	}
	c.Brokers = append(c.Brokers, Broker{ID: id})
	return &c.Brokers[len(c.Brokers)-1]
}

func (c *Cluster) part(name string) *CPart {
	for i := range c.Partitions {
		if c.Partitions[i].Name == name {
			return &c.Partitions[i]
		}
	}
	c.Partitions = append(c.Partitions, CPart{Name: name, Leader: "-1", Epoch: "0"})
	return &c.Partitions[len(c.Partitions)-1]
}

func (c *Cluster) load(b, p string) *Load {
	for i := range c.Loads {
		if c.Loads[i].Broker == b && c.Loads[i].Part == p {
			return &c.Loads[i]
		}
	}
	c.Loads = append(c.Loads, Load{Broker: b, Part: p})
	return &c.Loads[len(c.Loads)-1]
}

func (c *Cluster) replica(p string, b int) *Replica {
	id := strconv.Itoa(b)
	for i := range c.Replicas {
		if c.Replicas[i].Part == p && c.Replicas[i].Broker == id {
			return &c.Replicas[i]
		}
	}
	c.part(p)
	c.Replicas = append(c.Replicas, Replica{Part: p, Broker: id, Role: "none"})
	return &c.Replicas[len(c.Replicas)-1]
}

func (c *Cluster) apply(e sim.Event) {
	switch e.Kind {
	case sim.Broker:
		id := strings.TrimPrefix(e.Subj, "broker-")
		c.broker(id).State = e.To
		if e.To == "dead" {
			// kill -9: its purgatories are gone with the process.
			var kept []Delayed
			for _, d := range c.Delayed {
				if d.Broker != id {
					kept = append(kept, d)
				}
			}
			c.Parked -= len(c.Delayed) - len(kept)
			c.Delayed = kept
		}
	case sim.Session:
		b := c.broker(strings.TrimPrefix(e.Subj, "broker-"))
		b.Session = e.To
		b.Expires, _ = strconv.ParseInt(e.Item, 10, 64)
	case sim.State:
		head, id, _ := Bracket(e.Subj)
		if head == "coordinator" {
			c.load(id, e.Item).State = e.To
			return
		}
		if e.To == "active" {
			c.Controller = id
		} else if c.Controller == id {
			c.Controller = ""
		}
	case sim.Leader:
		p := c.part(e.Subj)
		p.Leader, p.Epoch = e.To, strconv.Itoa(e.ID)
	case sim.ISR:
		c.part(e.Subj).ISR = e.To
	case sim.Role:
		c.replica(e.Subj, e.ID).Role = e.To
	case sim.Fetcher:
		c.replica(e.Subj, e.ID).Fetcher = e.To
	case sim.LogAppend:
		r := c.replica(e.Subj, e.ID)
		from, err1 := strconv.Atoi(e.From)
		to, err2 := strconv.Atoi(e.To)
		if err1 != nil || err2 != nil || from != len(r.Log) || to < from || to > 1<<20 {
			return
		}
		// A leader's append names its request (Item R); a follower's
		// says "from leader N" and copies the leader's marks.
		var leader *Replica
		if id, ok := strings.CutPrefix(e.Item, "from leader "); ok {
			if n, err := strconv.Atoi(id); err == nil && n != e.ID {
				leader = c.replica(e.Subj, n)
				r = c.replica(e.Subj, e.ID) // c.replica may have grown the slice
			}
		}
		copied := leader == nil && e.Item != "" && slices.Contains(r.req, e.Item)
		for len(r.Log) < to {
			off := len(r.Log)
			req, cp := e.Item, copied
			if leader != nil {
				req, cp = "", false
				if off < len(leader.req) {
					req, cp = leader.req[off], leader.Copy[off]
				}
			}
			r.Log = append(r.Log, e.Note)
			r.req = append(r.req, req)
			r.Copy = append(r.Copy, cp)
		}
	case sim.LogTruncate:
		r := c.replica(e.Subj, e.ID)
		if to, err := strconv.Atoi(e.To); err == nil && to >= 0 && to < len(r.Log) {
			r.Log = r.Log[:to:to]
			r.Copy = r.Copy[:to:to]
			r.req = r.req[:to:to]
		}
	case sim.HW:
		if to, err := strconv.Atoi(e.To); err == nil {
			c.replica(e.Subj, e.ID).HW = to
		}
	case sim.ClientDone:
		c.Done = append(c.Done, e.Subj+" "+e.Item+" "+e.To+" "+e.Note)
	case sim.RecordLost:
		c.Lost = append(c.Lost, e.Subj+"@"+strconv.Itoa(e.ID)+" epoch "+e.From+" ("+e.Item+")")
	case sim.DelayAdd:
		c.Parked++
		b, k, _ := strings.Cut(e.Subj, "/")
		c.Delayed = append(c.Delayed, Delayed{ID: e.ID, Item: e.Item, Broker: strings.TrimPrefix(b, "broker-"), Kind: k, Note: e.Note})
	case sim.DelayComplete, sim.DelayExpire:
		if c.Parked > 0 {
			c.Parked--
		}
		for i, d := range c.Delayed {
			if d.ID == e.ID {
				c.Delayed = append(c.Delayed[:i:i], c.Delayed[i+1:]...)
				break
			}
		}
	}
}
