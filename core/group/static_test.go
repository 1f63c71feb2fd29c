package group

import (
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"brokerlab/core/sim"
	"brokerlab/core/socketserver"
)

// staticWorld is three static consumers S1..S3 (instance ids i1..i3) of
// group G on t0 (3 partitions), Stable in generation 1 by 10 s; extra
// joins come from more, before the run.
func staticWorld(t *testing.T, seed int64) *world {
	w := newWorld(t, seed, nil)
	w.y.Topic(0, "t0", 3)
	for i, n := range []string{"1", "2", "3"} {
		cfg := w.cfg.Consumer
		cfg.GroupInstanceID = "i" + n
		w.joinWith(ms(i), "S"+n, "G", cfg, "t0")
	}
	return w
}

// sent lists the requests of api the trace shows sent (client.send), by client.
func (w *world) sent(api string) []string {
	var out []string
	for _, e := range w.events(sim.ClientSend, "") {
		if strings.HasPrefix(e.Item, api+":") {
			out = append(out, e.Subj)
		}
	}
	return out
}

// answered lists the errors answered to subj's requests of api, in order.
func (w *world) answered(subj, api string) []string {
	var out []string
	for _, e := range w.events(sim.ClientRecv, subj) {
		if a, err, ok := strings.Cut(e.Item, " "); ok && a == api {
			out = append(out, err)
		}
	}
	return out
}

func us(d time.Duration) int64 { return int64(d / time.Microsecond) }

// Kafka 2.5 KafkaApis.scala L1439, GroupCoordinator.scala L182-222: a static member joins without MEMBER_ID_REQUIRED, with a
// member id that starts with its instance id.
func TestStaticFirstJoin(t *testing.T) {
	w := staticWorld(t, 1)
	w.runTo(sec(10))
	require.Empty(t, w.events(sim.MemberPending, ""))
	for _, n := range []string{"1", "2", "3"} {
		require.Equal(t, []string{"NONE"}, w.answered("member[S"+n+"]", "JoinGroup"))
		require.True(t, strings.HasPrefix(w.get("consumer[S"+n+"].memberId"), "i"+n+"-"), w.get("consumer[S"+n+"].memberId"))
	}
	// range orders static members by instance id, whatever their member ids
	w.expect(map[string]string{"group[G].generation": "1", "group[G].staticMembers": "i1,i2,i3", "consumer[S2].instance": "i2",
		"group[G].assignment[S1]": "t0-0", "group[G].assignment[S2]": "t0-1", "group[G].assignment[S3]": "t0-2"})
}

// Kafka 2.5 GroupCoordinator.scala L1015-1031, L1211-1227: a static member bounced within the
// session timeout costs no rebalance; past it, two.
func TestStaticBounce(t *testing.T) {
	for _, tc := range []struct {
		name        string
		down        time.Duration
		generations string // the group's generations when Stable, in order
		rebalances  int
	}{
		{"back after 4s: no rebalance", sec(4), "1", 1},
		{"back after 15s: removed, then a new member", sec(15), "1,2,3", 3},
	} {
		t.Run(tc.name, func(t *testing.T) {
			for _, seed := range []int64{1, 2, 3} {
				w := staticWorld(t, seed)
				w.runTo(sec(20))
				oldID := w.get("consumer[S2].memberId")
				w.y.Crash(sec(20), "S2")
				w.y.Restart(sec(20)+tc.down, "S2")
				w.runTo(sec(80))
				require.Empty(t, w.sent("LeaveGroup"), "a static member sends no LeaveGroup")
				var stable []string
				for _, e := range w.events(sim.State, "group[G]") {
					if e.To == string(Stable) {
						stable = append(stable, e.Note)
					}
				}
				require.Equal(t, tc.generations, strings.Join(stable, ","), "seed %d", seed)
				require.Equal(t, tc.rebalances, w.y.coord.CompletedRebalances)
				newID := w.get("consumer[S2].memberId")
				require.NotEqual(t, oldID, newID)
				require.True(t, strings.HasPrefix(newID, "i2-"))
				w.expect(map[string]string{"group[G].members": "S1,S2,S3", "consumer[S2].assignment": "t0-1", "consumer[S2].state": "STABLE"})
				if tc.rebalances == 1 {
					// the new process joins generation 1, SyncGroup gives it
					// its stored assignment; nobody else hears of it
					require.Equal(t, []string{"NONE"}, w.answered("member[S2]", "JoinGroup")[1:])
					for _, c := range []string{"S1", "S3"} {
						require.NotContains(t, w.answered("member["+c+"]", "Heartbeat"), "REBALANCE_IN_PROGRESS")
						require.Len(t, w.events(sim.Assign, "consumer["+c+"]"), 1)
					}
					continue
				}
				// removed session.timeout.ms after its last heartbeat
				removals := w.events(sim.MemberRemove, "member[S2]")
				require.Len(t, removals, 1)
				require.Contains(t, removals[0].Note, "on heartbeat expiration")
				require.Less(t, removals[0].T, us(sec(30)+ms(10)))
				require.Greater(t, removals[0].T, us(sec(27)))
			}
		})
	}
}

