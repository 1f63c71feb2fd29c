package socketserver

import (
	"fmt"
	"strconv"
	"time"

	"brokerlab/core/sim"
)

// Upstream places the steps mirror (apache/kafka 2.5.0).
const (
	srcAcceptorRun  = "SocketServer.scala Acceptor.run"
	srcAccept       = "SocketServer.scala Acceptor.accept"
	srcAssign       = "SocketServer.scala Processor.accept"
	srcConfigure    = "SocketServer.scala Processor.configureNewConnections"
	srcRegister     = "Selector.java Selector.register"
	srcPoll         = "SocketServer.scala Processor.poll"
	srcSelect       = "Selector.java Selector.poll"
	srcRead         = "Selector.java Selector.attemptRead"
	srcReceives     = "SocketServer.scala Processor.processCompletedReceives"
	srcSendRequest  = "RequestChannel.scala RequestChannel.sendRequest"
	srcMute         = "Selector.java Selector.mute"
	srcMuteEvent    = "KafkaChannel.java KafkaChannel.handleChannelMuteEvent"
	srcUnmute       = "Selector.java Selector.unmute"
	srcHandlerRun   = "KafkaRequestHandler.scala KafkaRequestHandler.run"
	srcSendResponse = "RequestChannel.scala RequestChannel.sendResponse"
	srcNewResponses = "SocketServer.scala Processor.processNewResponses"
	srcWrite        = "Selector.java Selector.write"
	srcSends        = "SocketServer.scala Processor.processCompletedSends"
	srcDisconnected = "SocketServer.scala Processor.processDisconnected"
	srcClientOpen   = "Selector.java Selector.connect"
	srcClientSend   = "Selector.java Selector.send"
	srcClientClose  = "Selector.java Selector.close"
	srcController   = "ControllerChannelManager.scala ControllerChannelManager.addNewBroker"
)

// ClientsThread is the one thread all client machines' actions run on.
const ClientsThread = "clients"

// NetworkThread carries requests and responses over a network with latency.
const NetworkThread = "network"

const clientsInbox = "clients.actions"

// MuteState is KafkaChannel.ChannelMuteState. The two throttled states
// (MUTED_AND_THROTTLED, MUTED_AND_THROTTLED_AND_RESPONSE_PENDING) need
// quotas, which the model leaves out.
type MuteState string

// The ChannelMuteStates a connection goes through.
const (
	NotMuted                MuteState = "NOT_MUTED"
	Muted                   MuteState = "MUTED"
	MutedAndResponsePending MuteState = "MUTED_AND_RESPONSE_PENDING"
)

// A request's states, in the order it goes through them (request[R].state).
const (
	StateSent       = "sent"       // in the client's socket, not read yet
	StateRead       = "read"       // read by its processor, on its way into the request queue
	StateQueued     = "queued"     // in the request queue
	StateHandling   = "handling"   // a handler is working on it
	StateDelayed    = "delayed"    // Apis parked it (a purgatory): someone calls SendResponse later
	StateResponding = "responding" // its response is in its processor's responseQueue
	StateResponded  = "responded"  // its response left the broker
	StateNoResponse = "noResponse" // a NoOpResponse came back: nothing sent, channel unmuted
	StateDropped    = "dropped"    // its connection closed before it was read or answered
)

// Connection states (conn[C].state).
const (
	ConnConnecting = "connecting" // in the accept backlog or a newConnections queue
	ConnOpen       = "open"       // registered with its processor's selector
	ConnClosed     = "closed"
	ConnRefused    = "refused" // no listener of that name on this broker
)

// Conn is one client connection: a KafkaChannel once registered.
type Conn struct {
	Name     string
	ID       int // token of the connection in the hand-off queues
	Listener string
	IP       string
	State    string
	Mute     MuteState // "" until registered
	Requests int       // requests the client sent on it
	// Responses are the ids of the requests whose responses left, in order.
	Responses []string

	plane    *Plane
	proc     *Processor
	unread   []*Request // sent by the client, still in the socket
	inFlight []*Request // read, response not yet sent, in read order
	ready    bool       // in its processor's selector queue
	eof      bool       // the client closed its end
	// notify is a dialling client's receive path: each response written
	// to it, and nil when the connection breaks.
	notify func(*Response)
}

// Processor is the processor serving c, or nil before the acceptor assigned one.
func (c *Conn) Processor() *Processor { return c.proc }

