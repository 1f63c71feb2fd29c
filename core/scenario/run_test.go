package scenario_test

import (
	"brokerlab/core/msg"
	"errors"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"brokerlab/core/scenario"
	"brokerlab/core/sim"
	"brokerlab/lessons"
)

func labParse(t *testing.T, src string) *scenario.Scenario {
	t.Helper()
	sc, err := scenario.Parse("r.lab", src)
	require.NoError(t, err)
	return sc
}

// run parses and runs src, and requires that the run neither panicked nor erred.
func labRun(t *testing.T, src string, opt scenario.Options) *scenario.Result {
	t.Helper()
	res := scenario.Run(labParse(t, src), opt)
	require.Empty(t, res.Panic)
	require.NoError(t, res.Err)
	return res
}

// labTimed is one trace event reduced to its time (µs) and note.
type labTimed struct {
	T    int64
	Note string
}

func labOfKind(res *scenario.Result, kind sim.Kind) []labTimed {
	var out []labTimed
	for _, e := range res.Trace {
		if e.Kind == kind {
			out = append(out, labTimed{e.T, e.Note})
		}
	}
	return out
}

func labLesson(t *testing.T, id string) *scenario.Scenario {
	t.Helper()
	l, err := lessons.Get(id)
	require.NoError(t, err)
	sc, err := scenario.Parse(l.File, l.Scenario)
	require.NoError(t, err)
	return sc
}

const labMs = int64(time.Millisecond / time.Microsecond)

// at is absolute; after is relative to the previous labTimed line, or to the
// clock if a run has moved it further.
func TestAtAndAfterTimes(t *testing.T) {
	res := labRun(t, `use controller
at 10ms put BrokerChange
after 5ms put TopicChange
after 1ms put IsrChangeNotification
at 100ms put ControlledShutdown id=2
after 2ms clearAndPut LogDirEventNotification
at 50ms put TopicDeletion
run 1s
after 3ms put ControllerChange
after 1.5s controller shutdown
`, scenario.Options{})
	require.Empty(t, res.Failures)
	require.Equal(t, []labTimed{
		{10 * labMs, "put BrokerChange"},
		{15 * labMs, "put TopicChange"},
		{16 * labMs, "put IsrChangeNotification"},
		{50 * labMs, "put TopicDeletion"},
		{100 * labMs, "put ControlledShutdown(id=2)"},
		{102 * labMs, "clearAndPut LogDirEventNotification"},
		{1003 * labMs, "put ControllerChange"},
		{2503 * labMs, "controller shutdown"},
	}, labOfKind(res, sim.Action))
	// each action runs on the thread that performs it upstream
	actors := map[string]string{}
	for _, e := range res.Trace {
		if e.Kind == sim.Action {
			actors[e.Note] = e.Actor
		}
	}
	require.Equal(t, "main-EventThread", actors["put BrokerChange"])
	require.Equal(t, "data-plane-kafka-request-handler-0", actors["put ControlledShutdown(id=2)"])
	require.Equal(t, "kafka-shutdown-hook", actors["controller shutdown"])
}

// run T moves the clock by T even when nothing happens.
func TestRunAdvancesTheClockWhenIdle(t *testing.T) {
	res := labRun(t, `use controller
run 5s
expect controller.state == Idle
run 250ms
expect controller.queue.size == 0
run 40us
expect controller.state == Idle
after 1ms put BrokerChange
`, scenario.Options{})
	require.Empty(t, res.Failures)
	require.Equal(t, []labTimed{
		{5000 * labMs, "controller.state == Idle: ok"},
		{5250 * labMs, "controller.queue.size == 0: ok"},
		{5250*labMs + 40, "controller.state == Idle: ok"},
	}, labOfKind(res, sim.Expect))
	// after counts from the clock: no timed line came before
	require.Equal(t, []labTimed{{5251*labMs + 40, "put BrokerChange"}}, labOfKind(res, sim.Action))
}

