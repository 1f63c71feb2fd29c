// Package model folds a trace into what the stage and the inspector show:
// threads and their status, the queue's tokens in order, the event thread's
// ControllerState, the putLock's holder, the processed, preempted and lost
// tallies, metrics. It is pure Go (no syscall/js) so it is tested natively,
// and it reads nothing but trace events: stepping back shows exactly what
// was there, because every state is the fold of a trace prefix.
//
// A Model keeps a snapshot every SnapEvery events, so jumping to any event
// of a long run folds at most SnapEvery events; but never more than
// SnapBytes of them: past that it keeps every other one and spaces them
// twice as far, so a run of large states (a million records) stays within
// a browser tab's memory and only its jumps get slower. And it folds no
// state past StateBytes: a run whose stage would draw thousands of
// consumers, connections or threads is shown up to there (Budget).
package model

import (
	"sort"
	"strconv"
	"strings"
	"unsafe"

	"brokerlab/core/sim"
)

// SnapEvery is the distance between snapshots. Folding one event costs well
// under a microsecond, so 1,000 keeps a jump far below a frame.
const SnapEvery = 1000

// SnapBytes bounds the memory the snapshots hold, as State.size counts it.
const SnapBytes = 64 << 20

// StateBytes bounds what the page builds from a run, as the kernel's
// budgets bound the run itself: a state whose parts the stage draws one by
// one (threads, connections, requests, groups, members, timers, brokers,
// replicas: State.weight) outgrows it at about a thousand consumers,
// connections or threads, more than a stage can draw or a frame can copy;
// New stops folding there, keeps the events before, and Budget says so.
// The lessons' states weigh under 16 KB.
const StateBytes = 512 << 10

// budgetEvery is how often New weighs the state: the budget may be
// passed by that many events' growth.
const budgetEvery = 256

// ControllerState is the subject of the controller's state events; other
// systems' state machines (groups, members) have their own.
const ControllerState = "ControllerState"

// Thread statuses, written out because the stage shows them as words (not
// only as colours).
const (
	NotStarted = "not started"
	Running    = "running"
	Blocked    = "blocked"
	Idle       = "idle" // waiting on its own inbox for the next thing to do
	Busy       = "busy"
	Exited     = "exited"
)

// Thread is one simulated thread as the trace last showed it.
type Thread struct {
	Name   string
	Status string
	On     string // what it is blocked on, or busy for ("putLock", "10ms")
	Since  int64  // virtual µs of the last status change
	Action string // the last action it performed (a scenario or user action)
}

// Token is one QueuedEvent.
type Token struct {
	ID    int
	Item  string // the event's name
	By    string // the thread that put it
	PutAt int64  // virtual µs
	Seq   int    // index of the queue.put event
	Fate  string // "", "processed", "preempted", "ignored", "lost"
	Wait  int64  // µs spent in the queue, once taken
}

// Keep is how many tokens a Tally remembers.
const Keep = 6

// Tally counts the tokens that met one fate.
type Tally struct {
	N    int
	Last []Token // the last Keep of them, oldest first
}

func (t *Tally) add(tok Token) {
	t.N++
	if len(t.Last) == Keep {
		t.Last = append(t.Last[:0:0], t.Last[1:]...)
	}
	t.Last = append(t.Last, tok)
}

// Answer is what a caller's callback received for token ID.
type Answer struct {
	ID   int
	Note string
}

// Metric is the last value recorded for one metric.
type Metric struct {
	Name, Value string
}

// State is the fold of events 0…Seq.
type State struct {
	Seq     int // index of the last folded event; -1 before the first
	T       int64
	Threads []Thread   // in order of first appearance in the whole run
	Ctl     Controller // the controller's event queue (lesson 01's system)

	// These only grow, and rarely: a snapshot shares their backing arrays
	// and a restored state is capped (see clone) so appends never write
	// into them.
	Answers    []Answer
	Metrics    []Metric
	Step       int      // current narration step, -1 before the first
	Failures   []string // expect lines that did not hold
	Invariants []string // violated invariants
	Panic      string

	Net *Net        // the reactors' connections, queues and requests; nil for the controller
	Grp *Groups     // the consumer groups; nil unless the run has one
	Lis *Containers // Spring listener containers; nil unless the run has one
	Clu *Cluster    // the replicated cluster; nil unless the run has one

	// caps is the run's bounded reactor queues' capacities, from their
	// first put (see queueCaps): shared by every state of the run, read only.
	caps map[string]int
	// tidx is each thread's index in Threads, which holds every thread of
	// the run in order (Model.Threads): shared, read only.
	tidx map[string]int
}

