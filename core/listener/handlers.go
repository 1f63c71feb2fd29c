package listener

import (
	"strconv"
	"time"

	"brokerlab/core/group"
	"brokerlab/core/msg"
	"brokerlab/core/sim"
)

// failedRecord is FailedRecordTracker.FailedRecord: the offset failing on
// a partition, its deliveries and its FixedBackOff execution.
type failedRecord struct {
	offset     int64
	deliveries int
	attempts   int // FixedBackOffExecution.currentAttempts
}

// invokeErrorHandler hands the failed record and the rest of the poll to
// a remaining-records error handler, after committing what was processed
// before it. If the handler returns (it recovered the record), the record
// is acked as processed (ackAfterHandle); if it throws, nothing is.
func (lc *ListenerConsumer) invokeErrorHandler(d *delivery, rest []group.Record, exception string) error {
	lc.processCommits()
	records := append([]group.Record{d.rec}, rest...)
	var recovered bool
	handler, outcome, src := "ContainerStoppingErrorHandler", msg.Notef("KafkaException: Stopped container"), srcContainerStoppingHandle
	if lc.cfg.ErrorHandler == ContainerStopping {
		lc.containerStopping()
	} else {
		recovered = lc.seekToCurrent(d, records, exception)
		handler, outcome, src = "SeekToCurrentErrorHandler", msg.Notef("KafkaException: Seek to current after exception"), srcSeekToCurrentHandle
		if recovered {
			outcome = msg.Notef("recovered: %s is skipped", d.rec)
		}
	}
	e := sim.Event{Kind: sim.RecordHandle, Subj: d.rec.String(), ID: d.id, Item: handler, Src: src}
	e.Words, e.Note = outcome, outcome.String()
	lc.s().Emit(e)
	if recovered && !lc.autoCommit() {
		lc.commitRecovered = lc.isManualAck()
		_ = lc.ackCurrent(d) // a failed commit is logged: commit.done says it
		lc.commitRecovered = false
	}
	return errHandled
}

// seekToCurrent is SeekToCurrentErrorHandler.handle (SeekUtils.seekOrRecover):
// a non-retryable exception goes to the recoverer at once; a retryable one
// counts a delivery of this offset on this partition and goes to the
// recoverer when the back-off is exhausted. Every partition of the records
// is then sought to its first record left, except the failed record once
// recovered. It reports whether the record was recovered (the handler
// returned); otherwise it throws "Seek to current after exception".
func (lc *ListenerConsumer) seekToCurrent(d *delivery, records []group.Record, exception string) bool {
	var skipped bool
	if Retryable(exception) {
		skipped = lc.skip(d, exception)
	} else {
		lc.recover(d, exception, msg.Notef("Backoff none exhausted for %s", d.rec), srcGetSkipPredicate)
		skipped = true
	}
	sought := map[group.TopicPartition]bool{}
	for i, r := range records {
		if (i == 0 && skipped) || sought[r.TopicPartition] {
			continue
		}
		sought[r.TopicPartition] = true
		lc.consumer.Seek(r.TopicPartition, r.Offset, msg.Notef("SeekToCurrentErrorHandler: %s is the first record left", r))
	}
	return skipped
}

// skip is FailedRecordTracker.skip with SeekUtils.DEFAULT_BACK_OFF,
// FixedBackOff(interval, maxAttempts): the same offset failing again on
// the partition counts one more delivery; another offset starts over.
func (lc *ListenerConsumer) skip(d *delivery, exception string) bool {
	if lc.cfg.BackOffMaxAttempts == 0 {
		lc.recover(d, exception, msg.Notef("Backoff none exhausted for %s", d.rec), srcSkip)
		return true
	}
	tp := d.rec.TopicPartition
	fr := lc.failures[tp]
	if fr == nil || fr.offset != d.rec.Offset {
		fr = &failedRecord{offset: d.rec.Offset, deliveries: 1}
		lc.failures[tp] = fr
	} else {
		fr.deliveries++
	}
	fr.attempts++ // nextBackOff
	if fr.attempts <= lc.cfg.BackOffMaxAttempts {
		if lc.cfg.BackOffInterval > 0 {
			lc.s().Sleepf(lc.cfg.BackOffInterval, "FixedBackOff: retry %d of %d", fr.attempts, lc.cfg.BackOffMaxAttempts)
		}
		return false
	}
	lc.recover(d, exception, msg.Notef("Backoff %s exhausted for %s", lc.backOffString(fr), d.rec), srcRecoverer)
	delete(lc.failures, tp)
	return true
}

func (lc *ListenerConsumer) backOffString(fr *failedRecord) string {
	return "FixedBackOff{interval=" + strconv.FormatInt(int64(lc.cfg.BackOffInterval/time.Millisecond), 10) +
		", currentAttempts=" + strconv.Itoa(fr.attempts) + ", maxAttempts=" + strconv.Itoa(lc.cfg.BackOffMaxAttempts) + "}"
}

// recover is the default recoverer: it logs the record at ERROR; the
// record is then skipped.
func (lc *ListenerConsumer) recover(d *delivery, exception string, log *msg.Note, src string) {
	lc.sys.recoveredRecord(d)
	e := sim.Event{Kind: sim.RecordRecover, Subj: d.rec.String(), ID: d.id, Item: exception, Src: src}
	e.Words, e.Note = log, log.String()
	lc.s().Emit(e)
}

// containerStopping is ContainerStoppingErrorHandler.handle: stop the
// container (the parent of a concurrent one) from a new thread of a
// SimpleAsyncTaskExecutor, wait up to 100 × 100 ms for it to stop
// running, and throw "Stopped container": the rest of the poll is not
// processed and the failed record is not committed.
func (lc *ListenerConsumer) containerStopping() {
	c := lc.sys.container
	lc.sys.executors++
	lc.s().Go("SimpleAsyncTaskExecutor-"+strconv.Itoa(lc.sys.executors), func() { c.stop(true) })
	for n := 0; c.running && n < 100; n++ {
		lc.s().Sleep(100*time.Millisecond, "ContainerStoppingErrorHandler: waiting for the container to stop")
	}
}
