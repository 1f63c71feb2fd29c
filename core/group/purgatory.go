package group

import (
	"container/heap"
	"strconv"
	"time"

	"brokerlab/core/sim"
)

// delayedOp is a DelayedOperation (DelayedOperation.scala) with its
// subclass's three methods as functions: DelayedJoin, InitialDelayedJoin
// or DelayedHeartbeat.
type delayedOp struct {
	id       int
	kind     string // DelayedJoin, InitialDelayedJoin, DelayedHeartbeat
	subj     string // what it watches: group[G] or member[C]
	delay    time.Duration
	deadline time.Duration

	completed bool
	index     int // in the purgatory's timer; -1 when not in it

	tryComplete  func(op *delayedOp) bool
	onComplete   func()
	onExpiration func()
	p            *purgatory
}

// forceComplete is DelayedOperation.forceComplete: the first caller wins,
// cancels the timer task and runs onComplete.
func (op *delayedOp) forceComplete() bool {
	if op.completed {
		return false
	}
	op.completed = true
	op.p.cancel(op)
	op.onComplete()
	return true
}

// purgatory is DelayedOperationPurgatory with its SystemTimer: watchers
// by key, a timer ordered by deadline, the ExpirationReaper thread that
// waits for the earliest deadline, and the SystemTimer's executor thread
// that runs expired operations.
type purgatory struct {
	c        *Coordinator
	name     string // Heartbeat or Rebalance
	watchers map[string][]*delayedOp
	timer    opHeap
	// delayQueue wakes the reaper when an operation is due before the
	// deadline it waits for (a new head of SystemTimer's DelayQueue).
	delayQueue *sim.Queue[*delayedOp]
	target     time.Duration // the deadline the reaper waits for; -1: none
	retarget   bool          // also wake it when its target is cancelled
	workQueue  *sim.Queue[*delayedOp]
}

func opLabel(op *delayedOp) (int, string) { return op.id, op.kind }

// newPurgatory starts the reaper and executor threads. background makes
// them periodic threads (run idle does not wait for them): heartbeat
// deadlines are re-armed forever while a group lives.
func newPurgatory(c *Coordinator, name string, background bool) *purgatory {
	p := &purgatory{c: c, name: name, watchers: map[string][]*delayedOp{}, target: -1, retarget: !background}
	p.delayQueue = sim.NewQueue(c.s, "SystemTimer["+name+"].delayQueue", 0, opLabel)
	p.workQueue = sim.NewQueue(c.s, "executor-"+name+".workQueue", 0, opLabel)
	reaper := "ExpirationReaper-" + strconv.Itoa(c.cfg.BrokerID) + "-" + name
	start := c.s.Go
	if background {
		start = c.s.GoBackground
	}
	start(reaper, p.reap)
	start("executor-"+name, p.execute)
	return p
}

func (p *purgatory) newOp(kind, subj string, delay time.Duration) *delayedOp {
	return &delayedOp{id: p.c.s.NextToken(), kind: kind, subj: subj, delay: delay, index: -1, p: p,
		onComplete: func() {}, onExpiration: func() {}}
}

// tryCompleteElseWatch is DelayedOperationPurgatory.tryCompleteElseWatch.
// Upstream tries twice around adding the watch so that a completion by
// another thread in between is not missed; the caller holds the group
// lock here, so nothing can happen in between and once is enough.
func (p *purgatory) tryCompleteElseWatch(op *delayedOp, key string) bool {
	if op.tryComplete(op) {
		return true
	}
	p.watchers[key] = append(p.watchers[key], op)
	p.add(op)
	return false
}

