package ui

import "strconv"

// Tools are the header's buttons for the classroom features: the
// scenario editor, presenter mode, export, the theme.
type Tools struct {
	A *App
}

// Pressed is aria-pressed for a toggle button.
func (c *Tools) Pressed(on bool) string { return strconv.FormatBool(on) }
