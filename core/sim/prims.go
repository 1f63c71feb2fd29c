package sim

import (
	"slices"
	"time"

	"brokerlab/core/msg"
)

// Queue is a blocking FIFO queue: unbounded like LinkedBlockingQueue
// (capacity 0) or bounded like ArrayBlockingQueue, whose Put blocks when full.
type Queue[T any] struct {
	s       *Sim
	name    string
	cap     int
	label   func(T) (int, string)
	words   bool // a token may word its label (ItemWords)
	buf     []T  // the items are buf[head:]
	head    int
	takers  []wref
	putters []wref
}

// NewQueue returns a queue named name (as it appears in the trace).
// capacity 0 means unbounded; label gives a token's id and name for the trace.
func NewQueue[T any](s *Sim, name string, capacity int, label func(T) (int, string)) *Queue[T] {
	var zero T
	_, words := any(zero).(itemWords)
	words = words || any(zero) == nil // T is an interface: each token says
	return &Queue[T]{s: s, name: name, cap: capacity, label: label, words: words}
}

// itemWords is a token whose label is words.
type itemWords interface{ ItemWords() *msg.Note }

// Len is the number of queued items.
func (q *Queue[T]) Len() int { return len(q.buf) - q.head }

// Items returns the queued items, head first. The slice is the caller's.
func (q *Queue[T]) Items() []T { return append([]T(nil), q.buf[q.head:]...) }

// emit is the event of a put or take, noted with the queue's size ("size
// 3", or "size 3/500" for a bounded queue, so a reader of the trace sees
// how full it is); built only when the trace is kept.
func (q *Queue[T]) emit(kind Kind, x T, src string) {
	if !q.s.keep {
		q.s.Emit(Event{})
		return
	}
	id, item := q.label(x)
	e := Event{Kind: kind, Subj: q.name, ID: id, Item: item, Src: src}
	if q.words { // checked only where T may word its tokens: any(x) of another T may allocate
		if w, ok := any(x).(itemWords); ok {
			e.ItemWords = w.ItemWords()
		}
	}
	if q.cap > 0 {
		q.s.emitKnote(e, noteInts("size %d/%d", q.Len(), q.cap))
		return
	}
	q.s.emitKnote(e, noteInts("size %d", q.Len()))
}

func (q *Queue[T]) full() bool { return q.cap > 0 && q.Len() >= q.cap }

// Put appends x, blocking while a bounded queue is full.
func (q *Queue[T]) Put(x T, src string) {
	for q.full() {
		g := q.s.self("Queue.Put")
		w := g.begin()
		q.putters = append(q.putters, w)
		q.s.Emit(Event{Kind: QueueWait, Subj: q.name, Note: "full", Src: src})
		q.s.park(g)
	}
	q.add(x, src)
}

// Offer appends x unless a bounded queue is full.
func (q *Queue[T]) Offer(x T, src string) bool {
	if q.full() {
		return false
	}
	q.add(x, src)
	return true
}

func (q *Queue[T]) add(x T, src string) {
	if q.head > 0 && len(q.buf) == cap(q.buf) && q.head >= len(q.buf)/2 {
		n := copy(q.buf, q.buf[q.head:])
		clear(q.buf[n:])
		q.buf, q.head = q.buf[:n], 0
	}
	q.buf = append(q.buf, x)
	q.emit(QueuePut, x, src)
	q.takers = wakeOne(q.s, q.takers)
}

// Take removes and returns the head, blocking while the queue is empty.
func (q *Queue[T]) Take(src string) T {
	for q.Len() == 0 {
		g := q.s.self("Queue.Take")
		w := g.begin()
		q.takers = append(q.takers, w)
		q.s.Emit(Event{Kind: QueueWait, Subj: q.name, Note: "empty", Src: src})
		q.s.park(g)
	}
	return q.remove(src)
}

// Poll is Take with a timeout; ok is false if it expired.
func (q *Queue[T]) Poll(timeout time.Duration, src string) (x T, ok bool) {
	var dst T
	if q.s.Select(src, q.Recv(&dst, src), After(timeout)) == 0 {
		return dst, true
	}
	return x, false
}

