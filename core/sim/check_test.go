package sim

import (
	"testing"

	"brokerlab/internal/invariants"
)

func TestChecker(t *testing.T) {
	for _, c := range []struct {
		name  string
		trace []Event
		want  string // the invariant the last event breaks, "" if none
	}{
		{"kind", []Event{{Kind: "nope"}}, "kind"},
		{"lock held", []Event{{Actor: "a", Kind: LockAcquire, Subj: "L"}, {Actor: "b", Kind: LockAcquire, Subj: "L"}}, "lock"},
		{"lock handed over", []Event{{Actor: "a", Kind: LockAcquire, Subj: "L"}, {Actor: "a", Kind: LockRelease, Subj: "L"}, {Actor: "b", Kind: LockAcquire, Subj: "L"}}, ""},
		{"release by another", []Event{{Actor: "a", Kind: LockAcquire, Subj: "L"}, {Actor: "b", Kind: LockRelease, Subj: "L"}}, "lock"},
		{"holder killed", []Event{{Actor: "a", Kind: LockAcquire, Subj: "L"}, {Actor: "a", Kind: ThreadExit}, {Actor: "a", Kind: LockRelease, Subj: "L", Note: "holder killed"}}, ""},
		{"acts after exit", []Event{{Actor: "a", Kind: ThreadStart}, {Actor: "a", Kind: ThreadExit}, {Actor: "a", Kind: Sleep}}, "thread"},
		{"a namesake runs", []Event{{Actor: "a", Kind: ThreadStart}, {Actor: "a", Kind: ThreadStart}, {Actor: "a", Kind: ThreadExit}, {Actor: "a", Kind: Sleep}}, ""},
		{"processed twice", []Event{{Kind: EventProcess, ID: 3}, {Kind: EventPreempt, ID: 3}}, "controller"},
	} {
		ch := NewChecker()
		got := ""
		for i, e := range c.trace {
			inv, p := ch.Check(e)
			if i < len(c.trace)-1 && p != "" {
				t.Fatalf("%s: event %d: %s %s", c.name, i, inv, p)
			}
			got = inv
		}
		if got != c.want {
			t.Errorf("%s: got %q, want %q", c.name, got, c.want)
		}
	}
}

// With -tags invariants an event that breaks one panics where it is
// emitted; without, the kernel does not look.
func TestEmitChecksOnlyWithTheTag(t *testing.T) {
	s := New(1, true)
	defer s.Close()
	panicked := func() (p bool) {
		defer func() { p = recover() != nil }()
		s.Emit(Event{Kind: "no.such.kind"})
		return false
	}()
	if panicked != invariants.Enabled {
		t.Fatalf("Emit of an undocumented kind panicked: %v, want %v (invariants.Enabled)", panicked, invariants.Enabled)
	}
}
