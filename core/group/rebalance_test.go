package group

import (
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"brokerlab/core/sim"
)

// world is a System with consumers, run with the assignment invariant
// checked before every switch of thread.
type world struct {
	t   *testing.T
	s   *sim.Sim
	y   *System
	cfg Config
}

func newWorld(t *testing.T, seed int64, edit func(c *Config)) *world {
	s := sim.New(seed, true)
	t.Cleanup(s.Close)
	cfg := DefaultConfig()
	cfg.NumIOThreads = 2
	if edit != nil {
		edit(&cfg)
	}
	y, err := New(s, cfg)
	require.NoError(t, err)
	return &world{t, s, y, cfg}
}

func ms(n int) time.Duration  { return time.Duration(n) * time.Millisecond }
func sec(n int) time.Duration { return time.Duration(n) * time.Second }

func (w *world) join(at time.Duration, name, group string, topics ...string) {
	w.y.Join(at, name, group, topics, w.cfg.Consumer)
}

func (w *world) joinWith(at time.Duration, name, group string, cfg ConsumerConfig, topics ...string) {
	w.y.Join(at, name, group, topics, cfg)
}

// runTo runs until virtual time t, checking the invariant on every switch.
func (w *world) runTo(t time.Duration) {
	w.t.Helper()
	var bad []string
	err := w.s.Run(t, false, func() bool {
		bad = w.y.AssignmentViolations()
		return len(bad) > 0
	})
	require.NoError(w.t, err, w.s.Panic())
	require.Empty(w.t, bad, "at %s", w.s.Now())
	require.Empty(w.t, w.y.Violations)
	w.s.AdvanceTo(t)
}

func (w *world) get(path string) string {
	w.t.Helper()
	v, err := w.y.Get(path)
	require.NoError(w.t, err, path)
	return v
}

func (w *world) expect(want map[string]string) {
	w.t.Helper()
	for _, p := range sortedPaths(want) {
		require.Equal(w.t, want[p], w.get(p), "%s at %s", p, w.s.Now())
	}
}

func sortedPaths(m map[string]string) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// events returns the trace events of kind whose subject is subj.
func (w *world) events(kind sim.Kind, subj string) []sim.Event {
	var out []sim.Event
	for _, e := range w.s.Trace() {
		if e.Kind == kind && (subj == "" || e.Subj == subj) {
			out = append(out, e)
		}
	}
	return out
}

// states lists group G's transitions as "To@ms/generation".
func (w *world) states(g string) []string {
	var out []string
	for _, e := range w.events(sim.State, "group["+g+"]") {
		out = append(out, e.To+"@"+itoa(e.T/1000)+"/"+e.Note)
	}
	return out
}

// itoa writes ms as the trace's durations: 3ms, 3.003s.
func itoa(ms int64) string { return sim.FormatDuration(time.Duration(ms) * time.Millisecond) }

