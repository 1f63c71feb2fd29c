package scenario_test

import (
	"errors"
	"strconv"
	"strings"
	"testing"

	"brokerlab/core/controller"
	"time"

	"github.com/stretchr/testify/require"

	"brokerlab/core/scenario"
)

// uc is the line every controller case starts with.
const labUC = "use controller\n"

// Every parse error is a *scenario.Error naming file:line:col and what was
// expected. line and col are checked when non-zero.
func TestParseErrors(t *testing.T) {
	tests := []struct {
		name      string
		src       string
		line, col int
		want      string // a substring of the message
	}{
		// statements
		{"unknown statement", "nope", 1, 1, `expected a statement (seed, use, set, let, at, after, run, say, say.zh, ask, ask.zh, choice, choice.zh, expect), got "nope"`},
		{"unknown statement after use", labUC + "  put X", 2, 3, `expected a statement`},
		{"quoted statement", `"use" controller`, 1, 1, "got a string"},
		{"action without at", labUC + "put BrokerChange", 2, 1, `got "put"`},

		// use
		{"unknown system", "use kafka", 1, 5, `unknown system "kafka": expected one of controller, zookeeper`},
		{"use twice", labUC + "use controller", 2, 1, "use given twice"},
		{"use without system", "use", 1, 4, "expected use SYSTEM"},
		{"use extra", "use controller x", 1, 16, `expected use SYSTEM, got extra "x"`},

		// seed
		{"seed after use", labUC + "seed 3", 2, 1, "seed must come before use"},
		{"seed twice", "seed 1\nseed 2", 2, 1, "seed given twice"},
		{"seed zero", "seed 0", 1, 6, `expected a positive integer seed, got "0"`},
		{"seed negative", "seed -4", 1, 6, "positive integer seed"},
		{"seed word", "seed x", 1, 6, "positive integer seed"},
		{"seed missing", "seed", 1, 5, "expected seed N"},

		// set
		{"set before use", "set cores 2", 1, 1, "set needs a system: write use SYSTEM first"},
		{"set after run", labUC + "run 1s\nset cores 2", 3, 1, "set must come before the first at, after, run or expect"},
		{"set after at", labUC + "at 1ms put BrokerChange\nset cores 2", 3, 1, "set must come before the first"},
		{"set after after", labUC + "after 1ms put BrokerChange\nset cores 2", 3, 1, "set must come before the first"},
		{"set after expect", labUC + "expect controller.state == Idle\nset cores 2", 3, 1, "set must come before the first"},
		{"set missing value", labUC + "set cores", 2, 10, "expected set KEY VALUE"},
		{"set extra", labUC + "set cores 2 3", 2, 13, `expected set KEY VALUE, got extra "3"`},
		{"unknown setting", labUC + "set nope 1", 2, 0, `unknown setting "nope" for controller (cores, controller.eventTime`},
		{"putLock maybe", labUC + "set controller.putLock maybe", 2, 24, `controller.putLock: expected true or false, got "maybe"`},
		{"cores 0", labUC + "set cores 0", 2, 11, `cores: expected a processor count from 1 to 1024, got "0"`},
		{"cores 1025", labUC + "set cores 1025", 2, 11, "from 1 to 1024"},
		{"cores word", labUC + "set cores many", 2, 11, "from 1 to 1024"},
		{"eventTime of unknown event", labUC + "set controller.eventTime.Nope 1ms", 2, 0, `controller.eventTime.Nope: unknown event "Nope"`},
		{"eventTime without unit", labUC + "set controller.eventTime 10", 2, 26, "expected a duration"},
		{"eventTime.EVENT bad", labUC + "set controller.eventTime.BrokerChange fast", 2, 39, `got "fast"`},
		{"controller.id negative", labUC + "set controller.id -1", 2, 19, "controller.id: expected an integer from 0 to 1073741824"},

		// durations
		{"duration without unit", labUC + "run 10", 2, 5, `expected a duration such as 250ms, 10s or 2m, got "10"`},
		{"negative duration", labUC + "run -1s", 2, 5, `got "-1s"`},
		{"nanoseconds", labUC + "run 5ns", 2, 5, `got "5ns"`},
		{"word duration", labUC + "run abc", 2, 5, `got "abc"`},
		{"at without unit", labUC + "at 10 put BrokerChange", 2, 4, `got "10"`},
		{"after bad duration", labUC + "after 1x put BrokerChange", 2, 7, `got "1x"`},
		{"max bad duration", labUC + "run until controller.state == Idle max 5ns", 2, 40, `got "5ns"`},
		{"max without duration", labUC + "run until controller.state == Idle max", 2, 36, `got extra "max"`},

		// at / after and actions
		{"at without action", labUC + "at 1ms", 2, 1, "expected at T ACTION"},
		{"after without action", labUC + "after 1ms", 2, 1, "expected after T ACTION"},
		{"at before use", "at 1ms put BrokerChange", 1, 1, "at needs a system"},
		{"put without event", labUC + "at 1ms put", 2, 11, "expected put EVENT [k=v…]"},
		{"clearAndPut without event", labUC + "at 1ms clearAndPut", 2, 19, "expected clearAndPut EVENT"},
		{"unknown event", labUC + "at 1ms put Nope", 2, 12, `unknown event "Nope" (one of ControllerChange, Reelect`},
		{"unknown event with a field", labUC + "at 1ms put Nope id=1", 2, 12, `unknown event "Nope"`},
		// The column of an unknown event once depended on whether its
		// message contained the word "field" (systems.go): fixed.
		{"unknown event named field", labUC + "at 1ms put field x=1", 2, 12, `unknown event "field"`},
		{"unknown event named Xfields", labUC + "at 1ms put Xfields id=1 brokerEpoch=2", 2, 12, `unknown event "Xfields"`},
		{"unknown field", labUC + "put BrokerChange id=1", 2, 1, `got "put"`},
		{"unknown field at", labUC + "at 1ms put BrokerChange id=1", 2, 25, `unknown event field "id": BrokerChange has no fields`},
		{"unknown field of an event with fields", labUC + "at 1ms put ControlledShutdown foo=1", 2, 31, `unknown event field "foo": ControlledShutdown has id, brokerEpoch`},
		{"malformed field no =", labUC + "at 1ms put ControlledShutdown id", 2, 31, `expected a field k=v, got "id"`},
		{"malformed field no key", labUC + "at 1ms put ControlledShutdown =2", 2, 31, `expected a field k=v, got "=2"`},
		{"malformed field no value", labUC + "at 1ms put ControlledShutdown id=", 2, 31, `expected a field k=v, got "id="`},
		{"quoted field", labUC + `at 1ms put ControlledShutdown "id=2"`, 2, 31, `expected a field k=v, got "id=2"`},
		{"second field malformed", labUC + "at 1ms put ControlledShutdown id=2 x", 2, 36, `expected a field k=v, got "x"`},
		{"session without expire", labUC + "at 1ms session", 2, 15, "expected session expire"},
		{"session start", labUC + "at 1ms session start", 2, 16, "expected session expire"},
		{"session expire extra", labUC + "at 1ms session expire now", 2, 23, `expected session expire, got extra "now"`},
		{"controller stop", labUC + "at 1ms controller stop", 2, 19, "expected controller shutdown"},
		{"misspelt setting", labUC + "set controller.putlock false", 2, 5, `did you mean controller.putLock?`},
		{"misspelt event", labUC + "at 1ms put BrokerChang", 2, 12, `did you mean BrokerChange?`},
		{"misspelt path", labUC + "expect controller.stat == Idle", 2, 8, `did you mean controller.state?`},
		{"unknown action", labUC + "at 1ms kill broker 1", 2, 8, `expected a controller action (put EVENT [k=v…], clearAndPut EVENT [k=v…], session expire, controller shutdown), got "kill"`},

		// run
		{"run without argument", labUC + "run", 2, 1, "expected run T, run idle or run until PATH OP VALUE [max T]"},
		{"run idle extra", labUC + "run idle x", 2, 10, `expected run idle, got extra "x"`},
		{"run T extra", labUC + "run 1s x", 2, 8, `expected run T, got extra "x"`},
		{"run before use", "run 1s", 1, 1, "run needs a system"},
		{"run until nothing", labUC + "run until", 2, 11, "expected PATH OP VALUE (OP one of == != < <= > >=)"},
		{"run until unknown path", labUC + "run until controller.nope == 1", 2, 11, `unknown state path "controller.nope" (paths: controller.state`},
		{"run until unknown path with max", labUC + "run until controller.nope == 1 max 2s", 2, 11, `unknown state path "controller.nope"`},

		// expect
		{"expect before use", "expect controller.state == Idle", 1, 1, "expect needs a system"},
		{"expect nothing", labUC + "expect", 2, 8, "expected PATH OP VALUE"},
		{"expect without value", labUC + "expect controller.state ==", 2, 27, "expected PATH OP VALUE"},
		{"unknown path", labUC + "expect controller.nope == 1", 2, 8, `unknown state path "controller.nope"`},
		{"unknown path of another system", labUC + "expect zookeeper.selectorThreads == 1", 2, 8, "unknown state path"},
		{"unknown metric", labUC + "expect controller.metric[Nope].count == 1", 2, 8, `no metric "Nope"`},
		{"metric without ]", labUC + "expect controller.metric[EventQueueTimeMs == 1", 2, 8, "missing ]"},
		{"metric without tail", labUC + "expect controller.metric[EventQueueTimeMs] == 1", 2, 8, "a metric has .count, .max, .mean and .p99"},
		{"unknown event in a path", labUC + "expect controller.event[Nope].state == Idle", 2, 8, `unknown event "Nope"`},
		{"unknown state in a path", labUC + "expect controller.state[Nope].value == 0", 2, 8, `no ControllerState "Nope"`},
		{"bad operator", labUC + "expect controller.state = Idle", 2, 25, `expected an operator (== != < <= > >=), got "="`},
		{"bad operator =>", labUC + "expect controller.queue.size => 1", 2, 30, `got "=>"`},
		{"quoted operator", labUC + `expect controller.state "==" Idle`, 2, 25, `expected an operator`},
		{"< with a non-number", labUC + "expect controller.queue.size < abc", 2, 32, `< compares numbers, got "abc"`},
		{">= with a non-number", labUC + "expect controller.queue.size >= x1", 2, 33, `>= compares numbers, got "x1"`},
		{"extra tokens", labUC + "expect controller.state == Idle extra", 2, 33, `expected PATH OP VALUE, got extra "extra" (lists are comma-separated, without spaces)`},
		{"list with spaces", labUC + "expect controller.processed == BrokerChange, TopicChange", 2, 46, `got extra "TopicChange"`},

		// strings and narration
		{"unterminated string", `say "abc`, 1, 5, `unterminated string: expected a closing "`},
		{"unterminated string after text", labUC + `expect controller.callbacks == "x`, 2, 32, "unterminated string"},
		{"backslash at the end", `say "abc\`, 1, 5, "unterminated string"},
		{"bad escape", `say "a\qb"`, 1, 8, `unknown escape \q (use \" \\ or \n)`},
		{"say.zh first", `say.zh "x"`, 1, 1, "say.zh must follow the say of its step"},
		{"say.zh after another statement", labUC + "say \"a\"\nrun 1s\nsay.zh \"b\"", 4, 1, "say.zh must follow the say of its step"},
		{"say.zh twice", "say \"a\"\nsay.zh \"b\"\nsay.zh \"c\"", 3, 1, "say.zh must follow the say of its step"},
		{"say without string", "say abc", 1, 1, `expected say "TEXT" (one double-quoted string)`},
		{"say alone", "say", 1, 1, `expected say "TEXT"`},
		{"say two strings", `say "a" "b"`, 1, 1, `expected say "TEXT"`},
		{"say.zh without string", "say \"a\"\nsay.zh b", 2, 1, `expected say.zh "TEXT" (one double-quoted string)`},

		// placement: tabs count as one column, CRLF and comments do not shift lines
		{"tab indent", labUC + "\tat 1ms put Nope", 2, 13, "unknown event"},
		{"after comments and blanks", "# a comment\n\n" + labUC + "   # another\nexpect controller.nope == 1", 5, 8, "unknown state path"},
		{"crlf", "use controller\r\nrun 1s\r\nexpect controller.state = Idle\r\n", 3, 25, `got "="`},
		{"after a unicode string", "say \"控制器\" x", 1, 1, `expected say "TEXT"`},
		{"column counts runes", labUC + "say \"控制器\"\nsay.zh \"é\" \"ü\"", 3, 1, "expected say.zh"},
		{"error after a unicode field", labUC + "at 1ms put ControlledShutdown id=é x", 2, 36, `expected a field k=v, got "x"`},
		{"bad escape after unicode", `say "éé\x"`, 1, 9, `unknown escape \x`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			sc, err := scenario.Parse("t.lab", tc.src)
			if err == nil {
				t.Fatalf("Parse(%q): got no error (%d statements), want %q", tc.src, len(sc.Stmts), tc.want)
			}
			var perr *scenario.Error
			if !errors.As(err, &perr) {
				t.Fatalf("Parse(%q): got %T %v, want a *scenario.Error", tc.src, err, err)
			}
			if perr.File != "t.lab" {
				t.Errorf("Parse(%q): got file %q, want t.lab", tc.src, perr.File)
			}
			if perr.Line < 1 || perr.Col < 1 {
				t.Errorf("Parse(%q): got line %d col %d, want both ≥ 1", tc.src, perr.Line, perr.Col)
			}
			if tc.line != 0 && perr.Line != tc.line {
				t.Errorf("Parse(%q): got line %d, want %d (%v)", tc.src, perr.Line, tc.line, err)
			}
			if tc.col != 0 && perr.Col != tc.col {
				t.Errorf("Parse(%q): got col %d, want %d (%v)", tc.src, perr.Col, tc.col, err)
			}
			if !strings.Contains(perr.Msg, tc.want) {
				t.Errorf("Parse(%q): got %q, want it to contain %q", tc.src, perr.Msg, tc.want)
			}
			prefix := "t.lab:" + strconv.Itoa(perr.Line) + ":" + strconv.Itoa(perr.Col) + ": "
			if !strings.HasPrefix(err.Error(), prefix) {
				t.Errorf("Parse(%q): got %q, want it to start with %q", tc.src, err.Error(), prefix)
			}
		})
	}
}

// Columns point at the offending token, counted in characters: an unknown
// later field, the end of a non-ASCII or quoted token.
func TestParseErrorColumns(t *testing.T) {
	tests := []struct {
		name, src string
		line, col int
		want      string
	}{
		{"unknown second field", labUC + "at 1ms put ControlledShutdown id=2 foo=1", 2, 36, `unknown event field "foo"`},
		{"end of a non-ASCII token", labUC + "expect é", 2, 9, "expected PATH OP VALUE"},
		{"end of a quoted token", labUC + `expect "controller.state"`, 2, 26, "expected PATH OP VALUE"},
		{"end of a non-ASCII key", labUC + "set é", 2, 6, "expected set KEY VALUE"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			parseErrorAt(t, "t.lab", tc.src, tc.line, tc.col, tc.want)
		})
	}
}

