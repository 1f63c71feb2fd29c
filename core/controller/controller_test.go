package controller

import (
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"brokerlab/core/sim"
)

// ControllerState.scala: the 17 ControllerStates of Kafka 2.5, their values and timers.
func TestStatesOfKafka25(t *testing.T) {
	want := []string{"Idle", "ControllerChange", "BrokerChange", "TopicChange", "TopicDeletion",
		"AlterPartitionReassignment", "AutoLeaderBalance", "ManualLeaderBalance", "ControlledShutdown",
		"IsrChange", "LeaderAndIsrResponseReceived", "LogDirChange", "ControllerShutdown",
		"UncleanLeaderElectionEnable", "TopicUncleanLeaderElectionEnable", "ListPartitionReassignment",
		"UpdateMetadataResponseReceived"}
	require.Len(t, States, 17)
	for i, st := range States {
		require.Equal(t, want[i], st.Name)
		require.Equal(t, byte(i), st.Value, st.Name)
		wantMetric := st.Name + "RateAndTimeMs"
		switch st.Name {
		case "Idle", "UpdateMetadataResponseReceived":
			wantMetric = ""
		case "BrokerChange":
			wantMetric = "LeaderElectionRateAndTimeMs"
		case "AlterPartitionReassignment":
			wantMetric = "PartitionReassignmentRateAndTimeMs"
		}
		require.Equal(t, wantMetric, st.Metric, st.Name)
	}
}

// KafkaController.scala (sealed trait ControllerEvent): the 25
// ControllerEvents of Kafka 2.5 and the state each runs in.
func TestEventsOfKafka25(t *testing.T) {
	want := map[string]string{
		"ControllerChange": "ControllerChange", "Reelect": "ControllerChange", "RegisterBrokerAndReelect": "ControllerChange",
		"Expire": "ControllerChange", "Startup": "ControllerChange", "ShutdownEventThread": "ControllerShutdown",
		"AutoPreferredReplicaLeaderElection": "AutoLeaderBalance", "ReplicaLeaderElection": "ManualLeaderBalance",
		"UncleanLeaderElectionEnable": "UncleanLeaderElectionEnable", "TopicUncleanLeaderElectionEnable": "TopicUncleanLeaderElectionEnable",
		"ControlledShutdown": "ControlledShutdown", "LeaderAndIsrResponseReceived": "LeaderAndIsrResponseReceived",
		"UpdateMetadataResponseReceived": "UpdateMetadataResponseReceived", "TopicDeletionStopReplicaResponseReceived": "TopicDeletion",
		"TopicDeletion": "TopicDeletion", "BrokerChange": "BrokerChange", "BrokerModifications": "BrokerChange",
		"TopicChange": "TopicChange", "PartitionModifications": "TopicChange", "LogDirEventNotification": "LogDirChange",
		"ZkPartitionReassignment": "AlterPartitionReassignment", "ApiPartitionReassignment": "AlterPartitionReassignment",
		"PartitionReassignmentIsrChange": "AlterPartitionReassignment", "IsrChangeNotification": "IsrChange",
		"ListPartitionReassignments": "ListPartitionReassignment",
	}
	require.Len(t, Events, 25)
	used := map[string]bool{}
	for _, e := range Events {
		require.Equal(t, want[e.Name], e.State, e.Name)
		_, ok := LookupState(e.State)
		require.True(t, ok, e.Name)
		require.NotEmpty(t, e.Src, e.Name)
		used[e.State] = true
	}
	require.Len(t, used, 16, "every state but Idle has an event")
}

// rig is a controller with a few actions scheduled, run until idle.
type rig struct {
	s *sim.Sim
	c *Controller
}

func newRig(t *testing.T, seed int64, cfg Config) *rig {
	s := sim.New(seed, true)
	t.Cleanup(s.Close)
	c, err := New(s, cfg)
	require.NoError(t, err)
	return &rig{s, c}
}

func (r *rig) put(t *testing.T, at time.Duration, name string, args ...Arg) {
	e, err := NewEvent(name, args)
	require.NoError(t, err)
	r.c.Put(at, e, false)
}

func (r *rig) run(t *testing.T) {
	require.NoError(t, r.s.Run(time.Hour, true, nil))
}

