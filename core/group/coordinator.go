package group

import (
	"strconv"
	"time"

	"brokerlab/core/msg"
	"brokerlab/core/purgatory"
	"brokerlab/core/sim"
	"brokerlab/core/socketserver"
)

// The APIs of the group protocol this model has.
const (
	apiJoinGroup    = "JoinGroup"
	apiSyncGroup    = "SyncGroup"
	apiHeartbeat    = "Heartbeat"
	apiLeaveGroup   = "LeaveGroup"
	apiDeleteGroups = "DeleteGroups"
)

// request is one request to the coordinator, as KafkaApis hands it to
// GroupCoordinator: the fields of the API's request data that matter here.
type request struct {
	id               int
	api              string
	client           string // clientId: a consumer's name, or "admin"
	groupID          string
	memberID         string
	groupInstanceID  string // "" is null
	generation       int
	protocolType     string
	protocolName     string     // SyncGroup
	protocols        []protocol // JoinGroup
	sessionTimeout   time.Duration
	rebalanceTimeout time.Duration
	plan             []assigned       // SyncGroup from the leader: its assignment
	planMetadata     map[string]int   // the partition counts the leader assigned from (for the invariant)
	offsets          []Offset         // OffsetCommit
	partitions       []TopicPartition // OffsetFetch
	replyTo          func(*response)

	wire     *socketserver.Request // what the socket server carries
	answered *response             // the answer given while KafkaApis still handles it
	handling bool
}

// assigned is one member's share of the leader's plan.
type assigned struct {
	memberID   string
	partitions []TopicPartition
}

func (r *request) subj() string {
	if r.client == adminClient {
		return adminClient
	}
	return "member[" + r.client + "]"
}

// response is what the coordinator answers.
type response struct {
	req          *request
	err          Error
	memberErr    Error // LeaveGroup: the member's own error
	memberID     string
	generation   int
	protocolType string
	protocol     string
	leader       string
	members      []Subscription
	assignment   []TopicPartition
	offsets      []Offset // OffsetFetch: the committed offsets, -1 for none
	node         int      // FindCoordinator: the coordinator's broker, -1 for none
}

func (r *response) label() string { return r.req.api + " " + string(r.err) }

const adminClient = "admin"

// Coordinator is one broker's GroupCoordinator, with its Heartbeat and
// Rebalance purgatories. It is the socket server's Apis for the group
// APIs (KafkaApis.handleJoinGroupRequest and the like): the request
// handler threads of core/socketserver call Handle.
type Coordinator struct {
	sys        *System
	s          *sim.Sim
	cfg        Config
	groups     map[string]*groupMetadata // lookups only
	groupOrder []string                  // the groups' ids, in creation order
	server     *socketserver.Server

	heartbeatPurgatory *purgatory.Purgatory
	joinPurgatory      *purgatory.Purgatory
	m                  *manager // nil: the one broker of `use group`, owner of every group (manager.go)

	// CompletedRebalances is the group-completed-rebalance-count metric.
	CompletedRebalances int
}

// NewCoordinator is the GroupCoordinator of a cluster's broker cfg.BrokerID:
// sys keeps the consumers and the invariants, the broker's socket server
// calls Handle, and Attach gives it its share of __consumer_offsets.
func NewCoordinator(sys *System, server *socketserver.Server, cfg Config) *Coordinator {
	c := &Coordinator{sys: sys, s: sys.s, cfg: cfg, groups: map[string]*groupMetadata{}, server: server}
	sys.coordinators = append(sys.coordinators, c)
	return c
}

// start starts the coordinator's threads (its purgatories' and, in a
// cluster, group-metadata-manager-0) if they are not running yet: a
// cluster's coordinator starts them when it is first used.
func (c *Coordinator) start() {
	if c.heartbeatPurgatory != nil {
		return
	}
	c.heartbeatPurgatory = c.newPurgatory("Heartbeat", true)
	c.joinPurgatory = c.newPurgatory("Rebalance", false)
	if c.m != nil {
		c.m.scheduler = c.s.NewWorker(c.name("group-metadata-manager-0"), c.name("KafkaScheduler.queue"))
	}
}

// name is a thread's or lock's name, prefixed with its broker in a cluster.
func (c *Coordinator) name(n string) string {
	if c.cfg.Host == "" {
		return n
	}
	return c.cfg.Host + "/" + n
}

