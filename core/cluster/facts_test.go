package cluster

import (
	"strings"
	"testing"
	"time"

	"brokerlab/core/sim"
	"github.com/stretchr/testify/require"
)

// runUntilNewController runs until a broker other than broker 1 is the
// active controller.
func (r *rig) runUntilNewController(t *testing.T) {
	t.Helper()
	require.NoError(t, r.s.Run(r.s.Now()+time.Minute, false, func() bool {
		v, _ := r.c.Get("cluster.controller")
		return v != "1" && v != "-1"
	}))
}

func (r *rig) controllerEpoch(t *testing.T) int {
	t.Helper()
	n := r.c.ZK.get(pathControllerEpoch)
	require.NotNil(t, n, "/controller_epoch")
	return n.value.(int)
}

// Kafka 2.5 KafkaController.scala L1323-1359 (elect:
// registerControllerAndIncrementControllerEpoch, L1336-1339), as upstream's ControllerIntegrationTest
// testEmptyCluster, testControllerEpochPersistsWhenAllBrokersDown and
// testControllerMoveIncrementsControllerEpoch: the first controller writes
// /controller_epoch 1; when it dies /controller goes with its session but
// the epoch stays; the next election writes 2, and the partition states
// the new controller writes carry 2.
func TestControllerEpochGoesUpByOneAtEachElection(t *testing.T) {
	r := newRig(t, 1, func(c *Config) { c.Brokers = 1 })
	r.runUntil(t, "cluster.controller", "1", time.Second)
	require.Equal(t, 1, r.controllerEpoch(t))
	r.c.Kill(r.s.Now(), "kill broker 1", 1)
	r.runUntil(t, "broker[1].session", "expired", time.Minute)
	require.Nil(t, r.c.ZK.get(pathController), "/controller is an ephemeral of the dead session")
	require.Equal(t, 1, r.controllerEpoch(t), "the epoch persists")
	r.c.Restart(r.s.Now(), "restart broker 1", 1)
	r.runUntil(t, "cluster.controller", "1", time.Second)
	require.Equal(t, 2, r.controllerEpoch(t))

	r = started(t, 7, nil)
	require.Equal(t, 1, r.controllerEpoch(t))
	st, ok := r.c.ZK.readState(t0)
	require.True(t, ok)
	require.Equal(t, 1, st.ControllerEpoch, "the first controller created t-0's state")
	r.c.Kill(r.s.Now(), "kill broker 1", 1)
	r.runUntilNewController(t)
	require.Equal(t, 2, r.controllerEpoch(t))
	st, _ = r.c.ZK.readState(t0)
	require.Equal(t, 2, st.ControllerEpoch, "the new controller wrote t-0's state (leader 1 was taken offline)")
}

// Kafka 2.5 KafkaController.scala L238-246, ReplicaStateMachine.scala
// L35-44 and ControllerChannelManager.scala L573-578: at a failover
// every live broker first gets UpdateMetadata with the live brokers only,
// then the OnlineReplica batch (LeaderAndIsr at the current epoch, then
// UpdateMetadata), then the OfflineReplica batch (the dead leader taken
// off: leader -1 at epoch + 1), then the election's batch; each batch
// sends LeaderAndIsr before UpdateMetadata.
func TestFailoverSendsTheBrokerListFirstThenOneBatchPerStep(t *testing.T) {
	r := started(t, 7, nil) // t-0: replicas 1,2,3, leader 1, the controller
	killed := len(r.s.Trace())
	r.c.Kill(r.s.Now(), "kill broker 1", 1)
	r.runUntilNewController(t)
	r.runFor(t, 500*time.Millisecond) // the requests arrive
	ctl := r.get(t, "cluster.controller")
	for _, b := range []string{"2", "3"} {
		queue := "broker-" + ctl + "/Controller-" + ctl + "-to-broker-" + b + "-send-thread.messageQueue"
		var queued, metadata []string
		for _, e := range r.s.Trace()[killed:] {
			if e.Kind == sim.QueuePut && e.Subj == queue {
				queued = append(queued, e.Item)
			}
			if e.Kind == sim.Metadata && e.Subj == "broker-"+b {
				metadata = append(metadata, e.Note)
			}
		}
		require.Equal(t, []string{"UpdateMetadata", "LeaderAndIsr", "UpdateMetadata", "LeaderAndIsr", "UpdateMetadata", "LeaderAndIsr", "UpdateMetadata"}, queued, "broker %s", b)
		require.Equal(t, []string{
			"live 2,3",
			"live 2,3; t-0 leader 1 epoch 0",
			"live 2,3; t-0 leader -1 epoch 1",
			"live 2,3; t-0 leader 2 epoch 2",
		}, metadata, "broker %s's metadata cache", b)
	}
	r.noViolations(t)
}

