package group

import (
	"fmt"
	"slices"
	"sort"
	"strconv"
	"time"

	"brokerlab/core/msg"
	"brokerlab/core/purgatory"
	"brokerlab/core/sim"
)

// protocol is one entry of a member's supported protocols: an assignor's
// name and its metadata, the consumer's Subscription: its topics, the
// partitions it owns (empty under EAGER: onJoinPrepare cleared them) and
// the assignor's user data (the sticky assignor's only).
type protocol struct {
	name     string
	topics   []string
	owned    []TopicPartition
	userData *MemberData
}

// sameMetadata compares two serialized subscriptions.
func (p protocol) sameMetadata(q protocol) bool {
	if !slices.Equal(p.topics, q.topics) || !slices.Equal(p.owned, q.owned) || (p.userData == nil) != (q.userData == nil) {
		return false
	}
	return p.userData == nil || (slices.Equal(p.userData.Partitions, q.userData.Partitions) &&
		p.userData.Generation == q.userData.Generation && p.userData.HasGeneration == q.userData.HasGeneration)
}

// joinResult is JoinGroupResult.
type joinResult struct {
	members      []Subscription // only in the leader's response
	memberID     string
	generation   int
	protocolType string
	protocol     string
	leader       string
	err          Error
}

func joinError(memberID string, err Error) joinResult {
	return joinResult{memberID: memberID, generation: -1, err: err}
}

// syncResult is SyncGroupResult.
type syncResult struct {
	protocolType string
	protocol     string
	assignment   []TopicPartition
	err          Error
}

// member is MemberMetadata.
type member struct {
	id               string
	client           string // clientId: the consumer's name in the scenario
	groupInstanceID  string // "" for a dynamic member
	rebalanceTimeout time.Duration
	sessionTimeout   time.Duration
	protocolType     string
	protocols        []protocol // in the member's order of preference
	assignment       []TopicPartition

	awaitingJoin       func(joinResult)
	awaitingSync       func(syncResult)
	isLeaving          bool
	isNew              bool
	heartbeatSatisfied bool
}

func (m *member) isAwaitingJoin() bool { return m.awaitingJoin != nil }
func (m *member) isAwaitingSync() bool { return m.awaitingSync != nil }

// hasSatisfiedHeartbeat is MemberMetadata.hasSatisfiedHeartbeat: members
// parked in JoinGroup or SyncGroup cannot expire, new ones can.
func (m *member) hasSatisfiedHeartbeat() bool {
	if m.isNew {
		return m.heartbeatSatisfied
	}
	if m.isAwaitingJoin() || m.isAwaitingSync() {
		return true
	}
	return m.heartbeatSatisfied
}

// matches is MemberMetadata.matches: same protocols, same metadata, same order.
func (m *member) matches(ps []protocol) bool {
	if len(ps) != len(m.protocols) {
		return false
	}
	for i, p := range ps {
		if q := m.protocols[i]; p.name != q.name || !p.sameMetadata(q) {
			return false
		}
	}
	return true
}

func (m *member) supports(name string) bool { return name != "" && m.metadata(name).name == name }

// metadata is the member's protocol of that name, or the zero protocol.
func (m *member) metadata(name string) protocol {
	for _, p := range m.protocols {
		if p.name == name {
			return p
		}
	}
	return protocol{}
}

// vote is MemberMetadata.vote: the member's first protocol among the candidates.
func (m *member) vote(candidates []string) string {
	for _, p := range m.protocols {
		for _, c := range candidates {
			if p.name == c {
				return c
			}
		}
	}
	return ""
}

