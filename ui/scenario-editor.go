package ui

import (
	"strconv"

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

// BandStyle places a mark's band on its line (CSS counts the lines).
func (c *ScenarioEditor) BandStyle(m EditMark) string { return "--line:" + strconv.Itoa(m.Line) }