func newCoordinator(sys *System, s *sim.Sim, cfg Config) *Coordinator {
	c := &Coordinator{sys: sys, s: s, cfg: cfg, groups: map[string]*groupMetadata{}}
	c.start()
	return c
}

// newPurgatory starts one of the coordinator's purgatories. Heartbeat
// deadlines are re-armed forever while a group lives: that one's threads
// are periodic ones ("run idle" does not wait for them).
func (c *Coordinator) newPurgatory(name string, background bool) *purgatory.Purgatory {
	s := c.s
	p := purgatory.New(s, purgatory.Config{Name: name, BrokerID: c.cfg.BrokerID, Host: c.cfg.Host, Background: background, Executor: true,
		Trace: purgatory.Trace{
			Add: func(op *purgatory.Operation) {
				emit(s, func() sim.Event {
					return sim.Event{Kind: sim.TimerAdd, Subj: op.Subj, ID: op.ID, Item: op.Kind, Note: sim.FormatDuration(op.Delay), Src: srcTimerAdd}
				})
			},
			Cancel: func(op *purgatory.Operation) {
				emit(s, func() sim.Event {
					return sim.Event{Kind: sim.TimerCancel, Subj: op.Subj, ID: op.ID, Item: op.Kind, Src: srcForceComplete}
				})
			},
			Fire: func(op *purgatory.Operation) {
				emit(s, func() sim.Event {
					return sim.Event{Kind: sim.TimerFire, Subj: op.Subj, ID: op.ID, Item: op.Kind, Src: srcAdvanceClock}.Notef("after %s", sim.FormatDuration(op.Delay))
				})
			},
		}})
	p.Start()
	return p
}

// respond is the response callback on the thread that answers: the
// handler still in Handle, another handler, or the executor of an expired
// operation, which hands it to RequestChannel.sendResponse.
func (c *Coordinator) respond(req *request, resp *response) {
	resp.req = req
	emit(c.s, func() sim.Event {
		return sim.Noted(sim.Event{Kind: sim.Send, Subj: req.subj(), ID: req.id, Item: resp.label(), Src: srcSendResponse}, resp.note())
	})
	if req.handling {
		req.answered = resp
		return
	}
	c.server.SendResponse(&socketserver.Response{Request: req.wire, Body: resp})
}

// note is what the trace says of the response, nil if nothing.
func (r *response) note() *msg.Note {
	switch {
	case r.req.api == apiJoinGroup && r.err == None && r.members != nil:
		return msg.Notef("generation %d, member %s, leader %s, protocol %s, %d members' subscriptions",
			r.generation, r.memberID, r.leader, r.protocol, len(r.members))
	case r.req.api == apiJoinGroup && r.err == None:
		return msg.Notef("generation %d, member %s, leader %s, protocol %s", r.generation, r.memberID, r.leader, r.protocol)
	case r.req.api == apiJoinGroup && r.err == MemberIDRequired:
		return msg.Notef("member %s", r.memberID)
	case r.req.api == apiSyncGroup && r.err == None:
		return msg.Notef("assignment %s", FormatPartitions(r.assignment))
	case r.req.api == apiLeaveGroup && r.memberErr != None && r.memberErr != "":
		return msg.Notef("member %s", r.memberErr)
	case r.req.api == apiFindCoordinator && r.err == None:
		return msg.Notef("coordinator broker-%d", r.node)
	case r.req.api == apiOffsetFetch && r.err == None:
		return msg.Notef("committed %s", FormatOffsets(r.offsets))
	}
	return nil
}

// Handle is KafkaApis.handle for the group APIs, on a request handler
// thread: the coordinator's handler answers now, or parks the request (a
// JoinGroup or SyncGroup waiting for the group) and whoever completes it
// answers later. Handlers take no virtual time.
func (c *Coordinator) Handle(wire *socketserver.Request) (time.Duration, *socketserver.Response) {
	req := wire.Body.(*request)
	req.wire = wire
	req.handling = true
	c.dispatch(req)
	req.handling = false
	if req.answered == nil {
		return 0, nil
	}
	return 0, &socketserver.Response{Request: wire, Body: req.answered}
}

