package listener

import (
	"testing"

	"brokerlab/core/msg"
	"brokerlab/core/sim"
	"github.com/stretchr/testify/require"
)

// Spring-Kafka 2.5, MANUAL and MANUAL_IMMEDIATE acks from another thread
// (processAck): the ack goes on the acks queue; MANUAL_IMMEDIATE also calls
// consumer.wakeup(), so the poll in progress throws WakeupException and
// the commit leaves at once; MANUAL's waits for the poll to return
// (pollTimeout 5 s after the poll began at 3038 ms).
func TestForeignAcksGoThroughTheQueue(t *testing.T) {
	tests := []struct {
		mode      AckMode
		wantAt    string
		wantStory []string
	}{
		{ManualImmediate, "5000: t0-0@1 t0-0=2", []string{
			"record.ack t0-0@1", "queue.put listener[consumer-G-1].acks t0-0@1 size 1",
			"poll consumer[consumer-G-1] WakeupException", "state listener[consumer-G-1] processCommits",
			"queue.take listener[consumer-G-1].acks t0-0@1 size 0", "commit t0-0@1 sync t0-0=2"}},
		{Manual, "8038: listener[consumer-G-1].offsets t0-0=2", []string{
			"record.ack t0-0@1", "queue.put listener[consumer-G-1].acks t0-0@1 size 1",
			"poll consumer[consumer-G-1] 0 records", "state listener[consumer-G-1] processCommits",
			"queue.take listener[consumer-G-1].acks t0-0@1 size 0", "offset.pending t0-0 commit 2",
			"commit listener[consumer-G-1].offsets sync t0-0=2"}},
	}
	for _, tc := range tests {
		t.Run(string(tc.mode), func(t *testing.T) {
			r := newRig(t, 1, 3, func(c *Config) { c.AckMode, c.ListenerAck = tc.mode, AckNone })
			r.sys.Ack(sec(5), rec(0, 1))
			r.runTo(sec(20))
			require.Equal(t, []string{tc.wantAt}, r.commitsAt())
			story := r.story(sim.RecordAck, sim.QueuePut, sim.QueueTake, sim.Poll, sim.State, sim.OffsetPending, sim.Commit)
			i := 0
			for i < len(story) && story[i] != "record.ack t0-0@1" {
				i++
			}
			require.Less(t, i+len(tc.wantStory), len(story)+1)
			require.Equal(t, tc.wantStory, story[i:i+len(tc.wantStory)])
			for _, e := range r.s.Trace() {
				switch {
				case e.Kind == sim.RecordAck || (e.Kind == sim.QueuePut && e.Subj == "listener[consumer-G-1].acks"):
					require.Equal(t, "pool-1-thread-1", e.Actor)
				case e.Kind == sim.QueueTake && e.Subj == "listener[consumer-G-1].acks", e.Kind == sim.OffsetPending, e.Kind == sim.Commit:
					require.Equal(t, "org.springframework.kafka.KafkaListenerEndpointContainer#0-0-C-1", e.Actor)
				}
			}
			require.Equal(t, "2", r.get("listener.committed[t0-0]"))
		})
	}
}

// A MANUAL listener that acks on its own thread: MANUAL adds to the
// offsets map directly (no acks queue), MANUAL_IMMEDIATE commits at once.
func TestManualAcksOnTheConsumerThread(t *testing.T) {
	r := newRig(t, 1, 2, func(c *Config) { c.AckMode = Manual })
	r.runTo(sec(10))
	l := "listener[consumer-G-1]"
	require.Equal(t, []string{"record.ack t0-0@0", "offset.pending t0-0 commit 1", "record.ack t0-0@1", "offset.pending t0-0 commit 2",
		"commit " + l + ".offsets sync t0-0=2"}, r.story(sim.RecordAck, sim.OffsetPending, sim.QueuePut, sim.Commit))

	r = newRig(t, 1, 2, func(c *Config) { c.AckMode, c.ListenerAck = ManualImmediate, AckBefore })
	r.runTo(sec(10))
	require.Equal(t, []string{"record.deliver t0-0@0 1 delivery 1", "record.ack t0-0@0", "commit t0-0@0 sync t0-0=1", "record.done t0-0@0 processed",
		"record.deliver t0-0@1 1 delivery 1", "record.ack t0-0@1", "commit t0-0@1 sync t0-0=2", "record.done t0-0@1 processed"},
		r.story(sim.RecordDeliver, sim.RecordAck, sim.Commit, sim.RecordDone, sim.QueuePut))
}