func (r *rig) actorOf(kind sim.Kind, item string) string {
	for _, e := range r.s.Trace() {
		if e.Kind == kind && e.Item == item {
			return e.Actor
		}
	}
	return ""
}

func TestProducersAreUpstreamThreads(t *testing.T) {
	r := newRig(t, 1, DefaultConfig())
	r.put(t, 0, "BrokerChange")
	r.put(t, 0, "ControlledShutdown", Arg{"id", "2"})
	r.put(t, 0, "AutoPreferredReplicaLeaderElection")
	r.put(t, 0, "LeaderAndIsrResponseReceived", Arg{"brokerId", "3"})
	r.put(t, 0, "TopicUncleanLeaderElectionEnable", Arg{"topic", "t0"})
	r.put(t, 0, "ReplicaLeaderElection")
	r.put(t, 0, "ReplicaLeaderElection", Arg{"partitions", "t0-0"})
	r.run(t)
	require.Equal(t, "main-EventThread", r.actorOf(sim.QueuePut, "BrokerChange"))
	require.Equal(t, "data-plane-kafka-request-handler-0", r.actorOf(sim.QueuePut, "ControlledShutdown(id=2)"))
	require.Equal(t, "kafka-scheduler-0", r.actorOf(sim.QueuePut, "AutoPreferredReplicaLeaderElection"))
	require.Equal(t, "Controller-1-to-broker-3-send-thread", r.actorOf(sim.QueuePut, "LeaderAndIsrResponseReceived(brokerId=3)"))
	require.Equal(t, "/config/changes-event-process-thread", r.actorOf(sim.QueuePut, "TopicUncleanLeaderElectionEnable(topic=t0)"))
	require.Equal(t, "main-EventThread", r.actorOf(sim.QueuePut, "ReplicaLeaderElection"))
	require.Equal(t, "data-plane-kafka-request-handler-0", r.actorOf(sim.QueuePut, "ReplicaLeaderElection(partitions=t0-0)"))
	require.Equal(t, "controller-event-thread", r.actorOf(sim.EventProcess, "BrokerChange"))
}

// Kafka 2.5 KafkaController.preempt: on preempt only ControlledShutdown and an admin's
// ReplicaLeaderElection answer their callers, on the clearAndPut caller's thread.
func TestPreemptAnswersOnlyWaitingCallers(t *testing.T) {
	cfg := DefaultConfig()
	cfg.EventTime = 100 * time.Millisecond
	r := newRig(t, 1, cfg)
	r.put(t, 0, "BrokerChange") // keeps the event thread busy
	r.put(t, time.Millisecond, "ControlledShutdown", Arg{"id", "2"})
	r.put(t, time.Millisecond, "ReplicaLeaderElection", Arg{"partitions", "t0-0"})
	r.put(t, time.Millisecond, "ReplicaLeaderElection")
	r.put(t, time.Millisecond, "TopicChange")
	r.c.ExpireSession(2 * time.Millisecond)
	r.run(t)
	require.ElementsMatch(t, []string{"ControlledShutdown(id=2)", "ReplicaLeaderElection(partitions=t0-0)", "ReplicaLeaderElection", "TopicChange"},
		r.c.Mgr.Count(Preempted))
	require.ElementsMatch(t, []string{"ControlledShutdown: ControllerMovedException", "ReplicaLeaderElection: NOT_CONTROLLER"}, r.c.Callbacks)
	for _, e := range r.s.Trace() {
		if e.Kind == sim.Callback || e.Kind == sim.EventPreempt {
			require.Equal(t, SessionExpiryThread, e.Actor, "preempt runs on the caller of clearAndPut")
		}
	}
	require.Equal(t, []string{"BrokerChange", "Expire", "RegisterBrokerAndReelect"}, r.c.Mgr.Count(Processed))
}

