package lessons

import (
	"strconv"
	"strings"
	"testing"
	"unicode"

	"github.com/stretchr/testify/require"

	"brokerlab/core/scenario"
)

// Every lesson scenario runs, and every expect line in it holds.
func TestLessonsRun(t *testing.T) {
	all, err := All()
	require.NoError(t, err)
	require.NotEmpty(t, all)
	for _, l := range all {
		t.Run(l.ID, func(t *testing.T) {
			sc, err := scenario.Parse(l.File, l.Scenario)
			require.NoError(t, err)
			res := scenario.Run(sc, scenario.Options{})
			require.NoError(t, res.Err)
			require.Empty(t, res.Panic)
			for _, f := range res.Failures {
				t.Errorf("%s:%d: %s", l.File, f.Line, f.Msg)
			}
			require.Len(t, res.Steps, len(sc.Steps), "every step is reached")
		})
	}
}

// A lesson teaches as LESSONS.md asks: 6 to 12 steps, both languages on
// every step, at most about 80 words a step (in Chinese, 180 characters,
// an identifier counting as one).
func TestLessonsShape(t *testing.T) {
	all, err := All()
	require.NoError(t, err)
	for _, l := range all {
		t.Run(l.ID, func(t *testing.T) {
			require.NotEmpty(t, l.Title.EN)
			require.NotEmpty(t, l.Title.ZH)
			require.NotEmpty(t, l.Summary.EN)
			require.NotEmpty(t, l.Summary.ZH)
			sc, err := scenario.Parse(l.File, l.Scenario)
			require.NoError(t, err)
			require.GreaterOrEqual(t, len(sc.Steps), 6)
			require.LessOrEqual(t, len(sc.Steps), 12)
			for i, st := range sc.Steps {
				require.NotEmpty(t, st.ZH, "step %d (line %d) has no say.zh", i, st.Line)
				words := len(strings.Fields(st.EN))
				require.LessOrEqual(t, words, 80, "step %d (line %d): %d words", i, st.Line, words)
				require.LessOrEqual(t, zhLength(st.ZH), 180, "step %d (line %d) in Chinese", i, st.Line)
			}
		})
	}
}

// zhLength counts Han characters and Latin words (identifiers) once each.
func zhLength(s string) int {
	n := 0
	inWord := false
	for _, r := range s {
		switch {
		case unicode.Is(unicode.Han, r):
			n++
			inWord = false
		case r < 128 && (unicode.IsLetter(r) || unicode.IsDigit(r) || r == '.' || r == '_' || r == '-' || r == '/'):
			if !inWord {
				n++
			}
			inWord = true
		default:
			inWord = false
		}
	}
	return n
}

// The what-if the lesson invites: without the putLock, its seed loses the
// racing TopicChange, and the invariant check says so.
func TestControllerLessonWithoutPutLockLosesTheRacingPut(t *testing.T) {
	l, err := Get("01-controller-event-queue")
	require.NoError(t, err)
	sc, err := scenario.Parse(l.File, l.Scenario)
	require.NoError(t, err)
	res := scenario.Run(sc, scenario.Options{Sets: []string{"controller.putLock false"}})
	require.NoError(t, res.Err)
	var violations []string
	for _, e := range res.Trace {
		if e.Kind == "invariant" {
			violations = append(violations, e.Item)
		}
	}
	require.Equal(t, []string{"TopicChange"}, violations)
}

// Step 1's claim, over the whole run: only controller-event-thread changes
// the controller's state or processes events.
func TestOnlyTheEventThreadTouchesControllerState(t *testing.T) {
	l, err := Get("01-controller-event-queue")
	require.NoError(t, err)
	sc, err := scenario.Parse(l.File, l.Scenario)
	require.NoError(t, err)
	res := scenario.Run(sc, scenario.Options{})
	n := 0
	for _, e := range res.Trace {
		if e.Kind == "state" || e.Kind == "event.process" || e.Kind == "queue.take" {
			require.Equal(t, "controller-event-thread", e.Actor, "event %d", e.Seq)
			n++
		}
	}
	require.Greater(t, n, 30)
}

// runLesson runs a lesson with extra settings and returns its trace.
func runLesson(t *testing.T, id string, sets ...string) *scenario.Result {
	t.Helper()
	l, err := Get(id)
	require.NoError(t, err)
	sc, err := scenario.Parse(l.File, l.Scenario)
	require.NoError(t, err)
	res := scenario.Run(sc, scenario.Options{Sets: sets})
	require.NoError(t, res.Err)
	require.Empty(t, res.Panic)
	return res
}

