package listener

import (
	"strings"
	"testing"

	"brokerlab/core/sim"
	"github.com/stretchr/testify/require"
)

// Spring-Kafka 2.5 SeekToCurrentErrorHandler (SeekUtils, FailedRecordTracker,
// FailedRecordProcessor): FixedBackOff(0, 9) is 10 deliveries, then the
// recoverer logs and the record is skipped; a non-retryable exception goes
// to the recoverer at once; failures count per partition and offset.
// Records 0..4 on t0-0; record 2 fails as each case says.
func TestSeekToCurrentErrorHandler(t *testing.T) {
	tests := []struct {
		name      string
		edit      func(c *Config)
		fails     map[int][2]string // offset → times ("always" or a number), exception
		delivered map[int]string
		recover   []string // record.recover: "P@off exception log"
		processed string
	}{
		{"10 deliveries, then recovered and skipped", nil, map[int][2]string{2: {"always", "IllegalStateException"}},
			map[int]string{1: "1", 2: "10", 3: "1", 4: "1"},
			[]string{"t0-0@2 IllegalStateException Backoff FixedBackOff{interval=0, currentAttempts=10, maxAttempts=9} exhausted for t0-0@2"}, "4"},
		{"a non-retryable exception: recovered at once", nil, map[int][2]string{2: {"always", "ClassCastException"}},
			map[int]string{2: "1", 3: "1"}, []string{"t0-0@2 ClassCastException Backoff none exhausted for t0-0@2"}, "4"},
		{"DeserializationException is not retryable either", nil, map[int][2]string{2: {"always", "DeserializationException"}},
			map[int]string{2: "1"}, []string{"t0-0@2 DeserializationException Backoff none exhausted for t0-0@2"}, "4"},
		{"fails 3 times, the 4th delivery succeeds", nil, map[int][2]string{2: {"3", "IllegalStateException"}},
			map[int]string{2: "4", 3: "1"}, nil, "5"},
		{"9 failures are not exhausted: the 10th delivery succeeds", nil, map[int][2]string{2: {"9", "IllegalStateException"}},
			map[int]string{2: "10"}, nil, "5"},
		{"another offset starts the count over", nil,
			map[int][2]string{2: {"9", "IllegalStateException"}, 3: {"always", "IllegalStateException"}},
			map[int]string{2: "10", 3: "10", 4: "1"},
			[]string{"t0-0@3 IllegalStateException Backoff FixedBackOff{interval=0, currentAttempts=10, maxAttempts=9} exhausted for t0-0@3"}, "4"},
		{"FixedBackOff(1000, 2): 3 deliveries", func(c *Config) { c.BackOffInterval, c.BackOffMaxAttempts = sec(1), 2 },
			map[int][2]string{2: {"always", "IllegalStateException"}}, map[int]string{2: "3"},
			[]string{"t0-0@2 IllegalStateException Backoff FixedBackOff{interval=1000, currentAttempts=3, maxAttempts=2} exhausted for t0-0@2"}, "4"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := newRig(t, 1, 5, tc.edit)
			for off, f := range tc.fails {
				times := -1
				if f[0] != "always" {
					times = int(f[0][0] - '0')
				}
				r.sys.Fail(0, rec(0, off), times, f[1])
			}
			r.runTo(sec(40))
			for off, want := range tc.delivered {
				require.Equal(t, want, r.get("listener.delivered[t0-0@"+string(rune('0'+off))+"]"), "record %d", off)
			}
			var got []string
			for _, e := range r.s.Trace() {
				if e.Kind == sim.RecordRecover {
					got = append(got, e.Subj+" "+e.Item+" "+e.Note)
				}
			}
			require.Equal(t, tc.recover, got)
			require.Equal(t, tc.processed, r.get("listener.processed"))
			require.Equal(t, "5", r.get("listener.committed[t0-0]"), "the recovered record is committed past (ackAfterHandle)")
			require.Equal(t, "0", r.get("listener.lost"))
			require.Equal(t, "0", r.get("listener.duplicates"))
		})
	}
}