func (c *Coordinator) dispatch(req *request) {
	c.start()
	if err := c.status(req.groupID); err != None {
		c.refuse(req, err)
		return
	}
	switch req.api {
	case apiJoinGroup:
		c.handleJoinGroup(req)
	case apiSyncGroup:
		c.handleSyncGroup(req)
	case apiHeartbeat:
		c.handleHeartbeat(req)
	case apiLeaveGroup:
		c.handleLeaveGroup(req)
	case apiDeleteGroups:
		c.handleDeleteGroups(req)
	case apiOffsetCommit:
		c.handleCommitOffsets(req)
	case apiOffsetFetch:
		c.handleFetchOffsets(req)
	}
}

// refuse answers a request for a group this broker cannot serve now,
// as each handler does after validateGroupStatus (GroupCoordinator.scala
// L138-141, L333-339, L434-436, L589-596, L665-666, L767-777): while the
// partition loads a SyncGroup gets REBALANCE_IN_PROGRESS and a Heartbeat
// NONE ("respond just blindly").
func (c *Coordinator) refuse(req *request, err Error) {
	if err == CoordinatorLoadInProgress {
		switch req.api {
		case apiSyncGroup:
			err = RebalanceInProgress
		case apiHeartbeat:
			err = None
		}
	}
	resp := &response{err: err}
	switch req.api {
	case apiJoinGroup:
		resp.memberID, resp.generation = req.memberID, -1
	case apiOffsetCommit:
		for _, o := range req.offsets {
			resp.offsets = append(resp.offsets, Offset{o.TopicPartition, noOffset})
		}
	}
	c.respond(req, resp)
}

func groupKey(g *groupMetadata) string             { return g.id }
func memberKey(g *groupMetadata, id string) string { return g.id + "/" + id }

func (c *Coordinator) joinCallback(req *request) func(joinResult) {
	return func(r joinResult) {
		c.respond(req, &response{err: r.err, memberID: r.memberID, generation: r.generation, protocolType: r.protocolType,
			protocol: r.protocol, leader: r.leader, members: r.members})
	}
}

func (c *Coordinator) syncCallback(req *request) func(syncResult) {
	return func(r syncResult) {
		c.respond(req, &response{err: r.err, protocolType: r.protocolType, protocol: r.protocol, assignment: r.assignment})
	}
}

func (c *Coordinator) addGroup(id string) *groupMetadata {
	g := newGroupMetadata(c, id)
	c.groups[id] = g
	c.groupOrder = append(c.groupOrder, id)
	return g
}

// handleJoinGroup is GroupCoordinator.handleJoinGroup. This broker is the
// active, loaded coordinator of every group, so validateGroupStatus only
// ever finds an empty group id.
func (c *Coordinator) handleJoinGroup(req *request) {
	cb := c.joinCallback(req)
	if req.groupID == "" {
		cb(joinError(req.memberID, InvalidGroupID))
		return
	}
	if req.sessionTimeout < c.cfg.MinSessionTimeout || req.sessionTimeout > c.cfg.MaxSessionTimeout {
		cb(joinError(req.memberID, InvalidSessionTimeout))
		return
	}
	unknown := req.memberID == ""
	g := c.groups[req.groupID]
	if g == nil {
		// only an unknown member creates the group
		if !unknown {
			cb(joinError(req.memberID, UnknownMemberID))
			return
		}
		g = c.addGroup(req.groupID)
		c.doUnknownJoinGroup(g, req, cb)
		return
	}
	g.inLock(srcHandleJoinGroup, func() {
		overCapacity := g.size() > c.cfg.MaxSize
		if (overCapacity && g.has(req.memberID) && !g.get(req.memberID).isAwaitingJoin()) || (unknown && g.size() >= c.cfg.MaxSize) {
			g.remove(req.memberID, msg.Notef("group.max.size reached"))
			g.removeStaticMember(req.groupInstanceID)
			cb(joinError("", GroupMaxSizeReached))
		} else if unknown {
			c.doUnknownJoinGroup(g, req, cb)
		} else {
			c.doJoinGroup(g, req, cb)
		}
		if g.is(PreparingRebalance) {
			c.joinPurgatory.CheckAndComplete(groupKey(g))
		}
	})
}

