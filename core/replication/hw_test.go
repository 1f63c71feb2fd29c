package replication

import (
	"testing"

	"github.com/stretchr/testify/require"

	"brokerlab/core/sim"
)

// FACTS.md 3, follower HW: the leader's HW from each fetch response,
// clamped to [logStartOffset, own LEO] (K2.5 log/Log.scala L331-340,
// updateHighWatermark; srv/ReplicaFetcherThread.scala L176); it may go
// down, and truncation takes it down with the log. The follower half of
// upstream's LogTest.testHighWatermarkMaintenance: HW 0 at first, not
// moved by an append; 5 against an LEO of 3 gives 3; 6 after three more
// records gives 6; truncating to 3 gives 3.
func TestFollowerHighWatermarkIsTheLeadersClampedToItsLog(t *testing.T) {
	s := sim.New(1, true)
	t.Cleanup(s.Close)
	rm, err := NewReplicaManager(s, 2, DefaultConfig(), NewLogManager(), &fakeZk{}, nil, NewMonitor(s))
	require.NoError(t, err)
	p := rm.getOrCreatePartition(t0)
	p.makeFollower(PartitionState{TP: t0, Leader: 1, LeaderEpoch: 0, ISR: []int{1, 2}, Replicas: []int{1, 2}}, 1)
	records := func(from int) []Record {
		return []Record{{Offset: from, Epoch: 0}, {Offset: from + 1, Epoch: 0}, {Offset: from + 2, Epoch: 0}}
	}
	require.Equal(t, 0, p.Log.HW)
	p.appendLog(records(0), "from leader 1", srcProcessData)
	require.Equal(t, 0, p.Log.HW, "an append does not move a follower's HW")
	p.updateFollowerHW(5)
	require.Equal(t, 3, p.Log.HW, "not past the log end offset")
	p.appendLog(records(3), "from leader 1", srcProcessData)
	p.updateFollowerHW(6)
	require.Equal(t, 6, p.Log.HW)
	p.truncateTo(3, "test")
	require.Equal(t, 3, p.Log.HW, "adjusted by truncation")
	p.updateFollowerHW(2)
	require.Equal(t, 2, p.Log.HW, "a follower takes a lower HW too (a new leader's)")
	p.updateFollowerHW(-1)
	require.Equal(t, 0, p.Log.HW, "never below the log start offset, 0")
}
