package replication

import (
	"slices"
	"time"

	"brokerlab/core/msg"
	"brokerlab/core/sim"
	"brokerlab/core/socketserver"
)

const (
	srcFetcherDoWork   = "AbstractFetcherThread.scala AbstractFetcherThread.doWork"
	srcMaybeTruncate   = "AbstractFetcherThread.scala AbstractFetcherThread.maybeTruncate"
	srcTruncationState = "AbstractFetcherThread.scala AbstractFetcherThread.getOffsetTruncationState"
	srcMaybeFetch      = "AbstractFetcherThread.scala AbstractFetcherThread.maybeFetch"
	srcProcessData     = "ReplicaFetcherThread.scala ReplicaFetcherThread.processPartitionData"
	srcAddPartitions   = "AbstractFetcherThread.scala AbstractFetcherThread.addPartitions"
	srcRemovePartition = "AbstractFetcherThread.scala AbstractFetcherThread.removePartitions"
	srcFetcherShutdown = "AbstractFetcherManager.scala AbstractFetcherManager.shutdownIdleFetcherThreads"
	srcBlockingSend    = "ReplicaFetcherBlockingSend.scala ReplicaFetcherBlockingSend.sendRequest"
)

// Fetch states of a partition in a fetcher (PartitionFetchState).
const (
	Truncating = "Truncating"
	Fetching   = "Fetching"
)

// FetcherName is the thread name of broker's fetcher from leader
// (num.replica.fetchers 1: fetcher id 0).
func FetcherName(leader int) string { return "ReplicaFetcherThread-0-" + itoa(leader) }

type initialFetch struct {
	tp                    TP
	leader, epoch, offset int
}

// fetchState is PartitionFetchState.
type fetchState struct {
	TP           TP
	Offset       int
	Epoch        int // currentLeaderEpoch
	State        string
	delayedUntil time.Duration
}

// FetcherManager is ReplicaFetcherManager: one fetcher thread per leader.
type FetcherManager struct {
	rm      *ReplicaManager
	threads []*FetcherThread // sorted by leader
}

// Threads lists the running fetcher threads, by leader.
func (fm *FetcherManager) Threads() []*FetcherThread {
	return append([]*FetcherThread(nil), fm.threads...)
}

// State returns tp's fetch state in this broker's fetchers ("" if none).
func (fm *FetcherManager) State(tp TP) string {
	for _, t := range fm.threads {
		if st := t.state(tp); st != nil {
			return st.State
		}
	}
	return ""
}

func (fm *FetcherManager) addFetcherForPartitions(add []initialFetch) {
	for _, a := range add {
		var t *FetcherThread
		for _, x := range fm.threads {
			if x.Leader == a.leader {
				t = x
			}
		}
		if t == nil {
			t = fm.start(a.leader)
		}
		t.addPartition(a)
	}
}

func (fm *FetcherManager) removeFetcherForPartitions(tps []TP) {
	for _, t := range fm.threads {
		t.removePartitions(tps, "removed")
	}
}

// shutdownIdleFetcherThreads shuts down the threads left without
// partitions, each after its request in flight is answered (the thread is
// not interruptible), as ShutdownableThread.shutdown waits.
func (fm *FetcherManager) shutdownIdleFetcherThreads() {
	var keep []*FetcherThread
	for _, t := range fm.threads {
		if len(t.parts) > 0 {
			keep = append(keep, t)
			continue
		}
		t.running = false
		t.cond.Put(1, srcFetcherShutdown)
		fm.rm.s.Select(srcFetcherShutdown, t.done.Done(), sim.After(fm.rm.cfg.ReplicaSocketTimeout))
	}
	fm.threads = keep
}

func (fm *FetcherManager) start(leader int) *FetcherThread {
	rm := fm.rm
	t := &FetcherThread{Name: FetcherName(leader), Leader: leader, rm: rm, running: true}
	t.cond = sim.NewQueue(rm.s, rm.name(t.Name+".partitionMapCond"), 0, func(int) (int, string) { return 0, "signal" })
	t.done = sim.NewLatch(rm.s, rm.name(t.Name+".shutdownLatch"), 0, 1)
	fm.threads = append(fm.threads, t)
	slices.SortFunc(fm.threads, func(a, b *FetcherThread) int { return a.Leader - b.Leader })
	// Replication is the cluster's steady background: "run idle" does not
	// wait for followers' polling.
	rm.s.GoBackground(rm.name(t.Name), t.run)
	return t
}

