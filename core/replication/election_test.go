package replication

import (
	"slices"
	"testing"

	"github.com/stretchr/testify/require"
)

// Kafka 2.5 PartitionStateMachine.scala L519-530, Election.scala L28-49:
// offline election and the ISR after it.
func TestElectOffline(t *testing.T) {
	for _, c := range []struct {
		name       string
		assignment []int
		isr        []int
		live       []int
		unclean    bool
		wantLeader int
		wantISR    []int
		wantUncl   bool
	}{
		{"first live ISR member in assignment order", []int{3, 1, 2}, []int{1, 2, 3}, []int{1, 2}, false, 1, []int{1, 2}, false},
		{"ISR filtered to live replicas", []int{1, 2, 3}, []int{1, 2, 3}, []int{2, 3}, false, 2, []int{2, 3}, false},
		{"no live ISR member, unclean off: none", []int{1, 2, 3}, []int{1}, []int{2, 3}, false, NoLeader, []int{1}, false},
		{"unclean on: first live replica, ISR of one", []int{1, 3, 2}, []int{1}, []int{2, 3}, true, 3, []int{3}, true},
		{"a live ISR member wins even with unclean on", []int{1, 2, 3}, []int{1, 3}, []int{2, 3}, true, 3, []int{3}, false},
		{"nobody live", []int{1, 2, 3}, []int{1, 2}, nil, true, NoLeader, []int{1, 2}, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			live := func(r int) bool { return slices.Contains(c.live, r) }
			st := LeaderAndIsr{Leader: 1, LeaderEpoch: 4, ISR: c.isr}
			next, unclean, ok := ElectOffline(st, c.assignment, live, c.unclean)
			require.Equal(t, c.wantLeader != NoLeader, ok)
			if !ok {
				require.Equal(t, st, next, "the state stays as it was")
				return
			}
			require.Equal(t, c.wantLeader, next.Leader)
			require.Equal(t, c.wantISR, next.ISR)
			require.Equal(t, c.wantUncl, unclean)
			require.Equal(t, 5, next.LeaderEpoch, "epoch + 1")
		})
	}
}

// Kafka 2.5 ReplicaStateMachine.scala L322-341: a dead replica leaves the ISR, never below one member; a
// dead leader becomes NoLeader; the epoch goes up.
func TestRemoveReplicaFromIsr(t *testing.T) {
	next, changed := RemoveReplicaFromIsr(LeaderAndIsr{Leader: 1, LeaderEpoch: 2, ISR: []int{1, 2, 3}}, 2)
	require.True(t, changed)
	require.Equal(t, LeaderAndIsr{Leader: 1, LeaderEpoch: 3, ISR: []int{1, 3}}, next)
	next, changed = RemoveReplicaFromIsr(LeaderAndIsr{Leader: 1, LeaderEpoch: 2, ISR: []int{1}}, 1)
	require.True(t, changed)
	require.Equal(t, LeaderAndIsr{Leader: NoLeader, LeaderEpoch: 3, ISR: []int{1}}, next, "the last ISR member stays")
	_, changed = RemoveReplicaFromIsr(LeaderAndIsr{Leader: 1, ISR: []int{1}}, 3)
	require.False(t, changed)
}

// Kafka 2.5 Errors.java: the error codes the replication lessons name.
func TestErrorCodes(t *testing.T) {
	for name, code := range map[string]int{RequestTimedOut: 7, NotEnoughReplicas: 19, NotEnoughReplicasAfterAppend: 20, InvalidRequiredAcks: 21} {
		require.Equal(t, code, ErrorCodes[name], name)
	}
	require.Equal(t, 6, ErrorCodes[NotLeaderForPartition], "Errors.java of 2.5; NOT_LEADER_OR_FOLLOWER from 2.6.0")
}
