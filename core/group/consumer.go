package group

import (
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"

	"brokerlab/core/msg"
	"brokerlab/core/sim"
	"brokerlab/core/socketserver"
)

// message is what a consumer thread's queue carries: a response from the
// coordinator, or a wakeup (a notify, KafkaConsumer.wakeup, a batch of records).
type message struct {
	id      int
	resp    *response
	fetched *Fetched      // a cluster consumer's fetch answer (fetch.go)
	wake    string        // rejoin, notify, stall, process, close, fetch, wakeup
	dur     time.Duration // process: how long the batch takes
	label   string        // the token's label, if not "wakeup: " and wake
}

func messageLabel(m *message) (int, string) {
	if m.label != "" {
		return m.id, m.label
	}
	if m.resp != nil {
		return m.id, m.resp.label()
	}
	return m.id, m.ItemWords().String()
}

// ItemWords is a wakeup's label as data, nil for another token's (the
// queue's trace asks, sim.Queue).
func (m *message) ItemWords() *msg.Note {
	if m.label != "" || m.resp != nil {
		return nil
	}
	return msg.Notef("wakeup: %s", msg.Literal(m.wake))
}

// consumerProtocolType is ConsumerProtocol.PROTOCOL_TYPE.
const consumerProtocolType = "consumer"

// closeTimeout is KafkaConsumer's DEFAULT_CLOSE_TIMEOUT_MS: how long close
// waits for the LeaveGroup response.
const closeTimeout = 30 * time.Second

// Consumer is one KafkaConsumer subscribed to topics in a group: its poll
// loop (the application thread, named after the client) with
// ConsumerCoordinator and AbstractCoordinator inside it, and the
// kafka-coordinator-heartbeat-thread.
type Consumer struct {
	sys    *System
	s      *sim.Sim
	Name   string // client.id
	Group  string // group.id
	Topics []string
	cfg    ConsumerConfig

	conn      *socketserver.Conn   // to the coordinator, shared by both threads
	responses *sim.Queue[*message] // what the poll thread waits on
	hbQueue   *sim.Queue[*message] // what the heartbeat thread waits on
	hbName    string

	// AbstractCoordinator
	state            MemberState
	generation       int // -1: NO_GENERATION
	memberID         string
	protocol         string
	rejoinNeeded     bool
	rejoinReason     *msg.Note
	joinInFlight     bool // joinFuture != null
	needsJoinPrepare bool
	hbStarted        bool
	hbEnabled        bool
	hbClosed         bool

	// Heartbeat's timers, as deadlines
	heartbeatAt time.Duration
	sessionAt   time.Duration
	answeredAt  time.Duration // the last heartbeat answer that kept it in the group (or its join)
	lastPoll    time.Duration
	inPoll      bool // blocked inside poll(): the application polls on time

	// ConsumerCoordinator and SubscriptionState
	owned              []TopicPartition
	rebalanceProtocol  RebalanceProtocol // the assignors' highest common protocol (Kafka 2.5 ConsumerCoordinator.java L175-200)
	revocations        int               // onPartitionsRevoked calls with a non-empty set
	stickyMemory       *MemberData       // StickyAssignor.onAssignment: its partitions and generation
	isLeader           bool
	metadataSnapshot   map[string]int
	assignmentSnapshot map[string]int // the leader's: what it assigned from
	groupTopics        []string       // the leader's group subscription
	refreshed          time.Duration  // the leader's last metadata refresh

	heartbeats  int // Heartbeat requests sent
	polled      int // records its polls returned
	stallUntil  time.Duration
	closing     bool
	closed      bool
	wakePending bool
	lastError   Error
	hbFailed    Error // HeartbeatThread.failed: FENCED_INSTANCE_ID, which the next poll throws

	f       *fetcher // set when an application fetches and commits (client.go)
	ownLoop bool     // a cluster consumer: its thread is its own poll loop (fetch.go)

	// The coordinator in a cluster (discovery.go)
	coord       int           // the broker taken for the coordinator, -1: unknown
	lookup      *request      // the FindCoordinator in flight
	held        []held        // requests waiting for the coordinator
	inflight    []*request    // sent to the coordinator, unanswered
	lookupAfter time.Duration // after a failed connection to the coordinator, no lookup before
}