// Controller is the controller's part of a state: ControllerEventManager's
// queue, the token in hand, the ControllerState and the putLock.
type Controller struct {
	Queue []Token // head first
	// Hand is the token the event thread took last; it stays in hand while
	// processed and until the next take, so the stage can show it.
	Hand      Token
	Taker     string // the thread holding Hand
	CtlState  string // ControllerState name ("Idle" before the first change)
	CtlValue  string // its byte value
	LockOwner string // holder of the putLock, "" when free

	// Tallies count every token and keep the last few: copying full lists
	// into every state would make a jump in a long run cost a copy of all
	// that run's tokens.
	Processed Tally
	Preempted Tally
	Ignored   Tally
	Lost      Tally
}

// Thread returns the named thread and whether it exists.
func (s State) Thread(name string) (Thread, bool) {
	if i, ok := s.tidx[name]; ok && i < len(s.Threads) && s.Threads[i].Name == name {
		return s.Threads[i], true
	}
	for _, t := range s.Threads {
		if t.Name == name {
			return t, true
		}
	}
	return Thread{}, false
}

// Token returns the token with the given ID if it is in the queue, in hand
// or among the tallies' last tokens, and where it is.
func (s State) Token(id int) (Token, string, bool) {
	for i, t := range s.Ctl.Queue {
		if t.ID == id {
			return t, "queue slot " + strconv.Itoa(i+1) + " of " + strconv.Itoa(len(s.Ctl.Queue)), true
		}
	}
	if s.Ctl.Hand.ID == id && id != 0 {
		return s.Ctl.Hand, "in the hand of " + s.Ctl.Taker, true
	}
	for _, l := range []Tally{s.Ctl.Processed, s.Ctl.Preempted, s.Ctl.Ignored, s.Ctl.Lost} {
		for _, t := range l.Last {
			if t.ID == id {
				return t, t.Fate, true
			}
		}
	}
	return Token{}, "", false
}

// Token finds token id as of event i: from the state, or else from the
// trace (a token that left the tallies' memory long ago).
func (m *Model) Token(i, id int) (Token, string, bool) {
	s := m.At(i)
	if t, where, ok := s.Token(id); ok {
		return t, where, true
	}
	var tok Token
	found := false
	for _, e := range m.Trace[:s.Seq+1] {
		if e.ID != id {
			continue
		}
		switch e.Kind {
		case sim.QueuePut:
			tok, found = Token{ID: id, Item: e.Item, By: e.Actor, PutAt: e.T, Seq: e.Seq}, true
		case sim.QueueTake:
			tok.Wait = e.T - tok.PutAt
		case sim.EventProcess:
			tok.Fate = "processed"
		case sim.EventPreempt:
			tok.Fate = "preempted"
		case sim.EventIgnore:
			tok.Fate = "ignored"
		case sim.Invariant:
			tok.Fate = "lost"
		}
	}
	return tok, tok.Fate, found
}

// Model is a trace with snapshots for random access.
type Model struct {
	Trace   []sim.Event
	Threads []string // every thread of the run (of the events folded), in order of appearance
	States  []Seen   // every ControllerState the run visits, in order of value
	snaps   []State  // snaps[k] is the state after event k*every-1 (snaps[0]: empty)
	every   int      // SnapEvery, doubled each time the snapshots outgrew SnapBytes
	cur     State    // a cache: the last state asked for
	caps    map[string]int
	tidx    map[string]int // Threads by name: their index
	budget  *Budget        // where the fold stopped short of the trace's end, nil if it did not
}

// Seen is a ControllerState name with its byte value.
type Seen struct {
	Name, Value string
}

