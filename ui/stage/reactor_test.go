package stage

import (
	"fmt"
	"strings"
	"testing"

	"brokerlab/core/sim"
	"brokerlab/ui/model"
)

const (
	acc  = "NIOServerCxnFactory.AcceptThread:0.0.0.0/0.0.0.0:2181"
	wq   = "WorkerService.queue"
	wrk1 = "NIOWorkerThread-1"
)

func sel(i int) string { return fmt.Sprintf("NIOServerCxnFactory.SelectorThread-%d", i) }

// reactorTrace connects n clients round-robin over two selector threads;
// the first one sends a request that a worker reads.
func reactorTrace(n int) []sim.Event {
	var ev []sim.Event
	add := func(e sim.Event) { e.Seq = len(ev); ev = append(ev, e) }
	for _, th := range []string{acc, sel(0), sel(1), wrk1, "clients", "ConnnectionExpirer"} {
		add(sim.Event{Actor: th, Kind: sim.ThreadStart})
	}
	for i := 0; i < n; i++ {
		c := fmt.Sprintf("c%d", i)
		s := i % 2
		q := fmt.Sprintf("SelectorThread-%d.acceptedQueue", s)
		add(sim.Event{Actor: acc, Kind: sim.ConnAccept, Subj: c, Note: "ip=10.0.0.1"})
		add(sim.Event{Actor: acc, Kind: sim.QueuePut, Subj: q, ID: 100000 + i, Item: c})
		add(sim.Event{Actor: sel(s), Kind: sim.QueueTake, Subj: q, ID: 100000 + i, Item: c})
		add(sim.Event{Actor: sel(s), Kind: sim.ConnRegister, Subj: c})
		add(sim.Event{Actor: sel(s), Kind: sim.ConnInterest, Subj: c, To: "OP_READ"})
		add(sim.Event{Actor: sel(s), Kind: sim.ConnTouch, Subj: c, Note: "bucket 20000ms"})
	}
	add(sim.Event{Actor: "clients", Kind: sim.ClientSend, Subj: "c0", ID: 1, Item: "c0#1"})
	add(sim.Event{Actor: sel(0), Kind: sim.ConnInterest, Subj: "c0", From: "OP_READ", To: "0"})
	add(sim.Event{Actor: sel(0), Kind: sim.QueuePut, Subj: wq, ID: 2, Item: "c0"})
	add(sim.Event{Actor: wrk1, Kind: sim.QueueTake, Subj: wq, ID: 2, Item: "c0"})
	add(sim.Event{Actor: wrk1, Kind: sim.Recv, Subj: "c0", ID: 1, Item: "c0#1"})
	return ev
}

func build(m *model.Model, i int, f float64) Scene {
	a, b := m.At(i), m.At(i+1)
	return BuildReactor(&a, &b, f, Options{Threads: m.Threads})
}

func TestReactorStageDrawsConnectionsAndRequests(t *testing.T) {
	m := model.New(reactorTrace(3))
	last := m.Len() - 1
	sc := build(m, last, 0)
	for _, k := range []string{"thread:" + acc, "thread:" + sel(0), "thread:" + sel(1), "thread:" + wrk1, "conn:c0", "conn:c1", "conn:c2", "req:1"} {
		if _, ok := find(sc, k); !ok {
			t.Errorf("no node %s", k)
		}
	}
	// c0 and c2 are served by selector 0, c1 by selector 1: their tokens
	// are inside their lanes.
	for c, s := range map[string]int{"c0": 0, "c1": 1, "c2": 0} {
		n, _ := find(sc, "conn:"+c)
		lane, _ := find(sc, "thread:"+sel(s))
		if n.Y < lane.Y || n.Y+n.H > lane.Y+lane.H || n.X < lane.X || n.X+n.W > lane.X+lane.W {
			t.Errorf("%s at (%v,%v) is outside %s's lane %+v", c, n.X, n.Y, sel(s), lane)
		}
	}
	// The request in the worker's hand is drawn on the worker's row; c0,
	// owned by the worker, shows interest ops 0.
	req, _ := find(sc, "req:1")
	row, _ := find(sc, "thread:"+wrk1)
	if req.Y < row.Y || req.Y > row.Y+row.H || req.X < row.X {
		t.Errorf("request at (%v,%v), worker row %+v", req.X, req.Y, row)
	}
	if c0, _ := find(sc, "conn:c0"); c0.Class != "token conn ops0" || c0.Texts[0].S != "c0 · 0" {
		t.Errorf("c0 = %q %q", c0.Class, c0.Texts[0].S)
	}
	// Between the put into the worker queue and the take, the request
	// token is in the queue's first slot... and it moves from the
	// connection to the worker's row while the worker takes and reads it.
	from, to := build(m, last-1, 0), build(m, last-1, 1)
	a, _ := find(from, "req:1")
	b, _ := find(to, "req:1")
	if a.X >= b.X {
		t.Errorf("request does not travel right: %v → %v", a.X, b.X)
	}
}

// A thousand connections stay readable: a lane draws what fits and one
// token counts the rest, so the scene stays small and inside the view.
func TestReactorStageAggregatesAThousandConnections(t *testing.T) {
	m := model.New(reactorTrace(1000))
	sc := build(m, m.Len()-2, 0.5)
	if len(sc.Nodes) > 200 {
		t.Errorf("%d nodes for 1000 connections", len(sc.Nodes))
	}
	keys := map[string]bool{}
	for _, n := range sc.Nodes {
		if keys[n.Key] {
			t.Errorf("duplicate key %s", n.Key)
		}
		keys[n.Key] = true
		if n.X < 0 || n.Y < 0 || n.X+n.W > W+0.5 || n.Y+n.H > H+0.5 {
			t.Errorf("%s at (%v,%v %vx%v) is outside the view", n.Key, n.X, n.Y, n.W, n.H)
		}
	}
	for s := 0; s < 2; s++ {
		agg, ok := find(sc, "agg:"+sel(s))
		if !ok {
			t.Fatalf("no aggregate token for %s", sel(s))
		}
		t.Log(agg.Texts[0].S)
	}
	// c0 has something going on (its worker owns it): it is drawn.
	if _, ok := find(sc, "conn:c0"); !ok {
		t.Error("busy connection c0 is hidden in the aggregate")
	}
}

