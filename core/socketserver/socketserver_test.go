package socketserver

import (
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"brokerlab/core/sim"
	"brokerlab/core/upstream"
)

const ms1 = time.Millisecond

// rig is a socket server on a fresh simulation.
type rig struct {
	s   *sim.Sim
	srv *Server
}

func newRig(t testing.TB, seed int64, cfg Config) *rig {
	t.Helper()
	s := sim.New(seed, true)
	t.Cleanup(s.Close)
	srv, err := New(s, cfg)
	require.NoError(t, err)
	return &rig{s, srv}
}

func config(change func(*Config)) Config {
	c := DefaultConfig()
	if change != nil {
		change(&c)
	}
	return c
}

func (r *rig) connect(at time.Duration, name string) { r.srv.Connect(at, Connect{Name: name}) }

func (r *rig) send(at time.Duration, conn, api, id string, n int, cost time.Duration) {
	r.srv.Send(at, Send{Conn: conn, API: api, ID: id, N: n, Cost: cost})
}

func (r *rig) runIdle(t testing.TB) {
	t.Helper()
	require.NoError(t, r.s.Run(time.Hour, true, nil))
	require.True(t, r.s.Idle())
}

func (r *rig) runTo(t testing.TB, at time.Duration) {
	t.Helper()
	require.NoError(t, r.s.Run(at, false, nil))
	r.s.AdvanceTo(at)
}

func (r *rig) get(t testing.TB, path string) string {
	t.Helper()
	v, err := r.srv.Get(path)
	require.NoError(t, err, path)
	return v
}

// threads lists the threads in the order they started.
func (r *rig) threads() []string {
	var out []string
	for _, e := range r.s.Trace() {
		if e.Kind == sim.ThreadStart {
			out = append(out, e.Actor)
		}
	}
	return out
}

// Kafka 2.5 KafkaConfig.scala and SocketServer.scala, defaults: num.network.threads=3, num.io.threads=8,
// queued.max.requests=500, ConnectionQueueSize 20, no control plane, and
// a control plane of 1 processor, 1 handler and a queue of 20.
func TestDefaultsOfKafka25(t *testing.T) {
	c := DefaultConfig()
	tests := []struct {
		name      string
		got, want any
	}{
		{"num.network.threads", c.NumNetworkThreads, 3},
		{"num.io.threads", c.NumIoThreads, 8},
		{"queued.max.requests", c.QueuedMaxRequests, 500},
		{"control.plane.listener.name", c.ControlPlane, ""},
		{"ConnectionQueueSize", ConnectionQueueSize, 20},
		{"control plane queue", ControlPlaneQueueSize, 20},
		{"mute", c.Mute, true},
		{"ApiKeys of 2.5", len(APIs), 48},
	}
	for _, tc := range tests {
		require.Equal(t, tc.want, tc.got, tc.name)
	}
	r := newRig(t, 1, c)
	r.runIdle(t)
	for path, want := range map[string]string{
		"socketserver.networkThreads":               "3",
		"socketserver.ioThreads":                    "8",
		"socketserver.requestQueue.capacity":        "500",
		"socketserver.controlPlane.listener":        "none",
		"socketserver.default[queued.max.requests]": "500",
	} {
		require.Equal(t, want, r.get(t, path), path)
	}
	cp := newRig(t, 1, config(func(c *Config) { c.ControlPlane = "CONTROLLER" }))
	cp.runIdle(t)
	require.Len(t, cp.srv.Control.Processors, 1)
	require.Len(t, cp.srv.Control.Handlers, 1)
	require.Equal(t, "20", cp.get(t, "socketserver.controlPlane.requestQueue.capacity"))
}

