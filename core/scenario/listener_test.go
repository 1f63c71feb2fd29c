package scenario_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"brokerlab/core/scenario"
	"brokerlab/core/sim"
)

const labUL = "use listener\n"

// Listener settings and actions are checked when parsed, with the column
// of the token at fault.
func TestListenerParseErrors(t *testing.T) {
	tests := []struct {
		name, src string
		line, col int
		want      string
	}{
		{"unknown setting", labUL + "set ackmode BATCH", 2, 5, `unknown setting "ackmode" for listener (cores, ackMode, ackCount`},
		{"ack mode", labUL + "set ackMode SOMETIMES", 2, 13, `ackMode: expected one of RECORD, BATCH, TIME, COUNT, COUNT_TIME, MANUAL, MANUAL_IMMEDIATE, got "SOMETIMES"`},
		{"ack count", labUL + "set ackCount -1", 2, 14, `ackCount: expected an integer from 0`},
		{"ack time", labUL + "set ackTime 5s", 2, 13, `ackTime: expected milliseconds ≥ 0, got "5s"`},
		{"sync commits", labUL + "set syncCommits yes", 2, 17, `syncCommits: expected true or false, got "yes"`},
		{"concurrency", labUL + "set concurrency 0", 2, 17, "concurrency: expected an integer from 1 to 1000"},
		{"error handler", labUL + "set errorHandler Logging", 2, 18, `errorHandler: expected one of SeekToCurrent, ContainerStopping, got "Logging"`},
		{"poll timeout", labUL + "set pollTimeout x", 2, 17, "pollTimeout: expected milliseconds"},
		{"poll timeout zero", labUL + "set pollTimeout 0", 2, 17, "pollTimeout: expected milliseconds ≥ 1"},
		{"max.poll.records", labUL + "set max.poll.records 0", 2, 22, "max.poll.records: expected an integer from 1"},
		{"auto.offset.reset", labUL + "set auto.offset.reset none", 2, 23, `auto.offset.reset: expected one of latest, earliest, got "none"`},
		{"listener.time", labUL + "set listener.time 10", 2, 19, "listener.time: "},
		{"listener.ack", labUL + "set listener.ack later", 2, 18, `listener.ack: expected one of after, before, none, got "later"`},
		{"group.id", labUL + "set group.id a/b", 2, 14, "group.id: expected a name"},
		{"topics", labUL + "set topics t0,", 2, 12, `topics: expected N,N`},
		{"a group setting", labUL + "set session.timeout.ms 10s", 2, 24, `session.timeout.ms: expected milliseconds ≥ 1, got "10s"`},

		{"unknown action", labUL + "at 1ms put BrokerChange", 2, 8, `expected a listener action (topic T partitions=N, records P offsets=A..B`},
		{"records without offsets", labUL + "at 1ms records t0-0", 2, 20, "expected records P offsets=A..B"},
		{"records bad partition", labUL + "at 1ms records t0 offsets=0..4", 2, 16, `expected a partition such as t0-0, got "t0"`},
		{"records bad range", labUL + "at 1ms records t0-0 offsets=4..0", 2, 21, `expected offsets=A..B with 0 ≤ A ≤ B`},
		{"records not a range", labUL + "at 1ms records t0-0 count=5", 2, 21, `unknown option "count" for records (offsets)`},
		{"records extra", labUL + "at 1ms records t0-0 offsets=0..4 now", 2, 34, `expected an option k=v (offsets), got "now"`},
		{"fail alone", labUL + "at 1ms fail", 2, 12, "expected fail P@OFFSET [times=N] [always] [error=E]"},
		{"fail bad record", labUL + "at 1ms fail t0-0", 2, 13, `expected a record P@OFFSET such as t0-0@5, got "t0-0"`},
		{"fail bad times", labUL + "at 1ms fail t0-0@2 times=0", 2, 20, `times: expected an integer from 1 to 1000000, got "0"`},
		{"fail bad error", labUL + "at 1ms fail t0-0@2 error=java.lang.X", 2, 20, "expected error=E with an exception's class name"},
		{"fail other key", labUL + "at 1ms fail t0-0@2 often", 2, 20, `expected an option k=v (times, error, always), got "often"`},
		{"container alone", labUL + "at 1ms container", 2, 17, "expected container start, container stop, container crash, container errorHandler E"},
		{"container verb", labUL + "at 1ms container pause", 2, 18, `container errorHandler E, got "pause"`},
		{"container errorHandler alone", labUL + "at 1ms container errorHandler", 2, 30, "expected container errorHandler E"},
		{"container errorHandler name", labUL + "at 1ms container errorHandler Logging", 2, 31, `expected SeekToCurrent or ContainerStopping, got "Logging"`},
		{"container extra", labUL + "at 1ms container stop now", 2, 23, `expected container stop, got extra "now"`},
		{"consumer verb", labUL + "at 1ms consumer app-0 stall 1s", 2, 23, "expected consumer C crash"},
		{"ack alone", labUL + "at 1ms ack", 2, 11, "expected ack P@OFFSET"},
		{"ack bad record", labUL + "at 1ms ack t0-0@x", 2, 12, `expected a record P@OFFSET such as t0-0@5, got "t0-0@x"`},
		{"topic", labUL + "at 1ms topic t0", 2, 16, "expected topic T partitions=N"},

		{"unknown path", labUL + "expect listener.commit == 1", 2, 8, `unknown state path "listener.commit" (paths: listener.running`},
		{"delivered without record", labUL + "expect listener.delivered[t0-0] == 1", 2, 8, "expected listener.delivered[P@OFFSET]"},
		{"committed without partition", labUL + "expect listener.committed[t0] == 1", 2, 8, "expected listener.committed[P] with a partition"},
		{"a group path, wrong", labUL + "expect group[G].size == 1", 2, 8, "unknown state path"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			parseErrorAt(t, "l.lab", tc.src, tc.line, tc.col, tc.want)
		})
	}
}