// FetcherThread is a ReplicaFetcherThread: it fetches the partitions this
// broker follows from one leader, first truncating each new one with
// OffsetsForLeaderEpoch (KIP-101/279).
type FetcherThread struct {
	Name    string
	Leader  int
	rm      *ReplicaManager
	parts   []*fetchState // sorted by partition
	cond    *sim.Queue[int]
	done    *sim.Latch
	running bool
	conn    *socketserver.Conn
	inbox   *sim.Queue[*socketserver.Response]
}

// Partitions lists the partitions the thread fetches.
func (t *FetcherThread) Partitions() []TP {
	out := make([]TP, len(t.parts))
	for i, st := range t.parts {
		out[i] = st.TP
	}
	return out
}

func (t *FetcherThread) state(tp TP) *fetchState {
	for _, st := range t.parts {
		if st.TP == tp {
			return st
		}
	}
	return nil
}

func (t *FetcherThread) setState(st *fetchState, to string, note *msg.Note, src string) {
	from := st.State
	st.State = to
	t.rm.s.Emit(sim.Noted(sim.Event{Kind: sim.Fetcher, Subj: st.TP.String(), ID: t.rm.ID, Item: t.Name, From: from, To: to, Src: src}, note))
}

// addPartition is addPartitions: a partition whose epoch is the one the
// thread has keeps its state; otherwise it starts Truncating from the
// initial offset (the local high watermark).
func (t *FetcherThread) addPartition(a initialFetch) {
	if st := t.state(a.tp); st != nil && st.Epoch == a.epoch {
		return
	}
	t.removePartitions([]TP{a.tp}, "")
	st := &fetchState{TP: a.tp, Offset: a.offset, Epoch: a.epoch, State: "none"}
	t.parts = append(t.parts, st)
	slices.SortFunc(t.parts, func(x, y *fetchState) int {
		if x.TP.Topic != y.TP.Topic {
			if x.TP.Topic < y.TP.Topic {
				return -1
			}
			return 1
		}
		return x.TP.Partition - y.TP.Partition
	})
	t.setState(st, Truncating, msg.Notef("leader %d, epoch %d, from offset %d", a.leader, a.epoch, a.offset), srcAddPartitions)
	t.cond.Put(1, srcAddPartitions)
}

func (t *FetcherThread) removePartitions(tps []TP, why string) {
	kept := t.parts[:0]
	for _, st := range t.parts {
		if slices.Contains(tps, st.TP) {
			if why != "" {
				t.setState(st, why, nil, srcRemovePartition)
			}
			continue
		}
		kept = append(kept, st)
	}
	clear(t.parts[len(kept):])
	t.parts = kept
}

// run is ShutdownableThread.run around doWork: maybeTruncate, maybeFetch.
func (t *FetcherThread) run() {
	rm := t.rm
	for t.running {
		if rm.Stalled {
			var x int
			rm.s.Select(srcFetcherDoWork, rm.resume.Done(), t.cond.Recv(&x, srcFetcherDoWork))
			continue
		}
		t.maybeTruncate()
		if t.running {
			t.maybeFetch()
		}
	}
	if t.conn != nil {
		t.conn.Close()
	}
	t.done.CountDown(srcFetcherShutdown)
}

func (t *FetcherThread) ready(st *fetchState, state string) bool {
	return st.State == state && st.delayedUntil <= t.rm.s.Now()
}

func (t *FetcherThread) delay(st *fetchState) {
	st.delayedUntil = t.rm.s.Now() + t.rm.cfg.ReplicaFetchBackoff
}

// backoff is partitionMapCond.await(replica.fetch.backoff.ms).
func (t *FetcherThread) backoff(src string) {
	var x int
	t.rm.s.Select(src, t.cond.Recv(&x, src), sim.After(t.rm.cfg.ReplicaFetchBackoff))
}