// Request is RequestChannel.Request as the model needs it.
type Request struct {
	ID   int    // token
	Name string // R: the action's id= or C#k
	API  string
	Conn *Conn
	Seq  int           // 1, 2, … on its connection
	Cost time.Duration // the action's cost=; < 0 if it gave none
	Body any           // the request's content, for an Apis that reads it; nil from the scenario's clients

	State     string
	Processor int // id of the processor that read it; -1 before
	// When it was sent, read, got into the request queue, was taken by a
	// handler, and its response left; -1 until it gets that far.
	SentAt, ReadAt, QueuedAt, TakenAt, RespondedAt time.Duration
	QueuedBehind                                   int    // requests ahead of it in the request queue when it got in
	ReadBy                                         string // threads: the processor that read it,
	Handler                                        string // the handler that handled it,
	SentBy                                         string // the processor that wrote its response

	lbl string // Label, once built
}

// Label is the request as the trace shows it: Produce:c1#2. The trace
// shows it at every queue it passes: it is built once.
func (r *Request) Label() string {
	if r.lbl == "" {
		r.lbl = r.API + ":" + r.Name
	}
	return r.lbl
}

// label is Label, built only when the trace is kept.
func (r *Request) label(s *sim.Sim) string {
	if !s.Tracing() {
		return ""
	}
	return r.Label()
}

// Plane is one request plane: its listener's acceptor and processors, its
// RequestChannel and its handler pool.
type Plane struct {
	Prefix     string // data-plane, control-plane
	Listener   string // PLAINTEXT, or control.plane.listener.name
	Port       int
	Acceptor   *Acceptor
	Processors []*Processor
	Handlers   []string // thread names
	QueueSize  int      // the request queue's capacity
	Busy       int      // handlers working on a request

	srv          *Server
	requestQueue *sim.Queue[*Request]
}

// RequestQueueSize is the RequestQueueSize gauge.
func (pl *Plane) RequestQueueSize() int { return pl.requestQueue.Len() }

// Acceptor is one listener's Acceptor thread.
type Acceptor struct {
	Thread  string
	Blocked bool // blocked putting into a full newConnections queue

	plane    *Plane
	selector *sim.Queue[*Conn] // connections waiting in the listen backlog
	current  int               // currentProcessorIndex
}

// Processor is one network thread with its own selector.
type Processor struct {
	ID          int
	Thread      string
	Connections int  // open connections registered with its selector
	Blocked     bool // its put into the full request queue is waiting

	plane          *Plane
	newConnections *sim.Queue[*Conn]
	selector       *sim.Queue[*Conn] // the ready set of its java.nio Selector
	responseQueue  *sim.Queue[*Response]

	// What one turn of the loop carries from step to step.
	wokeConn     *Conn     // taken by poll's select, configured next turn
	wokeResp     *Response // taken by poll's select, processed next turn
	receives     []*Request
	sends        []*Response // selector.send'ed, written by the next poll
	sent         []*Response
	disconnected []*Conn
}

// ResponseQueueSize is the processor's ResponseQueueSize gauge.
func (p *Processor) ResponseQueueSize() int { return p.responseQueue.Len() }

// NewConnectionsSize is how many connections wait in its newConnections queue.
func (p *Processor) NewConnectionsSize() int { return p.newConnections.Len() }

// Server is SocketServer with its RequestChannels and request handler pools,
// and the client machines that connect to it.
type Server struct {
	s    *sim.Sim
	cfg  Config
	apis Apis

	Data    *Plane
	Control *Plane       // nil unless control.plane.listener.name is set
	procs   []*Processor // by processor id, both planes

	clients *sim.Worker
	early   []job       // client actions posted before the clients thread started
	network *sim.Worker // carries requests and responses when NetworkLatency > 0

	conns    map[string]*Conn    // by name; looked up, never iterated
	bursts   map[string]int      // connect C count=N: C → N; looked up, never iterated
	requests map[string]*Request // by id; looked up, never iterated

	Responded  int      // responses that left the broker
	Violations []string // broken invariants, in order

	order  []*Conn // every connection ever opened, in opening order
	killed bool
}

type job struct {
	at time.Duration
	fn func()
}

type thread struct {
	name string
	run  func()
}

