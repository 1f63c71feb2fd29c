package group

import (
	"brokerlab/core/msg"
	"brokerlab/core/sim"
)

// emit records the event e builds; without a kept trace it only counts
// one (as the kernel's primitives do), so that event counts and budgets are
// the same whether or not the trace is kept.
func emit(s *sim.Sim, e func() sim.Event) {
	if s.Tracing() {
		s.Emit(e())
	} else {
		s.Emit(sim.Event{})
	}
}

// noted is e with the note n as data (e as it is if n is nil).
func noted(e sim.Event, n *msg.Note) sim.Event {
	if n != nil {
		e.Words, e.Note = n, n.String()
	}
	return e
}
