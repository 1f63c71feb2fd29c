package stage

import (
	"strings"
	"testing"

	"brokerlab/core/sim"
	"brokerlab/ui/model"
)

func trace() []sim.Event {
	q := "ControllerEventManager.queue"
	ev := []sim.Event{
		{Actor: "controller-event-thread", Kind: sim.QueueWait, Subj: q},
		{Actor: "main-EventThread", Kind: sim.LockAcquire, Subj: "putLock"},
		{Actor: "main-EventThread", Kind: sim.QueuePut, Subj: q, ID: 1, Item: "BrokerChange"},
		{Actor: "main-EventThread", Kind: sim.LockRelease, Subj: "putLock"},
		{Actor: "controller-event-thread", Kind: sim.QueueTake, Subj: q, ID: 1, Item: "BrokerChange"},
	}
	for i := range ev {
		ev[i].Seq = i
	}
	return ev
}

func find(sc Scene, key string) (Node, bool) {
	for _, n := range sc.Nodes {
		if n.Key == key {
			return n, true
		}
	}
	return Node{}, false
}

func TestBuild(t *testing.T) {
	m := model.New(trace())
	o := Options{Threads: m.Threads, States: m.States}
	// Between the lock and the put the token comes out of the watcher's box.
	a, b := m.At(1), m.At(2)
	start, mid, end := Build(&a, &b, 0, o), Build(&a, &b, 0.5, o), Build(&a, &b, 1, o)
	t0, ok0 := find(start, "tok:1")
	t1, _ := find(mid, "tok:1")
	t2, _ := find(end, "tok:1")
	if !ok0 || t0.Alpha != 0 || t2.Alpha != 1 {
		t.Fatalf("token fades in: got alpha %v → %v", t0.Alpha, t2.Alpha)
	}
	if !(t0.X < t1.X && t1.X < t2.X) {
		t.Errorf("token moves right into the queue: x %v, %v, %v", t0.X, t1.X, t2.X)
	}
	if lock, _ := find(start, "lock"); !strings.Contains(lock.Class, "held") {
		t.Errorf("lock: got class %q, want held", lock.Class)
	}
	if _, ok := find(start, "lock.link"); !ok {
		t.Error("no line from the holder to the putLock")
	}
	// Keys are unique: the drawer maps nodes by position and key.
	seen := map[string]bool{}
	for _, n := range mid.Nodes {
		if seen[n.Key] {
			t.Errorf("duplicate key %q", n.Key)
		}
		seen[n.Key] = true
	}
	// Taken: the token moves to the hand.
	c, d := m.At(3), m.At(4)
	s := Build(&c, &d, 1, o)
	tok, _ := find(s, "tok:1")
	if hand, _ := find(s, "hand"); tok.Y < hand.Y {
		t.Errorf("taken token at y %v, above the hand at %v", tok.Y, hand.Y)
	}
}

// Every label fits its box and no two labels on one line overlap, in both
// languages, with long event names and every fate (the estimate is the
// one fit uses; a wide character counts as a full em).
func TestLabelsFit(t *testing.T) {
	q := "ControllerEventManager.queue"
	long := "ReplicaLeaderElection(partitions=t0-0,t0-1,t0-2)"
	ev := []sim.Event{
		{Actor: "data-plane-kafka-request-handler-0", Kind: sim.QueueWait, Subj: "RequestChannel.requestQueue", Note: "idle"},
		{Actor: "kafka-scheduler-0", Kind: sim.Action, Note: "put " + long + " and a few more words"},
		{Actor: "kafka-scheduler-0", Kind: sim.QueuePut, Subj: q, ID: 1, Item: long},
		{Actor: "kafka-scheduler-0", Kind: sim.QueuePut, Subj: q, ID: 2, Item: long},
		{Actor: "kafka-scheduler-0", Kind: sim.QueuePut, Subj: q, ID: 12345, Item: long},
		{Actor: "zk", Kind: sim.EventPreempt, ID: 1, Item: long},
		{Actor: "zk", Kind: sim.EventIgnore, ID: 2, Item: long},
		{Actor: "zk", Kind: sim.Invariant, ID: 12345, Item: long, Note: "lost"},
	}
	for i := range ev {
		ev[i].Seq = i
	}
	m := model.New(ev)
	for _, zh := range []bool{false, true} {
		o := Options{Threads: m.Threads, States: m.States, ZH: zh}
		for i := 0; i < m.Len(); i++ {
			a, b := m.At(i), m.At(i+1)
			for _, n := range Build(&a, &b, 0, o).Nodes {
				var spans [][3]float64
				for _, tx := range n.Texts {
					if tx.X < 0 || n.W == 0 {
						continue // a slot's number sits left of its box; labels have no box
					}
					w := ems(tx.S) * tx.Size
					lo := map[string]float64{"": tx.X, "middle": tx.X - w/2, "end": tx.X - w}[tx.Anchor]
					if lo < 0 || lo+w > n.W+0.5 {
						t.Errorf("zh=%v event %d %s: %q (%.0f px at %.0f) leaves its box of %.0f", zh, i, n.Key, tx.S, w, lo, n.W)
					}
					for _, s := range spans {
						if tx.Y == s[2] && lo < s[1] && s[0] < lo+w {
							t.Errorf("zh=%v event %d %s: %q overlaps another label", zh, i, n.Key, tx.S)
						}
					}
					spans = append(spans, [3]float64{lo, lo + w, tx.Y})
				}
			}
		}
	}
}

// A label shrunk to fit exactly is not cut short.
func TestFitExactly(t *testing.T) {
	for _, s := range []string{"ControlledShutdown(id=4)", "ReplicaLeaderElection", "x"} {
		for _, w := range []float64{100, 137.3, 300, 512.7, tokW - 12 - 50 - (ems("↯")*Body + 8)} {
			if got := (Text{}).fit(s, Big, w); got.S != s && ems(s)*Small <= w {
				t.Errorf("fit(%q, 19, %v): got %q at %v", s, w, got.S, got.Size)
			}
		}
	}
}
