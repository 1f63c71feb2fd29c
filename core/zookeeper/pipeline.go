package zookeeper

import "brokerlab/core/sim"

// The request processor chain of a standalone server, with upstream's
// thread names (ZooKeeper 3.5.9 ZooKeeperServer.java L482-489): setupRequestProcessors builds
// FinalRequestProcessor ← SyncRequestProcessor ← PrepRequestProcessor.
const (
	ProcessThread = "ProcessThread(sid:0 cport:2181):" // PrepRequestProcessor; a standalone server's id is 0
	SyncThread    = "SyncThread:0"                     // SyncRequestProcessor; FinalRequestProcessor runs on it
)

// Queue names of the chain in the trace.
const (
	submittedQueue = "PrepRequestProcessor.submittedRequests" // LinkedBlockingQueue, unbounded
	queuedQueue    = "SyncRequestProcessor.queuedRequests"    // LinkedBlockingQueue, unbounded
)

// DefaultGlobalOutstandingLimit is zookeeper.globalOutstandingLimit's default.
const DefaultGlobalOutstandingLimit = 1000

const (
	srcProcessPacket = "ZooKeeperServer.java ZooKeeperServer.processPacket"
	srcSubmit        = "ZooKeeperServer.java ZooKeeperServer.submitRequest"
	srcPrepRun       = "PrepRequestProcessor.java PrepRequestProcessor.run"
	srcPrepNext      = "PrepRequestProcessor.java PrepRequestProcessor.pRequest"
	srcSyncRun       = "SyncRequestProcessor.java SyncRequestProcessor.run"
	srcSendResponse  = "NIOServerCnxn.java NIOServerCnxn.sendResponse"
	srcIncrOut       = "NIOServerCnxn.java NIOServerCnxn.incrOutstandingRequests"
)

// pipeline is the chain's two threads and their queues, plus
// ZooKeeperServer.requestsInProcess.
type pipeline struct {
	submitted *sim.Queue[*Request] // PrepRequestProcessor.submittedRequests
	queued    *sim.Queue[*Request] // SyncRequestProcessor.queuedRequests
	inProcess int                  // requestsInProcess: submitted, not yet through Final
	maxIn     int                  // the most ever in process at once
}

func reqLabel(r *Request) (int, string) { return r.ID, r.Label }

func newPipeline(s *sim.Sim) *pipeline {
	return &pipeline{
		submitted: sim.NewQueue(s, submittedQueue, 0, reqLabel),
		queued:    sim.NewQueue(s, queuedQueue, 0, reqLabel),
	}
}

// submit is processPacket → submitRequest on the thread that read r (a
// worker, or the selector thread with 0 workers): touch the session (none
// here), firstProcessor.processRequest (submittedRequests.add),
// incInProcess; then, in processPacket's finally, incrOutstandingRequests:
// the connection is throttled (disableRecv) while more than
// globalOutstandingLimit requests are in process server-wide.
func (f *Factory) submit(c *Cnxn, r *Request) {
	p := f.pipe
	r.cnxn = c
	p.submitted.Put(r, srcSubmit)
	p.inProcess++
	p.maxIn = max(p.maxIn, p.inProcess)
	c.outstanding++
	if p.inProcess > f.cfg.GlobalOutstandingLimit && !c.throttled {
		c.throttled = true // disableRecv: the next interest update drops OP_READ
		f.s.Emit(sim.Event{Kind: sim.State, Subj: c.Name + ".throttled", From: "false", To: "true", Src: srcIncrOut}.
			Notef("disableRecv: %d in process > globalOutstandingLimit %d", p.inProcess, f.cfg.GlobalOutstandingLimit))
	}
}

// prepLoop is PrepRequestProcessor.run on ProcessThread: take requests in
// FIFO order, pRequest (a zxid and a txn for a write, checkSession for a
// read: no cost here), hand each to SyncRequestProcessor.
func (f *Factory) prepLoop() {
	p := f.pipe
	for {
		r := p.submitted.Take(srcPrepRun)
		p.queued.Put(r, srcPrepNext)
	}
}

// syncLoop is SyncRequestProcessor.run on SyncThread: take each request,
// log it and flush (the send's cost), then FinalRequestProcessor on this
// same thread applies it and queues the response on the connection.
func (f *Factory) syncLoop() {
	s, p := f.s, f.pipe
	for {
		r := p.queued.Take(srcSyncRun)
		s.Sleepf(r.Cost, "process %s %s", r.Label, sim.FormatDuration(r.Cost))
		f.final(r)
	}
}

// final is FinalRequestProcessor.processRequest: decInProcess, then
// cnxn.sendResponse, which appends the reply to outgoingBuffers
// (sendBuffer) and, if the connection has nothing outstanding left or the
// server is under its limit again, enableRecv. The socket write happens
// later, on a worker, when the selector reports OP_WRITE.
func (f *Factory) final(r *Request) {
	p, c := f.pipe, r.cnxn
	p.inProcess--
	c.outstanding--
	if c.State != StateOpen {
		return // the connection closed meanwhile: the reply has nowhere to go
	}
	c.out = append(c.out, r)
	if c.throttled && (c.outstanding < 1 || p.inProcess < f.cfg.GlobalOutstandingLimit) {
		c.throttled = false // enableRecv
		f.s.Emit(sim.Event{Kind: sim.State, Subj: c.Name + ".throttled", From: "true", To: "false", Note: "enableRecv", Src: srcSendResponse})
	}
	// requestInterestOpsUpdate: only while the connection is selectable;
	// a worker that owns it queues the update when it hands it back.
	if c.isSelectable() {
		c.sel.updates.Put(c, srcAddUpdate)
	}
}