func newConsumer(sys *System, name, group string, topics []string, cfg ConsumerConfig) *Consumer {
	s := sys.s
	c := &Consumer{sys: sys, s: s, Name: name, Group: group, Topics: topics, cfg: cfg,
		state: Unjoined, generation: -1, rejoinNeeded: true, needsJoinPrepare: true, lastError: None, coord: sys.cfg.BrokerID}
	if sys.net != nil {
		c.coord = -1
	}
	c.rebalanceProtocol, _ = commonProtocol(cfg.Assignors) // the config was checked
	c.responses = sim.NewQueue(s, "consumer["+name+"].responses", 0, messageLabel)
	c.hbQueue = sim.NewQueue(s, "consumer["+name+"].heartbeat", 0, messageLabel)
	// Upstream every consumer's heartbeat thread of group G has the same
	// name; the client id in parentheses tells the trace's threads apart.
	c.hbName = "kafka-coordinator-heartbeat-thread | " + group + " (" + name + ")"
	return c
}

func (c *Consumer) subj() string { return "member[" + c.Name + "]" }

func (c *Consumer) setState(to MemberState, src string) {
	if to == c.state {
		return
	}
	from := c.state
	c.state = to
	c.s.Emit(sim.Event{Kind: sim.State, Subj: "consumer[" + c.Name + "]", From: string(from), To: string(to),
		Note: strconv.Itoa(c.generation), Src: src})
}

func (c *Consumer) assign(tps []TopicPartition, callback, src string) {
	c.owned = tps
	c.dropPositions()
	emit(c.s, func() sim.Event {
		return sim.Event{Kind: sim.Assign, Subj: "consumer[" + c.Name + "]", Item: callback, Note: FormatPartitions(tps), Src: src}
	})
}

// freeze holds the running thread through a stall (a JVM-wide GC pause
// stops every thread of the consumer): it runs on whatever woke it once
// the pause is over.
func (c *Consumer) freeze() {
	if now := c.s.Now(); now < c.stallUntil {
		c.s.Sleepf(c.stallUntil-now, "GC pause until %s", sim.FormatDuration(c.stallUntil))
	}
}

// run is the application's loop: poll, handle what arrives, poll again.
// With no records to fetch, poll(timeout) returns empty and is called
// again and again; upstream the thread also wakes at each heartbeat
// deadline (timeToNextPoll). Those wakes change nothing while the
// consumer is in step with its group as far as it knows, so the model
// lets the thread sleep until something arrives, and wakes it at the next
// deadline only while it is out of step (see settled).
func (c *Consumer) run() {
	for !c.closed {
		c.poll()
		if c.closed {
			return
		}
		c.inPoll = true
		m := c.networkPoll(c.timeToNextPoll(), srcPoll)
		c.inPoll = false
		c.lastPoll = c.s.Now()
		c.freeze()
		if m != nil {
			c.handle(m)
		}
	}
}

// settled reports whether the consumer is in step with its group as far
// as its responses tell: an answer is owed to it, it is gone, or it is
// STABLE in its generation with a heartbeat answered NONE within the last
// session timeout (after a longer silence, a GC pause, it cannot know
// whether it is still a member). A group that rebalances meanwhile tells
// it in the next heartbeat's answer, and the heartbeat thread wakes the
// poll (wakePoll): the thread learns about the group only from responses.
func (c *Consumer) settled() bool {
	return c.closing || c.joinInFlight || (c.state == MemberStable && c.s.Now() < c.answeredAt+c.cfg.SessionTimeout)
}