// The Error type formats as file:line:col: message.
func TestErrorString(t *testing.T) {
	e := &scenario.Error{File: "lessons/x/scenario.lab", Line: 12, Col: 7, Msg: "expected something"}
	require.Equal(t, "lessons/x/scenario.lab:12:7: expected something", e.Error())
}

// A scenario with comments, blank lines, quoted values with spaces,
// run until … max, and narration in both languages.
func TestParseScenario(t *testing.T) {
	src := `# a comment at the top
seed 42

use controller   # trailing comment
set cores 4
set controller.eventTime 10ms
set controller.eventTime.BrokerChange 1.5s
set controller.putLock false
set controller.id 0

say "Step one: a \"quoted\" word, a back\\slash and a # that is no comment"
say.zh "第一步"
at 10ms put ControlledShutdown id=2 brokerEpoch=7
after 5ms clearAndPut BrokerChange
at 1m session expire
after 2m controller shutdown
run until controller.state == BrokerChange max 2s
run until controller.queue.size >= 1
run 250ms
run idle
say "Step two"
say.zh "第二步"
	say "Step three, no Chinese"
expect controller.callbacks == "ControlledShutdown: NONE"
expect controller.metric[EventQueueTimeMs].p99 <= 12.5
expect controller.processed == BrokerChange,ControlledShutdown(id=2)
expect controller.lost == ""
`
	sc, err := scenario.Parse("p.lab", src)
	require.NoError(t, err)
	require.Equal(t, "p.lab", sc.File)
	require.Equal(t, int64(42), sc.Seed)
	require.Equal(t, "controller", sc.System)

	// comments and blank lines are no statements; lines keep their numbers
	var lines []int
	var kinds []string
	for _, st := range sc.Stmts {
		lines = append(lines, st.Line)
		kinds = append(kinds, st.Kind)
	}
	require.Equal(t, []int{2, 4, 5, 6, 7, 8, 9, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27}, lines)
	require.Equal(t, []string{"seed", "use", "set", "set", "set", "set", "set", "say", "say.zh", "at", "after", "at", "after",
		"run", "run", "run", "run", "say", "say.zh", "say", "expect", "expect", "expect", "expect"}, kinds)

	byLine := map[int]scenario.Stmt{}
	for _, st := range sc.Stmts {
		byLine[st.Line] = st
	}
	require.Equal(t, "controller.eventTime.BrokerChange", byLine[7].Key)
	require.Equal(t, "1.5s", byLine[7].Val)

	at := byLine[13]
	require.Equal(t, 10*time.Millisecond, at.Dur)
	require.Equal(t, "put", at.Action.Verb)
	require.Equal(t, "put ControlledShutdown id=2 brokerEpoch=7", at.Action.Text)
	require.Equal(t, "ControlledShutdown(id=2,brokerEpoch=7)", at.Action.Payload.(controller.Event).Label())
	require.Equal(t, "clearAndPut", byLine[14].Action.Verb)
	require.Equal(t, 5*time.Millisecond, byLine[14].Dur)
	require.Equal(t, "session expire", byLine[15].Action.Verb)
	require.Equal(t, time.Minute, byLine[15].Dur)
	require.Equal(t, "controller shutdown", byLine[16].Action.Verb)

	until := byLine[17]
	require.Equal(t, "until", until.Mode)
	require.Equal(t, 2*time.Second, until.Dur)
	require.Equal(t, scenario.Cond{Path: "controller.state", Op: "==", Value: "BrokerChange"}, until.Cond)
	require.Equal(t, 10*time.Minute, byLine[18].Dur, "run until without max waits 10m")
	require.Equal(t, ">=", byLine[18].Cond.Op)
	require.Equal(t, "for", byLine[19].Mode)
	require.Equal(t, 250*time.Millisecond, byLine[19].Dur)
	require.Equal(t, "idle", byLine[20].Mode)

	// a quoted value keeps its spaces and loses its quotes
	require.Equal(t, scenario.Cond{Path: "controller.callbacks", Op: "==", Value: "ControlledShutdown: NONE"}, byLine[24].Cond)
	require.Equal(t, `controller.callbacks == "ControlledShutdown: NONE"`, byLine[24].Cond.String())
	require.Equal(t, "12.5", byLine[25].Cond.Value)
	require.Equal(t, "", byLine[27].Cond.Value)
	require.Equal(t, `controller.lost == ""`, byLine[27].Cond.String())

	// steps: EN and ZH, each say and say.zh knows its step
	require.Equal(t, []scenario.Step{
		{Line: 11, Col: 1, EN: `Step one: a "quoted" word, a back\slash and a # that is no comment`, ZH: "第一步"},
		{Line: 21, Col: 1, EN: "Step two", ZH: "第二步"},
		{Line: 23, Col: 2, EN: "Step three, no Chinese"},
	}, sc.Steps)
	require.Equal(t, 0, byLine[11].Step)
	require.Equal(t, 0, byLine[12].Step)
	require.Equal(t, 1, byLine[22].Step)
	require.Equal(t, 2, byLine[23].Step)
	require.Equal(t, 2, byLine[23].Col, "a statement's column is its first token's")
}