// Kafka 2.5 GroupMetadata.scala L303-324, AbstractCoordinator.java L1325-1328: a second process with the same instance id
// takes the member over; the first one's next heartbeat is fenced, which
// is fatal in 2.5: its consumer stops, sending no LeaveGroup.
func TestStaticDuplicateInstanceFenced(t *testing.T) {
	w := staticWorld(t, 1)
	w.runTo(sec(20))
	cfg := w.cfg.Consumer
	cfg.GroupInstanceID = "i1"
	w.joinWith(sec(20), "B", "G", cfg, "t0")
	w.runTo(sec(40))
	require.Equal(t, "FENCED_INSTANCE_ID", w.answered("member[S1]", "Heartbeat")[len(w.answered("member[S1]", "Heartbeat"))-1])
	require.Empty(t, w.sent("LeaveGroup"))
	require.Equal(t, 1, w.y.coord.CompletedRebalances)
	// upstream 2.5 re-keys the member and keeps its client id: S1's
	w.expect(map[string]string{"consumer[S1].error": "FENCED_INSTANCE_ID", "consumer[S1].thread": "stopped", "consumer[S1].assignment": "",
		"consumer[B].assignment": "t0-0", "consumer[B].state": "STABLE", "group[G].generation": "1", "group[G].members": "S1,S2,S3",
		"group[G].state": "Stable"})
	require.Equal(t, w.get("consumer[B].memberId"), w.y.coord.groups["G"].staticMembers["i1"])
}

// Kafka 2.5 AbstractCoordinator.java L975-990, for contrast: a dynamic member's close sends
// LeaveGroup and the group rebalances at once.
func TestDynamicCloseLeavesAtOnce(t *testing.T) {
	w := newWorld(t, 1, nil)
	w.y.Topic(0, "t0", 3)
	w.join(0, "D1", "G", "t0")
	w.join(0, "D2", "G", "t0")
	w.y.Leave(sec(20), "D2")
	w.runTo(sec(40))
	require.Equal(t, []string{"member[D2]"}, w.sent("LeaveGroup"))
	removals := w.events(sim.MemberRemove, "member[D2]")
	require.Len(t, removals, 1)
	require.Less(t, removals[0].T, us(sec(20)+ms(5)))
	w.expect(map[string]string{"group[G].generation": "2", "group[G].members": "D1", "consumer[D1].assignment": "t0-0,t0-1,t0-2"})
}

// Kafka 2.5 GroupCoordinator.scala L1006, L1030: the static leader restarts in a Stable group.
// Its JoinGroup answer names its old member id as the leader, so it does
// not assign; the group's leader is its new id.
func TestStaticRejoiningLeader(t *testing.T) {
	w := staticWorld(t, 1)
	w.runTo(sec(20))
	require.Equal(t, "S1", w.get("group[G].leader"))
	oldID := w.get("consumer[S1].memberId")
	w.y.Crash(sec(20), "S1")
	w.y.Restart(sec(22), "S1")
	w.runTo(sec(40))
	joins := w.events(sim.ClientRecv, "member[S1]")
	var last sim.Event
	for _, e := range joins {
		if e.Item == "JoinGroup NONE" {
			last = e
		}
	}
	newID := w.get("consumer[S1].memberId")
	require.Contains(t, last.Note, "generation 1, member "+newID+", leader "+oldID)
	require.Equal(t, newID, w.y.coord.groups["G"].leader)
	require.Equal(t, 1, w.y.coord.CompletedRebalances)
	w.expect(map[string]string{"consumer[S1].leader": "false", "group[G].leader": "S1", "consumer[S1].assignment": "t0-0", "group[G].generation": "1"})
}