// New folds the whole trace once, keeping snapshots; but never past a
// state of StateBytes (see Budget).
func New(trace []sim.Event) *Model {
	m := &Model{Trace: trace}
	m.tidx = map[string]int{}
	for _, e := range trace {
		if _, seen := m.tidx[e.Actor]; isThreadEvent(e) && !seen {
			m.tidx[e.Actor] = len(m.Threads)
			m.Threads = append(m.Threads, e.Actor)
		}
	}
	m.caps = queueCaps(trace)
	s := m.empty()
	m.every = SnapEvery
	m.snaps = append(m.snaps, s.clone())
	bytes := 0
	started := 0 // the threads seen so far: Threads[:started]
	for i, e := range trace {
		s.apply(e)
		if k, ok := m.tidx[e.Actor]; ok && k >= started && isThreadEvent(e) {
			started = k + 1
		}
		if (i+1)%m.every == 0 {
			m.snaps = append(m.snaps, s.clone())
			bytes += s.size()
			for bytes > SnapBytes && len(m.snaps) > 1 {
				// snaps[2k] is the state after event k*(2*every)-1.
				kept, b := m.snaps[:0], 0
				for k := 0; k < len(m.snaps); k += 2 {
					kept = append(kept, m.snaps[k])
					b += m.snaps[k].size()
				}
				clear(m.snaps[len(kept):])
				m.snaps, bytes, m.every = kept, b, 2*m.every
			}
		}
		if ((i+1)%budgetEvery == 0 || i == len(trace)-1) && s.weight(len(m.Threads)-started) > StateBytes {
			m.cut(i+1, started, s.T)
			break
		}
	}
	states := map[string]string{}
	for _, e := range m.Trace {
		if e.Kind == sim.State && e.Subj == ControllerState {
			if _, ok := states[e.From]; !ok && e.From != "" {
				states[e.From] = ""
			}
			states[e.To] = e.Note
		}
	}
	if len(states) > 0 {
		if _, ok := states["Idle"]; ok {
			states["Idle"] = "0"
		}
		for n, v := range states {
			m.States = append(m.States, Seen{n, v})
		}
		sortSeen(m.States)
	}
	m.cur = m.snaps[0].clone()
	return m
}

// cut ends the model after its first n events, past which its state
// outgrew StateBytes (at t µs); the first started threads are the ones
// those events saw.
func (m *Model) cut(n, started int, t int64) {
	m.budget = &Budget{Events: n, Of: len(m.Trace), T: t, Bytes: StateBytes}
	m.Trace = m.Trace[:n:n]
	for _, name := range m.Threads[started:] {
		delete(m.tidx, name)
	}
	m.Threads = m.Threads[:started:started]
	for k := range m.snaps {
		m.snaps[k].Threads = m.snaps[k].Threads[:started:started]
	}
}

// Budget says where a model stopped at StateBytes: the page words it (the
// model reads the trace, and no catalog).
type Budget struct {
	Events int   // the events it folded, the trace's first
	Of     int   // the trace's events
	T      int64 // µs: the virtual time of the last one folded
	Bytes  int   // StateBytes
}

// Budget is where the model stopped at StateBytes, nil if it folded the
// whole trace.
func (m *Model) Budget() *Budget { return m.budget }

func (m *Model) empty() State {
	s := State{Seq: -1, Step: -1, Ctl: Controller{CtlState: "Idle", CtlValue: "0"}, caps: m.caps, tidx: m.tidx}
	for _, n := range m.Threads {
		s.Threads = append(s.Threads, Thread{Name: n, Status: NotStarted})
	}
	return s
}

// Len is the number of events.
func (m *Model) Len() int { return len(m.Trace) }

// At returns the state after event i (i = -1: before any). The result is
// the caller's: later calls do not change it.
func (m *Model) At(i int) State {
	if i < -1 {
		i = -1
	}
	if i >= len(m.Trace) {
		i = len(m.Trace) - 1
	}
	if i < m.cur.Seq || i-m.cur.Seq > m.every {
		m.cur = m.snaps[(i+1)/m.every].clone()
	}
	for m.cur.Seq < i {
		m.cur.apply(m.Trace[m.cur.Seq+1])
	}
	return m.cur.clone()
}

func (s *State) clone() State {
	c := *s
	c.Threads = append([]Thread(nil), s.Threads...)
	c.Ctl.Queue = append([]Token(nil), s.Ctl.Queue...)
	c.Metrics = append([]Metric(nil), s.Metrics...)
	for _, t := range []*Tally{&c.Ctl.Processed, &c.Ctl.Preempted, &c.Ctl.Ignored, &c.Ctl.Lost} {
		t.Last = append([]Token(nil), t.Last...)
	}
	c.Answers = s.Answers[:len(s.Answers):len(s.Answers)]
	c.Failures = s.Failures[:len(s.Failures):len(s.Failures)]
	c.Invariants = s.Invariants[:len(s.Invariants):len(s.Invariants)]
	c.Net = s.Net.clone()
	c.Grp = s.Grp.clone()
	c.Lis = s.Lis.clone()
	c.Clu = s.Clu.clone()
	return c
}