// syncCommits false: commitAsync; the answer is handled in the next poll.
func TestAsyncCommits(t *testing.T) {
	r := newRig(t, 1, 2, func(c *Config) { c.SyncCommits = false })
	r.runTo(sec(10))
	l := "listener[consumer-G-1]"
	require.Equal(t, []string{"commit " + l + ".offsets async t0-0=2", "state " + l + " poll", "commit.done " + l + ".offsets NONE t0-0=2"},
		r.story(sim.Commit, sim.State, sim.CommitDone)[4:])
	require.Equal(t, "2", r.get("listener.committed[t0-0]"))
}

// Spring-Kafka 2.5 KafkaMessageListenerContainer.java checkAckMode and
// determineAutoCommit.
func TestConfigChecks(t *testing.T) {
	tests := []struct {
		edit       func(c *Config)
		code, want string
	}{
		{func(c *Config) { c.AckMode, c.AckCount = Count, 0 }, "li.ackcount", "'ackCount' must be > 0"},
		{func(c *Config) { c.AckMode, c.AckCount = CountTime, 0 }, "li.ackcount", "'ackCount' must be > 0"},
		{func(c *Config) { c.AckMode, c.Client.EnableAutoCommit = Manual, true }, "li.auto.commit", "Consumer cannot be configured for auto commit for ackMode MANUAL"},
		{func(c *Config) { c.AckMode, c.Client.EnableAutoCommit = ManualImmediate, true }, "li.auto.commit", "for ackMode MANUAL_IMMEDIATE"},
		{func(c *Config) { c.AckMode = "SOMETIMES" }, "li.ackmode", "unknown ackMode"},
		{func(c *Config) { c.Concurrency = 0 }, "li.concurrency", "concurrency"},
		{func(c *Config) { c.ErrorHandler = "Logging" }, "li.error.handler", "errorHandler"},
		// the group's own error, of the listener's kind
		{func(c *Config) { c.Client.AutoOffsetReset = "none" }, "gr.offset.reset", `auto.offset.reset must be latest or earliest, got "none"`},
		{func(c *Config) { c.Group.Consumer.HeartbeatInterval = c.Group.Consumer.SessionTimeout }, "gr.heartbeat", "heartbeat.interval.ms must be lower"},
		{func(c *Config) { c.PollTimeout = 0 }, "li.poll.timeout", "pollTimeout must be ≥ 1 ms"},
	}
	for _, tc := range tests {
		cfg := DefaultConfig()
		tc.edit(&cfg)
		err := cfg.Validate()
		require.ErrorIs(t, err, ErrConfig, tc.want)
		var e *msg.Error
		require.ErrorAs(t, err, &e)
		require.Equal(t, tc.code, e.Code)
		require.Contains(t, err.Error(), tc.want)
		require.NotContains(t, err.Error(), "bad setting", "no error prints its kind")
	}
	// ackCount 0 is fine for BATCH; ackTime 0 becomes 5000 for TIME
	cfg := DefaultConfig()
	cfg.AckCount = 0
	require.NoError(t, cfg.Validate())
	r := newRig(t, 1, 1, func(c *Config) { c.AckMode, c.AckTime = Time, 0 })
	require.Equal(t, int64(5000), r.sys.Config().AckTime.Milliseconds())
	cfg = DefaultConfig()
	require.Equal(t, Batch, cfg.AckMode)
	require.Equal(t, 1, cfg.AckCount)
	require.Equal(t, int64(5000), cfg.AckTime.Milliseconds())
	require.Equal(t, int64(5000), cfg.PollTimeout.Milliseconds())
	require.True(t, cfg.SyncCommits)
	require.Equal(t, SeekToCurrent, cfg.ErrorHandler)
	require.False(t, cfg.Client.EnableAutoCommit, "the container forces it false")
}

// A MANUAL listener that fails does not acknowledge: the container does
// not wait for that ack, and after the recovery its poll waits for records
// again (no empty poll every pollTimeout).
func TestFailedManualDeliveryLeavesNothingPending(t *testing.T) {
	r := newRig(t, 1, 2, func(c *Config) { c.AckMode = Manual })
	r.sys.Fail(0, rec(0, 1), -1, "ClassCastException")
	r.runTo(sec(60))
	require.Equal(t, "2", r.get("listener.committed[t0-0]"))
	n := 0
	for _, e := range r.s.Trace() {
		if e.Kind == sim.Poll && e.Item == "0 records" {
			n++
		}
	}
	require.Zero(t, n, "no poll times out")
}