// New builds the socket server and starts its threads, each after the one
// before has started (as KafkaServer awaits each thread's startup), so the
// stage lists them in this order whatever the seed: the data plane's
// acceptor, processors and handlers, then the control plane's, then the
// clients thread.
//
// Processor ids are shared by both planes and, as in SocketServer.startup,
// the control plane's processor is created first: with a control plane its
// processor is 0 and the data plane's are 1…N.
func New(s *sim.Sim, cfg Config) (*Server, error) {
	if err := cfg.validate(); err != nil {
		return nil, err
	}
	srv := &Server{s: s, cfg: cfg, apis: cfg.Apis,
		conns: map[string]*Conn{}, bursts: map[string]int{}, requests: map[string]*Request{}}
	if srv.apis == nil {
		srv.apis = TimedApis{Default: cfg.APITime, Times: cfg.APITimes}
	}
	if cfg.ControlPlane != "" {
		srv.Control = srv.newPlane("control-plane", cfg.ControlPlane, controlPlanePort, 1, 1, ControlPlaneQueueSize)
	}
	srv.Data = srv.newPlane("data-plane", DataPlaneListener, dataPlanePort, cfg.NumNetworkThreads, cfg.NumIoThreads, cfg.QueuedMaxRequests)
	var threads []thread
	for _, pl := range []*Plane{srv.Data, srv.Control} {
		if pl == nil {
			continue
		}
		threads = append(threads, thread{pl.Acceptor.Thread, pl.Acceptor.run})
		for _, p := range pl.Processors {
			threads = append(threads, thread{p.Thread, p.run})
		}
		for _, h := range pl.Handlers {
			threads = append(threads, thread{h, pl.handler(h)})
		}
	}
	if cfg.NetworkLatency > 0 {
		srv.network = s.NewWorker(cfg.name(NetworkThread), cfg.name(NetworkThread+".inflight"))
	}
	srv.start(threads, 0)
	return srv, nil
}

func (srv *Server) newPlane(prefix, listener string, port, processors, handlers, queueSize int) *Plane {
	s := srv.s
	pl := &Plane{Prefix: prefix, Listener: listener, Port: port, QueueSize: queueSize, srv: srv}
	queuePrefix, procPrefix, acceptorPrefix := "", "Processor-", "Acceptor-"
	if prefix == "control-plane" {
		// RequestChannel's metric prefix, and names that tell the planes apart.
		queuePrefix, procPrefix, acceptorPrefix = "ControlPlane.", "ControlPlaneProcessor-", "ControlPlaneAcceptor-"
	}
	name := srv.cfg.name
	pl.requestQueue = sim.NewQueue(s, name(queuePrefix+"RequestChannel.requestQueue"), queueSize, requestLabel)
	pl.Acceptor = &Acceptor{
		Thread:   name(fmt.Sprintf("%s-kafka-socket-acceptor-ListenerName(%s)-%s-%d", prefix, listener, protocol, port)),
		plane:    pl,
		selector: sim.NewQueue(s, name(acceptorPrefix+listener+".selector"), 0, connLabel),
	}
	for range processors {
		id := len(srv.procs)
		proc := name(procPrefix + strconv.Itoa(id))
		p := &Processor{
			ID:             id,
			Thread:         name(fmt.Sprintf("%s-kafka-network-thread-%d-ListenerName(%s)-%s-%d", prefix, srv.cfg.BrokerID, listener, protocol, id)),
			plane:          pl,
			newConnections: sim.NewQueue(s, proc+".newConnections", ConnectionQueueSize, connLabel),
			selector:       sim.NewQueue(s, proc+".selector", 0, connLabel),
			responseQueue:  sim.NewQueue(s, proc+".responseQueue", 0, responseLabel),
		}
		srv.procs = append(srv.procs, p)
		pl.Processors = append(pl.Processors, p)
	}
	for i := range handlers {
		pl.Handlers = append(pl.Handlers, name(prefix+"-kafka-request-handler-"+strconv.Itoa(i)))
	}
	return pl
}

func connLabel(c *Conn) (int, string)         { return c.ID, c.Name }
func requestLabel(r *Request) (int, string)   { return r.ID, r.Label() }
func responseLabel(r *Response) (int, string) { return r.Request.ID, r.Request.Label() }

// start starts threads[i]; its first act is to start the next one, so
// they start in order, the clients thread last.
func (srv *Server) start(threads []thread, i int) {
	if i == len(threads) {
		if !srv.cfg.Clients {
			return
		}
		srv.clients = srv.s.NewWorker(ClientsThread, clientsInbox)
		for _, j := range srv.early {
			srv.clients.Post(j.at, j.fn)
		}
		srv.early = nil
		return
	}
	t := threads[i]
	srv.s.Go(t.name, func() {
		srv.start(threads, i+1)
		t.run()
	})
}

