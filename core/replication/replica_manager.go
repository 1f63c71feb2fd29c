package replication

import (
	"slices"
	"strconv"
	"time"

	"brokerlab/core/msg"
	"brokerlab/core/purgatory"
	"brokerlab/core/sim"
	"brokerlab/core/socketserver"
)

const (
	srcBecome         = "ReplicaManager.scala ReplicaManager.becomeLeaderOrFollower"
	srcUpdateMetadata = "MetadataCache.scala MetadataCache.updateMetadata"
)

// IsrChangePropagation constants of ReplicaManager (Kafka 2.5).
const (
	IsrChangePropagationBlackOut = 5 * time.Second
	IsrChangePropagationInterval = 60 * time.Second
	IsrChangePropagationPeriod   = 2500 * time.Millisecond
)

// SchedulerThread runs the replica manager's periodic tasks on each broker.
// (kafka-scheduler-0 is the controller's auto-leader-rebalance thread in
// the controller system; the pool has background.threads of them.)
const SchedulerThread = "kafka-scheduler-1"

// ZkClient is the part of KafkaZkClient the replica manager uses. Its
// methods run on the calling thread.
type ZkClient interface {
	// UpdateLeaderAndIsr is the leader's conditional write of a partition's
	// state znode (ReplicationUtils.updateLeaderAndIsr): it fails if the
	// znode's version is no longer expectedVersion.
	UpdateLeaderAndIsr(tp TP, leader, leaderEpoch int, isr []int, controllerEpoch, expectedVersion int) (newVersion int, ok bool)
	// PropagateIsrChanges creates an /isr_change_notification/isr_change_ sequential znode.
	PropagateIsrChanges(tps []TP)
	// NewProducerIdBlock claims the next block of ProducerIDBlockSize
	// producer ids in /latest_producer_id_block
	// (ZkProducerIdManager.getNewProducerIdBlock).
	NewProducerIdBlock(broker int) (start, end int)
}

// Network reaches other brokers' socket servers.
type Network interface {
	// Dial opens a connection named name from the running thread to
	// broker to's socket server (an error if it does not run).
	Dial(name string, to int, notify func(*socketserver.Response)) (*socketserver.Conn, error)
}

// ReplicaManager is one broker's replication: its partitions, the produce
// and fetch purgatories, its replica fetchers and its periodic ISR tasks.
type ReplicaManager struct {
	ID       int
	Host     string // "broker-N", the prefix of its threads and queues
	Metadata *MetadataCache
	Produce  *purgatory.Purgatory
	Fetch    *purgatory.Purgatory
	Fetchers *FetcherManager
	Stalled  bool // stall broker N: the fetchers wait

	s      *sim.Sim
	cfg    Config
	logs   *LogManager
	zk     ZkClient
	net    Network
	mon    *Monitor
	server *socketserver.Server

	partitions map[TP]*Partition // looked up, never iterated
	order      []TP              // sorted

	stateChangeLock    *sim.Lock
	controllerEpoch    int
	isrChangeSet       []TP
	lastIsrChange      time.Duration
	lastIsrPropagation time.Duration
	resume             *sim.Latch
	requestSeq         int
	producerIDs        ProducerIdManager
	adding             *msg.Note // what the operation park is adding waits for

	// LeadershipChange, if set, is KafkaApis' onLeadershipChange: called on
	// the handler thread of a LeaderAndIsr with the partitions this broker
	// newly leads and those it now follows (the group coordinator's
	// onElection and onResignation).
	LeadershipChange func(leaders, followers []TP)
}

// NewReplicaManager builds broker id's replica manager over its logs. mon
// may be nil. Start it with Startup once its socket server exists.
func NewReplicaManager(s *sim.Sim, id int, cfg Config, logs *LogManager, zk ZkClient, net Network, mon *Monitor) (*ReplicaManager, error) {
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	rm := &ReplicaManager{ID: id, Host: "broker-" + itoa(id), s: s, cfg: cfg, logs: logs, zk: zk, net: net, mon: mon,
		partitions: map[TP]*Partition{}, controllerEpoch: -1}
	rm.Metadata = &MetadataCache{}
	rm.Produce = rm.newPurgatory("Produce", false)
	rm.Fetch = rm.newPurgatory("Fetch", true)
	rm.Fetchers = &FetcherManager{rm: rm}
	rm.stateChangeLock = sim.NewLock(s, rm.name("replicaStateChangeLock"))
	rm.producerIDs = ProducerIdManager{claim: func() (int, int) { return zk.NewProducerIdBlock(id) }, last: -1}
	return rm, nil
}

