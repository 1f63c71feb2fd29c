package group

import (
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"brokerlab/core/sim"
	"brokerlab/core/socketserver"
)

// rig is a coordinator without consumers: tests hand it requests.
type rig struct {
	s    *sim.Sim
	y    *System
	c    *Coordinator
	conn *socketserver.Conn // member A's
}

func newRig(t *testing.T, cfg Config) *rig {
	s := sim.New(1, true)
	t.Cleanup(s.Close)
	y, err := New(s, cfg)
	require.NoError(t, err)
	return &rig{s: s, y: y, c: y.coord}
}

var rangeT0 = []protocol{{name: "range", topics: []string{"t0"}}}

// group puts group G in state st at generation 1 with members A (the
// leader) and B, both subscribed to t0 with range. (An Empty group has
// no members upstream; keeping them shows the state's own answer.)
func (r *rig) group(st GroupState) *groupMetadata {
	g := r.c.addGroup("G")
	for _, n := range []string{"A", "B"} {
		g.add(&member{id: n + "-0001", client: n, sessionTimeout: 10 * time.Second, rebalanceTimeout: 5 * time.Minute,
			protocolType: consumerProtocolType, protocols: rangeT0, assignment: []TopicPartition{{"t0", len(n) - 1}}}, nil)
	}
	g.protocol, g.generation, g.state = "range", 1, st
	return g
}

// call sends req from member A and waits up to 50 ms for the answer (nil
// if it stays parked).
func (r *rig) call(t *testing.T, req *request) *response {
	t.Helper()
	var got *response
	req.id = r.s.NextToken()
	req.replyTo = func(resp *response) { got = resp }
	r.y.main.Post(r.s.Now(), func() { r.y.send(&r.conn, req, nil, "") })
	require.NoError(t, r.s.Run(r.s.Now()+50*time.Millisecond, false, func() bool { return got != nil }))
	return got
}

func (r *rig) req(api string) *request {
	return &request{api: api, client: "A", groupID: "G", memberID: "A-0001", generation: 1, protocolType: consumerProtocolType,
		protocolName: "range", protocols: rangeT0, sessionTimeout: 10 * time.Second, rebalanceTimeout: 5 * time.Minute}
}

// heartbeatRearmed counts DelayedHeartbeats armed for member A.
func (r *rig) heartbeatRearmed() int {
	n := 0
	for _, e := range r.s.Trace() {
		if e.Kind == sim.TimerAdd && e.Subj == "member[A]" && e.Item == "DelayedHeartbeat" {
			n++
		}
	}
	return n
}

