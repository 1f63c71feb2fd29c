package editor

import (
	"strconv"
	"strings"

	"github.com/vugu/vugu"
)

// ScenarioEditor is the scenario editor's panel (editor.go has its logic,
// complete.go its completion and fixes).
type ScenarioEditor struct {
	E *Editor
}

// Input takes the text as it is typed, with the caret and what kind of
// input it was (typing opens the completion list).
func (c *ScenarioEditor) Input(ev vugu.DOMEvent) {
	c.E.Input(ev.PropString("target", "value"), int(ev.PropFloat64("target", "selectionStart")), ev.PropString("inputType"))
}

// Key runs the text on Ctrl+Enter (⌘+Enter on a Mac) and opens the
// completion list on Ctrl+Space; while the list is open, its keys are its
// own (CompleteKey). Tab otherwise keeps moving the focus: a keyboard user
// must be able to leave the textarea.
func (c *ScenarioEditor) Key(ev vugu.DOMEvent) {
	key, ctrl := ev.PropString("key"), ev.PropBool("ctrlKey") || ev.PropBool("metaKey")
	switch {
	case key == "Enter" && ctrl:
		ev.PreventDefault()
		c.E.P.RunEdited()
	case key == " " && ctrl:
		ev.PreventDefault()
		c.E.Complete(int(ev.PropFloat64("target", "selectionStart")))
	case c.E.CompleteKey(key):
		ev.PreventDefault()
	}
}

// Pick accepts a clicked entry; the press is kept from the textarea's
// focus, which a blur would close the list with.
func (c *ScenarioEditor) Pick(ev vugu.DOMEvent, i int) {
	ev.PreventDefault()
	c.E.AcceptCompletion(i)
}

// Invalid is aria-invalid: the text has a parse error.
func (c *ScenarioEditor) Invalid() string { return strconv.FormatBool(c.E.Err != nil) }

// Expanded is aria-expanded: the completion list shows.
func (c *ScenarioEditor) Expanded() string { return strconv.FormatBool(c.E.CompleteOpen()) }

// Selected is an entry's aria-selected.
func (c *ScenarioEditor) Selected(r CompleteRow) string { return strconv.FormatBool(r.Sel) }

// RowClass marks the selected entry.
func (c *ScenarioEditor) RowClass(r CompleteRow) string {
	if r.Sel {
		return "copt sel"
	}
	return "copt"
}

// Above and Below count the entries out of the list's view.
func (c *ScenarioEditor) Above() string { s, _ := c.E.CompleteMore(); return s }
func (c *ScenarioEditor) Below() string { _, s := c.E.CompleteMore(); return s }

// BandPad is the lines above a mark's band: it sits on its line by the
// text's own line height, as the page's CSP refuses a style attribute
// that would place it.
func (c *ScenarioEditor) BandPad(m Mark) string { return strings.Repeat("\n", m.Line-1) }