// doUnknownJoinGroup is GroupCoordinator.doUnknownJoinGroup: a known
// static member's new process takes its place (static.go); KafkaApis sets
// requireKnownMemberId for a dynamic member of JoinGroup v4+, which gets an
// id, becomes pending, and is asked to join again with it; a new static
// member joins at once.
func (c *Coordinator) doUnknownJoinGroup(g *groupMetadata, req *request, cb func(joinResult)) {
	g.inLock(srcDoUnknownJoinGroup, func() {
		switch {
		case g.is(Dead):
			cb(joinError("", CoordinatorNotAvailable))
		case !g.supportsProtocols(req.protocolType, req.protocols):
			cb(joinError("", InconsistentGroupProtocol))
		default:
			id := g.generateMemberID(req.client, req.groupInstanceID)
			switch {
			case g.hasStaticMember(req.groupInstanceID):
				c.updateStaticMemberAndRebalance(g, id, req, cb)
			case req.groupInstanceID == "": // requireKnownMemberId
				g.addPendingMember(id, req.client)
				c.addPendingMemberExpiration(g, id, req.client, req.sessionTimeout)
				cb(joinError(id, MemberIDRequired))
			default:
				c.addMemberAndRebalance(g, id, req, cb)
			}
		}
	})
}

// doJoinGroup is GroupCoordinator.doJoinGroup: a member that knows its id.
func (c *Coordinator) doJoinGroup(g *groupMetadata, req *request, cb func(joinResult)) {
	g.inLock(srcDoJoinGroup, func() {
		switch {
		case g.is(Dead):
			cb(joinError(req.memberID, CoordinatorNotAvailable))
		case !g.supportsProtocols(req.protocolType, req.protocols):
			cb(joinError(req.memberID, InconsistentGroupProtocol))
		case g.isPendingMember(req.memberID):
			c.addMemberAndRebalance(g, req.memberID, req, cb)
		case g.isStaticMemberFenced(req.memberID, req.groupInstanceID):
			cb(joinError(req.memberID, FencedInstanceID))
		case !g.has(req.memberID) || (req.groupInstanceID != "" && !g.hasStaticMember(req.groupInstanceID)):
			cb(joinError(req.memberID, UnknownMemberID))
		default:
			m := g.get(req.memberID)
			current := func(withMembers bool) joinResult {
				r := joinResult{memberID: m.id, generation: g.generation, protocolType: g.protocolType, protocol: g.protocol, leader: g.leader, err: None}
				if withMembers {
					r.members = g.currentMemberMetadata()
				}
				return r
			}
			switch g.state {
			case PreparingRebalance:
				c.updateMemberAndRebalance(g, m, req.protocols, cb)
			case CompletingRebalance:
				if m.matches(req.protocols) {
					// it lost its JoinGroup response: answer again
					cb(current(g.isLeader(m.id)))
				} else {
					c.updateMemberAndRebalance(g, m, req.protocols, cb)
				}
			case Stable:
				if g.isLeader(m.id) || !m.matches(req.protocols) {
					// a leader's join may mean new topic metadata: rebalance
					c.updateMemberAndRebalance(g, m, req.protocols, cb)
				} else {
					cb(current(false))
				}
			case Empty, Dead:
				cb(joinError(req.memberID, UnknownMemberID))
			}
		}
	})
}

// addMemberAndRebalance is GroupCoordinator.addMemberAndRebalance.
func (c *Coordinator) addMemberAndRebalance(g *groupMetadata, id string, req *request, cb func(joinResult)) {
	m := &member{id: id, client: req.client, groupInstanceID: req.groupInstanceID, rebalanceTimeout: req.rebalanceTimeout, sessionTimeout: req.sessionTimeout,
		protocolType: req.protocolType, protocols: req.protocols, isNew: true}
	// lets the initial delayed join wait longer
	if g.is(PreparingRebalance) && g.generation == 0 {
		g.newMemberAdded = true
	}
	g.add(m, cb)
	// a new member cannot heartbeat yet: its JoinGroup times out instead
	c.completeAndScheduleNextExpiration(g, m, NewMemberJoinTimeout)
	if m.groupInstanceID != "" {
		g.addStaticMember(m.groupInstanceID, m.id)
		c.maybePrepareRebalance(g, msg.Notef("Adding new member %s with group instance id %s", m.id, m.groupInstanceID))
		return
	}
	g.removePendingMember(m.id)
	c.maybePrepareRebalance(g, msg.Notef("Adding new member %s", m.id))
}