// post runs fn on the clients thread at virtual time at, under the origin
// current now (sim.Bind), also when the thread does not run yet.
func (srv *Server) post(at time.Duration, fn func()) {
	if srv.clients == nil {
		srv.early = append(srv.early, job{at, srv.s.Bind(fn)})
		return
	}
	srv.clients.Post(at, fn)
}

// Processor returns the processor with id id, or nil.
func (srv *Server) Processor(id int) *Processor {
	if id < 0 || id >= len(srv.procs) {
		return nil
	}
	return srv.procs[id]
}

// Conn returns the connection named name, or nil.
func (srv *Server) Conn(name string) *Conn { return srv.conns[name] }

// Request returns the request with id name (the last one sent with that id), or nil.
func (srv *Server) Request(name string) *Request { return srv.requests[name] }

// Config is the configuration the server runs with.
func (srv *Server) Config() Config { return srv.cfg }

// violate records the invariant c breaks, noted with format and args.
func (srv *Server) violate(c *Conn, r *Request, format string, args ...any) {
	e := sim.Event{Kind: sim.Invariant, Subj: c.Name, ID: r.ID, Item: r.Label()}.Notef(format, args...)
	srv.Violations = append(srv.Violations, e.Note)
	srv.s.Emit(e)
}

// run is Acceptor.run: take the next connection from the backlog, accept
// it and assign it round-robin to the next processor whose newConnections
// queue has room; if every queue is full, block on the last one tried.
func (a *Acceptor) run() {
	s := a.plane.srv.s
	procs := a.plane.Processors
	for {
		c := a.selector.Take(srcAcceptorRun)
		s.Emit(sim.Event{Kind: sim.ConnAccept, Subj: c.Name, Note: "ip=" + c.IP, Src: srcAccept})
		retriesLeft := len(procs)
		for {
			retriesLeft--
			a.current %= len(procs)
			p := procs[a.current]
			a.current++
			if p.accept(a, c, retriesLeft == 0) {
				break
			}
		}
		// The processors run in parallel with the acceptor: let a woken
		// one register what it got before the next accept, if the seed says
		// so, rather than only once the acceptor blocks.
		s.Yield()
	}
}

// accept is Processor.accept: offer c to newConnections, or put it,
// blocking the acceptor, if mayBlock.
func (p *Processor) accept(a *Acceptor, c *Conn, mayBlock bool) bool {
	if !p.newConnections.Offer(c, srcAssign) {
		if !mayBlock {
			return false
		}
		a.Blocked = true
		p.newConnections.Put(c, srcAssign)
		a.Blocked = false
	}
	c.proc = p
	return true
}

// run is Processor.run: one turn of its loop after another.
// (closeExcessConnections is left out: max.connections is unlimited by default.)
func (p *Processor) run() {
	for {
		p.configureNewConnections()
		p.processNewResponses()
		p.poll()
		p.processCompletedReceives()
		p.processCompletedSends()
		p.processDisconnected()
	}
}

// configureNewConnections registers up to ConnectionQueueSize queued connections.
func (p *Processor) configureNewConnections() {
	s := p.plane.srv.s
	for n := 0; n < ConnectionQueueSize; n++ {
		c := p.wokeConn
		p.wokeConn = nil
		if c == nil {
			if p.newConnections.Len() == 0 {
				return
			}
			c = p.newConnections.Take(srcConfigure)
		}
		c.State = ConnOpen
		p.Connections++
		s.Emit(sim.Event{Kind: sim.ConnRegister, Subj: c.Name, Src: srcConfigure})
		p.setMute(c, NotMuted, srcRegister)
		p.markReady(c, srcRegister)
	}
}