// checkAndComplete is DelayedOperationPurgatory.checkAndComplete: try to
// complete every operation watched on key, then purge the completed ones.
// Callers hold the group lock, which DelayedOperation.maybeTryComplete
// would otherwise tryLock.
func (p *purgatory) checkAndComplete(key string) int {
	ops := append([]*delayedOp(nil), p.watchers[key]...)
	n := 0
	for _, op := range ops {
		if !op.completed && op.tryComplete(op) {
			n++
		}
	}
	var keep []*delayedOp
	for _, op := range p.watchers[key] {
		if !op.completed {
			keep = append(keep, op)
		}
	}
	if len(keep) == 0 {
		delete(p.watchers, key)
	} else {
		p.watchers[key] = keep
	}
	return n
}

// add is SystemTimer.add: the operation expires delay from now.
func (p *purgatory) add(op *delayedOp) {
	s := p.c.s
	op.deadline = s.Now() + op.delay
	heap.Push(&p.timer, op)
	emit(s, func() sim.Event {
		return sim.Event{Kind: sim.TimerAdd, Subj: op.subj, ID: op.id, Item: op.kind, Note: sim.FormatDuration(op.delay), Src: srcTimerAdd}
	})
	if p.target < 0 || op.deadline < p.target {
		p.target = op.deadline
		p.delayQueue.Put(op, srcTimerAdd)
	}
}

// cancel is TimerTask.cancel: the operation leaves the timer.
func (p *purgatory) cancel(op *delayedOp) {
	if op.index < 0 {
		return
	}
	heap.Remove(&p.timer, op.index)
	s := p.c.s
	emit(s, func() sim.Event {
		return sim.Event{Kind: sim.TimerCancel, Subj: op.subj, ID: op.id, Item: op.kind, Src: srcForceComplete}
	})
	if p.retarget && op.deadline == p.target {
		p.target = -1
		if len(p.timer) > 0 {
			p.target = p.timer[0].deadline
		}
		p.delayQueue.Put(op, srcForceComplete)
	}
}

// reap is ExpiredOperationReaper.doWork → SystemTimer.advanceClock: wait
// for the earliest deadline, hand every expired operation to the executor.
// Upstream polls the DelayQueue in 200 ms slices (to notice shutdown) and
// the timing wheel rounds deadlines to 1 ms; here it wakes exactly when due.
func (p *purgatory) reap() {
	s := p.c.s
	for {
		for len(p.timer) > 0 && p.timer[0].deadline <= s.Now() {
			op := heap.Pop(&p.timer).(*delayedOp)
			emit(s, func() sim.Event {
				return sim.Event{Kind: sim.TimerFire, Subj: op.subj, ID: op.id, Item: op.kind, Note: "after " + sim.FormatDuration(op.delay), Src: srcAdvanceClock}
			})
			p.workQueue.Put(op, srcAdvanceClock)
		}
		if len(p.timer) == 0 {
			p.target = -1
			p.delayQueue.Take(srcReaperDoWork)
			continue
		}
		p.target = p.timer[0].deadline
		var woke *delayedOp
		s.Select(srcReaperDoWork, p.delayQueue.Recv(&woke, srcReaperDoWork), sim.After(p.target-s.Now()))
	}
}

// execute is the SystemTimer's executor thread running expired operations:
// DelayedOperation.run = forceComplete, then onExpiration if it won.
func (p *purgatory) execute() {
	for {
		op := p.workQueue.Take(srcOperationRun)
		if op.forceComplete() {
			op.onExpiration()
		}
	}
}

// opHeap orders operations by deadline, then by creation.
type opHeap []*delayedOp

func (h opHeap) Len() int { return len(h) }
func (h opHeap) Less(i, j int) bool {
	if h[i].deadline != h[j].deadline {
		return h[i].deadline < h[j].deadline
	}
	return h[i].id < h[j].id
}
func (h opHeap) Swap(i, j int) {
	h[i], h[j] = h[j], h[i]
	h[i].index, h[j].index = i, j
}
func (h *opHeap) Push(x any) {
	op := x.(*delayedOp)
	op.index = len(*h)
	*h = append(*h, op)
}
func (h *opHeap) Pop() any {
	old := *h
	op := old[len(old)-1]
	old[len(old)-1] = nil
	*h = old[:len(old)-1]
	op.index = -1
	return op
}
