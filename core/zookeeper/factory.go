package zookeeper

import (
	"slices"
	"strconv"
	"time"

	"brokerlab/core/msg"
	"brokerlab/core/sim"
)

// Thread names, as upstream names them.
const (
	AcceptThread  = "NIOServerCxnFactory.AcceptThread:0.0.0.0/0.0.0.0:2181"
	ExpirerThread = "ConnnectionExpirer" // sic: upstream's spelling
	ClientsThread = "clients"            // the client machines, not a ZooKeeper thread
)

// SelectorThread is the name of selector thread i (from 0).
func SelectorThread(i int) string { return "NIOServerCxnFactory.SelectorThread-" + strconv.Itoa(i) }

// WorkerThread is the name of worker n (from 1): WorkerService("NIOWorker")
// prefixes its DaemonThreadFactory with name+"Thread".
func WorkerThread(n int) string { return "NIOWorkerThread-" + strconv.Itoa(n) }

// Queue names in the trace.
const (
	backlogQueue  = "AcceptThread.selector" // the listen socket's accept backlog, as its selector reports it
	workerQueue   = "WorkerService.queue"   // the FixedThreadPool's LinkedBlockingQueue
	clientsInbox  = "clients.actions"
	selectorQueue = ".selector" // SelectorThread-<i>.selector: the keys select() will report
	acceptedQueue = ".acceptedQueue"
	updateQueue   = ".updateQueue"
)

// Upstream places the steps mirror (apache/zookeeper release-3.5.9).
const (
	srcAcceptSelect    = "NIOServerCnxnFactory.java AcceptThread.select"
	srcDoAccept        = "NIOServerCnxnFactory.java AcceptThread.doAccept"
	srcAddAccepted     = "NIOServerCnxnFactory.java SelectorThread.addAcceptedConnection"
	srcSelect          = "NIOServerCnxnFactory.java SelectorThread.select"
	srcHandleIO        = "NIOServerCnxnFactory.java SelectorThread.handleIO"
	srcProcessAccepted = "NIOServerCnxnFactory.java SelectorThread.processAcceptedConnections"
	srcProcessUpdates  = "NIOServerCnxnFactory.java SelectorThread.processInterestOpsUpdateRequests"
	srcAddUpdate       = "NIOServerCnxnFactory.java SelectorThread.addInterestOpsUpdateRequest"
	srcDoWork          = "NIOServerCnxnFactory.java IOWorkRequest.doWork"
	srcTouch           = "NIOServerCnxnFactory.java NIOServerCnxnFactory.touchCnxn"
	srcExpirer         = "NIOServerCnxnFactory.java ConnectionExpirerThread.run"
	srcSchedule        = "WorkerService.java WorkerService.schedule"
	srcWorkerRun       = "WorkerService.java ScheduledWorkRequest.run"
	srcDoIO            = "NIOServerCnxn.java NIOServerCnxn.doIO"
	srcReadRequest     = "NIOServerCnxn.java NIOServerCnxn.readRequest"
	srcHandleWrite     = "NIOServerCnxn.java NIOServerCnxn.handleWrite"
	srcClose           = "NIOServerCnxn.java NIOServerCnxn.close"
)

// Factory is NIOServerCnxnFactory: one accept thread, the selector
// threads, the worker pool and the connection expirer, plus the client
// machines that connect to it.
type Factory struct {
	s         *sim.Sim
	cfg       Config
	threads   []string // server threads in start order
	backlog   *sim.Queue[*Cnxn]
	selectors []*selectorThread
	nextSel   int                 // the accept thread's selectorIterator
	work      *sim.Queue[*ioWork] // nil with 0 worker threads
	expiry    *ExpiryQueue[*Cnxn] // cnxnExpiryQueue
	pipe      *pipeline           // the request processor chain
	ipMap     map[string]int      // open connections per client IP; looked up, never iterated
	clients   *sim.Worker         // runs the client actions
	all       []*Cnxn             // every connection ever, in creation order
	byName    map[string]*Cnxn    // the latest connection of each name
	groups    map[string][]*Cnxn  // connect C: C's connections (one, or a burst's)
	open      int                 // connections registered and not closed
	refused   int                 // connections refused at accept
	timeoutMs int64               // sessionlessCnxnTimeout: no sessions, so every connection's timeout

	Violations []string
}

type selectorThread struct {
	id       int
	name     string
	ready    *sim.Queue[*Cnxn] // the keys the next select() reports
	accepted *sim.Queue[*Cnxn] // acceptedQueue
	updates  *sim.Queue[*Cnxn] // updateQueue
	conns    int               // open connections assigned to it

	// A connection the blocking select() took off acceptedQueue or
	// updateQueue when it woke; processed first by the phase it belongs to.
	carryAccepted, carryUpdate *Cnxn
}