// timeToNextPoll is ConsumerCoordinator.timeToNextPoll as the model uses
// it: how long the poll thread may wait for a response, forever (-1)
// while it is settled, else until the heartbeat thread's next deadline,
// when upstream's poll wakes too.
func (c *Consumer) timeToNextPoll() time.Duration {
	if c.settled() {
		return -1
	}
	return max(c.nextHeartbeatWake()-c.s.Now(), time.Millisecond)
}

// networkPoll is ConsumerNetworkClient.poll(timer) on the calling thread:
// it waits up to timeout (< 0: until something arrives) for a response or
// a wakeup, and returns it, or nil when the time is up.
func (c *Consumer) networkPoll(timeout time.Duration, src string) *message {
	if timeout < 0 {
		return c.responses.Take(src)
	}
	var m *message
	c.s.Select(src, c.responses.Recv(&m, src), sim.After(timeout))
	return m
}

func (c *Consumer) handle(m *message) {
	if m.fetched != nil {
		c.onFetched(m.fetched)
		return
	}
	if m.resp != nil {
		c.received(m)
		switch m.resp.req.api {
		case apiJoinGroup:
			c.onJoinGroupResponse(m.resp)
		case apiSyncGroup:
			c.onSyncGroupResponse(m.resp)
		case apiOffsetFetch:
			if c.f.offsetFetch == m.resp.req {
				c.f.offsetFetch = nil
			}
			c.initPositions(m.resp)
		case apiOffsetCommit:
			c.onAsyncCommitResponse(m.resp)
		case apiFindCoordinator:
			c.onFindCoordinator(m.resp)
		}
		return
	}
	switch m.wake {
	case "rejoin", "metadata", "fetch", "wakeup", "fenced":
		c.wakePending = false
	case "process":
		c.s.Sleepf(m.dur, "processing records for %s", sim.FormatDuration(m.dur))
		c.freeze()
	case "close":
		c.close(msg.Notef("the consumer is being closed"), srcClose)
	}
}

func (c *Consumer) received(m *message) {
	r := m.resp
	if r.err != None {
		c.lastError = r.err
	}
	if r.req.api == apiLeaveGroup && r.err == None && r.memberErr != None {
		c.lastError = r.memberErr
	}
	if r.req.api != apiFindCoordinator && isCoordinatorError(r.err) || r.req.api == apiOffsetCommit && r.err == RequestTimedOut {
		defer c.markCoordinatorUnknown()
	}
	emit(c.s, func() sim.Event {
		src := map[string]string{apiJoinGroup: srcJoinGroupResponse, apiSyncGroup: srcSyncGroupResponse,
			apiHeartbeat: srcHeartbeatResponse, apiLeaveGroup: srcLeaveGroupResponse,
			apiOffsetCommit: srcOffsetCommitResponse, apiOffsetFetch: srcOffsetFetchResponse, apiFindCoordinator: srcFindCoordinator}[r.req.api]
		return sim.Noted(sim.Event{Kind: sim.ClientRecv, Subj: c.subj(), ID: r.req.id, Item: r.label(), Src: src}, r.note())
	})
}

// poll is ConsumerCoordinator.poll as KafkaConsumer.poll calls it in 2.5
// (with a zero timer: a rebalance in progress never blocks poll).
func (c *Consumer) poll() {
	c.lastPoll = c.s.Now() // pollHeartbeat
	if c.hbFailed != "" {
		// pollHeartbeat throws the heartbeat thread's failure; the
		// application gives up and closes the consumer
		c.close(msg.Notef("the consumer is being closed"), srcClose)
		return
	}
	if c.rejoinNeededOrPending() {
		c.ensureActiveGroup()
	}
}

// rejoinNeededOrPending is ConsumerCoordinator.rejoinNeededOrPending: the
// leader rejoins when the metadata it assigned from has changed.
func (c *Consumer) rejoinNeededOrPending() bool {
	if c.assignmentSnapshot != nil && !sameMetadata(c.groupTopics, c.assignmentSnapshot, c.metadataSnapshot) {
		c.requestRejoin(msg.Notef("metadata changed since the assignment"))
	}
	return c.rejoinNeeded || c.joinInFlight
}

