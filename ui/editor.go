package ui

import (
	"fmt"

	"brokerlab/core/scenario"
	"brokerlab/lessons"
	"brokerlab/ui/editor"
)

// The page's side of the scenario editor (ui/editor, editor.Page): what
// runs, an edited scenario in the link (src=, srclink.go), and running the
// editor's text.

// editorPage is the page as the editor sees it (editor.Page).
type editorPage struct{ *App }

var _ editor.Page = editorPage{}

// parseLesson parses what a lesson link runs: the lesson's scenario, or
// the edited one the link carries. An edited scenario that does not parse
// opens in the editor, with its error, and the lesson's own runs.
func (a *App) parseLesson(les lessons.Lesson, l Link) (*scenario.Scenario, error) {
	a.Quiz.Forget() // an opened link asks its questions afresh
	if l.Src == "" {
		if a.Ed.Open && a.Lesson.ID == les.ID {
			a.Ed.Replace(les.Scenario) // back to the lesson's own
		} else {
			a.Ed.Open = false
		}
		return scenario.ParseSeed(les.File, les.Scenario, l.Seed)
	}
	a.Ed.Show(l.Src)
	if a.Ed.Err == nil {
		file := editor.EditedFile // a.Lesson is still the page's previous lesson
		if l.Src == les.Scenario {
			file = les.File
		}
		return scenario.ParseSeed(file, l.Src, l.Seed)
	}
	a.notice = func() string { return a.T("draftBroken") }
	return scenario.ParseSeed(les.File, les.Scenario, l.Seed)
}

// Source is the scenario the page runs, as text.
func (a *App) Source() string {
	if a.Link.Src != "" {
		return a.Link.Src
	}
	return a.Lesson.Scenario
}

// Edited reports whether the page runs an edited scenario.
func (a *App) Edited() bool { return a.Link.Src != "" }

// CanEdit reports whether the page has a scenario to edit: a lesson's or
// the playground's.
func (a *App) CanEdit() bool { return (a.Page == "lesson" || a.Page == "playground") && a.Sc != nil }

// OpenEditor opens the running scenario in the editor.
func (a *App) OpenEditor() {
	if !a.CanEdit() {
		return
	}
	a.Ed.Show(a.Source())
}

// ToggleEditor opens or closes the editor.
func (a *App) ToggleEditor() {
	if a.Ed.Open {
		a.Ed.Close()
	} else {
		a.OpenEditor()
	}
}

// RunEdited runs the editor's text in place of the lesson's scenario, from
// its start: the what-ifs of the previous run named its events, so they go.
// A text that does not parse does not run; its error is on screen.
func (a *App) RunEdited() {
	defer a.catch()
	if !a.CanEdit() || a.Ed.Err != nil {
		return
	}
	sc, err := scenario.ParseSeed(a.Ed.FileOf(a.Ed.Text), a.Ed.Text, a.Link.Seed)
	if err != nil {
		return
	}
	a.Ed.Note = nil
	src := a.Ed.Text
	if src == a.Lesson.Scenario && a.Page == "lesson" {
		src = "" // the lesson's own: the link needs no src=
	} else if kb, ok := SrcFits(src); !ok {
		// It runs, but a link cannot carry it: say so rather than lose it
		// silently on the next reload.
		a.Ed.Note = func() string { return fmt.Sprintf(a.T("srcTooBig"), kb, MaxSrcLink/1024) }
		src = ""
	}
	a.Sc = sc
	a.Link = Link{Page: a.Page, Lesson: a.Lesson.ID, Seed: a.Link.Seed, Src: src}
	if a.Page == "playground" {
		a.Link.Lesson = ""
		a.playEditedRun(src)
	}
	a.notice, a.Crash, a.Play.Playing, a.Sel = nil, "", false, ""
	a.rerun()
	a.Play.Jump(0)
	if err := a.runErr(); err != nil {
		a.Ed.Note = func() string { return a.ErrText(err) }
	}
}

// RevertEdit puts the lesson's own scenario back, in the editor and the run.
func (a *App) RevertEdit() {
	if !a.CanEdit() {
		return
	}
	a.Ed.Replace(a.Lesson.Scenario)
	a.RunEdited()
}

// Seed is the link's seed (0: the scenario's).
func (a editorPage) Seed() int64 { return a.Link.Seed }

// Own is the lesson's (or the playground form's) own scenario and its file.
func (a editorPage) Own() (file, text string) { return a.Lesson.File, a.Lesson.Scenario }

// Ran is the scenario that runs, as text, and the error that stopped its run.
func (a editorPage) Ran() (string, error) { return a.Source(), a.runErr() }

// RevertText is the editor's button that puts the page's own scenario
// back: the lesson's, or the playground's form's.
func (a editorPage) RevertText() string {
	if a.Page == "playground" {
		return a.T("playRevert")
	}
	return a.T("editRevert")
}