// Kafka 2.5 DelayedJoin.scala InitialDelayedJoin: the initial delayed join waits group.initial.rebalance.delay.ms
// and waits again (min(delay, remaining)) as long as members keep arriving
// and the rebalance timeout leaves time.
func TestInitialDelayRearms(t *testing.T) {
	tests := []struct {
		name     string
		maxPoll  time.Duration
		joins    []time.Duration // after C0's join at 0
		delays   []string        // the InitialDelayedJoins armed
		complete int64           // ms at which the group goes to CompletingRebalance
	}{
		// C0 becomes a member at 3ms (JoinGroup, MEMBER_ID_REQUIRED, JoinGroup again)
		{"alone: one delay", 5 * time.Minute, nil, []string{"3s"}, 3003},
		{"a member within each delay: waits again", 5 * time.Minute, []time.Duration{ms(1000), ms(4000)}, []string{"3s", "3s", "3s"}, 9003},
		{"a member after the last delay: a normal rebalance follows", 5 * time.Minute, []time.Duration{ms(3500)}, []string{"3s"}, 3003},
		{"the rebalance timeout bounds it: 3s, 3s, then 1s", 7 * time.Second, []time.Duration{ms(1000), ms(4000), ms(6500)}, []string{"3s", "3s", "1s"}, 7003},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			w := newWorld(t, 1, func(c *Config) { c.Consumer.MaxPollInterval = tc.maxPoll })
			w.y.Topic(0, "t0", 4)
			w.join(0, "C0", "G", "t0")
			for i, at := range tc.joins {
				w.join(at, "C"+string(rune('1'+i)), "G", "t0")
			}
			w.runTo(sec(30))
			var delays []string
			for _, e := range w.events(sim.TimerAdd, "group[G]") {
				if e.Item == "InitialDelayedJoin" {
					delays = append(delays, e.Note)
				}
			}
			require.Equal(t, tc.delays, delays)
			var completed int64 = -1
			for _, e := range w.events(sim.State, "group[G]") {
				if e.To == "CompletingRebalance" {
					completed = e.T / 1000
					break
				}
			}
			require.Equal(t, tc.complete, completed)
			require.Equal(t, "Stable", w.get("group[G].state"))
		})
	}
}

// The re-arming is for a new group only (generation 0): a group back in
// Empty waits one delay.
func TestInitialDelayAfterEmptyWaitsOnce(t *testing.T) {
	w := newWorld(t, 1, nil)
	w.y.Topic(0, "t0", 2)
	w.join(0, "C0", "G", "t0")
	w.y.Leave(sec(10), "C0")
	w.join(sec(20), "C1", "G", "t0")
	w.join(sec(21), "C2", "G", "t0")
	w.runTo(sec(40))
	var delays []int64
	for _, e := range w.events(sim.TimerFire, "group[G]") {
		if e.Item == "InitialDelayedJoin" {
			delays = append(delays, e.T/1000)
		}
	}
	// C1's rejoin at 20s arms one delay; C2 joining within it does not extend it
	require.Equal(t, []int64{3003, 23003}, delays)
	require.Equal(t, []string{"Empty@1ms/0", "PreparingRebalance@3ms/0", "CompletingRebalance@3003ms/1", "Stable@3005ms/1",
		"PreparingRebalance@10.001s/1", "Empty@10.001s/2", "PreparingRebalance@20.003s/2", "CompletingRebalance@23.003s/3",
		"Stable@23.005s/3"}, w.states("G"))
	// C2 joined while C1 waited in the delay: both are in generation 3
	w.expect(map[string]string{"group[G].generation": "3", "group[G].members": "C1,C2", "group[G].leader": "C1"})
}

