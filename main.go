// Command brokerlab serves the playground and runs scenarios.
//
//	go run .                        build and serve the playground (also: serve [-addr A])
//	go run . run [-trace] FILE.lab  run a scenario: exit 0 if every expect holds,
//	                                1 if one fails or the system refuses an action
//	                                (FILE:LINE:COL: ACTION: refused, WHY), 2 on a
//	                                parse or configuration error
//	go run . check                  run every lesson and check its narration
//	go run . dist DIR               write the static site into DIR
package main

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"brokerlab/core/scenario"
	"brokerlab/core/sim"
	"brokerlab/lessons"
	"brokerlab/site"
)

func main() { os.Exit(cli(os.Args[1:], os.Stdout, os.Stderr)) }

func cli(args []string, stdout, stderr io.Writer) int {
	cmd := "serve"
	if len(args) > 0 {
		cmd, args = args[0], args[1:]
	}
	switch cmd {
	case "serve":
		return serveCmd(args, stdout, stderr, buildSite)
	case "run":
		return runCmd(args, stdout, stderr)
	case "check":
		return checkCmd(stdout, stderr)
	case "docs":
		// docs/REFERENCE.md from the systems' surface tables
		if err := os.WriteFile("docs/REFERENCE.md", []byte(scenario.Reference()), 0o644); err != nil {
			fmt.Fprintln(stderr, err)
			return 1
		}
		return 0
	case "dist":
		if len(args) != 1 {
			fmt.Fprintln(stderr, "usage: brokerlab dist DIR")
			return 2
		}
		if err := site.Build(".", args[0]); err != nil {
			fmt.Fprintln(stderr, err)
			return 1
		}
		return 0
	}
	fmt.Fprintf(stderr, "unknown command %q: expected serve, run [-trace] FILE.lab, check, docs or dist DIR\n", cmd)
	return 2
}

func runCmd(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("run", flag.ContinueOnError)
	fs.SetOutput(stderr)
	trace := fs.Bool("trace", false, "write the trace as JSON lines to standard output")
	if fs.Parse(args) != nil {
		return 2
	}
	if fs.NArg() != 1 {
		fmt.Fprintln(stderr, "usage: brokerlab run [-trace] FILE.lab")
		return 2
	}
	file := fs.Arg(0)
	src, err := readScenario(file)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 2
	}
	sc, err := scenario.Parse(file, src)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 2
	}
	res := scenario.Run(sc, scenario.Options{})
	if *trace {
		w := bufio.NewWriter(stdout)
		var line []byte
		for _, e := range res.Trace {
			line = append(e.AppendJSON(line[:0]), '\n')
			w.Write(line) // an error stays in w: Flush reports it
		}
		if err := w.Flush(); err != nil {
			fmt.Fprintln(stderr, err)
			return 2
		}
	}
	return report(file, res, stderr)
}

// readScenario reads a scenario file of at most scenario.MaxSource bytes,
// what the page's editor takes too. It refuses what is not a regular file
// before opening it (run /dev/zero read forever; opening a FIFO waits for
// a writer), and the read stops one byte past the limit, so neither a
// large file nor one that grows as it is read is read to its end.
func readScenario(file string) (string, error) {
	fi, err := os.Stat(file)
	if err != nil {
		return "", err
	}
	if !fi.Mode().IsRegular() {
		return "", fmt.Errorf("%s: not a regular file", file)
	}
	f, err := os.Open(file)
	if err != nil {
		return "", err
	}
	defer f.Close()
	b, err := io.ReadAll(io.LimitReader(f, scenario.MaxSource+1))
	if err != nil {
		return "", err
	}
	if len(b) > scenario.MaxSource {
		return "", fmt.Errorf("%s: %s, larger than the %s a scenario may be", file, size(max(fi.Size(), int64(len(b)))), size(scenario.MaxSource))
	}
	return string(b), nil
}

// size is n bytes for a person: 300 KB, 3.2 MB.
func size(n int64) string {
	if n < 1<<20 {
		return fmt.Sprintf("%d KB", (n+1023)/1024)
	}
	return fmt.Sprintf("%.1f MB", float64(n)/(1<<20))
}