func (c *Coordinator) updateMemberAndRebalance(g *groupMetadata, m *member, ps []protocol, cb func(joinResult)) {
	g.updateMember(m, ps, cb)
	c.maybePrepareRebalance(g, msg.Notef("Updating metadata for member %s", m.id))
}

func (c *Coordinator) maybePrepareRebalance(g *groupMetadata, reason *msg.Note) {
	g.inLock(srcPrepareRebalance, func() {
		if g.canRebalance() {
			c.prepareRebalance(g, reason)
		}
	})
}

// prepareRebalance is GroupCoordinator.prepareRebalance: an Empty group
// waits group.initial.rebalance.delay.ms for more members, any other
// waits up to the rebalance timeout for every member to rejoin.
func (c *Coordinator) prepareRebalance(g *groupMetadata, reason *msg.Note) {
	if g.is(CompletingRebalance) {
		c.resetAndPropagateAssignmentError(g, RebalanceInProgress)
	}
	var op *purgatory.Operation
	if g.is(Empty) {
		d := c.cfg.InitialRebalanceDelay
		op = c.newInitialDelayedJoin(g, d, d, max(g.rebalanceTimeout()-d, 0))
	} else {
		op = c.newDelayedJoin(g, g.rebalanceTimeout())
	}
	g.transitionTo(PreparingRebalance, reason, srcPrepareRebalance)
	g.join = op
	c.joinPurgatory.TryCompleteElseWatch(op, groupKey(g))
}

func (c *Coordinator) newDelayedJoin(g *groupMetadata, timeout time.Duration) *purgatory.Operation {
	op := c.joinPurgatory.NewOperation(c.s.NextToken(), "DelayedJoin", g.subj(), timeout)
	op.TryComplete = func() bool { return c.tryCompleteJoin(g, op) }
	op.OnComplete = func() { c.onCompleteJoin(g) }
	return op
}

// newInitialDelayedJoin is InitialDelayedJoin: it never completes early;
// when it expires it waits again (min(configured, remaining)) if members
// joined meanwhile and time remains, else it completes the join.
func (c *Coordinator) newInitialDelayedJoin(g *groupMetadata, configured, delay, remaining time.Duration) *purgatory.Operation {
	op := c.joinPurgatory.NewOperation(c.s.NextToken(), "InitialDelayedJoin", g.subj(), delay)
	op.TryComplete = func() bool { return false }
	op.OnComplete = func() {
		g.inLock(srcInitialDelayedJoin, func() {
			if g.newMemberAdded && remaining != 0 {
				g.newMemberAdded = false
				next := c.newInitialDelayedJoin(g, configured, min(configured, remaining), max(remaining-delay, 0))
				g.join = next
				c.joinPurgatory.TryCompleteElseWatch(next, groupKey(g))
			} else {
				c.onCompleteJoin(g)
			}
		})
	}
	return op
}

func (c *Coordinator) tryCompleteJoin(g *groupMetadata, op *purgatory.Operation) bool {
	done := false
	g.inLock(srcOnCompleteJoin, func() {
		if g.hasAllMembersJoined() {
			done = op.ForceComplete()
		}
	})
	return done
}

// onCompleteJoin is GroupCoordinator.onCompleteJoin: drop the dynamic
// members that did not rejoin, start the next generation, answer every parked JoinGroup
// (only the leader's answer lists the members) and rearm their heartbeats.
func (c *Coordinator) onCompleteJoin(g *groupMetadata) {
	g.inLock(srcOnCompleteJoin, func() {
		for _, m := range g.notYetRejoinedMembers() {
			if m.groupInstanceID != "" {
				continue // a static member stays until its session expires
			}
			c.removeHeartbeatForLeavingMember(g, m)
			g.remove(m.id, msg.Notef("did not rejoin before the rebalance timeout"))
		}
		switch {
		case g.is(Dead):
		case !g.maybeElectNewJoinedLeader() && g.size() > 0:
			// nobody rejoined: wait again until session timeouts remove them
			op := c.newDelayedJoin(g, g.rebalanceTimeout())
			g.join = op
			c.joinPurgatory.TryCompleteElseWatch(op, groupKey(g))
		default:
			g.initNextGeneration()
			if g.is(Empty) {
				if c.m != nil {
					c.storeGroup(g, nil, nil, func(Error) {}) // an error is only logged
				}
				return
			}
			for _, m := range append([]*member(nil), g.members...) {
				r := joinResult{memberID: m.id, generation: g.generation, protocolType: g.protocolType, protocol: g.protocol, leader: g.leader, err: None}
				if g.isLeader(m.id) {
					r.members = g.currentMemberMetadata()
				}
				g.maybeInvokeJoinCallback(m, r)
				c.completeAndScheduleNextHeartbeatExpiration(g, m)
				m.isNew = false
			}
		}
	})
}

