package listener

import (
	"errors"
	"sort"
	"strconv"
	"time"

	"brokerlab/core/group"
	"brokerlab/core/sim"
)

// delivery is one delivery of a record to the listener: what
// ConsumerAcknowledgment holds, and what the acks queue carries.
type delivery struct {
	id    int // token
	rec   group.Record
	n     int // the record's how-manieth delivery
	lc    *ListenerConsumer
	acked bool
	// waiting: a MANUAL delivery whose listener leaves the ack to
	// another thread (listener.ack none), not acknowledged yet
	waiting bool
}

func deliveryLabel(d *delivery) (int, string) { return d.id, d.rec.String() }

// errHandled ends a poll's records early: the error handler took the
// failed record and the rest of the poll (upstream: it drained the
// records' iterator).
var errHandled = errors.New("listener: the error handler took the rest of the records")

// ListenerConsumer is KafkaMessageListenerContainer.ListenerConsumer: one
// child container's thread, with its KafkaConsumer, its acks queue and
// its offsets map.
type ListenerConsumer struct {
	sys      *System
	index    int
	Name     string // the consumer's client.id
	Thread   string // ...KafkaListenerEndpointContainer#0-i-C-1
	consumer *group.Consumer
	cfg      Config

	acks    *sim.Queue[*delivery]
	offsets map[group.TopicPartition]int64 // record offsets, committed +1; lookups only
	count   int
	last    time.Duration

	running bool // the child container's isRunning
	fatal   bool // the consumer failed for good: no wrapUp
	polling bool
	phase   string
	exited  bool
	stopped *sim.Latch // counted down when the thread ends (stop's callback)

	failures               map[group.TopicPartition]*failedRecord // FailedRecordTracker, per thread
	commitsDuringRebalance []group.Offset
	commitRecovered        bool
	unacked                int // deliveries waiting for another thread's ack
}

func (lc *ListenerConsumer) s() *sim.Sim { return lc.sys.s }

func (lc *ListenerConsumer) subj() string { return "listener[" + lc.Name + "]" }

func (lc *ListenerConsumer) isRecordAck() bool { return lc.cfg.AckMode == Record }
func (lc *ListenerConsumer) isManualAck() bool { return lc.cfg.AckMode == Manual }
func (lc *ListenerConsumer) isManualImmediateAck() bool {
	return lc.cfg.AckMode == ManualImmediate
}
func (lc *ListenerConsumer) isAnyManualAck() bool {
	return lc.isManualAck() || lc.isManualImmediateAck()
}
func (lc *ListenerConsumer) isCountAck() bool {
	return lc.cfg.AckMode == Count || lc.cfg.AckMode == CountTime
}
func (lc *ListenerConsumer) autoCommit() bool { return lc.cfg.Client.EnableAutoCommit }

// setPhase shows which step of its loop the thread is in (kind state,
// Subj listener[C]).
func (lc *ListenerConsumer) setPhase(to, src string) {
	if to == lc.phase {
		return
	}
	from := lc.phase
	lc.phase = to
	lc.s().Emit(sim.Event{Kind: sim.State, Subj: lc.subj(), From: from, To: to, Src: src})
}

// dead reports whether the consumer's process died: its thread was
// ended where it stood (crash).
func (lc *ListenerConsumer) dead() bool { return lc.phase == "crashed" }

// run is ListenerConsumer.run: pollAndInvoke while the container runs,
// then wrapUp. A process that dies ends the thread wherever it is.
func (lc *ListenerConsumer) run() {
	lc.last = lc.s().Now()
	for lc.running {
		if lc.pollAndInvoke() == group.ErrClosed {
			// a fatal error: "Fatal consumer exception; stopping container"
			lc.running, lc.fatal = false, true
		}
		// WakeupException is ignored; a commit's exception was logged
		// (handleConsumerException) and the loop goes on.
	}
	if lc.fatal {
		lc.end()
		return
	}
	lc.wrapUp()
}

// pollAndInvoke is one turn of the loop: commit what is due, poll, hand
// the records to the listener one by one.
func (lc *ListenerConsumer) pollAndInvoke() error {
	if !lc.autoCommit() && !lc.isRecordAck() {
		lc.setPhase("processCommits", srcPollAndInvoke)
		lc.processCommits()
	}
	if !lc.running {
		return nil
	}
	lc.setPhase("poll", srcPollAndInvoke)
	lc.polling = true
	recs, err := lc.consumer.Poll(lc.pollTimeout())
	wasPolling := lc.polling
	lc.polling = false
	switch {
	case err != nil:
		return err
	case !wasPolling:
		return nil // stopped while polling: the records are discarded
	}
	lc.checkRebalanceCommits()
	if len(recs) == 0 {
		return nil
	}
	lc.setPhase("invokeListener", srcPollAndInvoke)
	return lc.invokeRecordListener(recs)
}

