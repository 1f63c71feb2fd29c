package cluster

import (
	"maps"
	"slices"
	"strconv"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"brokerlab/core/replication"
	"brokerlab/core/sim"
)

// started is a 3-broker cluster with topic t (1 partition, replicas
// 1,2,3) whose followers fetch.
func started(t *testing.T, seed int64, change func(*Config)) *rig {
	t.Helper()
	return startedWith(t, seed, change, 1, 2, 3)
}

// startedWith is a cluster with topic t (1 partition) on replicas, led by
// the first, every replica in the ISR and fetching.
func startedWith(t *testing.T, seed int64, change func(*Config), replicas ...int) *rig {
	t.Helper()
	r := newRig(t, seed, change)
	r.c.Topic(10*time.Millisecond, "topic t", "t", 1, replicas, 0)
	r.runUntil(t, "partition[t-0].leader", strconv.Itoa(replicas[0]), time.Second)
	r.runFor(t, 2*time.Second)
	require.Equal(t, replication.IDs(sortedInts(replicas)), r.get(t, "partition[t-0].isr"))
	return r
}

func (r *rig) produce(id string, acks, n int) {
	r.c.Produce(r.s.Now(), "produce t-0 id="+id, id, t0, acks, n)
}

// Kafka 2.5 Partition.getOutOfSyncReplicas: a stalled follower leaves the ISR once it has not caught up
// for more than replica.lag.time.max.ms (30 s), at the next isr-expiration
// run (every 15 s): between 30 s and 45 s after it stopped.
func TestStalledFollowerLeavesTheISRBetween30And45Seconds(t *testing.T) {
	for seed := int64(1); seed <= 5; seed++ {
		r := started(t, seed, nil)
		r.produce("a", -1, 1)
		r.runUntil(t, "produce[a].error", "NONE", 5*time.Second)
		stalled := r.s.Now()
		r.c.Stall(stalled, "stall broker 3", 3)
		r.runFor(t, time.Millisecond)
		r.produce("b", 1, 1) // the leader's LEO moves past the stalled follower
		r.runUntil(t, "partition[t-0].isr", "1,2", time.Minute)
		out := r.s.Now() - stalled
		require.Greater(t, out, 30*time.Second, "seed %d", seed)
		require.LessOrEqual(t, out, 45*time.Second+time.Second, "seed %d", seed)
		// Resumed, it catches up and comes back (LEO ≥ HW).
		r.c.Resume(r.s.Now(), "resume broker 3", 3)
		r.runUntil(t, "partition[t-0].isr", "1,2,3", 5*time.Second)
		r.noViolations(t)
	}
}

// Kafka 2.5 Partition.scala L955-969: with ISR {1} and min.insync.replicas 2, acks=all is refused
// before the append (NOT_ENOUGH_REPLICAS); acks=1 succeeds.
func TestNotEnoughReplicasBeforeTheAppend(t *testing.T) {
	r := started(t, 2, func(c *Config) {
		c.Replication.MinInsyncReplicas = 2
		c.Replication.ReplicaLagTimeMax = 10 * time.Second
		c.Client.Retries = 0
	})
	r.c.Stall(r.s.Now(), "stall broker 2", 2)
	r.c.Stall(r.s.Now(), "stall broker 3", 3)
	r.runFor(t, time.Millisecond)
	r.produce("x", 1, 1)
	r.runUntil(t, "partition[t-0].isr", "1", time.Minute)
	leo := r.get(t, "replica[t-0,1].leo")
	r.produce("all", -1, 1)
	r.produce("one", 1, 1)
	r.runUntil(t, "produce[one].error", "NONE", time.Second)
	r.runUntil(t, "produce[all].error", "NOT_ENOUGH_REPLICAS", time.Second)
	require.Equal(t, "1", leo)
	require.Equal(t, "2", r.get(t, "replica[t-0,1].leo"), "only acks=1 appended")
	r.noViolations(t)
}