// ioWork is IOWorkRequest: one handleIO's I/O on one connection.
type ioWork struct {
	tok int
	c   *Cnxn
	ops int // the ready ops the select reported
	sel *selectorThread
}

func workLabel(w *ioWork) (int, string) { return w.tok, w.c.Name }

// New configures the factory and starts its threads, each started by the
// one before it so that they appear in the trace in upstream's order:
// accept thread, selector threads, workers, expirer, then the request
// processor chain as setupRequestProcessors starts it, SyncThread before
// ProcessThread (the client machines first of all).
func New(s *sim.Sim, cfg Config) (*Factory, error) {
	if err := cfg.validate(); err != nil {
		return nil, err
	}
	f := &Factory{
		s: s, cfg: cfg,
		backlog:   sim.NewQueue(s, backlogQueue, 0, cnxnLabel),
		ipMap:     map[string]int{},
		byName:    map[string]*Cnxn{},
		groups:    map[string][]*Cnxn{},
		timeoutMs: int64(cfg.SessionlessCnxnTimeout / time.Millisecond),
		pipe:      newPipeline(s),
	}
	f.expiry = NewExpiryQueue[*Cnxn](f.timeoutMs, ms(s.Now()))
	type spec struct {
		name string
		run  func()
	}
	specs := []spec{{AcceptThread, f.acceptLoop}}
	for i := range cfg.SelectorThreads() {
		short := "SelectorThread-" + strconv.Itoa(i)
		t := &selectorThread{id: i, name: SelectorThread(i),
			ready:    sim.NewQueue(s, short+selectorQueue, 0, cnxnLabel),
			accepted: sim.NewQueue(s, short+acceptedQueue, 0, cnxnLabel),
			updates:  sim.NewQueue(s, short+updateQueue, 0, cnxnLabel),
		}
		f.selectors = append(f.selectors, t)
		specs = append(specs, spec{t.name, func() { f.selectLoop(t) }})
	}
	if n := cfg.WorkerThreads(); n > 0 {
		f.work = sim.NewQueue(s, workerQueue, 0, workLabel)
		for i := 1; i <= n; i++ {
			specs = append(specs, spec{WorkerThread(i), f.workerLoop})
		}
	}
	for _, sp := range specs {
		f.threads = append(f.threads, sp.name)
	}
	f.threads = append(f.threads, ExpirerThread, SyncThread, ProcessThread)
	var start func(i int)
	start = func(i int) {
		if i == len(specs) {
			s.GoBackground(ExpirerThread, func() {
				s.Go(SyncThread, func() {
					s.Go(ProcessThread, f.prepLoop)
					f.syncLoop()
				})
				f.expirerLoop()
			})
			return
		}
		s.Go(specs[i].name, func() {
			start(i + 1)
			specs[i].run()
		})
	}
	f.clients = s.NewWorker(ClientsThread, clientsInbox)
	f.clients.Post(s.Now(), func() { start(0) })
	return f, nil
}

func ms(d time.Duration) int64 { return int64(d / time.Millisecond) }

// acceptLoop is AcceptThread.run: select on the listen socket, doAccept.
func (f *Factory) acceptLoop() {
	for {
		var c *Cnxn
		f.s.Select(srcAcceptSelect, f.backlog.Recv(&c, srcAcceptSelect))
		f.doAccept(c)
	}
}

// doAccept is AcceptThread.doAccept: the per-IP limit counts the
// connections the selector threads have registered (addCnxn), then the
// connection goes round-robin to a selector thread, for good.
func (f *Factory) doAccept(c *Cnxn) {
	s := f.s
	if n := f.cfg.MaxClientCnxns; n > 0 && f.ipMap[c.IP] >= n {
		e := sim.Event{Kind: sim.ConnRefuse, Subj: c.Name, Src: srcDoAccept}.Notef("Too many connections from %s - max is %d", "/"+c.IP, n)
		c.State, c.CloseReason, c.ClosedAt = StateClosed, e.Note, s.Now()
		c.in = nil
		f.refused++
		s.Emit(e)
		return
	}
	note := ""
	if s.Tracing() {
		note = "ip=" + c.IP
	}
	s.Emit(sim.Event{Kind: sim.ConnAccept, Subj: c.Name, Note: note, Src: srcDoAccept})
	if f.nextSel == len(f.selectors) {
		f.nextSel = 0 // selectorIterator = selectorThreads.iterator()
	}
	t := f.selectors[f.nextSel]
	f.nextSel++
	c.sel, c.Selector = t, t.id
	t.accepted.Offer(c, srcAddAccepted) // unbounded: never refused; waking the selector is the put
}