// pollTimeout is the container's pollTimeout, or -1 (wait in poll until
// something arrives) when nothing is pending: an empty poll would then
// come back to a processCommits with nothing to do, again and again. A
// MANUAL delivery waiting for another thread's ack is pending: that ack
// is only processed when the poll returns.
func (lc *ListenerConsumer) pollTimeout() time.Duration {
	if lc.acks.Len() == 0 && len(lc.offsets) == 0 && lc.unacked == 0 && len(lc.commitsDuringRebalance) == 0 {
		return -1
	}
	return lc.cfg.PollTimeout
}

// processCommits is ListenerConsumer.processCommits: the acks queued
// become pending offsets (MANUAL_IMMEDIATE commits each at once), and the
// pending offsets are committed when the ack mode says so. A commit's
// exception is logged (handleConsumerException): commit.done says it.
func (lc *ListenerConsumer) processCommits() {
	lc.count += lc.acks.Len()
	lc.handleAcks()
	if lc.isManualImmediateAck() {
		return
	}
	countExceeded := lc.isCountAck() && lc.count >= lc.cfg.AckCount
	if (lc.cfg.AckMode != Time && !lc.isCountAck()) || countExceeded {
		_ = lc.commitIfNecessary()
		lc.count = 0
		return
	}
	lc.timedAcks()
}

// handleAcks takes every ack queued and processes it on this thread.
func (lc *ListenerConsumer) handleAcks() {
	for lc.acks.Len() > 0 {
		_ = lc.processAck(lc.acks.Take(srcHandleAcks))
	}
}

// processAck on the consumer's thread: MANUAL_IMMEDIATE commits the
// record now, every other mode adds it to the offsets map.
func (lc *ListenerConsumer) processAck(d *delivery) error {
	if lc.isManualImmediateAck() {
		return lc.ackImmediate(d)
	}
	lc.addOffset(d.rec)
	return nil
}

func (lc *ListenerConsumer) ackImmediate(d *delivery) error {
	return lc.commit([]group.Offset{{TopicPartition: d.rec.TopicPartition, Offset: d.rec.Offset + 1}}, d.rec.String())
}

// addOffset keeps the highest offset acked per partition.
func (lc *ListenerConsumer) addOffset(r group.Record) {
	old, had := lc.offsets[r.TopicPartition]
	if had && old >= r.Offset {
		return
	}
	lc.offsets[r.TopicPartition] = r.Offset
	if lc.s().Tracing() {
		from := ""
		if had {
			from = strconv.FormatInt(old, 10)
		}
		lc.s().Emit(sim.Event{Kind: sim.OffsetPending, Subj: r.TopicPartition.String(), From: from,
			To: strconv.FormatInt(r.Offset, 10), Src: srcAddOffset}.Notef("commit %d", r.Offset+1))
	} else {
		lc.s().Emit(sim.Event{})
	}
}

// timedAcks commits when ackTime has passed since the last time commit
// (TIME; COUNT_TIME also when the count is reached, above).
func (lc *ListenerConsumer) timedAcks() {
	now := lc.s().Now()
	if (lc.cfg.AckMode != Time && lc.cfg.AckMode != CountTime) || now-lc.last <= lc.cfg.AckTime {
		return
	}
	_ = lc.commitIfNecessary()
	lc.last = now
	if lc.cfg.AckMode == CountTime {
		lc.count = 0
	}
}

// buildCommits empties the offsets map into commits of offset+1.
func (lc *ListenerConsumer) buildCommits() []group.Offset {
	var out []group.Offset
	for _, tp := range lc.pendingPartitions() {
		out = append(out, group.Offset{TopicPartition: tp, Offset: lc.offsets[tp] + 1})
	}
	lc.offsets = map[group.TopicPartition]int64{}
	return out
}

// pendingPartitions are the offsets map's keys, sorted.
func (lc *ListenerConsumer) pendingPartitions() []group.TopicPartition {
	var out []group.TopicPartition
	for _, tp := range lc.sys.partitions() {
		if _, ok := lc.offsets[tp]; ok {
			out = append(out, tp)
		}
	}
	return out
}

func (lc *ListenerConsumer) commitIfNecessary() error {
	commits := lc.buildCommits()
	if len(commits) == 0 {
		return nil
	}
	return lc.commit(commits, lc.subj()+".offsets")
}

