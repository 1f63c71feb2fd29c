package controller

import (
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"

	"brokerlab/core/sim"
)

// Upstream places the event manager's steps mirror (apache/kafka 2.5.0).
const (
	srcPut         = "ControllerEventManager.scala ControllerEventManager.put"
	srcClearAndPut = "ControllerEventManager.scala ControllerEventManager.clearAndPut"
	srcDoWork      = "ControllerEventManager.scala ControllerEventThread.doWork"
	srcProcess     = "ControllerEventManager.scala QueuedEvent.process"
	srcPreempt     = "ControllerEventManager.scala QueuedEvent.preempt"
	srcAwait       = "ControllerEventManager.scala QueuedEvent.awaitProcessing"
	srcClose       = "ControllerEventManager.scala ControllerEventManager.close"
	srcShutdown    = "ShutdownableThread.scala ShutdownableThread.run"
	queueName      = "ControllerEventManager.queue"
)

// Event is one ControllerEvent: its type, its fields and, for events that
// carry one, the caller's callback.
type Event struct {
	Type     *EventType
	Args     []Arg               // in the order given
	Callback func(result string) // nil if the event has no callback
}

// Arg is one field of an event (put ControlledShutdown id=2).
type Arg struct{ Key, Value string }

// Label is the event as the trace and the UI show it: BrokerModifications(brokerId=2).
func (e Event) Label() string {
	if len(e.Args) == 0 {
		return e.Type.Name
	}
	parts := make([]string, len(e.Args))
	for i, a := range e.Args {
		parts[i] = a.Key + "=" + a.Value
	}
	return e.Type.Name + "(" + strings.Join(parts, ",") + ")"
}

// Processor is ControllerEventProcessor: KafkaController implements it.
type Processor interface {
	Process(e Event)
	Preempt(e Event)
}

// Fate is what happened to a QueuedEvent.
type Fate int

const (
	Pending   Fate = iota // still in the queue (or taken and not yet started)
	Processed             // QueuedEvent.process ran the processor
	Preempted             // QueuedEvent.preempt ran the processor's preempt
	Ignored               // dequeued and not processed: ShutdownEventThread, or already spent
	Lost                  // cleared from the queue without either: the putLock race
)

// QueuedEvent wraps an event with its enqueue time, the spent flag and the
// processingStarted latch, as ControllerEventManager.scala does.
type QueuedEvent struct {
	ID                int
	Event             Event
	EnqueueTime       time.Duration
	spent             bool
	processingStarted *sim.Latch
	Fate              Fate
}

func label(q *QueuedEvent) (int, string) { return q.ID, q.Event.Label() }

// process runs the event unless it was already spent (preempted).
func (q *QueuedEvent) process(s *sim.Sim, p Processor) bool {
	if q.spent {
		return false
	}
	q.spent = true
	q.processingStarted.CountDown(srcProcess)
	q.Fate = Processed
	s.Emit(sim.Event{Kind: sim.EventProcess, ID: q.ID, Item: q.Event.Label(), Src: srcProcess})
	p.Process(q.Event)
	return true
}

// preempt hands the event to the processor's preempt unless it was spent.
func (q *QueuedEvent) preempt(s *sim.Sim, p Processor) {
	if q.spent {
		return
	}
	q.spent = true
	q.Fate = Preempted
	s.Emit(sim.Event{Kind: sim.EventPreempt, ID: q.ID, Item: q.Event.Label(), Src: srcPreempt})
	p.Preempt(q.Event)
}

// AwaitProcessing blocks until processing of the event has started (not finished).
func (q *QueuedEvent) AwaitProcessing() { q.processingStarted.Await(srcAwait) }

// Histogram is a Yammer histogram reduced to what the lesson shows.
type Histogram struct {
	Count   int
	SumMs   float64
	MaxMs   float64
	samples []float64
}

func (h *Histogram) update(ms float64) {
	h.Count++
	h.SumMs += ms
	if ms > h.MaxMs {
		h.MaxMs = ms
	}
	h.samples = append(h.samples, ms)
}

// Quantile is the q-th quantile of the recorded values (nearest rank).
func (h *Histogram) Quantile(q float64) float64 {
	if len(h.samples) == 0 {
		return 0
	}
	s := append([]float64(nil), h.samples...)
	sort.Float64s(s)
	i := int(q*float64(len(s))+0.999999) - 1
	if i < 0 {
		i = 0
	}
	return s[i]
}