// Startup starts the purgatories' reapers and the periodic tasks
// isr-expiration (every replica.lag.time.max.ms / 2) and
// isr-change-propagation (every 2500 ms), as ReplicaManager.startup; srv
// is the broker's socket server, which answers the parked requests.
func (rm *ReplicaManager) Startup(srv *socketserver.Server) {
	rm.server = srv
	now := rm.s.Now()
	rm.lastIsrChange, rm.lastIsrPropagation = now, now
	rm.Produce.Start()
	rm.Fetch.Start()
	rm.s.GoBackground(rm.name(SchedulerThread), rm.scheduler)
}

// Config is the configuration the broker runs with.
func (rm *ReplicaManager) Config() Config { return rm.cfg }

func (rm *ReplicaManager) name(n string) string { return rm.Host + "/" + n }

func itoa(n int) string { return strconv.Itoa(n) }

// Partition returns this broker's replica of tp, or nil.
func (rm *ReplicaManager) Partition(tp TP) *Partition { return rm.partitions[tp] }

// Partitions lists the partitions this broker hosts, sorted.
func (rm *ReplicaManager) Partitions() []TP { return append([]TP(nil), rm.order...) }

func (rm *ReplicaManager) getOrCreatePartition(tp TP) *Partition {
	if p := rm.partitions[tp]; p != nil {
		return p
	}
	p := &Partition{TP: tp, Log: rm.logs.GetOrCreate(tp), Leader: -1, LeaderEpoch: -1, leaderEpochStartOffset: -1, rm: rm}
	rm.partitions[tp] = p
	rm.order = append(rm.order, tp)
	sortTPs(rm.order)
	return p
}

// scheduler is the kafka-scheduler thread running isr-expiration and
// isr-change-propagation at their fixed rates, the first runs at startup.
func (rm *ReplicaManager) scheduler() {
	type task struct {
		name   string
		period time.Duration
		next   time.Duration
		run    func()
	}
	now := rm.s.Now()
	tasks := []*task{
		{"isr-expiration", rm.cfg.ReplicaLagTimeMax / 2, now, rm.maybeShrinkIsr},
		{"isr-change-propagation", IsrChangePropagationPeriod, now, rm.maybePropagateIsrChanges},
	}
	for {
		t := tasks[0]
		for _, x := range tasks[1:] {
			if x.next < t.next {
				t = x
			}
		}
		if d := t.next - rm.s.Now(); d > 0 {
			rm.s.Sleep(d, t.name)
		}
		t.run()
		t.next += t.period
	}
}

// maybeShrinkIsr is the isr-expiration task: every partition this broker
// leads drops its out-of-sync followers from the ISR.
func (rm *ReplicaManager) maybeShrinkIsr() {
	for _, tp := range rm.order {
		if p := rm.partitions[tp]; p.maybeShrinkIsr() {
			rm.tryCompleteDelayedRequests(tp)
		}
	}
}

func (rm *ReplicaManager) recordIsrChange(tp TP) {
	if !slices.Contains(rm.isrChangeSet, tp) {
		rm.isrChangeSet = append(rm.isrChangeSet, tp)
		sortTPs(rm.isrChangeSet)
	}
	rm.lastIsrChange = rm.s.Now()
}

// maybePropagateIsrChanges writes the ISR changes not yet propagated to
// /isr_change_notification once no change came for 5 s, or 60 s after the
// last propagation.
func (rm *ReplicaManager) maybePropagateIsrChanges() {
	now := rm.s.Now()
	if len(rm.isrChangeSet) > 0 && (rm.lastIsrChange+IsrChangePropagationBlackOut < now || rm.lastIsrPropagation+IsrChangePropagationInterval < now) {
		rm.zk.PropagateIsrChanges(rm.isrChangeSet)
		rm.isrChangeSet = nil
		rm.lastIsrPropagation = now
	}
}