// Kafka 2.5 isr-change-propagation (ReplicaManager.maybePropagateIsrChanges,
// ReplicaManager.scala L152-153, L276-277, L306): the task runs every
// 2500 ms and writes /isr_change_notification once no ISR change has
// happened for more than IsrChangePropagationBlackOut, 5000 ms; so the
// controller hears of a shrink more than 5 s and at most 7.5 s after it.
func TestIsrChangeReachesTheControllerAfterFiveQuietSeconds(t *testing.T) {
	for seed := int64(1); seed <= 3; seed++ {
		r := started(t, seed, func(c *Config) { c.Replication.ReplicaLagTimeMax = 10 * time.Second })
		r.c.Stall(r.s.Now(), "stall broker 3", 3)
		r.runFor(t, time.Millisecond)
		r.produce("a", 1, 1)
		r.runUntil(t, "partition[t-0].isr", "1,2", time.Minute)
		shrunk := r.s.Now()
		from := len(r.s.Trace())
		r.runFor(t, 10*time.Second)
		var notified time.Duration
		for _, e := range r.s.Trace()[from:] {
			if e.Kind == sim.ZK && strings.HasPrefix(e.Subj, pathIsrChange+"/") && strings.HasPrefix(e.Note, "create") {
				notified = time.Duration(e.T) * time.Microsecond
				break
			}
		}
		require.NotZero(t, notified, "seed %d: no isr_change_notification", seed)
		require.Greater(t, notified-shrunk, 5*time.Second, "seed %d", seed)
		require.LessOrEqual(t, notified-shrunk, 7500*time.Millisecond, "seed %d", seed)
		require.Equal(t, "1,2", r.get(t, "replica[t-0,2].metadataIsr"), "seed %d: the controller's UpdateMetadata", seed)
	}
}

// staleLeader is a cluster whose producer still believes broker 1 leads
// t-0: it wrote to leader 1, broker 1 (also the controller) died and came
// back as a follower of the leader elected meanwhile.
func staleLeader(t *testing.T, change func(*Config)) *rig {
	t.Helper()
	r := started(t, 4, change)
	r.produce("a", -1, 1)
	r.runUntil(t, "produce[a].error", "NONE", 5*time.Second)
	r.c.Kill(r.s.Now(), "kill broker 1", 1)
	r.runUntilNewController(t)
	r.runFor(t, time.Second)
	r.c.Restart(r.s.Now(), "restart broker 1", 1)
	r.runUntil(t, "replica[t-0,1].role", "follower", 10*time.Second)
	return r
}

// Kafka 2.5 ProducerConfig.java, retry.backoff.ms 100: after a retriable error the
// producer refreshes its metadata and sends the batch again 100 ms after
// the error, not before (RecordAccumulator's backoff on a retried batch).
func TestProducerRetriesAfterRetryBackoff(t *testing.T) {
	for _, backoff := range []time.Duration{100 * time.Millisecond, 300 * time.Millisecond} {
		r := staleLeader(t, func(c *Config) { c.Client.RetryBackoff = backoff })
		from := len(r.s.Trace())
		r.produce("b", -1, 1)
		r.runUntil(t, "produce[b].error", "NONE", 5*time.Second)
		require.Equal(t, "NOT_LEADER_FOR_PARTITION,NONE", r.get(t, "produce[b].errors"))
		var refused, resent time.Duration
		for _, e := range r.s.Trace()[from:] {
			at := time.Duration(e.T) * time.Microsecond
			if e.Kind == sim.ClientRecv && e.Item == "Produce:b" && e.Note == "NOT_LEADER_FOR_PARTITION" {
				refused = at
			}
			if e.Kind == sim.ClientSend && e.Item == "Produce:b" && refused > 0 {
				resent = at
			}
		}
		require.Positive(t, refused)
		require.Equal(t, backoff, resent-refused, "retry.backoff.ms %v", backoff)
	}
}

