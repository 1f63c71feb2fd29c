package replication

// The idempotent producer's broker side (Kafka 2.5 log/ProducerStateManager.scala,
// Log.analyzeAndValidateProducerState).

// NumBatchesToRetain is how many batches' metadata a producer's entry keeps
// (ProducerStateEntry.NumBatchesToRetain).
const NumBatchesToRetain = 5

// NoProducerID is RecordBatch.NO_PRODUCER_ID: a batch of a producer without idempotence.
const NoProducerID = -1

// ProducerBatch is the idempotence header of a record batch: the producer
// id, its epoch and the sequence of the batch's first record. Every record
// of the batch points to the same header.
type ProducerBatch struct {
	ProducerID    int
	ProducerEpoch int
	BaseSequence  int
	Count         int // the batch's record count: lastSeq = BaseSequence+Count-1
}

// LastSequence is the sequence of the batch's last record.
func (b *ProducerBatch) LastSequence() int { return b.BaseSequence + b.Count - 1 }

// BatchMetadata is one cached batch of a producer (BatchMetadata).
type BatchMetadata struct {
	FirstSeq, LastSeq, FirstOffset, LastOffset int
}

// ProducerStateEntry is what a partition's log keeps of one producer: its
// epoch and its last NumBatchesToRetain batches, the oldest first.
type ProducerStateEntry struct {
	ProducerID int
	Epoch      int
	Batches    []BatchMetadata
}

// LastSeq is the last cached batch's last sequence (-1 if none).
func (e *ProducerStateEntry) LastSeq() int {
	if len(e.Batches) == 0 {
		return -1
	}
	return e.Batches[len(e.Batches)-1].LastSeq
}

// findDuplicateBatch is ProducerStateEntry.findDuplicateBatch: the cached
// batch with the same epoch and exactly the same first and last sequence.
func (e *ProducerStateEntry) findDuplicateBatch(b *ProducerBatch) (BatchMetadata, bool) {
	if e == nil || b.ProducerEpoch != e.Epoch {
		return BatchMetadata{}, false
	}
	for _, m := range e.Batches {
		if m.FirstSeq == b.BaseSequence && m.LastSeq == b.LastSequence() {
			return m, true
		}
	}
	return BatchMetadata{}, false
}

// ProducerStateManager is one log's producer entries, by producer id.
type ProducerStateManager struct {
	producers map[int]*ProducerStateEntry // looked up, never iterated
}

// LastEntry is the producer's entry, or nil.
func (m *ProducerStateManager) LastEntry(pid int) *ProducerStateEntry {
	if m.producers == nil {
		return nil
	}
	return m.producers[pid]
}

// checkSequence is ProducerAppendInfo.checkProducerEpoch and checkSequence
// for a client's batch that is no duplicate: a lower epoch is fenced; a
// new epoch must start at 0; in the same epoch the batch must follow the
// last one (0 after Int.MaxValue); an entry with no batches (a new
// producer, or state no longer in the log) accepts any sequence.
func (m *ProducerStateManager) checkSequence(b *ProducerBatch) string {
	e := m.LastEntry(b.ProducerID)
	switch {
	case e == nil || len(e.Batches) == 0:
		return None
	case b.ProducerEpoch < e.Epoch:
		return InvalidProducerEpoch
	case b.ProducerEpoch > e.Epoch:
		if b.BaseSequence != 0 {
			return OutOfOrderSequenceNumber
		}
		return None
	case b.BaseSequence != e.LastSeq()+1 && !(b.BaseSequence == 0 && e.LastSeq() == 1<<31-1):
		return OutOfOrderSequenceNumber
	}
	return None
}

// update records an appended batch (ProducerStateManager.update): a new
// epoch clears the entry's batches, the oldest goes past NumBatchesToRetain.
func (m *ProducerStateManager) update(b *ProducerBatch, firstOffset int) {
	if m.producers == nil {
		m.producers = map[int]*ProducerStateEntry{}
	}
	e := m.producers[b.ProducerID]
	if e == nil {
		e = &ProducerStateEntry{ProducerID: b.ProducerID, Epoch: b.ProducerEpoch}
		m.producers[b.ProducerID] = e
	}
	if b.ProducerEpoch != e.Epoch {
		e.Epoch, e.Batches = b.ProducerEpoch, nil
	}
	e.Batches = append(e.Batches, BatchMetadata{FirstSeq: b.BaseSequence, LastSeq: b.LastSequence(), FirstOffset: firstOffset, LastOffset: firstOffset + b.Count - 1})
	if len(e.Batches) > NumBatchesToRetain {
		e.Batches = append([]BatchMetadata(nil), e.Batches[len(e.Batches)-NumBatchesToRetain:]...)
	}
}

// onAppend updates the state with every batch recs complete (a batch
// counts when its last record is in the log, leader or follower alike:
// followers rebuild the state from what they replicate).
func (m *ProducerStateManager) onAppend(recs []Record) {
	for _, r := range recs {
		if b := r.Batch; b != nil && r.Index == b.Count-1 {
			m.update(b, r.Offset-r.Index)
		}
	}
}

// ProducerIdManager hands out producer ids from blocks of
// ProducerIDBlockSize that the broker claims in ZooKeeper's
// /latest_producer_id_block (txn/ProducerIdManager.scala).
type ProducerIdManager struct {
	claim      func() (start, end int) // the next block, written to ZooKeeper
	next, last int
}

// ProducerIDBlockSize is ProducerIdManager.PidBlockSize.
const ProducerIDBlockSize = 1000

// generateProducerId is ProducerIdManager.generateProducerId: the next id
// of the broker's block, a new block when this one is used up (or none
// was claimed yet).
func (m *ProducerIdManager) generateProducerId() int {
	if m.next > m.last {
		m.next, m.last = m.claim()
	}
	m.next++
	return m.next - 1
}

// initProducerId is TransactionCoordinator.handleInitProducerId for a
// producer without transactional.id: a new id, epoch 0, no other check.
func (rm *ReplicaManager) initProducerId() *InitProducerIdResponse {
	return &InitProducerIdResponse{Error: None, ProducerID: rm.producerIDs.generateProducerId()}
}