// run idle runs until nothing is pending, and not a moment longer.
func TestRunIdle(t *testing.T) {
	res := labRun(t, `use controller
run idle
expect controller.state == Idle
at 10ms put BrokerChange
at 20ms put TopicChange
run idle
expect controller.processed == BrokerChange,TopicChange
`, scenario.Options{})
	require.Empty(t, res.Failures)
	require.Equal(t, []labTimed{
		{0, "controller.state == Idle: ok"},
		{30 * labMs, "controller.processed == BrokerChange,TopicChange: ok"}, // 10ms each, back to back
	}, labOfKind(res, sim.Expect))
}

// A run idle that is still busy after 10m is a failure of its line.
func TestRunIdleStillBusy(t *testing.T) {
	res := labRun(t, "use controller\nat 20m put BrokerChange\nrun idle\n", scenario.Options{})
	require.Equal(t, []scenario.Failure{{Line: 3, Col: 1, Msg: "run idle: still busy after 10m"}}, placed(t, res))
}

// run until stops at the moment the condition holds; if it already holds,
// no time passes.
func TestRunUntilStopsWhenTheConditionHolds(t *testing.T) {
	res := labRun(t, `use controller
set controller.eventTime.TopicChange 25ms
run until controller.state == Idle
expect controller.state == Idle
at 10ms put BrokerChange
at 12ms put TopicChange
run until controller.state == BrokerChange
expect controller.queue.size == 0
run until controller.queue.size == 1 max 1s
expect controller.queue == TopicChange
run until controller.state == TopicChange
expect controller.queue.size == 0
run until controller.metric[TopicChangeRateAndTimeMs].count == 1 max 100ms
expect controller.state == Idle
run until controller.processed == BrokerChange,TopicChange
expect controller.state == Idle
`, scenario.Options{})
	require.Empty(t, res.Failures)
	require.Equal(t, []labTimed{
		{0, "controller.state == Idle: ok"},
		{10 * labMs, "controller.queue.size == 0: ok"},
		{12 * labMs, "controller.queue == TopicChange: ok"},
		{20 * labMs, "controller.queue.size == 0: ok"},
		{45 * labMs, "controller.state == Idle: ok"},
		{45 * labMs, "controller.state == Idle: ok"},
	}, labOfKind(res, sim.Expect))
}

// A run until that does not hold within max is a Failure naming its line;
// the clock has moved by max and the run goes on.
func TestRunUntilFailsAfterMax(t *testing.T) {
	res := labRun(t, `use controller
at 10ms put BrokerChange
run until controller.state == TopicChange max 2s
expect controller.processed == BrokerChange
run until controller.queue.size > 3
after 1ms put TopicChange
run idle
expect controller.processed == BrokerChange,TopicChange
`, scenario.Options{})
	require.Equal(t, []scenario.Failure{
		{Line: 3, Col: 1, Msg: "run until controller.state == TopicChange: not reached within 2s (got Idle)"},
		{Line: 5, Col: 1, Msg: "run until controller.queue.size > 3: not reached within 10m (got 0)"},
	}, placed(t, res))
	require.Equal(t, []labTimed{
		{2000 * labMs, "run until controller.state == TopicChange: not reached within 2s (got Idle)"},
		{2000 * labMs, "controller.processed == BrokerChange: ok"},
		{602000 * labMs, "run until controller.queue.size > 3: not reached within 10m (got 0)"},
		{602011 * labMs, "controller.processed == BrokerChange,TopicChange: ok"},
	}, labOfKind(res, sim.Expect))
}

