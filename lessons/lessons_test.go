package lessons

import (
	"bytes"
	"encoding/json"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode"

	"github.com/stretchr/testify/require"

	"brokerlab/core/scenario"
	"brokerlab/core/sim"
)

// seeds is how many seeds every lesson must hold on: 1 to seeds, which
// include every lesson's own.
const seeds = 50

// rightChoice pins each lesson's graded question: the choices (from 1) its
// narration explains, the only ones its run grades right, on every seed.
var rightChoice = map[string][]int{
	"01-controller-event-queue":   {3},
	"02-zookeeper-reactor":        {2},
	"03-kafka-request-pipeline":   {3},
	"04-replication-isr-hw":       {2},
	"05-acks-and-min-isr":         {4},
	"06-broker-failure":           {3},
	"07-consumer-group-rebalance": {2},
	"08-assignors":                {2},
	"09-spring-ack-modes":         {2},
	"10-spring-error-handlers":    {2},
	"11-cooperative-rebalancing":  {2},
	"12-static-membership":        {2},
	"14-coordinator-moves":        {1}, "13-idempotent-producer": {2},
}

// holds runs lesson l at seed (0: the file's own) and checks that it tells
// its story: no error or panic, every expect line holds, every step is
// reached and its question grades right the choice rightChoice pins. A
// failure names the seed and, for a lesson with variables, their values.
func holds(t *testing.T, l Lesson, seed int64) {
	t.Helper()
	sc, res, at := runSeed(t, l, seed)
	for _, f := range res.Failures {
		t.Errorf("%s: %s:%d: %s", at, l.File, f.Line, f.Msg)
	}
	require.Len(t, res.Steps, len(sc.Steps), "%s: every step is reached", at)
	require.Equal(t, rightChoice[l.ID], rightChoices(res), "%s: the question's right choice", at)
}

// runSeed runs lesson l at seed (0: the file's own) with no error or
// panic; at names the seed and, for a lesson with variables, their values.
func runSeed(t *testing.T, l Lesson, seed int64) (*scenario.Scenario, *scenario.Result, string) {
	t.Helper()
	sc, err := scenario.ParseSeed(l.File, l.Scenario, seed)
	require.NoError(t, err)
	at := "seed " + strconv.FormatInt(sc.Seed, 10)
	for _, v := range sc.Vars {
		at += ", " + v.Name + " = " + v.Value
	}
	res := scenario.Run(sc, scenario.Options{})
	require.NoError(t, res.Err, at)
	require.Empty(t, res.Panic, at)
	return sc, res, at
}

// asksFirst checks that the stage did not answer a question before it was
// asked: no choice graded right at the end of its step already held as
// the step opened, when the page stops on the question.
func asksFirst(t *testing.T, l Lesson, sc *scenario.Scenario, res *scenario.Result, at string) {
	t.Helper()
	for _, a := range res.Asks {
		ask := sc.Steps[a.Step].Ask
		for i, c := range a.Choices {
			if c.Holds && c.HeldAtOpen {
				t.Errorf("%s: %s:%d: step %d asks %q, but its right choice %d (%s %s) already holds as the question opens (%s is %q)",
					at, l.File, ask.Line, a.Step+1, ask.EN, i+1, ask.Choices[i].EN, ask.Choices[i].Cond, ask.Choices[i].Cond.Path, c.GotAtOpen)
			}
		}
	}
}

// Ask before the stage answers: on the lesson's own seed and
// on every other, no right choice is decided when its question opens.
func TestQuestionsAskBeforeTheStageAnswers(t *testing.T) {
	all, err := All()
	require.NoError(t, err)
	for _, l := range all {
		t.Run(l.ID, func(t *testing.T) {
			t.Parallel()
			for seed := int64(0); seed <= seeds; seed++ {
				sc, res, at := runSeed(t, l, seed)
				asksFirst(t, l, sc, res, at)
			}
		})
	}
}