// Kafka 2.5 KafkaApis.scala handleProduceRequest: acks=0 gets no response;
// when the append fails the broker closes the connection, the only way
// the producer can tell. The producer's send is done as soon as it is
// sent (offset unknown), and the disconnect makes it refresh its
// metadata. A successful acks=0 produce leaves the connection open.
func TestAcksZeroErrorClosesTheConnection(t *testing.T) {
	r := staleLeader(t, nil)
	leo := r.get(t, "replica[t-0,1].leo")
	from := len(r.s.Trace())
	r.produce("z", 0, 1)
	r.runFor(t, time.Second)
	require.Equal(t, "NONE", r.get(t, "produce[z].error"))
	require.Equal(t, "-1", r.get(t, "produce[z].offset"))
	require.Equal(t, leo, r.get(t, "replica[t-0,1].leo"), "broker 1 is not the leader: nothing appended")
	closed, metadata := false, false
	for _, e := range r.s.Trace()[from:] {
		if e.Kind == sim.ConnClose && e.Subj == "producer-1@broker-1" {
			closed = true
		}
		if closed && e.Kind == sim.ClientSend && strings.HasPrefix(e.Item, "Metadata:producer-1") {
			metadata = true
		}
	}
	require.True(t, closed, "broker 1 closes the producer's connection")
	require.True(t, metadata, "the producer refreshes its metadata after the disconnect")

	from = len(r.s.Trace())
	r.produce("ok", 0, 1)
	r.runFor(t, time.Second)
	for _, e := range r.s.Trace()[from:] {
		require.NotEqual(t, sim.ConnClose, e.Kind, "event %d: %s %s", e.Seq, e.Subj, e.Note)
	}
	r.noViolations(t)
}

// The Kafka 2.5 defaults the lessons quote (Kafka 2.5
// KafkaConfig.scala L51, L131-154, ProducerConfig.java L274-379).
func TestDefaultsOfKafka25(t *testing.T) {
	c := DefaultConfig()
	for _, d := range []struct {
		name      string
		got, want any
	}{
		{"zookeeper.session.timeout.ms", c.SessionTimeout, 18 * time.Second},
		{"unclean.leader.election.enable", c.UncleanLeaderElectionEnable, false},
		{"min.insync.replicas", c.Replication.MinInsyncReplicas, 1},
		{"replica.lag.time.max.ms", c.Replication.ReplicaLagTimeMax, 30 * time.Second},
		{"replica.fetch.wait.max.ms", c.Replication.ReplicaFetchWaitMax, 500 * time.Millisecond},
		{"replica.fetch.min.bytes", c.Replication.ReplicaFetchMinBytes, 1},
		{"replica.fetch.backoff.ms", c.Replication.ReplicaFetchBackoff, time.Second},
		{"acks", c.Client.Acks, 1},
		{"retries", c.Client.Retries, 2147483647},
		{"retry.backoff.ms", c.Client.RetryBackoff, 100 * time.Millisecond},
		{"delivery.timeout.ms", c.Client.DeliveryTimeout, 120 * time.Second},
		{"request.timeout.ms", c.Client.RequestTimeout, 30 * time.Second},
	} {
		require.Equal(t, d.want, d.got, d.name)
	}
	require.Equal(t, 3*time.Second, TickTime, "tickTime: zookeeper.properties leaves it unset")
}

// Kafka 2.5 PartitionStateMachine.scala, partition states and their bytes (NewPartition 0,
// OnlinePartition 1, OfflinePartition 2, NonExistentPartition 3): a new
// partition goes NonExistent → New → Online; its last ISR member's death
// with unclean election off takes it Online → Offline. Each state change
// names its byte.
func TestPartitionStatesAndTheirBytes(t *testing.T) {
	r := newRig(t, 5, func(c *Config) { c.Brokers = 2 })
	r.c.Topic(10*time.Millisecond, "topic t", "t", 1, []int{2}, 0)
	r.runUntil(t, "partition[t-0].leader", "2", time.Second)
	r.c.Kill(r.s.Now()+time.Second, "kill broker 2", 2)
	r.runUntil(t, "partition[t-0].state", "OfflinePartition", time.Minute)
	var got []string
	for _, e := range r.s.Trace() {
		if e.Kind == sim.State && e.Subj == "PartitionState[t-0]" {
			got = append(got, e.From+"→"+e.To+" "+e.Note)
		}
	}
	require.Equal(t, []string{
		"NonExistentPartition→NewPartition 0",
		"NewPartition→OnlinePartition 1",
		"OnlinePartition→OfflinePartition 2",
	}, got)
}