// A failed expect is a Failure{Line, Col, "expect PATH OP VALUE: got X"}, traced,
// and the run goes on.
func TestExpectFailuresDoNotStopTheRun(t *testing.T) {
	res := labRun(t, `use controller
at 10ms put BrokerChange
run idle
expect controller.state == BrokerChange
expect controller.processed == BrokerChange
expect controller.queue.size > 0
expect controller.callbacks == "a b"
expect controller.preempted != ""
after 1ms put TopicChange
run idle
expect controller.processed == BrokerChange,TopicChange
`, scenario.Options{})
	require.Equal(t, []scenario.Failure{
		{Line: 4, Col: 1, Msg: "expect controller.state == BrokerChange: got Idle"},
		{Line: 6, Col: 1, Msg: "expect controller.queue.size > 0: got 0"},
		{Line: 7, Col: 1, Msg: `expect controller.callbacks == "a b": got ""`},
		{Line: 8, Col: 1, Msg: `expect controller.preempted != "": got ""`},
	}, placed(t, res))
	require.Equal(t, []labTimed{
		{20 * labMs, "expect controller.state == BrokerChange: got Idle"},
		{20 * labMs, "controller.processed == BrokerChange: ok"},
		{20 * labMs, "expect controller.queue.size > 0: got 0"},
		{20 * labMs, `expect controller.callbacks == "a b": got ""`},
		{20 * labMs, `expect controller.preempted != "": got ""`},
		{31 * labMs, "controller.processed == BrokerChange,TopicChange: ok"},
	}, labOfKind(res, sim.Expect))
}

// Numbers compare as numbers, everything else as strings; an ordering
// with a value that is not a number never holds.
func TestExpectComparesNumbersAndStrings(t *testing.T) {
	cases := []struct {
		expect string
		holds  bool
	}{
		{"controller.queue.size == 0", true},
		{"controller.queue.size == 0.0", true},
		{"controller.queue.size == 00", true},
		{"controller.queue.size != 0.0", false},
		{"controller.queue.size == -0", true},
		{"controller.activeControllerId == 1.0", true},
		{"controller.activeControllerId < 1", false},
		{"controller.activeControllerId <= 1", true},
		{"controller.activeControllerId > 0.5", true},
		{"controller.activeControllerId >= 2", false},
		{"controller.activeControllerId > 10", false}, // 1 > 10 as numbers, not "1" > "10" as strings
		{"controller.metric[LeaderElectionRateAndTimeMs].max == 12.5", true},
		{"controller.metric[LeaderElectionRateAndTimeMs].max < 9", false},
		{"controller.metric[LeaderElectionRateAndTimeMs].max >= 12.5", true},
		{"controller.state == Idle", true},
		{"controller.state == idle", false},
		{"controller.state != Idle", false},
		{"controller.state != BrokerChange", true},
		{"controller.state < 5", false},
		{"controller.state >= 0", false},
		{"controller.state[BrokerChange].metric == LeaderElectionRateAndTimeMs", true},
		{`controller.queue == ""`, true},
		{"controller.processed == BrokerChange", true},
		{`controller.processed == "BrokerChange"`, true},
		{"controller.processed == BrokerChange,BrokerChange", false},
	}
	var src strings.Builder
	src.WriteString("use controller\nset controller.eventTime.BrokerChange 12.5ms\nat 1ms put BrokerChange\nrun idle\n")
	for _, c := range cases {
		src.WriteString("expect " + c.expect + "\n")
	}
	res := labRun(t, src.String(), scenario.Options{})
	failed := map[int]bool{}
	for _, f := range res.Failures {
		failed[f.Line] = true
	}
	for i, c := range cases {
		if got := !failed[i+5]; got != c.holds {
			t.Errorf("expect %s: got holds=%v, want %v", c.expect, got, c.holds)
		}
	}
}

// An at whose time has passed is a Failure of its line; the action still runs, now.
func TestAtInThePast(t *testing.T) {
	res := labRun(t, `use controller
run 100ms
at 50ms put BrokerChange
after 5ms put TopicChange
run idle
expect controller.processed == BrokerChange,TopicChange
`, scenario.Options{})
	require.Equal(t, []scenario.Failure{{Line: 3, Col: 1, Msg: "at 50ms: the clock already reads 100ms; the action runs now"}}, placed(t, res))
	require.Equal(t, []labTimed{{100 * labMs, "put BrokerChange"}, {105 * labMs, "put TopicChange"}}, labOfKind(res, sim.Action))
	require.Equal(t, labTimed{100 * labMs, "at 50ms: the clock already reads 100ms; the action runs now"}, labOfKind(res, sim.Expect)[0])
}