// CRLF line endings parse as LF ones, quoted strings included.
func TestParseCRLF(t *testing.T) {
	lf := "seed 3\nuse controller\nsay \"hello world\"\nsay.zh \"你好\"\nat 10ms put BrokerChange\nrun until controller.state == BrokerChange max 2s\nexpect controller.callbacks == \"\"\n"
	crlf := strings.ReplaceAll(lf, "\n", "\r\n")
	a, err := scenario.Parse("a.lab", lf)
	require.NoError(t, err)
	b, err := scenario.Parse("a.lab", crlf)
	require.NoError(t, err)
	require.Equal(t, a, b)
	require.Equal(t, "hello world", b.Steps[0].EN)
	require.Equal(t, "你好", b.Steps[0].ZH)
}

// An empty file, or one of only comments, parses to no statements and the default seed.
func TestParseEmpty(t *testing.T) {
	for _, src := range []string{"", "\n\n", "# only a comment\n   \t\n#another", "\r\n"} {
		sc, err := scenario.Parse("e.lab", src)
		require.NoError(t, err, "%q", src)
		require.Empty(t, sc.Stmts, "%q", src)
		require.Equal(t, int64(1), sc.Seed, "%q", src)
		require.Equal(t, "", sc.System, "%q", src)
	}
}