// EventManager is ControllerEventManager: one unbounded queue, the
// putLock, and the controller-event-thread that alone processes events.
type EventManager struct {
	s       *sim.Sim
	proc    Processor
	queue   *sim.Queue[*QueuedEvent]
	putLock *sim.Lock     // nil when the what-if removes it
	preempt time.Duration // Config.PreemptTime

	state            *State
	running          bool // ShutdownableThread.isRunning
	shutdownComplete *sim.Latch
	thread           *sim.G
	metricsRemoved   bool

	// EventQueueTimeMs, and one RateAndTimeMs timer per state that has one.
	QueueTime Histogram
	Timers    map[string]*Histogram // read by name only: never iterated

	All        []*QueuedEvent // every QueuedEvent ever put, in put order
	Violations []string

	names func(string) string // prefixes names with the controller's host
}

func newEventManager(s *sim.Sim, proc Processor, cfg Config) *EventManager {
	m := &EventManager{s: s, proc: proc, state: &States[0], Timers: map[string]*Histogram{}, names: cfg.name, preempt: cfg.PreemptTime}
	m.queue = sim.NewQueue(s, cfg.name(queueName), 0, label)
	if cfg.PutLock {
		m.putLock = sim.NewLock(s, cfg.name("putLock"))
	}
	for _, st := range States {
		if st.Metric != "" {
			m.Timers[st.Metric] = &Histogram{}
		}
	}
	m.shutdownComplete = sim.NewLatch(s, cfg.name("shutdownComplete"), 0, 1)
	return m
}

// Start starts the controller-event-thread.
func (m *EventManager) Start() {
	m.running = true
	m.thread = m.s.Go(m.names(EventThread), m.run)
}

// State is the current ControllerState.
func (m *EventManager) State() *State { return m.state }

// QueueSize is the EventQueueSize gauge.
func (m *EventManager) QueueSize() int { return m.queue.Len() }

// Queued returns the queued events, head first.
func (m *EventManager) Queued() []*QueuedEvent { return m.queue.Items() }

// Running reports whether the event thread is alive.
func (m *EventManager) Running() bool { return m.thread != nil && !m.thread.Done() }

// MetricsRemoved reports whether close() removed EventQueueTimeMs and EventQueueSize.
func (m *EventManager) MetricsRemoved() bool { return m.metricsRemoved }

// PutLockWaits counts the puts and clearAndPuts that waited for the putLock.
func (m *EventManager) PutLockWaits() int {
	if m.putLock == nil {
		return 0
	}
	return m.putLock.Waits()
}

// PutLockHolder names the thread holding the putLock, "" if none (or no lock).
func (m *EventManager) PutLockHolder() string {
	if m.putLock == nil || m.putLock.Holder() == nil {
		return ""
	}
	return m.putLock.Holder().Name
}

// run is ShutdownableThread.run: doWork while isRunning.
func (m *EventManager) run() {
	for m.running {
		m.doWork()
	}
	m.shutdownComplete.CountDown(srcShutdown)
}

// doWork is ControllerEventThread.doWork of Kafka 2.5.
func (m *EventManager) doWork() {
	q := m.queue.Take(srcDoWork)
	if q.Event.Type.Name == "ShutdownEventThread" {
		q.Fate = Ignored
		m.s.Emit(sim.Event{Kind: sim.EventIgnore, ID: q.ID, Item: q.Event.Label(), Note: "shutdown already initiated", Src: srcDoWork})
		return
	}
	st, _ := LookupState(q.Event.Type.State)
	m.setState(st)
	m.record("EventQueueTimeMs", &m.QueueTime, m.s.Now()-q.EnqueueTime)
	start := m.s.Now()
	if !q.process(m.s, m.proc) {
		m.s.Emit(sim.Event{Kind: sim.EventIgnore, ID: q.ID, Item: q.Event.Label(), Note: "already spent: it was preempted", Src: srcProcess})
	}
	if st.Metric != "" {
		m.record(st.Metric, m.Timers[st.Metric], m.s.Now()-start)
	}
	m.setState(&States[0])
}

func (m *EventManager) setState(st *State) {
	if st == m.state {
		return
	}
	m.s.Emit(sim.Event{Kind: sim.State, Subj: "ControllerState", From: m.state.Name, To: st.Name, Note: strconv.Itoa(int(st.Value)), Src: srcDoWork})
	m.state = st
}