func labTraceJSON(t *testing.T, res *scenario.Result) []byte { return encode(t, res) }

func labJSON(t *testing.T, events []sim.Event) string {
	return string(encode(t, &scenario.Result{Trace: events}))
}

// Two threads put at the same moment: the seed decides who goes first.
const labRace = `use controller
at 10ms put BrokerChange
at 10ms put ControlledShutdown id=2
at 10ms put AutoPreferredReplicaLeaderElection
at 10ms put LeaderAndIsrResponseReceived brokerId=3
run idle
`

// Options.Seed overrides the scenario's seed: the run is the one the scenario
// with that seed line gives.
func TestOptionsSeedOverridesSeed(t *testing.T) {
	base := labRun(t, "seed 1\n"+labRace, scenario.Options{})
	differs := 0
	for seed := int64(2); seed <= 40; seed++ {
		withLine := labRun(t, "seed "+strconv.FormatInt(seed, 10)+"\n"+labRace, scenario.Options{})
		withOpt := labRun(t, "seed 1\n"+labRace, scenario.Options{Seed: seed})
		require.Equal(t, labTraceJSON(t, withLine), labTraceJSON(t, withOpt), "seed %d", seed)
		if string(labTraceJSON(t, withOpt)) != string(labTraceJSON(t, base)) {
			differs++
		}
	}
	require.Positive(t, differs, "some seed orders the simultaneous puts differently from seed 1")
	// Seed 0 keeps the scenario's seed
	require.Equal(t, labTraceJSON(t, labRun(t, "seed 9\n"+labRace, scenario.Options{})), labTraceJSON(t, labRun(t, "seed 9\n"+labRace, scenario.Options{Seed: 0})))
}

// Options.Sets apply after the scenario's own settings.
func TestOptionsSetsOverrideSettings(t *testing.T) {
	src := `use controller
set controller.eventTime 10ms
set controller.eventTime.TopicChange 20ms
at 1ms put BrokerChange
at 1ms put TopicChange
run idle
expect controller.metric[LeaderElectionRateAndTimeMs].max == 10
expect controller.metric[TopicChangeRateAndTimeMs].max == 20
expect controller.activeControllerId == 1
`
	require.Empty(t, labRun(t, src, scenario.Options{}).Failures)
	res := labRun(t, src, scenario.Options{Sets: []string{"controller.eventTime 50ms", "  controller.eventTime.TopicChange   7ms ", "controller.id 4"}})
	require.Equal(t, []scenario.Failure{
		{Line: 7, Col: 1, Msg: "expect controller.metric[LeaderElectionRateAndTimeMs].max == 10: got 50"},
		{Line: 8, Col: 1, Msg: "expect controller.metric[TopicChangeRateAndTimeMs].max == 20: got 7"},
		{Line: 9, Col: 1, Msg: "expect controller.activeControllerId == 1: got 4"},
	}, placed(t, res))
	// the scenario itself is unchanged: a run without the options is as before
	require.Empty(t, labRun(t, src, scenario.Options{}).Failures)
}

