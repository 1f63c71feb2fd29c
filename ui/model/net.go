package model

import (
	"strconv"
	"strings"
	"time"
	"unsafe"

	"brokerlab/core/sim"
)

// Net is the reactors' part of a state (ZooKeeper's NIOServerCnxnFactory,
// Kafka's SocketServer): connections, every kernel queue but the
// controller's, and the requests on their way. It is folded from the
// connection kinds (conn.*, client.send, recv, send) and the queue events.
type Net struct {
	Conns    []Conn // in order of first appearance
	Queues   []Q    // in order of first appearance
	Reqs     []Req  // requests not yet answered, oldest first
	Answered int    // responses written
	Refused  int    // connections refused at accept
	Closed   int    // connections closed after they were open
	// conn indexes Conns by name. A connection's index is fixed by the
	// trace (the order of first appearance), so every state folded from one
	// trace shares this map: a clone copies no index, and a name only
	// counts once the state's Conns reaches its index.
	conn map[string]int
	// caps is the run's queue capacities (State.caps): a queue drawn
	// before its first put already has its slots.
	caps map[string]int

	// While a state folds on, a request that leaves is only marked gone
	// (Req.gone) and counted in dead; Reqs is compacted once half of it is
	// gone, and a clone copies only the live ones. So an answer or a
	// disconnect costs amortised O(1), not a copy of every request on its
	// way. ix indexes the live requests; it is this state's own, built
	// when first needed (a clone has none).
	dead int
	ix   *reqIndex

	// The ConnnectionExpirer (ZooKeeper): when it wakes next, from its
	// getWaitTime sleep, and the ExpiryQueue's interval, the greatest
	// common divisor of every bucket and wake-up time seen (they are all
	// multiples of it; the first wake-up, at 0, is the interval itself).
	NextCheck int64 // ms; 0 if unknown
	Interval  int64 // ms; 0 if unknown
}

// Connection statuses.
const (
	Accepted = "accepted" // in a selector's acceptedQueue, not registered yet
	Open     = "open"
	Refused  = "refused"
	Closed   = "closed"
)

// Conn is one client connection.
type Conn struct {
	Name     string
	IP       string
	Acceptor string // the acceptor thread that accepted or refused it
	Owner    string // the selector/processor thread serving it, once registered
	Ops      string // interest ops (ZooKeeper) or ChannelMuteState (Kafka)
	Status   string
	Reason   string // why it was refused or closed
	Bucket   int64  // its ExpiryQueue bucket in ms, 0 if none
	Sent     int    // requests its client sent
	Done     int    // responses it got
	Seq      int    // index of the event that opened it
}

// Q is one kernel queue and what it holds, head first.
type Q struct {
	Name string
	Cap  int // capacity of a bounded queue, 0 if unbounded
	Toks []QTok
}

// QTok is one queued item.
type QTok struct {
	ID   int
	Item string
}

// Req is one request on its way.
type Req struct {
	ID   int
	Item string
	Conn string
	// Loc is where it is: "sock" (sent, not read), "q:QUEUE", "t:THREAD" (a
	// thread holds it), "out" (the response waits in the connection's
	// outgoing buffer).
	Loc string

	gone bool // answered or dropped, not compacted yet (never in a clone)
}

// reqIndex finds a state's live requests without a scan.
type reqIndex struct {
	at   map[int]int      // request id → its index in Reqs
	conn map[string][]int // connection → indexes of its requests (some gone since)
	held map[string][]int // thread → indexes of requests it took (some moved on since)
	dups bool             // two live requests share an id: look them up by a scan
}

// Conn returns the named connection.
func (n *Net) Conn(name string) (Conn, bool) {
	if i, ok := n.conn[name]; ok && i < len(n.Conns) {
		return n.Conns[i], true
	}
	return Conn{}, false
}

// Index is connection name's index in Conns.
func (n *Net) Index(name string) (int, bool) {
	i, ok := n.conn[name]
	return i, ok && i < len(n.Conns)
}

// Queue returns the named queue (empty if it never held anything).
func (n *Net) Queue(name string) Q {
	for _, q := range n.Queues {
		if q.Name == name {
			return q
		}
	}
	return Q{Name: name}
}

