package replication

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// The monitor catches what it is for: an acknowledged acks=all record that
// a cleanly elected leader lacks, two leaders in one epoch, a clean leader
// below the committed offset; and it excuses an unclean election's losses
// while tracing them record by record.
func TestMonitorCatchesViolations(t *testing.T) {
	s, p, mon := leaderRig(t, 0, []int{1, 2}, nil)
	_, last, _, _, _ := p.appendRecordsToLeader(&ProduceRequest{ID: "a", TP: t0, Acks: -1, Records: 2})
	p.updateFollowerFetchState(2, 2, s.Now(), 2, 0)
	mon.onAck(p, 0, last, &ProduceRequest{ID: "a", TP: t0, Acks: -1})

	// Broker 2's log lacks offset 1; it takes over in a clean election.
	rm2, err := NewReplicaManager(s, 2, DefaultConfig(), NewLogManager(), &fakeZk{}, nil, mon)
	require.NoError(t, err)
	p2 := rm2.getOrCreatePartition(t0)
	p2.Log.append([]Record{{Offset: 0, Epoch: 0, Producer: "a", Index: 0}})
	p2.makeLeader(PartitionState{TP: t0, Leader: 2, LeaderEpoch: 1, ISR: []int{2}, Replicas: []int{1, 2}}, 1)
	require.Len(t, mon.Lost, 1)
	require.Equal(t, "1:0:a", mon.Lost[0].String())
	require.Len(t, mon.Violations, 2, "a lost acks=all record, and a leader below the committed offset 2")

	// Broker 1 claims epoch 1 too.
	p.makeLeader(PartitionState{TP: t0, Leader: 1, LeaderEpoch: 1, ISR: []int{1}, Replicas: []int{1, 2}}, 1)
	require.Contains(t, mon.Violations[len(mon.Violations)-1], "two leaders of t-0 in epoch 1")

	// An unclean election's loss is traced, not a violation.
	mon2 := NewMonitor(s)
	p.rm.mon, p2.rm.mon = mon2, mon2
	mon2.onAck(p, 0, 1, &ProduceRequest{ID: "a", TP: t0, Acks: -1})
	mon2.OnUncleanElection(t0, 2)
	p2.makeLeader(PartitionState{TP: t0, Leader: 2, LeaderEpoch: 2, ISR: []int{2}, Replicas: []int{1, 2}}, 1)
	require.Empty(t, mon2.Violations)
	require.Len(t, mon2.Lost, 1)
	require.True(t, mon2.Lost[0].Unclean)
}

// The monitor catches an idempotent batch written twice (a leader whose
// producer state missed it), and not a retry the leader deduplicates.
func TestMonitorCatchesIdempotentBatchWrittenTwice(t *testing.T) {
	_, p, mon := leaderRig(t, 0, []int{1}, nil)
	req := func() *ProduceRequest {
		return &ProduceRequest{ID: "a", TP: t0, Acks: 1, Records: 1, Batch: &ProducerBatch{ProducerID: 0, BaseSequence: 0, Count: 1}}
	}
	p.appendRecordsToLeader(req())
	_, _, code, _, dup := p.appendRecordsToLeader(req())
	require.Equal(t, None, code)
	require.True(t, dup)
	require.Empty(t, mon.Violations, "a retry found as a duplicate")

	p.Log.Producers = ProducerStateManager{} // state lost: the retry is taken as new
	p.appendRecordsToLeader(req())
	require.Equal(t, 2, p.Log.LEO())
	require.Len(t, mon.Violations, 1)
}

// A batch the leader's log holds, reported failed after its retry was
// refused as out of order, is a violation; one that failed for another
// reason (the min.insync.replicas check before the append), or that the
// log does not hold, is not.
func TestMonitorFailedWhileInLog(t *testing.T) {
	s, _, _ := leaderRig(t, 0, []int{1}, nil)
	pb := &ProducerBatch{ProducerID: 7, ProducerEpoch: 0, BaseSequence: 3, Count: 1}
	log := []Record{{Offset: 0, Producer: "x"}, {Offset: 1, Producer: "a", Batch: pb}}
	for _, c := range []struct {
		name string
		errs []string
		log  []Record
		want int
	}{
		{"refused as out of order while in the log", []string{NetworkException, OutOfOrderSequenceNumber, DeliveryTimeout}, log, 1},
		{"not enough replicas while in the log", []string{NotEnoughReplicasAfterAppend, NotEnoughReplicas, DeliveryTimeout}, log, 0},
		{"out of order, not in the log", []string{OutOfOrderSequenceNumber, DeliveryTimeout}, log[:1], 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			mon := NewMonitor(s)
			mon.OnFailed(t0, "a", &ProducerBatch{ProducerID: 7, ProducerEpoch: 0, BaseSequence: 3, Count: 1}, c.errs, c.log)
			require.Len(t, mon.Violations, c.want)
		})
	}
}
