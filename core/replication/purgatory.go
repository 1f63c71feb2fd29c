package replication

import (
	"time"

	"brokerlab/core/sim"
	"brokerlab/core/socketserver"
)

const (
	srcWatch    = "DelayedOperation.scala DelayedOperationPurgatory.tryCompleteElseWatch"
	srcCheck    = "DelayedOperation.scala DelayedOperationPurgatory.checkAndComplete"
	srcReaper   = "DelayedOperation.scala ExpiredOperationReaper.doWork"
	srcDelayDue = "DelayedOperation.scala DelayedOperation.run"
)

// delayed is one DelayedOperation: a parked request, the partitions it
// watches, when it expires, how it checks itself (tryComplete) and how it
// answers (onComplete, with expired set when it timed out): finish builds
// the answer and returns its result for the trace and the send.
type delayed struct {
	req      *socketserver.Request
	keys     []TP
	deadline time.Duration
	wait     string // what it waits for, for the trace
	try      func() bool
	finish   func(expired bool) (result string, send func())
}

// Purgatory is a DelayedOperationPurgatory with its ExpirationReaper
// thread. Operations complete on the thread that makes them completable
// (checkAndComplete), or expire on the reaper, which sleeps until the
// earliest deadline instead of ticking every 200 ms as the timing wheel's
// reaper does.
type Purgatory struct {
	Name string // Produce, Fetch
	subj string // the trace subject: host/Produce
	rm   *ReplicaManager
	ops  []*delayed // pending, by deadline then arrival
	wake *sim.Queue[int]
	idle bool // the reaper waits for a first operation
	// foreground: the reaper keeps "run idle" going while it waits for a
	// deadline, so it is woken when its purgatory empties.
	foreground bool
}

func newPurgatory(rm *ReplicaManager, name string) *Purgatory {
	pg := &Purgatory{Name: name, subj: rm.name(name), rm: rm}
	pg.wake = sim.NewQueue(rm.s, rm.name("ExpirationReaper-"+itoa(rm.ID)+"-"+name+".delayQueue"), 0, func(int) (int, string) { return 0, "wakeup" })
	return pg
}

// Len is how many operations wait.
func (pg *Purgatory) Len() int { return len(pg.ops) }

// start runs the reaper: in the background for fetches (a parked fetch is
// a replica's idle polling), in the foreground for produce requests (a
// waiting acks=all producer is work in progress).
func (pg *Purgatory) start(background bool) {
	name := pg.rm.name("ExpirationReaper-" + itoa(pg.rm.ID) + "-" + pg.Name)
	pg.foreground = !background
	if background {
		pg.rm.s.GoBackground(name, pg.run)
	} else {
		pg.rm.s.Go(name, pg.run)
	}
}

func (pg *Purgatory) run() {
	s := pg.rm.s
	for {
		if len(pg.ops) == 0 {
			pg.idle = true
			pg.wake.Take(srcReaper)
			if len(pg.ops) == 0 {
				continue // woken to drop a deadline that no longer exists
			}
			pg.idle = false
			continue
		}
		if d := pg.ops[0].deadline - s.Now(); d > 0 {
			var x int
			if s.Select(srcReaper, pg.wake.Recv(&x, srcReaper), sim.After(d)) == 0 {
				continue
			}
		}
		pg.expireDue()
	}
}

// expireDue expires every operation whose deadline has come.
func (pg *Purgatory) expireDue() {
	now := pg.rm.s.Now()
	for len(pg.ops) > 0 && pg.ops[0].deadline <= now {
		op := pg.ops[0]
		pg.ops = pg.ops[1:]
		result, send := op.finish(true)
		pg.rm.s.Emit(sim.Event{Kind: sim.DelayExpire, Subj: pg.subj, ID: op.req.ID, Item: label(pg.rm.s, op.req), Note: result, Src: srcDelayDue})
		send()
	}
}

// tryCompleteElseWatch answers op now if it can complete, else parks it.
// It reports whether op was parked.
func (pg *Purgatory) tryCompleteElseWatch(op *delayed, timeout time.Duration) bool {
	if op.try() {
		_, send := op.finish(false)
		send()
		return false
	}
	op.deadline = pg.rm.s.Now() + timeout
	i := len(pg.ops)
	for i > 0 && pg.ops[i-1].deadline > op.deadline {
		i--
	}
	pg.ops = append(pg.ops, nil)
	copy(pg.ops[i+1:], pg.ops[i:])
	pg.ops[i] = op
	note := ""
	if pg.rm.s.Tracing() {
		note = sim.FormatDuration(timeout) + ": " + op.wait
	}
	pg.rm.s.Emit(sim.Event{Kind: sim.DelayAdd, Subj: pg.subj, ID: op.req.ID, Item: label(pg.rm.s, op.req), Note: note, Src: srcWatch})
	if pg.idle || i == 0 {
		// The reaper sleeps on an empty purgatory or past this deadline.
		pg.idle = false
		pg.wake.Put(1, srcWatch)
	}
	return true
}

// checkAndComplete tries every operation watching tp, in arrival order.
func (pg *Purgatory) checkAndComplete(tp TP) {
	for i := 0; i < len(pg.ops); {
		op := pg.ops[i]
		watches := false
		for _, k := range op.keys {
			watches = watches || k == tp
		}
		if !watches || !op.try() {
			i++
			continue
		}
		pg.ops = append(pg.ops[:i], pg.ops[i+1:]...)
		result, send := op.finish(false)
		pg.rm.s.Emit(sim.Event{Kind: sim.DelayComplete, Subj: pg.subj, ID: op.req.ID, Item: label(pg.rm.s, op.req), Note: result, Src: srcCheck})
		send()
		if len(pg.ops) == 0 && pg.foreground && !pg.idle {
			pg.idle = true // its deadline is gone: let it wait for the next operation
			pg.wake.Put(1, srcCheck)
		}
	}
}