// handleSyncGroup is GroupCoordinator.handleSyncGroup and doSyncGroup.
func (c *Coordinator) handleSyncGroup(req *request) {
	cb := c.syncCallback(req)
	fail := func(e Error) { cb(syncResult{err: e}) }
	if req.groupID == "" {
		fail(InvalidGroupID)
		return
	}
	g := c.groups[req.groupID]
	if g == nil {
		fail(UnknownMemberID)
		return
	}
	g.inLock(srcHandleSyncGroup, func() {
		switch {
		case g.is(Dead):
			fail(CoordinatorNotAvailable)
		case g.isStaticMemberFenced(req.memberID, req.groupInstanceID):
			fail(FencedInstanceID)
		case !g.has(req.memberID):
			fail(UnknownMemberID)
		case req.generation != g.generation:
			fail(IllegalGeneration)
		case req.protocolType != "" && req.protocolType != g.protocolType,
			req.protocolName != "" && req.protocolName != g.protocol:
			fail(InconsistentGroupProtocol)
		default:
			switch g.state {
			case Empty:
				fail(UnknownMemberID)
			case PreparingRebalance:
				fail(RebalanceInProgress)
			case CompletingRebalance:
				g.get(req.memberID).awaitingSync = cb
				if g.isLeader(req.memberID) {
					// The leader's plan; members it left out get nothing. The
					// group is written to __consumer_offsets (storeGroup) and
					// becomes Stable when the write is acknowledged.
					plan := map[string][]TopicPartition{}
					for _, a := range req.plan {
						plan[a.memberID] = a.partitions
					}
					g.plan = req.planMetadata
					gen := g.generation
					c.storeGroup(g, plan, req.wire, func(err Error) {
						if !g.is(CompletingRebalance) || g.generation != gen {
							return
						}
						if err != None {
							c.resetAndPropagateAssignmentError(g, err)
							c.maybePrepareRebalance(g, msg.Notef("error %s when storing group assignment during SyncGroup", err))
							return
						}
						c.setAndPropagateAssignment(g, plan)
						g.transitionTo(Stable, nil, srcHandleSyncGroup)
						c.CompletedRebalances++
					})
				}
			case Stable:
				m := g.get(req.memberID)
				cb(syncResult{protocolType: g.protocolType, protocol: g.protocol, assignment: m.assignment, err: None})
				c.completeAndScheduleNextHeartbeatExpiration(g, m)
			}
		}
	})
}

func (c *Coordinator) setAndPropagateAssignment(g *groupMetadata, plan map[string][]TopicPartition) {
	for _, m := range g.members {
		m.assignment = plan[m.id]
		emit(c.s, func() sim.Event {
			return sim.Event{Kind: sim.Assign, Subj: "member[" + m.client + "]", Item: strconv.Itoa(g.generation),
				Note: FormatPartitions(m.assignment), Src: srcPropagateAssignment}
		})
	}
	c.propagateAssignment(g, None)
}

func (c *Coordinator) resetAndPropagateAssignmentError(g *groupMetadata, err Error) {
	for _, m := range g.members {
		m.assignment = nil
	}
	c.propagateAssignment(g, err)
}

// propagateAssignment answers every parked SyncGroup and rearms the
// heartbeat of each member answered.
func (c *Coordinator) propagateAssignment(g *groupMetadata, err Error) {
	for _, m := range append([]*member(nil), g.members...) {
		r := syncResult{assignment: m.assignment, err: err}
		if err == None {
			r.protocolType, r.protocol = g.protocolType, g.protocol
		}
		if g.maybeInvokeSyncCallback(m, r) {
			c.completeAndScheduleNextHeartbeatExpiration(g, m)
		}
	}
}