// maybeTruncate sends OffsetsForLeaderEpoch for the truncating partitions
// whose log has an epoch, truncates the others to their high watermark.
func (t *FetcherThread) maybeTruncate() {
	rm := t.rm
	var ask []EpochRequestPartition
	for _, st := range t.parts {
		if !t.ready(st, Truncating) {
			continue
		}
		p := rm.partitions[st.TP]
		if latest, ok := p.Log.LatestEpoch(); ok {
			ask = append(ask, EpochRequestPartition{TP: st.TP, CurrentLeaderEpoch: st.Epoch, LeaderEpoch: latest})
			continue
		}
		p.truncateTo(st.Offset, msg.Notef("no leader epoch in the log: to its high watermark %d", st.Offset))
		t.setState(st, Fetching, msg.Notef("truncated to the high watermark"), srcMaybeTruncate)
	}
	if len(ask) == 0 {
		return
	}
	body, ok := t.sendAndReceive("OffsetForLeaderEpoch", &OffsetsForLeaderEpochRequest{ReplicaID: rm.ID, Partitions: ask})
	if !ok {
		for _, a := range ask {
			if st := t.state(a.TP); st != nil {
				t.delay(st)
			}
		}
		return
	}
	for i, e := range body.(*OffsetsForLeaderEpochResponse).Partitions {
		st := t.state(e.TP)
		if st == nil || st.Epoch != ask[i].CurrentLeaderEpoch || st.State != Truncating {
			continue // the leadership changed while we asked
		}
		switch e.Error {
		case None:
			t.truncate(st, e, ask[i].LeaderEpoch)
		case FencedLeaderEpoch:
			t.fenced(st, ask[i].CurrentLeaderEpoch)
		default:
			t.delay(st)
		}
	}
}

// truncate is getOffsetTruncationState, then the truncation.
func (t *FetcherThread) truncate(st *fetchState, e EpochEndOffset, asked int) {
	p := t.rm.partitions[st.TP]
	leo := p.Log.LEO()
	var to int
	done := true
	var why *msg.Note
	switch {
	case e.EndOffset == Undefined:
		to = st.Offset
		why = msg.Notef("leader's answer undefined: to its high watermark %d", to)
	case e.LeaderEpoch == Undefined:
		to = min(e.EndOffset, leo)
	default:
		fEpoch, fEnd := p.Log.EndOffsetFor(e.LeaderEpoch)
		switch {
		case fEnd == Undefined:
			to = min(e.EndOffset, leo)
			why = msg.Notef("leader's epoch %d ends at %d, below every epoch this log knows", e.LeaderEpoch, e.EndOffset)
		case fEpoch != e.LeaderEpoch:
			to, done = min(fEnd, leo), false
			why = msg.Notef("leader answered epoch %d, unknown here: to the end of epoch %d and ask again", e.LeaderEpoch, fEpoch)
		default:
			to = min(fEnd, e.EndOffset, leo)
			why = msg.Notef("OffsetsForLeaderEpoch(%d): leader's epoch %d ends at %d, here at %d; LEO %d", asked, e.LeaderEpoch, e.EndOffset, fEnd, leo)
		}
	}
	p.truncateTo(to, why)
	st.Offset = p.Log.LEO()
	if done {
		t.setState(st, Fetching, msg.Notef("fetch from offset %d", st.Offset), srcTruncationState)
	}
}

// fenced is onPartitionFenced: if our epoch is the one the leader fenced,
// drop the partition until a new LeaderAndIsr comes; else retry later.
func (t *FetcherThread) fenced(st *fetchState, requestEpoch int) {
	if st.Epoch == requestEpoch {
		t.removePartitions([]TP{st.TP}, "failed")
		return
	}
	t.delay(st)
}

// maybeFetch sends one Fetch for every partition ready to fetch, or waits
// replica.fetch.backoff.ms when none is.
func (t *FetcherThread) maybeFetch() {
	rm := t.rm
	var fps []FetchPartition
	for _, st := range t.parts {
		if t.ready(st, Fetching) {
			fps = append(fps, FetchPartition{TP: st.TP, FetchOffset: st.Offset, CurrentLeaderEpoch: st.Epoch})
		}
	}
	if len(fps) == 0 {
		if !t.anyReadySoon() {
			t.backoff(srcMaybeFetch)
		}
		return
	}
	body, ok := t.sendAndReceive("Fetch", &FetchRequest{ReplicaID: rm.ID, MaxWait: rm.cfg.ReplicaFetchWaitMax, MinBytes: rm.cfg.ReplicaFetchMinBytes, Partitions: fps})
	if !ok {
		if t.running {
			for _, fp := range fps {
				if st := t.state(fp.TP); st != nil {
					t.delay(st)
				}
			}
			t.backoff(srcMaybeFetch)
		}
		return
	}
	for i, pd := range body.(*FetchResponse).Partitions {
		st := t.state(pd.TP)
		if st == nil || st.Offset != fps[i].FetchOffset || st.Epoch != fps[i].CurrentLeaderEpoch || st.State != Fetching {
			continue
		}
		switch pd.Error {
		case None:
			t.processPartitionData(st, pd)
		case FencedLeaderEpoch:
			t.fenced(st, fps[i].CurrentLeaderEpoch)
		case OffsetOutOfRange:
			// The leader's log ends below our fetch offset: validate again
			// with OffsetsForLeaderEpoch (upstream asks ListOffsets).
			t.setState(st, Truncating, msg.Notef("offset %d out of range on the leader", st.Offset), srcMaybeFetch)
		default: // UNKNOWN_LEADER_EPOCH, NOT_LEADER_FOR_PARTITION, …: back off
			t.delay(st)
		}
	}
}