// Kafka 2.5 ControllerEventManager.scala QueuedEvent: awaitProcessing waits for the start of processing, not its end.
func TestAwaitProcessingWaitsForTheStart(t *testing.T) {
	cfg := DefaultConfig()
	cfg.EventTimes = map[string]time.Duration{"Expire": time.Second}
	r := newRig(t, 1, cfg)
	r.c.ExpireSession(0)
	r.run(t)
	var started, putAt, finished int64 = -1, -1, -1
	for _, e := range r.s.Trace() {
		switch {
		case e.Kind == sim.EventProcess && e.Item == "Expire":
			started = e.T
		case e.Kind == sim.QueuePut && e.Item == "RegisterBrokerAndReelect":
			putAt = e.T
		case e.Kind == sim.State && e.From == "ControllerChange" && finished < 0:
			finished = e.T
		}
	}
	require.Equal(t, int64(0), started)
	require.Equal(t, int64(cfg.Reconnect/time.Microsecond), putAt, "put right after the new session, while Expire runs")
	require.Equal(t, int64(time.Second/time.Microsecond), finished)
	require.Equal(t, 1, r.c.ActiveControllerID)
}

func TestDoWorkStatesAndMetrics(t *testing.T) {
	r := newRig(t, 1, DefaultConfig())
	r.put(t, 0, "BrokerModifications", Arg{"brokerId", "2"})
	r.put(t, time.Millisecond, "UpdateMetadataResponseReceived")
	r.run(t)
	var states []string
	for _, e := range r.s.Trace() {
		if e.Kind == sim.State {
			states = append(states, e.To+"="+e.Note)
		}
	}
	require.Equal(t, []string{"BrokerChange=2", "Idle=0", "UpdateMetadataResponseReceived=16", "Idle=0"}, states)
	require.Equal(t, 1, r.c.Mgr.Timers["LeaderElectionRateAndTimeMs"].Count)
	require.Equal(t, 2, r.c.Mgr.QueueTime.Count)
	require.Equal(t, 9.0, r.c.Mgr.QueueTime.MaxMs, "put at 1ms, taken at 10ms")
	var metrics []string
	for _, e := range r.s.Trace() {
		if e.Kind == sim.Metric {
			metrics = append(metrics, e.Subj)
		}
	}
	// UpdateMetadataResponseReceived has no timer: process runs untimed.
	require.Equal(t, []string{"EventQueueTimeMs", "LeaderElectionRateAndTimeMs", "EventQueueTimeMs"}, metrics)
}

// Kafka 2.5 ControllerEventManager.close: close() initiates shutdown, clearAndPuts ShutdownEventThread,
// which the thread ignores, and waits for the thread to exit.
func TestCloseStopsTheEventThread(t *testing.T) {
	cfg := DefaultConfig()
	cfg.EventTime = 50 * time.Millisecond
	r := newRig(t, 1, cfg)
	r.put(t, 0, "BrokerChange")
	r.put(t, time.Millisecond, "TopicChange")
	r.c.Shutdown(2 * time.Millisecond)
	r.put(t, time.Second, "IsrChangeNotification") // after close: stays queued
	r.run(t)
	require.False(t, r.c.Mgr.Running())
	require.Equal(t, []string{"BrokerChange"}, r.c.Mgr.Count(Processed), "the event in progress finishes")
	require.Equal(t, []string{"TopicChange"}, r.c.Mgr.Count(Preempted))
	// Busy when shutdown was initiated, the thread finished its event, saw
	// isRunning false and exited without taking ShutdownEventThread.
	require.Empty(t, r.c.Mgr.Count(Ignored))
	require.Equal(t, []string{"ShutdownEventThread", "IsrChangeNotification"}, r.c.Mgr.Count(Pending))
	require.True(t, r.c.Mgr.MetricsRemoved())
	require.Equal(t, "kafka-shutdown-hook", r.actorOf(sim.QueuePut, "ShutdownEventThread"))
}

// An idle thread is blocked in take(): ShutdownEventThread wakes it, and it
// is dequeued and ignored.
func TestCloseWakesAnIdleEventThread(t *testing.T) {
	r := newRig(t, 1, DefaultConfig())
	r.c.Shutdown(time.Millisecond)
	r.run(t)
	require.False(t, r.c.Mgr.Running())
	require.Equal(t, []string{"ShutdownEventThread"}, r.c.Mgr.Count(Ignored))
	require.Equal(t, EventThread, r.actorOf(sim.EventIgnore, "ShutdownEventThread"))
}