// nextRefresh is when the leader next refreshes its metadata (every
// metadata.max.age.ms), -1 if it does not matter: only the leader acts on
// a change (new partitions, a subscribed topic created).
func (c *Consumer) nextRefresh() time.Duration {
	if !c.isLeader || c.assignmentSnapshot == nil {
		return -1
	}
	return c.refreshed + c.cfg.MetadataMaxAge
}

// maybeRefreshMetadata is the periodic metadata update a network poll of
// the heartbeat thread triggers (NetworkClient.poll; the MetadataRequest
// is not modeled). A change wakes the poll thread, whose next poll sees it
// (maybeUpdateSubscriptionMetadata, then rejoinNeededOrPending).
func (c *Consumer) maybeRefreshMetadata(now time.Duration) {
	if next := c.nextRefresh(); next < 0 || now < next {
		return
	}
	c.refreshed += (now - c.refreshed) / c.cfg.MetadataMaxAge * c.cfg.MetadataMaxAge
	c.metadataSnapshot = c.sys.metadataAt(c.groupTopics, c.refreshed)
	if !sameMetadata(c.groupTopics, c.assignmentSnapshot, c.metadataSnapshot) {
		c.wakePoll("metadata")
	}
}

func (c *Consumer) requestRejoin(why *msg.Note) {
	if !c.rejoinNeeded {
		c.rejoinReason = why
	}
	c.rejoinNeeded = true
}

// ensureActiveGroup starts the heartbeat thread and joins if needed;
// joinGroupIfNeeded does not wait: the JoinGroup and SyncGroup responses
// are handled as they arrive.
func (c *Consumer) ensureActiveGroup() {
	if !c.hbStarted {
		c.hbStarted = true
		c.s.GoBackground(c.hbName, c.heartbeatLoop)
	}
	if c.joinInFlight {
		return
	}
	if c.needsJoinPrepare {
		c.needsJoinPrepare = false
		c.onJoinPrepare()
	}
	c.initiateJoinGroup()
}

// onJoinPrepare is ConsumerCoordinator.onJoinPrepare (Kafka 2.5 ConsumerCoordinator.java L651-707): out
// of the group, every owned partition is lost; else under EAGER every
// owned partition is given up before joining, under COOPERATIVE only
// those of topics no longer subscribed.
func (c *Consumer) onJoinPrepare() {
	if c.f != nil {
		c.maybeAutoCommitSync()
	}
	switch {
	case len(c.owned) == 0:
	case c.generation == -1 && c.memberID == "": // the heartbeat thread found us out of the group
		c.revokeCallback("onPartitionsLost", c.Assignment())
		c.assign(nil, "onPartitionsLost", srcOnJoinPrepare)
	case c.rebalanceProtocol == Eager:
		c.revokeCallback("onPartitionsRevoked", c.Assignment())
		c.assign(nil, "onPartitionsRevoked", srcOnJoinPrepare)
	default:
		var gone []TopicPartition
		for _, tp := range c.owned {
			if !slices.Contains(c.Topics, tp.Topic) {
				gone = append(gone, tp)
			}
		}
		if len(gone) > 0 {
			c.revokeCallback("onPartitionsRevoked", gone)
			c.assign(minus(c.owned, gone), "onPartitionsRevoked", srcOnJoinPrepare)
		}
	}
	c.isLeader = false
	c.groupTopics = nil
}

