package model

import (
	"reflect"
	"testing"

	"github.com/stretchr/testify/require"

	"brokerlab/core/sim"
)

const q = "ControllerEventManager.queue"

// fixture is a hand-written controller trace: a BrokerChange is processed,
// then the ZooKeeper session expires while two events wait, so
// clearAndPut(Expire) preempts them.
func fixture() []sim.Event {
	ev := []sim.Event{
		{Actor: "controller-event-thread", Kind: sim.ThreadStart},
		{Actor: "controller-event-thread", Kind: sim.QueueWait, Subj: q},
		{Actor: "scenario", Kind: sim.Step, ID: 0, Note: "A broker dies."},
		{T: 1000, Actor: "main-EventThread", Kind: sim.ThreadStart},
		{T: 1000, Actor: "main-EventThread", Kind: sim.Action, Note: "put BrokerChange"},
		{T: 1000, Actor: "main-EventThread", Kind: sim.LockAcquire, Subj: "putLock"},
		{T: 1000, Actor: "main-EventThread", Kind: sim.QueuePut, Subj: q, ID: 1, Item: "BrokerChange"},
		{T: 1000, Actor: "main-EventThread", Kind: sim.LockRelease, Subj: "putLock"},
		{T: 1000, Actor: "controller-event-thread", Kind: sim.QueueTake, Subj: q, ID: 1, Item: "BrokerChange"},
		{T: 1000, Actor: "controller-event-thread", Kind: sim.State, Subj: "ControllerState", From: "Idle", To: "BrokerChange", Note: "2"},
		{T: 1000, Actor: "controller-event-thread", Kind: sim.Metric, Subj: "EventQueueTimeMs", Note: "0"},
		{T: 1000, Actor: "controller-event-thread", Kind: sim.EventProcess, ID: 1, Item: "BrokerChange"},
		{T: 1000, Actor: "controller-event-thread", Kind: sim.LatchCountDown, Subj: "processingStarted", ID: 1, Note: "count 0"},
		{T: 1000, Actor: "controller-event-thread", Kind: sim.Sleep, Note: "50ms"},
		{Kind: sim.Step, ID: 1, Note: "Two more events wait."},
		{T: 2000, Actor: "data-plane-kafka-request-handler-0", Kind: sim.QueuePut, Subj: q, ID: 2, Item: "ControlledShutdown"},
		{T: 3000, Actor: "kafka-scheduler-0", Kind: sim.QueuePut, Subj: q, ID: 3, Item: "AutoPreferredReplicaLeaderElection"},
		{T: 4000, Actor: "zk-session-expiry-handler0", Kind: sim.LockAcquire, Subj: "putLock"},
		{T: 4000, Actor: "kafka-scheduler-0", Kind: sim.LockWait, Subj: "putLock"},
		{T: 4000, Actor: "zk-session-expiry-handler0", Kind: sim.EventPreempt, ID: 2, Item: "ControlledShutdown"},
		{T: 4000, Actor: "zk-session-expiry-handler0", Kind: sim.Callback, ID: 2, Note: "ControllerMovedException"},
		{T: 4000, Actor: "zk-session-expiry-handler0", Kind: sim.EventPreempt, ID: 3, Item: "AutoPreferredReplicaLeaderElection"},
		{T: 4000, Actor: "zk-session-expiry-handler0", Kind: sim.QueueClear, Subj: q},
		{T: 4000, Actor: "zk-session-expiry-handler0", Kind: sim.QueuePut, Subj: q, ID: 4, Item: "Expire"},
		{T: 4000, Actor: "zk-session-expiry-handler0", Kind: sim.LockRelease, Subj: "putLock"},
		{T: 4000, Actor: "zk-session-expiry-handler0", Kind: sim.LatchAwait, Subj: "processingStarted", ID: 4, Note: "blocked"},
		{T: 51000, Actor: "controller-event-thread", Kind: sim.State, Subj: "ControllerState", From: "BrokerChange", To: "Idle", Note: "0"},
		{T: 51000, Actor: "controller-event-thread", Kind: sim.QueueTake, Subj: q, ID: 4, Item: "Expire"},
		{T: 51000, Actor: "controller-event-thread", Kind: sim.EventProcess, ID: 4, Item: "Expire"},
		{T: 51000, Actor: "controller-event-thread", Kind: sim.LatchCountDown, Subj: "processingStarted", ID: 4, Note: "count 0"},
		{T: 51000, Actor: "main-EventThread", Kind: sim.ThreadExit},
	}
	for i := range ev {
		ev[i].Seq = i
	}
	return ev
}