func (q *Queue[T]) remove(src string) T {
	x := q.buf[q.head]
	var zero T
	q.buf[q.head] = zero
	if q.head++; q.head == len(q.buf) {
		q.buf, q.head = q.buf[:0], 0
	}
	q.emit(QueueTake, x, src)
	q.putters = wakeOne(q.s, q.putters)
	return x
}

// Clear removes every item and returns them, head first.
func (q *Queue[T]) Clear(src string) []T {
	out := q.Items()
	clear(q.buf)
	q.buf, q.head = q.buf[:0], 0
	q.s.emitKnote(Event{Kind: QueueClear, Subj: q.name, Src: src}, noteInts("removed %d", len(out)))
	for len(q.putters) > 0 {
		q.putters = wakeOne(q.s, q.putters)
	}
	return out
}

// Recv is a select case that takes the head of q into *dst.
func (q *Queue[T]) Recv(dst *T, src string) Case { return &recvCase[T]{q: q, dst: dst, src: src} }

type recvCase[T any] struct {
	q   *Queue[T]
	dst *T
	src string
}

func (c *recvCase[T]) try() bool {
	if c.q.Len() == 0 {
		return false
	}
	*c.dst = c.q.remove(c.src)
	return true
}
func (c *recvCase[T]) enlist(w wref) { c.q.takers = append(c.q.takers, w) }
func (c *recvCase[T]) name() string  { return c.q.name }

// wakeOne wakes the first live waiter and returns the rest, in place.
func wakeOne(s *Sim, ws []wref) []wref {
	for len(ws) > 0 {
		w := ws[0]
		ws = ws[:copy(ws, ws[1:])]
		if s.wake(w) {
			break
		}
	}
	return ws
}

// Lock is a ReentrantLock: a waiting thread gets it in arrival order.
type Lock struct {
	s       *Sim
	name    string
	holder  *G
	count   int
	waiters []wref
	waits   int
}

// NewLock returns a lock named name.
func NewLock(s *Sim, name string) *Lock { return &Lock{s: s, name: name} }

// Waits counts the times a thread had to wait for the lock.
func (l *Lock) Waits() int { return l.waits }

// Holder is the thread holding the lock, or nil.
func (l *Lock) Holder() *G { return l.holder }

// Lock acquires the lock, blocking while another thread holds it.
func (l *Lock) Lock(src string) {
	g := l.s.self("Lock.Lock")
	if l.holder == g {
		l.count++
		return
	}
	if l.holder != nil {
		w := g.begin()
		l.waiters = append(l.waiters, w)
		l.waits++
		l.s.emitKnote(Event{Kind: LockWait, Subj: l.name, Src: src}, noteStrs("held by %s", l.holder.Name))
		l.s.park(g) // Unlock made us the holder before waking us
	} else {
		l.holder = g
		g.locks = append(g.locks, l)
	}
	l.count = 1
	l.s.Emit(Event{Kind: LockAcquire, Subj: l.name, Src: src})
}

// Unlock releases one hold; the last one hands the lock to the next waiter.
func (l *Lock) Unlock(src string) {
	g := l.s.self("Lock.Unlock")
	if l.holder != g {
		panic("sim: unlock of " + l.name + " by a thread that does not hold it")
	}
	if l.count--; l.count > 0 {
		return
	}
	l.release(g, "", src)
}

// release frees the lock held by g and hands it to the next live waiter.
func (l *Lock) release(g *G, note, src string) {
	l.holder, l.count = nil, 0
	if i := slices.Index(g.locks, l); i >= 0 {
		g.locks = slices.Delete(g.locks, i, i+1)
	}
	l.s.Emit(Event{Kind: LockRelease, Subj: l.name, Actor: g.Name, Note: note, Src: src})
	for len(l.waiters) > 0 {
		w := l.waiters[0]
		l.waiters = l.waiters[1:]
		if l.s.wake(w) {
			l.holder = w.g
			w.g.locks = append(w.g.locks, l)
			break
		}
	}
}

// Latch is a CountDownLatch.
type Latch struct {
	s       *Sim
	name    string
	id      int
	count   int
	waiters []wref
}