// report prints what went wrong in a run and returns its exit code.
func report(file string, res *scenario.Result, stderr io.Writer) int {
	switch {
	case res.Panic != "":
		fmt.Fprintf(stderr, "%s: the simulation panicked: %s\n", file, res.Panic)
		return 2
	case res.Err != nil && !errors.Is(res.Err, sim.ErrBudget):
		var perr *scenario.Error
		if errors.As(res.Err, &perr) {
			fmt.Fprintln(stderr, perr)
		} else {
			fmt.Fprintf(stderr, "%s: %v\n", file, res.Err)
		}
		return 2
	}
	for _, f := range res.Failures {
		fmt.Fprintf(stderr, "%s:%d:%d: %s\n", file, f.Line, f.Col, f.Msg)
	}
	if res.Err != nil { // a budget stopped the run: it ran, but not to its end
		fmt.Fprintln(stderr, res.Err)
		return 1
	}
	if len(res.Failures) > 0 {
		return 1
	}
	return 0
}

// checkCmd runs every lesson: it parses, every expect holds, and every
// step is narrated in both languages.
func checkCmd(stdout, stderr io.Writer) int {
	all, err := lessons.All()
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 2
	}
	code := 0
	for _, l := range all {
		code = max(code, checkLesson(l, stdout, stderr))
	}
	return code
}

// checkLesson checks one lesson and returns its exit code.
func checkLesson(l lessons.Lesson, stdout, stderr io.Writer) int {
	file := "lessons/" + l.File
	sc, err := scenario.Parse(file, l.Scenario)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 2
	}
	code := 0
	untranslated := func(line, col int, what string) {
		fmt.Fprintf(stderr, "%s:%d:%d: %s\n", file, line, col, what)
		code = 1
	}
	for _, st := range sc.Steps {
		if st.ZH == "" {
			untranslated(st.Line, st.Col, "step has no say.zh")
		}
		if a := st.Ask; a != nil {
			if a.ZH == "" {
				untranslated(a.Line, a.Col, "ask has no ask.zh")
			}
			for _, c := range a.Choices {
				if c.ZH == "" {
					untranslated(c.Line, c.Col, "choice has no choice.zh")
				}
			}
		}
	}
	if l.Title.EN == "" || l.Title.ZH == "" || l.Summary.EN == "" || l.Summary.ZH == "" {
		fmt.Fprintf(stderr, "lessons/%s/lesson.json:1:1: title and summary need both en and zh\n", l.ID)
		code = 1
	}
	c := report(file, scenario.Run(sc, scenario.Options{}), stderr)
	code = max(code, c)
	if code == 0 && len(sc.Vars) > 0 {
		code = checkVariants(file, l.Scenario, stderr)
	}
	if code == 0 {
		what := fmt.Sprintf("%d steps", len(sc.Steps))
		if len(sc.Vars) > 0 {
			what += fmt.Sprintf(", %d variants", variants)
		}
		fmt.Fprintf(stdout, "ok  %s (%s)\n", l.ID, what)
	}
	return code
}

// variants is how many seeds check runs a lesson with variables at.
const variants = 20

// checkVariants runs a lesson with variables (let) at seeds 1 to
// variants: each variant must pass as the file's own seed does. It stops
// at the first that does not, naming its seed and values.
func checkVariants(file, src string, stderr io.Writer) int {
	for seed := int64(1); seed <= variants; seed++ {
		sc, err := scenario.ParseSeed(file, src, seed)
		if err != nil {
			fmt.Fprintln(stderr, err)
			return 2
		}
		var msgs strings.Builder
		code := report(file, scenario.Run(sc, scenario.Options{}), &msgs)
		if code == 0 {
			continue
		}
		vals := make([]string, len(sc.Vars))
		for i, v := range sc.Vars {
			vals[i] = v.Name + " = " + v.Value
		}
		for _, line := range strings.Split(strings.TrimSuffix(msgs.String(), "\n"), "\n") {
			fmt.Fprintf(stderr, "%s (variant seed %d: %s)\n", line, seed, strings.Join(vals, ", "))
		}
		return code
	}
	return 0
}
