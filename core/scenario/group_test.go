package scenario_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"brokerlab/core/scenario"
	"brokerlab/core/sim"
)

const labUG = "use group\n"

// Group settings and actions are checked when parsed, with the column of
// the token at fault.
func TestGroupParseErrors(t *testing.T) {
	tests := []struct {
		name, src string
		line, col int
		want      string
	}{
		{"unknown setting", labUG + "set group.nope 1", 2, 5, `unknown setting "group.nope" for group (cores, broker.id`},
		{"ms not a number", labUG + "set session.timeout.ms 10s", 2, 24, `session.timeout.ms: expected milliseconds ≥ 1, got "10s"`},
		{"ms zero", labUG + "set heartbeat.interval.ms 0", 2, 27, "expected milliseconds ≥ 1"},
		{"initial delay may be 0", labUG + "set group.initial.rebalance.delay.ms -1", 2, 38, "expected milliseconds ≥ 0"},
		{"io threads", labUG + "set num.io.threads 0", 2, 20, "num.io.threads: expected an integer from 1 to 64"},
		{"group.max.size", labUG + "set group.max.size x", 2, 20, "group.max.size: expected an integer"},
		{"latency", labUG + "set network.latency 1", 2, 21, "expected a duration"},
		{"strategy", labUG + "set partition.assignment.strategy uniform", 2, 35, `partition.assignment.strategy: unknown assignor "uniform" (range, roundrobin, sticky, cooperative-sticky)`},
		{"strategy twice", labUG + "set partition.assignment.strategy range,range", 2, 35, `assignor "range" given twice`},

		{"unknown action", labUG + "at 1ms kill broker 1", 2, 8, `expected a group action (topic T partitions=N, consumer C join G topics=T`},
		{"topic without partitions", labUG + "at 1ms topic t0", 2, 16, "expected topic T partitions=N: partitions= is missing"},
		{"topic bad partitions", labUG + "at 1ms topic t0 partitions=x", 2, 17, `partitions: expected an integer from 1 to 10000, got "x"`},
		{"topic zero partitions", labUG + "at 1ms topic t0 partitions=0", 2, 17, `partitions: expected an integer from 1 to 10000, got "0"`},
		{"topic other key", labUG + "at 1ms topic t0 replicas=3", 2, 17, `unknown option "replicas" for topic (partitions)`},
		{"topic extra", labUG + "at 1ms topic t0 partitions=3 replicas=3", 2, 30, `unknown option "replicas" for topic (partitions)`},
		{"consumer alone", labUG + "at 1ms consumer C0", 2, 19, "expected consumer C join G topics=T,T [assignor=A]"},
		{"consumer verb", labUG + "at 1ms consumer C0 dance", 2, 20, `consumer C restart, got "dance"`},
		{"join without group", labUG + "at 1ms consumer C0 join", 2, 24, "expected consumer C join G topics=T,T"},
		{"join without topics", labUG + "at 1ms consumer C0 join G", 2, 26, "topics= is missing"},
		{"join empty topic", labUG + "at 1ms consumer C0 join G topics=t0,", 2, 27, `expected topics=T,T, got "topics=t0,"`},
		{"join unknown key", labUG + "at 1ms consumer C0 join G topics=t0 color=red", 2, 37, `unknown option "color" for consumer join (topics, assignor, session.timeout.ms`},
		{"join bad field", labUG + "at 1ms consumer C0 join G topics=t0 assignor", 2, 37, `expected an option k=v (topics, assignor, session.timeout.ms, heartbeat.interval.ms, max.poll.interval.ms, instance), got "assignor"`},
		{"join option twice", labUG + "at 1ms consumer C0 join G topics=t0 topics=t1", 2, 37, `option "topics" given twice`},
		{"join unknown assignor", labUG + "at 1ms consumer C0 join G topics=t0 assignor=uniform", 2, 37, `unknown assignor "uniform"`},
		{"join bad session", labUG + "at 1ms consumer C0 join G topics=t0 session.timeout.ms=ten", 2, 37, `session.timeout.ms: expected milliseconds ≥ 1, got "ten"`},
		{"join heartbeat not below session", labUG + "at 1ms consumer C0 join G topics=t0 session.timeout.ms=3000", 2, 37,
			"heartbeat.interval.ms must be lower than session.timeout.ms"},
		{"leave extra", labUG + "at 1ms consumer C0 leave now", 2, 26, `expected consumer C leave, got extra "now"`},
		{"stall without duration", labUG + "at 1ms consumer C0 stall", 2, 25, "expected consumer C stall D"},
		{"stall bad duration", labUG + "at 1ms consumer C0 stall 15", 2, 26, `expected a duration > 0 such as 15s, got "15"`},
		{"stall zero", labUG + "at 1ms consumer C0 stall 0ms", 2, 26, "expected a duration > 0"},
		{"process extra", labUG + "at 1ms consumer C0 process 1s 2s", 2, 31, "expected consumer C process D"},
		{"group without delete", labUG + "at 1ms group G", 2, 15, "expected group G delete"},
		{"group other verb", labUG + "at 1ms group G drop", 2, 16, "expected group G delete"},

		{"unknown path", labUG + "expect group.state == Stable", 2, 8, `unknown state path "group.state" (paths: group[G].state`},
		{"unknown group field", labUG + "expect group[G].size == 1", 2, 8, "a group has .state, .generation"},
		{"assignment without consumer", labUG + "expect group[G].assignment == t0-0", 2, 8, "a group has .state"},
		{"assignment tail", labUG + "expect group[G].assignment[C0].x == t0-0", 2, 8, "expected group[G].assignment[C]"},
		{"unknown consumer field", labUG + "expect consumer[C0].lag == 0", 2, 8, "a consumer has .state, .generation"},
		{"topic field", labUG + "expect topic[t0].leader == 1", 2, 8, "a topic has .partitions"},
		{"empty key", labUG + "expect group[].state == Stable", 2, 8, "empty []"},
		{"controller path", labUG + "expect controller.state == Idle", 2, 8, "unknown state path"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			parseErrorAt(t, "g.lab", tc.src, tc.line, tc.col, tc.want)
		})
	}
}