// Kafka 2.5 SocketServer.scala, thread names (the listener is
// ListenerName.toString; processor ids are shared, the control plane's first).
func TestThreadNamesOfKafka25(t *testing.T) {
	tests := []struct {
		name string
		cfg  Config
		want []string
	}{
		{"data plane", config(func(c *Config) { c.NumIoThreads = 2 }), []string{
			"data-plane-kafka-socket-acceptor-ListenerName(PLAINTEXT)-PLAINTEXT-9092",
			"data-plane-kafka-network-thread-0-ListenerName(PLAINTEXT)-PLAINTEXT-0",
			"data-plane-kafka-network-thread-0-ListenerName(PLAINTEXT)-PLAINTEXT-1",
			"data-plane-kafka-network-thread-0-ListenerName(PLAINTEXT)-PLAINTEXT-2",
			"data-plane-kafka-request-handler-0",
			"data-plane-kafka-request-handler-1",
			"clients",
		}},
		{"control plane", config(func(c *Config) {
			c.NumIoThreads, c.NumNetworkThreads, c.ControlPlane, c.BrokerID = 1, 2, "CONTROLLER", 7
		}), []string{
			"data-plane-kafka-socket-acceptor-ListenerName(PLAINTEXT)-PLAINTEXT-9092",
			"data-plane-kafka-network-thread-7-ListenerName(PLAINTEXT)-PLAINTEXT-1",
			"data-plane-kafka-network-thread-7-ListenerName(PLAINTEXT)-PLAINTEXT-2",
			"data-plane-kafka-request-handler-0",
			"control-plane-kafka-socket-acceptor-ListenerName(CONTROLLER)-PLAINTEXT-9094",
			"control-plane-kafka-network-thread-7-ListenerName(CONTROLLER)-PLAINTEXT-0",
			"control-plane-kafka-request-handler-0",
			"clients",
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			for seed := int64(1); seed <= 5; seed++ {
				r := newRig(t, seed, tc.cfg)
				r.runIdle(t)
				require.Equal(t, tc.want, r.threads(), "seed %d: threads start in this order whatever the seed", seed)
			}
		})
	}
}

// Kafka 2.5 SocketServer.scala Acceptor.run: the acceptor assigns sockets round-robin across its processors.
func TestRoundRobin(t *testing.T) {
	tests := []struct {
		name string
		cfg  Config
		want []string
	}{
		{"three processors", DefaultConfig(), []string{"0", "1", "2", "0", "1", "2", "0"}},
		{"one processor", config(func(c *Config) { c.NumNetworkThreads = 1 }), []string{"0", "0", "0", "0", "0", "0", "0"}},
		{"control plane takes id 0", config(func(c *Config) { c.ControlPlane = "CONTROLLER" }), []string{"1", "2", "3", "1", "2", "3", "1"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := newRig(t, 3, tc.cfg)
			for i := range tc.want {
				r.connect(time.Duration(i)*ms1, "c"+strconv.Itoa(i))
			}
			r.runIdle(t)
			var got []string
			for i := range tc.want {
				got = append(got, r.get(t, "socketserver.conn[c"+strconv.Itoa(i)+"].processor"))
				require.Equal(t, "NOT_MUTED", r.get(t, "socketserver.conn[c"+strconv.Itoa(i)+"].muteState"))
			}
			require.Equal(t, tc.want, got)
		})
	}
}

// blockAll makes every data-plane processor of a 2-processor, 1-handler,
// 1-slot server block on the full request queue until 1s: a (p0) is
// handled, b (p1) fills the queue, c (p0) and d (p1) wait in their puts.
func blockAll(t *testing.T, r *rig) {
	for i, n := range []string{"a", "b", "c", "d"} {
		r.connect(time.Duration(i)*ms1, n)
	}
	for i, n := range []string{"a", "b", "c", "d"} {
		r.send(10*ms1+time.Duration(i)*ms1, n, "Produce", n+"1", 1, time.Second)
	}
	r.runTo(t, 20*ms1)
	require.Equal(t, "true", r.get(t, "socketserver.processor[0].blocked"))
	require.Equal(t, "true", r.get(t, "socketserver.processor[1].blocked"))
}