// tryCompleteDelayedRequests runs when tp's high watermark moved.
func (rm *ReplicaManager) tryCompleteDelayedRequests(tp TP) {
	rm.Produce.CheckAndComplete(tp)
	rm.Fetch.CheckAndComplete(tp)
}

// Stall stops the broker's fetchers at their next step (stall broker N);
// Resume lets them go on.
func (rm *ReplicaManager) Stall() {
	if rm.Stalled {
		return
	}
	rm.Stalled = true
	rm.resume = sim.NewLatch(rm.s, rm.name("fetchers.resume"), 0, 1)
}

// Resume undoes Stall.
func (rm *ReplicaManager) Resume() {
	if !rm.Stalled {
		return
	}
	rm.Stalled = false
	rm.resume.CountDown("")
}

// respond queues resp on the broker's socket server, from the running thread.
func (rm *ReplicaManager) respond(resp *socketserver.Response) { rm.server.SendResponse(resp) }

// AppendRecords is ReplicaManager.appendRecords for one partition: check
// acks, append as leader, then answer at once or park a DelayedProduce
// (acks=-1 and the append succeeded) until the high watermark passes the
// records. answer sends the response; it reports whether it was parked.
func (rm *ReplicaManager) AppendRecords(req *socketserver.Request, pr *ProduceRequest, answer func(*ProduceResponse)) bool {
	if pr.Acks != -1 && pr.Acks != 0 && pr.Acks != 1 {
		answer(&ProduceResponse{TP: pr.TP, Error: InvalidRequiredAcks, BaseOffset: -1})
		return false
	}
	p := rm.partitions[pr.TP]
	if p == nil {
		code := UnknownTopicOrPartition
		if rm.Metadata.Partition(pr.TP) != nil {
			code = NotLeaderForPartition
		}
		answer(&ProduceResponse{TP: pr.TP, Error: code, BaseOffset: -1})
		return false
	}
	first, last, code, hwMoved, duplicate := p.appendRecordsToLeader(pr)
	if code == None {
		if hwMoved {
			rm.tryCompleteDelayedRequests(pr.TP)
		} else {
			rm.Fetch.CheckAndComplete(pr.TP)
		}
	}
	if code != None || pr.Acks != -1 {
		if code == None && pr.Acks == 1 && rm.mon != nil && !duplicate {
			rm.mon.onAck(p, first, last, pr)
		}
		answer(&ProduceResponse{TP: pr.TP, Error: code, BaseOffset: first})
		return false
	}
	required := last + 1
	status := RequestTimedOut // until the acks arrive (DelayedProduce's initial status)
	var wait *msg.Note
	if rm.s.Tracing() {
		wait = msg.Notef("%s: %s HW ≥ %d", sim.FormatDuration(pr.Timeout), pr.TP.String(), required)
	}
	try := func() bool {
		q := rm.partitions[pr.TP]
		var enough bool
		var code string
		if q == nil || !q.IsLeader() {
			code = NotLeaderForPartition
		} else {
			enough, code = q.checkEnoughReplicasReachOffset(required)
		}
		if code != None || enough {
			status = code
			return true
		}
		return false
	}
	finish := func(bool) (*msg.Note, func()) {
		if status == None && rm.mon != nil && !duplicate {
			rm.mon.onAck(p, first, last, pr)
		}
		send := func() { answer(&ProduceResponse{TP: pr.TP, Error: status, BaseOffset: first}) }
		if !rm.s.Tracing() {
			return nil, send
		}
		// An error code is its own note: data, the same in every language.
		return msg.Notef(status), send
	}
	return rm.park(rm.Produce, "DelayedProduce", req, []any{pr.TP}, pr.Timeout, wait, try, finish)
}

// fetchResult is one partition's LogReadResult.
type fetchResult struct {
	FetchPartitionData
	leo           int
	needsHWUpdate bool
}