// Kafka 2.5 GroupCoordinator.scala onCompleteJoin, GroupMetadata.scala: join, leader, protocol, sync, generation + 1 on every
// completed join, the last member leaving makes the group Empty.
func TestGenerationsLeaderAndLastLeave(t *testing.T) {
	w := newWorld(t, 1, nil)
	w.y.Topic(0, "t0", 3)
	w.y.Topic(0, "t1", 3)
	w.join(0, "C0", "G", "t0", "t1")
	w.join(ms(500), "C1", "G", "t0", "t1") // within the initial delay: it waits again, to 6.003s
	w.runTo(sec(8))
	w.expect(map[string]string{
		"group[G].state": "Stable", "group[G].generation": "1", "group[G].leader": "C0", "group[G].members": "C0,C1",
		"group[G].protocol": "range", "group[G].assignment[C0]": "t0-0,t0-1,t1-0,t1-1", "group[G].assignment[C1]": "t0-2,t1-2",
		"consumer[C0].generation": "1", "consumer[C1].generation": "1", "consumer[C0].leader": "true", "consumer[C1].leader": "false",
		"consumer[C0].assignment": "t0-0,t0-1,t1-0,t1-1", "consumer[C1].state": "STABLE", "consumer[C0].error": "MEMBER_ID_REQUIRED",
	})
	// only the leader's JoinGroup response carries the members
	for _, e := range w.events(sim.ClientRecv, "") {
		if strings.HasPrefix(e.Item, "JoinGroup NONE") {
			require.Equal(t, e.Subj == "member[C0]", strings.Contains(e.Note, "members' subscriptions"), e.Subj)
		}
	}
	// the leader leaves: the other member leads generation 2
	w.y.Leave(sec(9), "C0")
	w.runTo(sec(15))
	w.expect(map[string]string{"group[G].state": "Stable", "group[G].generation": "2", "group[G].leader": "C1",
		"group[G].members": "C1", "group[G].assignment[C1]": "t0-0,t0-1,t0-2,t1-0,t1-1,t1-2", "consumer[C0].thread": "stopped"})
	// the last one leaves: the join completes with nobody, generation 3, Empty
	w.y.Leave(sec(16), "C1")
	w.runTo(sec(17))
	w.expect(map[string]string{"group[G].state": "Empty", "group[G].generation": "3", "group[G].leader": "none",
		"group[G].protocol": "none", "group[G].members": ""})
	gens := w.states("G")
	require.Equal(t, []string{"PreparingRebalance@16.001s/2", "Empty@16.001s/3"}, gens[len(gens)-2:])
}

// Kafka 2.5 GroupCoordinator.onExpireHeartbeat: a consumer that stops heartbeating for longer than
// session.timeout.ms is removed by its DelayedHeartbeat's expiry; one that
// pauses for less is not.
func TestSessionExpiry(t *testing.T) {
	for _, tc := range []struct {
		stall   time.Duration
		removed bool
	}{{sec(8), false}, {sec(15), true}} {
		t.Run(sim.FormatDuration(tc.stall), func(t *testing.T) {
			w := newWorld(t, 1, nil)
			w.y.Topic(0, "t0", 4)
			w.join(0, "C0", "G", "t0")
			w.join(0, "C1", "G", "t0")
			w.y.Stall(sec(10), "C1", tc.stall)
			w.runTo(sec(40))
			removals := w.events(sim.MemberRemove, "member[C1]")
			if !tc.removed {
				require.Empty(t, removals)
				w.expect(map[string]string{"group[G].generation": "1", "group[G].members": "C0,C1", "group[G].state": "Stable"})
				return
			}
			require.Len(t, removals, 1)
			require.Contains(t, removals[0].Note, "on heartbeat expiration")
			require.Equal(t, "executor-Heartbeat", removals[0].Actor)
			// session.timeout.ms after the last heartbeat the coordinator accepted
			var lastBeat int64
			for _, e := range w.events(sim.Recv, "member[C1]") {
				if strings.HasPrefix(e.Item, "Heartbeat:") && e.T < int64(sec(10)/time.Microsecond) {
					lastBeat = e.T
				}
			}
			require.Equal(t, lastBeat+int64(sec(10)/time.Microsecond), removals[0].T)
			// C0 rebalances alone (generation 2); C1, back at 25s, hears
			// UNKNOWN_MEMBER_ID, gives up its partitions as lost, asks for a
			// new member id and joins (generation 3)
			st := w.states("G")
			require.Equal(t, "PreparingRebalance@"+itoa(removals[0].T/1000)+"/1", st[4])
			require.Equal(t, []string{"CompletingRebalance", "Stable", "PreparingRebalance", "CompletingRebalance", "Stable"},
				[]string{strings.Split(st[5], "@")[0], strings.Split(st[6], "@")[0], strings.Split(st[7], "@")[0], strings.Split(st[8], "@")[0], strings.Split(st[9], "@")[0]})
			w.expect(map[string]string{"group[G].generation": "3", "group[G].members": "C0,C1", "consumer[C1].error": "MEMBER_ID_REQUIRED"})
			beats := w.events(sim.ClientRecv, "member[C1]")
			var after []string
			for _, e := range beats {
				if e.T >= int64(sec(25)/time.Microsecond) && e.T < int64(sec(26)/time.Microsecond) {
					after = append(after, e.Item)
				}
			}
			require.Equal(t, []string{"Heartbeat UNKNOWN_MEMBER_ID", "JoinGroup MEMBER_ID_REQUIRED"}, after)
			lost := w.events(sim.Assign, "consumer[C1]")
			require.Equal(t, "onPartitionsLost", lost[1].Item)
		})
	}
}