func blockedCfg() Config {
	return config(func(c *Config) { c.NumNetworkThreads, c.NumIoThreads, c.QueuedMaxRequests = 2, 1, 1 })
}

// Kafka 2.5 SocketServer.scala Acceptor.assignNewConnection: a non-blocking offer skips a full newConnections queue; when
// every processor's queue is full the acceptor blocks on the last one tried.
func TestAcceptorSkipsAFullQueueThenBlocks(t *testing.T) {
	r := newRig(t, 1, blockedCfg())
	blockAll(t, r)
	// 40 more connections fill both newConnections queues (20 each).
	r.srv.Connect(30*ms1, Connect{Name: "n", Count: 40})
	r.runTo(t, 40*ms1)
	require.Equal(t, "20", r.get(t, "socketserver.processor[0].newConnections.size"))
	require.Equal(t, "20", r.get(t, "socketserver.processor[1].newConnections.size"))
	require.Equal(t, "false", r.get(t, "socketserver.acceptor.blocked"))
	// The next one finds both full: the acceptor blocks in put on the last tried.
	r.connect(50*ms1, "x")
	r.runTo(t, 60*ms1)
	require.Equal(t, "true", r.get(t, "socketserver.acceptor.blocked"))
	require.Equal(t, "connecting", r.get(t, "socketserver.conn[x].state"))
	waits := 0
	for _, e := range r.s.Trace() {
		if e.Kind == sim.QueueWait && strings.HasSuffix(e.Subj, ".newConnections") && e.Actor == r.srv.Data.Acceptor.Thread {
			waits++
		}
	}
	require.Equal(t, 1, waits)
	// At 1s the handler frees the queue, the processors move on and register.
	r.runIdle(t)
	require.Equal(t, "false", r.get(t, "socketserver.acceptor.blocked"))
	require.Equal(t, "open", r.get(t, "socketserver.conn[x].state"))
	require.Equal(t, "open", r.get(t, "socketserver.conn[n-40].state"))

	// Skip: only processor 1 is blocked; its queue fills and the acceptor
	// hands the connections round-robin would give it to processor 0.
	r2 := newRig(t, 1, blockedCfg())
	r2.connect(0, "a")
	r2.connect(1*ms1, "b")
	r2.connect(2*ms1, "c")
	r2.connect(3*ms1, "d")
	r2.send(10*ms1, "a", "Produce", "", 1, time.Second) // p0: taken by the handler
	r2.send(11*ms1, "b", "Produce", "", 1, time.Second) // p1: fills the queue
	r2.send(12*ms1, "d", "Produce", "", 1, time.Second) // p1: its put blocks
	r2.runTo(t, 20*ms1)
	require.Equal(t, "false", r2.get(t, "socketserver.processor[0].blocked"))
	require.Equal(t, "true", r2.get(t, "socketserver.processor[1].blocked"))
	r2.srv.Connect(30*ms1, Connect{Name: "n", Count: 44})
	r2.runTo(t, 40*ms1)
	var toP1 []int
	for i := 1; i <= 44; i++ {
		if r2.get(t, "socketserver.conn[n-"+strconv.Itoa(i)+"].processor") == "1" {
			toP1 = append(toP1, i)
		}
	}
	// n-1 goes to p0 (after d on p1), then odd ones alternate to p1 until its 20 slots are full.
	want := []int{}
	for i := 2; i <= 40; i += 2 {
		want = append(want, i)
	}
	require.Equal(t, want, toP1, "after 20 to processor 1 every connection goes to processor 0")
	require.Equal(t, "20", r2.get(t, "socketserver.processor[1].newConnections.size"))
	require.Equal(t, "false", r2.get(t, "socketserver.acceptor.blocked"))
}

