// Package purgatory is Kafka's DelayedOperationPurgatory
// (kafka/server/DelayedOperation.scala) with its SystemTimer
// (kafka/utils/timer/Timer.scala), shared by every broker-side system that
// parks work: the replica manager's Produce and Fetch purgatories and the
// group coordinator's Heartbeat and Rebalance purgatories.
//
// A DelayedOperation is watched under one or more keys (a partition, a
// group, a member) and waits in the timer until its deadline. Whoever
// changes what it waits for calls CheckAndComplete(key): each operation
// watched there tries to complete (tryComplete, which calls forceComplete
// when it can: the first caller wins, the timer task is cancelled,
// onComplete runs on the caller's thread). An operation whose deadline
// passes is handed by the ExpirationReaper-<brokerId>-<purgatoryName>
// thread to the timer's executor thread (executor-<purgatoryName>), which
// runs DelayedOperation.run: forceComplete, then onExpiration if it won.
//
// Simplifications against upstream: the timing wheel is a heap ordered by
// deadline (no 1 ms ticks and buckets); the reaper sleeps until the
// earliest deadline instead of polling the DelayQueue in 200 ms slices; it
// is woken, as DelayQueue.offer wakes it, only when a new deadline comes
// before the one it waits for (a cancelled operation's deadline stays
// where it waits, as its bucket does upstream), and, in a foreground
// purgatory, when the operation it waits for completes early, so that
// "run idle" does not wait for a deadline nobody has any more. Without an
// executor (Config.Executor false) the reaper runs expired operations
// itself. tryCompleteElseWatch tries once: callers hold the lock that
// upstream's second try guards against.
//
// Invariants: an operation completes at most once (onComplete runs once,
// onExpiration only after an onComplete the expiry won); an operation is
// in the timer exactly while it is watched and not completed.
package purgatory
