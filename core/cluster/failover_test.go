package cluster

import (
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"brokerlab/core/sim"
)

// started is a 3-broker cluster with topic t (1 partition, replicas
// 1,2,3) whose followers fetch.
func started(t *testing.T, seed int64, change func(*Config)) *rig {
	t.Helper()
	r := newRig(t, seed, change)
	r.c.Topic(10*time.Millisecond, "topic t", "t", 1, []int{1, 2, 3}, 0)
	r.runUntil(t, "partition[t-0].leader", "1", time.Second)
	r.runFor(t, 2*time.Second)
	require.Equal(t, "1,2,3", r.get(t, "partition[t-0].isr"))
	return r
}

func (r *rig) produce(id string, acks, n int) {
	r.c.Produce(r.s.Now(), "produce t-0 id="+id, id, t0, acks, n)
}

// FACTS.md 3: a stalled follower leaves the ISR once it has not caught up
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

// FACTS.md 3: with ISR {1} and min.insync.replicas 2, acks=all is refused
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

// FACTS.md 3, DelayedProduce: an acks=all request whose ISR cannot reach
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

// FACTS.md 1.5 and 3: the leader dies; its session expires after
// zookeeper.session.timeout.ms; BrokerChange elects the first live ISR
// replica (epoch + 1) and the producer, refused by the dead broker,
// refreshes its metadata and retries to the new leader.
func TestBrokerFailureElectsANewLeaderAndTheProducerRetries(t *testing.T) {
	r := started(t, 4, nil)
	r.produce("a", -1, 2)
	r.runUntil(t, "produce[a].error", "NONE", 5*time.Second)
	killed := r.s.Now()
	r.c.Kill(killed, "kill broker 1", 1)
	r.runUntil(t, "broker[1].session", "expired", time.Minute)
	expired := r.s.Now() - killed
	require.Greater(t, expired, 12*time.Second)
	require.LessOrEqual(t, expired, 20*time.Second)
	r.runUntil(t, "partition[t-0].leader", "2", time.Second)
	require.Equal(t, "1", r.get(t, "partition[t-0].epoch"))
	require.Equal(t, "2,3", r.get(t, "partition[t-0].isr"))
	r.produce("b", -1, 1)
	r.runUntil(t, "produce[b].error", "NONE", 5*time.Second)
	require.Equal(t, "2", r.get(t, "produce[b].offset"))
	r.noViolations(t)
}

// FACTS.md 1.5: the last ISR member dies; with unclean election off the
// partition has no leader (-1) and keeps its ISR of one. (The leader is
// broker 2, not the controller: a new controller leaves a dead leader in
// ZooKeeper and marks the partition offline.)
func TestUncleanOffLeavesThePartitionWithoutLeader(t *testing.T) {
	r := newRig(t, 5, func(c *Config) { c.Replication.ReplicaLagTimeMax = 10 * time.Second })
	r.c.Topic(10*time.Millisecond, "topic t", "t", 1, []int{2, 3, 1}, 0)
	r.runUntil(t, "partition[t-0].leader", "2", time.Second)
	r.runFor(t, 2*time.Second)
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

// FACTS.md 1.5 and 3, unclean on: the first live replica in assignment
// order leads with an ISR of one and epoch + 1; the acknowledged records
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
	require.Equal(t, "1", r.get(t, "partition[t-0].epoch"))
	require.Equal(t, "2", r.get(t, "partition[t-0].isr"))
	r.runUntil(t, "partition[t-0].lost", "2:0:b,3:0:b,4:0:b", time.Second)
	r.produce("c", -1, 2)
	r.runUntil(t, "produce[c].error", "NONE", 5*time.Second)
	require.Equal(t, "0:0,1:0,2:1,3:1", r.get(t, "replica[t-0,2].log"))
	r.runUntil(t, "broker[1].session", "expired", time.Minute)
	r.c.Restart(r.s.Now(), "restart broker 1", 1)
	r.runUntil(t, "replica[t-0,1].log", "0:0,1:0,2:1,3:1", 10*time.Second)
	var truncated []string
	for _, e := range r.s.Trace() {
		if e.Kind == "log.truncate" && e.ID == 1 {
			truncated = append(truncated, e.From+"→"+e.To)
		}
		if e.Kind == "record.lost" {
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
