package cluster

import (
	"strings"
	"testing"
	"time"

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

// FACTS.md 1.6.1 (elect: registerControllerAndIncrementControllerEpoch)
// and 1.6 outcome 6, as upstream's ControllerIntegrationTest
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

// FACTS.md 1.6 outcome 5 (and 1.6.2 steps 5–7, 1.6.3): at a failover
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
			if e.Kind == "queue.put" && e.Subj == queue {
				queued = append(queued, e.Item)
			}
			if e.Kind == "metadata" && e.Subj == "broker-"+b {
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

// FACTS.md 3, isr-change-propagation (ReplicaManager.maybePropagateIsrChanges,
// K2.5 ReplicaManager.scala L152-153, L276-277, L306): the task runs every
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
			if e.Kind == "zk" && strings.HasPrefix(e.Subj, pathIsrChange+"/") && strings.HasPrefix(e.Note, "create") {
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

// FACTS.md 9.1, retry.backoff.ms 100: after a retriable error the
// producer refreshes its metadata and sends the batch again 100 ms after
// the error, not before (RecordAccumulator's backoff on a retried batch).
func TestProducerRetriesAfterRetryBackoff(t *testing.T) {
	for _, backoff := range []time.Duration{100 * time.Millisecond, 300 * time.Millisecond} {
		r := started(t, 4, func(c *Config) { c.Client.RetryBackoff = backoff })
		r.produce("a", -1, 1)
		r.runUntil(t, "produce[a].error", "NONE", 5*time.Second)
		// Leader 1 steps down when broker 1 (also the controller) dies; the
		// producer, which knew leader 1, is refused and retries.
		r.c.Kill(r.s.Now(), "kill broker 1", 1)
		r.runUntilNewController(t)
		r.runFor(t, time.Second)
		r.c.Restart(r.s.Now(), "restart broker 1", 1)
		r.runUntil(t, "replica[t-0,1].role", "follower", 10*time.Second)
		from := len(r.s.Trace())
		r.produce("b", -1, 1)
		r.runUntil(t, "produce[b].error", "NONE", 5*time.Second)
		require.Equal(t, "NOT_LEADER_FOR_PARTITION,NONE", r.get(t, "produce[b].errors"))
		var refused, resent time.Duration
		for _, e := range r.s.Trace()[from:] {
			at := time.Duration(e.T) * time.Microsecond
			if e.Kind == "client.recv" && e.Item == "Produce:b" && e.Note == "NOT_LEADER_FOR_PARTITION" {
				refused = at
			}
			if e.Kind == "client.send" && e.Item == "Produce:b" && refused > 0 {
				resent = at
			}
		}
		require.Positive(t, refused)
		require.Equal(t, backoff, resent-refused, "retry.backoff.ms %v", backoff)
	}
}
