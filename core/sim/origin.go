package sim

import "brokerlab/core/msg"

// Origins and refusals. A system refuses an action in a job that runs
// long after the scenario runner scheduled it, on a thread of the system's
// choosing, often after hops from thread to thread (the cluster's operator
// posts a put to the controller's ZooKeeper watcher). So that the refusal
// still reaches the line that asked for it, what the host schedules carries
// an origin: the runner sets it (SetOrigin) around each action it hands a
// system, Worker.Post binds each job to the origin current when it is
// posted (Bind), and the job runs under it, as does everything it posts in
// turn. Threads a job starts (Go) begin without one: they are the system's,
// not the action's.

// Origin is the origin of the running thread's job (of the host, when no
// simulated thread runs); nil if none.
func (s *Sim) Origin() any {
	if s.cur != nil {
		return s.cur.origin
	}
	return s.origin
}

// SetOrigin makes o the current origin and returns the previous one.
func (s *Sim) SetOrigin(o any) (prev any) {
	slot := &s.origin
	if s.cur != nil {
		slot = &s.cur.origin
	}
	prev, *slot = *slot, o
	return prev
}

// Bind returns fn to run under the origin current now, whoever calls it.
func (s *Sim) Bind(fn func()) func() {
	o := s.Origin()
	if o == nil {
		return fn
	}
	return func() {
		prev := s.SetOrigin(o)
		fn()
		s.SetOrigin(prev)
	}
}

// OnRefuse makes f hear every action the running system refuses, with the
// origin it was scheduled under (nil if none) and its event. f runs on
// the refusing thread: it must not block or emit.
func (s *Sim) OnRefuse(f func(origin any, e Event)) { s.onRefuse = f }

// Refuse is the "action" event of an action the running system refuses,
// with the note "TEXT: refused, WHY" (text the action as written, why the
// reason), and tells OnRefuse's hook.
func (s *Sim) Refuse(text string, why *msg.Error, src string) {
	if s.dying != nil {
		return
	}
	e := Event{Kind: Action, Src: src}.Notef("%s: refused, %s", text, why)
	s.Emit(e)
	if s.onRefuse != nil {
		s.onRefuse(s.Origin(), e)
	}
}
