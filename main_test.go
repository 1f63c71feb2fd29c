package main

import (
	"bufio"
	"bytes"
	"cmp"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"brokerlab/core/scenario"
	"brokerlab/core/sim"
	"brokerlab/lessons"
)

const lesson01 = "lessons/01-controller-event-queue/scenario.lab"

func runCLI(args ...string) (code int, stdout, stderr string) {
	var out, errb bytes.Buffer
	code = cli(args, &out, &errb)
	return code, out.String(), errb.String()
}

func writeLab(t *testing.T, src string) string {
	t.Helper()
	file := filepath.Join(t.TempDir(), "s.lab")
	require.NoError(t, os.WriteFile(file, []byte(src), 0o644))
	return file
}

// A lesson whose every expect holds exits 0 and says nothing.
func TestRunLessonExits0(t *testing.T) {
	code, out, errs := runCLI("run", lesson01)
	require.Equal(t, 0, code, errs)
	require.Empty(t, out)
	require.Empty(t, errs)
}

// A failing expect exits 1 with FILE:LINE:COL: expect …: got ….
func TestRunFailingExpectExits1(t *testing.T) {
	file := writeLab(t, `use controller
at 1ms put BrokerChange
run idle
expect controller.state == BrokerChange
expect controller.processed == BrokerChange
expect controller.queue.size > 0
`)
	code, out, errs := runCLI("run", file)
	require.Equal(t, 1, code)
	require.Empty(t, out)
	require.Equal(t, file+":4:1: expect controller.state == BrokerChange: got Idle\n"+
		file+":6:1: expect controller.queue.size > 0: got 0\n", errs)
}

// A run until that times out is a failure too, named by its line.
func TestRunFailingRunUntilExits1(t *testing.T) {
	file := writeLab(t, "use controller\nrun until controller.state == BrokerChange max 1s\n")
	code, _, errs := runCLI("run", file)
	require.Equal(t, 1, code)
	require.Equal(t, file+":2:1: run until controller.state == BrokerChange: not reached within 1s (got Idle)\n", errs)
}

// An action the running system refuses exits 1 with FILE:LINE:COL of the
// statement that scheduled it, the action and why; the run goes on.
func TestRunRefusedActionExits1(t *testing.T) {
	file := writeLab(t, `use listener
at 0ms topic t0 partitions=1
at 1ms records t0-0 offsets=0..1
  after 1ms records t0-0 offsets=5..6
after 1ms records t0-3 offsets=0..0
after 1ms records t0-0 offsets=2..2
run 10ms
expect listener.committed[t0-0] == none
`)
	code, out, errs := runCLI("run", file)
	require.Equal(t, 1, code)
	require.Empty(t, out)
	require.Equal(t, file+":4:3: records t0-0 offsets=5..6: refused, t0-0's log ends at offset 2: records must start there\n"+
		file+":5:1: records t0-3 offsets=0..0: refused, no partition t0-3\n", errs)
}

// A parse error exits 2 with file:line:col: and what was expected.
func TestRunParseErrorExits2(t *testing.T) {
	for src, want := range map[string]string{
		"use controller\nrun 10\n": `:2:5: expected a duration such as 250ms, 10s or 2m, got "10"`,
		"use kafka\n":              `:1:5: unknown system "kafka"`,
		"# c\r\nuse controller\r\nexpect controller.nope == 1\r\n": `:3:8: unknown state path "controller.nope"`,
	} {
		file := writeLab(t, src)
		code, out, errs := runCLI("run", file)
		require.Equal(t, 2, code, src)
		require.Empty(t, out)
		require.True(t, strings.HasPrefix(errs, file+want), "got %q, want %q", errs, file+want)
		require.Equal(t, 1, strings.Count(errs, "\n"), "one line: %q", errs)
	}
}

// A missing file exits 2 and names the file.
func TestRunMissingFileExits2(t *testing.T) {
	file := filepath.Join(t.TempDir(), "missing.lab")
	code, out, errs := runCLI("run", file)
	require.Equal(t, 2, code)
	require.Empty(t, out)
	require.Contains(t, errs, file)
}

