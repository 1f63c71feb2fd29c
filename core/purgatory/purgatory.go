package purgatory

import (
	"container/heap"
	"strconv"
	"time"

	"brokerlab/core/sim"
)

// Upstream places the steps mirror (apache/kafka 2.5.0).
const (
	srcTimerAdd      = "Timer.scala SystemTimer.add"
	srcAdvanceClock  = "Timer.scala SystemTimer.advanceClock"
	srcForceComplete = "DelayedOperation.scala DelayedOperation.forceComplete"
	srcReaperDoWork  = "DelayedOperation.scala ExpiredOperationReaper.doWork"
	srcOperationRun  = "DelayedOperation.scala DelayedOperation.run"
)

// Operation is one DelayedOperation, with its subclass's three methods as
// functions. TryComplete, as upstream's, calls ForceComplete when the
// operation can complete and reports whether it did.
type Operation struct {
	ID    int    // token: the trace's id of the operation
	Kind  string // the subclass: DelayedProduce, DelayedJoin, …
	Subj  string // what the trace shows it under
	Wait  string // what it waits for, for the trace; may be ""
	Delay time.Duration

	TryComplete  func() bool
	OnComplete   func()
	OnExpiration func()

	deadline  time.Duration
	watched   bool
	completed bool
	expired   bool
	index     int // in the timer; -1 when not in it
	seq       int // arrival in the timer
	p         *Purgatory
}

// ForceComplete is DelayedOperation.forceComplete: the first caller wins,
// cancels the timer task and runs OnComplete.
func (op *Operation) ForceComplete() bool {
	if op.completed {
		return false
	}
	op.completed = true
	op.p.cancel(op)
	op.OnComplete()
	return true
}

// IsCompleted is DelayedOperation.isCompleted.
func (op *Operation) IsCompleted() bool { return op.completed }

// Watched reports whether the operation waited: it did not complete at
// the try before it was watched.
func (op *Operation) Watched() bool { return op.watched }

// Expired reports whether the operation completes (or completed) because
// its deadline passed: what onComplete reads upstream from the status the
// timeout left in place.
func (op *Operation) Expired() bool { return op.expired }

// Trace is what a purgatory tells the trace, in its system's words; a nil
// hook tells nothing. Add runs when an operation enters the timer, Cancel
// when it leaves it completed early, Fire when its deadline passes.
type Trace struct {
	Add, Cancel, Fire func(op *Operation)
}

// Config sets up a purgatory.
type Config struct {
	Name     string // purgatoryName: Produce, Fetch, Heartbeat, Rebalance
	BrokerID int
	Host     string // prefix of its threads' and queues' names ("broker-1"), "" for none
	// Background makes its threads periodic ones ("run idle" does not wait
	// for a deadline): heartbeats and parked fetches are a system idling.
	Background bool
	// Executor runs expired operations on the SystemTimer's executor
	// thread; without it the reaper runs them.
	Executor bool
	Trace    Trace
}

// Purgatory is DelayedOperationPurgatory with its SystemTimer: watchers by
// key, a timer ordered by deadline, the ExpirationReaper thread that waits
// for the earliest deadline, and the executor thread that runs expired
// operations.
type Purgatory struct {
	s        *sim.Sim
	cfg      Config
	watchers map[any][]*Operation // looked up, never iterated
	timer    opHeap
	// delayQueue wakes the reaper when an operation is due before the
	// deadline it waits for (a new head of SystemTimer's DelayQueue).
	delayQueue *sim.Queue[*Operation]
	workQueue  *sim.Queue[*Operation] // the executor's
	target     time.Duration          // the deadline the reaper waits for; -1: none
	seq        int                    // operations added so far: ties of deadlines go by arrival
}

func opLabel(op *Operation) (int, string) { return op.ID, op.Kind }

// New builds the purgatory; Start starts its threads.
func New(s *sim.Sim, cfg Config) *Purgatory {
	p := &Purgatory{s: s, cfg: cfg, watchers: map[any][]*Operation{}, target: -1}
	p.delayQueue = sim.NewQueue(s, p.name("SystemTimer["+cfg.Name+"].delayQueue"), 0, opLabel)
	if cfg.Executor {
		p.workQueue = sim.NewQueue(s, p.name(p.executor()+".workQueue"), 0, opLabel)
	}
	return p
}

func (p *Purgatory) name(n string) string {
	if p.cfg.Host == "" {
		return n
	}
	return p.cfg.Host + "/" + n
}

func (p *Purgatory) executor() string { return "executor-" + p.cfg.Name }

// Reaper is the name of the reaper thread: ExpirationReaper-<brokerId>-<purgatoryName>.
func (p *Purgatory) Reaper() string {
	return p.name("ExpirationReaper-" + strconv.Itoa(p.cfg.BrokerID) + "-" + p.cfg.Name)
}