func TestFold(t *testing.T) {
	m := New(fixture())
	end := m.At(m.Len() - 1)
	names := func(l Tally) (out []string) {
		for _, t := range l.Last {
			out = append(out, t.Item)
		}
		return out
	}
	for _, c := range []struct {
		what      string
		got, want any
	}{
		{"threads", m.Threads, []string{"controller-event-thread", "main-EventThread", "data-plane-kafka-request-handler-0", "kafka-scheduler-0", "zk-session-expiry-handler0"}},
		{"states", m.States, []Seen{{"Idle", "0"}, {"BrokerChange", "2"}}},
		{"processed", names(end.Ctl.Processed), []string{"BrokerChange", "Expire"}},
		{"preempted", names(end.Ctl.Preempted), []string{"ControlledShutdown", "AutoPreferredReplicaLeaderElection"}},
		{"lost", end.Ctl.Lost.N, 0},
		{"queue", len(end.Ctl.Queue), 0},
		{"hand", end.Ctl.Hand.Item, "Expire"},
		{"answer", end.Answer(2), "ControllerMovedException"},
		{"step", end.Step, 1},
		{"lock", end.Ctl.LockOwner, ""},
	} {
		if !reflect.DeepEqual(c.got, c.want) {
			t.Errorf("%s: got %v, want %v", c.what, c.got, c.want)
		}
	}

	mid := m.At(18) // the scheduler waits for the putLock the expiry handler holds
	if th, _ := mid.Thread("kafka-scheduler-0"); th.Status != Blocked || th.On != "putLock" {
		t.Errorf("scheduler at 18: got %+v, want blocked on putLock", th)
	}
	if mid.Ctl.LockOwner != "zk-session-expiry-handler0" {
		t.Errorf("lock owner at 18: got %q", mid.Ctl.LockOwner)
	}
	if got := len(mid.Ctl.Queue); got != 2 {
		t.Errorf("queue at 18: got %d tokens, want 2", got)
	}
	if th, _ := m.At(25).Thread("zk-session-expiry-handler0"); th.Status != Blocked || th.On != "processingStarted #4" {
		t.Errorf("expiry handler at 25: got %+v, want blocked on the latch", th)
	}
	if th, _ := m.At(29).Thread("zk-session-expiry-handler0"); th.Status != Running {
		t.Errorf("expiry handler at 29: got %+v, want running after countDown", th)
	}
	if th, _ := m.At(13).Thread("controller-event-thread"); th.Status != Busy || th.On != "50ms" {
		t.Errorf("event thread at 13: got %+v, want busy 50ms", th)
	}
	if before := m.At(-1); before.Seq != -1 || before.Threads[0].Status != NotStarted {
		t.Errorf("before: got %+v", before)
	}
}

// Without the putLock a put can land between the preempting loop and the
// clear: that token is neither processed nor preempted.
func TestLost(t *testing.T) {
	tr := []sim.Event{
		{Actor: "a", Kind: sim.QueuePut, Subj: q, ID: 1, Item: "BrokerChange"},
		{Actor: "b", Kind: sim.EventPreempt, ID: 1, Item: "BrokerChange"},
		{Actor: "a", Kind: sim.QueuePut, Subj: q, ID: 2, Item: "TopicChange"},
		{Actor: "b", Kind: sim.QueueClear, Subj: q},
		{Actor: "b", Kind: sim.Invariant, ID: 2, Item: "TopicChange", Note: "QueuedEvent 2 was neither processed nor preempted"},
	}
	for i := range tr {
		tr[i].Seq = i
	}
	s := New(tr).At(4)
	if s.Ctl.Lost.N != 1 || s.Ctl.Lost.Last[0].ID != 2 || s.Ctl.Preempted.N != 1 {
		t.Errorf("got lost %+v preempted %+v, want only #2 lost", s.Ctl.Lost, s.Ctl.Preempted)
	}
	if len(s.Invariants) != 1 {
		t.Errorf("got invariants %v", s.Invariants)
	}
}

