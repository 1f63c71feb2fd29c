package ui

import (
	"brokerlab/core/sim"
	"brokerlab/ui/classroom"
)

// The page's side of the classroom (ui/classroom, classroom.Page):
// progress, presenter mode, export, the theme and the live region.

// classPage is the page as the classroom sees it (classroom.Page).
type classPage struct{ *App }

var _ classroom.Page = classPage{}

// Store keeps a choice for the next visit (nothing without a browser).
func (a classPage) Store(key, value string) {
	if a.Host != nil {
		a.Host.Store(key, value)
	}
}

// Where is the page and its run at the current event.
func (a classPage) Where() classroom.Where {
	return classroom.Where{
		Page: a.Page, Lesson: a.Lesson.ID, Edited: a.Edited(), Shown: a.M != nil, Run: a.run,
		Pos: a.Play.Pos, Len: a.Len(), Playing: a.Play.Playing, Speed: a.Play.Speed, Sel: a.Sel, Lang: a.Lang,
	}
}

// Link is the link to the run at event pos, in a presenter window if
// present.
func (a classPage) Link(pos int, present bool) string {
	l := a.App.Link
	l.Pos, l.Present = pos, l.Present || present
	return l.String()
}

// Follow shows the teacher's moment in this presenter window: the run (a
// lesson's; on the list, the teacher keeps the last stage), then where it
// is.
func (a classPage) Follow(m classroom.Moment) {
	defer a.catch()
	l, err := ParseLink(m.Link)
	if err != nil || l.Page != "lesson" {
		return
	}
	l.Present, l.Pos = true, 0
	cur := a.App.Link
	cur.Pos = 0
	if l.String() != cur.String() {
		a.Route(l.String())
	}
	if m.Pos != a.Play.Pos {
		a.Play.Jump(m.Pos)
	}
	a.Play.Playing = m.Playing && a.Play.Pos < a.Len()-1
	a.Play.SetSpeed(m.Speed)
	a.Sel = m.Sel
	if m.Lang == "zh" || m.Lang == "en" {
		a.Lang = m.Lang
	}
	a.dirty = true
}

// Pause stops playing.
func (a classPage) Pause() { a.Play.Playing = false }

// Answers are the questions answered and graded by the current event.
func (a classPage) Answers() (run string, graded []classroom.Answer) {
	run = a.Quiz.RunName()
	if a.Res == nil {
		return run, nil
	}
	for _, r := range a.Res.Asks {
		i, picked := a.Quiz.Picks()[r.Step]
		if !picked || a.Play.Pos < r.Seq || i >= len(r.Choices) {
			continue
		}
		graded = append(graded, classroom.Answer{Step: r.Step, Right: r.Choices[i].Holds})
	}
	return run, graded
}

// SpokenStep is step k as heard.
func (a classPage) SpokenStep(k int) string { return a.Quiz.Spoken(k) }

// ShownEvent is the current event as the log shows it, and where it is.
func (a classPage) ShownEvent() (sim.Event, string) {
	return a.Quiz.Unspoiled(a.M.Trace[a.Play.Pos], a.Play.Pos), a.PosText()
}

// Run is what runs, for an export.
func (a classPage) Run() (classroom.Run, bool) {
	if a.M == nil {
		return classroom.Run{}, false
	}
	r := classroom.Run{
		Page: a.Page, Lesson: a.Lesson.ID, Title: a.Title(), Edited: a.Edited(),
		Seed: a.SeedText(), OwnSeed: a.App.Link.Seed != 0, Sets: a.App.Link.Sets, Inject: a.App.Link.Inject,
		Step: a.Step(), Pos: a.Play.Pos, PosText: a.PosText(), At: a.TimeText(), Trace: a.M.Trace,
	}
	if a.Sc != nil {
		r.Steps = len(a.Sc.Steps)
	}
	return r, true
}