// anyReadySoon reports whether a truncating partition is ready now (the
// loop goes straight back to maybeTruncate instead of waiting).
func (t *FetcherThread) anyReadySoon() bool {
	for _, st := range t.parts {
		if t.ready(st, Truncating) {
			return true
		}
	}
	return false
}

// processPartitionData appends what the leader sent and takes its high
// watermark, clamped to the new log end.
func (t *FetcherThread) processPartitionData(st *fetchState, pd FetchPartitionData) {
	p := t.rm.partitions[st.TP]
	if len(pd.Records) > 0 {
		var item *msg.Note // the trace's only
		if t.rm.s.Tracing() {
			item = msg.Notef("from leader %d", t.Leader)
		}
		p.appendLog(pd.Records, item, srcProcessData)
		st.Offset = p.Log.LEO()
	}
	p.updateFollowerHW(pd.HW)
}

// sendAndReceive is ReplicaFetcherBlockingSend.sendRequest: (re)connect to
// the leader if needed, send, and wait for the answer up to
// replica.socket.timeout.ms. ok is false if the connection failed.
func (t *FetcherThread) sendAndReceive(api string, body any) (any, bool) {
	rm := t.rm
	if t.conn == nil || t.conn.Closed() {
		inbox := sim.NewQueue(rm.s, rm.name(t.Name+".responses"), 0, responseLabel)
		conn, err := rm.net.Dial("replica-"+itoa(rm.ID)+"@broker-"+itoa(t.Leader), t.Leader, func(r *socketserver.Response) { inbox.Put(r, srcBlockingSend) })
		if err != nil {
			rm.s.Emit(sim.Event{Kind: sim.ClientRecv, Subj: "replica-" + itoa(rm.ID) + "@broker-" + itoa(t.Leader), Item: api, Note: ConnectionRefused, Src: srcBlockingSend})
			return nil, false
		}
		t.conn, t.inbox = conn, inbox
	}
	req, err := t.conn.Send(api, rm.nextRequestName("replica-"+itoa(rm.ID)), body)
	if err != nil {
		t.conn = nil
		return nil, false
	}
	var resp *socketserver.Response
	if rm.s.Select(srcBlockingSend, t.inbox.Recv(&resp, srcBlockingSend), sim.After(rm.cfg.ReplicaSocketTimeout)) == 1 {
		t.conn.Close()
		t.conn = nil
		rm.s.Emit(sim.Event{Kind: sim.ClientRecv, Subj: req.Conn.Name, ID: req.ID, Item: req.Label(), Note: RequestTimedOut, Src: srcBlockingSend})
		return nil, false
	}
	if resp == nil {
		t.conn = nil
		rm.s.Emit(sim.Event{Kind: sim.ClientRecv, Subj: req.Conn.Name, ID: req.ID, Item: req.Label(), Note: NetworkException, Src: srcBlockingSend})
		return nil, false
	}
	rm.s.Emit(sim.Event{Kind: sim.ClientRecv, Subj: req.Conn.Name, ID: req.ID, Item: label(rm.s, req), Note: ResponseError(resp.Body), Src: srcBlockingSend})
	return resp.Body, true
}

// label is the request's trace label, built only when the trace is kept.
func label(s *sim.Sim, req *socketserver.Request) string {
	if !s.Tracing() {
		return ""
	}
	return req.Label()
}

func responseLabel(r *socketserver.Response) (int, string) {
	if r == nil {
		return 0, "disconnected"
	}
	return r.Request.ID, r.Request.Label()
}

// ResponseError is a response's error as client.recv notes it: the first
// partition's error that is not NONE, else NONE.
func ResponseError(body any) string {
	switch b := body.(type) {
	case *ProduceResponse:
		return b.Error
	case *FetchResponse:
		for _, p := range b.Partitions {
			if p.Error != None {
				return p.Error
			}
		}
	case *OffsetsForLeaderEpochResponse:
		for _, p := range b.Partitions {
			if p.Error != None {
				return p.Error
			}
		}
	case *MetadataResponse:
		for _, p := range b.Partitions {
			if p.Error != None {
				return p.Error
			}
		}
	case *ControllerResponse:
		return b.Error
	case *InitProducerIdResponse:
		return b.Error
	}
	return None
}
