package ui

import (
	"slices"
	"time"

	"brokerlab/core/msg"
	"brokerlab/core/scenario"
	"brokerlab/core/sim"
	"brokerlab/lessons"
	"brokerlab/ui/playground"
)

// The page's side of the playground (ui/playground, playground.Page): what
// a playground link runs, running the form's scenario, and the invariant
// monitors over the run.

// playPage is the page as the playground sees it (playground.Page).
type playPage struct{ *App }

var _ playground.Page = playPage{}

// playScenario is what a playground link runs: the scenario it carries,
// else the default form's. Its form comes back from its "# form:" line.
func (a *App) playScenario(l Link) (lessons.Lesson, *scenario.Scenario, error) {
	a.PG.Failed = nil
	src := l.Src
	if src == "" {
		src = playground.DefaultForm().Lab()
	}
	f, ok := playground.FormOf(src)
	if !ok {
		f = playground.DefaultForm()
	}
	a.PG.Form, a.PG.Edited = f, src != f.Lab()
	les := playground.Lesson(f.Lab()) // the editor's "own" text is the form's
	if a.Ed.Open {
		a.Ed.Replace(src)
	}
	sc, err := scenario.ParseSeed(playground.File, src, l.Seed)
	if err != nil && src != les.Scenario {
		// A link's text that does not parse opens in the editor with its
		// error, and the form's scenario runs (as a lesson's draft does).
		a.Ed.Open, a.Ed.Note = true, nil
		a.Ed.Replace(src)
		a.notice = func() string { return a.T("playBroken") }
		sc, err = scenario.ParseSeed(playground.File, les.Scenario, l.Seed)
	}
	return les, sc, err
}

// Run runs src, the playground form's scenario, showing the moment at
// virtual time at; ran is false when src does not parse.
func (a playPage) Run(src string, at time.Duration) (ran bool, err error) {
	defer a.catch()
	sc, err := scenario.ParseSeed(playground.File, src, a.Link.Seed)
	if err != nil {
		return false, err
	}
	ran = true
	a.Lesson, a.Sc = playground.Lesson(src), sc
	a.Link = Link{Page: "playground", Seed: a.Link.Seed, Src: src}
	if a.Ed.Open {
		a.Ed.Replace(src)
	}
	a.notice, a.Crash, a.Play.Playing = nil, "", false
	a.rerun()
	a.seekTime(at)
	return true, a.runErr()
}

// playEditedRun follows the editor's text, run in the playground: the
// form is its "# form:" line's, and says whether the text is the form's.
func (a *App) playEditedRun(src string) {
	a.PG.Failed = nil
	if f, ok := playground.FormOf(src); ok {
		a.PG.Form = f
		a.Lesson = playground.Lesson(f.Lab())
	}
	a.PG.Edited = src != a.PG.Form.Lab()
}

// seekTime shows the first event at virtual time at or later.
func (a *App) seekTime(at time.Duration) {
	us := at.Microseconds()
	i, _ := slices.BinarySearchFunc(a.M.Trace, us, func(e sim.Event, t int64) int { return int(e.T - t) })
	a.Play.Jump(i)
}

// Download saves a text file (nothing without a browser).
func (a playPage) Download(name, mime, data string) {
	if a.Class.Web != nil {
		a.Class.Web.Download(name, mime, data)
	}
}

// Now is the current event's virtual time.
func (a playPage) Now() time.Duration { return time.Duration(a.Event().T) * time.Microsecond }

// HasSteps reports whether the run's scenario narrates (say lines written
// in the editor make the playground's scenario a lesson's draft: the
// narration shows under the form).
func (a *App) HasSteps() bool { return a.Sc != nil && len(a.Sc.Steps) > 0 }

// The invariant monitors: what the systems check at every step (kind
// invariant in the trace), as three lines the playground shows while it
// plays. Each is known by the notes core traces when it breaks (their
// English formats, the notes catalog's keys), and applies when the run has
// what it is about.
type monitor struct {
	key     string   // words: its name
	formats []string // the violation notes that break it
	applies func(a *App) bool
}

var monitors = []monitor{
	{key: "inv.acked", formats: []string{"acknowledged acks=all record %s@%d (%s) lost without an unclean election"},
		applies: func(a *App) bool { return a.End().Clu != nil }},
	{key: "inv.leader", formats: []string{"two leaders of %s in epoch %d: brokers %d and %d"},
		applies: func(a *App) bool { return a.End().Clu != nil }},
	{key: "inv.owner", formats: []string{"%s generation %d: %s is assigned to both %s and %s"},
		applies: func(a *App) bool { return a.End().Grp != nil && len(a.End().Grp.Groups) > 0 }},
}

type monitorHit struct {
	seq, monitor int
	note         *msg.Note
}

func (a playPage) monitorHits() []monitorHit {
	if a.hits.run != a.run || a.hits.of == nil {
		a.hits.run, a.hits.of = a.run, []monitorHit{}
		for _, e := range a.M.Trace {
			if e.Kind != sim.Invariant || e.Words == nil {
				continue
			}
			for i, m := range monitors {
				if slices.Contains(m.formats, e.Words.Format) {
					a.hits.of = append(a.hits.of, monitorHit{e.Seq, i, e.Words})
				}
			}
		}
	}
	return a.hits.of
}

// Monitors are the panel's lines at the current event.
func (a playPage) Monitors() []playground.MonitorView {
	if a.M == nil {
		return nil
	}
	hits := a.monitorHits()
	var out []playground.MonitorView
	for i, m := range monitors {
		v := playground.MonitorView{Name: a.T(m.key), State: a.T("inv.holds"), Class: "inv holds"}
		if !m.applies(a.App) {
			v.State, v.Class = a.T("inv.none"), "inv none"
		}
		for _, h := range hits {
			if h.monitor == i && h.seq <= a.Play.Pos {
				v.State, v.Class, v.Detail = a.T("inv.broken"), "inv broken", h.note.Words(a.Lang)
				break
			}
		}
		out = append(out, v)
	}
	return out
}