// selectLoop is SelectorThread.run.
func (f *Factory) selectLoop(t *selectorThread) {
	for {
		f.selectKeys(t)
		f.processAcceptedConnections(t)
		f.processInterestOpsUpdateRequests(t)
	}
}

// selectKeys is SelectorThread.select: block until a key is ready or the
// thread is woken, then handle the ready keys in shuffled order.
func (f *Factory) selectKeys(t *selectorThread) {
	s := f.s
	var keys []*Cnxn
	if t.ready.Len() == 0 && t.accepted.Len() == 0 && t.updates.Len() == 0 {
		var c *Cnxn
		switch s.Select(srcSelect, t.ready.Recv(&c, srcSelect), t.accepted.Recv(&c, srcProcessAccepted), t.updates.Recv(&c, srcProcessUpdates)) {
		case 0:
			keys = append(keys, c)
		case 1:
			t.carryAccepted = c
		case 2:
			t.carryUpdate = c
		}
	}
	for t.ready.Len() > 0 {
		keys = append(keys, t.ready.Take(srcSelect))
	}
	s.Rand().Shuffle(len(keys), func(i, j int) { keys[i], keys[j] = keys[j], keys[i] })
	for _, c := range keys {
		c.inReady = false
		if c.State != StateOpen {
			continue // a cancelled key: cleanupSelectionKey
		}
		if ops := c.readyOps(); ops != 0 {
			f.handleIO(t, c, ops)
		}
	}
}

// handleIO is SelectorThread.handleIO: stop selecting the key while its
// I/O is done, then schedule that I/O on the worker pool (or do it here).
func (f *Factory) handleIO(t *selectorThread, c *Cnxn, ops int) {
	c.selectable = false // cnxn.disableSelectable()
	f.setInterest(c, 0, srcHandleIO)
	f.touch(c)
	w := &ioWork{tok: f.s.NextToken(), c: c, ops: ops, sel: t}
	if f.work == nil {
		f.doWork(w) // no worker pool: the selector thread does the I/O itself
		return
	}
	f.work.Put(w, srcSchedule)
}

// processAcceptedConnections registers each accepted connection for
// OP_READ and adds it (addCnxn: ipMap and a first touch).
func (f *Factory) processAcceptedConnections(t *selectorThread) {
	for {
		c := t.carryAccepted
		t.carryAccepted = nil
		if c == nil {
			if t.accepted.Len() == 0 {
				return
			}
			c = t.accepted.Take(srcProcessAccepted)
		}
		c.State, c.registered, c.selectable = StateOpen, true, true
		f.s.Emit(sim.Event{Kind: sim.ConnRegister, Subj: c.Name, Src: srcProcessAccepted})
		f.s.Emit(sim.Event{Kind: sim.ConnInterest, Subj: c.Name, From: "", To: OpsString(OpRead), Src: srcProcessAccepted})
		c.interest = OpRead
		c.Interests = append(c.Interests, OpsString(OpRead))
		f.ipMap[c.IP]++
		t.conns++
		f.open++
		f.touch(c)
		f.maybeReady(c, srcProcessAccepted)
	}
}

// processInterestOpsUpdateRequests drains updateQueue and restores each
// selectable key's interest from the connection's getInterestOps().
func (f *Factory) processInterestOpsUpdateRequests(t *selectorThread) {
	for {
		c := t.carryUpdate
		t.carryUpdate = nil
		if c == nil {
			if t.updates.Len() == 0 {
				return
			}
			c = t.updates.Take(srcProcessUpdates)
		}
		if c.isSelectable() {
			f.setInterest(c, c.getInterestOps(), srcProcessUpdates)
			f.maybeReady(c, srcProcessUpdates)
		}
	}
}

// setInterest is key.interestOps(ops), which only the selector thread calls.
func (f *Factory) setInterest(c *Cnxn, ops int, src string) {
	if c.interest == ops {
		return
	}
	if f.s.Tracing() {
		f.s.Emit(sim.Event{Kind: sim.ConnInterest, Subj: c.Name, From: OpsString(c.interest), To: OpsString(ops), Src: src})
	} else {
		f.s.Emit(sim.Event{})
	}
	c.interest = ops
	c.Interests = append(c.Interests, OpsString(ops))
}

// maybeReady puts c in its selector's ready set when the real selector
// would report it: its interest ops meet what its socket can do. Called
// by the client (bytes arrive) and by the selector thread (interest set).
func (f *Factory) maybeReady(c *Cnxn, src string) {
	if c.inReady || !c.registered || c.State != StateOpen || c.readyOps() == 0 {
		return
	}
	c.inReady = true
	c.sel.ready.Put(c, src)
}

