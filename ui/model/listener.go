package model

import (
	"strconv"
	"strings"
	"unsafe"

	"brokerlab/core/sim"
)

// Containers is the Spring listener containers' part of a state: each
// ListenerConsumer's loop phase, the record in its listener, its offsets
// map and last commit; each partition's records with how often each was
// delivered and what became of it, and the group's committed offset. It
// is folded from the listener kinds (state of listener[C], record.*,
// offset.pending, commit, commit.done, offset.commit, seek, log.append);
// the acks queues are Net's queues.
type Containers struct {
	Bean       string // the container's state: running, stopped, crashed
	Consumers  []LC   // in order of first appearance
	Partitions []Part // in order of first appearance
}

// LC is one ListenerConsumer.
type LC struct {
	Client  string // the consumer's client id (listener[C])
	Thread  string // its thread
	Phase   string // processCommits, poll, invokeListener, wrapUp, stopped, crashed
	Record  string // the record in the listener, P@offset, "" if none
	Deliver int    // that delivery's token
	Failed  string // the exception of the last failed delivery, while it is handled
	Offsets []Pending
	Commit  string // the last commit: "sync t0-0=5", then its answer
}

// Pending is one entry of a ListenerConsumer's offsets map.
type Pending struct {
	Part   string
	Offset string // the highest acked offset; the commit sends it + 1
}

// Part is one partition's records as the application saw them.
type Part struct {
	Name      string
	Recs      []Rec // by offset from 0
	Committed int   // the group's committed offset, -1 before any
}

// Rec is one record.
type Rec struct {
	Deliveries int
	Dups       int  // deliveries after it was completed
	Done       bool // the listener completed it at least once
	Failing    bool // its last delivery threw
	Recovered  bool // the error handler's recoverer skipped it
	// Tries is each delivery's outcome, a byte each, oldest first, at most
	// MaxTries of them: 'p' in the listener, 'd' completed, 'f' threw.
	Tries string
}

// MaxTries bounds Rec.Tries; Deliveries counts on.
const MaxTries = 64

// try sets the outcome of r's last delivery.
func (r *Rec) try(o byte) {
	if n := len(r.Tries); n > 0 && r.Tries[n-1] == 'p' {
		r.Tries = r.Tries[:n-1] + string(o)
	}
}

// Tally counts the records' fates over all partitions. A duplicate is a
// delivery of a record the listener had already completed; a record is
// lost when the group's committed offset passed it but it was never
// completed nor recovered, and no listener holds it.
func (c *Containers) Tally() (processed, duplicates, recovered, lost int) {
	for _, p := range c.Partitions {
		for off, r := range p.Recs {
			duplicates += r.Dups
			if r.Done {
				processed++
			}
			if r.Recovered {
				recovered++
			}
			if c.Lost(p.Name, off) {
				lost++
			}
		}
	}
	return processed, duplicates, recovered, lost
}

// Lost says whether record part@off is lost: the group's committed offset
// passed it, it was never completed nor recovered, and no listener holds it.
func (c *Containers) Lost(part string, off int) bool {
	for _, p := range c.Partitions {
		if p.Name == part && off < len(p.Recs) {
			r := p.Recs[off]
			return off < p.Committed && !r.Done && !r.Recovered && !c.inHand(part, off)
		}
	}
	return false
}

func (c *Containers) inHand(part string, off int) bool {
	want := part + "@" + strconv.Itoa(off)
	for _, lc := range c.Consumers {
		if lc.Record == want {
			return true
		}
	}
	return false
}

func (c *Containers) clone() *Containers {
	if c == nil {
		return nil
	}
	d := &Containers{Bean: c.Bean, Consumers: make([]LC, len(c.Consumers)), Partitions: make([]Part, len(c.Partitions))}
	for i, lc := range c.Consumers {
		lc.Offsets = append([]Pending(nil), lc.Offsets...)
		d.Consumers[i] = lc
	}
	for i, p := range c.Partitions {
		p.Recs = append([]Rec(nil), p.Recs...)
		d.Partitions[i] = p
	}
	return d
}

func (c *Containers) size() int {
	if c == nil {
		return 0
	}
	b := int(unsafe.Sizeof(*c))
	for _, lc := range c.Consumers {
		b += int(unsafe.Sizeof(lc)) + len(lc.Offsets)*int(unsafe.Sizeof(Pending{}))
	}
	for _, p := range c.Partitions {
		b += int(unsafe.Sizeof(p)) + len(p.Recs)*int(unsafe.Sizeof(Rec{}))
	}
	return b
}

// records is the part of size that the partitions' records take.
func (c *Containers) records() int {
	if c == nil {
		return 0
	}
	n := 0
	for _, p := range c.Partitions {
		n += len(p.Recs)
	}
	return n * int(unsafe.Sizeof(Rec{}))
}