// Lesson 02's what-if: with no workers the selector thread does the I/O,
// so app-3's answers wait behind app-1's slow request on SelectorThread-0;
// with workers they leave before it.
func TestZookeeperLessonWithoutWorkersQueuesBehindTheSlowRequest(t *testing.T) {
	order := func(res *scenario.Result) []string {
		var out []string
		for _, e := range res.Trace {
			if e.Kind == "send" && (e.Item == "slow" || strings.HasPrefix(e.Item, "app-3#")) {
				out = append(out, e.Item)
			}
		}
		return out
	}
	require.Equal(t, []string{"app-3#1", "app-3#2", "slow"}, order(runLesson(t, "02-zookeeper-reactor")))
	res := runLesson(t, "02-zookeeper-reactor", "zookeeper.nio.numWorkerThreads 0")
	require.Equal(t, []string{"slow", "app-3#1", "app-3#2"}, order(res))
	for _, e := range res.Trace {
		if e.Kind == "recv" {
			require.Contains(t, e.Actor, "SelectorThread-", "event %d", e.Seq)
		}
	}
}

// Step 7's aside: maxClientCnxns 0 disables the per-IP check.
func TestZookeeperLessonWithoutTheLimitRefusesNothing(t *testing.T) {
	res := runLesson(t, "02-zookeeper-reactor", "maxClientCnxns 0")
	for _, e := range res.Trace {
		require.NotEqual(t, "conn.refuse", e.Kind, "event %d", e.Seq)
	}
	accepted := 0
	for _, e := range res.Trace {
		if e.Kind == "conn.accept" && strings.HasPrefix(e.Subj, "flood-") {
			accepted++
		}
	}
	require.Equal(t, 61, accepted)
}

// The what-if lesson 03 invites: with a control plane the controller's
// StopReplica skips the jammed data plane and is answered after its own
// 1 ms, by the control plane's threads, whose processor takes id 0; and
// the replay never stalls on a step that waits for the jam.
func TestPipelineLessonWithControlPlaneServesStopReplicaAtOnce(t *testing.T) {
	l, err := Get("03-kafka-request-pipeline")
	require.NoError(t, err)
	sc, err := scenario.Parse(l.File, l.Scenario)
	require.NoError(t, err)
	res := scenario.Run(sc, scenario.Options{Sets: []string{"control.plane.listener.name CONTROLLER"}})
	require.NoError(t, res.Err)
	require.Empty(t, res.Panic)
	for _, f := range res.Failures {
		require.NotContains(t, f.Msg, "not reached", "line %d", f.Line)
	}
	var stop []string
	for _, e := range res.Trace {
		if e.Item == "StopReplica:stop" && (e.Kind == "recv" || e.Kind == "queue.take" || e.Kind == "send") {
			stop = append(stop, strconv.FormatInt(e.T/1000, 10)+"ms "+e.Kind+" "+e.Subj+" by "+e.Actor)
		}
	}
	require.Equal(t, []string{
		"115ms recv ctl by control-plane-kafka-network-thread-0-ListenerName(CONTROLLER)-PLAINTEXT-0",
		"115ms queue.take ControlPlane.RequestChannel.requestQueue by control-plane-kafka-request-handler-0",
		"116ms queue.take ControlPlaneProcessor-0.responseQueue by control-plane-kafka-network-thread-0-ListenerName(CONTROLLER)-PLAINTEXT-0",
		"116ms send ctl by control-plane-kafka-network-thread-0-ListenerName(CONTROLLER)-PLAINTEXT-0",
	}, stop)
	var failed []string
	for _, f := range res.Failures {
		failed = append(failed, f.Msg)
	}
	require.Contains(t, failed, "expect socketserver.conn[c1].processor == 0: got 1", "the data-plane processors are 1 to 3")
}

// actionTime is when the n-th (from 0) action with this text ran, in µs.
func actionTime(t *testing.T, res *scenario.Result, text string, n int) int64 {
	t.Helper()
	for _, e := range res.Trace {
		if e.Kind == "action" && e.Note == text {
			if n == 0 {
				return e.T
			}
			n--
		}
	}
	t.Fatalf("no action %q", text)
	return 0
}

// shrinkAfterStall is how long after broker 3's second stall the ISR
// dropped it, in seconds.
func shrinkAfterStall(t *testing.T, res *scenario.Result) float64 {
	stalled := actionTime(t, res, "stall broker 3", 1)
	for _, e := range res.Trace {
		if e.Kind == "isr" && e.T > stalled && e.From == "1,2,3" && e.To == "1,2" {
			return float64(e.T-stalled) / 1e6
		}
	}
	t.Fatal("broker 3 never left the ISR")
	return 0
}

