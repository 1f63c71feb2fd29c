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
		{Actor: "controller-event-thread", Kind: "queue.wait", Subj: q},
		{Actor: "main-EventThread", Kind: "lock.acquire", Subj: "putLock"},
		{Actor: "main-EventThread", Kind: "queue.put", Subj: q, ID: 1, Item: "BrokerChange"},
		{Actor: "main-EventThread", Kind: "lock.release", Subj: "putLock"},
		{Actor: "controller-event-thread", Kind: "queue.take", Subj: q, ID: 1, Item: "BrokerChange"},
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