// Kafka 2.5 AbstractCoordinator.java L1292-1300: a poll loop that does not call poll() within
// max.poll.interval.ms makes the heartbeat thread send LeaveGroup.
func TestPollTimeoutLeaves(t *testing.T) {
	w := newWorld(t, 1, func(c *Config) { c.Consumer.MaxPollInterval = sec(20) })
	w.y.Topic(0, "t0", 4)
	w.join(0, "C0", "G", "t0")
	w.join(0, "C1", "G", "t0")
	w.y.Process(sec(10), "C1", sec(30))
	w.runTo(sec(35))
	leaves := w.events(sim.ClientSend, "member[C1]")
	last := leaves[len(leaves)-1]
	require.True(t, strings.HasPrefix(last.Item, "LeaveGroup:"), last.Item)
	require.Equal(t, "kafka-coordinator-heartbeat-thread | G (C1)", last.Actor)
	require.Contains(t, last.Note, "consumer poll timeout has expired")
	require.Equal(t, int64(30000), last.T/1000, "20s after the last poll")
	// heartbeats kept C1 in the group until it left
	require.Empty(t, w.events(sim.TimerFire, "member[C1]"))
	w.expect(map[string]string{"group[G].members": "C0", "group[G].generation": "2", "consumer[C1].state": "UNJOINED"})
	// done processing at 40s, C1 polls, and joins again as a new member
	w.runTo(sec(50))
	w.expect(map[string]string{"group[G].members": "C0,C1", "group[G].generation": "3", "group[G].state": "Stable"})
}

// Kafka 2.5 GroupMetadata.scala L408-436: the protocol every member supports that most members
// prefer; a member supporting none of the group's is refused.
func TestProtocolSelection(t *testing.T) {
	w := newWorld(t, 1, nil)
	w.y.Topic(0, "t0", 6)
	both := w.cfg.Consumer
	both.Assignors = []string{"roundrobin", "range"}
	rangeFirst := w.cfg.Consumer
	rangeFirst.Assignors = []string{"range", "roundrobin"}
	onlyRR := w.cfg.Consumer
	onlyRR.Assignors = []string{"roundrobin"}
	w.joinWith(0, "C0", "G", rangeFirst, "t0")
	w.joinWith(0, "C1", "G", both, "t0")
	w.joinWith(0, "C2", "G", both, "t0")
	w.runTo(sec(8))
	w.expect(map[string]string{"group[G].protocol": "roundrobin", "group[G].assignment[C0]": "t0-0,t0-3"})
	w.join(sec(9), "C3", "G", "t0") // range only: supported by all, so fine
	w.runTo(sec(14))
	w.expect(map[string]string{"group[G].protocol": "range", "group[G].members": "C0,C1,C2,C3", "group[G].assignment[C0]": "t0-0,t0-1"})
	w.joinWith(sec(15), "C4", "G", onlyRR, "t0") // C3 has no roundrobin
	w.runTo(sec(16))
	w.expect(map[string]string{"consumer[C4].error": "INCONSISTENT_GROUP_PROTOCOL", "consumer[C4].thread": "stopped",
		"group[G].members": "C0,C1,C2,C3", "group[G].state": "Stable"})
}

