package sim

import "fmt"

// Checker checks the kernel's invariants on a trace, one event at a time.
// Built with -tags invariants, every Sim runs one on every event it emits
// and panics at the first violation, where it happens; the fault campaign
// also runs one over each trace it keeps (campaign/). The
// invariants:
//   - every kind is one of Kinds;
//   - a lock is released only by its holder and acquired only when free
//     (a lock a killed thread held is released on its behalf, Note
//     "holder killed");
//   - a thread that exited emits nothing, unless another thread of the
//     same name is alive (a killed thread runs no instruction; threads are
//     known by name, and two may share one, as a consumer closing while
//     its successor with the same client id starts);
//   - each QueuedEvent is processed or preempted at most once (token ids
//     are unique in a run, across every controller of a cluster).
type Checker struct {
	holder map[string]string // lock → its holder
	exited map[string]bool   // thread names that exited once
	live   map[string]int    // thread name → how many of that name run
	spent  map[int]Kind      // QueuedEvent id → EventProcess or EventPreempt
}

// NewChecker returns a checker that has seen no event.
func NewChecker() *Checker {
	return &Checker{holder: map[string]string{}, exited: map[string]bool{}, live: map[string]int{}, spent: map[int]Kind{}}
}

// Check checks the next event of the trace: which invariant it breaks
// (kind, lock, thread, controller) and how, or "", "".
func (c *Checker) Check(e Event) (invariant, problem string) {
	if _, ok := Kinds[e.Kind]; !ok {
		return "kind", fmt.Sprintf("%q is not documented in sim.Kinds", e.Kind)
	}
	if c.live[e.Actor] == 0 && c.exited[e.Actor] && e.Kind != ThreadStart && e.Kind != ThreadExit && !(e.Kind == LockRelease && e.Note == "holder killed") {
		return "thread", e.Actor + " acts after its thread.exit"
	}
	switch e.Kind {
	case ThreadStart:
		c.live[e.Actor]++
	case ThreadExit:
		// A thread killed before it started exits without starting.
		c.live[e.Actor] = max(c.live[e.Actor]-1, 0)
		c.exited[e.Actor] = true
	case LockAcquire:
		h, held := c.holder[e.Subj]
		c.holder[e.Subj] = e.Actor
		if held {
			return "lock", fmt.Sprintf("%s acquires %s, held by %s", e.Actor, e.Subj, h)
		}
	case LockRelease:
		h, held := c.holder[e.Subj]
		delete(c.holder, e.Subj)
		if held && h != e.Actor || !held && e.Note != "holder killed" {
			return "lock", fmt.Sprintf("%s releases %s, held by %q", e.Actor, e.Subj, h)
		}
	case EventProcess, EventPreempt:
		was, ok := c.spent[e.ID]
		c.spent[e.ID] = e.Kind
		if ok {
			return "controller", fmt.Sprintf("QueuedEvent %d (%s) is %s after %s", e.ID, e.Item, e.Kind, was)
		}
	}
	return "", ""
}