// Kafka 2.5 RequestChannel.scala sendRequest: a full request queue blocks the processor's put
// (backpressure, visible as queue.wait) until a handler takes a request.
func TestFullRequestQueueBlocksTheProcessor(t *testing.T) {
	r := newRig(t, 1, blockedCfg())
	blockAll(t, r)
	require.Equal(t, "1", r.get(t, "socketserver.requestQueue.size"))
	require.Equal(t, "read", r.get(t, "socketserver.request[c1].state"), "read, waiting to get into the queue")
	require.Equal(t, "read", r.get(t, "socketserver.request[d1].state"))
	// A new request on another connection of a blocked processor is not even read.
	r.connect(21*ms1, "e") // round-robin: p0
	r.send(25*ms1, "e", "Metadata", "e1", 1, -1)
	r.runTo(t, 30*ms1)
	require.Equal(t, "sent", r.get(t, "socketserver.request[e1].state"))
	var waits []string
	for _, e := range r.s.Trace() {
		if e.Kind == sim.QueueWait && e.Subj == "RequestChannel.requestQueue" && e.Note == "full" {
			waits = append(waits, e.Actor)
		}
	}
	require.Equal(t, []string{r.srv.procs[0].Thread, r.srv.procs[1].Thread}, waits)
	// At 1.01s the handler is done with a1 and takes b1: the processor that
	// waited first puts c1, then reads e1 and blocks again on it.
	r.runTo(t, 1010*ms1)
	require.Equal(t, "queued", r.get(t, "socketserver.request[c1].state"))
	require.Equal(t, "read", r.get(t, "socketserver.request[d1].state"))
	require.Equal(t, "read", r.get(t, "socketserver.request[e1].state"))
	require.Equal(t, "true", r.get(t, "socketserver.processor[0].blocked"))
	r.runIdle(t)
	for _, id := range []string{"a1", "b1", "c1", "d1", "e1"} {
		require.Equal(t, "responded", r.get(t, "socketserver.request["+id+"].state"), id)
	}
	require.Equal(t, "false", r.get(t, "socketserver.processor[1].blocked"))
	require.Equal(t, "0", r.get(t, "invariant.violations"))
}

// muteStates lists connection c's mute transitions.
func (r *rig) muteStates(c string) []string {
	var out []string
	for _, e := range r.s.Trace() {
		if e.Kind == sim.ConnMute && e.Subj == c {
			out = append(out, e.To)
		}
	}
	return out
}

// Kafka 2.5 SocketServer.scala processCompletedReceives/processCompletedSends, KafkaChannel.java, per-connection ordering: the processor enqueues, then mutes
// (MUTED_AND_RESPONSE_PENDING); it unmutes after the send; so one request
// per connection is in the pipeline and responses leave in request order,
// however long each takes.
func TestMuteKeepsOneRequestInFlightAndOrder(t *testing.T) {
	r := newRig(t, 1, DefaultConfig())
	r.connect(0, "c")
	r.send(ms1, "c", "Produce", "slow", 1, 30*ms1)
	r.send(ms1, "c", "Metadata", "fast", 1, ms1)
	r.runTo(t, 10*ms1)
	require.Equal(t, "MUTED_AND_RESPONSE_PENDING", r.get(t, "socketserver.conn[c].muteState"))
	require.Equal(t, "1", r.get(t, "socketserver.conn[c].inFlight"))
	require.Equal(t, "handling", r.get(t, "socketserver.request[slow].state"))
	require.Equal(t, "sent", r.get(t, "socketserver.request[fast].state"), "still in the socket: the channel is muted")
	r.runIdle(t)
	require.Equal(t, "slow,fast", r.get(t, "socketserver.responses[c]"))
	require.Equal(t, "31", r.get(t, "socketserver.request[slow].respondedAt"))
	require.Equal(t, "32", r.get(t, "socketserver.request[fast].respondedAt"))
	require.Equal(t, []string{"NOT_MUTED", "MUTED", "MUTED_AND_RESPONSE_PENDING", "MUTED", "NOT_MUTED",
		"MUTED", "MUTED_AND_RESPONSE_PENDING", "MUTED", "NOT_MUTED"}, r.muteStates("c"))
	// The enqueue comes before the mute, as in processCompletedReceives.
	var order []string
	for _, e := range r.s.Trace() {
		if (e.Kind == sim.QueuePut && e.Subj == "RequestChannel.requestQueue") || (e.Kind == sim.ConnMute && e.To == "MUTED") {
			order = append(order, string(e.Kind))
		}
	}
	require.Equal(t, []string{"queue.put", "conn.mute", "conn.mute", "queue.put", "conn.mute", "conn.mute"}, order)

	// Two connections are served in parallel by two handlers.
	r2 := newRig(t, 1, DefaultConfig())
	r2.connect(0, "x")
	r2.connect(0, "y")
	r2.send(ms1, "x", "Produce", "x1", 1, 30*ms1)
	r2.send(ms1, "y", "Produce", "y1", 1, 30*ms1)
	r2.runIdle(t)
	require.Equal(t, "31", r2.get(t, "socketserver.request[x1].respondedAt"))
	require.Equal(t, "31", r2.get(t, "socketserver.request[y1].respondedAt"))
	require.NotEqual(t, r2.get(t, "socketserver.request[x1].handler"), r2.get(t, "socketserver.request[y1].handler"))
}

