package sim

import "time"

// Worker is a simulated thread that runs functions posted to it at given
// virtual times, in time order and, at equal times, in posting order. The
// scenario runner uses one per upstream thread that acts (a ZooKeeper
// watcher thread, a request handler), so an action runs on the thread that
// performs it upstream. Between jobs it waits on its inbox, as the real
// thread waits on its own queue; it says so once in the trace (queue.wait).
type Worker struct {
	s         *Sim
	g         *G
	inbox     string
	jobs      []job
	wait      wref
	parked    bool
	announced bool // the current wait is already in the trace
	stopped   bool
}

type job struct {
	at time.Duration
	fn func()
}

// NewWorker starts a worker thread named name whose jobs arrive on the
// queue named inbox (the thread's own upstream queue).
func (s *Sim) NewWorker(name, inbox string) *Worker {
	w := &Worker{s: s, inbox: inbox}
	w.g = s.Go(name, w.loop)
	return w
}

// Name is the worker thread's name.
func (w *Worker) Name() string { return w.g.Name }

// Post runs fn on the worker at virtual time at (now, if at is past),
// under the origin current now (origin.go).
func (w *Worker) Post(at time.Duration, fn func()) { w.insert(at, w.s.Bind(fn)) }

func (w *Worker) insert(at time.Duration, fn func()) {
	i := len(w.jobs)
	for i > 0 && w.jobs[i-1].at > at {
		i--
	}
	w.jobs = append(w.jobs, job{})
	copy(w.jobs[i+1:], w.jobs[i:])
	w.jobs[i] = job{at, fn}
	if w.parked && i == 0 {
		w.parked = false
		w.s.wake(w.wait)
	}
}

// Stop makes the thread exit once the jobs posted before it have run.
func (w *Worker) Stop(at time.Duration) { w.Post(at, func() { w.stopped = true }) }

// HandOver moves the jobs not yet run to another worker and stops this one
// now: a thread replaced by a new one (a new ZooKeeper client's event
// thread) does not take the actions scheduled for later with it.
func (w *Worker) HandOver(to *Worker) {
	jobs := w.jobs
	w.jobs = nil
	for _, j := range jobs {
		to.insert(j.at, j.fn) // each keeps the origin it was posted under
	}
	w.Stop(w.s.now)
}

func (w *Worker) loop() {
	s := w.s
	for !w.stopped {
		if len(w.jobs) > 0 && w.jobs[0].at <= s.now {
			j := w.jobs[0]
			w.jobs = w.jobs[1:]
			w.announced = false
			j.fn()
			continue
		}
		if !w.announced {
			w.announced = true
			s.Emit(Event{Kind: QueueWait, Subj: w.inbox, Note: "idle"})
		}
		w.wait = w.g.begin()
		w.parked = true
		if len(w.jobs) > 0 {
			s.timeout(w.wait, w.jobs[0].at, 0)
		}
		s.park(w.g)
		w.parked = false
	}
}
