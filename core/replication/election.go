package replication

import "slices"

// LeaderAndIsr is a partition's state znode
// (/brokers/topics/T/partitions/P/state): leader, leader epoch, ISR,
// the controller epoch that wrote it, and the znode's version.
type LeaderAndIsr struct {
	Leader          int
	LeaderEpoch     int
	ISR             []int
	ControllerEpoch int
	ZkVersion       int
}

// NoLeader is LeaderAndIsr.NoLeader.
const NoLeader = -1

// newLeaderAndIsr is LeaderAndIsr.newLeaderAndIsr: every change the
// controller makes bumps the leader epoch.
func (l LeaderAndIsr) newLeaderAndIsr(leader int, isr []int) LeaderAndIsr {
	return LeaderAndIsr{Leader: leader, LeaderEpoch: l.LeaderEpoch + 1, ISR: isr, ControllerEpoch: l.ControllerEpoch, ZkVersion: l.ZkVersion}
}

// OfflineLeader is PartitionLeaderElectionAlgorithms.offlinePartitionLeaderElection:
// the first replica in assignment order that is live and in the ISR; if
// none and unclean election is allowed, the first live one (unclean); else
// none (ok false).
func OfflineLeader(assignment, isr []int, live func(int) bool, uncleanEnabled bool) (leader int, unclean, ok bool) {
	for _, r := range assignment {
		if live(r) && slices.Contains(isr, r) {
			return r, false, true
		}
	}
	if uncleanEnabled {
		for _, r := range assignment {
			if live(r) {
				return r, true, true
			}
		}
	}
	return NoLeader, false, false
}

// ElectOffline is Election.leaderForOffline: elect with OfflineLeader; the
// new ISR is the old one filtered to live replicas if the leader was in
// it, else (unclean) the leader alone; the epoch goes up by one.
func ElectOffline(st LeaderAndIsr, assignment []int, live func(int) bool, uncleanEnabled bool) (next LeaderAndIsr, unclean, ok bool) {
	leader, unclean, ok := OfflineLeader(assignment, st.ISR, live, uncleanEnabled)
	if !ok {
		return st, false, false
	}
	isr := []int{leader}
	if slices.Contains(st.ISR, leader) {
		isr = nil
		for _, r := range st.ISR {
			if live(r) {
				isr = append(isr, r)
			}
		}
	}
	return st.newLeaderAndIsr(leader, isr), unclean, true
}

// RemoveReplicaFromIsr is ReplicaStateMachine.doRemoveReplicasFromIsr for
// one partition: the replica leaves the ISR unless it is its only member,
// the leader becomes NoLeader if it was the replica, and the epoch goes up.
// changed is false if the replica was not in the ISR.
func RemoveReplicaFromIsr(st LeaderAndIsr, replica int) (next LeaderAndIsr, changed bool) {
	if !slices.Contains(st.ISR, replica) {
		return st, false
	}
	leader := st.Leader
	if leader == replica {
		leader = NoLeader
	}
	isr := st.ISR
	if len(isr) > 1 {
		isr = nil
		for _, r := range st.ISR {
			if r != replica {
				isr = append(isr, r)
			}
		}
	}
	return st.newLeaderAndIsr(leader, isr), true
}