// Kafka 2.5 RequestChannel.scala: sendResponse routes a response to the processor id stored in
// the request; that processor reads the request and writes the response.
func TestResponsesGoBackToTheProcessorThatReadTheRequest(t *testing.T) {
	r := newRig(t, 5, DefaultConfig())
	for i := range 6 {
		r.connect(0, "c"+strconv.Itoa(i))
		r.send(ms1, "c"+strconv.Itoa(i), "Fetch", "", 3, -1)
	}
	r.runIdle(t)
	n := 0
	for _, e := range r.s.Trace() {
		if e.Kind == sim.QueuePut && strings.HasSuffix(e.Subj, ".responseQueue") {
			req := r.srv.requests[strings.TrimPrefix(e.Item, "Fetch:")]
			require.Equal(t, "Processor-"+strconv.Itoa(req.Processor)+".responseQueue", e.Subj)
			require.Equal(t, req.Conn.proc.ID, req.Processor)
			require.Equal(t, req.ReadBy, req.SentBy)
			require.True(t, strings.HasPrefix(e.Actor, "data-plane-kafka-request-handler-"))
			n++
		}
	}
	require.Equal(t, 18, n)
	require.Equal(t, "18", r.get(t, "socketserver.responded"))
}

// Kafka 2.5 SocketServer.scala (KIP-291), control plane: without it, the controller's StopReplica waits
// behind the data plane's full queue (its processor is even blocked); with
// control.plane.listener.name it has its own acceptor, processor, queue and
// handler and is answered after its own handling time.
func TestControlPlaneServesStopReplicaAtOnce(t *testing.T) {
	tests := []struct {
		name        string
		control     string
		wantAt      func(string) bool
		wantHandler string
		wantReader  string
	}{
		// It gets into the queue at the earliest when a handler takes a
		// request at 50ms, and then waits behind 4: two more rounds of 20ms.
		{"without", "", func(at string) bool { f, _ := strconv.ParseFloat(at, 64); return f > 90 }, "data-plane-kafka-request-handler-", "data-plane-kafka-network-thread-0-ListenerName(PLAINTEXT)-PLAINTEXT-"},
		{"with", "CONTROLLER", func(at string) bool { return at == "51" }, "control-plane-kafka-request-handler-0", "control-plane-kafka-network-thread-0-ListenerName(CONTROLLER)-PLAINTEXT-0"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := newRig(t, 1, config(func(c *Config) { c.NumIoThreads, c.QueuedMaxRequests, c.ControlPlane = 2, 4, tc.control }))
			r.srv.Connect(0, Connect{Name: "ctl", FromController: true})
			r.srv.Connect(0, Connect{Name: "p", Count: 12})
			r.srv.Send(10*ms1, Send{Conn: "p", API: "Produce", N: 1, Cost: 20 * ms1})
			r.srv.Send(50*ms1, Send{Conn: "ctl", API: "StopReplica", ID: "stop", N: 1, Cost: -1})
			r.runTo(t, 50*ms1)
			require.Equal(t, "4", r.get(t, "socketserver.requestQueue.size"))
			r.runIdle(t)
			at := r.get(t, "socketserver.request[stop].respondedAt")
			require.True(t, tc.wantAt(at), "respondedAt %s", at)
			require.True(t, strings.HasPrefix(r.get(t, "socketserver.request[stop].handler"), tc.wantHandler))
			require.True(t, strings.HasPrefix(r.get(t, "socketserver.request[stop].readBy"), tc.wantReader))
			require.Equal(t, "13", r.get(t, "socketserver.responded"))
		})
	}
}