// initiateJoinGroup fences the heartbeat thread off and sends JoinGroup.
func (c *Consumer) initiateJoinGroup() {
	c.hbEnabled = false
	c.setState(Rebalancing, srcInitiateJoinGroup)
	c.joinInFlight = true
	ps := make([]protocol, len(c.cfg.Assignors))
	owned := c.Assignment() // subscriptions.assignedPartitionsList(): empty under EAGER
	sortPartitions(owned)
	for i, a := range c.cfg.Assignors {
		ps[i] = protocol{name: a, topics: c.Topics, owned: owned}
		if a == (StickyAssignor{}).Name() { // subscriptionUserData
			ps[i].userData = c.stickyMemory
		}
	}
	r := c.newRequest(apiJoinGroup, c.responses)
	r.protocolType, r.protocols = consumerProtocolType, ps
	r.sessionTimeout, r.rebalanceTimeout = c.cfg.SessionTimeout, c.cfg.MaxPollInterval
	var note *msg.Note
	if c.s.Tracing() {
		protocols := strings.Join(c.cfg.Assignors, ",")
		switch {
		case len(owned) > 0 && c.rejoinReason != nil: // COOPERATIVE: it keeps what it owns
			note = msg.Notef("memberId %q, protocols %s, owned %s, because %s", c.memberID, protocols, FormatPartitions(owned), c.rejoinReason)
		case len(owned) > 0:
			note = msg.Notef("memberId %q, protocols %s, owned %s", c.memberID, protocols, FormatPartitions(owned))
		case c.rejoinReason != nil:
			note = msg.Notef("memberId %q, protocols %s, because %s", c.memberID, protocols, c.rejoinReason)
		default:
			note = msg.Notef("memberId %q, protocols %s", c.memberID, protocols)
		}
	}
	c.rejoinReason = nil
	c.sendRequest(r, note, srcSendJoinGroup)
}

func (c *Consumer) newRequest(api string, replyTo *sim.Queue[*message]) *request {
	r := &request{id: c.s.NextToken(), api: api, client: c.Name, groupID: c.Group, memberID: c.memberID, generation: c.generation,
		groupInstanceID: c.cfg.GroupInstanceID}
	r.replyTo = func(resp *response) {
		if c.closed { // its socket is gone: the response is dropped
			return
		}
		replyTo.Put(&message{id: r.id, resp: resp}, srcReceiveResponse)
	}
	return r
}

// onJoinGroupResponse is JoinGroupResponseHandler.handle and what
// joinGroupIfNeeded does with the outcome.
func (c *Consumer) onJoinGroupResponse(r *response) {
	switch r.err {
	case None:
		if c.state != Rebalancing { // UnjoinedGroupException: left meanwhile
			c.joinFailed()
			return
		}
		c.generation, c.memberID, c.protocol = r.generation, r.memberID, r.protocol
		if r.leader == r.memberID {
			c.onJoinLeader(r)
		} else {
			c.syncGroup(nil, nil, nil)
		}
	case MemberIDRequired:
		// the coordinator gave us an id: join again with it, at once
		c.generation, c.memberID, c.protocol = -1, r.memberID, ""
		c.rejoinNeeded = true
		c.joinFailed()
	case UnknownMemberID:
		c.resetGenerationOnResponseError()
		c.joinFailed()
	case CoordinatorNotAvailable, NotCoordinator, Disconnect, CoordinatorLoadInProgress:
		// retriable: the coordinator is marked unknown (received) unless it
		// loads, and the join is retried after a backoff
		c.joinFailed()
		c.backoff()
	default:
		// INCONSISTENT_GROUP_PROTOCOL, INVALID_SESSION_TIMEOUT,
		// GROUP_MAX_SIZE_REACHED, INVALID_GROUP_ID, FENCED_INSTANCE_ID:
		// poll() throws; the application gives up and closes the consumer.
		c.joinFailed()
		c.close(msg.Notef("the consumer is being closed"), srcClose)
	}
}

// joinFailed is the join future failing: recordRebalanceFailure, resetJoinGroupFuture.
func (c *Consumer) joinFailed() {
	c.joinInFlight = false
	c.setState(Unjoined, srcInitiateJoinGroup)
}

