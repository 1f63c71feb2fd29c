package sim

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"runtime"
	"strconv"
	"time"
	"unsafe"

	"brokerlab/internal/invariants"
)

// ErrPanicked is returned by every run after a simulated thread panicked.
var ErrPanicked = errors.New("sim: a simulated thread panicked")

// Sim is one deterministic run: a virtual clock, a seeded random source, the
// simulated threads and the trace they emit. It is driven from one host
// goroutine (Run, RunFor, …); exactly one simulated thread runs at a time.
type Sim struct {
	now  time.Duration
	seq  uint64 // schedule order of entries, the last tie-breaker
	rng  *rand.Rand
	heap []entry
	fg   int // heap entries that belong to foreground threads
	cur  *G  // the running thread; nil while the host runs
	host chan struct{}

	// The current run's bounds, read by dispatch.
	limit  time.Duration
	stop   func() bool
	idle   bool
	budget int // trace events left before the run stops; <0: none
	bounds Budget
	bytes  int64        // the kept trace's size, as Budget.Bytes counts it
	over   *BudgetError // the budget that stopped the run, for good

	threads []*G // every thread ever started, in start order
	nextTok int

	keep   bool
	trace  store  // the kept trace (trace.go)
	text   []byte // the names of selects' cases, in slabs (textBuf)
	events int

	killing bool
	dying   *G // the thread Kill or Close is unwinding, while it unwinds
	panic   string

	check *Checker // the kernel's invariants on every event, with -tags invariants (check.go)

	origin   any                       // the host's current origin (origin.go)
	onRefuse func(origin any, e Event) // hears refused actions (origin.go)
}

func newCheck() *Checker {
	if invariants.Enabled {
		return NewChecker()
	}
	return nil
}

// New returns a simulation seeded with seed. keepTrace=false only counts events.
func New(seed int64, keepTrace bool) *Sim {
	return &Sim{
		rng:    rand.New(rand.NewPCG(uint64(seed), 0x6b61666b61)),
		host:   make(chan struct{}, 1),
		keep:   keepTrace,
		budget: -1,
		check:  newCheck(),
	}
}

// Now is the virtual time.
func (s *Sim) Now() time.Duration { return s.now }

// Rand is the run's only source of randomness.
func (s *Sim) Rand() *rand.Rand { return s.rng }

// Trace returns the events emitted so far, as one slice (nil if the
// trace is not kept).
func (s *Sim) Trace() []Event { return s.trace.all() }

// Tracing reports whether events are kept: callers skip building notes if not.
func (s *Sim) Tracing() bool { return s.keep }

// Events counts the events emitted so far (also when the trace is not kept).
func (s *Sim) Events() int { return s.events }

// Panic returns the panic that stopped the run, or "".
func (s *Sim) Panic() string { return s.panic }

// Current returns the running thread, or nil when called from the host.
func (s *Sim) Current() *G { return s.cur }

// NextToken numbers tokens (queued events, requests) in creation order.
func (s *Sim) NextToken() int { s.nextTok++; return s.nextTok }

// Emit appends e to the trace, stamping Seq, T and (if empty) Actor.
func (s *Sim) Emit(e Event) { s.emit(e, nil) }

// emitKnote is Emit of e noted with k (its Note and Words are k's).
func (s *Sim) emitKnote(e Event, k knote) { s.emit(e, &k) }

func (s *Sim) emit(e Event, k *knote) {
	if s.dying != nil {
		return
	}
	if s.keep {
		note := len(e.Note)
		if k != nil {
			note = k.len()
		}
		s.bytes += eventBytes + int64(len(e.Actor)+len(e.Kind)+len(e.Subj)+len(e.Item)+len(e.From)+len(e.To)+note+len(e.Src))
		e.Seq = s.events
		e.T = int64(s.now / time.Microsecond)
		if e.Actor == "" {
			e.Actor = s.actor()
		}
		s.trace.keep(&e, k, note)
	}
	// A run that keeps no trace emits blank events (only counted): it is
	// not checked.
	if invariants.Enabled && s.keep {
		if inv, p := s.check.Check(e); p != "" {
			panic(fmt.Sprintf("sim: invariant %s broken at event %d: %s", inv, s.events, p))
		}
	}
	s.events++
	if s.budget > 0 {
		s.budget--
	}
	if s.over == nil {
		switch {
		case s.budget == 0:
			s.exceed("events")
		case s.bounds.Bytes > 0 && s.bytes >= s.bounds.Bytes:
			s.exceed("memory")
		}
	}
}