// A connect to a listener the broker does not have is refused, and so is
// a send on the refused connection.
func TestConnectToAnUnknownListenerIsRefused(t *testing.T) {
	r := newRig(t, 1, DefaultConfig())
	r.srv.Connect(0, Connect{Name: "c", Listener: "CONTROLLER"})
	r.send(ms1, "c", "Metadata", "m", 1, -1)
	r.runIdle(t)
	require.Equal(t, "refused", r.get(t, "socketserver.conn[c].state"))
	require.Equal(t, "none", r.get(t, "socketserver.request[m].state"))
	var notes []string
	for _, e := range r.s.Trace() {
		if e.Kind == sim.Action {
			notes = append(notes, e.Note)
		}
	}
	require.Equal(t, []string{"connect c listener=CONTROLLER: connection refused, no listener CONTROLLER on this broker",
		"send c Metadata id=m: refused, connection c is not open"}, notes)
}

// hammer runs a random pipelined load: conns connections, each sending
// bursts of requests with random costs at random times.
func hammer(t *testing.T, seed int64, mute bool) *rig {
	r := newRig(t, seed, config(func(c *Config) { c.Mute, c.NumIoThreads, c.QueuedMaxRequests = mute, 4, 6 }))
	rnd := r.s.Rand()
	for i := range 12 {
		r.connect(time.Duration(rnd.IntN(5))*ms1, "c"+strconv.Itoa(i))
	}
	for range 60 {
		c := "c" + strconv.Itoa(rnd.IntN(12))
		r.send(time.Duration(5+rnd.IntN(100))*ms1, c, APIs[rnd.IntN(len(APIs))], "", 1+rnd.IntN(4), time.Duration(rnd.IntN(20))*ms1)
	}
	r.srv.Close(60*ms1, "c3")
	r.runIdle(t)
	return r
}

// The invariant holds over many seeds with muting; the check itself is
// shown to fire by the what-if without it.
func TestInvariantOnePerConnectionInOrder(t *testing.T) {
	without := 0
	for seed := int64(1); seed <= 20; seed++ {
		r := hammer(t, seed, true)
		require.Empty(t, r.srv.Violations, "seed %d", seed)
		for _, c := range []string{"c0", "c5", "c11"} {
			conn := r.srv.conns[c]
			var want []string
			for k := 1; k <= conn.Requests; k++ {
				want = append(want, c+"#"+strconv.Itoa(k))
			}
			require.Equal(t, want, conn.Responses, "seed %d %s", seed, c)
		}
		require.Equal(t, "closed", r.get(t, "socketserver.conn[c3].state"))
		w := hammer(t, seed, false)
		without += len(w.srv.Violations)
		for _, e := range w.s.Trace() {
			if e.Kind == sim.ConnMute {
				require.Empty(t, e.From, "seed %d: without muting only the initial NOT_MUTED", seed)
			}
		}
	}
	require.Greater(t, without, 20, "without the mute, requests pile up and overtake each other")
}

// The purgatory seam: an Apis that parks a request leaves its connection
// muted until another thread sends the response; a NoOpResponse unmutes
// without sending anything.
type parkApis struct{ parked []*Request }