// The leader watches the metadata it assigned from: new partitions are
// seen at its next metadata refresh, and it rejoins to reassign them.
func TestNewPartitionsRebalanceAtTheLeadersRefresh(t *testing.T) {
	w := newWorld(t, 1, func(c *Config) { c.Consumer.MetadataMaxAge = sec(10) })
	w.y.Topic(0, "t0", 2)
	w.join(0, "C0", "G", "t0", "t1") // t1 does not exist yet
	w.join(0, "C1", "G", "t0", "t1")
	w.y.Topic(sec(8), "t0", 4)
	w.y.Topic(sec(9), "t0", 3) // refused: partitions only grow
	w.y.Topic(sec(10), "t1", 2)
	w.runTo(sec(15))
	w.expect(map[string]string{"group[G].generation": "1", "group[G].assignment[C1]": "t0-1", "topic[t0].partitions": "4"})
	// the leader assigned at 6.004s: its refreshes come at 16.004s, 26.004s, …
	w.runTo(sec(25))
	w.expect(map[string]string{"group[G].generation": "2", "group[G].assignment[C0]": "t0-0,t0-1,t1-0",
		"group[G].assignment[C1]": "t0-2,t0-3,t1-1"})
	var because []string
	for _, e := range w.events(sim.ClientSend, "") {
		if strings.HasPrefix(e.Item, "JoinGroup:") && strings.Contains(e.Note, "because metadata") {
			because = append(because, itoa(e.T/1000)+" "+e.Subj)
		}
	}
	leader := "member[" + w.get("group[G].leader") + "]"
	require.Equal(t, []string{"16.004s " + leader}, because, "only the leader, at its refresh")
}

// Same seed, same trace; another seed may order ties differently.
func TestDeterministic(t *testing.T) {
	run := func(seed int64) []sim.Event {
		w := newWorld(t, seed, nil)
		w.y.Topic(0, "t0", 5)
		for i := 0; i < 4; i++ {
			w.join(0, "C"+string(rune('0'+i)), "G", "t0")
		}
		w.y.Stall(sec(8), "C2", sec(12))
		w.y.Leave(sec(30), "C0")
		w.runTo(sec(45))
		return append([]sim.Event(nil), w.s.Trace()...)
	}
	require.Equal(t, run(7), run(7))
}

// Kafka 2.5 GroupCoordinator.scala onCompleteJoin, maybeElectNewJoinedLeader: the DelayedJoin gives up at the rebalance timeout (the
// members' max.poll.interval.ms): a member that did not rejoin is removed,
// and if it led, a member that did rejoin leads the next generation.
func TestRebalanceTimeoutRemovesWhoDidNotRejoin(t *testing.T) {
	w := newWorld(t, 1, func(c *Config) { c.Consumer.MaxPollInterval = sec(10) })
	w.y.Topic(0, "t0", 4)
	w.join(0, "C0", "G", "t0")
	w.join(ms(500), "C1", "G", "t0")
	w.runTo(sec(9))
	w.expect(map[string]string{"group[G].leader": "C0", "group[G].state": "Stable"})
	w.join(sec(10), "C2", "G", "t0")    // a rebalance from 10.003s: DelayedJoin(10s)
	w.y.Process(sec(11), "C0", sec(20)) // C0's poll loop is busy: it cannot rejoin
	w.runTo(sec(20) + ms(100))
	removed := w.events(sim.MemberRemove, "member[C0]")
	require.Len(t, removed, 1)
	require.Equal(t, "did not rejoin before the rebalance timeout", removed[0].Note)
	require.Equal(t, "executor-Rebalance", removed[0].Actor)
	require.Equal(t, int64(20003), removed[0].T/1000)
	w.expect(map[string]string{"group[G].generation": "2", "group[G].leader": "C1", "group[G].members": "C1,C2"})
	// C0 kept heartbeating meanwhile: its session never expired
	require.Empty(t, w.events(sim.TimerFire, "member[C0]"))
}