// run reads a regular file of at most scenario.MaxSource bytes (what the
// page's editor takes) and refuses anything else with exit 2 before
// reading much of it: /dev/zero read 18 GB in a minute.
func TestRunRefusesWhatIsNoScenarioFile(t *testing.T) {
	dir := t.TempDir()
	sized := func(name string, n int64) string {
		file := filepath.Join(dir, name)
		src := "use controller\n"
		require.NoError(t, os.WriteFile(file, []byte(src+strings.Repeat("#", int(min(n, scenario.MaxSource+1))-len(src))), 0o644))
		require.NoError(t, os.Truncate(file, n)) // sparse past the limit: nothing reads it
		return file
	}
	fits, over := sized("fits.lab", scenario.MaxSource), sized("over.lab", scenario.MaxSource+1)
	huge := sized("huge.lab", 3_355_443)
	for _, c := range []struct {
		file string
		code int
		want string
	}{
		{"/dev/zero", 2, "/dev/zero: not a regular file\n"},
		{dir, 2, dir + ": not a regular file\n"},
		{over, 2, over + ": 257 KB, larger than the 256 KB a scenario may be\n"},
		{huge, 2, huge + ": 3.2 MB, larger than the 256 KB a scenario may be\n"},
		{fits, 0, ""},
	} {
		if _, err := os.Stat(c.file); err != nil {
			t.Logf("%s: %v (skipped)", c.file, err)
			continue
		}
		code, out, errs := runCLI("run", c.file)
		require.Equal(t, c.code, code, "%s: %s", c.file, errs)
		require.Empty(t, out, c.file)
		require.Equal(t, c.want, errs, c.file)
	}
}

// run without exactly one file, or with an unknown flag, exits 2.
func TestRunUsageExits2(t *testing.T) {
	for _, args := range [][]string{{"run"}, {"run", lesson01, lesson01}, {"run", "-nope", lesson01}, {"run", "-trace"}} {
		code, _, errs := runCLI(args...)
		require.Equal(t, 2, code, "%q", args)
		require.NotEmpty(t, errs, "%q", args)
	}
}

func readTrace(t *testing.T, out string) []sim.Event {
	t.Helper()
	var evs []sim.Event
	sc := bufio.NewScanner(strings.NewReader(out))
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		var e sim.Event
		dec := json.NewDecoder(strings.NewReader(sc.Text()))
		dec.DisallowUnknownFields()
		require.NoError(t, dec.Decode(&e), "line %d: %s", len(evs)+1, sc.Text())
		evs = append(evs, e)
	}
	require.NoError(t, sc.Err())
	return evs
}

// run -trace writes the trace as JSON lines: seq counts 0,1,2,… and every
// kind is one of sim.Kinds.
func TestRunTrace(t *testing.T) {
	code, out, errs := runCLI("run", "-trace", lesson01)
	require.Equal(t, 0, code, errs)
	require.Empty(t, errs)
	require.True(t, strings.HasSuffix(out, "}\n"))
	evs := readTrace(t, out)
	require.Greater(t, len(evs), 100)
	steps := 0
	for i, e := range evs {
		require.Equal(t, i, e.Seq, "line %d", i+1)
		_, ok := sim.Kinds[e.Kind]
		require.True(t, ok, "line %d: kind %q is not in sim.Kinds", i+1, e.Kind)
		if i > 0 {
			require.GreaterOrEqual(t, e.T, evs[i-1].T, "line %d: time goes back", i+1)
		}
		if e.Kind == sim.Step {
			steps++
		}
	}
	src, err := os.ReadFile(lesson01)
	require.NoError(t, err)
	sc, err := scenario.Parse(lesson01, string(src))
	require.NoError(t, err)
	require.Equal(t, len(sc.Steps), steps, "one step event a say")

	// the same file traces the same, byte for byte
	_, again, _ := runCLI("run", "-trace", lesson01)
	require.Equal(t, out, again)
}

// -trace still writes the trace when an expect fails, and still exits 1.
func TestRunTraceWithFailure(t *testing.T) {
	file := writeLab(t, "use controller\nat 1ms put BrokerChange\nrun idle\nexpect controller.state == BrokerChange\n")
	code, out, errs := runCLI("run", "-trace", file)
	require.Equal(t, 1, code)
	require.Equal(t, file+":4:1: expect controller.state == BrokerChange: got Idle\n", errs)
	evs := readTrace(t, out)
	require.NotEmpty(t, evs)
	last := evs[len(evs)-1]
	require.Equal(t, sim.Expect, last.Kind)
	require.Equal(t, "expect controller.state == BrokerChange: got Idle", last.Note)
}

// check runs every lesson and says ok for each.
func TestCheck(t *testing.T) {
	code, out, errs := runCLI("check")
	require.Equal(t, 0, code, errs)
	require.Empty(t, errs)
	require.Contains(t, out, "ok  01-controller-event-queue")
	for _, line := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
		require.True(t, strings.HasPrefix(line, "ok  "), "%q", line)
	}
}

// An unknown command exits 2 and says what is expected.
func TestUnknownCommandExits2(t *testing.T) {
	code, out, errs := runCLI("frobnicate")
	require.Equal(t, 2, code)
	require.Empty(t, out)
	require.Equal(t, "unknown command \"frobnicate\": expected serve, run [-trace] FILE.lab, check, docs or dist DIR\n", errs)
}