// Every path of the listener system parses, and the group's too.
func TestParseChecksEveryPathOfTheListener(t *testing.T) {
	for _, p := range []string{"listener.running", "listener.consumers", "listener.committed[t0-0]", "listener.commits",
		"listener.delivered[t0-0@5]", "listener.processed", "listener.duplicates", "listener.lost", "listener.recovered",
		"listener.state[app-0]", "listener.acks[app-0]", "listener.pending[t0-1]", "listener.position[t0-1]",
		"group[G].state", "consumer[app-0].assignment", "topic[t0].partitions"} {
		_, err := scenario.Parse("p.lab", labUL+"expect "+p+" == 1\nrun until "+p+" != x max 1ms")
		require.NoError(t, err, p)
	}
}

// Combinations are checked as the container's start checks them, once
// the settings are read: the error is at the set line that made them clash.
func TestListenerConfigRefusedAtItsLine(t *testing.T) {
	for src, want := range map[string]string{
		"set ackMode COUNT\nset ackCount 0\n":             "r.lab:3:14: 'ackCount' must be > 0",
		"set ackMode MANUAL\nset enable.auto.commit true": "r.lab:3:24: Consumer cannot be configured for auto commit for ackMode MANUAL",
	} {
		_, err := scenario.Parse("r.lab", labUL+src+"\nrun 1s\n")
		require.EqualError(t, err, want)
	}
}

const listenerRun = `use listener
set auto.offset.reset earliest
set concurrency 2
set clientIdPrefix app
at 0ms topic t0 partitions=2
at 0ms records t0-0 offsets=0..4
at 0ms records t0-1 offsets=0..4
at 0ms fail t0-0@2 times=3 error=IllegalStateException
at 0ms container start
run until listener.committed[t0-0] == 5
expect listener.delivered[t0-0@2] == 4
expect listener.processed == 10
expect listener.committed[t0-1] == 5
expect group[G].members == app-0,app-1
expect listener.consumers == app-0,app-1
run until listener.state[app-0] == poll
expect listener.lost == 0
at 20s container stop
run idle
expect listener.running == false
expect listener.state[app-1] == stopped
expect group[G].state == Empty
`

// A listener run: every expect holds, threads are upstream's, and the
// same seed gives the same trace.
func TestListenerRun(t *testing.T) {
	res := labRun(t, listenerRun, scenario.Options{})
	require.Empty(t, res.Failures)
	actors := map[string]bool{}
	for _, e := range res.Trace {
		actors[e.Actor] = true
	}
	for _, a := range []string{"main", "org.springframework.kafka.KafkaListenerEndpointContainer#0-0-C-1",
		"org.springframework.kafka.KafkaListenerEndpointContainer#0-1-C-1", "kafka-coordinator-heartbeat-thread | G (app-1)"} {
		require.True(t, actors[a], a)
	}
	again := labRun(t, listenerRun, scenario.Options{})
	require.Equal(t, res.Trace, again.Trace)
}

// What-ifs from the stage: a consumer crash injected after the end of the
// run, and a setting changed.
func TestListenerWhatIfs(t *testing.T) {
	src := strings.Replace(listenerRun, "at 20s container stop\nrun idle\nexpect listener.running == false\nexpect listener.state[app-1] == stopped\nexpect group[G].state == Empty\n", "", 1)
	base := labRun(t, src, scenario.Options{})
	last := len(base.Trace) - 1
	crashed := labRun(t, src, scenario.Options{Inject: []scenario.Injection{{After: last, Action: "consumer app-0 crash"}}})
	require.Equal(t, "consumer app-0 crash", lastAction(crashed))
	sync := labRun(t, src, scenario.Options{Sets: []string{"ackMode RECORD"}})
	require.Empty(t, sync.Failures)
	n := 0
	for _, e := range sync.Trace {
		if e.Kind == sim.Commit {
			n++
		}
	}
	require.Equal(t, 10, n, "RECORD commits each of the ten records")
}