// Req returns request id if it is still on its way.
func (n *Net) Req(id int) (Req, bool) {
	if i := n.reqIdx(id); i >= 0 {
		return n.Reqs[i], true
	}
	return Req{}, false
}

func (n *Net) clone() *Net {
	if n == nil {
		return nil
	}
	c := *n
	c.Conns = append([]Conn(nil), n.Conns...)
	c.Reqs = live(make([]Req, 0, len(n.Reqs)-n.dead), n.Reqs, func(r Req) bool { return r.gone })
	c.dead, c.ix = 0, nil
	c.Queues = make([]Q, len(n.Queues))
	for i, q := range n.Queues {
		c.Queues[i] = Q{q.Name, q.Cap, append([]QTok(nil), q.Toks...)}
	}
	return &c
}

// index is the live requests' index, built on first use.
func (n *Net) index() *reqIndex {
	if n.ix != nil {
		return n.ix
	}
	x := &reqIndex{at: make(map[int]int, len(n.Reqs)), conn: map[string][]int{}, held: map[string][]int{}}
	n.ix = x
	for i, r := range n.Reqs {
		if !r.gone {
			n.indexReq(i)
		}
	}
	return x
}

// indexReq indexes Reqs[i], live, where it is now.
func (n *Net) indexReq(i int) {
	x, r := n.ix, n.Reqs[i]
	if _, ok := x.at[r.ID]; ok {
		x.dups = true // the older one stays indexed; lookups scan from now on
	} else {
		x.at[r.ID] = i
	}
	x.conn[r.Conn] = append(x.conn[r.Conn], i)
	if t, ok := strings.CutPrefix(r.Loc, "t:"); ok {
		x.held[t] = append(x.held[t], i)
	}
}

// reqIdx is the index in Reqs of the oldest live request id, -1 if none.
func (n *Net) reqIdx(id int) int {
	if len(n.Reqs) == 0 {
		return -1
	}
	if x := n.index(); !x.dups {
		if i, ok := x.at[id]; ok {
			return i
		}
		return -1
	}
	for i, r := range n.Reqs {
		if r.ID == id && !r.gone {
			return i
		}
	}
	return -1
}

// addReq puts a request on its way, the newest.
func (n *Net) addReq(r Req) {
	n.index()
	n.Reqs = append(n.Reqs, r)
	n.indexReq(len(n.Reqs) - 1)
}

// move sets where Reqs[i] is.
func (n *Net) move(i int, loc string) {
	n.Reqs[i].Loc = loc
	if t, ok := strings.CutPrefix(loc, "t:"); ok {
		x := n.index()
		x.held[t] = append(x.held[t], i)
	}
}

// kill marks Reqs[i] gone.
func (n *Net) kill(i int) {
	r := &n.Reqs[i]
	if r.gone {
		return
	}
	r.gone = true
	n.dead++
	if x := n.ix; x != nil && x.at[r.ID] == i {
		delete(x.at, r.ID)
	}
}

// compact drops the gone requests from Reqs once they are half of it: each
// costs O(1), amortised.
func (n *Net) compact() {
	if !worthCompacting(n.dead, len(n.Reqs)) {
		return
	}
	n.Reqs, n.dead, n.ix = compacted(n.Reqs, func(r Req) bool { return r.gone }), 0, nil
}

// worthCompacting reports whether dead of n elements are enough to drop:
// half of them, and at least 64, so each drop costs O(1), amortised.
func worthCompacting(dead, n int) bool { return dead >= 64 && 2*dead >= n }

// live appends to dst the elements of s that are not gone, in order.
func live[T any](dst, s []T, gone func(T) bool) []T {
	for _, x := range s {
		if !gone(x) {
			dst = append(dst, x)
		}
	}
	return dst
}

// compacted keeps s's elements that are not gone in s itself, and zeroes
// the rest of it so nothing stays reachable from there.
func compacted[T any](s []T, gone func(T) bool) []T {
	out := live(s[:0], s, gone)
	clear(s[len(out):])
	return out
}

func (n *Net) size() int {
	if n == nil {
		return 0
	}
	b := int(unsafe.Sizeof(*n)) + len(n.Conns)*int(unsafe.Sizeof(Conn{})) + len(n.Reqs)*int(unsafe.Sizeof(Req{}))
	for _, q := range n.Queues {
		b += int(unsafe.Sizeof(q)) + len(q.Toks)*int(unsafe.Sizeof(QTok{}))
	}
	return b
}

