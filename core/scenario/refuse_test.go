package scenario_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"brokerlab/core/scenario"
	"brokerlab/core/sim"
)

// placed checks that each failure's Seq is the trace event that reports it
// (an "expect" event, or the refused action's "action" event, whose note is
// the failure's message), and returns the failures without Seq, for
// comparing with a table.
func placed(t *testing.T, res *scenario.Result) []scenario.Failure {
	t.Helper()
	var out []scenario.Failure
	for _, f := range res.Failures {
		require.Less(t, f.Seq, len(res.Trace), "%+v", f)
		e := res.Trace[f.Seq]
		require.Contains(t, []sim.Kind{sim.Expect, sim.Action}, e.Kind, "%+v: event %+v", f, e)
		require.Equal(t, f.Msg, e.Note, "%+v: event %+v", f, e)
		f.Seq, f.Words = 0, nil
		out = append(out, f)
	}
	return out
}

// An action the running system refuses is a failure at the line and
// column of the statement that scheduled it, in every system that refuses
// actions; the trace keeps its "action" event ("TEXT: refused, WHY").
func TestRefusedActionsAreFailuresAtTheirLine(t *testing.T) {
	tests := []struct {
		name, src string
		want      []scenario.Failure
	}{
		{"listener: records not at the log's end", `use listener
at 0ms topic t0 partitions=1
at 1ms records t0-0 offsets=0..1
  at 2ms records t0-0 offsets=5..6
run 10ms
`, []scenario.Failure{{Line: 4, Col: 3, Msg: "records t0-0 offsets=5..6: refused, t0-0's log ends at offset 2: records must start there"}}},
		{"listener: records for a partition that does not exist", `use listener
at 0ms topic t0 partitions=1
after 1ms records t0-4 offsets=0..0
run 10ms
`, []scenario.Failure{{Line: 3, Col: 1, Msg: "records t0-4 offsets=0..0: refused, no partition t0-4"}}},
		{"listener: the container's actions", `use listener
at 0ms topic t0 partitions=1
at 1ms container stop
at 2ms ack t0-0@0
at 3ms consumer nobody crash
run 10ms
`, []scenario.Failure{
			{Line: 3, Col: 1, Msg: "container stop: refused, the container is not running"},
			{Line: 4, Col: 1, Msg: "ack t0-0@0: refused, ackMode BATCH gives the listener no Acknowledgment"},
			{Line: 5, Col: 1, Msg: "consumer nobody crash: refused, nobody is not running"},
		}},
		{"listener: an error handler while running, a start too early, acks", `use listener
set shutdownTimeout 0
set ackMode MANUAL
set listener.ack none
set auto.offset.reset earliest
at 0ms topic t0 partitions=1
at 0ms ack t0-0@0
at 0ms container start
at 1ms container errorHandler ContainerStopping
at 2ms records t0-0 offsets=0..0
run until listener.delivered[t0-0@0] == 1 max 10s
after 0ms consumer consumer-G-1 crash
after 1ms ack t0-0@0
run 1s
`, []scenario.Failure{
			{Line: 7, Col: 1, Msg: "ack t0-0@0: refused, it was never delivered"},
			{Line: 9, Col: 1, Msg: "container errorHandler ContainerStopping: refused, the container is running"},
			{Line: 13, Col: 1, Msg: "ack t0-0@0: refused, the consumer it was delivered to died"},
		}},
		{"listener: a start before the stopped container's consumers are done", `use listener
set shutdownTimeout 0
at 0ms topic t0 partitions=1
at 0ms container start
run until group[G].state == Stable max 10s
after 0ms container stop
after 0ms container start
run 1s
`, []scenario.Failure{{Line: 7, Col: 1, Msg: "container start: refused, consumer-G-1 has not stopped yet"}}},
		{"group: a topic shrinks, a consumer joins twice, one not running leaves", `use group
at 0ms topic t0 partitions=3
at 1ms topic t0 partitions=2
at 2ms consumer C0 join G topics=t0
at 3ms consumer C0 join G topics=t0
at 4ms consumer C9 leave
run 10ms
`, []scenario.Failure{
			{Line: 3, Col: 1, Msg: "topic t0 partitions=2: refused, partitions can only be increased (it has 3)"},
			{Line: 5, Col: 1, Msg: "consumer C0 join G topics=t0: refused, C0 is already running"},
			{Line: 6, Col: 1, Msg: "consumer C9 leave: refused, C9 is not running"},
		}},
		{"cluster: produce to a partition the topic does not have, a topic twice, broker actions out of turn", `use cluster
set brokers 3
at 0ms topic t partitions=1 replicas=1,2,3
run until partition[t-0].leader == 1 max 30s
after 0ms produce t-5 id=r1
after 0ms topic t partitions=1 replicas=1,2,3
after 0ms resume broker 2
after 0ms restart broker 1
after 0ms kill broker 3
after 1ms kill broker 3
after 0ms stall broker 3
run 1s
`, []scenario.Failure{
			{Line: 5, Col: 1, Msg: "produce t-5 id=r1: refused, Invalid partition given with record: 5 is not in the range [0...1)."},
			{Line: 6, Col: 1, Msg: "topic t partitions=1 replicas=1,2,3: refused, topic t already exists (TopicExistsException)"},
			{Line: 7, Col: 1, Msg: "resume broker 2: refused, broker 2 is running, not stalled"},
			{Line: 8, Col: 1, Msg: "restart broker 1: refused, broker 1 is running, not dead"},
			{Line: 10, Col: 1, Msg: "kill broker 3: refused, broker 3 is already dead"},
			{Line: 11, Col: 1, Msg: "stall broker 3: refused, broker 3 is dead, not running"},
		}},
		{"cluster: a broker killed before it starts; the controller's actions when every broker is dead", `use cluster
set brokers 2
at 0ms kill broker 2
at 5ms kill broker 1
at 5ms kill broker 2
at 6ms put TopicChange
at 7ms session expire
at 8ms controller shutdown
run 10ms
`, []scenario.Failure{
			{Line: 3, Col: 1, Msg: "kill broker 2: refused, broker 2 has not started"},
			{Line: 6, Col: 1, Msg: "put TopicChange: refused, no broker runs a controller"},
			{Line: 7, Col: 1, Msg: "session expire: refused, no broker runs a controller"},
			{Line: 8, Col: 1, Msg: "controller shutdown: refused, no broker runs a controller"},
		}},
		{"zookeeper: send and close without a connection, a name in use, too many requests", `use zookeeper
at 0ms send nobody
at 1ms close nobody
at 2ms connect a
at 3ms connect a
at 4ms connect c count=2 every=0ms
at 5ms send c n=60000
run 10ms
`, []scenario.Failure{
			{Line: 2, Col: 1, Msg: "send nobody: refused, no open connection nobody"},
			{Line: 3, Col: 1, Msg: "close nobody: refused, no open connection nobody"},
			{Line: 5, Col: 1, Msg: "connect a ip=10.0.0.1: refused, the name a is in use"},
			{Line: 7, Col: 1, Msg: "send c n=60000: refused, 120000 requests at once, more than 100000"},
		}},
		{"socketserver: send and close without a connection, before its threads run", `use socketserver
at 0ms send nobody Metadata
at 0ms close nobody
run 10ms
`, []scenario.Failure{
			{Line: 2, Col: 1, Msg: "send nobody Metadata: refused, no connection nobody"},
			{Line: 3, Col: 1, Msg: "close nobody: refused, no connection nobody"},
		}},
		{"socketserver: a second connect, a second close, a send after close, as zookeeper refuses them", `use socketserver
at 0ms connect c
at 1ms connect c
at 2ms close c
at 2ms connect c
at 3ms close c
at 4ms send c Metadata
at 5ms connect b count=2
at 6ms connect b-2
at 6ms connect b
at 7ms connect x listener=NOPE
at 8ms send x Produce
run idle
after 0ms connect c
after 0ms send c Metadata id=m
run until socketserver.request[m].state == responded
`, []scenario.Failure{
			{Line: 3, Col: 1, Msg: "connect c: refused, the name c is in use"},
			// closed by its client, not yet by the server: still in use
			{Line: 5, Col: 1, Msg: "connect c: refused, the name c is in use"},
			{Line: 6, Col: 1, Msg: "close c: refused, connection c is not open"},
			{Line: 7, Col: 1, Msg: "send c Metadata: refused, connection c is not open"},
			{Line: 9, Col: 1, Msg: "connect b-2: refused, the name b-2 is in use"},
			{Line: 10, Col: 1, Msg: "connect b: refused, the name b-1 is in use"},
			{Line: 12, Col: 1, Msg: "send x Produce: refused, connection x is not open"},
		}},
		{"cluster: lose response R for an R no request of the run has", `use cluster
at 0ms topic t partitions=1 replicas=1,2,3
run until partition[t-0].leader == 1 max 30s
after 0ms lose response nobody
after 0ms lose response x
after 0ms produce t-0 id=x
after 0ms lose response r1
after 0ms produce t-0
after 0ms lose response late
run 2s
after 0ms produce t-0 id=late
run until produce[late].done == true max 30s
`, []scenario.Failure{
			// the run is over before they are refused: r1 is not the
			// second produce's default id (r2)
			{Line: 4, Col: 1, Msg: "lose response nobody: refused, no request nobody was sent in the whole run: there was no response to lose"},
			{Line: 7, Col: 1, Msg: "lose response r1: refused, no request r1 was sent in the whole run: there was no response to lose"},
		}},
		{"listener: fail on a partition that does not exist, as records refuses it", `use listener
at 0ms topic t0 partitions=1
at 1ms fail t0-99@5
at 1ms fail u-0@0 always error=IllegalStateException
at 1ms fail t0-0@3 times=2
run 10ms
`, []scenario.Failure{
			{Line: 3, Col: 1, Msg: "fail t0-99@5 times=1 error=RuntimeException: refused, no partition t0-99"},
			{Line: 4, Col: 1, Msg: "fail u-0@0 always error=IllegalStateException: refused, no partition u-0"},
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := labRun(t, tt.src, scenario.Options{})
			require.Equal(t, tt.want, placed(t, res))
		})
	}
}

// A refused action injected from the stage is a failure at line 0: it is
// on no line of the file.
func TestRefusedInjectionIsAFailureAtLineZero(t *testing.T) {
	src := "use group\nat 0ms topic t0 partitions=1\nat 1ms consumer C0 join G topics=t0\nrun 10ms\n"
	joined := -1
	for _, e := range labRun(t, src, scenario.Options{}).Trace {
		if e.Kind == sim.Action && e.Note == "consumer C0 join G topics=t0" {
			joined = e.Seq
		}
	}
	require.Positive(t, joined)
	res := labRun(t, src, scenario.Options{Inject: []scenario.Injection{{After: joined, Action: "consumer C0 join G topics=t0"}}})
	require.Equal(t, []scenario.Failure{{Msg: "consumer C0 join G topics=t0: refused, C0 is already running"}}, placed(t, res))
}
