// Package editor is the scenario editor: any lesson's scenario (or the
// playground's) opens in the page; the student changes it and runs it on
// the same page and stage. The text is parsed as it is typed, so a parse
// error shows at once at its line and column, with a one-click fix for a
// "did you mean"; the editor completes what the cursor's place asks for
// (complete.go). Running, and what ran, are the page's (Page).
//
// The textarea is in the Vugu tree but its value is not bound: a render
// racing a keystroke would put the old text back. Go sets the value only
// when it replaces the text (open, revert, a link), by generation: the
// host compares Gen with the one it last applied (wasm/).
package editor

//go:generate go tool vugugen -skip-go-mod -skip-main .

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf16"

	"brokerlab/core/scenario"
)

// EditedFile names an edited scenario (the editor's, a src= link's) in
// its messages, so that nothing it does is credited to the lesson's file.
const EditedFile = "edited.lab"

// Page is what the editor needs from the page.
type Page interface {
	T(key string) string          // a word of the chrome in the page's language
	ErrWords(err error) string    // an error of core, without a place, in the page's language
	Seed() int64                  // the run's seed, as the link gives it
	Own() (file, text string)     // the lesson's (or the playground's) own scenario
	Ran() (src string, err error) // the scenario that runs, as text, and what stopped its run
	// RunMarks are the lines of the running scenario its run failed at.
	RunMarks() []Mark
	RunEdited()         // runs the editor's text in place of the scenario
	RevertEdit()        // puts the own scenario back, in the editor and the run
	RevertText() string // RevertEdit's button
}

// Editor is the editor's state.
type Editor struct {
	P    Page
	Open bool
	Text string          // what the textarea holds
	Err  *scenario.Error // the parse error of Text, if any
	// Note is an error that is not the text's (a link too large to carry
	// it, the run's error), worded when shown (NoteText).
	Note func() string
	Gen  int // bumped whenever Go replaces the textarea's text
	// focus is 1 + a caret position (UTF-16) the host moves the
	// textarea's caret to after the next render, 0 for none; sel the end
	// of the selection from there.
	focus, sel int
	comp       *completion // the open completion list (complete.go), nil if none
}

// Show opens the editor on text.
func (e *Editor) Show(text string) {
	e.Open, e.Note = true, nil
	e.Replace(text)
}

// Close closes the editor; the run stays what it is.
func (e *Editor) Close() { e.Open, e.comp = false, nil }

// Replace replaces the editor's text (the textarea follows).
func (e *Editor) Replace(s string) {
	e.Gen++
	e.comp = nil
	e.SetText(s)
}

// SetText takes the textarea's text as it is typed and parses it.
func (e *Editor) SetText(s string) {
	e.Text = s
	e.Err = nil
	if _, err := scenario.ParseSeed(e.FileOf(s), s, e.P.Seed()); err != nil {
		e.Err, _ = err.(*scenario.Error) // ParseSeed's errors are all *scenario.Error
	}
}

// FileOf names a scenario text in its messages: the lesson's file while
// it is the lesson's own, else EditedFile.
func (e *Editor) FileOf(text string) string {
	if file, own := e.P.Own(); file != "" && text == own {
		return file
	}
	return EditedFile
}

// NoteText is the editor's note, "" if none, in the page's language.
func (e *Editor) NoteText() string {
	if e.Note == nil {
		return ""
	}
	return e.Note()
}

// Lines is the gutter: the line numbers, one a line.
func (e *Editor) Lines() string {
	n := e.Rows()
	var b strings.Builder
	for i := 1; i <= n; i++ {
		b.WriteString(strconv.Itoa(i))
		b.WriteByte('\n')
	}
	return b.String()
}

// Rows is the number of lines of the text.
func (e *Editor) Rows() int { return strings.Count(e.Text, "\n") + 1 }

// Mark is a line the editor marks, and why.
type Mark struct {
	Line, Col int
	Msg       string // in the page's language
}

// Marks are the lines the editor marks: the parse error's; else, while
// the editor holds the text that ran, each line the run failed at.
func (e *Editor) Marks() []Mark {
	if e.Err != nil {
		return []Mark{{e.Err.Line, e.Err.Col, e.P.ErrWords(e.Err.Data)}}
	}
	if src, _ := e.P.Ran(); e.Text != src {
		return nil
	}
	return e.P.RunMarks()
}

// mark is the first of Marks, if any.
func (e *Editor) mark() (Mark, bool) {
	if ms := e.Marks(); len(ms) > 0 {
		return ms[0], true
	}
	return Mark{}, false
}

// ErrLine is the line of the editor's first mark: the parse error's, or
// the first line its run failed at; 0 if none.
func (e *Editor) ErrLine() int {
	m, _ := e.mark()
	return m.Line
}

// ErrText is the first mark's error as the editor shows it.
func (e *Editor) ErrText() string {
	m, ok := e.mark()
	if !ok {
		return ""
	}
	return fmt.Sprintf(e.P.T("errAt"), m.Line, m.Col) + m.Msg
}

// GoToError puts the caret at the first mark (the host applies it).
func (e *Editor) GoToError() {
	if m, ok := e.mark(); ok {
		e.focus = 1 + Offset(e.Text, m.Line, m.Col)
	}
}

// TakeFocus is the caret position to apply, once; -1 for none.
func (e *Editor) TakeFocus() int {
	f := e.focus - 1
	e.focus, e.sel = 0, 0
	return f
}

// SelEnd is where the selection to apply ends (read before TakeFocus):
// past the caret when a completion selects a path's [KEY].
func (e *Editor) SelEnd() int { return max(e.sel, e.focus-1) }

// Offset is where line:col is in the text, in the UTF-16 code units a
// textarea's selection counts.
func Offset(text string, line, col int) int {
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
