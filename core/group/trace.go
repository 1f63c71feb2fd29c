package group

import "brokerlab/core/sim"

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