// groupMetadata is GroupMetadata. Its members keep the order they were
// added in: upstream's HashMap order, which decides a new leader and the
// protocol vote's ties, is arbitrary; insertion order is one such order.
type groupMetadata struct {
	c     *Coordinator
	id    string
	lock  *sim.Lock
	state GroupState
	// currentStateTimestamp
	stateTime    time.Duration
	protocolType string // "" is None
	protocol     string // "" is None
	generation   int
	leader       string // member id, "" is None

	members         []*member
	byID            map[string]*member // lookups only
	pending         []string           // pendingMembers, in the order added
	staticMembers   map[string]string  // group.instance.id → member id; lookups only
	numAwaitingJoin int
	newMemberAdded  bool

	// The pending DelayedJoin or InitialDelayedJoin, for the paths.
	join *purgatory.Operation
	// The partitions per topic the leader assigned from, for the invariant.
	plan map[string]int

	offsets map[TopicPartition]int64 // the committed offsets; lookups only
	commits []Offset                 // every offset stored, in order
}

func newGroupMetadata(c *Coordinator, id string) *groupMetadata {
	g := &groupMetadata{c: c, id: id, state: Empty, stateTime: c.s.Now(), byID: map[string]*member{}, staticMembers: map[string]string{}, offsets: map[TopicPartition]int64{}}
	g.lock = sim.NewLock(c.s, "group["+id+"].lock")
	c.s.Emit(sim.Event{Kind: sim.State, Subj: g.subj(), To: string(Empty), Note: "0", Src: srcAddGroup})
	return g
}

func (g *groupMetadata) subj() string { return "group[" + g.id + "]" }

func (g *groupMetadata) inLock(src string, fn func()) {
	g.lock.Lock(src)
	defer g.lock.Unlock(src)
	fn()
}

func (g *groupMetadata) is(s GroupState) bool  { return g.state == s }
func (g *groupMetadata) has(id string) bool    { return g.byID[id] != nil }
func (g *groupMetadata) get(id string) *member { return g.byID[id] }
func (g *groupMetadata) size() int             { return len(g.members) }
func (g *groupMetadata) isLeader(id string) bool {
	return g.leader != "" && g.leader == id
}

// clientOf names a member by its consumer, "none" for no member.
func (g *groupMetadata) clientOf(id string) string {
	if m := g.byID[id]; m != nil {
		return m.client
	}
	return "none"
}

func (g *groupMetadata) setLeader(id, src string) {
	if id == g.leader {
		return
	}
	from := g.clientOf(g.leader)
	g.leader = id
	g.c.s.Emit(sim.Event{Kind: sim.State, Subj: g.subj() + ".leader", From: from, To: g.clientOf(id),
		Note: strconv.Itoa(g.generation), Src: src})
}

// add is GroupMetadata.add.
func (g *groupMetadata) add(m *member, cb func(joinResult)) {
	if len(g.members) == 0 {
		g.protocolType = m.protocolType
	}
	g.members = append(g.members, m)
	g.byID[m.id] = m
	emit(g.c.s, func() sim.Event {
		return sim.Event{Kind: sim.MemberAdd, Subj: "member[" + m.client + "]", Item: g.id, Note: m.id, To: m.groupInstanceID, Src: srcGroupAdd}
	})
	if g.leader == "" {
		g.setLeader(m.id, srcGroupAdd)
	}
	m.awaitingJoin = cb
	if m.isAwaitingJoin() {
		g.numAwaitingJoin++
	}
}

// remove is GroupMetadata.remove; a removed leader is replaced by the
// first member left (members.keys.headOption).
func (g *groupMetadata) remove(id string, why *msg.Note) {
	m := g.byID[id]
	if m == nil {
		return
	}
	for i, x := range g.members {
		if x == m {
			g.members = append(g.members[:i], g.members[i+1:]...)
			break
		}
	}
	delete(g.byID, id)
	if m.isAwaitingJoin() {
		g.numAwaitingJoin--
	}
	g.c.s.Emit(sim.Noted(sim.Event{Kind: sim.MemberRemove, Subj: "member[" + m.client + "]", Item: g.id, Src: srcGroupRemove}, why))
	if g.isLeader(id) {
		next := ""
		if len(g.members) > 0 {
			next = g.members[0].id
		}
		from := m.client
		g.leader = next
		g.c.s.Emit(sim.Event{Kind: sim.State, Subj: g.subj() + ".leader", From: from, To: g.clientOf(next),
			Note: strconv.Itoa(g.generation), Src: srcGroupRemove})
	}
}