// Kafka 2.5 GroupCoordinator.scala L1120-1128, L1211-1227: a static member that does not rejoin is not removed when
// the join phase completes at the rebalance timeout; a crashed one is
// removed when its session expires.
func TestStaticMemberKeptThroughRebalanceTimeout(t *testing.T) {
	w := newWorld(t, 1, func(c *Config) { c.Consumer.SessionTimeout, c.Consumer.MaxPollInterval = sec(60), sec(20) })
	w.y.Topic(0, "t0", 3)
	for i, n := range []string{"1", "2"} {
		cfg := w.cfg.Consumer
		cfg.GroupInstanceID = "i" + n
		w.joinWith(ms(i), "S"+n, "G", cfg, "t0")
	}
	w.runTo(sec(20))
	w.y.Crash(sec(20), "S2")
	w.join(sec(21), "D", "G", "t0") // a new member: a rebalance S2 cannot join
	w.runTo(sec(50))
	w.expect(map[string]string{"group[G].generation": "2", "group[G].members": "D,S1,S2", "group[G].state": "Stable",
		"group[G].assignment[S2]": "t0-1"})
	require.Empty(t, w.events(sim.MemberRemove, "member[S2]"))
	// completing the join rearmed every member's session, S2's too
	w.runTo(sec(120))
	w.expect(map[string]string{"group[G].generation": "3", "group[G].members": "D,S1", "group[G].staticMembers": "i1"})
}

// The refused actions say why, at their line.
func TestCrashRestartRefused(t *testing.T) {
	w := staticWorld(t, 1)
	w.y.Restart(sec(1), "S1")
	w.y.Restart(sec(1), "nobody")
	w.y.Crash(sec(2), "nobody")
	w.y.Crash(sec(3), "S1")
	w.y.Crash(sec(4), "S1")
	w.runTo(sec(10))
	refused := w.refused()
	require.Len(t, refused, 4)
	require.Contains(t, refused[0], "S1 is running")
	require.Contains(t, refused[1], "nobody never ran")
	require.Contains(t, refused[2], "nobody is not running")
	require.Contains(t, refused[3], "S1 is not running")
}

// refused lists the notes of the actions the system refused.
func (w *world) refused() []string {
	var out []string
	for _, e := range w.events(sim.Action, "") {
		if strings.Contains(e.Note, "refused") {
			out = append(out, e.Note)
		}
	}
	return out
}

// staticRig is the rig's group G in state st with A and B static members
// (instance ids a and b).
func staticRig(t *testing.T, st GroupState) (*rig, *groupMetadata) {
	r := newRig(t, DefaultConfig())
	g := r.group(st)
	for _, m := range g.members {
		m.groupInstanceID = strings.ToLower(m.client)
		g.addStaticMember(m.groupInstanceID, m.id)
	}
	return r, g
}