func (n *Net) at(name string, seq int) *Conn {
	if n.conn == nil {
		n.conn = map[string]int{}
	}
	if i, ok := n.conn[name]; ok && i < len(n.Conns) {
		return &n.Conns[i]
	}
	n.conn[name] = len(n.Conns)
	n.Conns = append(n.Conns, Conn{Name: name, Seq: seq})
	return &n.Conns[len(n.Conns)-1]
}

func (n *Net) queue(name string) *Q {
	for i := range n.Queues {
		if n.Queues[i].Name == name {
			return &n.Queues[i]
		}
	}
	n.Queues = append(n.Queues, Q{Name: name, Cap: n.caps[name]})
	return &n.Queues[len(n.Queues)-1]
}

// isNet says whether e belongs to the reactors' fold.
func isNet(e sim.Event) bool {
	switch e.Kind {
	case sim.ConnAccept, sim.ConnRefuse, sim.ConnRegister, sim.ConnInterest, sim.ConnMute, sim.ConnTouch, sim.ConnClose, sim.ClientSend, sim.Recv, sim.Send:
		return true
	case sim.QueuePut, sim.QueueTake, sim.QueueClear:
		return e.Subj != ControllerQueue
	case sim.QueueWait:
		return SharedQueue(e.Subj) // a pool waiting on it: the queue is there, empty
	case sim.Sleep:
		return strings.HasPrefix(e.Note, "getWaitTime ")
	case sim.Broker:
		return e.To == "dead" // its connections break, its requests with them
	}
	return false
}

// queueCaps is the capacity of each bounded reactor queue of a run, from
// the "size n/cap" note of its first put.
func queueCaps(trace []sim.Event) map[string]int {
	var caps map[string]int
	for _, e := range trace {
		if e.Kind != sim.QueuePut || e.Subj == ControllerQueue {
			continue
		}
		if _, ok := caps[e.Subj]; ok {
			continue
		}
		if _, c, ok := strings.Cut(e.Note, "/"); ok {
			if v, err := strconv.Atoi(c); err == nil {
				if caps == nil {
					caps = map[string]int{}
				}
				caps[e.Subj] = v
			}
		}
	}
	return caps
}