// Kafka 2.5 DelayedProduce.scala: an acks=all request whose ISR cannot reach
// it answers REQUEST_TIMED_OUT after the request's timeout (30 s); one
// whose ISR shrinks below min.insync.replicas meanwhile answers
// NOT_ENOUGH_REPLICAS_AFTER_APPEND.
func TestDelayedProduceTimesOutOrEndsAfterTheAppend(t *testing.T) {
	r := started(t, 3, func(c *Config) { c.Client.Retries = 0 })
	r.c.Stall(r.s.Now(), "stall broker 3", 3)
	r.runFor(t, time.Millisecond)
	sent := r.s.Now()
	r.produce("slow", -1, 1)
	r.runUntil(t, "produce[slow].error", "REQUEST_TIMED_OUT", time.Minute)
	require.InDelta(t, float64(30*time.Second), float64(r.s.Now()-sent), float64(10*time.Millisecond))

	r = started(t, 3, func(c *Config) {
		c.Client.Retries = 0
		c.Client.RequestTimeout = 2 * time.Minute
		c.Replication.MinInsyncReplicas = 2
	})
	r.c.Stall(r.s.Now(), "stall broker 2", 2)
	r.c.Stall(r.s.Now(), "stall broker 3", 3)
	r.runFor(t, time.Millisecond)
	r.produce("late", -1, 1)
	r.runUntil(t, "produce[late].error", "NOT_ENOUGH_REPLICAS_AFTER_APPEND", 2*time.Minute)
	require.Equal(t, "1", r.get(t, "partition[t-0].isr"))
	r.noViolations(t)
}

// Kafka 2.5 onControllerFailover (KafkaController.scala L217-268): the leader dies; its session expires after
// zookeeper.session.timeout.ms. It is also the controller, so the new
// controller's failover takes it offline (leader -1, epoch + 1) and then
// elects the first live ISR replica (epoch + 2, one bump each;
// lesson 06 has the non-controller leader's BrokerChange, epoch + 1); the
// producer, refused by the dead broker, refreshes its metadata and
// retries to the new leader.
func TestBrokerFailureElectsANewLeaderAndTheProducerRetries(t *testing.T) {
	r := started(t, 4, nil)
	r.produce("a", -1, 2)
	r.runUntil(t, "produce[a].error", "NONE", 5*time.Second)
	killed := r.s.Now()
	r.c.Kill(killed, "kill broker 1", 1)
	r.runUntil(t, "broker[1].session", "expired", time.Minute)
	expired := r.s.Now() - killed
	require.Greater(t, expired, 12*time.Second)
	require.LessOrEqual(t, expired, 21*time.Second)
	r.runUntil(t, "partition[t-0].leader", "2", time.Second)
	require.Equal(t, "2", r.get(t, "partition[t-0].epoch"))
	require.Equal(t, "2,3", r.get(t, "partition[t-0].isr"))
	r.produce("b", -1, 1)
	r.runUntil(t, "produce[b].error", "NONE", 5*time.Second)
	require.Equal(t, "2", r.get(t, "produce[b].offset"))
	r.noViolations(t)
}

// Kafka 2.5 PartitionStateMachine.scala L519-528: the last ISR member dies; with unclean election off the
// partition has no leader (-1) and keeps its ISR of one. (The leader is
// broker 2, not the controller: onBrokerFailure's path. A controller dying
// so is outcome 1 of TestControllerFailoverTakesTheDeadControllersReplicasOfflineBeforeElecting.)
func TestUncleanOffLeavesThePartitionWithoutLeader(t *testing.T) {
	r := startedWith(t, 5, func(c *Config) { c.Replication.ReplicaLagTimeMax = 10 * time.Second }, 2, 3, 1)
	r.c.Stall(r.s.Now(), "stall broker 1", 1)
	r.c.Stall(r.s.Now(), "stall broker 3", 3)
	r.runFor(t, time.Millisecond)
	r.produce("a", 1, 1)
	r.runUntil(t, "partition[t-0].isr", "2", time.Minute)
	r.c.Kill(r.s.Now(), "kill broker 2", 2)
	r.runUntil(t, "partition[t-0].leader", "-1", time.Minute)
	require.Equal(t, "2", r.get(t, "partition[t-0].isr"))
	require.Equal(t, "OfflinePartition", r.get(t, "partition[t-0].state"))
	r.noViolations(t)
}