// commit is commitSync (doCommitSync: a rebalance in progress keeps the
// offsets for after the next poll) or commitAsync (retried on a
// retriable failure up to commitRetries).
func (lc *ListenerConsumer) commit(offsets []group.Offset, subj string) error {
	if !lc.cfg.SyncCommits {
		lc.commitAsync(offsets, subj, 0)
		return nil
	}
	err := lc.consumer.CommitSync(offsets, subj)
	for retries := 0; err == group.ErrRetriableCommit && retries < lc.cfg.CommitRetries; retries++ {
		err = lc.consumer.CommitSync(offsets, subj)
	}
	if err == group.ErrRebalanceInProgress {
		lc.commitsDuringRebalance = append(lc.commitsDuringRebalance, offsets...)
		return nil
	}
	return err
}

func (lc *ListenerConsumer) commitAsync(offsets []group.Offset, subj string, retries int) {
	lc.consumer.CommitAsync(offsets, subj, func(err error) {
		if err == group.ErrRetriableCommit && retries < lc.cfg.CommitRetries {
			lc.commitAsync(offsets, subj, retries+1)
		}
	})
}

// checkRebalanceCommits commits again, after the poll, what a rebalance
// refused, for the partitions still assigned.
func (lc *ListenerConsumer) checkRebalanceCommits() {
	if len(lc.commitsDuringRebalance) == 0 {
		return
	}
	latest := map[group.TopicPartition]int64{}
	for _, o := range lc.commitsDuringRebalance {
		latest[o.TopicPartition] = o.Offset
	}
	lc.commitsDuringRebalance = nil
	var commits []group.Offset
	for _, tp := range lc.consumer.Assignment() {
		if o, ok := latest[tp]; ok {
			commits = append(commits, group.Offset{TopicPartition: tp, Offset: o})
		}
	}
	sort.Slice(commits, func(i, j int) bool { return commits[i].TopicPartition.String() < commits[j].TopicPartition.String() })
	if len(commits) > 0 {
		_ = lc.commit(commits, lc.subj()+".commitsDuringRebalance")
	}
}

// ackCurrent after the listener returned: RECORD commits the record at
// once, BATCH, TIME, COUNT and COUNT_TIME queue it on acks (MANUAL only
// a recovered record, with commitRecovered); with auto-commit, nothing.
func (lc *ListenerConsumer) ackCurrent(d *delivery) error {
	switch {
	case lc.isRecordAck():
		return lc.commit([]group.Offset{{TopicPartition: d.rec.TopicPartition, Offset: d.rec.Offset + 1}}, d.rec.String())
	case (!lc.isAnyManualAck() || lc.commitRecovered) && !lc.autoCommit():
		lc.acks.Put(d, srcAckCurrent)
	}
	return nil
}

// acknowledge is ConsumerAcknowledgment.acknowledge: on the consumer's
// thread it processes the ack at once; from another thread it queues it
// on acks, and MANUAL_IMMEDIATE wakes the consumer so that it is
// committed without waiting for the poll to end.
func (lc *ListenerConsumer) acknowledge(d *delivery, foreign bool) error {
	if d.acked {
		return nil
	}
	d.acked = true
	if d.waiting {
		d.waiting = false
		lc.unacked--
	}
	lc.s().Emit(sim.Event{Kind: sim.RecordAck, Subj: d.rec.String(), ID: d.id, Src: srcAcknowledge})
	if !foreign {
		return lc.processAck(d)
	}
	lc.acks.Put(d, srcProcessAck)
	if lc.isManualImmediateAck() {
		lc.consumer.Wakeup()
	}
	return nil
}

// invokeRecordListener is doInvokeWithRecords: each record in turn, the
// whole poll even after stop (stopImmediate is false), until the error
// handler takes the rest.
func (lc *ListenerConsumer) invokeRecordListener(recs []group.Record) error {
	for i, r := range recs {
		if lc.doInvokeRecordListener(r, recs[i+1:]) == errHandled {
			return nil
		}
	}
	return nil
}

// doInvokeRecordListener is the listener's call with what follows it: on
// success ackCurrent, on failure the error handler.
func (lc *ListenerConsumer) doInvokeRecordListener(r group.Record, rest []group.Record) error {
	d := lc.sys.deliver(lc, r)
	exception := lc.invokeOnMessage(d)
	lc.sys.finish(d)
	if exception == "" {
		return nil
	}
	return lc.invokeErrorHandler(d, rest, exception)
}

