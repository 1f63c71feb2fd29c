package model

import (
	"math/rand"
	"reflect"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"brokerlab/core/sim"
)

// allocated is the bytes f allocates.
func allocated(f func()) uint64 {
	var a, b runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&a)
	f()
	runtime.ReadMemStats(&b)
	return b.TotalAlloc - a.TotalAlloc
}

// crowd is n connections, each sending two requests; a worker answers the
// first of each, oldest first, then every connection closes with its
// second request still on its way: a disconnect and an answer per
// connection, as the 5,000 consumers of a group do.
func crowd(n int) []sim.Event {
	var tr []sim.Event
	add := func(e sim.Event) {
		e.Seq, e.T = len(tr), int64(len(tr))
		tr = append(tr, e)
	}
	for i := range n {
		c := "c-" + strconv.Itoa(i)
		add(sim.Event{Actor: acc, Kind: sim.ConnAccept, Subj: c, Note: "ip=10.0.0.1"})
		add(sim.Event{Actor: sel, Kind: sim.ConnRegister, Subj: c})
		add(sim.Event{Actor: "clients", Kind: sim.ClientSend, Subj: c, ID: 2*i + 1, Item: c + "#1"})
		add(sim.Event{Actor: "clients", Kind: sim.ClientSend, Subj: c, ID: 2*i + 2, Item: c + "#2"})
	}
	for i := range n {
		c := "c-" + strconv.Itoa(i)
		add(sim.Event{Actor: wrk, Kind: sim.Recv, Subj: c, ID: 2*i + 1, Item: c + "#1"})
		add(sim.Event{Actor: wrk, Kind: sim.Send, Subj: c, ID: 2*i + 1, Item: c + "#1"})
	}
	for i := range n {
		add(sim.Event{Actor: sel, Kind: sim.ConnClose, Subj: "c-" + strconv.Itoa(i), Note: "closed"})
	}
	return tr
}

// An answer and a disconnect cost O(1), amortised: folding 5,000
// connections' requests copies no list of them per event (it copied them
// all on each: 1.6 GB for this trace, 7 GB for the 5,000 consumers').
func TestNetFoldCopiesNoListPerEvent(t *testing.T) {
	tr := crowd(5000)
	var s State
	b := allocated(func() {
		s = State{Seq: -1, Step: -1}
		for _, e := range tr {
			s.apply(e)
		}
	})
	if len(s.Net.Reqs)-s.Net.dead != 0 || s.Net.Answered != 5000 || s.Net.Closed != 5000 {
		t.Fatalf("at the end: %d requests on their way, %d answered, %d closed", len(s.Net.Reqs)-s.Net.dead, s.Net.Answered, s.Net.Closed)
	}
	t.Logf("%d events: %d KB allocated", len(tr), b>>10)
	if b > 32<<20 {
		t.Fatalf("folding %d events allocated %d MB, want under 32 MB", len(tr), b>>20)
	}
}

// Re-arming a member's heartbeat timer (cancel, add) costs O(1),
// amortised: it copied every running timer.
func TestGroupTimersCopyNoListPerEvent(t *testing.T) {
	const n, beats = 5000, 4
	var tr []sim.Event
	id := 0
	for b := range beats {
		for i := range n {
			subj := "member[C" + strconv.Itoa(i) + "]"
			if b > 0 {
				tr = append(tr, sim.Event{Kind: sim.TimerCancel, Subj: subj, ID: id - n + 1, Item: "DelayedHeartbeat"})
			}
			id++
			tr = append(tr, sim.Event{Kind: sim.TimerAdd, Subj: subj, ID: id, Item: "DelayedHeartbeat", Note: "10s"})
		}
	}
	g := &Groups{}
	b := allocated(func() {
		for _, e := range tr {
			g.apply(e)
		}
	})
	if got := len(g.clone().Timers); got != n {
		t.Fatalf("%d timers running, want %d", got, n)
	}
	if tm, ok := g.Timer("member[C7]", "DelayedHeartbeat"); !ok || tm.ID != (beats-1)*n+8 {
		t.Fatalf("C7's heartbeat timer: %+v %v", tm, ok)
	}
	t.Logf("%d events: %d KB allocated", len(tr), b>>10)
	if b > 32<<20 {
		t.Fatalf("folding %d timer events allocated %d MB, want under 32 MB", len(tr), b>>20)
	}
}

// refNet is the requests' fold as it was, a list scanned and copied on
// every event: what Net's indexes must agree with.
type refNet struct{ reqs []Req }