// race puts events from two watcher-like threads at the instant the
// session expires, while the event thread is busy and the queue holds three.
func race(t *testing.T, seed int64, putLock bool, expire bool) *rig {
	cfg := DefaultConfig()
	cfg.PutLock = putLock
	r := newRig(t, seed, cfg)
	r.put(t, 0, "BrokerChange")
	for i, name := range []string{"TopicChange", "IsrChangeNotification", "LogDirEventNotification"} {
		r.put(t, time.Duration(i+1)*time.Millisecond, name)
	}
	at := 5 * time.Millisecond
	if expire {
		r.c.ExpireSession(at)
	}
	r.put(t, at, "BrokerModifications", Arg{"brokerId", "2"})
	r.put(t, at, "ControlledShutdown", Arg{"id", "3"})
	r.put(t, at, "TopicDeletion")
	r.run(t)
	return r
}

// fates checks "each QueuedEvent is processed or preempted exactly once"
// against the trace and returns the lost events.
func fates(t *testing.T, r *rig) (lost []string) {
	done := map[int]int{}
	for _, e := range r.s.Trace() {
		if e.Kind == sim.EventProcess || e.Kind == sim.EventPreempt {
			done[e.ID]++
		}
	}
	for _, q := range r.c.Mgr.All {
		switch q.Fate {
		case Processed, Preempted:
			require.Equal(t, 1, done[q.ID], "QueuedEvent #%d %s", q.ID, q.Event.Label())
		case Lost:
			require.Zero(t, done[q.ID])
			lost = append(lost, q.Event.Label())
		default:
			t.Fatalf("QueuedEvent #%d %s left %v after the run", q.ID, q.Event.Label(), q.Fate)
		}
	}
	require.Len(t, r.c.Mgr.Violations, len(lost))
	return lost
}

func TestPutLockKeepsEveryEventAcross100Seeds(t *testing.T) {
	outcomes := map[string]bool{}
	for seed := int64(1); seed <= 100; seed++ {
		r := race(t, seed, true, true)
		require.Empty(t, fates(t, r), "seed %d", seed)
		outcomes[strings.Join(r.c.Mgr.Count(Processed), ",")] = true
	}
	require.Greater(t, len(outcomes), 1, "the seeds order the race differently")
}

func TestWithoutPutLockSomeSeedsLoseAPut(t *testing.T) {
	lostSeeds := 0
	for seed := int64(1); seed <= 100; seed++ {
		if lost := fates(t, race(t, seed, false, true)); len(lost) > 0 {
			lostSeeds++
		}
	}
	require.Greater(t, lostSeeds, 0)
	t.Logf("%d of 100 seeds lose a put that raced clearAndPut", lostSeeds)
}

func TestRacingPutsNeedNoLock(t *testing.T) {
	for seed := int64(1); seed <= 100; seed++ {
		require.Empty(t, fates(t, race(t, seed, false, false)), "seed %d", seed)
	}
}

func TestNewEventChecksFields(t *testing.T) {
	_, err := NewEvent("Nope", nil)
	require.ErrorIs(t, err, ErrUnknownEvent)
	_, err = NewEvent("BrokerChange", []Arg{{"id", "1"}})
	require.ErrorIs(t, err, ErrUnknownArg)
	e, err := NewEvent("ControlledShutdown", []Arg{{"id", "2"}, {"brokerEpoch", "7"}})
	require.NoError(t, err)
	require.Equal(t, "ControlledShutdown(id=2,brokerEpoch=7)", e.Label())
}

func TestConfigIsValidated(t *testing.T) {
	s := sim.New(1, false)
	defer s.Close()
	cfg := DefaultConfig()
	cfg.EventTime = -time.Second
	_, err := New(s, cfg)
	require.ErrorIs(t, err, ErrConfig)
}