// A bad Options.Sets entry stops the run before it starts, with Result.Err.
func TestOptionsSetsBad(t *testing.T) {
	sc := labParse(t, "use controller\nat 1ms put BrokerChange\nrun idle\nexpect controller.state == BrokerChange\n")
	for set, want := range map[string]string{
		"controller.putLock maybe":      `setting "controller.putLock maybe": controller.putLock: expected true or false, got "maybe"`,
		"cores":                         `setting "cores": expected KEY VALUE`,
		"":                              `setting "": expected KEY VALUE`,
		"nope 1":                        `unknown setting "nope" for controller`,
		"cores 0":                       "cores: expected a processor count from 1 to 1024",
		"controller.eventTime 10":       "expected a duration",
		"controller.eventTime.Nope 1ms": `unknown event "Nope"`,
	} {
		res := scenario.Run(sc, scenario.Options{Sets: []string{set}})
		if res.Err == nil || !strings.Contains(res.Err.Error(), want) {
			t.Errorf("Sets %q: got Err %v, want it to contain %q", set, res.Err, want)
		}
		require.Empty(t, res.Failures, "Sets %q: nothing ran", set)
		require.Empty(t, res.Steps)
		require.Empty(t, res.Panic)
	}
}

// Options.Inject runs an action right after a given trace event, at its
// time; the run before that event is untouched, byte for byte, whatever the
// action and wherever it lands (that is how the stage branches a run).
func TestOptionsInjectBranchesAfterAnEvent(t *testing.T) {
	sc := labLesson(t, "01-controller-event-queue")
	base := scenario.Run(sc, scenario.Options{})
	for _, after := range []int{0, 1, 7, 40, 105, 160, len(base.Trace) - 2} {
		for _, action := range []string{"put BrokerChange", "session expire", "controller shutdown", "put  TopicChange"} {
			res := scenario.Run(sc, scenario.Options{Inject: []scenario.Injection{{After: after, Action: action}}})
			require.NoError(t, res.Err)
			require.Equal(t, labJSON(t, base.Trace[:after+1]), labJSON(t, res.Trace[:after+1]), "inject %q after %d", action, after)
			found := false
			for _, e := range res.Trace[after+1:] {
				if e.Kind == sim.Action && e.Note == strings.Join(strings.Fields(action), " ") {
					require.Equal(t, base.Trace[after].T, e.T, "the action runs at the event's time")
					found = true
					break
				}
			}
			require.True(t, found, "inject %q after %d: no action event", action, after)
		}
	}
	// Two injections: the second is placed in the trace of the first branch,
	// and replaying both gives that branch's trace again.
	one := scenario.Run(sc, scenario.Options{Inject: []scenario.Injection{{After: 40, Action: "session expire"}}})
	two := scenario.Run(sc, scenario.Options{Inject: []scenario.Injection{{After: 40, Action: "session expire"}, {After: 90, Action: "put TopicChange"}}})
	require.Equal(t, labJSON(t, one.Trace[:91]), labJSON(t, two.Trace[:91]))
}

// An injection after the last event runs once the scenario is done.
func TestOptionsInjectAfterTheEnd(t *testing.T) {
	src := "use controller\nat 1ms put BrokerChange\nrun idle\n"
	base := labRun(t, src, scenario.Options{})
	res := labRun(t, src, scenario.Options{Inject: []scenario.Injection{{After: len(base.Trace) + 10, Action: "put TopicChange"}}})
	require.Equal(t, []labTimed{{1 * labMs, "put BrokerChange"}, {11 * labMs, "put TopicChange"}}, labOfKind(res, sim.Action))
}

// A bad injected action stops the run before it starts, with Result.Err.
func TestOptionsInjectBad(t *testing.T) {
	sc := labParse(t, "use controller\nrun idle\n")
	for _, c := range []struct {
		in   scenario.Injection
		want string
	}{
		{scenario.Injection{Action: "put Nope"}, `action "put Nope": unknown event "Nope"`},
		{scenario.Injection{Action: "put BrokerChange id=1"}, `unknown event field "id"`},
		{scenario.Injection{Action: ""}, "empty action"},
		{scenario.Injection{Action: "  # a comment"}, "empty action"},
		{scenario.Injection{Action: `put "Broker`}, "unterminated string"},
		{scenario.Injection{Action: "run 1s"}, "expected a controller action"},
		{scenario.Injection{Action: "session"}, "expected session expire"},
		{scenario.Injection{After: -1, Action: "put BrokerChange"}, `action "put BrokerChange": negative event index -1`},
	} {
		res := scenario.Run(sc, scenario.Options{Inject: []scenario.Injection{{After: 1, Action: "put TopicChange"}, c.in}})
		if res.Err == nil || !strings.Contains(res.Err.Error(), c.want) {
			t.Errorf("Inject %+v: got Err %v, want it to contain %q", c.in, res.Err, c.want)
		}
		require.Empty(t, res.Panic)
	}
}