// Every path of the group system parses.
func TestParseChecksEveryPathOfTheGroup(t *testing.T) {
	for _, p := range []string{"group[G].state", "group[G].generation", "group[G].leader", "group[G].members", "group[G].pending",
		"group[G].protocol", "group[G].assignment[C0]", "group[G].currentStateTimestamp", "group[G].delayedJoin",
		"consumer[C0].state", "consumer[C0].generation", "consumer[C0].memberId", "consumer[C0].error", "consumer[C0].assignment",
		"consumer[C0].leader", "consumer[C0].heartbeats", "consumer[C0].thread", "topic[t0].partitions", "admin.deleteGroups[G]",
		"coordinator.completedRebalances", "invariant.violations"} {
		_, err := scenario.Parse("p.lab", labUG+"expect "+p+" == 1\nrun until "+p+" != x max 1ms")
		require.NoError(t, err, p)
	}
}

const groupRun = `use group
set num.io.threads 2
at 0ms topic t0 partitions=3
at 0ms topic t1 partitions=3
at 0ms consumer C0 join G topics=t0,t1
at 1s consumer C1 join G topics=t0,t1 assignor=roundrobin,range
run until group[G].state == Stable
expect group[G].generation == 1
expect group[G].leader == C0
expect group[G].protocol == range
expect group[G].assignment[C0] == t0-0,t0-1,t1-0,t1-1
expect group[G].assignment[C1] == t0-2,t1-2
run until consumer[C1].state == STABLE
expect consumer[C1].assignment == t0-2,t1-2
expect consumer[C0].error == MEMBER_ID_REQUIRED
expect group[G].currentStateTimestamp == 6005
at 10s consumer C1 leave
run until group[G].members == C0
run until group[G].state == Stable
expect group[G].generation == 2
expect group[G].assignment[C0] == t0-0,t0-1,t0-2,t1-0,t1-1,t1-2
expect consumer[C1].thread == stopped
at 20s consumer C0 leave
run until group[G].state == Empty
expect group[G].generation == 3
at 21s group G delete
run 2s
expect admin.deleteGroups[G] == NONE
expect group[G].state == Dead
expect invariant.violations == 0
`