func (c *Consumer) backoff() {
	c.inPoll = true
	c.s.Sleep(c.cfg.RetryBackoff, "retry.backoff.ms")
	c.inPoll = false
	c.lastPoll = c.s.Now()
	c.freeze()
}

// onJoinLeader is performAssignment: the leader refreshes the metadata of
// every topic the group subscribes to and runs the chosen assignor.
func (c *Consumer) onJoinLeader(r *response) {
	a := LookupAssignor(r.protocol)
	var topics []string
	seen := map[string]bool{}
	for _, m := range r.members {
		for _, t := range m.Topics {
			if !seen[t] {
				seen[t] = true
				topics = append(topics, t)
			}
		}
	}
	sort.Strings(topics)
	now := c.s.Now()
	c.groupTopics = topics
	c.refreshed = now
	c.metadataSnapshot = c.sys.metadataAt(topics, now)
	c.isLeader = true
	parts := a.Assign(c.metadataSnapshot, r.members)
	if c.rebalanceProtocol == Cooperative {
		if both := validateCooperativeAssignment(r.members, parts); len(both) > 0 {
			c.sys.violation(msg.Notef("%s: assignor %s reassigns %s, still owned by other members: it violates the COOPERATIVE protocol",
				c.Group, a.Name(), FormatPartitions(both)), srcPerformAssignment)
		}
	}
	c.assignmentSnapshot = c.metadataSnapshot
	plan := make([]assigned, len(r.members))
	for i, m := range r.members {
		plan[i] = assigned{memberID: m.MemberID, partitions: parts[i]}
	}
	var note *msg.Note
	if c.s.Tracing() {
		byID := make([]int, len(plan))
		for i := range byID {
			byID[i] = i
		}
		sort.Slice(byID, func(x, y int) bool { return plan[byID[x]].memberID < plan[byID[y]].memberID })
		var b strings.Builder
		b.WriteString(a.Name() + ":")
		for _, i := range byID {
			b.WriteString(" " + plan[i].memberID + "=[" + FormatPartitions(plan[i].partitions) + "]")
		}
		note = msg.Literal(b.String())
	}
	c.syncGroup(plan, c.metadataSnapshot, note)
}

func (c *Consumer) syncGroup(plan []assigned, meta map[string]int, note *msg.Note) {
	r := c.newRequest(apiSyncGroup, c.responses)
	r.protocolType, r.protocolName = consumerProtocolType, c.protocol
	r.plan, r.planMetadata = plan, meta
	if note == nil && c.s.Tracing() {
		note = msg.Notef("generation %d, no assignment (follower)", c.generation)
	}
	src := srcSendSyncGroup
	if plan != nil {
		src = srcPerformAssignment
	}
	c.sendRequest(r, note, src)
}

// onSyncGroupResponse is SyncGroupResponseHandler.handle, the join
// future's listener and onJoinComplete.
func (c *Consumer) onSyncGroupResponse(r *response) {
	if r.err == None {
		if c.memberID == "" { // the heartbeat thread reset the generation meanwhile
			c.rejoinNeeded = true
			c.joinFailed()
			return
		}
		c.setState(MemberStable, srcInitiateJoinGroup)
		c.rejoinNeeded = false
		c.enableHeartbeat()
		if !c.isLeader {
			c.assignmentSnapshot = nil
		}
		added := minus(r.assignment, c.owned)
		if c.rebalanceProtocol == Cooperative {
			if revoked := minus(c.owned, r.assignment); len(revoked) > 0 {
				c.revokeCallback("onPartitionsRevoked", revoked)
				c.assign(minus(c.owned, revoked), "onPartitionsRevoked", srcOnJoinComplete)
				c.requestRejoin(msg.Notef("partitions %s were revoked", FormatPartitions(revoked)))
			}
		}
		if c.protocol == (StickyAssignor{}).Name() { // the chosen assignor's onAssignment
			c.stickyMemory = &MemberData{Partitions: append([]TopicPartition(nil), r.assignment...), Generation: c.generation, HasGeneration: true}
		}
		c.assign(r.assignment, "onPartitionsAssigned", srcOnJoinComplete)
		c.joinInFlight = false
		c.needsJoinPrepare = true
		if c.f != nil && c.f.opts.Listener != nil {
			c.f.opts.Listener.OnPartitionsAssigned(added)
		}
		return
	}
	c.requestRejoin(msg.Notef("SyncGroup %s", r.err))
	switch r.err {
	case UnknownMemberID, IllegalGeneration:
		c.resetGenerationOnResponseError()
	}
	c.joinFailed()
	if r.err == FencedInstanceID { // fatal: poll() throws
		c.close(msg.Notef("the consumer is being closed"), srcClose)
	}
}