// readFromLocalLog reads every partition of fr (ReplicaManager.readFromLocalLog).
func (rm *ReplicaManager) readFromLocalLog(fr *FetchRequest) []fetchResult {
	follower := fr.ReplicaID >= 0
	out := make([]fetchResult, len(fr.Partitions))
	for i, fp := range fr.Partitions {
		r := fetchResult{FetchPartitionData: FetchPartitionData{TP: fp.TP, HW: -1}, leo: -1}
		p := rm.partitions[fp.TP]
		if p == nil {
			r.Error = UnknownTopicOrPartition
			if rm.Metadata.Partition(fp.TP) != nil {
				r.Error = NotLeaderForPartition
			}
		} else {
			r.Records, r.HW, r.leo, r.Error = p.read(fp.FetchOffset, fp.CurrentLeaderEpoch, follower)
			if rep := p.Remote(fr.ReplicaID); follower && rep != nil && r.Error == None {
				r.needsHWUpdate = rep.LastSentHW < r.HW
			}
		}
		out[i] = r
	}
	return out
}

func fetchResponse(results []fetchResult) *FetchResponse {
	resp := &FetchResponse{Partitions: make([]FetchPartitionData, len(results))}
	for i, r := range results {
		resp.Partitions[i] = r.FetchPartitionData
	}
	return resp
}

// fetchMessages is ReplicaManager.fetchMessages: read, record a
// follower's position (which may move the ISR and the high watermark),
// then answer at once (data enough for fetch.min.bytes, an error, a
// follower that needs the new high watermark) or park a DelayedFetch for
// up to the fetch's max wait. It reports whether it was parked.
func (rm *ReplicaManager) fetchMessages(req *socketserver.Request, fr *FetchRequest, answer func(*FetchResponse)) bool {
	results := rm.readFromLocalLog(fr)
	now := rm.s.Now()
	bytes, failed, needsHW := 0, false, false
	for _, r := range results {
		if r.Error != None {
			failed = true
			continue
		}
		bytes += len(r.Records) * RecordBytes
		needsHW = needsHW || r.needsHWUpdate
		if fr.ReplicaID >= 0 {
			if p := rm.partitions[r.TP]; p.updateFollowerFetchState(fr.ReplicaID, fetchOffsetOf(fr, r.TP), now, r.leo, r.HW) {
				rm.tryCompleteDelayedRequests(r.TP)
			}
		}
	}
	if fr.MaxWait <= 0 || len(fr.Partitions) == 0 || bytes >= fr.MinBytes || failed || needsHW {
		answer(fetchResponse(results))
		return false
	}
	keys := make([]any, len(fr.Partitions))
	for i, fp := range fr.Partitions {
		keys[i] = fp.TP
	}
	var wait *msg.Note
	if rm.s.Tracing() {
		wait = msg.Notef("%s: fetch.min.bytes %d", sim.FormatDuration(fr.MaxWait), fr.MinBytes)
		if fr.ReplicaID >= 0 {
			wait = msg.Notef("%s: replica.fetch.min.bytes %d or a new HW for replica %d", sim.FormatDuration(fr.MaxWait), fr.MinBytes, fr.ReplicaID)
		}
	}
	finish := func(expired bool) (*msg.Note, func()) {
		results := rm.readFromLocalLog(fr)
		send := func() { answer(fetchResponse(results)) }
		if !rm.s.Tracing() {
			return nil, send
		}
		n := 0
		for _, r := range results {
			n += len(r.Records)
		}
		if expired {
			return msg.Notef("max wait over: %d records", n), send
		}
		return msg.Notef("%d records", n), send
	}
	return rm.park(rm.Fetch, "DelayedFetch", req, keys, fr.MaxWait, wait, func() bool { return rm.delayedFetchReady(fr) }, finish)
}

func fetchOffsetOf(fr *FetchRequest, tp TP) int {
	for _, fp := range fr.Partitions {
		if fp.TP == tp {
			return fp.FetchOffset
		}
	}
	return -1
}