func (m *EventManager) record(name string, h *Histogram, d time.Duration) {
	ms := float64(d) / float64(time.Millisecond)
	h.update(ms)
	m.s.Emit(sim.Event{Kind: sim.Metric, Subj: name, Note: strconv.FormatFloat(ms, 'f', -1, 64) + "ms", Src: srcDoWork})
}

func (m *EventManager) lock(src string) {
	if m.putLock != nil {
		m.putLock.Lock(src)
	}
}

func (m *EventManager) unlock(src string) {
	if m.putLock != nil {
		m.putLock.Unlock(src)
	}
}

// Put is ControllerEventManager.put: under the putLock, wrap and enqueue.
func (m *EventManager) Put(e Event) *QueuedEvent {
	m.lock(srcPut)
	defer m.unlock(srcPut)
	return m.put(e)
}

func (m *EventManager) put(e Event) *QueuedEvent {
	id := m.s.NextToken()
	q := &QueuedEvent{ID: id, Event: e, EnqueueTime: m.s.Now(),
		processingStarted: sim.NewLatch(m.s, m.names("processingStarted"), id, 1)}
	m.All = append(m.All, q)
	m.queue.Put(q, srcPut)
	return q
}

// ClearAndPut is ControllerEventManager.clearAndPut of Kafka 2.5: under the
// putLock, preempt every queued event (on the caller's thread), clear the
// queue, then put e. The thread may be descheduled between these steps; a
// put from another thread that lands after the preempt loop and before the
// clear is lost unless the putLock keeps it out.
func (m *EventManager) ClearAndPut(e Event) *QueuedEvent {
	m.lock(srcClearAndPut)
	defer m.unlock(srcClearAndPut)
	// queue.forEach(_.preempt(processor)) walks a LinkedBlockingQueue.Itr,
	// which steps to an event's successor before the action runs on it
	// (Itr.next; JDK 8 LinkedBlockingQueue.java L835-849): an event put
	// while the last queued one is being preempted is never visited, and
	// queue.clear() then drops it unless the putLock kept the put out.
	var cur *QueuedEvent
	if items := m.queue.Items(); len(items) > 0 {
		cur = items[0]
	}
	for cur != nil {
		next := m.successor(cur)
		cur.preempt(m.s, m.proc)
		m.s.Yield()
		if m.preempt > 0 {
			m.s.Sleepf(m.preempt, "preempt")
		}
		cur = next
	}
	m.s.Yield()
	for _, q := range m.queue.Clear(srcClearAndPut) {
		if !q.spent {
			q.spent = true
			q.Fate = Lost
			e := sim.Event{Kind: sim.Invariant, ID: q.ID, Item: q.Event.Label(), Src: srcClearAndPut}.
				Notef("QueuedEvent #%d %s was cleared from the queue without being processed or preempted", q.ID, q.Event.Label())
			m.Violations = append(m.Violations, e.Note)
			m.s.Emit(e)
		}
	}
	return m.put(e)
}

// successor is the event after q in the queue, nil if q is the last; if
// controller-event-thread has taken q meanwhile, the queue's head
// (LinkedBlockingQueue.Itr.nextNode: a taken node links to itself, and the
// iterator goes on from head.next).
func (m *EventManager) successor(q *QueuedEvent) *QueuedEvent {
	items := m.queue.Items()
	i := slices.Index(items, q)
	switch {
	case i < 0 && len(items) > 0:
		return items[0]
	case i >= 0 && i+1 < len(items):
		return items[i+1]
	}
	return nil
}

// Close is ControllerEventManager.close: initiate shutdown, wake the thread
// with ShutdownEventThread (preempting whatever is queued), wait for it to
// exit, remove the metrics.
func (m *EventManager) Close(shutdown Event) {
	m.running = false // thread.initiateShutdown(): not interruptible, it finishes its event
	m.ClearAndPut(shutdown)
	m.shutdownComplete.Await(srcClose)
	m.metricsRemoved = true
}

// Count returns how many QueuedEvents met fate f, and their labels in order.
func (m *EventManager) Count(f Fate) []string {
	var out []string
	for _, q := range m.All {
		if q.Fate == f {
			out = append(out, q.Event.Label())
		}
	}
	return out
}