// BenchmarkReactorFrame is one frame of the reactor stage with 1,000
// connections: what the browser pays sixty times a second while playing.
func BenchmarkReactorFrame(b *testing.B) {
	m := model.New(reactorTrace(1000))
	i := m.Len() - 2
	sa, sb := m.At(i), m.At(i+1)
	o := Options{Threads: m.Threads}
	b.ReportAllocs()
	for b.Loop() {
		BuildReactor(&sa, &sb, 0.5, o)
	}
}

// BenchmarkReactorStep is moving to the next event: two folded states.
func BenchmarkReactorStep(b *testing.B) {
	m := model.New(reactorTrace(1000))
	i := m.Len() - 2
	b.ReportAllocs()
	for b.Loop() {
		m.At(i)
		m.At(i + 1)
	}
}

// A bounded request queue is drawn with exactly its capacity's slots, from
// before its first put; a large one with a bounded number, saying its
// capacity.
func TestReactorStageDrawsTheQueuesCapacity(t *testing.T) {
	const rq = "RequestChannel.requestQueue"
	proc := "data-plane-kafka-network-thread-0-ListenerName(PLAINTEXT)-PLAINTEXT-0"
	h0 := "data-plane-kafka-request-handler-0"
	for _, c := range []int{6, 500} {
		ev := []sim.Event{
			{Actor: proc, Kind: sim.ThreadStart},
			{Actor: h0, Kind: sim.ThreadStart},
			{Actor: h0, Kind: sim.QueueWait, Subj: rq, Note: "empty"},
			{Actor: "clients", Kind: sim.ClientSend, Subj: "c1", ID: 5, Item: "Produce:c1#1"},
			{Actor: proc, Kind: sim.Recv, Subj: "c1", ID: 5, Item: "Produce:c1#1"},
			{Actor: proc, Kind: sim.QueuePut, Subj: rq, ID: 5, Item: "Produce:c1#1", Note: fmt.Sprintf("size 1/%d", c)},
		}
		for i := range ev {
			ev[i].Seq = i
		}
		m := model.New(ev)
		for _, i := range []int{2, 5} { // before the first put, and after
			sc := build(m, i, 0)
			slots := 0
			for _, n := range sc.Nodes {
				if strings.HasPrefix(n.Key, "slot:"+rq+":") {
					slots++
				}
			}
			want := c
			if c > maxSlots {
				want = maxSlots
			}
			if slots != want {
				t.Errorf("capacity %d, at %d: %d slots drawn, want %d", c, i, slots, want)
			}
			qt, _ := find(sc, "qt:"+rq)
			if s := texts(qt); !strings.Contains(s, fmt.Sprintf("/ %d", c)) {
				t.Errorf("capacity %d, at %d: the queue says %q", c, i, s)
			}
		}
		// The request in the queue says what it is, short.
		sc := build(m, 5, 0)
		if r, _ := find(sc, "req:5"); texts(r) != "Produce c1" || !strings.Contains(r.Title, "Produce:c1#1") {
			t.Errorf("request: %q, title %q", texts(r), r.Title)
		}
	}
}

// ZooKeeper's ExpiryQueue is a time axis: the bucket the expirer checks
// next, then the later ones, each with the connections that expire then.
func TestReactorStageDrawsTheExpiryQueueAsATimeAxis(t *testing.T) {
	ev := reactorTrace(3)
	ev = append(ev[:6:6], append([]sim.Event{{Actor: "ConnnectionExpirer", Kind: sim.Sleep, Note: "getWaitTime 10s"}}, ev[6:]...)...)
	for i := range ev {
		ev[i].Seq = i
	}
	m := model.New(ev)
	sc := build(m, m.Len()-2, 0)
	next, _ := find(sc, "bucket:0")
	later, _ := find(sc, "bucket:1")
	if next.Class != "box bucket next" || len(next.Texts) != 0 {
		t.Errorf("the next check's bucket (10 s) = %q %q, want it marked and empty", next.Class, texts(next))
	}
	if s := texts(later); !strings.Contains(s, "3 conns") || !strings.Contains(s, "c0 c1 c2") {
		t.Errorf("bucket 20 s: %q", s)
	}
	if later.X <= next.X {
		t.Errorf("buckets not left to right: %v, %v", next.X, later.X)
	}
	ex, _ := find(sc, "thread:ConnnectionExpirer")
	if s := texts(ex); !strings.Contains(s, "10 s") {
		t.Errorf("the expirer does not say when it wakes: %q", s)
	}
}

func texts(n Node) string {
	var s []string
	for _, t := range n.Texts {
		s = append(s, t.S)
	}
	return strings.Join(s, " ")
}

// A bucket of many connections names them by their prefix.
func TestBucketNames(t *testing.T) {
	b := bucket{n: 65, names: []string{"app-1", "app-2"}, groups: []group{{"app", 5}, {"flood", 60}}}
	if s := nameList(b, 242); s != "app ×5 · flood ×60" {
		t.Errorf("%q", s)
	}
	b = bucket{n: 2, names: []string{"app-4", "app-5"}, groups: []group{{"app", 2}}}
	if s := nameList(b, 242); s != "app-4 app-5" {
		t.Errorf("%q", s)
	}
}