func (r *refNet) apply(e sim.Event) {
	find := func(id int) *Req {
		for i := range r.reqs {
			if r.reqs[i].ID == id {
				return &r.reqs[i]
			}
		}
		return nil
	}
	drop := func(gone func(Req) bool) {
		out := r.reqs[:0:0]
		for _, x := range r.reqs {
			if !gone(x) {
				out = append(out, x)
			}
		}
		r.reqs = out
	}
	release := func(thread string, except int) {
		for i := range r.reqs {
			if x := &r.reqs[i]; x.Loc == "t:"+thread && x.ID != except {
				x.Loc = "out"
			}
		}
	}
	switch e.Kind {
	case sim.ConnClose:
		drop(func(x Req) bool { return x.Conn == e.Subj })
	case sim.ClientSend:
		r.reqs = append(r.reqs, Req{ID: e.ID, Item: e.Item, Conn: e.Subj, Loc: "sock"})
	case sim.Recv:
		if x := find(e.ID); x != nil {
			x.Loc = "t:" + e.Actor
		} else {
			r.reqs = append(r.reqs, Req{ID: e.ID, Item: e.Item, Conn: e.Subj, Loc: "t:" + e.Actor})
		}
	case sim.Send:
		drop(func(x Req) bool { return x.ID == e.ID })
	case sim.QueuePut:
		if x := find(e.ID); x != nil {
			x.Loc = "q:" + e.Subj
		}
	case sim.QueueTake:
		if SharedQueue(e.Subj) {
			release(e.Actor, e.ID)
		}
		if x := find(e.ID); x != nil {
			x.Loc = "t:" + e.Actor
		}
	case sim.QueueWait:
		if e.Note != "full" {
			release(e.Actor, 0)
		}
	case sim.Broker:
		drop(func(x Req) bool { return strings.HasSuffix(x.Conn, "@"+e.Subj) })
	}
}

// Random traffic, ids reused included: every state's requests, where they
// are and in what order, are the list's, event after event, and so are a
// clone's (a snapshot) folded on.
func TestNetRequestsAgreeWithAList(t *testing.T) {
	for seed := int64(1); seed <= 20; seed++ {
		rng := rand.New(rand.NewSource(seed))
		conns := []string{"c1", "c2", "c3", "r@broker-1", "r@broker-2"}
		threads := []string{"w1", "w2", "w3"}
		ids := 40 + rng.Intn(400)
		s := State{Seq: -1, Step: -1}
		var ref refNet
		for i := range 3000 {
			c, th, id := conns[rng.Intn(len(conns))], threads[rng.Intn(len(threads))], 1+rng.Intn(ids)
			e := sim.Event{Seq: i, Actor: th, Subj: c, ID: id, Item: "x" + strconv.Itoa(id)}
			switch k := rng.Intn(100); {
			case k < 30:
				e.Kind, e.Actor = sim.ClientSend, "clients"
			case k < 45:
				e.Kind = sim.Recv
			case k < 65:
				e.Kind = sim.Send
			case k < 72:
				e.Kind, e.Subj = sim.QueuePut, "WorkerService.queue"
			case k < 82:
				e.Kind, e.Subj = sim.QueueTake, "WorkerService.queue"
			case k < 92:
				e.Kind, e.Subj, e.Note = sim.QueueWait, "WorkerService.queue", "idle"
			case k < 98:
				e.Kind = sim.ConnClose
			default:
				e.Kind, e.Subj, e.To = sim.Broker, "broker-"+strconv.Itoa(1+rng.Intn(2)), "dead"
			}
			s.apply(e)
			ref.apply(e)
			if i%7 == 0 { // a snapshot, restored and folded on
				s = s.clone()
			}
			got := s.clone().Net
			if got == nil {
				got = &Net{}
			}
			if len(got.Reqs) != len(ref.reqs) || len(ref.reqs) > 0 && !reflect.DeepEqual(got.Reqs, ref.reqs) {
				t.Fatalf("seed %d, event %d (%s %s #%d): requests\n%v\nwant\n%v", seed, i, e.Kind, e.Subj, id, got.Reqs, ref.reqs)
			}
			for _, x := range ref.reqs[:min(len(ref.reqs), 3)] {
				if r, ok := s.Net.Req(x.ID); !ok || r.ID != x.ID {
					t.Fatalf("seed %d, event %d: Req(%d) = %+v %v", seed, i, x.ID, r, ok)
				}
			}
		}
	}
}

// A run whose state outgrows StateBytes is folded up to there, and no
// further; its Budget says where. A run within it has no Budget.
func TestModelStopsAtItsStateBudget(t *testing.T) {
	small := New(crowd(100))
	if small.Budget() != nil || small.Len() != len(crowd(100)) {
		t.Fatalf("100 connections: budget %+v, %d events", small.Budget(), small.Len())
	}

	tr := crowd(20_000)
	// A thread a connection, every one of them seen only past the budget.
	for i := range tr {
		if tr[i].Kind == sim.ConnClose {
			tr[i].Actor = "closer-" + tr[i].Subj
		}
	}
	var m *Model
	b := allocated(func() { m = New(tr) })
	bud := m.Budget()
	if bud == nil || bud.Events != m.Len() || bud.Of != len(tr) || bud.Events >= len(tr) || bud.Bytes != StateBytes {
		t.Fatalf("20,000 connections: budget %+v, %d of %d events", bud, m.Len(), len(tr))
	}
	end := m.At(m.Len() - 1)
	if w := end.weight(0); w < StateBytes || w > StateBytes+StateBytes/4 {
		t.Fatalf("the last state weighs %d, want just past %d", w, StateBytes)
	}
	if len(m.Threads) != 3 || len(end.Threads) != 3 || len(m.At(0).Threads) != 3 {
		t.Fatalf("threads %v, in the last state %d: want the 3 the folded events saw", m.Threads, len(end.Threads))
	}
	if _, ok := end.Thread("closer-c-0"); ok {
		t.Fatal("a thread past the budget is in the model")
	}
	t.Logf("stopped after %d of %d events; %d MB allocated", bud.Events, bud.Of, b>>20)
	if b > 128<<20 {
		t.Fatalf("New allocated %d MB, want under 128 MB", b>>20)
	}
}