// Kafka 2.5 GroupCoordinator.scala: every error per request and state.
func TestErrorsPerRequestAndState(t *testing.T) {
	const noGroup GroupState = ""
	tests := []struct {
		name      string
		state     GroupState // noGroup: the coordinator has no such group
		api       string
		edit      func(r *request)
		cfg       func(c *Config)
		want      Error // "": the request stays parked
		wantState GroupState
		rearmed   int // DelayedHeartbeats armed for A by the request
	}{
		// JoinGroup
		{name: "join: empty group id", state: noGroup, api: apiJoinGroup, edit: func(r *request) { r.groupID = "" }, want: InvalidGroupID},
		{name: "join: session timeout below group.min.session.timeout.ms", state: Stable, api: apiJoinGroup,
			edit: func(r *request) { r.sessionTimeout = 5999 * time.Millisecond }, want: InvalidSessionTimeout, wantState: Stable},
		{name: "join: session timeout above group.max.session.timeout.ms", state: Stable, api: apiJoinGroup,
			edit: func(r *request) { r.sessionTimeout = 30*time.Minute + time.Millisecond }, want: InvalidSessionTimeout, wantState: Stable},
		{name: "join: a member id the coordinator never gave, no group", state: noGroup, api: apiJoinGroup, want: UnknownMemberID},
		{name: "join: new member, no group: created Empty, member only pending", state: noGroup, api: apiJoinGroup,
			edit: func(r *request) { r.memberID = "" }, want: MemberIDRequired, wantState: Empty, rearmed: 1},
		{name: "join: new member, Stable: state unchanged", state: Stable, api: apiJoinGroup,
			edit: func(r *request) { r.memberID = "" }, want: MemberIDRequired, wantState: Stable, rearmed: 1},
		{name: "join: protocol nobody else supports", state: Stable, api: apiJoinGroup,
			edit: func(r *request) {
				r.memberID, r.protocols = "", []protocol{{name: "roundrobin", topics: []string{"t0"}}}
			}, want: InconsistentGroupProtocol, wantState: Stable},
		{name: "join: another protocol type", state: Stable, api: apiJoinGroup,
			edit: func(r *request) { r.memberID, r.protocolType = "", "connect" }, want: InconsistentGroupProtocol, wantState: Stable},
		{name: "join: full group", state: Stable, api: apiJoinGroup, edit: func(r *request) { r.memberID = "" },
			cfg: func(c *Config) { c.MaxSize = 2 }, want: GroupMaxSizeReached, wantState: Stable},
		{name: "join: unknown member id", state: Stable, api: apiJoinGroup, edit: func(r *request) { r.memberID = "Z-0001" }, want: UnknownMemberID, wantState: Stable},
		{name: "join: Dead, new member", state: Dead, api: apiJoinGroup, edit: func(r *request) { r.memberID = "" }, want: CoordinatorNotAvailable, wantState: Dead},
		{name: "join: Dead, known member", state: Dead, api: apiJoinGroup, want: CoordinatorNotAvailable, wantState: Dead},
		{name: "join: known member, Empty", state: Empty, api: apiJoinGroup, want: UnknownMemberID, wantState: Empty},
		{name: "join: follower with the same metadata, Stable: current generation", state: Stable, api: apiJoinGroup,
			edit: func(r *request) { r.client, r.memberID = "B", "B-0001" }, want: None, wantState: Stable},
		{name: "join: leader, Stable: rebalance", state: Stable, api: apiJoinGroup, want: "", wantState: PreparingRebalance},
		{name: "join: follower with new metadata, Stable: rebalance", state: Stable, api: apiJoinGroup,
			edit: func(r *request) {
				r.client, r.memberID, r.protocols = "B", "B-0001", []protocol{{name: "range", topics: []string{"t0", "t1"}}}
			}, want: "", wantState: PreparingRebalance},
		{name: "join: same metadata, CompletingRebalance: current generation", state: CompletingRebalance, api: apiJoinGroup,
			want: None, wantState: CompletingRebalance},
		{name: "join: new metadata, CompletingRebalance: rebalance", state: CompletingRebalance, api: apiJoinGroup,
			edit: func(r *request) { r.protocols = []protocol{{name: "range", topics: []string{"t1"}}} }, want: "", wantState: PreparingRebalance},
		{name: "join: PreparingRebalance: parked", state: PreparingRebalance, api: apiJoinGroup, want: "", wantState: PreparingRebalance},

		// SyncGroup
		{name: "sync: empty group id", state: noGroup, api: apiSyncGroup, edit: func(r *request) { r.groupID = "" }, want: InvalidGroupID},
		{name: "sync: no group", state: noGroup, api: apiSyncGroup, want: UnknownMemberID},
		{name: "sync: Dead", state: Dead, api: apiSyncGroup, want: CoordinatorNotAvailable, wantState: Dead},
		{name: "sync: unknown member", state: Stable, api: apiSyncGroup, edit: func(r *request) { r.memberID = "Z-0001" }, want: UnknownMemberID, wantState: Stable},
		{name: "sync: wrong generation", state: Stable, api: apiSyncGroup, edit: func(r *request) { r.generation = 2 }, want: IllegalGeneration, wantState: Stable},
		{name: "sync: another protocol", state: Stable, api: apiSyncGroup, edit: func(r *request) { r.protocolName = "roundrobin" }, want: InconsistentGroupProtocol, wantState: Stable},
		{name: "sync: Empty", state: Empty, api: apiSyncGroup, want: UnknownMemberID, wantState: Empty},
		{name: "sync: PreparingRebalance", state: PreparingRebalance, api: apiSyncGroup, want: RebalanceInProgress, wantState: PreparingRebalance},
		{name: "sync: Stable: the current assignment", state: Stable, api: apiSyncGroup, want: None, wantState: Stable, rearmed: 1},
		{name: "sync: follower, CompletingRebalance: parked until the leader's", state: CompletingRebalance, api: apiSyncGroup,
			edit: func(r *request) { r.client, r.memberID = "B", "B-0001" }, want: "", wantState: CompletingRebalance},
		{name: "sync: leader, CompletingRebalance: Stable", state: CompletingRebalance, api: apiSyncGroup,
			edit: func(r *request) {
				r.plan = []assigned{{"A-0001", []TopicPartition{{"t0", 0}}}, {"B-0001", []TopicPartition{{"t0", 1}}}}
				r.planMetadata = map[string]int{"t0": 2}
			}, want: None, wantState: Stable, rearmed: 1},

		// Heartbeat
		{name: "heartbeat: empty group id", state: noGroup, api: apiHeartbeat, edit: func(r *request) { r.groupID = "" }, want: InvalidGroupID},
		{name: "heartbeat: no group", state: noGroup, api: apiHeartbeat, want: UnknownMemberID},
		{name: "heartbeat: Dead", state: Dead, api: apiHeartbeat, want: CoordinatorNotAvailable, wantState: Dead},
		{name: "heartbeat: unknown member", state: Stable, api: apiHeartbeat, edit: func(r *request) { r.memberID = "Z-0001" }, want: UnknownMemberID, wantState: Stable},
		{name: "heartbeat: wrong generation", state: Stable, api: apiHeartbeat, edit: func(r *request) { r.generation = 0 }, want: IllegalGeneration, wantState: Stable},
		{name: "heartbeat: Empty", state: Empty, api: apiHeartbeat, want: UnknownMemberID, wantState: Empty},
		{name: "heartbeat: PreparingRebalance: timer reset", state: PreparingRebalance, api: apiHeartbeat, want: RebalanceInProgress, wantState: PreparingRebalance, rearmed: 1},
		{name: "heartbeat: CompletingRebalance (2.5): no timer reset", state: CompletingRebalance, api: apiHeartbeat, want: RebalanceInProgress, wantState: CompletingRebalance},
		{name: "heartbeat: Stable: timer reset", state: Stable, api: apiHeartbeat, want: None, wantState: Stable, rearmed: 1},

		// LeaveGroup: the client reads the member's error
		{name: "leave: empty group id", state: noGroup, api: apiLeaveGroup, edit: func(r *request) { r.groupID = "" }, want: InvalidGroupID},
		{name: "leave: no group", state: noGroup, api: apiLeaveGroup, want: UnknownMemberID},
		{name: "leave: Dead", state: Dead, api: apiLeaveGroup, want: CoordinatorNotAvailable, wantState: Dead},
		{name: "leave: unknown member", state: Stable, api: apiLeaveGroup, edit: func(r *request) { r.memberID = "Z-0001" }, want: UnknownMemberID, wantState: Stable},
		{name: "leave: Stable: rebalance", state: Stable, api: apiLeaveGroup, want: None, wantState: PreparingRebalance},

		// DeleteGroups
		{name: "delete: no group", state: noGroup, api: apiDeleteGroups, want: GroupIDNotFound},
		{name: "delete: Stable", state: Stable, api: apiDeleteGroups, want: NonEmptyGroup, wantState: Stable},
		{name: "delete: Empty: Dead, and gone", state: Empty, api: apiDeleteGroups, want: None, wantState: Dead},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			cfg := DefaultConfig()
			if tc.cfg != nil {
				tc.cfg(&cfg)
			}
			r := newRig(t, cfg)
			if tc.state != noGroup {
				r.group(tc.state)
			}
			req := r.req(tc.api)
			if tc.edit != nil {
				tc.edit(req)
			}
			before := r.heartbeatRearmed()
			got := r.call(t, req)
			if tc.want == "" {
				require.Nil(t, got, "want it parked")
			} else {
				require.NotNil(t, got, "want an answer")
				e := got.err
				if tc.api == apiLeaveGroup && e == None && got.memberErr != "" {
					e = got.memberErr
				}
				require.Equal(t, tc.want, e)
			}
			if tc.wantState != "" {
				state, err := r.y.Get("group[G].state")
				require.NoError(t, err)
				require.Equal(t, string(tc.wantState), state)
			}
			require.Equal(t, tc.rearmed, r.heartbeatRearmed()-before, "DelayedHeartbeats armed")
		})
	}
}

