package replication

import (
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"brokerlab/core/sim"
)

// fakeZk accepts every ISR write and counts the propagations.
type fakeZk struct {
	version    int
	propagated [][]TP
	blocks     int
}

func (z *fakeZk) UpdateLeaderAndIsr(tp TP, leader, epoch int, isr []int, ce, expected int) (int, bool) {
	if expected != z.version {
		return 0, false
	}
	z.version++
	return z.version, true
}
func (z *fakeZk) PropagateIsrChanges(tps []TP) { z.propagated = append(z.propagated, tps) }
func (z *fakeZk) NewProducerIdBlock(broker int) (int, int) {
	z.blocks++
	return (z.blocks - 1) * ProducerIDBlockSize, z.blocks*ProducerIDBlockSize - 1
}

var t0 = TP{"t", 0}

// leaderRig is broker 1 leading t-0 with replicas 1,2,3, its log holding
// leo records of epoch 0, no threads running: the rules are called directly.
func leaderRig(t *testing.T, leo int, isr []int, change func(*Config)) (*sim.Sim, *Partition, *Monitor) {
	t.Helper()
	s := sim.New(1, true)
	t.Cleanup(s.Close)
	cfg := DefaultConfig()
	if change != nil {
		change(&cfg)
	}
	mon := NewMonitor(s)
	rm, err := NewReplicaManager(s, 1, cfg, NewLogManager(), &fakeZk{}, nil, mon)
	require.NoError(t, err)
	p := rm.getOrCreatePartition(t0)
	for i := range leo {
		p.Log.append([]Record{{Offset: i, Epoch: 0, Producer: "old"}})
	}
	p.makeLeader(PartitionState{TP: t0, Leader: 1, LeaderEpoch: 0, ISR: isr, Replicas: []int{1, 2, 3}}, 1)
	return s, p, mon
}

// Kafka 2.5 Partition.maybeIncrementLeaderHW, HW rule: the leader's HW is the smallest LEO of the ISR:
// 115 for LEOs 120/118/115, 120 once both followers caught up; never back.
func TestHighWatermarkIsTheSmallestLEOOfTheISR(t *testing.T) {
	s, p, _ := leaderRig(t, 120, []int{1, 2, 3}, nil)
	require.Equal(t, 0, p.Log.HW, "followers' LEOs are unknown after makeLeader")
	now := s.Now()
	p.updateFollowerFetchState(2, 118, now, 120, 0)
	require.Equal(t, 0, p.Log.HW, "replica 3's LEO is still unknown")
	p.updateFollowerFetchState(3, 115, now, 120, 0)
	require.Equal(t, 115, p.Log.HW)
	p.updateFollowerFetchState(2, 120, now, 120, 115)
	require.Equal(t, 115, p.Log.HW)
	p.updateFollowerFetchState(3, 120, now, 120, 115)
	require.Equal(t, 120, p.Log.HW)
	p.updateFollowerFetchState(3, 119, now, 120, 120) // a stale position never lowers it
	require.Equal(t, 120, p.Log.HW)
}

// Kafka 2.5 Partition.maybeIncrementLeaderHW: a follower outside the ISR that caught up within
// replica.lag.time.max.ms holds the HW back; once that is older, it does
// not. One that fetches without catching up never counts.
func TestCaughtUpReplicaOutsideTheISRHoldsTheHW(t *testing.T) {
	s, p, _ := leaderRig(t, 10, []int{1, 2}, nil)
	s.AdvanceTo(time.Second)
	p.updateFollowerFetchState(2, 10, s.Now(), 10, 0)
	require.Equal(t, 10, p.Log.HW)
	p.appendRecordsToLeader(&ProduceRequest{ID: "r", TP: t0, Acks: 1, Records: 5})
	p.updateFollowerFetchState(3, 8, s.Now(), 15, 10)
	require.Equal(t, []int{1, 2}, p.ISR, "LEO 8 < HW 10")
	require.Equal(t, never, p.Remote(3).LastCaughtUpTime)
	r3 := p.Remote(3)
	r3.LEO, r3.LastCaughtUpTime = 12, s.Now() // caught up just now, not (yet) in the ISR
	p.updateFollowerFetchState(2, 15, s.Now(), 15, 10)
	require.Equal(t, 12, p.Log.HW, "held by the caught-up replica 3")
	s.AdvanceTo(time.Second + 30*time.Second + time.Millisecond)
	require.True(t, p.maybeIncrementLeaderHW(s.Now()))
	require.Equal(t, 15, p.Log.HW, "3 caught up more than 30 s ago")
}

// Kafka 2.5 Partition.maybeExpandIsr: LEO ≥ HW and LEO ≥ leaderEpochStartOffset.
func TestISRExpandNeedsTheHWAndTheCurrentEpoch(t *testing.T) {
	s, p, _ := leaderRig(t, 10, []int{1}, nil)
	require.Equal(t, 10, p.Log.HW, "the ISR is the leader alone")
	p.updateFollowerFetchState(2, 8, s.Now(), 10, 10)
	require.Equal(t, []int{1}, p.ISR, "LEO 8 < HW 10")
	p.updateFollowerFetchState(2, 10, s.Now(), 10, 10)
	require.Equal(t, []int{1, 2}, p.ISR)
	// A new epoch starting at 10: an LEO of 10 is in it, 9 would not be.
	require.Equal(t, 10, p.leaderEpochStartOffset)
}