// exceed stops the run at the budget named limit. A thread that reaches
// it stops where it stands, in the middle of its work if need be (one
// thread's loop over 10,000 partitions must not run on for seconds): the
// run is over, nothing of it runs again, and Close ends the rest.
func (s *Sim) exceed(limit string) {
	s.over = &BudgetError{Limit: limit, Budget: s.bounds, Events: s.events, Bytes: s.bytes, At: s.now}
	if g := s.cur; g != nil && !g.done && s.dying == nil { // a thread that is leaving hands the CPU back anyway
		g.stopped = true
		s.dying = g // its deferred calls run nothing of the simulation
		runtime.Goexit()
	}
}

func (s *Sim) actor() string {
	if s.cur == nil {
		return "scenario"
	}
	return s.cur.Name
}

// G is one simulated thread: a goroutine that runs only when the kernel
// hands it the CPU and gives it back whenever it blocks.
type G struct {
	Name       string
	s          *Sim
	wake       chan struct{}
	exited     chan struct{}
	background bool    // periodic task: does not keep "run idle" going
	killed     bool    // Kill ended it where it stood
	locks      []*Lock // held, in the order taken
	stopped    bool    // a budget ended it where it stood

	// The current wait: a generation number makes stale wake-ups harmless.
	gen   uint64
	fired bool
	which int
	tmoFg bool // a foreground timeout entry of this wait is in the heap
	done  bool

	origin any // the origin of the job it runs (origin.go)
}

// Go starts a simulated thread named name that runs fn. It first runs at
// the current virtual time, after the caller blocks.
func (s *Sim) Go(name string, fn func()) *G {
	return s.spawn(name, false, fn)
}

// GoBackground starts a thread that only runs periodic tasks: "run idle"
// does not wait for it.
func (s *Sim) GoBackground(name string, fn func()) *G {
	return s.spawn(name, true, fn)
}

func (s *Sim) spawn(name string, bg bool, fn func()) *G {
	g := &G{Name: name, s: s, wake: make(chan struct{}, 1), exited: make(chan struct{}), background: bg}
	s.threads = append(s.threads, g)
	s.schedule(g, s.now)
	go g.main(fn)
	return g
}

func (g *G) main(fn func()) {
	s := g.s
	defer close(g.exited)
	<-g.wake
	if s.killing || g.killed {
		return
	}
	defer func() {
		if r := recover(); r != nil {
			g.done = true
			s.panic = fmt.Sprintf("%s: %v", g.Name, r)
			s.Emit(Event{Kind: Panic, Note: s.panic})
			if s.dying == g {
				return // Kill or Close waits on exited, not on the host channel
			}
			s.cur = nil
			s.host <- struct{}{}
			return
		}
		if g.stopped {
			g.done, s.dying, s.cur = true, nil, nil
			s.host <- struct{}{}
			return
		}
		if s.killing || g.killed {
			return
		}
		g.done = true
		s.Emit(Event{Kind: ThreadExit})
		s.dispatch()
	}()
	s.Emit(Event{Kind: ThreadStart})
	fn()
}

// Done reports whether the thread has returned.
func (g *G) Done() bool { return g.done }

// entry is a scheduled wake-up. A run entry always runs its thread; a
// timeout entry runs it only if its wait (gen) has not been ended otherwise.
type entry struct {
	at      time.Duration
	key     uint64 // seeded random: orders entries of equal time
	seq     uint64
	g       *G
	gen     uint64
	which   int
	timeout bool
	fg      bool
}

func (a *entry) less(b *entry) bool {
	if a.at != b.at {
		return a.at < b.at
	}
	if a.key != b.key {
		return a.key < b.key
	}
	return a.seq < b.seq
}

func (s *Sim) push(e entry) {
	s.seq++
	e.seq = s.seq
	e.key = s.rng.Uint64()
	e.fg = !e.g.background
	if e.fg {
		s.fg++
	}
	s.heap = append(s.heap, e)
	h := s.heap
	i := len(h) - 1
	for i > 0 {
		p := (i - 1) / 2
		if !h[i].less(&h[p]) {
			break
		}
		h[i], h[p] = h[p], h[i]
		i = p
	}
}