// isListener says whether e belongs to the containers' fold.
func isListener(e sim.Event) bool {
	switch e.Kind {
	case sim.RecordDeliver, sim.RecordDone, sim.RecordFail, sim.RecordHandle, sim.RecordRecover, sim.OffsetPending, sim.Commit, sim.CommitDone, sim.OffsetCommit, sim.Seek:
		return true
	case sim.LogAppend:
		return e.ID == 0 // the listener's logs; a cluster's brokers number theirs
	case sim.State:
		return strings.HasPrefix(e.Subj, "listener[") || strings.HasPrefix(e.Subj, "org.springframework.kafka")
	}
	return false
}

func (c *Containers) consumer(client string) *LC {
	for i := range c.Consumers {
		if c.Consumers[i].Client == client {
			return &c.Consumers[i]
		}
	}
	c.Consumers = append(c.Consumers, LC{Client: client})
	return &c.Consumers[len(c.Consumers)-1]
}

// byThread is the ListenerConsumer running on thread, if known.
func (c *Containers) byThread(thread string) *LC {
	for i := range c.Consumers {
		if c.Consumers[i].Thread == thread {
			return &c.Consumers[i]
		}
	}
	return nil
}

func (c *Containers) part(name string) *Part {
	for i := range c.Partitions {
		if c.Partitions[i].Name == name {
			return &c.Partitions[i]
		}
	}
	c.Partitions = append(c.Partitions, Part{Name: name, Committed: -1})
	return &c.Partitions[len(c.Partitions)-1]
}

// rec returns record P@offset, growing the partition's log to hold it.
func (c *Containers) rec(key string) *Rec {
	part, o, ok := strings.Cut(key, "@")
	off, err := strconv.Atoi(o)
	if !ok || err != nil || off < 0 || off > 1<<20 {
		return &Rec{}
	}
	p := c.part(part)
	if off >= len(p.Recs) {
		p.Recs = append(p.Recs, make([]Rec, off+1-len(p.Recs))...)
	}
	return &p.Recs[off]
}

func (c *Containers) apply(e sim.Event) {
	switch e.Kind {
	case sim.State:
		if strings.HasPrefix(e.Subj, "listener[") {
			_, client, _ := Bracket(e.Subj)
			lc := c.consumer(client)
			lc.Phase, lc.Thread = e.To, e.Actor
		} else if !strings.Contains(e.Subj, "[") {
			c.Bean = e.To
		}
	case sim.LogAppend:
		p := c.part(e.Subj)
		if end, err := strconv.Atoi(e.To); err == nil && end <= 1<<20 && end > len(p.Recs) {
			p.Recs = append(p.Recs, make([]Rec, end-len(p.Recs))...)
		}
	case sim.RecordDeliver:
		r := c.rec(e.Subj)
		r.Deliveries++
		r.Failing = false
		if len(r.Tries) < MaxTries {
			r.Tries += "p"
		}
		if r.Done {
			r.Dups++
		}
		if lc := c.byThread(e.Actor); lc != nil {
			lc.Record, lc.Deliver, lc.Failed = e.Subj, e.ID, ""
		}
	case sim.RecordDone:
		c.rec(e.Subj).Done = true
		c.rec(e.Subj).try('d')
		if lc := c.byThread(e.Actor); lc != nil && lc.Record == e.Subj {
			lc.Record = ""
		}
	case sim.RecordFail:
		c.rec(e.Subj).Failing = true
		c.rec(e.Subj).try('f')
		if lc := c.byThread(e.Actor); lc != nil {
			lc.Failed = e.Item
		}
	case sim.RecordHandle:
		if lc := c.byThread(e.Actor); lc != nil && lc.Record == e.Subj {
			lc.Record = ""
		}
	case sim.RecordRecover:
		r := c.rec(e.Subj)
		r.Recovered, r.Failing = true, false
	case sim.OffsetPending:
		if lc := c.byThread(e.Actor); lc != nil {
			lc.setPending(e.Subj, e.To)
		}
	case sim.Commit:
		if lc := c.byThread(e.Actor); lc != nil {
			lc.Commit = e.Item + " " + e.Note
			if strings.HasSuffix(e.Subj, ".offsets") {
				lc.Offsets = nil // the commit takes the whole map
			}
		}
	case sim.CommitDone:
		if lc := c.byThread(e.Actor); lc != nil {
			lc.Commit += " → " + e.Item
		}
	case sim.OffsetCommit:
		if to, err := strconv.Atoi(e.To); err == nil {
			c.part(e.Subj).Committed = to
		}
	}
}

func (lc *LC) setPending(part, off string) {
	for i := range lc.Offsets {
		if lc.Offsets[i].Part == part {
			lc.Offsets[i].Offset = off
			return
		}
	}
	lc.Offsets = append(lc.Offsets, Pending{part, off})
}