// Start starts the reaper and, with one, the executor thread.
func (p *Purgatory) Start() {
	start := p.s.Go
	if p.cfg.Background {
		start = p.s.GoBackground
	}
	start(p.Reaper(), p.reap)
	if p.cfg.Executor {
		start(p.name(p.executor()), p.execute)
	}
}

// NewOperation is a DelayedOperation of kind, traced with id under subj,
// that expires delay after it is watched.
func (p *Purgatory) NewOperation(id int, kind, subj string, delay time.Duration) *Operation {
	return &Operation{ID: id, Kind: kind, Subj: subj, Delay: delay, index: -1, p: p,
		OnComplete: func() {}, OnExpiration: func() {}}
}

// Name is the purgatoryName.
func (p *Purgatory) Name() string { return p.cfg.Name }

// Len is how many operations wait in the timer (upstream's NumDelayed).
func (p *Purgatory) Len() int { return len(p.timer) }

// TryCompleteElseWatch is DelayedOperationPurgatory.tryCompleteElseWatch:
// complete op now if it can, else watch it under every key and start its
// timer. It reports whether op completed.
func (p *Purgatory) TryCompleteElseWatch(op *Operation, keys ...any) bool {
	if op.TryComplete() {
		return true
	}
	op.watched = true
	for _, k := range keys {
		p.watchers[k] = append(p.watchers[k], op)
	}
	p.add(op)
	return false
}

// CheckAndComplete is DelayedOperationPurgatory.checkAndComplete: every
// operation watched on key tries to complete, in the order they were
// watched; then the completed ones are purged from key. It returns how
// many completed.
func (p *Purgatory) CheckAndComplete(key any) int {
	ops := p.watchers[key]
	if len(ops) == 0 {
		return 0
	}
	n := 0
	for _, op := range append([]*Operation(nil), ops...) {
		if !op.completed && op.TryComplete() {
			n++
		}
	}
	var keep []*Operation
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

// add is SystemTimer.add: the operation expires Delay from now. The
// reaper is woken if it waits for nothing or for a later deadline.
func (p *Purgatory) add(op *Operation) {
	op.deadline = p.s.Now() + op.Delay
	p.seq++
	op.seq = p.seq
	heap.Push(&p.timer, op)
	if p.cfg.Trace.Add != nil {
		p.cfg.Trace.Add(op)
	}
	if p.target < 0 || op.deadline < p.target {
		p.target = op.deadline
		p.delayQueue.Put(op, srcTimerAdd)
	}
}

// cancel is TimerTask.cancel: the operation leaves the timer. A
// foreground reaper waiting for its deadline is woken to wait for the
// next one instead.
func (p *Purgatory) cancel(op *Operation) {
	if op.index < 0 {
		return
	}
	heap.Remove(&p.timer, op.index)
	if p.cfg.Trace.Cancel != nil {
		p.cfg.Trace.Cancel(op)
	}
	if !p.cfg.Background && op.deadline == p.target {
		p.target = -1
		if len(p.timer) > 0 {
			p.target = p.timer[0].deadline
		}
		p.delayQueue.Put(op, srcForceComplete)
	}
}

// reap is ExpiredOperationReaper.doWork → SystemTimer.advanceClock: wait
// for the earliest deadline, then hand every expired operation to the
// executor (or run it).
func (p *Purgatory) reap() {
	s := p.s
	for {
		for len(p.timer) > 0 && p.timer[0].deadline <= s.Now() {
			op := heap.Pop(&p.timer).(*Operation)
			op.expired = true
			if p.cfg.Trace.Fire != nil {
				p.cfg.Trace.Fire(op)
			}
			if p.cfg.Executor {
				p.workQueue.Put(op, srcAdvanceClock)
			} else {
				run(op)
			}
		}
		if len(p.timer) == 0 {
			p.target = -1
			p.delayQueue.Take(srcReaperDoWork)
			continue
		}
		p.target = p.timer[0].deadline
		var woke *Operation
		s.Select(srcReaperDoWork, p.delayQueue.Recv(&woke, srcReaperDoWork), sim.After(p.target-s.Now()))
	}
}

// execute is the SystemTimer's executor thread running expired operations.
func (p *Purgatory) execute() {
	for {
		run(p.workQueue.Take(srcOperationRun))
	}
}

// run is DelayedOperation.run: forceComplete, then onExpiration if it won.
func run(op *Operation) {
	if op.ForceComplete() {
		op.OnExpiration()
	}
}

// opHeap orders operations by deadline, then by arrival.
type opHeap []*Operation

func (h opHeap) Len() int { return len(h) }
func (h opHeap) Less(i, j int) bool {
	if h[i].deadline != h[j].deadline {
		return h[i].deadline < h[j].deadline
	}
	return h[i].seq < h[j].seq
}
func (h opHeap) Swap(i, j int) {
	h[i], h[j] = h[j], h[i]
	h[i].index, h[j].index = i, j
}
func (h *opHeap) Push(x any) {
	op := x.(*Operation)
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