// The escapes a string accepts.
func TestParseEscapes(t *testing.T) {
	sc, err := scenario.Parse("e.lab", `say "a\"b\\c\nd"`)
	require.NoError(t, err)
	require.Equal(t, "a\"b\\c\nd", sc.Steps[0].EN)
}

// Durations: a unit is required, nanoseconds and signs are refused.
func TestParseDuration(t *testing.T) {
	good := map[string]time.Duration{
		"250ms": 250 * time.Millisecond, "10s": 10 * time.Second, "1.5s": 1500 * time.Millisecond,
		"2m": 2 * time.Minute, "40us": 40 * time.Microsecond, "40µs": 40 * time.Microsecond,
		"0ms": 0, "1m30s": 90 * time.Second, "1h": time.Hour,
	}
	for s, want := range good {
		got, err := scenario.ParseDuration(s)
		if err != nil || got != want {
			t.Errorf("ParseDuration(%q): got %v, %v, want %v", s, got, err, want)
		}
	}
	for _, s := range []string{"", "10", "-1s", "+1s", "5ns", "1ms5ns", "abc", "ms", ".5s", "1.5", "10 s", "1e3ms"} {
		if got, err := scenario.ParseDuration(s); err == nil {
			t.Errorf("ParseDuration(%q): got %v, want an error", s, got)
		} else if !strings.Contains(err.Error(), "expected a duration such as 250ms, 10s or 2m") {
			t.Errorf("ParseDuration(%q): got %q, want it to say what is expected", s, err)
		}
	}
}