// Options.MaxEvents stops a run with Result.Err once the trace holds that many events.
func TestOptionsMaxEvents(t *testing.T) {
	sc := labLesson(t, "01-controller-event-queue")
	full := scenario.Run(sc, scenario.Options{})
	require.NoError(t, full.Err)
	require.Greater(t, full.Events, 200)

	for _, max := range []int{1, 50, 200} {
		res := scenario.Run(sc, scenario.Options{MaxEvents: max})
		require.ErrorIs(t, res.Err, sim.ErrBudget, "MaxEvents %d", max)
		require.Empty(t, res.Panic)
		require.GreaterOrEqual(t, res.Events, max)
		require.Less(t, res.Events, full.Events)
		require.Len(t, res.Trace, res.Events)
	}
	// a budget the run does not reach changes nothing
	res := scenario.Run(sc, scenario.Options{MaxEvents: full.Events + 1})
	require.NoError(t, res.Err)
	require.Equal(t, labTraceJSON(t, full), labTraceJSON(t, res))
}

// Result.Steps marks point at the step events in the trace, in order.
func TestStepMarks(t *testing.T) {
	sc := labLesson(t, "01-controller-event-queue")
	res := scenario.Run(sc, scenario.Options{})
	require.NoError(t, res.Err)
	require.Len(t, res.Steps, len(sc.Steps))
	steps := 0
	for _, e := range res.Trace {
		if e.Kind == sim.Step {
			steps++
		}
	}
	require.Equal(t, len(sc.Steps), steps, "one step event a say")
	for i, m := range res.Steps {
		require.Equal(t, i, m.Step)
		require.Less(t, m.Seq, len(res.Trace))
		e := res.Trace[m.Seq]
		require.Equal(t, sim.Step, e.Kind)
		require.Equal(t, m.Step, e.ID)
		require.Equal(t, m.T, e.T)
		require.Equal(t, m.Seq, e.Seq)
		require.Equal(t, sc.Steps[m.Step].EN, e.Note)
		if i > 0 {
			require.Greater(t, m.Seq, res.Steps[i-1].Seq)
			require.GreaterOrEqual(t, m.T, res.Steps[i-1].T)
		}
	}

	// a small one: the step's time is the clock when its say is reached
	res = labRun(t, `use controller
say "first"
say.zh "第一"
run 30ms
say "second"
`, scenario.Options{})
	require.Equal(t, []scenario.Mark{{Step: 0, Seq: 0, T: 0}, {Step: 1, Seq: res.Steps[1].Seq, T: 30 * labMs}}, res.Steps)
	require.Equal(t, "second", res.Trace[res.Steps[1].Seq].Note)
}

// Discard keeps no trace but counts the same events.
func TestDiscardCountsEvents(t *testing.T) {
	sc := labLesson(t, "01-controller-event-queue")
	kept := scenario.Run(sc, scenario.Options{})
	dropped := scenario.Run(sc, scenario.Options{Discard: true})
	require.NoError(t, dropped.Err)
	require.Empty(t, dropped.Trace)
	require.Equal(t, len(kept.Trace), dropped.Events)
	require.Equal(t, kept.Failures, dropped.Failures)
}

// A scenario without use parses (narration only) but cannot run.
func TestRunWithoutSystem(t *testing.T) {
	res := scenario.Run(labParse(t, "say \"hello\"\n"), scenario.Options{})
	require.EqualError(t, res.Err, "the scenario uses no system")
}