// A group run: every expect holds, and the threads are upstream's.
func TestGroupRun(t *testing.T) {
	res := labRun(t, groupRun, scenario.Options{})
	require.Empty(t, res.Failures)
	actors := map[string]bool{}
	for _, e := range res.Trace {
		actors[e.Actor] = true
	}
	for _, a := range []string{"main", "C0", "C1", "kafka-coordinator-heartbeat-thread | G (C0)",
		"data-plane-kafka-request-handler-0", "data-plane-kafka-request-handler-1",
		"data-plane-kafka-network-thread-1-ListenerName(PLAINTEXT)-PLAINTEXT-0",
		"ExpirationReaper-1-Rebalance", "executor-Rebalance", "ExpirationReaper-1-Heartbeat", "executor-Heartbeat"} {
		require.True(t, actors[a], a)
	}
	// the same scenario and seed give the same trace
	again := labRun(t, groupRun, scenario.Options{})
	require.Equal(t, res.Trace, again.Trace)
}

// What-ifs from the stage: an action injected after the scenario's last
// event plays out in the final idle run, and settings reach the consumers.
func TestGroupWhatIfs(t *testing.T) {
	src := `use group
set num.io.threads 2
at 0ms topic t0 partitions=2
at 0ms consumer C0 join G topics=t0
at 0ms consumer C1 join G topics=t0
run until group[G].state == Stable
`
	base := labRun(t, src, scenario.Options{})
	last := len(base.Trace) - 1
	stalled := labRun(t, src, scenario.Options{Inject: []scenario.Injection{{After: last, Action: "consumer C1 stall 15s"}}})
	require.NoError(t, stalled.Err)
	var removed, rejoined bool
	for _, e := range stalled.Trace {
		removed = removed || (e.Kind == sim.MemberRemove && e.Subj == "member[C1]" && strings.Contains(e.Note, "heartbeat expiration"))
		rejoined = rejoined || (removed && e.Kind == sim.MemberAdd && e.Subj == "member[C1]")
	}
	require.True(t, removed, "the stalled member's session expires")
	require.True(t, rejoined, "and it joins again after the pause")

	// a longer session timeout keeps it in the group
	kept := labRun(t, src, scenario.Options{Sets: []string{"session.timeout.ms 30000"},
		Inject: []scenario.Injection{{After: last, Action: "consumer C1 stall 15s"}}})
	for _, e := range kept.Trace {
		require.False(t, e.Kind == sim.MemberRemove, "seq %d: %s", e.Seq, e.Note)
	}

	// a second join of a running consumer is refused in the trace, not fatal
	twice := labRun(t, src, scenario.Options{Inject: []scenario.Injection{{After: last, Action: "consumer C0 join G topics=t0"}}})
	require.Equal(t, "consumer C0 join G topics=t0: refused, C0 is already running", lastAction(twice))
}

func lastAction(res *scenario.Result) string {
	for i := len(res.Trace) - 1; i >= 0; i-- {
		if res.Trace[i].Kind == sim.Action {
			return res.Trace[i].Note
		}
	}
	return ""
}

// Settings that cannot go together are refused as the consumer's
// constructor refuses them, at the set line that made them clash.
func TestGroupConfigCombinationRefusedAtItsLine(t *testing.T) {
	_, err := scenario.Parse("r.lab", labUG+"set session.timeout.ms 2000\nrun 1s\n")
	require.EqualError(t, err, "r.lab:2:24: heartbeat.interval.ms must be lower than session.timeout.ms")
}
