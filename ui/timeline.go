package ui

import "strconv"

// Timeline is the playback bar: play/pause, steps, speed, scrub slider and
// the position in events and virtual time.
type Timeline struct {
	A *App
}

// PlayText is the play button's label.
func (c *Timeline) PlayText() string {
	if c.A.Playing {
		return c.A.T("pause")
	}
	return c.A.T("play")
}

// SetSpeed takes the speed select's value.
func (c *Timeline) SetSpeed(v string) {
	if i, err := strconv.Atoi(v); err == nil {
		c.A.SetSpeed(i)
	}
}