// delayedFetchReady is DelayedFetch.tryComplete: the broker no longer
// leads a partition or fences the epoch (cases A–E), the data reached the
// minimum (G), or a follower has not seen the high watermark yet (H).
func (rm *ReplicaManager) delayedFetchReady(fr *FetchRequest) bool {
	follower := fr.ReplicaID >= 0
	bytes := 0
	for _, fp := range fr.Partitions {
		p := rm.partitions[fp.TP]
		if p == nil || p.checkEpoch(fp.CurrentLeaderEpoch, true) != None {
			return true
		}
		end := p.Log.HW
		if follower {
			end = p.Log.LEO()
		}
		if end < fp.FetchOffset {
			return true // the log is shorter than the fetch: answer (case F)
		}
		bytes += (end - fp.FetchOffset) * RecordBytes
		if r := p.Remote(fr.ReplicaID); follower && r != nil && p.Log.HW > r.LastSentHW {
			return true
		}
	}
	return bytes >= fr.MinBytes
}

// lastOffsetForLeaderEpoch answers OffsetsForLeaderEpoch from the leader's
// epoch cache.
func (rm *ReplicaManager) lastOffsetForLeaderEpoch(req *OffsetsForLeaderEpochRequest) *OffsetsForLeaderEpochResponse {
	resp := &OffsetsForLeaderEpochResponse{}
	for _, rp := range req.Partitions {
		e := EpochEndOffset{TP: rp.TP, LeaderEpoch: Undefined, EndOffset: Undefined}
		p := rm.partitions[rp.TP]
		switch {
		case p == nil:
			e.Error = UnknownTopicOrPartition
		default:
			e.Error = p.checkEpoch(rp.CurrentLeaderEpoch, true)
			if e.Error == None {
				e.LeaderEpoch, e.EndOffset = p.Log.EndOffsetFor(rp.LeaderEpoch)
			}
		}
		resp.Partitions = append(resp.Partitions, e)
	}
	return resp
}

// becomeLeaderOrFollower is ReplicaManager.becomeLeaderOrFollower: take
// the partitions whose epoch is newer than the broker's, make this broker
// the leader of some (their fetchers stop) and a follower of the others
// (fetchers to the new leaders, from the local high watermark; parked
// requests of those partitions are answered), then shut down the fetcher
// threads left without partitions.
func (rm *ReplicaManager) becomeLeaderOrFollower(req *LeaderAndIsrRequest) string {
	rm.stateChangeLock.Lock(srcBecome)
	defer rm.stateChangeLock.Unlock(srcBecome)
	if req.ControllerEpoch < rm.controllerEpoch {
		return StaleControllerEpoch
	}
	rm.controllerEpoch = req.ControllerEpoch
	var leaders, followers []PartitionState
	for _, st := range req.Partitions {
		if !slices.Contains(st.Replicas, rm.ID) {
			continue // upstream answers UNKNOWN_TOPIC_OR_PARTITION for it
		}
		p := rm.getOrCreatePartition(st.TP)
		if st.LeaderEpoch <= p.LeaderEpoch {
			continue // an old or repeated epoch: ignored (STALE_CONTROLLER_EPOCH for it)
		}
		if st.Leader == rm.ID {
			leaders = append(leaders, st)
		} else {
			followers = append(followers, st)
		}
	}
	var newLeaders []TP
	if len(leaders) > 0 {
		var tps []TP
		for _, st := range leaders {
			tps = append(tps, st.TP)
		}
		rm.Fetchers.removeFetcherForPartitions(tps)
		for _, st := range leaders {
			p := rm.partitions[st.TP]
			isNew, hwMoved := p.makeLeader(st, req.ControllerEpoch)
			if hwMoved {
				rm.tryCompleteDelayedRequests(st.TP)
			}
			if isNew {
				newLeaders = append(newLeaders, st.TP)
			}
		}
	}
	var changed []TP
	for _, st := range followers {
		p := rm.partitions[st.TP]
		if !rm.Metadata.IsAlive(st.Leader) {
			continue // "cannot become follower since the new leader is unavailable"
		}
		if p.makeFollower(st, req.ControllerEpoch) {
			changed = append(changed, st.TP)
		}
	}
	if len(changed) > 0 {
		rm.Fetchers.removeFetcherForPartitions(changed)
		for _, tp := range changed {
			rm.tryCompleteDelayedRequests(tp) // completeDelayedFetchOrProduceRequests
		}
		var add []initialFetch
		for _, tp := range changed {
			p := rm.partitions[tp]
			add = append(add, initialFetch{tp: tp, leader: p.Leader, epoch: p.LeaderEpoch, offset: p.Log.HW})
		}
		rm.Fetchers.addFetcherForPartitions(add)
	}
	rm.Fetchers.shutdownIdleFetcherThreads()
	if rm.LeadershipChange != nil && (len(newLeaders) > 0 || len(changed) > 0) {
		rm.LeadershipChange(newLeaders, changed)
	}
	return None
}

