// Package guide writes the teacher's guides: one static page a lesson,
// guide/<lesson id>.html in the built site, to prepare a class from and to
// print (A4). A guide shows every step's narration in English and Chinese
// with the time it plays at 1×, each question with its choices and the
// answer as the simulation grades it with the lesson's seed, the lesson's
// suggested what-ifs with what to look for, and the screenshot of its crux
// (docs/lessons/NN.png, make screenshots).
//
// Nothing in a guide is written by hand: it runs the lesson as the page
// does (the run's Asks are the grading, playback.StoryTimes the timing), so it
// never drifts from the lessons. site.Build writes the guides with the
// rest of the site.
package guide

import (
	"bytes"
	"embed"
	"fmt"
	"html/template"
	"math"
	"os"
	"path/filepath"

	"brokerlab/core/scenario"
	"brokerlab/lessons"
	"brokerlab/ui"
	"brokerlab/ui/playback"
)

//go:embed guide.html guide.css
var files embed.FS

var page = template.Must(template.New("guide.html").Funcs(template.FuncMap{"clock": clock, "add": func(a, b float64) float64 { return a + b }}).ParseFS(files, "guide.html"))

// Guide is one lesson's guide.
type Guide struct {
	Lesson  lessons.Lesson
	Seed    int64
	Steps   []Step
	WhatIfs []WhatIf
	Total   float64 // seconds at 1×, the whole lesson
	Shot    string  // the crux's screenshot, beside the page ("01.png"); "" without one
	Open    string  // the lesson in the page, from the guide ("../#/lesson/…")
}

// Step is one narration step.
type Step struct {
	N       int // 1-based
	Text    lessons.Text
	Seconds float64 // at 1×
	Ask     *Question
	Crux    bool   // the lesson's crux: the screenshot shows its end
	Open    string // the page at this step
}

// Question is a step's question as the simulation graded it.
type Question struct {
	Text    lessons.Text
	Choices []Choice
	Got     []Value // the choices' paths as the step ended, each once
}

// Choice is one choice with its condition.
type Choice struct {
	Text  lessons.Text
	Cond  string // "controller.preempted == …"
	Right bool   // its condition held as the step ended: a right answer
}

// Value is a state path's value.
type Value struct{ Path, Value string }

// WhatIf is a suggested what-if and what to look for.
type WhatIf struct {
	lessons.WhatIf
	Open string // the page with its settings
}

// Build runs lesson l and gathers its guide. shots is the folder of the
// crux screenshots (docs/lessons); a missing one leaves Shot empty.
func Build(l lessons.Lesson, shots string) (*Guide, error) {
	sc, err := scenario.Parse(l.File, l.Scenario)
	if err != nil {
		return nil, err
	}
	res := scenario.Run(sc, scenario.Options{})
	if res.Err != nil || res.Panic != "" || len(res.Failures) > 0 {
		return nil, fmt.Errorf("guide: %s does not run cleanly (go run . check): %v%s %v", l.ID, res.Err, res.Panic, res.Failures)
	}
	g := &Guide{Lesson: l, Seed: sc.Seed, Open: "../" + ui.Link{Page: "lesson", Lesson: l.ID}.String()}
	times := playback.StoryTimes(res)
	for i, m := range res.Steps {
		st := sc.Steps[m.Step]
		s := Step{
			N: m.Step + 1, Text: lessons.Text{EN: st.EN, ZH: st.ZH}, Seconds: times[i], Crux: m.Step+1 == l.Crux,
			Open: "../" + ui.Link{Page: "lesson", Lesson: l.ID, Pos: m.Seq}.String(),
		}
		if st.Ask != nil {
			q, err := graded(st.Ask, m.Step, res.Asks)
			if err != nil {
				return nil, fmt.Errorf("guide: %s step %d: %w", l.ID, s.N, err)
			}
			s.Ask = q
		}
		g.Steps = append(g.Steps, s)
		g.Total += s.Seconds
	}
	for _, w := range l.WhatIfs {
		g.WhatIfs = append(g.WhatIfs, WhatIf{WhatIf: w, Open: "../" + ui.Link{Page: "lesson", Lesson: l.ID, Sets: w.Set}.String()})
	}
	shot := filepath.Join(shots, l.ID[:2]+".png")
	if _, err := os.Stat(shot); err == nil {
		g.Shot = filepath.Base(shot)
	}
	return g, nil
}

// graded is step k's question with the run's grading of it.
func graded(a *scenario.Ask, k int, asks []scenario.AskResult) (*Question, error) {
	for _, r := range asks {
		if r.Step != k || len(r.Choices) != len(a.Choices) {
			continue
		}
		q := &Question{Text: lessons.Text{EN: a.EN, ZH: a.ZH}}
		seen := map[string]bool{}
		for i, c := range a.Choices {
			q.Choices = append(q.Choices, Choice{Text: lessons.Text{EN: c.EN, ZH: c.ZH}, Cond: c.Cond.String(), Right: r.Choices[i].Holds})
			if !seen[c.Cond.Path] {
				seen[c.Cond.Path] = true
				q.Got = append(q.Got, Value{c.Cond.Path, r.Choices[i].Got})
			}
		}
		return q, nil
	}
	return nil, fmt.Errorf("the run never graded the question")
}

// Write writes every lesson's guide into dst/guide/, with its stylesheet
// and the crux screenshots copied from root/docs/lessons.
func Write(root, dst string) error {
	all, err := lessons.All()
	if err != nil {
		return err
	}
	dir := filepath.Join(dst, "guide")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	css, err := files.ReadFile("guide.css")
	if err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(dir, "guide.css"), css, 0o644); err != nil {
		return err
	}
	shots := filepath.Join(root, "docs", "lessons")
	for _, l := range all {
		g, err := Build(l, shots)
		if err != nil {
			return err
		}
		var b bytes.Buffer
		if err := page.Execute(&b, g); err != nil {
			return fmt.Errorf("guide: %s: %w", l.ID, err)
		}
		if err := os.WriteFile(filepath.Join(dst, filepath.FromSlash(ui.GuideHref(l.ID))), b.Bytes(), 0o644); err != nil {
			return err
		}
		if g.Shot != "" {
			png, err := os.ReadFile(filepath.Join(shots, g.Shot))
			if err != nil {
				return err
			}
			if err := os.WriteFile(filepath.Join(dir, g.Shot), png, 0o644); err != nil {
				return err
			}
		}
	}
	return nil
}

// clock is a duration for a person: "17 s", "4 min 05 s".
func clock(sec float64) string {
	s := int(math.Round(sec))
	if s < 60 {
		return fmt.Sprintf("%d s", s)
	}
	return fmt.Sprintf("%d min %02d s", s/60, s%60)
}