// A new member gets an id made of its client id and a short suffix, and
// the group only holds it as pending (Kafka 2.5 KafkaApis.scala L1439,
// requireKnownMemberId).
func TestMemberIDRequiredGivesAnIDAndChangesNothing(t *testing.T) {
	r := newRig(t, DefaultConfig())
	req := r.req(apiJoinGroup)
	req.memberID = ""
	got := r.call(t, req)
	require.Equal(t, MemberIDRequired, got.err)
	require.Regexp(t, `^A-[0-9a-f]{4}$`, got.memberID)
	for path, want := range map[string]string{"group[G].state": "Empty", "group[G].pending": "1", "group[G].members": "", "group[G].generation": "0"} {
		v, err := r.y.Get(path)
		require.NoError(t, err)
		require.Equal(t, want, v, path)
	}
	// joining again with the id makes it a member, and the group rebalances
	req = r.req(apiJoinGroup)
	req.memberID = got.memberID
	require.Nil(t, r.call(t, req), "parked in the initial delayed join")
	for path, want := range map[string]string{"group[G].state": "PreparingRebalance", "group[G].pending": "0", "group[G].members": "A",
		"group[G].leader": "A", "group[G].delayedJoin": "InitialDelayedJoin"} {
		v, err := r.y.Get(path)
		require.NoError(t, err)
		require.Equal(t, want, v, path)
	}
}