// CheckAction accepts what "at T ACTION" accepts, as the stage injects it.
func TestCheckAction(t *testing.T) {
	sc := labParse(t, "use controller\n")
	for _, ok := range []string{"put BrokerChange", "clearAndPut Expire", "session expire", "controller shutdown",
		"put ControlledShutdown id=2 brokerEpoch=3", "  put   TopicChange  # why", "put ReplicaLeaderElection partitions=t0-0"} {
		require.NoError(t, sc.CheckAction(ok), ok)
	}
	for bad, want := range map[string]string{
		"put Nope":                  `unknown event "Nope"`,
		"put BrokerChange id=1":     `unknown event field "id": BrokerChange has no fields`,
		"put ControlledShutdown id": `expected a field k=v, got "id"`,
		"put":                       "expected put EVENT",
		"session":                   "expected session expire",
		"controller stop":           "expected controller shutdown",
		"run 1s":                    `expected a controller action (put EVENT [k=v…], clearAndPut EVENT [k=v…], session expire, controller shutdown), got "run"`,
		"pt BrokerChange":           `got "pt"; did you mean put?`,
		"":                          "empty action",
		"# nothing":                 "empty action",
		`put "Broker`:               "unterminated string",
		`put "a\q"`:                 `unknown escape \q`,
	} {
		err := sc.CheckAction(bad)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("CheckAction(%q): got %v, want it to contain %q", bad, err, want)
		}
	}
	noSystem := labParse(t, "")
	require.Error(t, noSystem.CheckAction("put BrokerChange"))
}

// CheckAction checks an action against the system the scenario's settings
// assemble: the stage could not kill broker 5 of a scenario with five.
func TestCheckActionSeesTheSettings(t *testing.T) {
	sc := labParse(t, "use replication\nset brokers 5\n")
	require.NoError(t, sc.CheckAction("kill broker 5"))
	require.ErrorContains(t, sc.CheckAction("kill broker 6"), "from 1 to 5")
	res := scenario.Run(sc, scenario.Options{Inject: []scenario.Injection{{After: 10, Action: "kill broker 5"}}})
	require.NoError(t, res.Err)
}

// The same scenario and seed give byte-identical traces, run after run.
func TestSameSeedSameTrace(t *testing.T) {
	for _, opt := range []scenario.Options{{}, {Sets: []string{"controller.putLock false"}}, {Seed: 7}} {
		sc := labLesson(t, "01-controller-event-queue")
		first := scenario.Run(sc, opt)
		require.NoError(t, first.Err)
		want := labTraceJSON(t, first)
		for i := 1; i < 20; i++ {
			res := scenario.Run(sc, opt)
			require.NoError(t, res.Err)
			require.Equal(t, want, labTraceJSON(t, res), "run %d with %+v", i, opt)
			require.Equal(t, first.Steps, res.Steps)
			require.Equal(t, first.Failures, res.Failures)
		}
	}
	// and a racy one, parsed afresh each time
	want := labTraceJSON(t, labRun(t, "seed 5\n"+labRace, scenario.Options{}))
	for i := 1; i < 20; i++ {
		require.Equal(t, want, labTraceJSON(t, labRun(t, "seed 5\n"+labRace, scenario.Options{})), "run %d", i)
	}
}

// Every event a scenario run emits is of a documented kind, numbered 0,1,2,….
func TestTraceKindsAndSeq(t *testing.T) {
	sc := labLesson(t, "01-controller-event-queue")
	res := scenario.Run(sc, scenario.Options{})
	for i, e := range res.Trace {
		require.Equal(t, i, e.Seq)
		_, ok := sim.Kinds[e.Kind]
		require.True(t, ok, "kind %q", e.Kind)
		if i > 0 {
			require.GreaterOrEqual(t, e.T, res.Trace[i-1].T, "time never goes back (seq %d)", i)
		}
	}
}

