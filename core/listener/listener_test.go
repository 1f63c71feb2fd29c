package listener

import (
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"brokerlab/core/group"
	"brokerlab/core/sim"
)

// rig is a listener system with one topic t0 and its records, run with
// every kernel event kept.
type rig struct {
	t   *testing.T
	s   *sim.Sim
	sys *System
}

func sec(n int) time.Duration { return time.Duration(n) * time.Second }

var t00 = group.TopicPartition{Topic: "t0", Partition: 0}

func rec(p, off int) group.Record {
	return group.Record{TopicPartition: group.TopicPartition{Topic: "t0", Partition: p}, Offset: int64(off)}
}

// newRig: t0 with partitions, records 0..n-1 on t0-0 written at 0, the
// container started at 0, auto.offset.reset=earliest.
func newRig(t *testing.T, partitions, n int, edit func(c *Config)) *rig {
	s := sim.New(1, true)
	t.Cleanup(s.Close)
	cfg := DefaultConfig()
	cfg.Group.NumIOThreads = 2
	cfg.Client.AutoOffsetReset = "earliest"
	if edit != nil {
		edit(&cfg)
	}
	sys, err := New(s, cfg)
	require.NoError(t, err)
	sys.Topic(0, "t0", partitions)
	if n > 0 {
		sys.Records(0, t00, 0, int64(n-1))
	}
	sys.Start(0)
	return &rig{t, s, sys}
}

func (r *rig) runTo(t time.Duration) {
	r.t.Helper()
	require.NoError(r.t, r.s.Run(t, false, nil), r.s.Panic())
	r.s.AdvanceTo(t)
}

func (r *rig) get(path string) string {
	r.t.Helper()
	v, err := r.sys.Get(path)
	require.NoError(r.t, err, path)
	return v
}

// story lists the events of the given kinds, "kind subj item note" (the
// empty parts left out), in trace order; queue and state events only of
// the listener's subjects.
func (r *rig) story(kinds ...sim.Kind) []string {
	var out []string
	for _, e := range r.s.Trace() {
		if (strings.HasPrefix(string(e.Kind), "queue.") || e.Kind == sim.State) && !strings.HasPrefix(e.Subj, "listener[") {
			continue
		}
		for _, k := range kinds {
			if e.Kind == k {
				parts := []string{string(e.Kind)}
				for _, p := range []string{e.Subj, e.Item, e.Note} {
					if p != "" {
						parts = append(parts, p)
					}
				}
				if e.Kind == sim.OffsetCommit || e.Kind == sim.State || e.Kind == sim.Seek {
					parts = append(parts, e.To)
				}
				out = append(out, strings.Join(parts, " "))
			}
		}
	}
	return out
}

// commitsAt lists each commit the listener sends: "ms: subj offsets".
func (r *rig) commitsAt() []string {
	var out []string
	for _, e := range r.s.Trace() {
		if e.Kind == sim.Commit {
			out = append(out, strconv.FormatInt(e.T/1000, 10)+": "+e.Subj+" "+e.Note)
		}
	}
	return out
}