func TestPaths(t *testing.T) {
	for _, p := range []string{"controller.state", "controller.metric[EventQueueTimeMs].p99",
		"controller.event[BrokerChange].thread", "controller.state[Idle].value", "invariant.violations"} {
		require.NoError(t, CheckPath(p), p)
	}
	for _, p := range []string{"controller.nope", "controller.metric[Nope].count", "controller.metric[EventQueueTimeMs].nope",
		"controller.event[Nope].state", "controller.state[Nope].value", "controller.metric[].count", "controller.metric[x"} {
		require.ErrorIs(t, CheckPath(p), ErrUnknownPath, p)
	}
	r := newRig(t, 1, DefaultConfig())
	got, err := r.c.Get("controller.event[ReplicaLeaderElection].thread")
	require.NoError(t, err)
	require.Equal(t, "depends on its fields", got)
	got, _ = r.c.Get("controller.metric[EventQueueTimeMs].mean")
	require.Equal(t, "0", got)
	for _, p := range Paths {
		p = strings.NewReplacer("[NAME]", "[EventQueueTimeMs]", "[EVENT]", "[BrokerChange]", "[STATE]", "[Idle]").Replace(p)
		_, err := r.c.Get(p)
		require.NoError(t, err, p)
	}
}

// logicFunc adapts a function to Logic.
type logicFunc func(e Event, work time.Duration)

func (f logicFunc) Process(e Event, work time.Duration) { f(e, work) }

// The seam the cluster uses: with a Logic, process hands each event and its
// processing time to it (and leaves activeControllerId to it), on the
// host's own controller-event-thread; every name carries the host.
func TestLogicProcessesEventsOnTheHostsEventThread(t *testing.T) {
	cfg := DefaultConfig()
	cfg.Host = "broker-2"
	cfg.EventTimes = map[string]time.Duration{"BrokerChange": 40 * time.Millisecond}
	var got []string
	var r *rig
	cfg.Logic = logicFunc(func(e Event, work time.Duration) {
		got = append(got, e.Type.Name+" "+sim.FormatDuration(work)+" on "+r.s.Current().Name)
		r.s.Sleep(work, "")
	})
	r = newRig(t, 1, cfg)
	r.put(t, 0, "BrokerChange")
	r.put(t, 0, "Startup")
	r.run(t)
	require.Equal(t, []string{"BrokerChange 40ms on broker-2/controller-event-thread", "Startup 10ms on broker-2/controller-event-thread"}, got)
	require.Equal(t, 1, r.c.ActiveControllerID, "left to the logic")
	require.Equal(t, "broker-2/main-EventThread", r.actorOf(sim.QueuePut, "BrokerChange"))
	require.Equal(t, "broker-2/main-EventThread", r.c.Thread(ZkWatcherThread).Name())
	for _, e := range r.s.Trace() {
		if strings.HasPrefix(string(e.Kind), "queue.") || strings.HasPrefix(string(e.Kind), "lock.") || strings.HasPrefix(string(e.Kind), "latch.") {
			require.True(t, strings.HasPrefix(e.Subj, "broker-2/"), "%s %s", e.Kind, e.Subj)
		}
	}
}

// clearAndPut's forEach steps to an event's successor before preempting it
// (LinkedBlockingQueue.Itr.next): a put that lands while a queued event
// that has a successor is preempted is visited and preempted too; one that
// lands while the last queued event is preempted is not, and clear()
// drops it unless the putLock kept the put out. Each preempt takes 2 ms
// here, so the puts land inside it on every seed.
func TestClearAndPutMissesAPutDuringTheLastPreempt(t *testing.T) {
	for _, c := range []struct {
		name    string
		putLock bool
		putAt   time.Duration // the expiry at 5 ms preempts two events: 5-7 ms, 7-9 ms
		lost    []string
	}{
		{"during the first preempt", false, 6 * time.Millisecond, nil},
		{"during the last preempt", false, 8 * time.Millisecond, []string{"TopicDeletion"}},
		{"during the last preempt, with the putLock", true, 8 * time.Millisecond, nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			for seed := int64(1); seed <= 20; seed++ {
				cfg := DefaultConfig()
				cfg.PutLock, cfg.PreemptTime = c.putLock, 2*time.Millisecond
				r := newRig(t, seed, cfg)
				r.put(t, 0, "BrokerChange")
				r.put(t, time.Millisecond, "TopicChange")
				r.put(t, 2*time.Millisecond, "IsrChangeNotification")
				r.c.ExpireSession(5 * time.Millisecond)
				r.put(t, c.putAt, "TopicDeletion")
				r.run(t)
				require.Equal(t, c.lost, fates(t, r), "seed %d", seed)
			}
		})
	}
}