// size is about the bytes a clone of s copies: what SnapBytes counts.
func (s *State) size() int {
	n := int(unsafe.Sizeof(*s)) + len(s.Threads)*int(unsafe.Sizeof(Thread{})) +
		(len(s.Ctl.Queue)+len(s.Ctl.Processed.Last)+len(s.Ctl.Preempted.Last)+len(s.Ctl.Ignored.Last)+len(s.Ctl.Lost.Last))*int(unsafe.Sizeof(Token{})) +
		len(s.Metrics)*int(unsafe.Sizeof(Metric{}))
	return n + s.Net.size() + s.Grp.size() + s.Lis.size() + s.Clu.size()
}

// weight is what StateBytes bounds: size without the threads yet to start
// (every state lists them, no stage draws them) nor the listener's
// records (a partition's records are drawn as one strip, however many;
// SnapBytes bounds the snapshots that hold them).
func (s *State) weight(unstarted int) int {
	return s.size() - unstarted*int(unsafe.Sizeof(Thread{})) - s.Lis.records()
}

// isThreadEvent says whether e tells something about its actor as a thread.
// Narration, expectations and the kernel's own reports do not.
func isThreadEvent(e sim.Event) bool {
	switch e.Kind {
	case sim.Step, sim.Expect, sim.Invariant, sim.Panic:
		return false
	}
	return e.Actor != "" && e.Actor != "scenario" // the kernel's host side
}

func (s *State) thread(name string) *Thread {
	if i, ok := s.tidx[name]; ok && i < len(s.Threads) && s.Threads[i].Name == name {
		return &s.Threads[i]
	}
	for i := range s.Threads {
		if s.Threads[i].Name == name {
			return &s.Threads[i]
		}
	}
	s.Threads = append(s.Threads, Thread{Name: name, Status: NotStarted})
	return &s.Threads[len(s.Threads)-1]
}

func (s *State) set(e sim.Event, status, on string) {
	t := s.thread(e.Actor)
	if t.Status != status || t.On != on {
		t.Since = e.T
	}
	t.Status, t.On = status, on
}

func (s *State) apply(e sim.Event) {
	s.Seq, s.T = e.Seq, e.T
	if isThreadEvent(e) {
		s.set(e, Running, "")
	}
	if isNet(e) {
		if s.Net == nil {
			s.Net = &Net{caps: s.caps}
		}
		s.Net.apply(e)
	}
	if isGroup(e) {
		if s.Grp == nil {
			s.Grp = &Groups{}
		}
		s.Grp.apply(e)
	}
	if isListener(e) {
		if s.Lis == nil {
			s.Lis = &Containers{}
		}
		s.Lis.apply(e)
	}
	if isCluster(e) {
		if s.Clu == nil {
			s.Clu = &Cluster{}
		}
		s.Clu.apply(e)
	}
	switch e.Kind {
	case sim.ThreadExit:
		s.set(e, Exited, "")
		if s.Ctl.LockOwner == e.Actor {
			s.Ctl.LockOwner = ""
		}
	case sim.Sleep:
		s.set(e, Busy, e.Note)
	case sim.LockWait:
		s.set(e, Blocked, e.Subj)
	case sim.LockAcquire:
		s.Ctl.LockOwner = e.Actor
	case sim.LockRelease:
		if s.Ctl.LockOwner == e.Actor {
			s.Ctl.LockOwner = ""
		}
	case sim.QueueWait, sim.SelectWait:
		if s.Net != nil && e.Note != "full" {
			s.Net.release(e.Actor, 0)
		}
	}
	switch e.Kind {
	case sim.QueueWait:
		// Waiting to take from an empty queue is waiting for work; only a
		// put into a full queue is stuck (backpressure).
		if e.Note == "full" {
			s.set(e, Blocked, e.Subj)
		} else {
			s.set(e, Idle, e.Subj)
		}
	case sim.SelectWait:
		s.set(e, Idle, e.Note)
	case sim.LatchAwait:
		if strings.Contains(e.Note, "block") {
			s.set(e, Blocked, e.Subj+" #"+strconv.Itoa(e.ID))
		}
	case sim.LatchCountDown:
		if e.Note == "count 0" {
			on := e.Subj + " #" + strconv.Itoa(e.ID)
			for i := range s.Threads {
				if t := &s.Threads[i]; t.Status == Blocked && t.On == on {
					t.Status, t.On, t.Since = Running, "", e.T
				}
			}
		}
	case sim.Action:
		s.thread(e.Actor).Action = e.Note
	case sim.QueuePut:
		if e.Subj != ControllerQueue {
			return
		}
		s.Ctl.Queue = append(s.Ctl.Queue, Token{ID: e.ID, Item: e.Item, By: e.Actor, PutAt: e.T, Seq: e.Seq})
	case sim.QueueTake:
		if e.Subj == ControllerQueue {
			s.take(e)
		}
	case sim.QueueClear:
		if e.Subj != ControllerQueue {
			return
		}
		// A token cleared without having been preempted is lost: nobody
		// will process it and its caller will never hear back.
		for _, t := range s.Ctl.Queue {
			if t.Fate == "" {
				t.Fate = "lost"
				s.Ctl.Lost.add(t)
			}
		}
		s.Ctl.Queue = s.Ctl.Queue[:0]
	case sim.EventProcess:
		s.fate(e, "processed", &s.Ctl.Processed)
	case sim.EventIgnore:
		s.fate(e, "ignored", &s.Ctl.Ignored)
	case sim.EventPreempt:
		s.fate(e, "preempted", &s.Ctl.Preempted)
	case sim.Callback:
		s.Answers = append(s.Answers, Answer{e.ID, e.Note})
	case sim.State:
		if e.Subj == ControllerState {
			s.Ctl.CtlState, s.Ctl.CtlValue = e.To, e.Note
		}
	case sim.Metric:
		s.metric(e.Subj, e.Note)
	case sim.Step:
		s.Step = e.ID
	case sim.Expect:
		if e.Note != "ok" && !strings.HasSuffix(e.Note, ": ok") {
			s.Failures = append(s.Failures, e.Note)
		}
	case sim.Invariant:
		s.Invariants = append(s.Invariants, e.Note)
		if e.ID != 0 {
			s.lose(e)
		}
	case sim.Panic:
		s.Panic = e.Note
	}
}