// Spring-Kafka 2.5, the commit points of each ack mode (ackCurrent,
// processCommits, timedAcks, processAck). Five records wait on t0-0 when
// the container starts; the listener takes 10 ms each; the group is
// Stable at 3006 ms and the first poll returns the five at 3008 ms; a
// commit's round trip takes 2 ms. Two more records come at 10 s, one more
// at 20 s: the consumer waiting in poll hears of them 1 ms later.
func TestAckModeCommitPoints(t *testing.T) {
	l := "listener[consumer-G-1].offsets "
	tests := []struct {
		name string
		edit func(c *Config)
		want []string
	}{
		{"RECORD: after each record, at once", func(c *Config) { c.AckMode = Record }, []string{
			"3018: t0-0@0 t0-0=1", "3030: t0-0@1 t0-0=2", "3042: t0-0@2 t0-0=3", "3054: t0-0@3 t0-0=4", "3066: t0-0@4 t0-0=5",
			"10011: t0-0@5 t0-0=6", "10023: t0-0@6 t0-0=7", "20011: t0-0@7 t0-0=8"}},
		{"BATCH (default): the whole poll, before the next poll", nil, []string{
			"3058: " + l + "t0-0=5", "10021: " + l + "t0-0=7", "20011: " + l + "t0-0=8"}},
		{"COUNT 3: when 3 records are pending", func(c *Config) { c.AckMode, c.AckCount = Count, 3 }, []string{
			"3058: " + l + "t0-0=5", "20011: " + l + "t0-0=8"}},
		{"COUNT 1 (the 2.5 default ackCount) is BATCH", func(c *Config) { c.AckMode = Count }, []string{
			"3058: " + l + "t0-0=5", "10021: " + l + "t0-0=7", "20011: " + l + "t0-0=8"}},
		{"TIME 5000: the first processCommits more than 5 s after the last", func(c *Config) { c.AckMode = Time }, []string{
			"8058: " + l + "t0-0=5", "15021: " + l + "t0-0=7", "25011: " + l + "t0-0=8"}},
		// only a time commit moves the time of the last commit: at 10 s
		// more than 5 s have passed since the start
		{"COUNT_TIME 3, 5000: count or time, whichever first", func(c *Config) { c.AckMode, c.AckCount = CountTime, 3 }, []string{
			"3058: " + l + "t0-0=5", "10021: " + l + "t0-0=7", "20011: " + l + "t0-0=8"}},
		{"MANUAL, acked by the listener: batched like BATCH", func(c *Config) { c.AckMode = Manual }, []string{
			"3058: " + l + "t0-0=5", "10021: " + l + "t0-0=7", "20011: " + l + "t0-0=8"}},
		{"MANUAL_IMMEDIATE, acked by the listener: at once", func(c *Config) { c.AckMode = ManualImmediate }, []string{
			"3018: t0-0@0 t0-0=1", "3030: t0-0@1 t0-0=2", "3042: t0-0@2 t0-0=3", "3054: t0-0@3 t0-0=4", "3066: t0-0@4 t0-0=5",
			"10011: t0-0@5 t0-0=6", "10023: t0-0@6 t0-0=7", "20011: t0-0@7 t0-0=8"}},
		{"auto-commit (what-if): the container never commits; poll does, every 5 s", func(c *Config) { c.Client.EnableAutoCommit = true }, []string{
			"5000: auto-commit t0-0=5", "15001: auto-commit t0-0=7", "25001: auto-commit t0-0=8"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := newRig(t, 1, 5, tc.edit)
			r.sys.Records(sec(10), t00, 5, 6)
			r.sys.Records(sec(20), t00, 7, 7)
			r.runTo(sec(40))
			require.Equal(t, tc.want, r.commitsAt())
			require.Equal(t, "8", r.get("listener.committed[t0-0]"))
			require.Equal(t, "8", r.get("listener.processed"))
			for _, e := range r.s.Trace() {
				if e.Kind == sim.Commit || e.Kind == sim.RecordDeliver || strings.HasPrefix(e.Subj, "listener[") {
					require.Equal(t, "org.springframework.kafka.KafkaListenerEndpointContainer#0-0-C-1", e.Actor, "seq %d", e.Seq)
				}
			}
		})
	}
}

// RECORD commits each record before the next one reaches the listener;
// BATCH commits a poll's records only after the last one, between polls.
func TestRecordAndBatchOrder(t *testing.T) {
	r := newRig(t, 1, 3, func(c *Config) { c.AckMode = Record })
	r.runTo(sec(10))
	require.Equal(t, []string{
		"record.deliver t0-0@0 1 delivery 1", "record.done t0-0@0 processed", "commit t0-0@0 sync t0-0=1", "commit.done t0-0@0 NONE t0-0=1",
		"record.deliver t0-0@1 1 delivery 1", "record.done t0-0@1 processed", "commit t0-0@1 sync t0-0=2", "commit.done t0-0@1 NONE t0-0=2",
		"record.deliver t0-0@2 1 delivery 1", "record.done t0-0@2 processed", "commit t0-0@2 sync t0-0=3", "commit.done t0-0@2 NONE t0-0=3",
	}, r.story(sim.RecordDeliver, sim.RecordDone, sim.Commit, sim.CommitDone))

	r = newRig(t, 1, 2, nil)
	r.runTo(sec(10))
	l := "listener[consumer-G-1]"
	require.Equal(t, []string{
		"poll consumer[consumer-G-1] 2 records t0-0@0..1", "state " + l + " invokeListener",
		"record.deliver t0-0@0 1 delivery 1", "record.done t0-0@0 processed", "queue.put " + l + ".acks t0-0@0 size 1",
		"record.deliver t0-0@1 1 delivery 1", "record.done t0-0@1 processed", "queue.put " + l + ".acks t0-0@1 size 2",
		"state " + l + " processCommits", "queue.take " + l + ".acks t0-0@0 size 1", "offset.pending t0-0 commit 1",
		"queue.take " + l + ".acks t0-0@1 size 0", "offset.pending t0-0 commit 2",
		"commit " + l + ".offsets sync t0-0=2", "commit.done " + l + ".offsets NONE t0-0=2", "state " + l + " poll",
	}, r.story(sim.Poll, sim.RecordDeliver, sim.RecordDone, sim.QueuePut, sim.QueueTake, sim.OffsetPending, sim.Commit, sim.CommitDone, sim.State)[2:])
}