// An action scheduled on the ZooKeeper watcher thread for a time after a
// session expiry runs on the new client's event thread: the stage's
// injected actions are all posted at the start of a run, so injecting
// "put BrokerChange" after 250ms into lesson 01 (which expires the session
// at 220ms) depends on it.
func TestActionAfterSessionExpiryIsNotLost(t *testing.T) {
	t.Run("scenario", func(t *testing.T) {
		res := labRun(t, `use controller
at 10ms session expire
at 100ms put BrokerChange
run idle
expect controller.processed == Expire,RegisterBrokerAndReelect,BrokerChange
`, scenario.Options{})
		require.Empty(t, res.Failures)
		require.Equal(t, []labTimed{{10 * labMs, "session expire"}, {100 * labMs, "put BrokerChange"}}, labOfKind(res, sim.Action))
	})
	t.Run("injected into lesson 01", func(t *testing.T) {
		sc := labLesson(t, "01-controller-event-queue")
		base := scenario.Run(sc, scenario.Options{})
		after := 0
		for base.Trace[after].T < 250_000 {
			after++
		}
		res := scenario.Run(sc, scenario.Options{Inject: []scenario.Injection{{After: after, Action: "put BrokerChange"}}})
		require.NoError(t, res.Err)
		require.Contains(t, labOfKind(res, sim.Action), labTimed{base.Trace[after].T, "put BrokerChange"})
	})
}

func TestErrorsAreTyped(t *testing.T) {
	_, err := scenario.Parse("x.lab", "use controller\nrun 10\n")
	var perr *scenario.Error
	require.True(t, errors.As(err, &perr))
	require.Equal(t, scenario.Error{File: "x.lab", Line: 2, Col: 5, Msg: `expected a duration such as 250ms, 10s or 2m, got "10"`,
		Data: &msg.Error{Code: "duration", Args: []any{"10"}}}, *perr)
}

// Durations are capped (MaxDuration) and the runner refuses to move the
// clock past maxClock, so the virtual clock can never wrap around.
func TestHugeDurationsDoNotWrapTheClock(t *testing.T) {
	_, err := scenario.Parse("r.lab", "use controller\nat 2562047h47m16.85s put BrokerChange\n")
	var perr *scenario.Error
	require.True(t, errors.As(err, &perr))
	require.Equal(t, 2, perr.Line)
	require.Contains(t, perr.Msg, "longer than")

	var src strings.Builder
	src.WriteString("use controller\n")
	for i := 0; i < 101; i++ {
		src.WriteString("after 1000h put BrokerChange\n")
	}
	res := scenario.Run(labParse(t, src.String()), scenario.Options{MaxEvents: 20000})
	require.Error(t, res.Err)
	require.Contains(t, res.Err.Error(), "as far as a run may go")
	for i, e := range res.Trace {
		if i > 0 && e.T < res.Trace[i-1].T {
			t.Fatalf("seq %d: time goes back from %dµs to %dµs (%s %s)", i, res.Trace[i-1].T, e.T, e.Kind, e.Note)
		}
	}
}

// A what-if that leaves the path ends its steps' waits when its bound
// passes, and says so in the failure: the page shows where the branch left
// the lesson.
func TestOffThePathTheStepSaysSo(t *testing.T) {
	src := "use controller\nat 1ms put BrokerChange\nrun until controller.processed == BrokerChange\nexpect controller.processed == BrokerChange\nafter 1ms put TopicChange\nrun until controller.processed == BrokerChange,TopicChange\n"
	plain := labRun(t, src, scenario.Options{})
	require.Empty(t, plain.Failures)
	// A TopicChange put first: the expect fails, and the last until can
	// no longer come true.
	res := labRun(t, src, scenario.Options{Inject: []scenario.Injection{{After: 0, Action: "put TopicChange"}}})
	var msgs []string
	for _, f := range res.Failures {
		msgs = append(msgs, f.Msg)
	}
	require.Contains(t, strings.Join(msgs, "\n"), "run until controller.processed == BrokerChange,TopicChange: off the lesson's path, the step ends after 2s (got TopicChange,BrokerChange,TopicChange)")
}