func (s *State) take(e sim.Event) {
	tok := Token{ID: e.ID, Item: e.Item}
	for i, t := range s.Ctl.Queue {
		if t.ID == e.ID {
			tok = t
			// The queue is this state's own (clone copies it), so deleting in
			// place is safe; the head, the usual case, is a reslice.
			if i == 0 {
				s.Ctl.Queue = s.Ctl.Queue[1:]
			} else {
				s.Ctl.Queue = append(s.Ctl.Queue[:i], s.Ctl.Queue[i+1:]...)
			}
			break
		}
	}
	tok.Wait = e.T - tok.PutAt
	s.Ctl.Hand, s.Ctl.Taker = tok, e.Actor
}

// fate records what became of token e.ID, wherever it is now.
func (s *State) fate(e sim.Event, fate string, list *Tally) {
	tok := Token{ID: e.ID, Item: e.Item}
	switch {
	case s.Ctl.Hand.ID == e.ID:
		s.Ctl.Hand.Fate = fate
		tok = s.Ctl.Hand
	default:
		for i := range s.Ctl.Queue {
			if s.Ctl.Queue[i].ID == e.ID {
				s.Ctl.Queue[i].Fate = fate
				tok = s.Ctl.Queue[i]
			}
		}
	}
	tok.Fate = fate
	list.add(tok)
}

func (s *State) lose(e sim.Event) {
	for _, t := range s.Ctl.Lost.Last {
		if t.ID == e.ID {
			return
		}
	}
	tok := Token{ID: e.ID, Item: e.Item, Fate: "lost"}
	for i, t := range s.Ctl.Queue {
		if t.ID == e.ID {
			tok = t
			tok.Fate = "lost"
			s.Ctl.Queue = append(s.Ctl.Queue[:i], s.Ctl.Queue[i+1:]...)
			break
		}
	}
	s.Ctl.Lost.add(tok)
}

// Answer returns the last callback answer for token id, "" if none.
func (s State) Answer(id int) string {
	for i := len(s.Answers) - 1; i >= 0; i-- {
		if s.Answers[i].ID == id {
			return s.Answers[i].Note
		}
	}
	return ""
}

func (s *State) metric(name, value string) {
	for i := range s.Metrics {
		if s.Metrics[i].Name == name {
			s.Metrics[i].Value = value
			return
		}
	}
	s.Metrics = append(s.Metrics, Metric{name, value})
}

func sortSeen(l []Seen) {
	num := func(v string) int {
		n, err := strconv.Atoi(v)
		if err != nil {
			return 1 << 20
		}
		return n
	}
	sort.Slice(l, func(i, j int) bool {
		a, b := num(l[i].Value), num(l[j].Value)
		return a < b || a == b && l[i].Name < l[j].Name
	})
}