// Kafka 2.5 Partition.scala L955-969 and Sender.java L593-600: without idempotence, acks=all,
// min.insync.replicas 2, two replicas. The record is appended at offset 0,
// then the follower leaves the ISR: NOT_ENOUGH_REPLICAS_AFTER_APPEND. The
// producer retries; while the ISR is the leader alone each retry is
// refused before the append (NOT_ENOUGH_REPLICAS); once the follower is
// back in the ISR the retry is appended at offset 1 and acknowledged: two
// copies of one send.
func TestNotEnoughReplicasAfterAppendRetriedWritesASecondCopy(t *testing.T) {
	r := startedWith(t, 2, func(c *Config) {
		c.Brokers = 2
		c.Replication.MinInsyncReplicas = 2
		c.Replication.ReplicaLagTimeMax = 10 * time.Second
	}, 1, 2)
	r.c.Stall(r.s.Now(), "stall broker 2", 2)
	r.runFor(t, time.Millisecond)
	r.produce("x", -1, 1)
	r.runUntil(t, "partition[t-0].isr", "1", time.Minute)
	r.runFor(t, time.Second) // retries refused meanwhile
	require.Equal(t, "1", r.get(t, "replica[t-0,1].leo"), "only the first attempt was appended")
	r.c.Resume(r.s.Now(), "resume broker 2", 2)
	r.runUntil(t, "produce[x].done", "true", time.Minute)
	require.Equal(t, "NONE", r.get(t, "produce[x].error"))
	errs := strings.Split(r.get(t, "produce[x].errors"), ",")
	require.Equal(t, "NOT_ENOUGH_REPLICAS_AFTER_APPEND", errs[0])
	require.Contains(t, errs, "NOT_ENOUGH_REPLICAS")
	require.Equal(t, "NONE", errs[len(errs)-1])
	require.Equal(t, "1", r.get(t, "produce[x].offset"), "the retry's copy")
	require.Equal(t, "2", r.get(t, "replica[t-0,1].leo"), "two copies of x")
	r.noViolations(t)
}

// Kafka 2.5 ControllerChangeHandler (KafkaController.scala
// L1963-1969): /controller is an ephemeral of the
// controller's session; when it expires, each surviving broker's
// main-EventThread puts Reelect (deleted), and when the winner creates it
// again, ControllerChange (created).
func TestControllerZnodeWatchesPutReelectThenControllerChange(t *testing.T) {
	r := started(t, 7, nil)
	killed := len(r.s.Trace())
	r.c.Kill(r.s.Now(), "kill broker 1", 1)
	r.runUntilNewController(t)
	r.runFor(t, 100*time.Millisecond)
	for _, b := range []string{"2", "3"} {
		var put []string
		for _, e := range r.s.Trace()[killed:] {
			if e.Kind == sim.QueuePut && e.Actor == "broker-"+b+"/main-EventThread" && e.Subj == "broker-"+b+"/ControllerEventManager.queue" {
				put = append(put, e.Item)
			}
		}
		require.Equal(t, []string{"Reelect", "ControllerChange"}, put, "broker %s", b)
	}
}

// Kafka 2.5 onControllerFailover (KafkaController.scala L228, L230): a new
// controller deletes the ISR change notifications written while there was
// none; it reads every partition's state from ZooKeeper anyway
// (updateLeaderAndIsrCache). Here leader 2 shrinks its ISR while the dead
// controller's 60 s session has not yet expired, so nobody handles the
// notification until the failover removes it.
func TestFailoverDeletesPendingIsrChangeNotifications(t *testing.T) {
	r := startedWith(t, 3, func(c *Config) {
		c.SessionTimeout = 60 * time.Second
		c.Replication.ReplicaLagTimeMax = 10 * time.Second
	}, 2, 3, 1)
	r.c.Kill(r.s.Now(), "kill broker 1", 1)
	r.c.Stall(r.s.Now(), "stall broker 3", 3)
	r.runFor(t, time.Millisecond)
	r.produce("a", 1, 1)
	r.runUntil(t, "partition[t-0].isr", "2", time.Minute) // 1 and 3 out of sync
	r.runFor(t, 8*time.Second)                            // isr-change-propagation writes its notification
	require.Equal(t, "1", r.get(t, "cluster.controller"), "/controller still names the dead broker")
	require.NotEmpty(t, r.c.ZK.children(pathIsrChange), "a notification no controller has read")
	r.runUntilNewController(t)
	require.Empty(t, r.c.ZK.children(pathIsrChange))
	require.Equal(t, "2", r.get(t, "partition[t-0].isr"))
	r.noViolations(t)
}
