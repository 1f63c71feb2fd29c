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
				if a := st.Ask; a != nil {
					require.NotEmpty(t, a.ZH, "line %d: ask has no ask.zh", a.Line)
					for _, c := range a.Choices {
						require.NotEmpty(t, c.ZH, "line %d: choice has no choice.zh", c.Line)
					}
				}
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

func runLesson(t *testing.T, id string, opt scenario.Options) *scenario.Result {
	t.Helper()
	l, err := Get(id)
	require.NoError(t, err)
	sc, err := scenario.Parse(l.File, l.Scenario)
	require.NoError(t, err)
	res := scenario.Run(sc, opt)
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
	require.Equal(t, []string{"app-3#1", "app-3#2", "slow"}, order(runLesson(t, "02-zookeeper-reactor", scenario.Options{})))
	res := runLesson(t, "02-zookeeper-reactor", scenario.Options{Sets: []string{"zookeeper.nio.numWorkerThreads 0"}})
	require.Equal(t, []string{"slow", "app-3#1", "app-3#2"}, order(res))
	for _, e := range res.Trace {
		if e.Kind == "recv" {
			require.Contains(t, e.Actor, "SelectorThread-", "event %d", e.Seq)
		}
	}
}

// Step 7's aside: maxClientCnxns 0 disables the per-IP check.
func TestZookeeperLessonWithoutTheLimitRefusesNothing(t *testing.T) {
	res := runLesson(t, "02-zookeeper-reactor", scenario.Options{Sets: []string{"maxClientCnxns 0"}})
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

// Lesson 07, steps 4 and 7: only the leader's JoinGroup answer lists the
// members; C2 is removed by executor-Heartbeat when the reaper hands it
// C2's expired DelayedHeartbeat.
func TestGroupLessonLeaderListAndExpiryThreads(t *testing.T) {
	res := runLesson(t, "07-consumer-group-rebalance", scenario.Options{})
	var lists, answers int
	for _, e := range res.Trace {
		if e.Kind == "send" && e.Item == "JoinGroup NONE" {
			answers++
			if strings.Contains(e.Note, "members' subscriptions") {
				lists++
				require.Contains(t, e.Note, "leader "+strings.TrimPrefix(strings.TrimSuffix(e.Subj, "]"), "member[")+"-", "seq %d", e.Seq)
			}
		}
	}
	require.Greater(t, answers, lists)
	require.Equal(t, 4, lists, "one leader answer in each of generations 1 to 4")
	fired := false
	for _, e := range res.Trace {
		if e.Kind == "timer.fire" && e.Subj == "member[C2]" && e.Item == "DelayedHeartbeat" && e.Actor == "ExpirationReaper-1-Heartbeat" {
			fired = true
		}
		if e.Kind == "member.remove" && strings.Contains(e.Note, "heartbeat expiration") {
			require.True(t, fired, "seq %d", e.Seq)
			require.Equal(t, "member[C2]", e.Subj)
			require.Equal(t, "executor-Heartbeat", e.Actor)
		}
	}
}

func heartbeatExpiries(res *scenario.Result) []string {
	var out []string
	for _, e := range res.Trace {
		if e.Kind == "member.remove" && strings.Contains(e.Note, "heartbeat expiration") {
			out = append(out, e.Subj)
		}
	}
	return out
}

// Lesson 07's what-ifs: a session timeout longer than the pause keeps C2
// in the group (generation 1 lasts until C1 leaves); a pause shorter than
// the session changes nothing.
func TestGroupLessonWhatIfs(t *testing.T) {
	id := "07-consumer-group-rebalance"
	require.Equal(t, []string{"member[C2]"}, heartbeatExpiries(runLesson(t, id, scenario.Options{})))

	long := runLesson(t, id, scenario.Options{Sets: []string{"session.timeout.ms 30000"}})
	require.Empty(t, heartbeatExpiries(long))
	for _, e := range long.Trace {
		if e.Kind == "state" && e.Subj == "group[G]" && e.From == "Stable" {
			require.Contains(t, e.Item, "on LeaveGroup", "the first rebalance after generation 1")
			require.Equal(t, "1", e.Note)
			break
		}
	}

	base := runLesson(t, id, scenario.Options{})
	short := runLesson(t, id, scenario.Options{Inject: []scenario.Injection{{After: base.Steps[5].Seq, Action: "consumer C1 stall 8s"}}})
	require.Equal(t, []string{"member[C2]"}, heartbeatExpiries(short))
	require.Empty(t, short.Failures)
}

// Lesson 08's what-ifs: preferring round robin from the start deals three
// partitions each in generation 1; a consumer of t1 only, joining at the
// end, is skipped for t0's partitions and gets t1-0.
func TestAssignorLessonWhatIfs(t *testing.T) {
	id := "08-assignors"
	rr := runLesson(t, id, scenario.Options{Sets: []string{"partition.assignment.strategy roundrobin,range"}})
	var first []string
	for _, e := range rr.Trace {
		if e.Kind == "assign" && strings.HasPrefix(e.Subj, "member[C") && e.Item == "1" { // group G's members
			first = append(first, e.Subj+"="+e.Note)
		}
	}
	require.ElementsMatch(t, []string{"member[C0]=t0-0,t0-2,t1-1", "member[C1]=t0-1,t1-0,t1-2"}, first)

	base := runLesson(t, id, scenario.Options{})
	last := len(base.Trace) - 1
	joined := runLesson(t, id, scenario.Options{Inject: []scenario.Injection{{After: last, Action: "consumer C4 join G topics=t1 assignor=roundrobin"}}})
	var gen6 []string
	for _, e := range joined.Trace[last:] {
		if e.Kind == "assign" && strings.HasPrefix(e.Subj, "member[C") && e.Item == "6" {
			gen6 = append(gen6, e.Subj+"="+e.Note)
		}
	}
	require.ElementsMatch(t, []string{"member[C0]=t0-0,t0-3,t1-1", "member[C1]=t0-1,t0-4,t1-2", "member[C3]=t0-2", "member[C4]=t1-0"}, gen6)
}

// Errors in a lesson.json name their line and column.
func TestPosition(t *testing.T) {
	src := []byte("{\n  \"title\": {\"en\": \"中文 x\",\n  oops")
	for _, c := range []struct {
		off       int64
		line, col int
	}{{0, 1, 1}, {1, 1, 2}, {2, 2, 1}, {int64(len("{\n  \"title\": {\"en\": \"中文")), 2, 22}, {int64(len(src)), 3, 7}, {999, 3, 7}} {
		line, col := Position(src, c.off)
		require.Equal(t, [2]int{c.line, c.col}, [2]int{line, col}, "offset %d", c.off)
	}
}
