package listener

import (
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"brokerlab/core/group"
	"brokerlab/core/sim"
)

// A concurrent container with concurrency N is N consumers in one group,
// each on its own ListenerConsumer thread; when one dies, its session
// expires and the group rebalances its partitions to the others
// (core/group's rebalance).
func TestConcurrencyIsGroupMembers(t *testing.T) {
	r := newRig(t, 6, 0, func(c *Config) { c.Concurrency, c.ClientIDPrefix = 3, "app" })
	r.runTo(sec(10))
	require.Equal(t, "app-0,app-1,app-2", r.get("group[G].members"))
	require.Equal(t, "app-0,app-1,app-2", r.get("listener.consumers"))
	var all []string
	for _, c := range []string{"app-0", "app-1", "app-2"} {
		a := r.get("consumer[" + c + "].assignment")
		require.Len(t, strings.Split(a, ","), 2, c)
		all = append(all, strings.Split(a, ",")...)
	}
	require.ElementsMatch(t, []string{"t0-0", "t0-1", "t0-2", "t0-3", "t0-4", "t0-5"}, all)
	threads := map[string]bool{}
	for _, e := range r.s.Trace() {
		threads[e.Actor] = true
	}
	for i := 0; i < 3; i++ {
		require.True(t, threads["org.springframework.kafka.KafkaListenerEndpointContainer#0-"+string(rune('0'+i))+"-C-1"], i)
	}
	require.Equal(t, "poll", r.get("listener.state[app-1]"))

	r.sys.CrashConsumer(sec(12), "app-1")
	r.runTo(sec(15))
	require.Equal(t, "crashed", r.get("listener.state[app-1]"))
	require.Equal(t, "app-0,app-1,app-2", r.get("group[G].members"), "the coordinator does not know yet")
	r.runTo(sec(40))
	require.Equal(t, "app-0,app-2", r.get("group[G].members"))
	require.Equal(t, "Stable", r.get("group[G].state"))
	require.Len(t, strings.Split(r.get("consumer[app-0].assignment"), ","), 3)
	require.Len(t, strings.Split(r.get("consumer[app-2].assignment"), ","), 3)
}

// crashRig: one partition, ten records, two consumers (one idle), the
// listener 100 ms a record; the owner of t0-0 dies halfway through the
// record after the first n, and the other one takes t0-0 over after the
// session.
func crashRig(t *testing.T, n int, edit func(c *Config)) *rig {
	r := newRig(t, 1, 10, func(c *Config) {
		c.Concurrency, c.ClientIDPrefix, c.ListenerTime = 2, "app", 100*time.Millisecond
		if edit != nil {
			edit(c)
		}
	})
	require.NoError(t, r.s.Run(sec(30), false, func() bool { return r.sys.processed == n }))
	owner := ""
	for _, lc := range r.sys.container.children {
		for _, tp := range lc.consumer.Assignment() {
			if tp == t00 {
				owner = lc.Name
			}
		}
	}
	require.NotEmpty(t, owner)
	r.sys.CrashConsumer(r.s.Now()+50*time.Millisecond, owner)
	r.runTo(r.s.Now() + sec(40))
	return r
}

// What a crash between poll and commit redelivers: with BATCH the whole
// poll (the records already processed come again: duplicates); with
// RECORD only the record in flight; with MANUAL_IMMEDIATE acked before the
// work, the record in flight was committed and is never processed: lost.
func TestCrashDuplicatesAndLosses(t *testing.T) {
	tests := []struct {
		name                        string
		edit                        func(c *Config)
		duplicates, lost, processed string
		inFlight                    string // deliveries of t0-0@4, the record in flight
	}{
		{"BATCH: 4 processed, none committed: 4 duplicates", nil, "4", "0", "10", "2"},
		{"RECORD: each committed: none", func(c *Config) { c.AckMode = Record }, "0", "0", "10", "2"},
		{"MANUAL_IMMEDIATE, acked after: none", func(c *Config) { c.AckMode = ManualImmediate }, "0", "0", "10", "2"},
		{"MANUAL_IMMEDIATE, acked before the work: the one in flight is lost",
			func(c *Config) { c.AckMode, c.ListenerAck = ManualImmediate, AckBefore }, "0", "1", "9", "1"},
		{"auto-commit: the last poll's records come again", func(c *Config) { c.Client.EnableAutoCommit = true }, "4", "0", "10", "2"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := crashRig(t, 4, tc.edit)
			require.Equal(t, tc.duplicates, r.get("listener.duplicates"))
			require.Equal(t, tc.lost, r.get("listener.lost"))
			require.Equal(t, tc.processed, r.get("listener.processed"))
			require.Equal(t, "10", r.get("listener.committed[t0-0]"))
			require.Equal(t, tc.inFlight, r.get("listener.delivered[t0-0@4]"), "the record in flight")
		})
	}
}

// auto.offset.reset latest: the records written before the group's first
// assignment are skipped, and the container commits the initial position
// on assignment (LATEST_ONLY_NO_TX): they count as lost.
func TestLatestSkipsAndCommitsOnAssignment(t *testing.T) {
	r := newRig(t, 1, 3, func(c *Config) { c.Client.AutoOffsetReset = "latest" })
	r.sys.Records(sec(8), t00, 3, 3)
	r.runTo(sec(15))
	// committed() and position() each ask the coordinator (OffsetFetch)
	require.Equal(t, []string{"3010: assignment t0-0=3", "8011: listener[consumer-G-1].offsets t0-0=4"}, r.commitsAt())
	require.Equal(t, "3", r.get("listener.lost"))
	require.Equal(t, "1", r.get("listener.processed"))
	require.Equal(t, "t0-0=3,t0-0=4", r.get("listener.commits"))
}