// Every lesson runs as its file says, and every lesson asks a question.
func TestLessonsRun(t *testing.T) {
	all, err := All()
	require.NoError(t, err)
	require.Len(t, rightChoice, len(all))
	for _, l := range all {
		t.Run(l.ID, func(t *testing.T) {
			require.Contains(t, rightChoice, l.ID)
			holds(t, l, 0)
		})
	}
}

// True on every seed (docs/LESSONS.md, "Steps"): a student reaches other seeds through a
// link's seed= or New variant, and each must tell the lesson's story and
// grade its question the same.
func TestLessonsHoldOnEverySeed(t *testing.T) {
	all, err := All()
	require.NoError(t, err)
	for _, l := range all {
		t.Run(l.ID, func(t *testing.T) {
			t.Parallel()
			for seed := int64(1); seed <= seeds; seed++ {
				holds(t, l, seed)
			}
		})
	}
}

// A lesson with variables (let) is a lesson per seed, each checked by
// TestLessonsHoldOnEverySeed; the seeds draw several variants. Lesson 10
// draws backOff.maxAttempts from 3..9; seed 10, the file's, draws 9,
// Spring's default.
func TestLessonVariants(t *testing.T) {
	all, err := All()
	require.NoError(t, err)
	withVars := 0
	for _, l := range all {
		sc, err := scenario.Parse(l.File, l.Scenario)
		require.NoError(t, err)
		if len(sc.Vars) == 0 {
			continue
		}
		withVars++
		values := map[string]bool{}
		for seed := int64(1); seed <= seeds; seed++ {
			sc, err := scenario.ParseSeed(l.File, l.Scenario, seed)
			require.NoError(t, err)
			values[sc.Vars[0].Value] = true
		}
		require.GreaterOrEqual(t, len(values), 5, "%s: %d seeds draw several variants: %v", l.ID, seeds, values)
	}
	require.NotZero(t, withVars, "at least one lesson has variants")
	l, err := Get("10-spring-error-handlers")
	require.NoError(t, err)
	sc, err := scenario.Parse(l.File, l.Scenario)
	require.NoError(t, err)
	require.Equal(t, "9", sc.Vars[0].Value)
}

// A lesson has the shape docs/LESSONS.md gives: 6 to 12 steps, both languages on
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

// The what-if the lesson invites: without the putLock, the racing
// TopicChange is lost (on every seed: TestSuggestedWhatIfs), and the
// invariant check says so of it alone.
func TestControllerLessonWithoutPutLockLosesTheRacingPut(t *testing.T) {
	l, err := Get("01-controller-event-queue")
	require.NoError(t, err)
	sc, err := scenario.Parse(l.File, l.Scenario)
	require.NoError(t, err)
	res := scenario.Run(sc, scenario.Options{Sets: []string{"controller.putLock false"}})
	require.NoError(t, res.Err)
	var violations []string
	for _, e := range res.Trace {
		if e.Kind == sim.Invariant {
			violations = append(violations, e.Item)
		}
	}
	require.Equal(t, []string{"TopicChange"}, violations)
}