// processNewResponses takes every response queued for this processor: a
// SendResponse is handed to the selector (written by the next poll), a
// NoOpResponse unmutes the channel at once.
func (p *Processor) processNewResponses() {
	for {
		r := p.wokeResp
		p.wokeResp = nil
		if r == nil {
			if p.responseQueue.Len() == 0 {
				return
			}
			r = p.responseQueue.Take(srcNewResponses)
		}
		req, c := r.Request, r.Request.Conn
		switch {
		case c.State != ConnOpen:
			// Processor.sendResponse: no open connection, the response is dropped.
			req.State = StateDropped
			c.done(req)
		case r.Close:
			req.State = StateNoResponse
			c.done(req)
			p.closeConn(c, "the request failed and the broker closes the connection", srcNewResponses)
		case r.NoOp:
			req.State = StateNoResponse
			c.done(req)
			p.responseSent(c, srcNewResponses)
		default:
			p.sends = append(p.sends, r)
		}
	}
}

// poll is Processor.poll → Selector.poll: block until a socket is ready, a
// connection or a response is queued for this processor (wakeup), unless
// something is pending already; then read one request from each readable
// channel and write the pending responses.
func (p *Processor) poll() {
	pending := p.selector.Len() > 0 || p.newConnections.Len() > 0 || p.responseQueue.Len() > 0 ||
		len(p.sends) > 0 || p.wokeConn != nil || p.wokeResp != nil
	if !pending {
		var c, nc *Conn
		var r *Response
		switch p.plane.srv.s.Select(srcPoll, p.selector.Recv(&c, srcSelect), p.newConnections.Recv(&nc, srcConfigure), p.responseQueue.Recv(&r, srcNewResponses)) {
		case 0:
			p.read(c)
		case 1:
			p.wokeConn = nc
		case 2:
			p.wokeResp = r
		}
	}
	for p.selector.Len() > 0 {
		p.read(p.selector.Take(srcSelect))
	}
	for _, r := range p.sends {
		p.write(r)
	}
	clear(p.sends)
	p.sends = p.sends[:0]
}

// read reads one request from readable channel c (or its end of stream).
func (p *Processor) read(c *Conn) {
	srv := p.plane.srv
	c.ready = false
	if c.State != ConnOpen {
		return
	}
	if len(c.unread) == 0 {
		if c.eof {
			p.disconnected = append(p.disconnected, c)
		}
		return
	}
	req := c.unread[0]
	c.unread[0] = nil
	c.unread = c.unread[1:]
	req.State, req.ReadBy, req.Processor, req.ReadAt = StateRead, p.Thread, p.ID, srv.s.Now()
	srv.s.Emit(sim.Event{Kind: sim.Recv, Subj: c.Name, ID: req.ID, Item: req.label(srv.s), Src: srcRead})
	if len(c.inFlight) > 0 {
		srv.violate(c, req, "two requests of connection %s in the pipeline: %s is read while %s is not answered", c.Name, req.Label(), c.inFlight[0].Label())
	}
	c.inFlight = append(c.inFlight, req)
	p.receives = append(p.receives, req)
}

// write writes r's response to its channel: it leaves the broker.
func (p *Processor) write(r *Response) {
	srv := p.plane.srv
	req, c := r.Request, r.Request.Conn
	srv.s.Emit(sim.Event{Kind: sim.Send, Subj: c.Name, ID: req.ID, Item: req.label(srv.s), Src: srcWrite})
	if len(c.inFlight) > 0 && c.inFlight[0] != req {
		srv.violate(c, req, "responses of connection %s out of order: %s leaves before %s", c.Name, req.Label(), c.inFlight[0].Label())
	}
	req.SentBy = p.Thread
	c.Responses = append(c.Responses, req.Name)
	p.sent = append(p.sent, r)
	srv.Carry(func() {
		if c.notify != nil {
			c.notify(r)
		}
	})
}

// Carry runs fn as the network delivers a message: on the running thread,
// or one network latency later on the network thread.
func (srv *Server) Carry(fn func()) {
	if srv.network == nil {
		fn()
		return
	}
	srv.network.Post(srv.s.Now()+srv.cfg.NetworkLatency, fn)
}

// processCompletedReceives hands each request read to the RequestChannel,
// blocking while its queue is full, then mutes the channel: no more reads
// from it until the response is sent.
func (p *Processor) processCompletedReceives() {
	q := p.plane.requestQueue
	for _, req := range p.receives {
		p.Blocked = q.Len() >= p.plane.QueueSize
		q.Put(req, srcSendRequest)
		p.Blocked = false
		req.State, req.QueuedAt, req.QueuedBehind = StateQueued, p.plane.srv.s.Now(), q.Len()-1
		c := req.Conn
		if c.State != ConnOpen {
			continue
		}
		if p.plane.srv.cfg.Mute {
			p.setMute(c, Muted, srcMute)
			p.setMute(c, MutedAndResponsePending, srcMuteEvent)
		} else {
			p.markReady(c, srcReceives)
		}
	}
	clear(p.receives)
	p.receives = p.receives[:0]
}