// The records processed before the failed one are committed before the
// handler runs; then each partition is sought to its first record left.
func TestEarlierRecordsCommittedBeforeTheHandler(t *testing.T) {
	r := newRig(t, 1, 5, nil)
	r.sys.Fail(0, rec(0, 2), 1, "IllegalStateException")
	r.runTo(sec(10))
	l := "listener[consumer-G-1]"
	require.Equal(t, []string{
		"record.done t0-0@1 processed", "record.fail t0-0@2 IllegalStateException ListenerExecutionFailedException: Listener failed; nested exception is IllegalStateException",
		"commit " + l + ".offsets sync t0-0=2", "seek t0-0 SeekToCurrentErrorHandler: t0-0@2 is the first record left 2",
		"record.handle t0-0@2 SeekToCurrentErrorHandler KafkaException: Seek to current after exception",
		"poll consumer[consumer-G-1] 3 records t0-0@2..4",
	}, r.story(sim.RecordDone, sim.RecordFail, sim.Commit, sim.Seek, sim.RecordHandle, sim.Poll)[3:9])
}

// With RECORD, the recovered record is committed at once (ackAfterHandle);
// with MANUAL it goes through the acks queue (commitRecovered).
func TestRecoveredRecordIsAcked(t *testing.T) {
	r := newRig(t, 1, 3, func(c *Config) { c.AckMode = Record })
	r.sys.Fail(0, rec(0, 1), -1, "ClassCastException")
	r.runTo(sec(10))
	require.Equal(t, []string{"3018: t0-0@0 t0-0=1", "3030: t0-0@1 t0-0=2", "3042: t0-0@2 t0-0=3"}, r.commitsAt())

	r = newRig(t, 1, 3, func(c *Config) { c.AckMode = Manual })
	r.sys.Fail(0, rec(0, 1), -1, "ClassCastException")
	r.runTo(sec(10))
	require.Contains(t, r.story(sim.QueuePut), "queue.put listener[consumer-G-1].acks t0-0@1 size 1")
	require.Equal(t, "3", r.get("listener.committed[t0-0]"))
}

// Spring-Kafka 2.5 ContainerStoppingErrorHandler: stop() on a
// SimpleAsyncTaskExecutor thread, "Stopped container", the rest of the
// poll not processed, the failed record not committed; a restart reads
// it again.
func TestContainerStoppingErrorHandler(t *testing.T) {
	r := newRig(t, 1, 5, func(c *Config) { c.ErrorHandler = ContainerStopping })
	r.sys.Fail(0, rec(0, 2), 1, "IllegalStateException")
	r.runTo(sec(15))
	require.Equal(t, "false", r.get("listener.running"))
	require.Equal(t, "2", r.get("listener.committed[t0-0]"))
	require.Equal(t, "0", r.get("listener.delivered[t0-0@3]"))
	require.Equal(t, "stopped", r.get("listener.state[consumer-G-1]"))
	require.Equal(t, "", r.get("group[G].members"))
	var stopBy, handled string
	for _, e := range r.s.Trace() {
		if e.Kind == sim.State && e.Subj == Bean && e.To == "stopped" {
			stopBy = e.Actor
		}
		if e.Kind == sim.RecordHandle {
			handled = e.Item + ": " + e.Note
		}
	}
	require.Equal(t, "SimpleAsyncTaskExecutor-1", stopBy)
	require.Equal(t, "ContainerStoppingErrorHandler: KafkaException: Stopped container", handled)
	require.Contains(t, strings.Join(r.story(sim.ClientSend), "\n"), "LeaveGroup")

	r.sys.Start(sec(20))
	r.runTo(sec(40))
	require.Equal(t, "true", r.get("listener.running"))
	require.Equal(t, "consumer-G-2", r.get("listener.consumers"), "the JVM's second consumer")
	require.Equal(t, "2", r.get("listener.delivered[t0-0@2]"))
	require.Equal(t, "1", r.get("listener.delivered[t0-0@3]"))
	require.Equal(t, "5", r.get("listener.committed[t0-0]"))
	require.Equal(t, "0", r.get("listener.duplicates"))
}