// maybeElectNewJoinedLeader is GroupMetadata.maybeElectNewJoinedLeader.
func (g *groupMetadata) maybeElectNewJoinedLeader() bool {
	if g.leader == "" {
		return false
	}
	if g.get(g.leader).isAwaitingJoin() {
		return true
	}
	for _, m := range g.members {
		if m.isAwaitingJoin() {
			g.setLeader(m.id, srcElectLeader)
			return true
		}
	}
	return false
}

func (g *groupMetadata) isPendingMember(id string) bool {
	if g.has(id) {
		return false
	}
	for _, p := range g.pending {
		if p == id {
			return true
		}
	}
	return false
}

func (g *groupMetadata) addPendingMember(id, client string) {
	g.pending = append(g.pending, id)
	emit(g.c.s, func() sim.Event {
		return sim.Event{Kind: sim.MemberPending, Subj: "member[" + client + "]", Item: g.id, Note: id, Src: srcDoUnknownJoinGroup}
	})
}

func (g *groupMetadata) removePendingMember(id string) bool {
	for i, p := range g.pending {
		if p == id {
			g.pending = append(g.pending[:i], g.pending[i+1:]...)
			return true
		}
	}
	return false
}

func (g *groupMetadata) notYetRejoinedMembers() []*member {
	var out []*member
	for _, m := range g.members {
		if !m.isAwaitingJoin() {
			out = append(out, m)
		}
	}
	return out
}

func (g *groupMetadata) hasAllMembersJoined() bool {
	return len(g.members) == g.numAwaitingJoin && len(g.pending) == 0
}

// rebalanceTimeout is the largest rebalanceTimeoutMs of the members.
func (g *groupMetadata) rebalanceTimeout() time.Duration {
	var d time.Duration
	for _, m := range g.members {
		d = max(d, m.rebalanceTimeout)
	}
	return d
}

// generateMemberID is clientId (a static member's group.instance.id) +
// "-" + a UUID, the UUID cut to four hex digits from the run's seeded
// source (unique within the group).
func (g *groupMetadata) generateMemberID(client, instance string) string {
	prefix := client
	if instance != "" {
		prefix = instance
	}
	for {
		id := fmt.Sprintf("%s-%04x", prefix, g.c.s.Rand().Uint32()&0xffff)
		if !g.has(id) && !g.isPendingMember(id) {
			return id
		}
	}
}

// canRebalance is GroupMetadata.canRebalance.
func (g *groupMetadata) canRebalance() bool { return CanTransition(g.state, PreparingRebalance) }

// transitionTo is GroupMetadata.transitionTo. Upstream throws
// IllegalStateException on an invalid transition; here the invariant is
// recorded and the state stays.
func (g *groupMetadata) transitionTo(to GroupState, why *msg.Note, src string) {
	if !CanTransition(g.state, to) {
		g.c.sys.violation(msg.Notef("%s: invalid transition %s → %s", g.id, g.state, to), src)
		return
	}
	from := g.state
	g.state = to
	g.stateTime = g.c.s.Now()
	e := sim.Event{Kind: sim.State, Subj: g.subj(), From: string(from), To: string(to), Note: strconv.Itoa(g.generation), Src: src}
	if why != nil {
		e.Item, e.ItemWords = why.String(), why
	}
	g.c.s.Emit(e)
	if to == Stable {
		g.c.sys.checkAssignment(g)
	}
}

// candidateProtocols are the protocols every member supports, in the first
// member's order (a candidate must be one of its protocols).
func (g *groupMetadata) candidateProtocols() []string {
	if len(g.members) == 0 {
		return nil
	}
	var out []string
	for _, p := range g.members[0].protocols {
		all := true
		for _, m := range g.members[1:] {
			all = all && m.supports(p.name)
		}
		if all {
			out = append(out, p.name)
		}
	}
	return out
}