// handleHeartbeat is GroupCoordinator.handleHeartbeat of Kafka 2.5: in
// CompletingRebalance it answers REBALANCE_IN_PROGRESS and does not reset
// the member's session timer (2.7 answers NONE and resets it).
func (c *Coordinator) handleHeartbeat(req *request) {
	cb := func(e Error) { c.respond(req, &response{err: e}) }
	if req.groupID == "" {
		cb(InvalidGroupID)
		return
	}
	g := c.groups[req.groupID]
	if g == nil {
		cb(UnknownMemberID)
		return
	}
	g.inLock(srcHandleHeartbeat, func() {
		switch {
		case g.is(Dead):
			cb(CoordinatorNotAvailable)
		case g.isStaticMemberFenced(req.memberID, req.groupInstanceID):
			cb(FencedInstanceID)
		case !g.has(req.memberID):
			cb(UnknownMemberID)
		case req.generation != g.generation:
			cb(IllegalGeneration)
		default:
			switch g.state {
			case Empty:
				cb(UnknownMemberID)
			case CompletingRebalance:
				cb(RebalanceInProgress)
			case PreparingRebalance:
				c.completeAndScheduleNextHeartbeatExpiration(g, g.get(req.memberID))
				cb(RebalanceInProgress)
			case Stable:
				c.completeAndScheduleNextHeartbeatExpiration(g, g.get(req.memberID))
				cb(None)
			}
		}
	})
}

// handleLeaveGroup is GroupCoordinator.handleLeaveGroup for one member
// (what a 2.5 consumer sends). The client reads the member's error when
// the top-level one is NONE (LeaveGroupResponse.error).
func (c *Coordinator) handleLeaveGroup(req *request) {
	cb := func(top, mine Error) { c.respond(req, &response{err: top, memberErr: mine}) }
	if req.groupID == "" {
		cb(InvalidGroupID, "")
		return
	}
	g := c.groups[req.groupID]
	if g == nil {
		cb(None, UnknownMemberID)
		return
	}
	g.inLock(srcHandleLeaveGroup, func() {
		id := req.memberID
		switch {
		case g.is(Dead):
			cb(CoordinatorNotAvailable, "")
		case id != "" && g.isStaticMemberFenced(id, req.groupInstanceID):
			cb(None, FencedInstanceID)
		case g.isPendingMember(id):
			c.removePendingMemberAndUpdateGroup(g, id, req.client, msg.Notef("pending member left"))
			c.heartbeatPurgatory.CheckAndComplete(memberKey(g, id))
			cb(None, None)
		case !g.has(id) && !g.hasStaticMember(req.groupInstanceID):
			cb(None, UnknownMemberID)
		default:
			m := g.get(id)
			if g.hasStaticMember(req.groupInstanceID) {
				m = g.get(g.staticMembers[req.groupInstanceID])
			}
			c.removeHeartbeatForLeavingMember(g, m)
			c.removeMemberAndUpdateGroup(g, m, msg.Notef("removing member %s on LeaveGroup", id))
			cb(None, None)
		}
	})
}

// handleDeleteGroups is GroupCoordinator.handleDeleteGroups for one group:
// an Empty group goes Dead and leaves the coordinator's cache.
func (c *Coordinator) handleDeleteGroups(req *request) {
	err := None
	g := c.groups[req.groupID]
	switch {
	case req.groupID == "":
		err = InvalidGroupID
	case g == nil:
		err = GroupIDNotFound
	default:
		g.inLock(srcHandleDeleteGroups, func() {
			switch g.state {
			case Dead:
				err = GroupIDNotFound
			case Empty:
				g.transitionTo(Dead, msg.Literal("DeleteGroups"), srcHandleDeleteGroups)
				c.removeGroup(g.id) // cleanupGroupMetadata: a Dead group leaves the cache
			default:
				err = NonEmptyGroup
			}
		})
	}
	c.respond(req, &response{err: err})
}

func (c *Coordinator) removeGroup(id string) {
	delete(c.groups, id)
	for i, x := range c.groupOrder {
		if x == id {
			c.groupOrder = append(c.groupOrder[:i], c.groupOrder[i+1:]...)
			break
		}
	}
}

