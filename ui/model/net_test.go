package model

import (
	"testing"

	"brokerlab/core/sim"
)

const (
	acc = "NIOServerCxnFactory.AcceptThread:0.0.0.0/0.0.0.0:2181"
	sel = "NIOServerCxnFactory.SelectorThread-0"
	wrk = "NIOWorkerThread-1"
)

// zkTrace is a hand-written ZooKeeper trace in the reactor vocabulary: c1
// connects and sends one request, which a worker reads and answers; c2 is
// refused.
func zkTrace() []sim.Event {
	ev := []sim.Event{
		{Actor: acc, Kind: sim.ConnAccept, Subj: "c1", Note: "ip=10.0.0.1"},
		{Actor: acc, Kind: sim.QueuePut, Subj: "SelectorThread-0.acceptedQueue", ID: 1, Item: "c1", Note: "size 1"},
		{Actor: acc, Kind: sim.ConnRefuse, Subj: "c2", Note: "Too many connections from 10.0.0.1 - max is 1"},
		{Actor: sel, Kind: sim.QueueTake, Subj: "SelectorThread-0.acceptedQueue", ID: 1, Item: "c1", Note: "size 0"},
		{Actor: sel, Kind: sim.ConnRegister, Subj: "c1"},
		{Actor: sel, Kind: sim.ConnInterest, Subj: "c1", To: "OP_READ"},
		{Actor: sel, Kind: sim.ConnTouch, Subj: "c1", Note: "bucket 20000ms"},
		{Actor: "clients", Kind: sim.ClientSend, Subj: "c1", ID: 2, Item: "c1#1"}, // 7
		{Actor: sel, Kind: sim.ConnInterest, Subj: "c1", From: "OP_READ", To: "0"},
		{Actor: sel, Kind: sim.QueuePut, Subj: "WorkerService.queue", ID: 3, Item: "c1", Note: "size 1"},
		{Actor: wrk, Kind: sim.QueueTake, Subj: "WorkerService.queue", ID: 3, Item: "c1", Note: "size 0"},
		{Actor: wrk, Kind: sim.Recv, Subj: "c1", ID: 2, Item: "c1#1"}, // 11
		{Actor: wrk, Kind: sim.Sleep, Note: "1ms"},
		{Actor: wrk, Kind: sim.QueueWait, Subj: "WorkerService.queue", Note: "idle"}, // 13
		{Actor: sel, Kind: sim.ConnInterest, Subj: "c1", From: "0", To: "OP_READ|OP_WRITE"},
		{Actor: wrk, Kind: sim.Send, Subj: "c1", ID: 2, Item: "c1#1"}, // 15
		{Actor: "ConnnectionExpirer", Kind: sim.ConnClose, Subj: "c1", Note: "expired"},
	}
	for i := range ev {
		ev[i].Seq = i
	}
	return ev
}

func TestNetFold(t *testing.T) {
	m := New(zkTrace())
	if s := m.At(-1); s.Net != nil {
		t.Fatalf("before any event: got a Net")
	}
	cases := []struct {
		at         int
		conn       string
		wantStatus string
		wantOps    string
		wantLoc    string // of request 2, "" if answered
		wantQueue  int    // WorkerService.queue size
	}{
		{1, "c1", Accepted, "", "", 0},
		{2, "c2", Refused, "", "", 0},
		{7, "c1", Open, "OP_READ", "sock", 0},
		{9, "c1", Open, "0", "sock", 1},
		{11, "c1", Open, "0", "t:" + wrk, 0},
		{13, "c1", Open, "0", "out", 0},
		{15, "c1", Open, "OP_READ|OP_WRITE", "", 0},
		{16, "c1", Closed, "OP_READ|OP_WRITE", "", 0},
	}
	for _, c := range cases {
		s := m.At(c.at)
		conn, ok := s.Net.Conn(c.conn)
		if !ok || conn.Status != c.wantStatus || conn.Ops != c.wantOps {
			t.Errorf("at %d: %s = %+v, want status %q ops %q", c.at, c.conn, conn, c.wantStatus, c.wantOps)
		}
		loc := ""
		if r, ok := s.Net.Req(2); ok {
			loc = r.Loc
		}
		if loc != c.wantLoc {
			t.Errorf("at %d: request 2 at %q, want %q", c.at, loc, c.wantLoc)
		}
		if got := len(s.Net.Queue("WorkerService.queue").Toks); got != c.wantQueue {
			t.Errorf("at %d: worker queue size %d, want %d", c.at, got, c.wantQueue)
		}
	}
	end := m.At(16)
	c1, _ := end.Net.Conn("c1")
	if c1.Bucket != 20000 || c1.Sent != 1 || c1.Done != 1 || c1.Owner != sel || c1.Reason != "expired" {
		t.Errorf("c1 at the end = %+v", c1)
	}
	if end.Net.Refused != 1 || end.Net.Closed != 1 || end.Net.Answered != 1 {
		t.Errorf("tallies: refused %d closed %d answered %d, want 1 1 1", end.Net.Refused, end.Net.Closed, end.Net.Answered)
	}
	// The controller's fold does not see the reactor's queues.
	if len(end.Ctl.Queue) != 0 {
		t.Errorf("controller queue holds %v", end.Ctl.Queue)
	}
}

// A state's Net is its own: folding on does not change an earlier state.
func TestNetStatesAreIndependent(t *testing.T) {
	m := New(zkTrace())
	early := m.At(7)
	_ = m.At(16)
	if c, _ := early.Net.Conn("c1"); c.Status != Open || c.Sent != 1 {
		t.Fatalf("early state changed: %+v", c)
	}
	if r, ok := early.Net.Req(2); !ok || r.Loc != "sock" {
		t.Fatalf("early request changed: %+v", r)
	}
}
