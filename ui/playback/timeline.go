package playback

import "strconv"

// Timeline is the playback bar: play/pause, steps, speed, scrub slider and
// the position in events and virtual time.
type Timeline struct {
	P *Player
}

// PlayText is the play button's label.
func (c *Timeline) PlayText() string {
	if c.P.Playing {
		return c.P.P.T("pause")
	}
	return c.P.P.T("play")
}

// SetSpeed takes the speed select's value.
func (c *Timeline) SetSpeed(v string) {
	if i, err := strconv.Atoi(v); err == nil {
		c.P.SetSpeed(i)
	}
}