// serve refuses flags it does not know before building anything.
func TestServeBadFlagExits2(t *testing.T) {
	code, _, errs := runCLI("serve", "-nope")
	require.Equal(t, 2, code)
	require.Contains(t, errs, "-nope")
}

// dist needs exactly one directory.
func TestDistUsage(t *testing.T) {
	code, _, errs := runCLI("dist")
	require.Equal(t, 2, code)
	require.Contains(t, errs, "usage: brokerlab dist DIR")
}

// check names every problem of a lesson with file:line:col.
func TestCheckLessonProblems(t *testing.T) {
	title := lessons.Text{EN: "T", ZH: "题"}
	for _, c := range []struct {
		name, src string
		noTitle   bool
		code      int
		want      string
	}{
		{"fine", "use controller\nsay \"s\"\nsay.zh \"步\"\n", false, 0, ""},
		{"untranslated", "use controller\nsay \"s\"\nask \"q\"\nchoice \"a\" controller.state == Idle\nchoice \"b\" controller.state != Idle\nchoice.zh \"乙\"\n", false, 1,
			"lessons/x/scenario.lab:2:1: step has no say.zh\nlessons/x/scenario.lab:3:1: ask has no ask.zh\nlessons/x/scenario.lab:4:1: choice has no choice.zh\n"},
		{"unanswered", "use controller\nsay \"s\"\nsay.zh \"步\"\nask \"q\"\nask.zh \"问\"\nchoice \"a\" controller.state == X\nchoice.zh \"甲\"\nchoice \"b\" controller.state == Y\nchoice.zh \"乙\"\n", false, 1,
			"lessons/x/scenario.lab:4:1: ask \"q\": no choice holds: controller.state is Idle\n"},
		{"no title", "use controller\n", true, 1, "lessons/x/lesson.json:1:1: title and summary need both en and zh\n"},
		{"parse error", "use controller\n  run 10\n", false, 2, "lessons/x/scenario.lab:2:7: expected a duration such as 250ms, 10s or 2m, got \"10\"\n"},
	} {
		l := lessons.Lesson{ID: "x", File: "x/scenario.lab", Scenario: c.src, Title: title, Summary: title}
		if c.noTitle {
			l.Title = lessons.Text{EN: "T"}
		}
		var out, errs bytes.Buffer
		code := checkLesson(l, &out, &errs)
		require.Equal(t, c.code, code, c.name)
		require.Equal(t, c.want, errs.String(), c.name)
		if c.code == 0 {
			require.Equal(t, "ok  x (1 steps)\n", out.String())
		} else {
			require.Empty(t, out.String(), c.name)
		}
	}
}

// check runs a lesson with variables at 20 seeds and names the first
// variant that fails, with its seed and values.
func TestCheckLessonVariants(t *testing.T) {
	const body = "let N rand 1..2\nuse controller\nsay \"s\"\nsay.zh \"步\"\nat 1ms put ControlledShutdown id=$N\nrun idle\nexpect controller.processed == ControlledShutdown(id=1)\n"
	// The file's seed draws N = 1; the first seed from 1 that draws 2 fails.
	own, bad := int64(0), int64(0)
	for seed := int64(1); seed <= variants && (own == 0 || bad == 0); seed++ {
		sc, err := scenario.ParseSeed("x", body, seed)
		require.NoError(t, err)
		switch sc.Vars[0].Value {
		case "1":
			own = cmp.Or(own, seed)
		case "2":
			bad = cmp.Or(bad, seed)
		}
	}
	require.NotZero(t, own)
	require.NotZero(t, bad)
	title := lessons.Text{EN: "T", ZH: "题"}
	l := lessons.Lesson{ID: "x", File: "x/scenario.lab", Scenario: fmt.Sprintf("seed %d\n", own) + body, Title: title, Summary: title}
	var out, errs bytes.Buffer
	require.Equal(t, 1, checkLesson(l, &out, &errs))
	require.Empty(t, out.String())
	require.Equal(t, fmt.Sprintf("lessons/x/scenario.lab:8:1: expect controller.processed == ControlledShutdown(id=1): got ControlledShutdown(id=2) (variant seed %d: N = 2)\n", bad), errs.String())

	l.Scenario = strings.Replace(l.Scenario, "(id=1)", "(id=$N)", 1)
	out.Reset()
	errs.Reset()
	require.Equal(t, 0, checkLesson(l, &out, &errs), errs.String())
	require.Equal(t, "ok  x (1 steps, 20 variants)\n", out.String())
}