// invokeOnMessage runs the listener (a MANUAL listener acknowledges
// before or after its work, as listener.ack says) and ackCurrent; it
// returns the exception the listener threw, or "". An exception from a
// commit inside (acknowledge, RECORD's ackCurrent) counts as the
// listener's, as upstream's catch of RuntimeException makes it.
func (lc *ListenerConsumer) invokeOnMessage(d *delivery) string {
	manual := lc.isAnyManualAck()
	if manual {
		if lc.cfg.ListenerAck == AckNone {
			d.waiting = true
			lc.unacked++
		}
		if lc.cfg.ListenerAck == AckBefore {
			if err := lc.acknowledge(d, false); err != nil {
				return exceptionOf(err)
			}
		}
	}
	if lc.cfg.ListenerTime > 0 {
		lc.s().Sleepf(lc.cfg.ListenerTime, "onMessage %s", d.rec)
	}
	if e := lc.sys.failure(d.rec); e != "" {
		lc.s().Emit(sim.Event{Kind: sim.RecordFail, Subj: d.rec.String(), ID: d.id, Item: e, Src: srcDoInvokeOnMessage}.
			Notef("ListenerExecutionFailedException: Listener failed; nested exception is %s", e))
		return e
	}
	lc.sys.complete(d)
	if manual && lc.cfg.ListenerAck == AckAfter {
		if err := lc.acknowledge(d, false); err != nil {
			return lc.commitFailed(d, err)
		}
	}
	if !lc.isManualImmediateAck() {
		if err := lc.ackCurrent(d); err != nil {
			return lc.commitFailed(d, err)
		}
	}
	return ""
}

func (lc *ListenerConsumer) commitFailed(d *delivery, err error) string {
	e := exceptionOf(err)
	lc.s().Emit(sim.Event{Kind: sim.RecordFail, Subj: d.rec.String(), ID: d.id, Item: e, Src: srcDoInvokeRecordListener}.
		Notef("%s from the commit after the listener returned", e))
	return e
}

func exceptionOf(err error) string { return group.ExceptionName(err) }

// wrapUp is ListenerConsumer.wrapUp: commit what is pending, then
// unsubscribe and close the consumer (LeaveGroup).
func (lc *ListenerConsumer) wrapUp() {
	lc.setPhase("wrapUp", srcWrapUp)
	_ = lc.commitPendingAcks()
	lc.consumer.Close()
	lc.end()
}

// end marks the thread's end and tells a stop() waiting for it.
func (lc *ListenerConsumer) end() {
	lc.exited = true
	lc.setPhase("stopped", srcWrapUp)
	if lc.stopped != nil {
		lc.stopped.CountDown(srcChildDoStop)
	}
}

func (lc *ListenerConsumer) commitPendingAcks() error {
	lc.processCommits()
	if len(lc.offsets) > 0 {
		return lc.commitIfNecessary()
	}
	return nil
}

// OnPartitionsRevoked commits what is pending before the partitions go.
func (lc *ListenerConsumer) OnPartitionsRevoked([]group.TopicPartition) {
	_ = lc.commitPendingAcks() // "Fatal commit error after revocation" is logged
}

// OnPartitionsLost is onPartitionsRevoked in 2.5 (its commit fails: the
// member is out of the group).
func (lc *ListenerConsumer) OnPartitionsLost(tps []group.TopicPartition) { lc.OnPartitionsRevoked(tps) }

// OnPartitionsAssigned commits the initial positions of partitions that
// have no committed offset when auto.offset.reset is latest
// (AssignmentCommitOption LATEST_ONLY_NO_TX), so that a consumer starting
// later does not reset past records.
func (lc *ListenerConsumer) OnPartitionsAssigned(tps []group.TopicPartition) {
	if lc.autoCommit() || lc.cfg.Client.AutoOffsetReset != "latest" || len(tps) == 0 {
		return
	}
	committed, err := lc.consumer.Committed(tps)
	if err != nil {
		return
	}
	var commits []group.Offset
	for _, o := range committed {
		if o.Offset >= 0 {
			continue
		}
		pos, err := lc.consumer.Position(o.TopicPartition)
		if err != nil {
			return
		}
		commits = append(commits, group.Offset{TopicPartition: o.TopicPartition, Offset: pos})
	}
	if len(commits) == 0 {
		return
	}
	if lc.cfg.SyncCommits {
		_ = lc.consumer.CommitSync(commits, "assignment") // RetriableCommitFailed and RebalanceInProgress are ignored
	} else {
		lc.commitAsync(commits, "assignment", 0)
	}
}
