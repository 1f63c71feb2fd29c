package replication

import (
	"time"

	"brokerlab/core/msg"
	"brokerlab/core/purgatory"
	"brokerlab/core/sim"
	"brokerlab/core/socketserver"
)

const (
	srcWatch    = "DelayedOperation.scala DelayedOperationPurgatory.tryCompleteElseWatch"
	srcCheck    = "DelayedOperation.scala DelayedOperationPurgatory.checkAndComplete"
	srcDelayDue = "DelayedOperation.scala DelayedOperation.run"
)

// newPurgatory is one of the broker's purgatories: in the background for
// fetches (a parked fetch is a replica's idle polling), in the foreground
// for produce requests (a waiting acks=all producer is work in progress).
// Its reaper runs expired operations itself (upstream hands them to the
// SystemTimer's executor-Produce / executor-Fetch thread).
func (rm *ReplicaManager) newPurgatory(name string, background bool) *purgatory.Purgatory {
	s, subj := rm.s, rm.name(name)
	return purgatory.New(s, purgatory.Config{Name: name, BrokerID: rm.ID, Host: rm.Host, Background: background,
		Trace: purgatory.Trace{Add: func(op *purgatory.Operation) {
			s.Emit(sim.Noted(sim.Event{Kind: sim.DelayAdd, Subj: subj, ID: op.ID, Item: op.Subj, Src: srcWatch}, rm.adding))
		}}})
}

// park is the delayed operation (DelayedProduce, DelayedFetch) of req in
// pg, watching keys for up to timeout: wait notes what it waits for, with
// timeout (nil when the trace is not kept), try checks whether it can
// complete (tryComplete), finish builds the answer (onComplete; expired
// when it timed out) and returns its result for the trace (nil when the
// trace is not kept) and the send.
// It answers at once if it can and reports whether it was parked instead.
func (rm *ReplicaManager) park(pg *purgatory.Purgatory, kind string, req *socketserver.Request, keys []any, timeout time.Duration,
	wait *msg.Note, try func() bool, finish func(expired bool) (result *msg.Note, send func())) bool {
	s := rm.s
	op := pg.NewOperation(req.ID, kind, label(s, req), timeout)
	op.TryComplete = func() bool { return try() && op.ForceComplete() }
	op.OnComplete = func() {
		result, send := finish(op.Expired())
		if op.Watched() {
			e := sim.Noted(sim.Event{Kind: sim.DelayComplete, Subj: rm.name(pg.Name()), ID: req.ID, Item: op.Subj, Src: srcCheck}, result)
			if op.Expired() {
				e.Kind, e.Src = sim.DelayExpire, srcDelayDue
			}
			s.Emit(e)
		}
		send()
	}
	// The purgatory's Add hook, inside TryCompleteElseWatch, traces wait.
	rm.adding = wait
	defer func() { rm.adding = nil }()
	return !pg.TryCompleteElseWatch(op, keys...)
}