func (a *parkApis) Handle(req *Request) (time.Duration, *Response) {
	switch req.API {
	case "Produce":
		a.parked = append(a.parked, req)
		return ms1, nil
	case "Fetch":
		return ms1, &Response{Request: req, NoOp: true}
	}
	return ms1, &Response{Request: req}
}

func TestDelayedAndNoOpResponses(t *testing.T) {
	apis := &parkApis{}
	r := newRig(t, 1, config(func(c *Config) { c.Apis = apis }))
	r.connect(0, "c")
	r.send(ms1, "c", "Produce", "p", 1, -1)
	r.send(ms1, "c", "Metadata", "m", 1, -1)
	r.runTo(t, 20*ms1)
	require.Equal(t, "delayed", r.get(t, "socketserver.request[p].state"))
	require.Equal(t, "MUTED_AND_RESPONSE_PENDING", r.get(t, "socketserver.conn[c].muteState"))
	require.Equal(t, "sent", r.get(t, "socketserver.request[m].state"))
	// A later thread (here: one standing for the purgatory's) completes it.
	r.s.Go("ExpirationReaper-0-Produce", func() {
		r.s.Sleep(10*ms1, "")
		r.srv.SendResponse(&Response{Request: apis.parked[0]})
	})
	r.runIdle(t)
	require.Equal(t, "p,m", r.get(t, "socketserver.responses[c]"))
	require.Equal(t, "30", r.get(t, "socketserver.request[p].respondedAt"), "parked at 2ms, completed at 20+10ms")

	r.send(40*ms1, "c", "Fetch", "f", 1, -1)
	r.send(40*ms1, "c", "Metadata", "m2", 1, -1)
	r.runIdle(t)
	require.Equal(t, "noResponse", r.get(t, "socketserver.request[f].state"))
	require.Equal(t, "p,m,m2", r.get(t, "socketserver.responses[c]"))
	require.Equal(t, "NOT_MUTED", r.get(t, "socketserver.conn[c].muteState"))
}

// close: a muted channel is closed after its response went out; requests
// still in the socket are lost; a send to a closed connection does nothing.
func TestClose(t *testing.T) {
	r := newRig(t, 1, DefaultConfig())
	r.connect(0, "c")
	r.send(ms1, "c", "Produce", "a", 1, 10*ms1)
	r.send(ms1, "c", "Produce", "b", 1, -1)
	r.srv.Close(2*ms1, "c")
	r.runTo(t, 5*ms1)
	require.Equal(t, "open", r.get(t, "socketserver.conn[c].state"))
	require.Equal(t, "dropped", r.get(t, "socketserver.request[b].state"))
	r.runIdle(t)
	require.Equal(t, "closed", r.get(t, "socketserver.conn[c].state"))
	require.Equal(t, "a", r.get(t, "socketserver.responses[c]"))
	require.Equal(t, "0", r.get(t, "socketserver.processor[0].connections"))
	r.send(20*ms1, "c", "Produce", "z", 1, -1)
	r.runIdle(t)
	require.Equal(t, "none", r.get(t, "socketserver.request[z].state"))
}

// An idle server is silent: every thread blocks without a timeout.
func TestIdleServerIsSilent(t *testing.T) {
	r := newRig(t, 1, config(func(c *Config) { c.ControlPlane = "CONTROLLER" }))
	r.connect(0, "c")
	r.send(ms1, "c", "Metadata", "", 1, -1)
	r.runIdle(t)
	n := r.s.Events()
	require.NoError(t, r.s.Run(time.Hour, false, nil))
	require.Equal(t, n, r.s.Events())
}

// Same seed, same trace; every event's kind is known and its src links upstream.
func TestTraceIsDeterministicAndLinked(t *testing.T) {
	a, b := hammer(t, 7, true), hammer(t, 7, true)
	require.Equal(t, a.s.Trace(), b.s.Trace())
	for _, e := range a.s.Trace() {
		_, ok := sim.Kinds[e.Kind]
		require.True(t, ok, e.Kind)
		if e.Src != "" {
			require.NotEmpty(t, upstream.URL(e.Src), e.Src)
		}
	}
}