func (s *Sim) pop() entry {
	h := s.heap
	top := h[0]
	n := len(h) - 1
	h[0] = h[n]
	h = h[:n]
	i := 0
	for {
		l := 2*i + 1
		if l >= n {
			break
		}
		m := l
		if r := l + 1; r < n && h[r].less(&h[l]) {
			m = r
		}
		if !h[m].less(&h[i]) {
			break
		}
		h[i], h[m] = h[m], h[i]
		i = m
	}
	s.heap = h
	return top
}

// schedule makes g runnable at time at.
func (s *Sim) schedule(g *G, at time.Duration) { s.push(entry{at: at, g: g}) }

// live reports whether the top entry would run a thread; dead timeouts are dropped.
func (s *Sim) top() (*entry, bool) {
	for len(s.heap) > 0 {
		e := &s.heap[0]
		if e.g.killed {
			// A killed thread's live timeout was counted off by Kill; a
			// run entry is counted off here.
			if x := s.pop(); !x.timeout && x.fg {
				s.fg--
			}
			continue
		}
		if !e.timeout || (e.g.gen == e.gen && !e.g.fired) {
			return e, true
		}
		s.pop() // a timeout whose wait already ended; counted off when it ended
	}
	return nil, false
}

// dispatch hands the CPU to the next runnable thread, or back to the host
// when the run's bound is reached. It runs on the thread that gives up the
// CPU (or on the host), so a switch costs one channel send.
func (s *Sim) dispatch() {
	for s.panic == "" && s.over == nil && (s.stop == nil || !s.stop()) {
		e, ok := s.top()
		if !ok || e.at > s.limit || (s.idle && s.fg == 0) {
			break
		}
		if s.bounds.Clock > 0 && e.at > s.bounds.Clock {
			s.exceed("clock")
			break
		}
		x := s.pop()
		if x.fg {
			s.fg--
		}
		g := x.g
		if x.timeout {
			g.fired, g.which, g.tmoFg = true, x.which, false
		}
		s.now = x.at
		s.cur = g
		g.wake <- struct{}{}
		return
	}
	s.cur = nil
	s.host <- struct{}{}
}

// park blocks the running thread until it is woken.
func (s *Sim) park(g *G) {
	s.dispatch()
	<-g.wake
	if s.killing || g.killed {
		runtime.Goexit()
	}
}

// self returns the running thread; blocking from the host is a bug in the caller.
func (s *Sim) self(op string) *G {
	if s.dying != nil {
		runtime.Goexit() // a thread being killed runs no more of the simulation
	}
	if s.cur == nil {
		panic("sim: " + op + " called outside a simulated thread")
	}
	return s.cur
}

// wref names one wait of one thread; waking a stale wref does nothing.
type wref struct {
	g     *G
	gen   uint64
	which int
}

// begin starts a new wait of g.
func (g *G) begin() wref {
	g.gen++
	g.fired = false
	g.tmoFg = false
	return wref{g: g, gen: g.gen}
}

// wake ends w's wait (if still current) and makes its thread runnable now.
func (s *Sim) wake(w wref) bool {
	g := w.g
	if g.gen != w.gen || g.fired || g.done {
		return false
	}
	g.fired, g.which = true, w.which
	if g.tmoFg {
		g.tmoFg = false
		s.fg--
	}
	s.schedule(g, s.now)
	return true
}

// timeout arms a wake-up of w at time at, reported as which.
func (s *Sim) timeout(w wref, at time.Duration, which int) {
	s.push(entry{at: at, g: w.g, gen: w.gen, which: which, timeout: true})
	w.g.tmoFg = !w.g.background
}

// Sleep blocks the running thread for d of virtual time (its work, or a
// wait), noted with note, or with d if note is empty.
func (s *Sim) Sleep(d time.Duration, note string) {
	if note == "" && s.keep {
		note = FormatDuration(d)
	}
	s.sleep(d, Event{Kind: Sleep, Note: note}, nil)
}

// Sleepf is Sleep noted with the note format worded with args (Event.Notef),
// formatted only when the trace is read.
func (s *Sim) Sleepf(d time.Duration, format string, args ...any) {
	e := Event{Kind: Sleep}
	if !s.keep {
		s.sleep(d, e, nil)
		return
	}
	if k, ok := knoteOf(format, args); ok {
		s.sleep(d, e, &k)
		return
	}
	s.sleep(d, e.Notef(format, args...), nil)
}

func (s *Sim) sleep(d time.Duration, e Event, k *knote) {
	g := s.self("Sleep")
	s.emit(e, k)
	s.schedule(g, s.now+d)
	s.park(g)
}

