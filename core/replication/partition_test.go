package replication

import (
	"brokerlab/core/msg"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"brokerlab/core/sim"
)

// partitionRig is broker id's replica manager with an empty t-0, no
// threads running: the rules are called directly.
func partitionRig(t *testing.T, id int) (*sim.Sim, *ReplicaManager, *Partition) {
	t.Helper()
	s := sim.New(1, true)
	t.Cleanup(s.Close)
	rm, err := NewReplicaManager(s, id, DefaultConfig(), NewLogManager(), &fakeZk{}, nil, NewMonitor(s))
	require.NoError(t, err)
	return s, rm, rm.getOrCreatePartition(t0)
}

// Follower HW: the leader's HW from each fetch response, clamped to
// [logStartOffset, own LEO] (Kafka 2.5 Log.scala L331-340,
// updateHighWatermark; ReplicaFetcherThread.scala L176); it may go
// down, and truncation takes it down with the log. The follower half of
// upstream's LogTest.testHighWatermarkMaintenance: HW 0 at first, not
// moved by an append; 5 against an LEO of 3 gives 3; 6 after three more
// records gives 6; truncating to 3 gives 3.
func TestFollowerHighWatermarkIsTheLeadersClampedToItsLog(t *testing.T) {
	_, _, p := partitionRig(t, 2)
	p.makeFollower(PartitionState{TP: t0, Leader: 1, LeaderEpoch: 0, ISR: []int{1, 2}, Replicas: []int{1, 2}}, 1)
	records := func(from int) []Record {
		return []Record{{Offset: from, Epoch: 0}, {Offset: from + 1, Epoch: 0}, {Offset: from + 2, Epoch: 0}}
	}
	require.Equal(t, 0, p.Log.HW)
	p.appendLog(records(0), msg.Notef("from leader %d", 1), srcProcessData)
	require.Equal(t, 0, p.Log.HW, "an append does not move a follower's HW")
	p.updateFollowerHW(5)
	require.Equal(t, 3, p.Log.HW, "not past the log end offset")
	p.appendLog(records(3), msg.Notef("from leader %d", 1), srcProcessData)
	p.updateFollowerHW(6)
	require.Equal(t, 6, p.Log.HW)
	p.truncateTo(3, nil)
	require.Equal(t, 3, p.Log.HW, "adjusted by truncation")
	p.updateFollowerHW(2)
	require.Equal(t, 2, p.Log.HW, "a follower takes a lower HW too (a new leader's)")
	p.updateFollowerHW(-1)
	require.Equal(t, 0, p.Log.HW, "never below the log start offset, 0")
}

// Kafka 2.5 Partition.scala makeLeader: a broker that
// becomes leader forgets its followers' LEOs (unknown, -1, until their
// next fetch) and counts the ISR members as caught up now, the others as
// never (lastCaughtUpTimeMs 0), so an ISR follower is not shrunk away for
// the time it spent following another leader.
func TestMakeLeaderResetsTheFollowersState(t *testing.T) {
	s, _, p := partitionRig(t, 1)
	p.Log.append([]Record{{Offset: 0, Epoch: 0}, {Offset: 1, Epoch: 0}})
	p.makeFollower(PartitionState{TP: t0, Leader: 2, LeaderEpoch: 0, ISR: []int{1, 2, 3}, Replicas: []int{1, 2, 3}}, 1)
	s.AdvanceTo(5 * time.Second)
	p.makeLeader(PartitionState{TP: t0, Leader: 1, LeaderEpoch: 1, ISR: []int{1, 2}, Replicas: []int{1, 2, 3}}, 1)
	require.Equal(t, -1, p.Remote(2).LEO)
	require.Equal(t, -1, p.Remote(3).LEO)
	require.Equal(t, 5*time.Second, p.Remote(2).LastCaughtUpTime, "in the ISR: caught up now")
	require.Equal(t, never, p.Remote(3).LastCaughtUpTime, "out of the ISR: never")
	require.Equal(t, 2, p.leaderEpochStartOffset)
	require.Equal(t, []int{1, 2}, p.ISR)
}