// Every lesson-style statement a system refuses is refused before the run,
// so a scenario that parses only fails at run time in its expect lines.
func TestParseChecksEveryPathOfTheController(t *testing.T) {
	for _, p := range []string{
		"controller.state", "controller.stateValue", "controller.queue.size", "controller.EventQueueSize",
		"controller.queue", "controller.processed", "controller.preempted", "controller.lost", "controller.ignored",
		"controller.callbacks", "controller.activeControllerId", "controller.thread", "controller.putLock.holder",
		"controller.putLock.waits", "controller.metrics", "controller.metric[EventQueueTimeMs].count",
		"controller.metric[LeaderElectionRateAndTimeMs].max", "controller.metric[EventQueueTimeMs].mean",
		"controller.metric[EventQueueTimeMs].p99", "controller.event[BrokerChange].state",
		"controller.event[BrokerChange].thread", "controller.state[Idle].value", "controller.state[Idle].metric",
		"controller.eventTypes.count", "controller.states.count", "invariant.violations",
	} {
		_, err := scenario.Parse("p.lab", labUC+"expect "+p+" == 1\nrun until "+p+" != x max 1ms")
		require.NoError(t, err, p)
	}
}

// A configuration error that no single set line can see (two settings
// that clash, as the system's constructor checks them) is at the value of
// the set line after which the settings have clashed ever since: the
// later of the two, or the one that made a default clash. Settings that
// clash only midway (a later line resolves it) are no error.
func TestCrossSettingErrorsAreAtTheirSetLine(t *testing.T) {
	tests := []struct {
		name, src string
		line, col int
		want      string
	}{
		{"delivery below request, the request its default", "use cluster\nset delivery.timeout.ms 1000\nset request.timeout.ms 30000\nrun 1s\n", 2, 25,
			"delivery.timeout.ms should be equal to or larger than linger.ms + request.timeout.ms"},
		{"delivery below request, request set later", "use cluster\nset delivery.timeout.ms 40000\nset request.timeout.ms 50000\n", 3, 24, "delivery.timeout.ms should be"},
		{"delivery set below a raised request", "use replication\nset request.timeout.ms 50000\nset delivery.timeout.ms 40000\nat 0ms topic t partitions=1 replicas=1\n", 3, 25, "delivery.timeout.ms should be"},
		{"idempotence, then max.in.flight 6", "use cluster\nset enable.idempotence true\nset max.in.flight.requests.per.connection 6\nrun 1s\n", 3, 43,
			"Must set max.in.flight.requests.per.connection to at most 5 to use the idempotent producer."},
		{"max.in.flight 6, then idempotence", "use cluster\nset max.in.flight.requests.per.connection 6\nset cores 2\nset enable.idempotence true\nrun 1s\n", 4, 24, "at most 5"},
		{"idempotence with retries 0", "use cluster\nset retries 0\nset enable.idempotence true\n", 3, 24, "Must set retries to non-zero"},
		{"idempotence with acks 1", "use cluster\nset enable.idempotence true\nset acks 1\nrun 1s\n", 3, 10, "Must set acks to all"},
		{"replica.fetch.wait.max.ms past the socket timeout", "use replication\nset replica.socket.timeout.ms 400\nrun 1s\n", 2, 31, "replica.socket.timeout.ms"},
		{"heartbeat not below session", "use group\nset heartbeat.interval.ms 5000\nset session.timeout.ms 4000\nrun 1s\n", 3, 24,
			"heartbeat.interval.ms must be lower than session.timeout.ms"},
		{"heartbeat raised to the default session", "use listener\nset heartbeat.interval.ms 10000\nrun 1s\n", 2, 27, "heartbeat.interval.ms must be lower"},
		{"group max session below its min", "use group\nset group.max.session.timeout.ms 5000\nrun 1s\n", 2, 34,
			"group.min.session.timeout.ms must not exceed group.max.session.timeout.ms"},
		{"group min session above its max", "use listener\nset group.max.session.timeout.ms 50000\nset group.min.session.timeout.ms 60000\n", 3, 34, "must not exceed"},
		{"ackCount 0 in a COUNT mode", "use listener\nset ackCount 0\nset ackMode COUNT\nrun 1s\n", 3, 13, "'ackCount' must be > 0"},
		{"COUNT_TIME, then ackCount 0", "use listener\nset ackMode COUNT_TIME\nset ackCount 0\nrun 1s\n", 3, 14, "'ackCount' must be > 0"},
		{"the clash stays while a third line changes it: the line in effect", "use group\nset heartbeat.interval.ms 5000\nset session.timeout.ms 4000\nset session.timeout.ms 3000\n", 4, 24, "heartbeat.interval.ms must be lower"},
		{"before a later syntax error", "use group\nset heartbeat.interval.ms 20000\nat 0ms nope\n", 2, 27, "heartbeat.interval.ms must be lower"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			parseErrorAt(t, "t.lab", tc.src, tc.line, tc.col, tc.want)
		})
	}
	for _, src := range []string{
		"use group\nset session.timeout.ms 3000\nset heartbeat.interval.ms 1000\nrun 1s\n", // 3000 ≥ the default heartbeat 3000 only midway
		"use listener\nset ackMode COUNT\nset ackCount 0\nset ackCount 2\n",
		"use cluster\nset request.timeout.ms 200000\nrun 1s\n", // delivery.timeout.ms left unset rises to it
		"use group\nset group.min.session.timeout.ms 3600000\nset group.max.session.timeout.ms 3600000\n",
	} {
		_, err := scenario.Parse("t.lab", src)
		require.NoError(t, err, "%q", src)
	}
}