func (c *Consumer) resetGenerationOnResponseError() {
	if c.state != Rebalancing {
		c.setState(Unjoined, srcResetGeneration)
	}
	c.generation, c.memberID, c.protocol = -1, "", ""
	c.rejoinNeeded = true
}

// enableHeartbeat is HeartbeatThread.enable: timers reset, thread notified.
func (c *Consumer) enableHeartbeat() {
	now := c.s.Now()
	c.hbEnabled = true
	c.sessionAt = now + c.cfg.SessionTimeout
	c.answeredAt = now
	c.lastPoll = now
	c.heartbeatAt = now + c.cfg.HeartbeatInterval
	c.hbQueue.Put(&message{id: c.s.NextToken(), wake: "notify"}, srcHeartbeatThread)
}

// wakePoll lets a poll thread blocked in poll react at once, as the
// shared network client's selector would wake it.
func (c *Consumer) wakePoll(why string) {
	if c.inPoll && !c.wakePending {
		c.wakePending = true
		c.responses.Put(&message{id: c.s.NextToken(), wake: why}, srcHeartbeatThread)
	}
}

// maybeLeaveGroup is AbstractCoordinator.maybeLeaveGroup; it returns the
// LeaveGroup it sent, or nil when the consumer was not in the group or is
// a static member (isDynamicMember: its membership ends only with its
// session).
func (c *Consumer) maybeLeaveGroup(reason *msg.Note, replyTo *sim.Queue[*message]) *request {
	var r *request
	if c.cfg.GroupInstanceID == "" && c.state != Unjoined && c.memberID != "" {
		r = c.newRequest(apiLeaveGroup, replyTo)
		c.sendRequest(r, msg.Notef("member %s, because %s", c.memberID, reason), srcMaybeLeaveGroup)
	}
	c.setState(Unjoined, srcMaybeLeaveGroup)
	c.generation, c.memberID, c.protocol = -1, "", ""
	c.rejoinNeeded = true
	return r
}

// close is KafkaConsumer.close: stop the heartbeat thread, give up the
// partitions, leave the group and wait for the answer (at most 30 s).
func (c *Consumer) close(reason *msg.Note, src string) {
	c.closing = true
	c.hbClosed = true
	c.hbQueue.Put(&message{id: c.s.NextToken(), wake: "notify"}, srcClose)
	if len(c.owned) > 0 {
		cb := "onPartitionsRevoked"
		if c.memberID == "" {
			cb = "onPartitionsLost"
		}
		c.revokeCallback(cb, c.Assignment())
		c.assign(nil, cb, src)
	}
	leave := c.maybeLeaveGroup(reason, c.responses)
	deadline := c.s.Now() + closeTimeout
	for leave != nil && c.s.Now() < deadline {
		m := c.networkPoll(deadline-c.s.Now(), srcClose)
		if m == nil {
			break
		}
		c.freeze()
		if m.resp != nil && m.resp.req == leave {
			c.received(m)
			break
		}
	}
	c.closed = true
	c.closeConn()
}

// closeConn closes the consumer's connection to the coordinator.
func (c *Consumer) closeConn() {
	if c.conn != nil {
		c.conn.Close()
	}
}