// NewLatch returns a latch named name belonging to token id (0: none).
func NewLatch(s *Sim, name string, id, count int) *Latch {
	return &Latch{s: s, name: name, id: id, count: count}
}

// Count is what is left to count down.
func (l *Latch) Count() int { return l.count }

// CountDown decrements the count; reaching zero releases every waiter.
func (l *Latch) CountDown(src string) {
	if l.count == 0 {
		return
	}
	l.count--
	l.s.emitKnote(Event{Kind: LatchCountDown, Subj: l.name, ID: l.id, Src: src}, noteInts("count %d", l.count))
	if l.count == 0 {
		for _, w := range l.waiters {
			l.s.wake(w)
		}
		l.waiters = nil
	}
}

// Await blocks until the count reaches zero.
func (l *Latch) Await(src string) {
	if l.count == 0 {
		l.s.Emit(Event{Kind: LatchAwait, Subj: l.name, ID: l.id, Note: "open", Src: src})
		return
	}
	g := l.s.self("Latch.Await")
	for l.count > 0 {
		w := g.begin()
		l.waiters = append(l.waiters, w)
		l.s.Emit(Event{Kind: LatchAwait, Subj: l.name, ID: l.id, Note: "blocked", Src: src})
		l.s.park(g)
	}
}

// Done is a select case ready once the latch is open.
func (l *Latch) Done() Case { return latchCase{l} }

type latchCase struct{ l *Latch }

func (c latchCase) try() bool     { return c.l.count == 0 }
func (c latchCase) enlist(w wref) { c.l.waiters = append(c.l.waiters, w) }
func (c latchCase) name() string  { return c.l.name }

// Case is one alternative of Select.
type Case interface {
	try() bool     // complete the operation if it can without blocking
	enlist(w wref) // be woken when it might
	name() string
}

type afterCase struct{ d time.Duration }

// After is a select case that fires after d of virtual time.
func After(d time.Duration) Case { return afterCase{d} }

func (afterCase) try() bool      { return false }
func (afterCase) enlist(wref)    {}
func (c afterCase) name() string { return "timeout " + FormatDuration(c.d) }

// Select blocks until one case completes and returns its index: the first
// ready case in order, or the one that became ready, or an After that expired.
func (s *Sim) Select(src string, cases ...Case) int {
	g := s.self("Select")
	var deadline time.Duration = -1
	timeoutAt := -1
	for i, c := range cases {
		if a, ok := c.(afterCase); ok && timeoutAt < 0 {
			deadline, timeoutAt = s.now+a.d, i
		}
	}
	for {
		for i, c := range cases {
			if c.try() {
				return i
			}
		}
		if timeoutAt >= 0 && s.now >= deadline {
			return timeoutAt
		}
		w := g.begin()
		for i, c := range cases {
			wi := w
			wi.which = i
			c.enlist(wi)
		}
		if timeoutAt >= 0 {
			s.timeout(w, deadline, timeoutAt)
		}
		s.selectWait(src, cases)
		s.park(g)
		if g.which == timeoutAt {
			return timeoutAt
		}
	}
}

// selectWait emits the event of a select that blocks, noted with its
// cases' names, "a | b", a timeout last as "a | timeout 5s".
func (s *Sim) selectWait(src string, cases []Case) {
	e := Event{Kind: SelectWait, Src: src}
	if !s.keep {
		s.Emit(e)
		return
	}
	n := len(cases) - 1
	a, timeout := cases[n].(afterCase)
	if !timeout {
		n++
	}
	names := s.kept(appendNames(s.textBuf(), cases[:n]))
	switch {
	case timeout && n == 0:
		s.emitKnote(e, noteStrs("timeout %s", s.kept(appendDuration(s.textBuf(), a.d))))
	case timeout:
		s.emitKnote(e, noteStrs("%s | timeout %s", names, s.kept(appendDuration(s.textBuf(), a.d))))
	default:
		e.Note = names
		s.Emit(e)
	}
}

// appendNames appends the cases' names, "a | b".
func appendNames(b []byte, cases []Case) []byte {
	for i, c := range cases {
		if i > 0 {
			b = append(b, " | "...)
		}
		b = append(b, c.name()...)
	}
	return b
}