// A scenario's text: a UTF-8 byte-order mark before line 1 is skipped
// (columns count from after it); a byte that is not UTF-8, or a text
// past MaxSource, is an error at its place, in the words a link's src=
// uses (scenario.CheckSource).
func TestParseSourceChecks(t *testing.T) {
	big := labUC + strings.Repeat("# padding\n", scenario.MaxSource/10)
	tests := []struct {
		name, src string
		line, col int
		want      string // "": no error
	}{
		{"byte-order mark", "\uFEFFuse controller\nrun 1s\n", 0, 0, ""},
		{"byte-order mark before a comment", "\uFEFF# x\nuse controller\n", 0, 0, ""},
		{"byte-order mark, then an error on line 1", "\uFEFFuse kafka\n", 1, 5, `unknown system "kafka"`},
		{"invalid UTF-8 in a string", labUC + "say \"a\xffb\"\n", 2, 7, "the scenario is not UTF-8 text"},
		{"invalid UTF-8 after non-ASCII", labUC + "# é\xc3\n", 2, 4, "the scenario is not UTF-8 text"},
		{"a second byte-order mark", "\uFEFF\xef\xbb\xbf\xfe", 1, 2, "the scenario is not UTF-8 text"},
		{"larger than MaxSource: at its first byte past", big, 2 + (scenario.MaxSource-len(labUC))/10, 1 + (scenario.MaxSource-len(labUC))%10,
			"the scenario is larger than 256 KB, the most a scenario may be"},
		{"MaxSource, its mark included", "\uFEFF" + labUC + strings.Repeat("#", scenario.MaxSource-3-len(labUC)), 0, 0, ""},
		{"past MaxSource by its mark", "\uFEFF" + labUC + strings.Repeat("#", scenario.MaxSource-2-len(labUC)), 2, 1 + scenario.MaxSource - 3 - len(labUC),
			"the scenario is larger than 256 KB"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			cerr := scenario.CheckSource(tc.src)
			if tc.want == "" {
				_, err := scenario.Parse("t.lab", tc.src)
				require.NoError(t, err)
				require.NoError(t, cerr)
				return
			}
			perr := parseErrorAt(t, "t.lab", tc.src, tc.line, tc.col, tc.want)
			if strings.HasPrefix(tc.want, "the scenario is") {
				// a link's src= says the same, as data
				require.Error(t, cerr)
				require.Equal(t, perr.Data, cerr)
			}
		})
	}
}