// heartbeatLoop is HeartbeatThread.run. Upstream rechecks every
// retry.backoff.ms while it waits; here it sleeps until the next thing
// due (a heartbeat, the session or poll deadline) or a response.
func (c *Consumer) heartbeatLoop() {
	for !c.hbClosed {
		if !c.hbEnabled {
			c.hbWait(-1)
			continue
		}
		if c.state != MemberStable {
			// out of the group or rebalancing: wait for the poll thread
			c.hbEnabled = false
			continue
		}
		now := c.s.Now()
		c.maybeRefreshMetadata(now)
		switch {
		case now >= c.sessionAt:
			// no successful heartbeat for a session: markCoordinatorUnknown;
			// rediscovering the coordinator resets the session timer, as its
			// handler does (in `use group` it is found again at once).
			c.markCoordinatorUnknown()
			c.sessionAt = now + c.cfg.SessionTimeout
		case c.pollExpired(now):
			c.maybeLeaveGroup(msg.Notef("consumer poll timeout has expired"), c.hbQueue)
		case now < c.heartbeatAt:
			c.hbWait(c.nextHeartbeatWake() - now)
		default:
			c.heartbeatAt = now + c.cfg.HeartbeatInterval // sentHeartbeat
			c.heartbeats++
			r := c.newRequest(apiHeartbeat, c.hbQueue)
			var note *msg.Note
			if c.s.Tracing() {
				note = msg.Notef("generation %d", c.generation)
			}
			c.sendRequest(r, note, srcHeartbeatThread)
		}
	}
}

func (c *Consumer) pollExpired(now time.Duration) bool {
	return !c.inPoll && now-c.lastPoll >= c.cfg.MaxPollInterval
}

func (c *Consumer) nextHeartbeatWake() time.Duration {
	t := min(c.heartbeatAt, c.sessionAt)
	if !c.inPoll {
		t = min(t, c.lastPoll+c.cfg.MaxPollInterval)
	}
	if r := c.nextRefresh(); r >= 0 {
		t = min(t, r)
	}
	return t
}

func (c *Consumer) hbWait(d time.Duration) {
	var m *message
	cases := []sim.Case{c.hbQueue.Recv(&m, srcHeartbeatThread)}
	if d >= 0 {
		cases = append(cases, sim.After(d))
	}
	c.s.Select(srcHeartbeatThread, cases...)
	c.freeze()
	if m == nil || m.resp == nil {
		return
	}
	c.received(m)
	switch m.resp.req.api {
	case apiHeartbeat:
		c.onHeartbeatResponse(m.resp)
	case apiFindCoordinator:
		c.onFindCoordinator(m.resp)
	}
}

// onHeartbeatResponse is HeartbeatResponseHandler.handle and the heartbeat
// future's listener.
func (c *Consumer) onHeartbeatResponse(r *response) {
	now := c.s.Now()
	switch r.err {
	case None:
		c.sessionAt = now + c.cfg.SessionTimeout // receiveHeartbeat
		c.answeredAt = now
	case RebalanceInProgress:
		c.requestRejoin(msg.Notef("Heartbeat %s", r.err))
		c.sessionAt = now + c.cfg.SessionTimeout
		c.wakePoll("rejoin")
	case IllegalGeneration, UnknownMemberID:
		c.resetGenerationOnResponseError()
		c.rejoinReason = msg.Notef("Heartbeat %s", r.err)
		c.heartbeatAt = now + c.cfg.RetryBackoff // failHeartbeat
		c.wakePoll("rejoin")
	case FencedInstanceID:
		// fatal in 2.5: the thread records the failure and disables
		// itself; the next poll throws it (2.8 resets and rejoins)
		c.hbFailed = r.err
		c.hbEnabled = false
		c.wakePoll("fenced")
	default:
		c.heartbeatAt = now + c.cfg.RetryBackoff
	}
}