// selectProtocol is GroupMetadata.selectProtocol: each member votes for
// its most preferred candidate, most votes wins. Upstream breaks a tie by
// HashMap order; here the candidate first voted for wins it.
func (g *groupMetadata) selectProtocol() string {
	cands := g.candidateProtocols()
	var names []string
	votes := map[string]int{}
	for _, m := range g.members {
		v := m.vote(cands)
		if votes[v] == 0 {
			names = append(names, v)
		}
		votes[v]++
	}
	best := ""
	for _, n := range names {
		if best == "" || votes[n] > votes[best] {
			best = n
		}
	}
	return best
}

// supportsProtocols is GroupMetadata.supportsProtocols.
func (g *groupMetadata) supportsProtocols(protocolType string, ps []protocol) bool {
	if g.is(Empty) {
		return protocolType != "" && len(ps) > 0
	}
	if g.protocolType != protocolType {
		return false
	}
	for _, p := range ps {
		all := true
		for _, m := range g.members {
			all = all && m.supports(p.name)
		}
		if all {
			return true
		}
	}
	return false
}

// updateMember is GroupMetadata.updateMember.
func (g *groupMetadata) updateMember(m *member, ps []protocol, cb func(joinResult)) {
	m.protocols = ps
	if cb != nil && !m.isAwaitingJoin() {
		g.numAwaitingJoin++
	} else if cb == nil && m.isAwaitingJoin() {
		g.numAwaitingJoin--
	}
	m.awaitingJoin = cb
}

// maybeInvokeJoinCallback is GroupMetadata.maybeInvokeJoinCallback.
func (g *groupMetadata) maybeInvokeJoinCallback(m *member, r joinResult) {
	if m.isAwaitingJoin() {
		cb := m.awaitingJoin
		m.awaitingJoin = nil
		g.numAwaitingJoin--
		cb(r)
	}
}

// maybeInvokeSyncCallback is GroupMetadata.maybeInvokeSyncCallback.
func (g *groupMetadata) maybeInvokeSyncCallback(m *member, r syncResult) bool {
	if !m.isAwaitingSync() {
		return false
	}
	cb := m.awaitingSync
	m.awaitingSync = nil
	cb(r)
	return true
}

// initNextGeneration is GroupMetadata.initNextGeneration: the generation
// goes up by one whether or not anyone is left.
func (g *groupMetadata) initNextGeneration() {
	g.generation++
	old := g.protocol
	if len(g.members) > 0 {
		g.protocol = g.selectProtocol()
		g.emitProtocol(old)
		g.transitionTo(CompletingRebalance, nil, srcInitNextGeneration)
	} else {
		g.protocol = ""
		g.emitProtocol(old)
		g.transitionTo(Empty, nil, srcInitNextGeneration)
	}
}

func (g *groupMetadata) emitProtocol(old string) {
	if old == g.protocol {
		return
	}
	g.c.s.Emit(sim.Event{Kind: sim.State, Subj: g.subj() + ".protocol", From: orNone(old), To: orNone(g.protocol),
		Note: strconv.Itoa(g.generation), Src: srcInitNextGeneration})
}

// currentMemberMetadata is what the leader's JoinGroup response carries:
// every member's subscription for the chosen protocol.
func (g *groupMetadata) currentMemberMetadata() []Subscription {
	out := make([]Subscription, len(g.members))
	for i, m := range g.members {
		p := m.metadata(g.protocol)
		out[i] = Subscription{MemberID: m.id, Topics: p.topics, GroupInstanceID: m.groupInstanceID, OwnedPartitions: p.owned, UserData: p.userData}
	}
	return out
}

// memberNames lists the members' consumers, sorted.
func (g *groupMetadata) memberNames() []string {
	out := make([]string, len(g.members))
	for i, m := range g.members {
		out[i] = m.client
	}
	sort.Strings(out)
	return out
}

func orNone(s string) string {
	if s == "" {
		return "none"
	}
	return s
}