// Kafka 2.5 Partition.getOutOfSyncReplicas, ISR shrink: an ISR follower whose LEO differs from the
// leader's and that has not caught up for more than
// replica.lag.time.max.ms (30 s in 2.5) leaves; one level with the leader
// never does, however long it is silent.
func TestISRShrinkAfterTheLagTime(t *testing.T) {
	s, p, _ := leaderRig(t, 10, []int{1, 2, 3}, nil)
	require.Equal(t, 30*time.Second, DefaultConfig().ReplicaLagTimeMax)
	p.updateFollowerFetchState(2, 10, s.Now(), 10, 0)
	p.updateFollowerFetchState(3, 10, s.Now(), 10, 0)
	s.AdvanceTo(time.Second)
	p.appendRecordsToLeader(&ProduceRequest{ID: "r", TP: t0, Acks: 1, Records: 1})
	p.updateFollowerFetchState(3, 11, s.Now(), 11, 10)
	s.AdvanceTo(30 * time.Second)
	p.maybeShrinkIsr()
	require.Equal(t, []int{1, 2, 3}, p.ISR, "exactly 30 s is not more than the lag")
	s.AdvanceTo(30*time.Second + time.Millisecond)
	p.maybeShrinkIsr()
	require.Equal(t, []int{1, 3}, p.ISR, "2 is 1 offset behind and last caught up at 0s")
	require.Equal(t, 11, p.Log.HW, "with 2 out, HW = min(11, 11)")
	s.AdvanceTo(10 * time.Minute)
	p.maybeShrinkIsr()
	require.Equal(t, []int{1, 3}, p.ISR, "3 has the leader's LEO: never out of sync")
}

// Kafka 2.5 Partition.scala L955-969, min.insync.replicas: with ISR {1} and min ISR 2, acks=all is
// refused before the append (NOT_ENOUGH_REPLICAS); acks=1 and 0 append;
// other acks are INVALID_REQUIRED_ACKS (ReplicaManager.appendRecords).
func TestMinInsyncReplicasRefusesAcksAllBeforeTheAppend(t *testing.T) {
	_, p, _ := leaderRig(t, 0, []int{1}, func(c *Config) { c.MinInsyncReplicas = 2 })
	_, _, code, _, _ := p.appendRecordsToLeader(&ProduceRequest{ID: "a", TP: t0, Acks: -1, Records: 1})
	require.Equal(t, NotEnoughReplicas, code)
	require.Equal(t, 0, p.Log.LEO(), "nothing written")
	for _, acks := range []int{1, 0} {
		_, _, code, _, _ = p.appendRecordsToLeader(&ProduceRequest{ID: "b", TP: t0, Acks: acks, Records: 1})
		require.Equal(t, None, code)
	}
	require.Equal(t, 2, p.Log.LEO())
	var got *ProduceResponse
	p.rm.AppendRecords(nil, &ProduceRequest{ID: "c", TP: t0, Acks: 2, Records: 1}, func(r *ProduceResponse) { got = r })
	require.Equal(t, InvalidRequiredAcks, got.Error)
	require.Equal(t, 2, p.Log.LEO())
}

// Kafka 2.5 DelayedProduce.scala, Partition.checkEnoughReplicasReachOffset: satisfied when HW ≥ the required offset:
// NONE with enough ISR, NOT_ENOUGH_REPLICAS_AFTER_APPEND if the ISR shrank
// below min.insync.replicas meanwhile.
func TestCheckEnoughReplicasReachOffset(t *testing.T) {
	s, p, _ := leaderRig(t, 0, []int{1, 2}, func(c *Config) { c.MinInsyncReplicas = 2 })
	_, last, code, _, _ := p.appendRecordsToLeader(&ProduceRequest{ID: "a", TP: t0, Acks: -1, Records: 3})
	require.Equal(t, None, code)
	enough, code := p.checkEnoughReplicasReachOffset(last + 1)
	require.False(t, enough)
	require.Equal(t, None, code)
	p.updateFollowerFetchState(2, 3, s.Now(), 3, 0)
	enough, code = p.checkEnoughReplicasReachOffset(last + 1)
	require.True(t, enough)
	require.Equal(t, None, code)
	p.ISR = []int{1}
	enough, code = p.checkEnoughReplicasReachOffset(last + 1)
	require.True(t, enough)
	require.Equal(t, NotEnoughReplicasAfterAppend, code)
}

