package ui

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf16"

	"brokerlab/core/scenario"
	"brokerlab/lessons"
)

// The scenario editor: any lesson's scenario opens in the page; the
// student changes it and runs it on the same page and stage. The text is
// parsed as it is typed, so a parse error shows at once at its line and
// column; Run replaces the lesson's scenario with the edited one, which
// travels in the link (src=, srclink.go), so a reload or a shared link
// restores it.
//
// The textarea is in the Vugu tree but its value is not bound: a render
// racing a keystroke would put the old text back. Go sets the value only
// when it replaces the text (open, revert, a link), by generation: the
// host compares EditGen with the one it last applied (wasm/).

// EditState is the editor's part of the App.
type EditState struct {
	EditOpen bool
	EditText string          // what the textarea holds
	EditErr  *scenario.Error // the parse error of EditText, if any
	editNote func() string   // an error that is not the text's: a link too large to carry it (EditNote)
	EditGen  int             // bumped whenever Go replaces the textarea's text
	// editFocus is 1 + a caret position (UTF-16) the host moves the
	// textarea's caret to after the next render, 0 for none; editSel the
	// end of the selection from there.
	editFocus, editSel int
	comp               *completion // the open completion list (complete.go), nil if none
}

// parseLesson parses what a lesson link runs: the lesson's scenario, or
// the edited one the link carries. An edited scenario that does not parse
// opens in the editor, with its error, and the lesson's own runs.
func (a *App) parseLesson(les lessons.Lesson, l Link) (*scenario.Scenario, error) {
	a.picks = nil // an opened link asks its questions afresh
	if l.Src == "" {
		if a.EditOpen && a.Lesson.ID == les.ID {
			a.setEditText(les.Scenario) // back to the lesson's own
		} else {
			a.EditOpen = false
		}
		return scenario.ParseSeed(les.File, les.Scenario, l.Seed)
	}
	a.EditOpen, a.editNote = true, nil
	a.setEditText(l.Src)
	if a.EditErr == nil {
		file := EditedFile // a.Lesson is still the page's previous lesson
		if l.Src == les.Scenario {
			file = les.File
		}
		return scenario.ParseSeed(file, l.Src, l.Seed)
	}
	a.notice = func() string { return a.T("draftBroken") }
	return scenario.ParseSeed(les.File, les.Scenario, l.Seed)
}

// setEditText replaces the editor's text (the textarea follows).
func (a *App) setEditText(s string) {
	a.EditGen++
	a.comp = nil
	a.SetEditText(s)
}

// SetEditText takes the textarea's text as it is typed and parses it.
func (a *App) SetEditText(s string) {
	file := a.fileOf(s)
	a.EditText = s
	a.EditErr = nil
	if _, err := scenario.ParseSeed(file, s, a.Link.Seed); err != nil {
		a.EditErr, _ = err.(*scenario.Error) // ParseSeed's errors are all *scenario.Error
	}
}

// fileOf names a scenario text in its messages: the lesson's file while it
// is the lesson's own, else EditedFile.
func (a *App) fileOf(text string) string {
	if a.Lesson.File != "" && text == a.Lesson.Scenario {
		return a.Lesson.File
	}
	return EditedFile
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
	a.EditOpen, a.editNote = true, nil
	a.setEditText(a.Source())
}

// CloseEditor closes the editor; the run stays what it is.
func (a *App) CloseEditor() { a.EditOpen, a.comp = false, nil }

// ToggleEditor opens or closes the editor.
func (a *App) ToggleEditor() {
	if a.EditOpen {
		a.CloseEditor()
	} else {
		a.OpenEditor()
	}
}

// RunEdited runs the editor's text in place of the lesson's scenario, from
// its start: the what-ifs of the previous run named its events, so they go.
// A text that does not parse does not run; its error is on screen.
func (a *App) RunEdited() {
	defer a.catch()
	if !a.CanEdit() || a.EditErr != nil {
		return
	}
	sc, err := scenario.ParseSeed(a.fileOf(a.EditText), a.EditText, a.Link.Seed)
	if err != nil {
		return
	}
	a.editNote = nil
	src := a.EditText
	if src == a.Lesson.Scenario && a.Page == "lesson" {
		src = "" // the lesson's own: the link needs no src=
	} else if kb, ok := SrcFits(src); !ok {
		// It runs, but a link cannot carry it: say so rather than lose it
		// silently on the next reload.
		a.editNote = func() string { return fmt.Sprintf(a.T("srcTooBig"), kb, MaxSrcLink/1024) }
		src = ""
	}
	a.Sc = sc
	a.Link = Link{Page: a.Page, Lesson: a.Lesson.ID, Seed: a.Link.Seed, Src: src}
	if a.Page == "playground" {
		a.Link.Lesson = ""
		a.playEditedRun(src)
	}
	a.notice, a.Crash, a.Playing, a.Sel = nil, "", false, ""
	a.rerun()
	a.seek(0)
	if err := a.runErr(); err != nil {
		a.editNote = func() string { return a.errText(err) }
	}
}

// RevertEdit puts the lesson's own scenario back, in the editor and the run.
func (a *App) RevertEdit() {
	if !a.CanEdit() {
		return
	}
	a.setEditText(a.Lesson.Scenario)
	a.RunEdited()
}

// EditLines is the gutter: the line numbers, one a line.
func (a *App) EditLines() string {
	n := a.EditRows()
	var b strings.Builder
	for i := 1; i <= n; i++ {
		b.WriteString(strconv.Itoa(i))
		b.WriteByte('\n')
	}
	return b.String()
}

// EditRows is the number of lines of the text.
func (a *App) EditRows() int { return strings.Count(a.EditText, "\n") + 1 }

// EditErrLine is the line of the editor's first mark (failures.go): the
// parse error's, or the first line its run failed at; 0 if none.
func (a *App) EditErrLine() int {
	m, _ := a.editMark()
	return m.Line
}

// EditErrText is the first mark's error as the editor shows it.
func (a *App) EditErrText() string {
	m, ok := a.editMark()
	if !ok {
		return ""
	}
	return fmt.Sprintf(a.T("errAt"), m.Line, m.Col) + m.Msg
}

// GoToError puts the caret at the first mark (the host applies it).
func (a *App) GoToError() {
	if m, ok := a.editMark(); ok {
		a.editFocus = 1 + EditOffset(a.EditText, m.Line, m.Col)
	}
}

// TakeEditFocus is the caret position to apply, once; -1 for none.
func (a *App) TakeEditFocus() int {
	f := a.editFocus - 1
	a.editFocus, a.editSel = 0, 0
	return f
}

// EditSelEnd is where the selection to apply ends (read before
// TakeEditFocus): past the caret when a completion selects a path's [KEY].
func (a *App) EditSelEnd() int { return max(a.editSel, a.editFocus-1) }

// EditOffset is where line:col is in the text, in the UTF-16 code units a
// textarea's selection counts.
func EditOffset(text string, line, col int) int {
	off := 0
	for i, l := range strings.SplitAfter(text, "\n") {
		if i+1 == line {
			rs := []rune(strings.TrimSuffix(l, "\n"))
			return off + len(utf16.Encode(rs[:min(max(col-1, 0), len(rs))]))
		}
		off += len(utf16.Encode([]rune(l)))
	}
	return off
}
