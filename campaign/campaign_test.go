package campaign

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"brokerlab/core/scenario"
	"brokerlab/lessons"
	"brokerlab/ui"
)

var (
	seeds   = flag.Int("campaign.seeds", 0, "seeds per system (0: 25, 6 with -short)")
	first   = flag.Int64("campaign.seed", 1, "the first seed")
	only    = flag.String("campaign.system", "", "run only this system")
	out     = flag.String("campaign.out", "", "write failing seeds' .lab files here (default: a temporary directory)")
	events  = flag.Int("campaign.events", 200_000, "each run's event budget")
	wall    = flag.Duration("campaign.wall", time.Minute, "each run's wall-clock budget: longer is a hang")
	shrink  = flag.Bool("campaign.minimise", true, "minimise a failing seed before writing it")
	maxFail = flag.Int("campaign.failures", 3, "stop a system after this many failing seeds")
)

// The fault campaign: every system, many seeds of random settings,
// actions, faults and what-ifs; each failing seed is written as a .lab
// file with the command and the link that replay it.
func TestCampaign(t *testing.T) {
	n := *seeds
	if n == 0 {
		n = 25
		if testing.Short() {
			n = 6
		}
	}
	b := Budget{Events: *events, Wall: *wall}
	dir := *out
	if dir == "" {
		dir = t.TempDir()
	}
	for _, sys := range Systems {
		if *only != "" && sys != *only {
			continue
		}
		t.Run(sys, func(t *testing.T) {
			var sum Outcome
			failed := 0
			start := time.Now()
			for seed := *first; seed < *first+int64(n) && failed < *maxFail; seed++ {
				o := Check(sys, seed, b)
				sum.Runs += o.Runs
				sum.Events += o.Events
				sum.Faults += o.Faults
				sum.Budget += o.Budget
				sum.Refused += o.Refused
				if len(o.Problems) > 0 {
					failed++
					t.Errorf("%s seed %d:\n  %s\n%s", sys, seed, strings.Join(o.Problems, "\n  "), writeFailure(t, dir, o, b))
				}
			}
			t.Logf("%s: %d seeds, %d runs, %d events, %d faults (scenario and what-ifs), %d runs stopped by the event budget, %d refused, %d failing, %s",
				sys, n, sum.Runs, sum.Events, sum.Faults, sum.Budget, sum.Refused, failed, time.Since(start).Round(time.Millisecond))
		})
	}
}

