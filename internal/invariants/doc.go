// Package invariants says whether the expensive invariant checks are
// compiled in, as Pebble's internal/invariants does: the build tag
// invariants turns them on (go test -tags invariants, the Makefile's
// test targets and the fault campaign), and the browser build, which
// leaves it off, pays nothing for them. A check behind Enabled never
// changes the trace: it panics where the invariant breaks, so a run that
// holds them is byte-identical with and without the tag.
//
// The cheap invariants that a lesson shows (a lost QueuedEvent, a
// leader's HW moving back, a response out of order) are not behind the
// tag: they are traced as kind invariant in every build, the browser's too.
package invariants