func (c *Coordinator) removeHeartbeatForLeavingMember(g *groupMetadata, m *member) {
	m.isLeaving = true
	c.heartbeatPurgatory.CheckAndComplete(memberKey(g, m.id))
}

// removeMemberAndUpdateGroup is GroupCoordinator.removeMemberAndUpdateGroup:
// a parked JoinGroup is answered UNKNOWN_MEMBER_ID, the member goes, and
// the group rebalances (or, already rebalancing, checks if the join is done).
func (c *Coordinator) removeMemberAndUpdateGroup(g *groupMetadata, m *member, reason *msg.Note) {
	g.maybeInvokeJoinCallback(m, joinError("", UnknownMemberID))
	g.remove(m.id, reason)
	g.removeStaticMember(m.groupInstanceID)
	switch g.state {
	case Stable, CompletingRebalance:
		c.maybePrepareRebalance(g, reason)
	case PreparingRebalance:
		c.joinPurgatory.CheckAndComplete(groupKey(g))
	}
}

func (c *Coordinator) removePendingMemberAndUpdateGroup(g *groupMetadata, id, client string, why *msg.Note) {
	if g.removePendingMember(id) {
		c.s.Emit(sim.Noted(sim.Event{Kind: sim.MemberRemove, Subj: "member[" + client + "]", Item: g.id, Src: srcRemoveMember}, why))
	}
	if g.is(PreparingRebalance) {
		c.joinPurgatory.CheckAndComplete(groupKey(g))
	}
}

func (c *Coordinator) completeAndScheduleNextHeartbeatExpiration(g *groupMetadata, m *member) {
	c.completeAndScheduleNextExpiration(g, m, m.sessionTimeout)
}

// completeAndScheduleNextExpiration completes the member's current
// DelayedHeartbeat and watches a new one timeout from now.
func (c *Coordinator) completeAndScheduleNextExpiration(g *groupMetadata, m *member, timeout time.Duration) {
	key := memberKey(g, m.id)
	m.heartbeatSatisfied = true
	c.heartbeatPurgatory.CheckAndComplete(key)
	m.heartbeatSatisfied = false
	c.heartbeatPurgatory.TryCompleteElseWatch(c.newDelayedHeartbeat(g, m.id, m.client, false, timeout), key)
}

func (c *Coordinator) addPendingMemberExpiration(g *groupMetadata, id, client string, timeout time.Duration) {
	c.heartbeatPurgatory.TryCompleteElseWatch(c.newDelayedHeartbeat(g, id, client, true, timeout), memberKey(g, id))
}

func (c *Coordinator) newDelayedHeartbeat(g *groupMetadata, id, client string, isPending bool, timeout time.Duration) *purgatory.Operation {
	op := c.heartbeatPurgatory.NewOperation(c.s.NextToken(), "DelayedHeartbeat", "member["+client+"]", timeout)
	op.TryComplete = func() bool { return c.tryCompleteHeartbeat(g, id, isPending, op) }
	op.OnExpiration = func() { c.onExpireHeartbeat(g, id, client, isPending) }
	return op
}

func (c *Coordinator) tryCompleteHeartbeat(g *groupMetadata, id string, isPending bool, op *purgatory.Operation) bool {
	done := false
	g.inLock(srcOnExpireHeartbeat, func() {
		switch {
		case g.is(Dead):
			done = op.ForceComplete()
		case isPending:
			if g.has(id) { // the pending member joined
				done = op.ForceComplete()
			}
		case !g.has(id) || g.get(id).hasSatisfiedHeartbeat() || g.get(id).isLeaving:
			done = op.ForceComplete()
		}
	})
	return done
}

// onExpireHeartbeat is GroupCoordinator.onExpireHeartbeat: a member whose
// session timed out without a heartbeat is removed.
func (c *Coordinator) onExpireHeartbeat(g *groupMetadata, id, client string, isPending bool) {
	g.inLock(srcOnExpireHeartbeat, func() {
		switch {
		case g.is(Dead):
		case isPending:
			c.removePendingMemberAndUpdateGroup(g, id, client, msg.Notef("pending member expired"))
		case !g.has(id):
		default:
			if m := g.get(id); !m.hasSatisfiedHeartbeat() {
				c.removeMemberAndUpdateGroup(g, m, msg.Notef("removing member %s on heartbeat expiration", id))
			}
		}
	})
}