// Lesson 04's what-if: with Kafka 2.5's replica.lag.time.max.ms of 30 s,
// broker 3 leaves the ISR three times later (30 to 45 s after it stalled,
// against 10 to 15 s), and every claim of the lesson still holds.
func TestReplicationLessonWith25LagTimeShrinksThreeTimesLater(t *testing.T) {
	short := shrinkAfterStall(t, runLesson(t, "04-replication-isr-hw"))
	res := runLesson(t, "04-replication-isr-hw", "replica.lag.time.max.ms 30000")
	long := shrinkAfterStall(t, res)
	require.Empty(t, res.Failures)
	require.Greater(t, short, 10.0)
	require.LessOrEqual(t, short, 15.0)
	require.Greater(t, long, 30.0)
	require.LessOrEqual(t, long, 45.0)
}

// doneOf is the final result of request id in the trace.
func doneOf(res *scenario.Result, id string) string {
	for _, e := range res.Trace {
		if e.Kind == "client.done" && e.Subj == id {
			return e.To
		}
	}
	return "pending"
}

// Lesson 05's what-ifs: with min.insync.replicas 1 the third acks=all
// request is accepted with the leader alone; with request.timeout.ms
// 30000 the first ends with NOT_ENOUGH_REPLICAS_AFTER_APPEND instead of
// timing out.
func TestAcksLessonWhatIfs(t *testing.T) {
	res := runLesson(t, "05-acks-and-min-isr")
	require.Equal(t, []string{"REQUEST_TIMED_OUT", "NOT_ENOUGH_REPLICAS_AFTER_APPEND", "NOT_ENOUGH_REPLICAS"},
		[]string{doneOf(res, "first"), doneOf(res, "second"), doneOf(res, "third")})
	res = runLesson(t, "05-acks-and-min-isr", "min.insync.replicas 1")
	require.Equal(t, "NONE", doneOf(res, "third"))
	res = runLesson(t, "05-acks-and-min-isr", "request.timeout.ms 30000")
	require.Equal(t, "NOT_ENOUGH_REPLICAS_AFTER_APPEND", doneOf(res, "first"))
}

// Lesson 06's what-ifs: with zookeeper.session.timeout.ms 6000 every
// death is noticed within 8 s; killing broker 2 from the stage at the end
// elects broker 3 cleanly and loses nothing more. In the lesson itself
// only the unclean election loses records: the three of request c.
func TestBrokerFailureLessonWhatIfs(t *testing.T) {
	res := runLesson(t, "06-broker-failure")
	var lost []string
	for _, e := range res.Trace {
		if e.Kind == "record.lost" {
			require.Contains(t, e.Note, "unclean election")
			lost = append(lost, e.Item+"@"+strconv.Itoa(e.ID))
		}
	}
	require.Equal(t, []string{"c@3", "c@4", "c@5"}, lost)

	res = runLesson(t, "06-broker-failure", "zookeeper.session.timeout.ms 6000")
	for _, id := range []string{"2", "3"} {
		killed := actionTime(t, res, "kill broker "+id, 0)
		var expired int64
		for _, e := range res.Trace {
			if e.Kind == "session" && e.Subj == "broker-"+id && e.To == "expired" && e.T > killed {
				expired = e.T
				break
			}
		}
		require.Positive(t, expired, "broker %s's session expires", id)
		require.LessOrEqual(t, expired-killed, int64(8e6), "broker %s", id)
	}

	l, err := Get("06-broker-failure")
	require.NoError(t, err)
	sc, err := scenario.Parse(l.File, l.Scenario)
	require.NoError(t, err)
	base := scenario.Run(sc, scenario.Options{})
	res = scenario.Run(sc, scenario.Options{Inject: []scenario.Injection{{After: base.Events - 1, Action: "kill broker 2"}}})
	require.NoError(t, res.Err)
	var leaders []string
	lostAfter := 0
	for _, e := range res.Trace[base.Events:] {
		if e.Kind == "leader" {
			leaders = append(leaders, e.From+"→"+e.To+" "+e.Note)
		}
		if e.Kind == "record.lost" || e.Kind == "invariant" {
			lostAfter++
		}
	}
	require.Len(t, leaders, 1)
	require.Contains(t, leaders[0], "2→3 offline election")
	require.Zero(t, lostAfter)
}