// LeaderEpochFileCache.endOffsetFor of Kafka 2.5
// (server/epoch/LeaderEpochFileCache.scala).
func TestEndOffsetForLeaderEpoch(t *testing.T) {
	l := &Log{}
	for _, e := range []EpochEntry{{1, 0}, {3, 5}, {6, 12}} {
		l.Assign(e.Epoch, e.StartOffset)
	}
	for range 15 {
		l.Records = append(l.Records, Record{})
	}
	for _, c := range []struct{ asked, epoch, end int }{
		{6, 6, 15},                // the latest epoch: the log end
		{3, 3, 12},                // a cached epoch: where the next starts
		{4, 3, 12},                // not cached: the largest ≤ it, ended by the next
		{0, 0, 0},                 // below every cached epoch: it, with the first start
		{7, Undefined, Undefined}, // newer than any
		{Undefined, Undefined, Undefined},
	} {
		epoch, end := l.EndOffsetFor(c.asked)
		require.Equal(t, [2]int{c.epoch, c.end}, [2]int{epoch, end}, "epoch %d", c.asked)
	}
}

// The cache keeps epochs and start offsets increasing: assigning an epoch
// drops the entries it contradicts, and truncation drops those at or
// after the truncation point.
func TestEpochCacheAssignAndTruncate(t *testing.T) {
	l := &Log{}
	require.True(t, l.Assign(0, 0))
	require.False(t, l.Assign(0, 4), "same epoch, later offset: nothing to do")
	require.True(t, l.Assign(2, 5))
	require.True(t, l.Assign(3, 5))
	require.Equal(t, "0:0,3:5", l.EpochsString(), "epoch 2 started where 3 does: it wrote nothing")
	l.append([]Record{{Offset: 0, Epoch: 0}, {Offset: 1, Epoch: 0}, {Offset: 2, Epoch: 0}, {Offset: 3, Epoch: 0}, {Offset: 4, Epoch: 0}, {Offset: 5, Epoch: 3}, {Offset: 6, Epoch: 3}})
	l.HW = 7
	l.truncateTo(5)
	require.Equal(t, "0:0", l.EpochsString())
	require.Equal(t, 5, l.HW)
	require.Equal(t, "0:0,1:0,2:0,3:0,4:0", l.String())
}

// Kafka 2.5 AbstractFetcherThread truncation (KIP-101, KIP-279): the old leader at epoch 0 with LEO
// 10 asks OffsetsForLeaderEpoch(0); the new leader, whose cache holds only
// (1, 0), answers (0, 0); the old leader truncates to 0.
func TestOffsetsForLeaderEpochExampleTruncatesTheOldLeader(t *testing.T) {
	newLeader := &Log{}
	newLeader.Assign(1, 0)
	epoch, end := newLeader.EndOffsetFor(0)
	require.Equal(t, [2]int{0, 0}, [2]int{epoch, end})

	_, rm, p := partitionRig(t, 2)
	for i := range 10 {
		p.Log.append([]Record{{Offset: i, Epoch: 0}})
	}
	p.Log.HW = 10
	p.makeFollower(PartitionState{TP: t0, Leader: 1, LeaderEpoch: 1, Replicas: []int{1, 2}}, 1)
	f := &FetcherThread{Name: FetcherName(1), Leader: 1, rm: rm}
	st := &fetchState{TP: t0, Offset: p.Log.HW, Epoch: 1, State: Truncating}
	f.parts = []*fetchState{st}
	f.truncate(st, EpochEndOffset{TP: t0, Error: None, LeaderEpoch: epoch, EndOffset: end}, 0)
	require.Equal(t, 0, p.Log.LEO())
	require.Equal(t, 0, p.Log.HW)
	require.Equal(t, Fetching, st.State)
	require.Equal(t, 0, st.Offset)
}

// getOffsetTruncationState's other cases: a follower ahead in the same
// epoch truncates to the leader's end of it; one that does not know the
// answered epoch truncates to the end of its largest smaller one and asks
// again.
func TestTruncationCases(t *testing.T) {
	_, rm, p := partitionRig(t, 2)
	for i := range 12 {
		e := 0
		if i >= 5 {
			e = 2
		}
		p.Log.append([]Record{{Offset: i, Epoch: e}})
	}
	f := &FetcherThread{Name: FetcherName(1), Leader: 1, rm: rm}
	st := &fetchState{TP: t0, Epoch: 3, State: Truncating}
	f.parts = []*fetchState{st}
	// The leader knows epoch 2 ends at 9: truncate 12 → 9.
	f.truncate(st, EpochEndOffset{TP: t0, Error: None, LeaderEpoch: 2, EndOffset: 9}, 2)
	require.Equal(t, 9, p.Log.LEO())
	require.Equal(t, Fetching, st.State)
	// The leader answers epoch 1, which this log never had: to the end of
	// epoch 0 (5), still Truncating.
	st.State = Truncating
	f.truncate(st, EpochEndOffset{TP: t0, Error: None, LeaderEpoch: 1, EndOffset: 7}, 2)
	require.Equal(t, 5, p.Log.LEO())
	require.Equal(t, Truncating, st.State)
	require.Equal(t, "0:0", p.Log.EpochsString())
}
