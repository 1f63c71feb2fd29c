package classroom

import (
	"strings"

	"brokerlab/core/sim"
)

// Everyone: the theme, reduced motion, and what a screen reader hears.
//
// The narration and the events are announced through an aria-live region
// (index.html's #live): a new step at once, its text (or its question);
// an event when the student steps to it; while playing, at most one event
// every AnnounceEvery, since a screen reader cannot keep up with 32 a
// second and would queue them.

// AnnounceEvery throttles event announcements while playing (ms).
const AnnounceEvery = 3000

// said is what the live region said last.
type said struct {
	step int // the step last announced, +1 (0: none yet)
	pos  int // the event last announced, +1
	run  int
	at   float64
}

// AppClass is the page's class: "presenter" in a presenter window,
// "reduced-motion" when tokens jump.
func (c *Class) AppClass() string {
	cl := "app"
	if c.P.Audience() {
		cl += " presenter"
	}
	if c.ReducedMotion {
		cl += " reduced-motion"
	}
	return cl
}

// Tween is how far tokens glide towards the next event, frac of the way
// while playing: not at all when the user asked for reduced motion.
func (c *Class) Tween(frac float64) float64 {
	if c.ReducedMotion {
		return 0
	}
	return frac
}

// SetTheme switches the theme and remembers the choice.
func (c *Class) SetTheme(t string) {
	c.ShowTheme(t)
	c.P.Store("theme", c.Theme)
}

// ShowTheme switches the theme for this visit.
func (c *Class) ShowTheme(t string) {
	if t != "dark" {
		t = "light"
	}
	c.Theme = t
	if c.Web != nil {
		c.Web.SetTheme(t)
	}
}

// ToggleTheme switches between light and dark.
func (c *Class) ToggleTheme() {
	if c.Theme == "dark" {
		c.SetTheme("light")
	} else {
		c.SetTheme("dark")
	}
}

// ThemeText is the theme button's label: what it switches to.
func (c *Class) ThemeText() string {
	if c.Theme == "dark" {
		return c.P.T("themeLight")
	}
	return c.P.T("themeDark")
}

// announce tells the live region what changed at wall time now (ms).
func (c *Class) announce(now float64) {
	if c.Web == nil {
		return
	}
	w := c.P.Where()
	if w.Page == "list" || !w.Shown || w.Len == 0 || c.P.Audience() {
		return
	}
	s := &c.said
	if s.run != w.Run {
		s.run, s.step, s.pos = w.Run, 0, 0
	}
	if st := c.P.Step(); st >= 0 && st+1 != s.step {
		s.step, s.pos, s.at = st+1, w.Pos+1, now
		c.Web.Announce(c.P.SpokenStep(st))
		return
	}
	if w.Pos+1 == s.pos || (w.Playing && now-s.at < AnnounceEvery) {
		return
	}
	s.pos, s.at = w.Pos+1, now
	c.Web.Announce(c.EventAnnouncement())
}

// EventAnnouncement is the current event in words: number, thread, what
// it did, to what.
func (c *Class) EventAnnouncement() string {
	e, at := c.P.ShownEvent()
	parts := []string{at + ":", e.Actor, string(e.Kind)}
	for _, s := range []string{e.Subj, e.Item} {
		if s != "" {
			parts = append(parts, s)
		}
	}
	switch {
	case e.Kind == sim.State:
		parts = append(parts, e.From+" → "+e.To)
	case e.Note != "":
		parts = append(parts, e.Note)
	}
	return strings.Join(parts, " ")
}
