package replication

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// appendBatch checks a batch as Log.analyzeAndValidateProducerState does
// for a client (duplicate first, then the sequence) and appends it.
func appendBatch(l *Log, pid, epoch, seq, n int) (first int, code string) {
	b := &ProducerBatch{ProducerID: pid, ProducerEpoch: epoch, BaseSequence: seq, Count: n}
	if dup, ok := l.Producers.LastEntry(pid).findDuplicateBatch(b); ok {
		return dup.FirstOffset, None
	}
	if code := l.Producers.checkSequence(b); code != None {
		return -1, code
	}
	first = l.LEO()
	recs := make([]Record, n)
	for i := range recs {
		recs[i] = Record{Offset: first + i, Index: i, Batch: b}
	}
	l.append(recs)
	return first, None
}

// ProducerStateManagerTest.testBasicIdMapping: sequences in order are
// accepted, a repeated or skipped one is out of order (when it is not a
// cached duplicate), a new epoch starts at 0, an old epoch is fenced.
func TestProducerStateBasicIdMapping(t *testing.T) {
	var m ProducerStateManager
	steps := []struct {
		epoch, seq int
		want       string
	}{
		{0, 0, None}, {0, 1, None},
		{0, 1, OutOfOrderSequenceNumber}, // a duplicate is found before checkSequence
		{0, 5, OutOfOrderSequenceNumber},
		{1, 0, None},
		{0, 0, InvalidProducerEpoch}, // ProducerFencedException
	}
	for i, s := range steps {
		b := &ProducerBatch{ProducerID: 1, ProducerEpoch: s.epoch, BaseSequence: s.seq, Count: 1}
		got := m.checkSequence(b)
		require.Equal(t, s.want, got, "step %d: epoch %d seq %d", i, s.epoch, s.seq)
		if got == None {
			m.update(b, i)
		}
	}
	// A new epoch that does not start at 0.
	require.Equal(t, OutOfOrderSequenceNumber, m.checkSequence(&ProducerBatch{ProducerID: 1, ProducerEpoch: 2, BaseSequence: 3, Count: 1}))
}

// ProducerStateManagerTest.testNoValidationOnFirstEntryWhenLoadingLog: a
// producer the log has no entry for is taken at any sequence, and its
// entry holds that batch.
func TestProducerStateNoValidationOnFirstEntry(t *testing.T) {
	l := &Log{}
	l.Records = make([]Record, 735)
	first, code := appendBatch(l, 7, 5, 16, 1)
	require.Equal(t, None, code)
	e := l.Producers.LastEntry(7)
	require.NotNil(t, e)
	require.Equal(t, 5, e.Epoch)
	require.Equal(t, []BatchMetadata{{FirstSeq: 16, LastSeq: 16, FirstOffset: 735, LastOffset: 735}}, e.Batches)
	require.Equal(t, 735, first)
}

// LogTest.testDuplicateAppends: a batch appended again within the last
// five is answered with its first offset and writes nothing; one older
// than the five cached is out of order.
func TestProducerStateDuplicateAppends(t *testing.T) {
	l := &Log{}
	for seq := 0; seq < 7; seq++ {
		first, code := appendBatch(l, 1, 0, seq*2, 2)
		require.Equal(t, None, code)
		require.Equal(t, seq*2, first)
	}
	require.Len(t, l.Producers.LastEntry(1).Batches, NumBatchesToRetain)
	first, code := appendBatch(l, 1, 0, 8, 2) // the 5th batch: cached
	require.Equal(t, None, code)
	require.Equal(t, 8, first, "the original offset")
	require.Equal(t, 14, l.LEO(), "nothing written")
	_, code = appendBatch(l, 1, 0, 2, 2) // the 2nd batch: no longer cached
	require.Equal(t, OutOfOrderSequenceNumber, code)
	require.Equal(t, 14, l.LEO())
}

// LogTest.testNonSequentialAppend: a gap in the sequence is
// OUT_OF_ORDER_SEQUENCE_NUMBER and nothing is written.
func TestProducerStateNonSequentialAppend(t *testing.T) {
	l := &Log{}
	_, code := appendBatch(l, 1, 0, 0, 1)
	require.Equal(t, None, code)
	_, code = appendBatch(l, 1, 0, 2, 1)
	require.Equal(t, OutOfOrderSequenceNumber, code)
	require.Equal(t, 1, l.LEO())
}

// A truncation rebuilds the state from the records left
// (Log.loadProducerState), as a follower's or a new leader's log needs.
func TestProducerStateRebuiltAfterTruncation(t *testing.T) {
	l := &Log{}
	for seq := range 3 {
		_, code := appendBatch(l, 1, 0, seq, 1)
		require.Equal(t, None, code)
	}
	l.truncateTo(1)
	require.Equal(t, 0, l.Producers.LastEntry(1).LastSeq())
	_, code := appendBatch(l, 1, 0, 1, 1)
	require.Equal(t, None, code, "sequence 1 again, after the truncation")
}

// ProducerIdManager hands out a block's ids in turn, then claims the next block.
func TestProducerIdManagerBlocks(t *testing.T) {
	z := &fakeZk{}
	m := ProducerIdManager{claim: func() (int, int) { return z.NewProducerIdBlock(1) }, last: -1}
	var got []int
	for range ProducerIDBlockSize + 1 {
		got = append(got, m.generateProducerId())
	}
	require.Equal(t, []int{0, 1, 2}, got[:3])
	require.Equal(t, ProducerIDBlockSize, got[ProducerIDBlockSize], "the first id of the next block")
	require.Equal(t, 2, z.blocks)
}