// Step 9's race is pinned, as its text says, on every seed: the
// TopicChange put at 406 ms comes while clearAndPut preempts
// IsrChangeNotification, waits on the putLock, and is processed behind
// Expire; it is never preempted, never lost.
func TestControllerLessonRaceIsPinned(t *testing.T) {
	l, err := Get("01-controller-event-queue")
	require.NoError(t, err)
	for seed := int64(1); seed <= seeds; seed++ {
		sc, err := scenario.ParseSeed(l.File, l.Scenario, seed)
		require.NoError(t, err)
		res := scenario.Run(sc, scenario.Options{})
		var preempted, processed, waited bool
		for _, e := range res.Trace {
			if e.T < 405_000 || e.T >= 600_000 {
				continue
			}
			preempted = preempted || (e.Kind == sim.EventPreempt && e.Item == "TopicChange")
			processed = processed || (e.Kind == sim.EventProcess && e.Item == "TopicChange")
			waited = waited || (e.Kind == sim.LockWait && e.T == 406_000)
		}
		require.True(t, waited && processed && !preempted, "seed %d: waited %v, processed %v, preempted %v", seed, waited, processed, preempted)
	}
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
		if e.Kind == sim.State || e.Kind == sim.EventProcess || e.Kind == sim.QueueTake {
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

// Lesson 02's what-if: with no workers the selector threads read the
// requests themselves, and app-2's answers still wait behind app-1's slow
// request, exactly as long: the wait is for the one pipeline
// (ProcessThread, SyncThread), not for a thread of the reactor.
func TestZookeeperLessonWithoutWorkersWaitsForThePipelineAlike(t *testing.T) {
	sends := func(res *scenario.Result) ([]string, []int64) {
		var items []string
		var at []int64
		for _, e := range res.Trace {
			if e.Kind == sim.Send && (e.Item == "slow" || strings.HasPrefix(e.Item, "app-2#")) {
				items = append(items, e.Item)
				at = append(at, e.T)
			}
		}
		return items, at
	}
	want := []string{"slow", "app-2#1", "app-2#2"}
	items, at := sends(runLesson(t, "02-zookeeper-reactor", scenario.Options{}))
	require.Equal(t, want, items)
	require.Equal(t, []int64{2_500_000, 2_501_000, 2_502_000}, at, "slow ends at 2.5 s, app-2's follow 1 ms each")
	res := runLesson(t, "02-zookeeper-reactor", scenario.Options{Sets: []string{"zookeeper.nio.numWorkerThreads 0"}})
	items, at0 := sends(res)
	require.Equal(t, want, items)
	require.Equal(t, at, at0)
	for _, e := range res.Trace {
		if e.Kind == sim.Recv {
			require.Contains(t, e.Actor, "SelectorThread-", "event %d", e.Seq)
		}
	}
}

// Step 7's aside: maxClientCnxns 0 disables the per-IP check.
func TestZookeeperLessonWithoutTheLimitRefusesNothing(t *testing.T) {
	res := runLesson(t, "02-zookeeper-reactor", scenario.Options{Sets: []string{"maxClientCnxns 0"}})
	for _, e := range res.Trace {
		require.NotEqual(t, sim.ConnRefuse, e.Kind, "event %d", e.Seq)
	}
	accepted := 0
	for _, e := range res.Trace {
		if e.Kind == sim.ConnAccept && strings.HasPrefix(e.Subj, "flood-") {
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
		if e.Item == "StopReplica:stop" && (e.Kind == sim.Recv || e.Kind == sim.QueueTake || e.Kind == sim.Send) {
			stop = append(stop, strconv.FormatInt(e.T/1000, 10)+"ms "+string(e.Kind)+" "+e.Subj+" by "+e.Actor)
		}
	}
	require.Equal(t, []string{
		"135ms recv ctl by control-plane-kafka-network-thread-0-ListenerName(CONTROLLER)-PLAINTEXT-0",
		"135ms queue.take ControlPlane.RequestChannel.requestQueue by control-plane-kafka-request-handler-0",
		"136ms queue.take ControlPlaneProcessor-0.responseQueue by control-plane-kafka-network-thread-0-ListenerName(CONTROLLER)-PLAINTEXT-0",
		"136ms send ctl by control-plane-kafka-network-thread-0-ListenerName(CONTROLLER)-PLAINTEXT-0",
	}, stop)
	var failed []string
	for _, f := range res.Failures {
		failed = append(failed, f.Msg)
	}
	require.Contains(t, failed, "expect socketserver.conn[c1].processor == 0: got 1", "the data-plane processors are 1 to 3")
	require.Equal(t, []int{1}, rightChoices(res), "the question: about 136 ms, control plane")
	require.Equal(t, []int{3}, rightChoices(scenario.Run(sc, scenario.Options{})), "in the lesson: much later")
}

// Lesson 07, steps 4 and 7: only the leader's JoinGroup answer lists the
// members; C2 is removed by executor-Heartbeat when the reaper hands it
// C2's expired DelayedHeartbeat.
func TestGroupLessonLeaderListAndExpiryThreads(t *testing.T) {
	res := runLesson(t, "07-consumer-group-rebalance", scenario.Options{})
	var lists, answers int
	for _, e := range res.Trace {
		if e.Kind == sim.Send && e.Item == "JoinGroup NONE" {
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
		if e.Kind == sim.TimerFire && e.Subj == "member[C2]" && e.Item == "DelayedHeartbeat" && e.Actor == "ExpirationReaper-1-Heartbeat" {
			fired = true
		}
		if e.Kind == sim.MemberRemove && strings.Contains(e.Note, "heartbeat expiration") {
			require.True(t, fired, "seq %d", e.Seq)
			require.Equal(t, "member[C2]", e.Subj)
			require.Equal(t, "executor-Heartbeat", e.Actor)
		}
	}
}

func heartbeatExpiries(res *scenario.Result) []string {
	var out []string
	for _, e := range res.Trace {
		if e.Kind == sim.MemberRemove && strings.Contains(e.Note, "heartbeat expiration") {
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
		if e.Kind == sim.State && e.Subj == "group[G]" && e.From == "Stable" {
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
		if e.Kind == sim.Assign && strings.HasPrefix(e.Subj, "member[C") && e.Item == "1" { // group G's members
			first = append(first, e.Subj+"="+e.Note)
		}
	}
	require.ElementsMatch(t, []string{"member[C0]=t0-0,t0-2,t1-1", "member[C1]=t0-1,t1-0,t1-2"}, first)

	base := runLesson(t, id, scenario.Options{})
	last := len(base.Trace) - 1
	joined := runLesson(t, id, scenario.Options{Inject: []scenario.Injection{{After: last, Action: "consumer C4 join G topics=t1 assignor=roundrobin"}}})
	var gen6 []string
	for _, e := range joined.Trace[last:] {
		if e.Kind == sim.Assign && strings.HasPrefix(e.Subj, "member[C") && e.Item == "6" {
			gen6 = append(gen6, e.Subj+"="+e.Note)
		}
	}
	require.ElementsMatch(t, []string{"member[C0]=t0-0,t0-3,t1-1", "member[C1]=t0-1,t0-4,t1-2", "member[C3]=t0-2", "member[C4]=t1-0"}, gen6)
}

// failed returns the messages of the expect lines that did not hold.
func failed(res *scenario.Result) []string {
	var out []string
	for _, f := range res.Failures {
		out = append(out, f.Msg)
	}
	return out
}

// deliveries counts record.deliver events of record subj.
func deliveries(res *scenario.Result, subj string) int {
	n := 0
	for _, e := range res.Trace {
		if e.Kind == sim.RecordDeliver && e.Subj == subj {
			n++
		}
	}
	return n
}

const (
	app0Thread = "org.springframework.kafka.KafkaListenerEndpointContainer#0-0-C-1"
	app1Thread = "org.springframework.kafka.KafkaListenerEndpointContainer#0-1-C-1"
)

// Lesson 09, steps 1 to 6: each consumer polls on its ListenerConsumer
// thread, the five records come in one poll, every commit is made by the
// consumer's own thread (never auto-commit), BATCH's commit comes after
// the last record and before the next poll; the dead app-0 sends nothing
// more; app-1's OffsetFetch answers 5.
func TestSpringAckModesLessonThreads(t *testing.T) {
	res := runLesson(t, "09-spring-ack-modes", scenario.Options{})
	var crashAt int64
	var afterLast, offsetFetch bool
	for _, e := range res.Trace {
		switch {
		case e.Kind == sim.Poll && e.Subj == "consumer[app-0]" && e.Item == "5 records":
			require.Equal(t, app0Thread, e.Actor)
		case e.Kind == sim.RecordDeliver:
			require.Contains(t, []string{app0Thread, app1Thread}, e.Actor)
		case e.Kind == sim.Commit:
			require.Contains(t, []string{app0Thread, app1Thread}, e.Actor, "seq %d", e.Seq)
			require.NotEqual(t, "auto-commit", e.Subj)
			if e.Note == "t0-0=5" {
				require.True(t, afterLast, "BATCH commits after the poll's last record")
			}
		case e.Kind == sim.RecordDone && e.Subj == "t0-0@4":
			afterLast = true
		case e.Kind == sim.Action && e.Note == "consumer app-0 crash":
			crashAt = e.T
		case e.Kind == sim.ClientRecv && e.Subj == "member[app-1]" && e.Item == "OffsetFetch NONE" && strings.Contains(e.Note, "t0-0=5"):
			offsetFetch = true
		}
		if crashAt > 0 && e.T > crashAt && e.Kind != sim.ThreadExit {
			require.NotEqual(t, app0Thread, e.Actor, "seq %d", e.Seq)
			require.NotEqual(t, "kafka-coordinator-heartbeat-thread | G (app-0)", e.Actor, "seq %d", e.Seq)
		}
	}
	require.Positive(t, crashAt)
	require.True(t, offsetFetch, "app-1 fetches the committed offset 5")
	require.Less(t, len(res.Trace), 5000)
}

// Lesson 09's what-ifs and the modes its one scenario cannot switch: each
// ack mode's commits of t0-0 before app-0 dies (RECORD and
// MANUAL_IMMEDIATE one per record, BATCH, TIME, MANUAL one per poll,
// COUNT only once ackCount records wait) and what the crash then costs.
func TestSpringAckModesLessonWhatIfs(t *testing.T) {
	tests := []struct {
		sets       []string
		commits    string // t0-0's commits before the crash
		duplicates int
		lost       bool
	}{
		{nil, "5", 3, false},
		{[]string{"ackMode RECORD"}, "1,2,3,4,5,6,7,8", 0, false},
		{[]string{"ackMode MANUAL_IMMEDIATE"}, "1,2,3,4,5,6,7,8", 0, false},
		{[]string{"ackMode MANUAL_IMMEDIATE", "listener.ack before"}, "1,2,3,4,5,6,7,8,9", 0, true},
		{[]string{"ackMode MANUAL"}, "5", 3, false},
		{[]string{"ackMode TIME"}, "5", 3, false}, // 7.5 s: ackTime has passed since the start
		{[]string{"ackMode COUNT", "ackCount 10"}, "", 8, false},
		{[]string{"ackMode COUNT_TIME", "ackCount 10", "ackTime 60000"}, "", 8, false},
	}
	for _, tc := range tests {
		t.Run(strings.Join(tc.sets, ","), func(t *testing.T) {
			res := runLesson(t, "09-spring-ack-modes", scenario.Options{Sets: tc.sets})
			var commits []string
			dups := 0
			crashed := false
			for _, e := range res.Trace {
				crashed = crashed || (e.Kind == sim.Action && e.Note == "consumer app-0 crash")
				if e.Kind == sim.OffsetCommit && e.Subj == "t0-0" && !crashed {
					commits = append(commits, e.To)
				}
				if e.Kind == sim.RecordDeliver && strings.Contains(e.Note, "duplicate") {
					dups++
				}
			}
			require.Equal(t, tc.commits, strings.Join(commits, ","))
			require.Equal(t, tc.duplicates, dups)
			// The question's choices are 0, 3, 4 and 5 duplicates.
			var right []int
			if k := slices.Index([]int{0, 3, 4, 5}, tc.duplicates); k >= 0 {
				right = []int{k + 1}
			}
			require.Equal(t, right, rightChoices(res))
			if tc.lost {
				require.Contains(t, failed(res), "expect listener.lost == 0: got 1")
				require.Equal(t, 1, deliveries(res, "t0-0@8"), "t0-0@8 is committed and never delivered again")
			} else {
				require.NotContains(t, strings.Join(failed(res), "\n"), "listener.lost")
			}
		})
	}
}

// Lesson 10, steps 1 to 6: the records before the failed one are
// committed before the first seek; SeekToCurrentErrorHandler throws nine
// times then the recoverer logs; ClassCastException is recovered at
// once; the ContainerStoppingErrorHandler's stop runs on
// SimpleAsyncTaskExecutor-1 and app-0 sends LeaveGroup.
func TestSpringErrorHandlersLesson(t *testing.T) {
	res := runLesson(t, "10-spring-error-handlers", scenario.Options{})
	var story, recovered []string
	var stoppedBy string
	for _, e := range res.Trace {
		switch e.Kind {
		case sim.Commit, sim.Seek:
			if len(story) < 2 && (e.Kind == sim.Commit || strings.HasPrefix(e.Note, "SeekToCurrent")) {
				story = append(story, string(e.Kind)+" "+e.Note+e.To)
			}
		case sim.RecordRecover:
			recovered = append(recovered, e.Note)
		case sim.State:
			if e.To == "stopped" && strings.HasPrefix(e.Subj, "org.springframework") && stoppedBy == "" {
				stoppedBy = e.Actor
			}
		}
	}
	require.Equal(t, []string{"commit t0-0=2", "seek SeekToCurrentErrorHandler: t0-0@2 is the first record left2"}, story)
	require.Equal(t, []string{"Backoff FixedBackOff{interval=0, currentAttempts=10, maxAttempts=9} exhausted for t0-0@2",
		"Backoff none exhausted for t0-0@6"}, recovered)
	require.Equal(t, "main", stoppedBy, "the application's own stop at 10 s")
	n := 0
	for _, e := range res.Trace {
		if e.Kind == sim.RecordHandle && e.Note == "KafkaException: Seek to current after exception" {
			n++
		}
		if e.Kind == sim.State && e.To == "stopped" && e.Subj == "org.springframework.kafka.KafkaListenerEndpointContainer#0" && e.T > 20_000_000 {
			require.Equal(t, "SimpleAsyncTaskExecutor-1", e.Actor)
		}
		if e.Kind == sim.ClientSend && e.Item == "LeaveGroup" {
			require.Equal(t, app0Thread, e.Actor)
		}
	}
	require.Equal(t, 9, n, "nine retries")
	require.Less(t, len(res.Trace), 5000)
}

// Lesson 10's what-ifs: backOff.maxAttempts 2 gives three deliveries;
// errorHandler ContainerStopping stops the container at t0-0@2's first
// failure, with 0 and 1 committed.
func TestSpringErrorHandlersLessonWhatIfs(t *testing.T) {
	res := runLesson(t, "10-spring-error-handlers", scenario.Options{Sets: []string{"backOff.maxAttempts 2"}})
	require.Equal(t, 3, deliveries(res, "t0-0@2"))
	require.Contains(t, failed(res), "expect listener.delivered[t0-0@2] == 10: got 3")

	res = runLesson(t, "10-spring-error-handlers", scenario.Options{Sets: []string{"errorHandler ContainerStopping"}})
	var first []string
	for _, e := range res.Trace {
		if e.Kind == sim.OffsetCommit || (e.Kind == sim.State && e.Subj == "org.springframework.kafka.KafkaListenerEndpointContainer#0" && e.To == "stopped") {
			first = append(first, string(e.Kind)+" "+e.To)
			if len(first) == 2 {
				break
			}
		}
	}
	require.Equal(t, []string{"offset.commit 2", "state stopped"}, first)
	require.Contains(t, failed(res), "expect listener.delivered[t0-0@3] == 1: got 0")
}

// actionTime is when the n-th (from 0) action with this text ran, in µs.
func actionTime(t *testing.T, res *scenario.Result, text string, n int) int64 {
	t.Helper()
	for _, e := range res.Trace {
		if e.Kind == sim.Action && e.Note == text {
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
		if e.Kind == sim.ISR && e.T > stalled && e.From == "1,2,3" && e.To == "1,2" {
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
	short := shrinkAfterStall(t, runLesson(t, "04-replication-isr-hw", scenario.Options{}))
	res := runLesson(t, "04-replication-isr-hw", scenario.Options{Sets: []string{"replica.lag.time.max.ms 30000"}})
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
		if e.Kind == sim.ClientDone && e.Subj == id {
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
	res := runLesson(t, "05-acks-and-min-isr", scenario.Options{})
	require.Equal(t, []string{"REQUEST_TIMED_OUT", "NOT_ENOUGH_REPLICAS_AFTER_APPEND", "NOT_ENOUGH_REPLICAS"},
		[]string{doneOf(res, "first"), doneOf(res, "second"), doneOf(res, "third")})
	require.Equal(t, []int{4}, rightChoices(res), "the question: REQUEST_TIMED_OUT")
	res = runLesson(t, "05-acks-and-min-isr", scenario.Options{Sets: []string{"min.insync.replicas 1"}})
	require.Equal(t, "NONE", doneOf(res, "third"))
	require.Equal(t, "REQUEST_TIMED_OUT", doneOf(res, "first"), "the timeout (8 s) comes before the ISR shrinks (10 s)")
	require.Equal(t, []int{4}, rightChoices(res))
	res = runLesson(t, "05-acks-and-min-isr", scenario.Options{Sets: []string{"request.timeout.ms 30000"}})
	require.Equal(t, "NOT_ENOUGH_REPLICAS_AFTER_APPEND", doneOf(res, "first"))
	require.Equal(t, []int{3}, rightChoices(res), "the question's third choice")
}

// rightChoices are the choices (from 1) the run graded right, over the
// lesson's questions.
func rightChoices(res *scenario.Result) []int {
	var out []int
	for _, a := range res.Asks {
		for i, c := range a.Choices {
			if c.Holds {
				out = append(out, i+1)
			}
		}
	}
	return out
}

// Lesson 06's what-ifs: with zookeeper.session.timeout.ms 6000 every
// death is noticed within 8 s; killing broker 2 from the stage at the end
// elects broker 3 cleanly and loses nothing more. In the lesson itself
// only the unclean election loses records: the three of request c.
func TestBrokerFailureLessonWhatIfs(t *testing.T) {
	res := runLesson(t, "06-broker-failure", scenario.Options{})
	var lost []string
	for _, e := range res.Trace {
		if e.Kind == sim.RecordLost {
			require.Contains(t, e.Note, "unclean election")
			lost = append(lost, e.Item+"@"+strconv.Itoa(e.ID))
		}
	}
	require.Equal(t, []string{"c@3", "c@4", "c@5"}, lost)
	require.Equal(t, []int{3}, rightChoices(res), "the question: broker 2, and 3 to 5 lost")

	res = runLesson(t, "06-broker-failure", scenario.Options{Sets: []string{"zookeeper.session.timeout.ms 6000"}})
	for _, id := range []string{"2", "3"} {
		killed := actionTime(t, res, "kill broker "+id, 0)
		var expired int64
		for _, e := range res.Trace {
			if e.Kind == sim.Session && e.Subj == "broker-"+id && e.To == "expired" && e.T > killed {
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
		if e.Kind == sim.Leader {
			leaders = append(leaders, e.From+"→"+e.To+" "+e.Note)
		}
		if e.Kind == sim.RecordLost || e.Kind == sim.Invariant {
			lostAfter++
		}
	}
	require.Len(t, leaders, 1)
	require.Contains(t, leaders[0], "2→3 offline election")
	require.Zero(t, lostAfter)
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

// lesson.json reads as encoding/json reads it.
func TestMetaAsEncodingJSON(t *testing.T) {
	all, err := All()
	require.NoError(t, err)
	for _, l := range all {
		raw, err := files.ReadFile(l.ID + "/lesson.json")
		require.NoError(t, err)
		var want Lesson
		dec := json.NewDecoder(bytes.NewReader(raw))
		dec.DisallowUnknownFields()
		require.NoError(t, dec.Decode(&want))
		require.Equal(t, want.Title, l.Title, l.ID)
		require.Equal(t, want.Summary, l.Summary, l.ID)
		require.Equal(t, want.WhatIfs, l.WhatIfs, l.ID)
		require.NotEmpty(t, l.Title.EN+l.Title.ZH+l.Summary.EN+l.Summary.ZH)
	}
}

// A broken lesson.json is an error at the line and column of the mistake.
func TestMetaErrors(t *testing.T) {
	for _, c := range []struct{ src, want string }{
		{"{\n  \"titel\": {\"en\": \"x\"}\n}", `2:3: unknown field "titel": a lesson has a title, a summary, a crux and whatifs`},
		{"{\"title\": {\"en\": \"x\", \"fr\": \"y\"}}", `1:23: unknown field "fr": a text is in English (en) and Chinese (zh)`},
		{"{\n  \"title\": {\"en\": \"中文\" \"zh\": \"y\"}\n}", `2:24: want "," or "}", found a string`},
		{"{\"title\": {\"en\": 3}}", `1:18: want a string, found a number`},
		{"{\"title\": \"x\"}", `1:11: want an object, found a string`},
		{"{\"title\": {}}\n}", `2:1: want the end of the input, found '}'`},
		{"{\"title\": {\"en\": \"a\\qb\"}}", `1:21: want an escape: \" \\ \/ \b \f \n \r \t or \u, found 'q'`},
		{"{\"title\": {\"en\": \"x\"}", `1:22: want "," or "}", found the end of the input`},
	} {
		_, err := parseMeta("x", []byte(c.src))
		require.EqualError(t, err, "lessons/x/lesson.json:"+c.want, c.src)
	}
}

// A suggested what-if exists and is true on every seed: every lesson that
// says "in the what-if panel" lists its suggestions as data, and each, run
// with its settings, ends with its expect condition true, which the
// lesson's own run does not, on seeds 1 to seeds as the steps are checked
// (a student reaches other seeds through seed= and New variant).
func TestSuggestedWhatIfs(t *testing.T) {
	all, err := All()
	require.NoError(t, err)
	for _, l := range all {
		t.Run(l.ID, func(t *testing.T) {
			t.Parallel()
			if strings.Contains(l.Scenario, "what-if panel") {
				require.NotEmpty(t, l.WhatIfs, "the lesson suggests what-ifs: list them in lesson.json")
			}
			for _, w := range l.WhatIfs {
				require.NotEmpty(t, w.Set, "%s: a what-if sets something", w.Text.EN)
				require.NotEmpty(t, w.Text.EN+w.Text.ZH)
				for seed := int64(1); seed <= seeds; seed++ {
					with := holdsWith(t, l, seed, w.Expect, w.Step, w.Set)
					require.Empty(t, with, "%s: set %v, seed %d", w.Text.EN, w.Set, seed)
					require.NotEmpty(t, holdsWith(t, l, seed, w.Expect, w.Step, nil), "%s: the lesson itself already has %s (step %d, 0: the end), seed %d", w.Text.EN, w.Expect, w.Step, seed)
				}
			}
		})
	}
}

// holdsWith runs lesson l at seed (0: the file's own) with the settings
// and says how cond, checked as an expect line at the end of step
// (1-based; 0: of the file), fails ("" if it holds).
func holdsWith(t *testing.T, l Lesson, seed int64, cond string, step int, sets []string) string {
	t.Helper()
	src, line := WhatIf{Expect: cond, Step: step}.Checked(l)
	sc, err := scenario.ParseSeed(l.File, src, seed)
	require.NoError(t, err)
	res := scenario.Run(sc, scenario.Options{Sets: sets})
	require.NoError(t, res.Err)
	require.Empty(t, res.Panic)
	for _, f := range res.Failures {
		if f.Line == line {
			return f.Msg
		}
	}
	return ""
}

// Every lesson names its crux, a step it has: its screenshot and a moment
// the stage's text is measured at (wasm/stagefloors_test.go).
func TestCrux(t *testing.T) {
	all, err := All()
	require.NoError(t, err)
	for _, l := range all {
		steps := strings.Count(l.Scenario, "\nsay ")
		require.True(t, l.Crux >= 1 && l.Crux <= steps, "%s: crux %d is not one of its %d steps", l.ID, l.Crux, steps)
	}
}