// writeFailure writes a failing seed's scenario, minimised, to dir and
// says how to replay it: the what-ifs are injected after event indexes,
// which no timed line can express, so they travel in a link (src= and
// a=, as the page's what-if panel makes them) and as comments.
func writeFailure(t *testing.T, dir string, o *Outcome, b Budget) string {
	sc := o.Scenario
	name := fmt.Sprintf("%s-seed-%d.lab", sc.System, sc.Seed)
	src, inject := sc.Src, o.Inject
	if *shrink && !strings.HasPrefix(o.Problems[0], "hang") {
		src, inject = Minimise(name, src, inject, sc.Unsafe, o.Problems, b)
	}
	still := Examine(name, src, inject, sc.Unsafe, b)
	if len(still) > 0 && len(inject) > 0 && len(Examine(name, src, nil, sc.Unsafe, b)) > 0 {
		inject = nil // the scenario fails alone
	}
	var text strings.Builder
	fmt.Fprintf(&text, "# campaign: %s seed %d fails:\n", sc.System, sc.Seed)
	for _, p := range still {
		fmt.Fprintf(&text, "#   %s\n", p)
	}
	for _, in := range inject {
		fmt.Fprintf(&text, "%s%d: %s\n", whatifComment, in.After, in.Action)
	}
	text.WriteString(src)
	path := filepath.Join(dir, name)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(text.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	msg := fmt.Sprintf("  written to %s\n  replay: go run . run %s", path, path)
	if len(inject) > 0 {
		msg += " (without the what-ifs; the link has them)"
	}
	link := ui.Link{Page: "lesson", Lesson: lessonOf(t, sc.System), Inject: inject, Src: text.String()}
	return msg + "\n  link: " + link.String() + "\n  rerun the seed: go test ./campaign -run 'TestCampaign/" + sc.System +
		"$' -campaign.seed " + fmt.Sprint(sc.Seed) + " -campaign.seeds 1"
}

// whatifComment starts the comment line that carries a what-if in a
// failing seed's file.
const whatifComment = "# what-if: after event "

// Whatifs reads the what-ifs a failing seed's file carries as comments.
func Whatifs(src string) []scenario.Injection {
	var out []scenario.Injection
	for _, l := range strings.Split(src, "\n") {
		rest, ok := strings.CutPrefix(l, whatifComment)
		n, action, ok2 := strings.Cut(rest, ": ")
		after, err := strconv.Atoi(n)
		if ok && ok2 && err == nil {
			out = append(out, scenario.Injection{After: after, Action: action})
		}
	}
	return out
}

// lessonOf is a lesson of the system, for a src= link to open.
func lessonOf(t *testing.T, sys string) string {
	all, err := lessons.All()
	if err != nil {
		t.Fatal(err)
	}
	use := regexp.MustCompile(`(?m)^use ` + sys + `\b`)
	for _, l := range all {
		if use.MatchString(l.Scenario) {
			return l.ID
		}
	}
	return all[0].ID
}

// The generators write scenarios that parse, for every system and many
// seeds, and the same text for the same seed.
func TestGeneratedScenariosParse(t *testing.T) {
	for _, sys := range Systems {
		for seed := int64(1); seed <= 200; seed++ {
			g := Generate(sys, seed)
			if _, err := scenario.Parse("gen.lab", g.Src); err != nil {
				t.Fatalf("%s seed %d: %v\n%s", sys, seed, err, g.Src)
			}
			if again := Generate(sys, seed); again.Src != g.Src {
				t.Fatalf("%s seed %d: two generations differ", sys, seed)
			}
			for range 5 {
				a, _ := g.Whatif()
				sc, _ := scenario.Parse("gen.lab", g.Src)
				if err := sc.CheckAction(a); err != nil {
					t.Fatalf("%s seed %d: what-if %q: %v", sys, seed, a, err)
				}
			}
		}
	}
}

var replay = flag.String("campaign.replay", "", "replay this .lab file the campaign wrote, with its what-ifs, and print its problems and trace")

// With -campaign.replay FILE: the file's scenario and the what-ifs its
// comments list, checked as the campaign checks them, and the trace of
// the run with the what-ifs (-v prints it). Without it, the files of the
// crashers that once broke the simulator are replayed the same way.
func TestReplay(t *testing.T) {
	files := []string{*replay}
	if *replay == "" {
		var err error
		files, err = filepath.Glob("../core/scenario/testdata/crashers/*.lab")
		if err != nil || len(files) == 0 {
			t.Fatalf("no crashers to replay: %v", err)
		}
	}
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		inject := Whatifs(string(src))
		sc, err := scenario.Parse(f, string(src))
		if err != nil {
			t.Fatal(err)
		}
		if *replay != "" {
			res := scenario.Run(sc, scenario.Options{MaxEvents: *events, Inject: inject})
			for _, e := range res.Trace {
				t.Logf("%d %d %s %s %s id=%d item=%s %s→%s %s", e.Seq, e.T, e.Actor, e.Kind, e.Subj, e.ID, e.Item, e.From, e.To, e.Note)
			}
		}
		if p := Examine(f, string(src), inject, Unsafe(sc), Budget{Events: *events, Wall: *wall}); len(p) > 0 {
			t.Errorf("%s:\n  %s", f, strings.Join(p, "\n  "))
		}
	}
}
