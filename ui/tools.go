package ui

import "strconv"

// Tools are the header's buttons for the classroom features: the
// scenario editor, presenter mode, export, the theme.
type Tools struct {
	A *App
}

// Pressed is aria-pressed for a toggle button.
func (c *Tools) Pressed(on bool) string { return strconv.FormatBool(on) }

// PresentText is the presenter button's label.
func (c *Tools) PresentText() string {
	if c.A.Class.Presenting {
		return c.A.T("presenting")
	}
	return c.A.T("present")
}