// long is a run of n events: puts and takes of BrokerChange, with the queue
// growing to a few dozen and draining, so snapshots hold different queues.
func long(n int) []sim.Event {
	var tr []sim.Event
	id, queued := 0, 0
	for len(tr) < n {
		e := sim.Event{Seq: len(tr), T: int64(len(tr)) * 10, Subj: q}
		if queued == 0 || queued < 40 && (len(tr)/97)%2 == 0 {
			id++
			queued++
			e.Actor, e.Kind, e.ID, e.Item = "main-EventThread", sim.QueuePut, id, "BrokerChange"
		} else {
			e.Actor, e.Kind, e.ID, e.Item = "controller-event-thread", sim.QueueTake, id-queued+1, "BrokerChange"
			queued--
		}
		tr = append(tr, e)
		if e.Kind == sim.QueueTake && len(tr) < n {
			tr = append(tr, sim.Event{Seq: len(tr), T: e.T, Actor: e.Actor, Kind: sim.EventProcess, ID: e.ID, Item: e.Item})
		}
	}
	return tr
}

// Random access must give what a fold from the start gives, in any order.
func TestAtMatchesFold(t *testing.T) {
	tr := long(5 * SnapEvery / 2)
	m := New(tr)
	ref := New(tr)
	for _, i := range []int{2400, 3, 1999, 2000, 2001, 999, 1000, 17, 2499, -1, 1500} {
		got := m.At(i)
		fold := ref.empty()
		for _, e := range tr[:i+1] {
			fold.apply(e)
		}
		if !reflect.DeepEqual(summary(got), summary(fold)) {
			t.Fatalf("At(%d): got %v, want %v", i, summary(got), summary(fold))
		}
	}
}

func summary(s State) []any {
	return []any{s.Seq, s.T, ids(s.Ctl.Queue), s.Ctl.Processed.N, ids(s.Ctl.Processed.Last), s.Ctl.Hand.ID, s.Threads}
}

// A token that left the tallies' memory is still found in the trace.
func TestOldToken(t *testing.T) {
	m := New(long(3 * SnapEvery))
	tok, fate, ok := m.Token(2*SnapEvery, 1)
	if !ok || fate != "processed" || tok.By != "main-EventThread" {
		t.Errorf("got %+v %q %v, want #1 processed", tok, fate, ok)
	}
}

func ids(l []Token) (out []int) {
	for _, t := range l {
		out = append(out, t.ID)
	}
	return out
}

func BenchmarkJump(b *testing.B) {
	m := New(long(100_000))
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		m.At((i * 7919) % 100_000)
	}
}

// A run of large states keeps its snapshots within SnapBytes: it spaces
// them out instead, and random access still gives what a fold gives.
func TestSnapshotsStayWithinTheirBytes(t *testing.T) {
	tr := []sim.Event{{Kind: sim.LogAppend, Actor: "producer", Subj: "t0-0", To: "300000"}}
	for _, e := range long(20 * SnapEvery) {
		e.Seq = len(tr)
		tr = append(tr, e)
	}
	m := New(tr)
	first := m.At(0)
	big := first.size()
	require.Greater(t, big, 5<<20, "300,000 records")
	total := 0
	for _, s := range m.snaps {
		total += s.size()
	}
	require.LessOrEqual(t, total, SnapBytes+big)
	require.Greater(t, m.every, SnapEvery)
	for _, i := range []int{19_999, 3, 12_345, 7_000} {
		fold := m.empty()
		for _, e := range tr[:i+1] {
			fold.apply(e)
		}
		require.Equal(t, summary(fold), summary(m.At(i)), "At(%d)", i)
	}
}