// Kafka 2.5 PartitionStateMachine.scala L459-496, L519-530, unclean on: broker 1,
// the controller, dies as the only ISR member; the new controller's
// OfflineReplica takes its leadership (-1, epoch + 1), then the unclean
// election gives the first live replica in assignment order the lead
// with an ISR of one (epoch + 2); the acknowledged records
// it lacks are lost, traced one by one; the old leader, back, truncates
// to the new leader's end of its epoch and takes the new records.
func TestUncleanElectionLosesAckedRecordsAndTruncatesTheOldLeader(t *testing.T) {
	r := started(t, 6, func(c *Config) {
		c.Replication.ReplicaLagTimeMax = 10 * time.Second
		c.UncleanLeaderElectionEnable = true
	})
	r.produce("a", -1, 2)
	r.runUntil(t, "produce[a].error", "NONE", 5*time.Second)
	r.c.Stall(r.s.Now(), "stall broker 2", 2)
	r.c.Stall(r.s.Now(), "stall broker 3", 3)
	r.runFor(t, time.Millisecond)
	r.produce("b", -1, 3)
	r.runUntil(t, "partition[t-0].isr", "1", time.Minute)
	r.runUntil(t, "produce[b].error", "NONE", time.Second)
	require.Equal(t, "0:0,1:0,2:0,3:0,4:0", r.get(t, "replica[t-0,1].log"))
	r.c.Resume(r.s.Now(), "resume broker 2", 2)
	r.c.Resume(r.s.Now(), "resume broker 3", 3)
	r.c.Kill(r.s.Now(), "kill broker 1", 1)
	r.runUntil(t, "partition[t-0].leader", "2", time.Minute)
	require.Equal(t, "2", r.get(t, "partition[t-0].epoch"))
	require.Equal(t, "2", r.get(t, "partition[t-0].isr"))
	r.runUntil(t, "partition[t-0].lost", "2:0:b,3:0:b,4:0:b", time.Second)
	r.produce("c", -1, 2)
	r.runUntil(t, "produce[c].error", "NONE", 5*time.Second)
	require.Equal(t, "0:0,1:0,2:2,3:2", r.get(t, "replica[t-0,2].log"))
	r.runUntil(t, "broker[1].session", "expired", time.Minute)
	r.c.Restart(r.s.Now(), "restart broker 1", 1)
	r.runUntil(t, "replica[t-0,1].log", "0:0,1:0,2:2,3:2", 10*time.Second)
	var truncated []string
	for _, e := range r.s.Trace() {
		if e.Kind == sim.LogTruncate && e.ID == 1 {
			truncated = append(truncated, e.From+"→"+e.To)
		}
		if e.Kind == sim.RecordLost {
			require.Contains(t, e.Note, "unclean")
		}
	}
	require.Equal(t, []string{"5→2"}, truncated)
	r.noViolations(t)
	_ = sim.FormatDuration
}

// A broker being restarted has no controller until its new process's
// startup makes one: "session expire" and "controller shutdown" aimed at
// the active controller do not reach the dead process's controller (whose
// threads are gone) on behalf of the new one. They used to: an expiry
// handler ran on the dead controller's putLock and queue while the new
// process started beside it.
func TestARestartingBrokerHasNoController(t *testing.T) {
	r := started(t, 1, nil)
	ctl := r.c.ActiveController()
	require.NotNil(t, ctl)
	now := r.s.Now()
	r.c.Kill(now, "kill broker", ctl.ID)
	r.c.Restart(now, "restart broker", ctl.ID)
	r.c.ExpireControllerSession(now, "session expire")
	r.c.ShutdownController(now)
	r.runFor(t, time.Second)
	for _, e := range r.s.Trace() {
		if e.T == now.Microseconds() && e.Actor == ctl.Host()+"/zk-session-expiry-handler0" {
			t.Fatalf("event %d: %s %s on the dead process's controller", e.Seq, e.Actor, e.Kind)
		}
	}
	r.noViolations(t)
}