// A stopped container commits what is pending and leaves the group; a
// stop while polling wakes the consumer.
func TestStopWakesThePollAndLeaves(t *testing.T) {
	r := newRig(t, 1, 3, nil)
	r.sys.Stop(sec(10))
	r.runTo(sec(20))
	require.Equal(t, "false", r.get("listener.running"))
	require.Equal(t, "stopped", r.get("listener.state[consumer-G-1]"))
	require.Equal(t, "Empty", r.get("group[G].state"))
	story := r.story(sim.Poll, sim.State)
	require.Contains(t, story, "poll consumer[consumer-G-1] WakeupException")
	for _, e := range r.s.Trace() {
		if e.Kind == sim.LatchCountDown {
			require.Equal(t, (10*time.Second+2*time.Millisecond)/time.Microsecond, time.Duration(e.T), "stop waited for the LeaveGroup's round trip")
		}
	}
}

// Two runs of the same seed are byte-identical; actions that cannot
// happen are refused in the trace.
func TestDeterminismAndRefusals(t *testing.T) {
	a := crashRig(t, 3, nil)
	b := crashRig(t, 3, nil)
	require.Equal(t, a.s.Trace(), b.s.Trace())

	r := newRig(t, 1, 2, nil)
	r.sys.Records(sec(1), t00, 5, 6)
	r.sys.Records(sec(1), group.TopicPartition{Topic: "t0", Partition: 4}, 0, 0)
	r.sys.SetErrorHandler(sec(1), ContainerStopping)
	r.sys.Ack(sec(1), rec(0, 0))
	r.sys.Stop(sec(2))
	r.sys.Stop(sec(3))
	r.sys.CrashConsumer(sec(3), "nobody")
	r.runTo(sec(10))
	var refused []string
	for _, e := range r.s.Trace() {
		if e.Kind == sim.Action && strings.Contains(e.Note, "refused") {
			refused = append(refused, e.Note)
		}
	}
	require.Equal(t, []string{
		// at 1 s the acking thread and main race; the seed says who goes first
		"ack t0-0@0: refused, ackMode BATCH gives the listener no Acknowledgment",
		"records t0-0 offsets=5..6: refused, t0-0's log ends at offset 2: records must start there",
		"records t0-4 offsets=0..0: refused, no partition t0-4",
		"container errorHandler ContainerStopping: refused, the container is running",
		"container stop: refused, the container is not running",
		"consumer nobody crash: refused, nobody is not running",
	}, refused)
}

// Kafka 2.5 AbstractCoordinator.java L1292-1300 with a listener: a poll whose records take longer than
// max.poll.interval.ms makes the heartbeat thread leave the group; the
// container's commit then fails (CommitFailedException: not in a Stable
// generation), the offsets are dropped, and the rejoined consumer gets
// the same records again.
func TestSlowListenerPastMaxPollIntervalGetsTheRecordsAgain(t *testing.T) {
	r := newRig(t, 1, 15, func(c *Config) {
		c.ListenerTime = time.Second
		c.Group.Consumer.MaxPollInterval = 10 * time.Second
	})
	r.runTo(sec(25))
	require.Equal(t, []string{
		"client.send LeaveGroup:consumer-G-1#8 member " + r.memberIDs()[0] + ", because consumer poll timeout has expired",
		"commit.done listener[consumer-G-1].offsets CommitFailedException t0-0=15",
	}, r.leaveAndCommits())
	require.Equal(t, "none", r.get("listener.committed[t0-0]"))
	require.Equal(t, "2", r.get("listener.delivered[t0-0@3]"))
	require.NotEqual(t, "0", r.get("listener.duplicates"))
}

func (r *rig) memberIDs() []string {
	var out []string
	for _, e := range r.s.Trace() {
		if e.Kind == sim.MemberAdd {
			out = append(out, e.Note)
		}
	}
	return out
}

func (r *rig) leaveAndCommits() []string {
	var out []string
	for _, e := range r.s.Trace() {
		switch {
		case e.Kind == sim.ClientSend && strings.HasPrefix(e.Item, "LeaveGroup:"):
			out = append(out, string(e.Kind)+" "+e.Item+" "+e.Note)
		case e.Kind == sim.CommitDone:
			out = append(out, string(e.Kind)+" "+e.Subj+" "+e.Item+" "+e.Note)
		}
	}
	return out
}

// A consumer that a fatal JoinGroup error closes (here
// INVALID_SESSION_TIMEOUT: 5000 ms is below group.min.session.timeout.ms)
// ends its ListenerConsumer: "Fatal consumer exception".
func TestFatalJoinErrorEndsTheListenerConsumer(t *testing.T) {
	r := newRig(t, 1, 3, func(c *Config) { c.Group.Consumer.SessionTimeout = 5 * time.Second })
	r.runTo(sec(5))
	require.Equal(t, "stopped", r.get("listener.state[consumer-G-1]"))
	require.Equal(t, "INVALID_SESSION_TIMEOUT", r.get("consumer[consumer-G-1].error"))
	require.Equal(t, "0", r.get("listener.delivered[t0-0@0]"))
	require.Contains(t, r.story(sim.Poll), "poll consumer[consumer-G-1] KafkaException")
}
