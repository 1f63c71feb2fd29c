package ui

import (
	"errors"
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
	// textarea's caret to after the next render; 0 for none.
	editFocus int
}

// parseLesson parses what a lesson link runs: the lesson's scenario, or
// the edited one the link carries. An edited scenario that does not parse
// opens in the editor, with its error, and the lesson's own runs.
func (a *App) parseLesson(les lessons.Lesson, l Link) (*scenario.Scenario, error) {
	a.picks = nil // an opened link asks its questions afresh
	if l.Src == "" {
		if a.EditOpen && a.Lesson.ID == les.ID {
			a.setEditText(les.File, les.Scenario) // back to the lesson's own
		} else {
			a.EditOpen = false
		}
		return scenario.ParseSeed(les.File, les.Scenario, l.Seed)
	}
	a.EditOpen, a.editNote = true, nil
	a.setEditText(les.File, l.Src)
	if a.EditErr == nil {
		return scenario.ParseSeed(les.File, l.Src, l.Seed)
	}
	a.notice = func() string { return a.T("draftBroken") }
	return scenario.ParseSeed(les.File, les.Scenario, l.Seed)
}

// setEditText replaces the editor's text (the textarea follows).
func (a *App) setEditText(file, s string) {
	a.EditGen++
	a.editText(file, s)
}

// SetEditText takes the textarea's text as it is typed and parses it.
func (a *App) SetEditText(s string) { a.editText(a.editFile(), s) }

func (a *App) editText(file, s string) {
	a.EditText = s
	a.EditErr = nil
	if _, err := scenario.ParseSeed(file, s, a.Link.Seed); err != nil {
		var perr *scenario.Error
		if errors.As(err, &perr) {
			a.EditErr = perr
		} else {
			a.EditErr = &scenario.Error{File: file, Line: 1, Col: 1, Msg: err.Error()}
		}
	}
}

func (a *App) editFile() string {
	if a.Lesson.File != "" {
		return a.Lesson.File
	}
	return "scenario.lab"
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

// CanEdit reports whether the page has a scenario to edit: a lesson.
func (a *App) CanEdit() bool { return a.Page == "lesson" && a.Sc != nil }

// OpenEditor opens the running scenario in the editor.
func (a *App) OpenEditor() {
	if !a.CanEdit() {
		return
	}
	a.EditOpen, a.editNote = true, nil
	a.setEditText(a.editFile(), a.Source())
}

// CloseEditor closes the editor; the run stays what it is.
func (a *App) CloseEditor() { a.EditOpen = false }

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
	sc, err := scenario.ParseSeed(a.editFile(), a.EditText, a.Link.Seed)
	if err != nil {
		return
	}
	a.editNote = nil
	src := a.EditText
	if src == a.Lesson.Scenario {
		src = ""
	} else if kb, ok := SrcFits(src); !ok {
		// It runs, but a link cannot carry it: say so rather than lose it
		// silently on the next reload.
		a.editNote = func() string { return fmt.Sprintf(a.T("srcTooBig"), kb, MaxSrcLink/1024) }
		src = ""
	}
	a.Sc = sc
	a.Link = Link{Page: a.Page, Lesson: a.Lesson.ID, Seed: a.Link.Seed, Src: src}
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
	a.setEditText(a.editFile(), a.Lesson.Scenario)
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

// EditErrLine is the line of the parse error, 0 if none.
func (a *App) EditErrLine() int {
	if a.EditErr == nil {
		return 0
	}
	return a.EditErr.Line
}

// EditErrText is the parse error as the editor shows it.
func (a *App) EditErrText() string {
	if a.EditErr == nil {
		return ""
	}
	return fmt.Sprintf(a.T("errAt"), a.EditErr.Line, a.EditErr.Col) + a.errMsg(a.EditErr.Msg)
}

// GoToError puts the caret at the parse error (the host applies it).
func (a *App) GoToError() {
	if a.EditErr != nil {
		a.editFocus = 1 + EditOffset(a.EditText, a.EditErr.Line, a.EditErr.Col)
	}
}

// TakeEditFocus is the caret position to apply, once; -1 for none.
func (a *App) TakeEditFocus() int {
	f := a.editFocus - 1
	a.editFocus = 0
	return f
}

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
