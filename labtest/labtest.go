// Package labtest runs small datadriven scenario tests in etcd raft's
// style: a package's testdata/NAME.lab is a scenario whose first comment
// line `# trace: KIND…` names the trace kinds it is about, and
// testdata/NAME.trace beside it is the expected excerpt of its trace, one
// readable line an event; its expect lines must hold. Run with
// -update to rewrite the excerpts, then review them as a diff.
//
// It also holds Golden, the one comparison of every golden file: a
// failing golden prints its first differing line.
//
// Only tests import it (each system's datadriven_test.go). It sits at the
// top of the repository, beside campaign/, not in core/ nor internal/: it
// reads files, which core never does (core/rules_test.go), and it runs
// the scenario language, which internal/ helpers may not import.
package labtest

import (
	"bufio"
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"brokerlab/core/scenario"
	"brokerlab/core/sim"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

// Golden compares got with the file at path, or rewrites the file under
// -update. A difference fails with the first line that differs, numbered,
// as the file has it and as the run made it.
func Golden(t testing.TB, path string, got []byte) {
	t.Helper()
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v: run go test with -update to create it", err)
	}
	if d := FirstDiff(want, got); d != "" {
		t.Fatalf("%s differs from the run at %s\nreview the change and regenerate with -update", path, d)
	}
}

// FirstDiff describes the first line where got differs from want: its
// number and both lines; "" if they are equal.
func FirstDiff(want, got []byte) string {
	if bytes.Equal(want, got) {
		return ""
	}
	w, g := strings.SplitAfter(string(want), "\n"), strings.SplitAfter(string(got), "\n")
	for i := 0; ; i++ {
		if i >= len(w) || i >= len(g) || w[i] != g[i] {
			return fmt.Sprintf("line %d:\n  want: %s\n  got:  %s", i+1, line(w, i), line(g, i))
		}
	}
}

func line(lines []string, i int) string {
	if i >= len(lines) || lines[i] == "" {
		return "(end of file)"
	}
	l, ok := strings.CutSuffix(lines[i], "\n")
	if !ok {
		return strconv.Quote(l) + " (no newline at the end)"
	}
	return strconv.Quote(l)
}

// Run runs every testdata/*.lab of dir as a subtest, comparing its trace
// excerpt with the .trace file beside it.
func Run(t *testing.T, dir string) {
	files, err := filepath.Glob(filepath.Join(dir, "*.lab"))
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatalf("no %s/*.lab", dir)
	}
	for _, file := range files {
		t.Run(strings.TrimSuffix(filepath.Base(file), ".lab"), func(t *testing.T) {
			src, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			got, res, err := Excerpt(file, string(src))
			if err != nil {
				t.Fatal(err)
			}
			Golden(t, strings.TrimSuffix(file, ".lab")+".trace", got)
			for _, f := range res.Failures {
				t.Errorf("%s:%d:%d: %s", file, f.Line, f.Col, f.Msg)
			}
			if res.Err != nil || res.Panic != "" {
				t.Errorf("%s: the run stopped: %v %s", file, res.Err, res.Panic)
			}
		})
	}
}

// Excerpt runs the scenario src and returns its excerpt: the events of
// the kinds its `# trace:` line names (a name ending in * is a prefix),
// then how many events the run had; and the run's result.
func Excerpt(file, src string) ([]byte, *scenario.Result, error) {
	kinds, err := traceKinds(file, src)
	if err != nil {
		return nil, nil, err
	}
	sc, err := scenario.Parse(file, src)
	if err != nil {
		return nil, nil, err
	}
	res := scenario.Run(sc, scenario.Options{})
	var b bytes.Buffer
	for _, e := range res.Trace {
		if matches(kinds, string(e.Kind)) {
			b.WriteString(Format(e))
			b.WriteByte('\n')
		}
	}
	fmt.Fprintf(&b, "# %d events\n", res.Events)
	return b.Bytes(), res, nil
}

func traceKinds(file, src string) ([]string, error) {
	sc := bufio.NewScanner(strings.NewReader(src))
	for sc.Scan() {
		if rest, ok := strings.CutPrefix(strings.TrimSpace(sc.Text()), "# trace:"); ok {
			kinds := strings.Fields(rest)
			for _, k := range kinds {
				if !documented(k) {
					return nil, fmt.Errorf("%s: # trace: %q is not a kind of sim.Kinds", file, k)
				}
			}
			if len(kinds) > 0 {
				return kinds, nil
			}
		}
	}
	return nil, fmt.Errorf("%s: no `# trace: KIND…` line names the kinds of its excerpt", file)
}

func documented(pattern string) bool {
	for k := range sim.Kinds {
		if matches([]string{pattern}, string(k)) {
			return true
		}
	}
	return false
}

func matches(kinds []string, kind string) bool {
	for _, k := range kinds {
		if k == kind || strings.HasSuffix(k, "*") && strings.HasPrefix(kind, strings.TrimSuffix(k, "*")) {
			return true
		}
	}
	return false
}

// Format is one event as a line of an excerpt: sequence number, virtual
// time, actor, kind, then the fields that are set (src left out: it
// names the code, not what happened).
func Format(e sim.Event) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%5d %9s %s %s", e.Seq, time.Duration(e.T)*time.Microsecond, e.Actor, e.Kind)
	field := func(k, v string) {
		if v != "" {
			fmt.Fprintf(&b, " %s=%s", k, v)
		}
	}
	field("subj", e.Subj)
	if e.ID != 0 {
		fmt.Fprintf(&b, " id=%d", e.ID)
	}
	field("item", e.Item)
	field("from", e.From)
	field("to", e.To)
	if e.Note != "" {
		fmt.Fprintf(&b, " note=%q", e.Note)
	}
	return b.String()
}