// Kafka 2.5 KafkaController.scala L217-268, four outcomes: the broker that is the active
// controller dies. The new controller's onControllerFailover runs
// ReplicaStateMachine.startup (every replica of the dead broker goes to
// OfflineReplica: leader -1 if it led, out of the ISR but never below one
// member, leader epoch + 1) before PartitionStateMachine.startup elects.
// So a dead controller that led ends two epochs later (outcome 3), a dead
// follower leaves the ISR at once and an acks=all write sent right after
// the failover completes without waiting for replica.lag.time.max.ms.
func TestControllerFailoverTakesTheDeadControllersReplicasOfflineBeforeElecting(t *testing.T) {
	tests := []struct {
		name     string
		replicas []int
		stall    []int // stalled until they leave the ISR, before broker 1 dies
		isr      string
		// after the failover, in ZooKeeper
		leader, wantISR, epoch, state string
		leaders                       []string // leader changes after the kill: from→to@epoch
		// in the brokers
		roles map[int]string // broker → role@epoch
	}{
		{
			name: "outcome 3: the dead controller led, others in the ISR", replicas: []int{1, 2, 3}, isr: "1,2,3",
			leader: "2", wantISR: "2,3", epoch: "2", state: "OnlinePartition",
			leaders: []string{"1→-1@1", "-1→2@2"},
			roles:   map[int]string{2: "leader@2", 3: "follower@2"},
		},
		{
			name: "outcome 2: the dead controller was an ISR follower", replicas: []int{2, 3, 1}, isr: "1,2,3",
			leader: "2", wantISR: "2,3", epoch: "1", state: "OnlinePartition",
			roles: map[int]string{2: "leader@1", 3: "follower@1"},
		},
		{
			name: "outcome 1: the dead controller was the only ISR member", replicas: []int{1, 2}, stall: []int{2}, isr: "1",
			leader: "-1", wantISR: "1", epoch: "1", state: "OfflinePartition",
			leaders: []string{"1→-1@1"},
			roles:   map[int]string{2: "follower@0"},
		},
		{
			name: "outcome 4: the dead controller was out of the ISR", replicas: []int{2, 1}, stall: []int{1}, isr: "2",
			leader: "2", wantISR: "2", epoch: "0", state: "OnlinePartition",
			roles: map[int]string{2: "leader@0"},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := startedWith(t, 7, nil, tc.replicas...) // replica.lag.time.max.ms 30 s: longer than the session expiry
			for _, id := range tc.stall {
				r.c.Stall(r.s.Now(), "stall broker "+strconv.Itoa(id), id)
			}
			r.runFor(t, time.Millisecond)
			r.produce("a", 1, 1)
			r.runUntil(t, "partition[t-0].isr", tc.isr, time.Minute)
			require.Equal(t, "1", r.get(t, "cluster.controller"))
			killed := len(r.s.Trace())
			r.c.Kill(r.s.Now(), "kill broker 1", 1)
			require.NoError(t, r.s.Run(r.s.Now()+time.Minute, false, func() bool {
				v, _ := r.c.Get("cluster.controller")
				return v != "1" && v != "-1"
			}))
			r.runFor(t, 500*time.Millisecond) // the LeaderAndIsr requests arrive
			got := map[string]string{
				"leader": r.get(t, "partition[t-0].leader"), "isr": r.get(t, "partition[t-0].isr"),
				"epoch": r.get(t, "partition[t-0].epoch"), "state": r.get(t, "partition[t-0].state"),
			}
			want := map[string]string{"leader": tc.leader, "isr": tc.wantISR, "epoch": tc.epoch, "state": tc.state}
			if !maps.Equal(got, want) {
				t.Errorf("ZooKeeper after the failover: got %v, want %v", got, want)
			}
			var leaders []string
			for _, e := range r.s.Trace()[killed:] {
				if e.Kind == sim.Leader {
					leaders = append(leaders, e.From+"→"+e.To+"@"+strconv.Itoa(e.ID))
				}
			}
			if !slices.Equal(leaders, tc.leaders) {
				t.Errorf("leader changes after the kill: got %v, want %v", leaders, tc.leaders)
			}
			gotRoles := map[int]string{}
			for id := range tc.roles {
				gotRoles[id] = r.get(t, "replica[t-0,"+strconv.Itoa(id)+"].role") + "@" + r.get(t, "replica[t-0,"+strconv.Itoa(id)+"].epoch")
			}
			if !maps.Equal(gotRoles, tc.roles) {
				t.Errorf("the brokers after the failover: got %v, want %v", gotRoles, tc.roles)
			}
			if tc.leader != "-1" {
				for _, id := range tc.stall {
					r.c.Resume(r.s.Now(), "resume broker "+strconv.Itoa(id), id)
				}
				sent := r.s.Now()
				r.produce("b", -1, 1)
				r.runUntil(t, "produce[b].error", "NONE", time.Minute)
				if took := r.s.Now() - sent; took > 2*time.Second {
					t.Errorf("acks=all right after the failover: got done after %s, want within 2s", sim.FormatDuration(took))
				}
			}
			r.noViolations(t)
		})
	}
}