// An invalid transition is recorded as an invariant, not made.
func TestInvalidTransitionIsAnInvariantViolation(t *testing.T) {
	r := newRig(t, DefaultConfig())
	g := r.group(Empty)
	g.transitionTo(Stable, nil, srcHandleSyncGroup)
	require.Equal(t, Empty, g.state)
	require.Len(t, r.y.Violations, 1)
	require.Contains(t, r.y.Violations[0], "invalid transition Empty → Stable")
}

// Every documented path answers, on a system with a group and a consumer
// and on one without; malformed ones are refused.
func TestPaths(t *testing.T) {
	w := newWorld(t, 1, nil)
	w.y.Topic(0, "t0", 2)
	w.join(0, "C0", "G", "t0")
	w.runTo(sec(5))
	for _, p := range Paths {
		for _, key := range []string{"G", "C0", "t0", "nope"} {
			path := strings.NewReplacer("[G]", "["+key+"]", "[C]", "["+key+"]", "[T]", "["+key+"]", "[P]", "[t0-1]").Replace(p)
			require.NoError(t, CheckPath(path), path)
			_, err := w.y.Get(path)
			require.NoError(t, err, path)
		}
	}
	require.Error(t, CheckPath("group[G].committed[t0]"), "a partition has a number")
	for path, want := range map[string]string{"group[G].state": "Stable", "group[nope].state": "Dead", "group[nope].members": "",
		"group[G].coordinator": "1", "consumer[C0].coordinator": "1", "group[G].committed[t0-0]": "none",
		"consumer[C0].state": "STABLE", "consumer[nope].thread": "stopped", "topic[t0].partitions": "2", "topic[nope].partitions": "0",
		"admin.deleteGroups[G]": "none", "coordinator.completedRebalances": "1", "group[G].assignment[nope]": ""} {
		require.Equal(t, want, w.get(path), path)
	}
	for _, p := range []string{"group", "group[G]", "group[G].nope", "group[G].assignment[C0].x", "group[G].assignment[]", "consumer[C0]",
		"consumer[C0].lag", "topic[t0].leader", "admin.deleteGroups[G].x", "nope[x].y", "group[G", "group[].state"} {
		require.ErrorIs(t, CheckPath(p), ErrUnknownPath, p)
	}
}
