package ui

import (
	"strconv"
	"strings"

	"github.com/vugu/vugu"
)

// ScenarioEditor is the scenario editor's panel (editor.go has its logic).
type ScenarioEditor struct {
	A *App
}

// Key runs the text on Ctrl+Enter (⌘+Enter on a Mac). Tab keeps moving
// the focus: a keyboard user must be able to leave the textarea.
func (c *ScenarioEditor) Key(ev vugu.DOMEvent) {
	if ev.PropString("key") == "Enter" && (ev.PropBool("ctrlKey") || ev.PropBool("metaKey")) {
		ev.PreventDefault()
		c.A.RunEdited()
	}
}

// Invalid is aria-invalid: the text has a parse error.
func (c *ScenarioEditor) Invalid() string { return strconv.FormatBool(c.A.EditErr != nil) }

// BandPad is the lines above a mark's band: it sits on its line by the
// text's own line height, as the page's CSP refuses a style attribute
// that would place it.
func (c *ScenarioEditor) BandPad(m EditMark) string { return strings.Repeat("\n", m.Line-1) }