// A seed is read the same in a file's seed statement and a link's seed=
// (scenario.ReadSeed): a positive integer.
func TestReadSeed(t *testing.T) {
	for _, c := range []struct {
		in   string
		want int64
		err  string
	}{
		{"1", 1, ""}, {"+7", 7, ""}, {"9223372036854775807", 9223372036854775807, ""},
		{"0", 0, `expected a positive integer seed, got "0"`}, {"-3", 0, `got "-3"`}, {"x", 0, `got "x"`},
		{"", 0, `got ""`}, {"1.5", 0, `got "1.5"`}, {"9223372036854775808", 0, "positive integer seed"},
	} {
		got, err := scenario.ReadSeed(c.in)
		_, perr := scenario.Parse("s.lab", "seed "+c.in)
		if c.err == "" {
			require.NoError(t, err, c.in)
			require.NoError(t, perr, c.in)
			require.Equal(t, c.want, got, c.in)
			continue
		}
		require.ErrorContains(t, err, c.err, c.in)
		if c.in != "" { // "seed " alone is another error: seed N expected
			require.ErrorContains(t, perr, err.Error(), c.in)
		}
	}
}

// parseErrorAt checks that Parse(file, src) fails with a *scenario.Error
// at line:col whose message contains want, and returns it.
func parseErrorAt(t *testing.T, file, src string, line, col int, want string) *scenario.Error {
	t.Helper()
	_, err := scenario.Parse(file, src)
	var perr *scenario.Error
	if !errors.As(err, &perr) {
		t.Fatalf("Parse(%.60q): got %v, want a *scenario.Error", src, err)
	}
	if perr.Line != line || perr.Col != col || !strings.Contains(perr.Msg, want) {
		t.Errorf("Parse(%.60q): got %v, want %s:%d:%d: …%s…", src, err, file, line, col, want)
	}
	return perr
}
