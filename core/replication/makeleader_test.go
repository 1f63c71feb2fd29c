package replication

import (
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"brokerlab/core/sim"
)

// FACTS.md 3 (K2.5 cluster/Partition.scala makeLeader): a broker that
// becomes leader forgets its followers' LEOs (unknown, -1, until their
// next fetch) and counts the ISR members as caught up now, the others as
// never (lastCaughtUpTimeMs 0), so an ISR follower is not shrunk away for
// the time it spent following another leader.
func TestMakeLeaderResetsTheFollowersState(t *testing.T) {
	s := sim.New(1, true)
	t.Cleanup(s.Close)
	rm, err := NewReplicaManager(s, 1, DefaultConfig(), NewLogManager(), &fakeZk{}, nil, NewMonitor(s))
	require.NoError(t, err)
	p := rm.getOrCreatePartition(t0)
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