// LeaderLog is the log of tp while this broker leads it (what a
// coordinator loads, to the log end: FetchLogEnd), else nil.
func (rm *ReplicaManager) LeaderLog(tp TP) *Log {
	if p := rm.partitions[tp]; p != nil && p.IsLeader() {
		return p.Log
	}
	return nil
}

// updateMetadata is KafkaApis' UpdateMetadata: refresh the metadata cache.
func (rm *ReplicaManager) updateMetadata(req *UpdateMetadataRequest) string {
	if req.ControllerEpoch < rm.controllerEpoch {
		return StaleControllerEpoch
	}
	rm.controllerEpoch = req.ControllerEpoch
	rm.Metadata.update(req)
	var note *msg.Note
	if rm.s.Tracing() {
		note = rm.Metadata.summary(req.Partitions)
	}
	rm.s.Emit(sim.Noted(sim.Event{Kind: sim.Metadata, Subj: rm.Host, ID: rm.ID, Src: srcUpdateMetadata}, note))
	return None
}

// The trace's replication kinds (see sim.Kinds and doc.go).

func (rm *ReplicaManager) emitHW(tp TP, from, to int, note *msg.Note, src string) {
	rm.emitLog(sim.HW, tp, "", from, to, note, src)
}

func (rm *ReplicaManager) emitLog(kind sim.Kind, tp TP, item string, from, to int, note *msg.Note, src string) {
	if !rm.s.Tracing() {
		rm.s.Emit(sim.Event{})
		return
	}
	rm.s.Emit(sim.Noted(sim.Event{Kind: kind, Subj: tp.String(), ID: rm.ID, Item: item, From: itoa(from), To: itoa(to), Src: src}, note))
}

func (rm *ReplicaManager) emitLEO(tp TP, follower, from, to int, note *msg.Note, src string) {
	if !rm.s.Tracing() {
		rm.s.Emit(sim.Event{})
		return
	}
	rm.s.Emit(sim.Noted(sim.Event{Kind: sim.ReplicaLEO, Subj: tp.String(), ID: follower, Item: rm.Host, From: itoa(from), To: itoa(to), Src: src}, note))
}

func (rm *ReplicaManager) emitRole(tp TP, from, to string, epoch int, src string) {
	rm.s.Emit(sim.Event{Kind: sim.Role, Subj: tp.String(), ID: rm.ID, From: from, To: to, Src: src}.Notef("epoch %d", epoch))
}

func (rm *ReplicaManager) emitISR(tp TP, from, to string, why *msg.Note, src string) {
	rm.s.Emit(sim.Noted(sim.Event{Kind: sim.ISR, Subj: tp.String(), ID: rm.ID, From: from, To: to, Src: src}, why))
}

func (rm *ReplicaManager) emitCache(tp TP, from, to string, note *msg.Note, src string) {
	if !rm.s.Tracing() {
		rm.s.Emit(sim.Event{})
		return
	}
	rm.s.Emit(sim.Noted(sim.Event{Kind: sim.EpochCache, Subj: tp.String(), ID: rm.ID, From: from, To: to, Src: src}, note))
}

// nextRequestName names a request this broker's threads send: "replica-2#7".
func (rm *ReplicaManager) nextRequestName(client string) string {
	rm.requestSeq++
	return client + "#" + itoa(rm.requestSeq)
}