// processCompletedSends records each response written and unmutes its channel.
func (p *Processor) processCompletedSends() {
	srv := p.plane.srv
	for _, r := range p.sent {
		req, c := r.Request, r.Request.Conn
		req.State, req.RespondedAt = StateResponded, srv.s.Now()
		srv.Responded++
		c.done(req)
		p.responseSent(c, srcSends)
	}
	clear(p.sent)
	p.sent = p.sent[:0]
}

// processDisconnected closes the channels whose client closed.
func (p *Processor) processDisconnected() {
	s := p.plane.srv.s
	for _, c := range p.disconnected {
		if c.State != ConnOpen {
			continue
		}
		c.State = ConnClosed
		p.Connections--
		s.Emit(sim.Event{Kind: sim.ConnClose, Subj: c.Name, Note: "client closed", Src: srcDisconnected})
	}
	clear(p.disconnected)
	p.disconnected = p.disconnected[:0]
}

// closeConn is the processor's close of c (Processor.close): the client
// sees its connection break.
func (p *Processor) closeConn(c *Conn, why, src string) {
	if c.State != ConnOpen {
		return
	}
	c.State = ConnClosed
	p.Connections--
	p.plane.srv.s.Emit(sim.Event{Kind: sim.ConnClose, Subj: c.Name, Note: why, Src: src})
	for _, r := range c.unread {
		r.State = StateDropped
	}
	c.unread = nil
	if c.notify != nil {
		c.notify(nil)
	}
}

// responseSent is handleChannelMuteEvent(RESPONSE_SENT) then tryUnmuteChannel:
// the channel is readable again, and read if the client sent more.
func (p *Processor) responseSent(c *Conn, src string) {
	if p.plane.srv.cfg.Mute {
		p.setMute(c, Muted, srcMuteEvent)
		p.setMute(c, NotMuted, srcUnmute)
	}
	p.markReady(c, src)
}

func (p *Processor) setMute(c *Conn, to MuteState, src string) {
	p.plane.srv.s.Emit(sim.Event{Kind: sim.ConnMute, Subj: c.Name, From: string(c.Mute), To: string(to), Src: src})
	c.Mute = to
}

// markReady puts c into its processor's ready set if the real selector
// would report it at its next poll: registered, with bytes (or its end) to
// read, and not muted then. A request read and not yet answered means the
// channel is muted, or will be before the next poll (its processor is
// still putting the request into the request queue).
func (p *Processor) markReady(c *Conn, src string) {
	if c.ready || c.State != ConnOpen || c.Mute != NotMuted || (len(c.unread) == 0 && !c.eof) ||
		(p.plane.srv.cfg.Mute && len(c.inFlight) > 0) {
		return
	}
	c.ready = true
	p.selector.Put(c, src)
}

// done removes req from c's requests in flight.
func (c *Conn) done(req *Request) {
	for i, r := range c.inFlight {
		if r == req {
			c.inFlight = append(c.inFlight[:i], c.inFlight[i+1:]...)
			return
		}
	}
}

// InFlight is how many requests of c are read and not yet answered.
func (c *Conn) InFlight() int { return len(c.inFlight) }

// handler is KafkaRequestHandler.run: take a request (blocking while the
// queue is empty), let Apis handle it, then send the response back.
func (pl *Plane) handler(name string) func() {
	srv := pl.srv
	s := srv.s
	return func() {
		for {
			req := pl.requestQueue.Take(srcHandlerRun)
			req.State, req.Handler, req.TakenAt = StateHandling, name, s.Now()
			pl.Busy++
			cost, resp := srv.apis.Handle(req)
			s.Sleepf(cost, "handle %s %s", req.Label(), sim.FormatDuration(cost))
			pl.Busy--
			if resp == nil {
				req.State = StateDelayed
				continue
			}
			srv.SendResponse(resp)
		}
	}
}

// SendResponse is RequestChannel.sendResponse: queue resp for the
// processor that read its request. Call it on a simulated thread.
func (srv *Server) SendResponse(resp *Response) {
	req := resp.Request
	req.State = StateResponding
	srv.procs[req.Processor].responseQueue.Put(resp, srcSendResponse)
}