// Kafka 2.5, fencing and the rejoin of a known instance id, per request
// and state (GroupCoordinator.isStaticMemberFenced,
// updateStaticMemberAndRebalance).
func TestStaticRequestsPerState(t *testing.T) {
	fenced := func(r *request) { r.groupInstanceID, r.memberID = "a", "A-0002" }
	rejoin := func(r *request) { r.groupInstanceID, r.memberID = "a", "" }
	tests := []struct {
		name      string
		state     GroupState
		api       string
		edit      func(r *request)
		want      Error // "": parked
		wantState GroupState
	}{
		{"join: known instance, another member id", Stable, apiJoinGroup, fenced, FencedInstanceID, Stable},
		{"sync: known instance, another member id", Stable, apiSyncGroup, fenced, FencedInstanceID, Stable},
		{"heartbeat: known instance, another member id", Stable, apiHeartbeat, fenced, FencedInstanceID, Stable},
		{"commit: known instance, another member id", Stable, apiOffsetCommit, func(r *request) {
			fenced(r)
			r.offsets = []Offset{{TopicPartition{"t0", 0}, 5}}
		}, FencedInstanceID, Stable},
		{"leave: known instance, another member id", Stable, apiLeaveGroup, fenced, FencedInstanceID, Stable},
		{"join: known member id, unknown instance", Stable, apiJoinGroup, func(r *request) { r.groupInstanceID = "zz" }, UnknownMemberID, Stable},
		{"join: new static member: no MEMBER_ID_REQUIRED, a rebalance", Stable, apiJoinGroup,
			func(r *request) { r.groupInstanceID, r.memberID = "c", "" }, "", PreparingRebalance},
		{"rejoin, Stable: no rebalance", Stable, apiJoinGroup, rejoin, None, Stable},
		{"rejoin, CompletingRebalance: a rebalance", CompletingRebalance, apiJoinGroup, rejoin, "", PreparingRebalance},
		{"rejoin, PreparingRebalance: joins it", PreparingRebalance, apiJoinGroup, rejoin, "", PreparingRebalance},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r, g := staticRig(t, tc.state)
			req := r.req(tc.api)
			tc.edit(req)
			got := r.call(t, req)
			if tc.want == "" {
				require.Nil(t, got, "want it parked")
			} else {
				require.NotNil(t, got, "want an answer")
				e := got.err
				if tc.api == apiLeaveGroup && e == None {
					e = got.memberErr
				}
				require.Equal(t, tc.want, e)
			}
			require.Equal(t, tc.wantState, g.state)
			if tc.name == "rejoin, Stable: no rebalance" {
				// the same member under a new id, its assignment kept; the
				// answer's leader is the id from before
				require.True(t, strings.HasPrefix(got.memberID, "a-"), got.memberID)
				require.Equal(t, 1, got.generation)
				require.Equal(t, "A-0001", got.leader)
				require.Equal(t, got.memberID, g.leader)
				require.Equal(t, got.memberID, g.staticMembers["a"])
				require.False(t, g.has("A-0001"))
				require.Equal(t, "t0-0", FormatPartitions(g.get(got.memberID).assignment))
			}
		})
	}
}

// replaceGroupInstance answers the old member's parked JoinGroup
// FENCED_INSTANCE_ID (GroupCoordinatorTest.staticMemberFenceDuplicateRejoinedFollower).
func TestStaticReplaceFencesTheParkedJoin(t *testing.T) {
	r, g := staticRig(t, PreparingRebalance)
	old := r.req(apiJoinGroup)
	old.groupInstanceID = "a"
	require.Nil(t, r.call(t, old), "the old member's join is parked")
	var got *response
	dup := r.req(apiJoinGroup)
	dup.client, dup.groupInstanceID, dup.memberID, dup.id = "A2", "a", "", r.s.NextToken()
	dup.replyTo = func(resp *response) { got = resp }
	var conn *socketserver.Conn
	r.y.main.Post(r.s.Now(), func() { r.y.send(&conn, dup, nil, "") })
	require.NoError(t, r.s.Run(r.s.Now()+50*time.Millisecond, false, nil))
	require.Nil(t, got, "the new process takes part in the join in progress")
	var oldAnswer string
	for _, e := range r.s.Trace() {
		if e.Kind == sim.Send && e.ID == old.id {
			oldAnswer = e.Item
		}
	}
	require.Equal(t, "JoinGroup FENCED_INSTANCE_ID", oldAnswer)
	require.Equal(t, PreparingRebalance, g.state)
	require.True(t, g.get(g.staticMembers["a"]).isAwaitingJoin())
}

// A consumer that is closing still holds its connection: a join or a
// restart of its name waits until it has closed (it used to open a second
// connection of the same name and stop the simulation).
func TestJoinWhileClosingRefused(t *testing.T) {
	w := newWorld(t, 1, nil)
	w.y.Topic(0, "t0", 3)
	w.joinWith(0, "C1", "G", w.cfg.Consumer, "t0")
	w.y.Leave(sec(5), "C1") // its LeaveGroup takes a round trip
	w.y.Join(sec(5)+time.Millisecond, "C1", "H", []string{"t0"}, w.cfg.Consumer)
	w.y.Restart(sec(5)+time.Millisecond, "C1")
	w.runTo(sec(10))
	refused := w.refused()
	require.Len(t, refused, 2)
	require.Contains(t, refused[0], "C1 is still closing")
	require.Contains(t, refused[1], "C1 is still closing")
}
