// Package sim is brokerlab's kernel: a deterministic scheduler of real
// goroutines, each standing for one thread of the simulated system, over a
// virtual clock and one seeded random source.
//
// Model. Exactly one simulated thread runs at a time. It runs until it
// blocks on a kernel primitive (Queue, Lock, Latch, Sleep, Select, Yield);
// the blocking thread itself picks the next entry of the run queue and
// hands it the CPU over that thread's channel, so a switch costs one
// channel operation, as a bare goroutine ping-pong does. The run queue is
// ordered by virtual time, then by a key drawn from the seeded source (ties
// between threads runnable at the same instant are the seed's to break, so
// a seed fixes one interleaving of a race and another seed shows another),
// then by a sequence number. The Go scheduler never decides anything.
//
// Time is virtual: Sleep(30*time.Second) costs nothing. The host goroutine
// (the scenario runner, a test) drives runs with Run and reads state between
// them, when every simulated thread is parked.
//
// Every primitive emits trace events (contract 2 of docs/ARCHITECTURE.md); Kinds is
// the closed set. Close ends every thread, so runs can be thrown away and
// replayed (step back, branch) without leaking goroutines.
//
// Simplifications: a switch happens only where a thread blocks or yields,
// not at arbitrary instructions; code that models a race yields at the
// points where the real thread could be descheduled. Locks are fair.
//
// Invariants: the trace of a seed is byte-identical natively and under
// GOOS=js; a stale wake-up (a timeout after its wait ended) never runs a
// thread; a Lock is handed over to its next waiter, never taken by a
// latecomer. Built with -tags invariants (the tests, the fault campaign),
// every event is also checked by a Checker (check.go: documented kinds,
// locks, exited threads, QueuedEvents spent once), which panics at the
// first violation; the browser build leaves it out, and a run that holds
// them has the same trace either way.
package sim