// Yield lets another thread that is runnable now run first, as a time
// slice ending would; the seeded random source decides who goes.
func (s *Sim) Yield() {
	g := s.self("Yield")
	s.schedule(g, s.now)
	s.park(g)
}

// Run advances the simulation until virtual time limit, until stop
// returns true (checked before every switch), or, with idle, until only
// background threads have anything scheduled. It returns ErrPanicked if a
// thread panicked, or the *BudgetError of the budget that stopped the run
// (then and ever after).
func (s *Sim) Run(limit time.Duration, idle bool, stop func() bool) error {
	if s.panic != "" {
		return ErrPanicked
	}
	if s.over != nil {
		return s.over
	}
	s.limit, s.idle, s.stop = limit, idle, stop
	s.dispatch()
	<-s.host
	s.stop = nil
	if s.panic != "" {
		return ErrPanicked
	}
	if s.over != nil {
		return s.over
	}
	return nil
}

// ErrBudget is what every *BudgetError is (errors.Is).
var ErrBudget = errors.New("sim: budget exhausted")

// Budget bounds a run, so that no scenario can take its host down. A zero
// field is no bound.
type Budget struct {
	Events int           // trace events
	Bytes  int64         // the kept trace's size in memory, counted as eventBytes an event plus its strings' bytes (a discarded trace holds none)
	Clock  time.Duration // virtual time
}

// eventBytes is what an Event takes in memory besides its strings' bytes.
const eventBytes = int64(unsafe.Sizeof(Event{}))

// BudgetError says which budget stopped a run, and where the run was.
type BudgetError struct {
	Limit  string // "events", "memory" or "clock"
	Budget Budget
	Events int           // events emitted by then
	Bytes  int64         // the trace's size by then
	At     time.Duration // virtual time by then
}

func (e *BudgetError) Error() string {
	return "sim: the run reached its " + e.Limit + " budget at " + strconv.Itoa(e.Events) + " events, " + FormatDuration(e.At)
}

// Is makes every BudgetError an ErrBudget.
func (e *BudgetError) Is(target error) bool { return target == ErrBudget }

// SetBudget bounds the run (before it starts); the run stops exactly where
// it reaches a bound, also in the middle of a thread's work.
func (s *Sim) SetBudget(b Budget) {
	s.bounds, s.budget = b, -1
	if b.Events > 0 {
		s.budget = b.Events
	}
}

// AdvanceTo moves the clock forward to t when nothing is left to run
// before it (after "run 5s" the clock reads 5s even if all slept), but
// never past the clock budget: reaching that stops the run (the error).
func (s *Sim) AdvanceTo(t time.Duration) error {
	if s.over != nil {
		return s.over
	}
	if s.bounds.Clock > 0 && t > s.bounds.Clock {
		s.now = max(s.now, s.bounds.Clock)
		s.exceed("clock")
		return s.over
	}
	if t > s.now {
		s.now = t
	}
	return nil
}

// Idle reports whether no foreground thread has anything scheduled.
func (s *Sim) Idle() bool { return s.fg == 0 }

// Close ends every simulated thread (they are all parked) and waits for
// them, so that a run can be thrown away without leaking goroutines.
func (s *Sim) Close() {
	s.killing = true
	for _, g := range s.threads {
		select {
		case <-g.exited:
		default:
			s.unwind(g)
		}
	}
	s.threads = nil
}

// FormatDuration writes d as the scenario language does: 250ms, 10s, 1.5s, 2m, 40µs.
func FormatDuration(d time.Duration) string {
	if d == 0 {
		return "0ms"
	}
	var b [24]byte
	return string(appendDuration(b[:0], d))
}

// appendDuration appends d as FormatDuration writes it.
func appendDuration(b []byte, d time.Duration) []byte {
	switch {
	case d == 0:
		return append(b, "0ms"...)
	case d%time.Minute == 0:
		return append(strconv.AppendInt(b, int64(d/time.Minute), 10), 'm')
	case d%time.Second == 0:
		return append(strconv.AppendInt(b, int64(d/time.Second), 10), 's')
	case d%time.Millisecond == 0 && d < 10*time.Second:
		return append(strconv.AppendInt(b, int64(d/time.Millisecond), 10), "ms"...)
	case d%time.Millisecond == 0:
		return append(strconv.AppendFloat(b, d.Seconds(), 'f', -1, 64), 's')
	default:
		return append(strconv.AppendInt(b, int64(d/time.Microsecond), 10), "µs"...)
	}
}