func gcd(a, b int64) int64 {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

// ControllerQueue is the queue the controller fold owns.
const ControllerQueue = "ControllerEventManager.queue"

func (n *Net) apply(e sim.Event) {
	switch e.Kind {
	case sim.ConnAccept:
		c := n.at(e.Subj, e.Seq)
		c.Status, c.IP, c.Acceptor = Accepted, strings.TrimPrefix(e.Note, "ip="), e.Actor
	case sim.ConnRefuse:
		c := n.at(e.Subj, e.Seq)
		c.Status, c.Reason, c.Acceptor = Refused, e.Note, e.Actor
		n.Refused++
	case sim.ConnRegister:
		c := n.at(e.Subj, e.Seq)
		c.Status, c.Owner = Open, e.Actor
	case sim.ConnInterest, sim.ConnMute:
		n.at(e.Subj, e.Seq).Ops = e.To
	case sim.ConnTouch:
		ms := strings.TrimSuffix(strings.TrimPrefix(e.Note, "bucket "), "ms")
		if v, err := strconv.ParseInt(ms, 10, 64); err == nil {
			n.at(e.Subj, e.Seq).Bucket = v
			n.Interval = gcd(n.Interval, v)
		}
	case sim.Sleep: // the expirer's getWaitTime
		if d, err := time.ParseDuration(strings.TrimPrefix(e.Note, "getWaitTime ")); err == nil {
			n.NextCheck = e.T/1000 + d.Milliseconds()
			n.Interval = gcd(n.Interval, n.NextCheck)
		}
	case sim.QueueWait:
		n.queue(e.Subj)
	case sim.ConnClose:
		c := n.at(e.Subj, e.Seq)
		if c.Status != Refused {
			if c.Status != Closed {
				n.Closed++
			}
			c.Status, c.Reason = Closed, e.Note
		}
		n.dropConn(e.Subj)
	case sim.ClientSend:
		n.at(e.Subj, e.Seq).Sent++
		n.addReq(Req{ID: e.ID, Item: e.Item, Conn: e.Subj, Loc: "sock"})
	case sim.Recv:
		if i := n.reqIdx(e.ID); i >= 0 {
			n.move(i, "t:"+e.Actor)
		} else {
			n.addReq(Req{ID: e.ID, Item: e.Item, Conn: e.Subj, Loc: "t:" + e.Actor})
		}
	case sim.Send:
		n.at(e.Subj, e.Seq).Done++
		n.Answered++
		n.dropID(e.ID)
	case sim.QueuePut:
		q := n.queue(e.Subj) // its capacity is the run's (queueCaps)
		q.Toks = append(q.Toks, QTok{e.ID, e.Item})
		if i := n.reqIdx(e.ID); i >= 0 {
			n.move(i, "q:"+e.Subj)
		}
	case sim.QueueTake:
		q := n.queue(e.Subj)
		for i, t := range q.Toks {
			if t.ID == e.ID {
				// The tokens are this state's own (clone copies them): the
				// head, the usual case, is a reslice; no take copies them.
				if i == 0 {
					q.Toks = q.Toks[1:]
				} else {
					q.Toks = append(q.Toks[:i], q.Toks[i+1:]...)
				}
				break
			}
		}
		if SharedQueue(e.Subj) {
			n.release(e.Actor, e.ID)
		}
		if i := n.reqIdx(e.ID); i >= 0 {
			n.move(i, "t:"+e.Actor)
		}
	case sim.QueueClear:
		n.queue(e.Subj).Toks = nil
	case sim.Broker:
		// kill -9 on broker-N: the requests to it and those its fetchers
		// and controller sent die with it, answered or not.
		id := strings.TrimPrefix(e.Subj, "broker-")
		for i, r := range n.Reqs {
			if strings.HasSuffix(r.Conn, "@"+e.Subj) || strings.HasPrefix(r.Conn, "replica-"+id+"@") || strings.HasPrefix(r.Conn, "controller-"+id+"@") {
				n.kill(i)
			}
		}
		n.compact()
	}
}

// SharedQueue says whether a queue is one between the selector threads
// and the pool: ZooKeeper's worker queue and its request processors'
// queues, a RequestChannel's request queue.
func SharedQueue(name string) bool {
	switch name {
	case "WorkerService.queue", "PrepRequestProcessor.submittedRequests", "SyncRequestProcessor.queuedRequests":
		return true
	}
	return strings.Contains(name, "RequestChannel")
}

// release: a thread that takes its next work, or waits for it, no longer
// holds the requests it read; their responses wait in their connection's
// outgoing buffer until a thread writes them (ZooKeeper's worker hands a
// response to sendBuffer and moves on). A thread blocked on a full queue
// (Kafka's processor in sendRequest) still holds them.
func (n *Net) release(thread string, except int) {
	if len(n.Reqs) == 0 {
		return
	}
	x := n.index()
	held := x.held[thread]
	if len(held) == 0 {
		return
	}
	loc := "t:" + thread
	kept := held[:0]
	for _, i := range held {
		r := &n.Reqs[i]
		switch {
		case r.gone || r.Loc != loc:
		case r.ID == except:
			kept = append(kept, i)
		default:
			r.Loc = "out"
		}
	}
	if len(kept) == 0 {
		delete(x.held, thread)
	} else {
		x.held[thread] = kept
	}
}

// dropID: request id is answered.
func (n *Net) dropID(id int) {
	if len(n.Reqs) == 0 {
		return
	}
	if x := n.index(); x.dups {
		for i, r := range n.Reqs {
			if r.ID == id {
				n.kill(i)
			}
		}
	} else if i, ok := x.at[id]; ok {
		n.kill(i)
	}
	n.compact()
}

// dropConn: connection name is closed, its requests with it.
func (n *Net) dropConn(name string) {
	if len(n.Reqs) == 0 {
		return
	}
	x := n.index()
	for _, i := range x.conn[name] {
		if n.Reqs[i].Conn == name {
			n.kill(i)
		}
	}
	delete(x.conn, name)
	n.compact()
}
