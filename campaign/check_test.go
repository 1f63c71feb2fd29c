package campaign

import (
	"strings"
	"testing"

	"brokerlab/core/sim"
)

// Each trace invariant catches what it is about, and only that.
func TestTraceProblems(t *testing.T) {
	ev := func(actor, kind, subj string, id int, from, note string) sim.Event {
		return sim.Event{Actor: actor, Kind: sim.Kind(kind), Subj: subj, ID: id, From: from, Note: note}
	}
	for _, c := range []struct {
		name string
		tr   []sim.Event
		want string // the problem's kind, "" for none
	}{
		{"lock handed over", []sim.Event{ev("a", "lock.acquire", "L", 0, "", ""), ev("a", "lock.release", "L", 0, "", ""), ev("b", "lock.acquire", "L", 0, "", "")}, ""},
		{"lock of a killed holder", []sim.Event{ev("a", "lock.acquire", "L", 0, "", ""), ev("a", "thread.exit", "", 0, "", "killed"), ev("a", "lock.release", "L", 0, "", "holder killed")}, ""},
		{"lock released by another", []sim.Event{ev("a", "lock.acquire", "L", 0, "", ""), ev("b", "lock.release", "L", 0, "", "")}, "lock"},
		{"lock taken twice", []sim.Event{ev("a", "lock.acquire", "L", 0, "", ""), ev("b", "lock.acquire", "L", 0, "", "")}, "lock"},
		{"dead thread acts", []sim.Event{ev("a", "thread.start", "", 0, "", ""), ev("a", "thread.exit", "", 0, "", ""), ev("a", "queue.put", "q", 1, "", "")}, "thread"},
		{"a namesake lives on", []sim.Event{ev("a", "thread.start", "", 0, "", ""), ev("a", "thread.start", "", 0, "", ""), ev("a", "thread.exit", "", 0, "", ""), ev("a", "queue.put", "q", 1, "", "")}, ""},
		{"processed twice", []sim.Event{ev("c", "event.process", "", 7, "", ""), ev("c", "event.preempt", "", 7, "", "")}, "controller"},
		{"generation back", []sim.Event{ev("h", "state", "group[G]", 0, "Empty", "3"), ev("h", "state", "group[G]", 0, "Stable", "2")}, "generation"},
		{"group afresh", []sim.Event{ev("h", "state", "group[G]", 0, "Empty", "3"), ev("h", "state", "group[G]", 0, "", "0")}, ""},
		{"acks taken by another", []sim.Event{ev("x-C-1", "queue.take", "listener[c].acks", 1, "", ""), ev("pool", "queue.take", "listener[c].acks", 2, "", "")}, "listener"},
		{"undocumented kind", []sim.Event{ev("a", "nope", "", 0, "", "")}, "kind"},
		{"traced violation", []sim.Event{ev("a", "invariant", "", 0, "", "broken")}, "invariant"},
	} {
		got := TraceProblems(c.tr, true)
		switch {
		case c.want == "" && len(got) > 0:
			t.Errorf("%s: got %v, want none", c.name, got)
		case c.want != "" && (len(got) == 0 || !strings.HasPrefix(got[0], c.want+":")):
			t.Errorf("%s: got %v, want a %s problem", c.name, got, c.want)
		}
	}
	if got := TraceProblems([]sim.Event{ev("a", "invariant", "", 0, "", "broken")}, false); len(got) > 0 {
		t.Errorf("with a safeguard off: got %v, want none", got)
	}
}