// workerLoop is one thread of the FixedThreadPool.
func (f *Factory) workerLoop() {
	for {
		f.doWork(f.work.Take(srcWorkerRun))
	}
}

// doWork is IOWorkRequest.doWork: the I/O, a touch, then the connection
// is selectable again and goes on its selector's updateQueue.
func (f *Factory) doWork(w *ioWork) {
	c := w.c
	if c.State != StateOpen {
		return // the key was cancelled while the request waited
	}
	me := f.s.Current().Name
	if c.owner != "" {
		f.violation(c, nil, "%s would own %s while %s does", me, c.Name, c.owner)
	}
	c.owner = me
	f.doIO(c, w.ops)
	c.owner = ""
	if c.State != StateOpen {
		return // doIO closed it, or the expirer did meanwhile
	}
	f.touch(c)
	c.selectable = true // cnxn.enableSelectable()
	w.sel.updates.Put(c, srcAddUpdate)
}

// doIO is NIOServerCnxn.doIO with the ready ops of the select: read one
// request and submit it to the request processor chain (processPacket),
// then write whatever output is pending. The buffer holds exactly one
// request, so one doIO reads at most one; the next is read on a later
// select/worker cycle, whether or not this one has been answered.
func (f *Factory) doIO(c *Cnxn, ops int) {
	s := f.s
	if ops&OpRead != 0 && len(c.in) > 0 {
		r := c.in[0]
		c.in = c.in[1:]
		if r.eof {
			f.close(c, readFailed, srcDoIO)
			return
		}
		s.Emit(sim.Event{Kind: sim.Recv, Subj: c.Name, ID: r.ID, Item: r.Label, Src: srcProcessPacket})
		c.Received = append(c.Received, r.Label)
		f.submit(c, r)
	}
	if ops&OpWrite != 0 {
		f.handleWrite(c)
	}
}

// handleWrite writes every pending response, in order.
func (f *Factory) handleWrite(c *Cnxn) {
	for _, r := range c.out {
		if r.Seq != c.answered+1 {
			f.violation(c, r, "the response to %s leaves %s out of order", r.Label, c.Name)
		}
		c.answered = r.Seq
		f.s.Emit(sim.Event{Kind: sim.Send, Subj: c.Name, ID: r.ID, Item: r.Label, Src: srcHandleWrite})
		c.Responses = append(c.Responses, r.Label)
	}
	c.out = c.out[:0]
}

func (f *Factory) violation(c *Cnxn, r *Request, format string, args ...any) {
	e := sim.Event{Kind: sim.Invariant, Subj: c.Name, Src: srcDoWork}.Notef(format, args...)
	f.Violations = append(f.Violations, e.Note)
	if r != nil {
		e.ID, e.Item = r.ID, r.Label
	}
	f.s.Emit(e)
}

// touch is touchCnxn: the connection's new bucket in the ExpiryQueue.
func (f *Factory) touch(c *Cnxn) {
	b := f.expiry.Update(c, f.timeoutMs, ms(f.s.Now()))
	e := sim.Event{Kind: sim.ConnTouch, Subj: c.Name, Src: srcTouch}
	if f.s.Tracing() {
		e = e.Notef("bucket %dms", b)
	}
	f.s.Emit(e)
}

// close is NIOServerCnxn.close: removeCnxn (once), then the key is
// cancelled and the socket closed.
func (f *Factory) close(c *Cnxn, reason *msg.Note, src string) {
	if c.State != StateOpen {
		return
	}
	c.State, c.CloseReason, c.ClosedAt = StateClosed, reason.String(), f.s.Now()
	f.expiry.Remove(c)
	f.ipMap[c.IP]--
	c.sel.conns--
	f.open--
	c.in, c.out = nil, nil
	f.s.Emit(sim.Event{Kind: sim.ConnClose, Subj: c.Name, Note: c.CloseReason, Src: src, Words: reason})
}

// expirerLoop is ConnectionExpirerThread.run: sleep until the next bucket
// comes up, then close every connection in it.
func (f *Factory) expirerLoop() {
	s := f.s
	for {
		now := ms(s.Now())
		if wait := f.expiry.GetWaitTime(now); wait > 0 {
			d := time.Duration(wait) * time.Millisecond
			s.Sleepf(d, "getWaitTime %s", sim.FormatDuration(d))
			continue
		}
		due := f.expiry.Poll(now)
		slices.SortFunc(due, func(a, b *Cnxn) int { return a.seq - b.seq })
		for _, c := range due {
			f.close(c, expired, srcExpirer)
		}
	}
}