func TestConfigValidation(t *testing.T) {
	tests := []struct {
		name   string
		change func(*Config)
		want   string
	}{
		{"no network threads", func(c *Config) { c.NumNetworkThreads = 0 }, "num.network.threads must be from 1 to 1000, got 0"},
		{"no io threads", func(c *Config) { c.NumIoThreads = 0 }, "num.io.threads must be from 1 to 1000, got 0"},
		{"empty queue", func(c *Config) { c.QueuedMaxRequests = 0 }, "queued.max.requests must be from 1 to 1000000, got 0"},
		{"control plane on the inter-broker listener", func(c *Config) { c.ControlPlane = "PLAINTEXT" }, "should have a different value from the inter broker listener name"},
		{"lower-case listener", func(c *Config) { c.ControlPlane = "controller" }, `expected upper-case letters, digits and _ (such as CONTROLLER), got "controller"`},
		{"negative API time", func(c *Config) { c.APITimes = map[string]time.Duration{"Fetch": -ms1} }, "socketserver.apiTime.Fetch must be from 0ms to 1h"},
		{"negative broker id", func(c *Config) { c.BrokerID = -1 }, "broker.id must be ≥ 0"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := New(sim.New(1, false), config(tc.change))
			require.ErrorIs(t, err, ErrConfig)
			require.Contains(t, err.Error(), tc.want)
		})
	}
	require.ErrorIs(t, CheckAPI("Produc"), ErrUnknownAPI)
	require.Contains(t, CheckAPI("Produc").Error(), "Produce, Fetch, ListOffsets")
	require.NoError(t, CheckAPI("OffsetDelete"))
	require.ErrorIs(t, CheckName("connection", "a,b"), ErrName)
	require.ErrorIs(t, CheckName("connection", ""), ErrName)
	require.NoError(t, CheckName("connection", "p-1.x_y"))
}

func TestPaths(t *testing.T) {
	for _, p := range Paths {
		p = strings.NewReplacer("[KEY]", "[num.io.threads]", "[C]", "[c1]", "[R]", "[r1]", "[I]", "[0]").Replace(p)
		require.NoError(t, CheckPath(p), p)
	}
	for _, tc := range []struct{ path, want string }{
		{"socketserver.nope", "unknown state path"},
		{"socketserver.conn[c1].nope", "a connection has .processor"},
		{"socketserver.conn[c1", "missing ]"},
		{"socketserver.conn[].state", "empty []"},
		{"socketserver.processor[x].thread", "expected an id ≥ 0"},
		{"socketserver.processor[-1].thread", "expected an id ≥ 0"},
		{"socketserver.handler[0].blocked", "a handler has .thread"},
		{"socketserver.default[nope]", "a default is one of num.network.threads"},
		{"socketserver.responses[c].x", "a list of request ids"},
		{"socketserver.request[r].nope", "a request has .state"},
	} {
		err := CheckPath(tc.path)
		require.ErrorIs(t, err, ErrUnknownPath, tc.path)
		require.Contains(t, err.Error(), tc.want, tc.path)
	}
	r := newRig(t, 1, DefaultConfig())
	r.runIdle(t)
	for path, want := range map[string]string{
		"socketserver.conn[nobody].processor":       "none",
		"socketserver.request[nothing].state":       "none",
		"socketserver.processor[9].thread":          "none",
		"socketserver.handler[8].thread":            "none",
		"socketserver.handler[7].thread":            "data-plane-kafka-request-handler-7",
		"socketserver.processor[2].plane":           "data-plane",
		"socketserver.controlPlane.acceptor.thread": "none",
		"socketserver.acceptor.thread":              "data-plane-kafka-socket-acceptor-ListenerName(PLAINTEXT)-PLAINTEXT-9092",
	} {
		require.Equal(t, want, r.get(t, path), path)
	}
}
