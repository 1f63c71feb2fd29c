package ui

import (
	"brokerlab/core/sim"
	"brokerlab/ui/lesson"
	"strconv"
	"strings"
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

// AccessState is the accessibility and theme part of the App.
type AccessState struct {
	Theme         string // "light" or "dark"
	ReducedMotion bool   // prefers-reduced-motion: tokens jump instead of gliding

	saidStep int // the step last announced, +1 (0: none yet)
	saidPos  int // the event last announced, +1
	saidRun  int
	saidAt   float64
}

// tween is how far tokens glide towards the next event: not at all when
// the user asked for reduced motion.
func (a *App) tween() float64 {
	if a.ReducedMotion {
		return 0
	}
	return a.Frac
}

// SetTheme switches the theme and remembers the choice.
func (a *App) SetTheme(t string) {
	a.showTheme(t)
	if a.Host != nil {
		a.Host.Store("theme", a.Theme)
	}
}

// showTheme switches the theme for this visit.
func (a *App) showTheme(t string) {
	if t != "dark" {
		t = "light"
	}
	a.Theme = t
	if a.Web != nil {
		a.Web.SetTheme(t)
	}
}

// ToggleTheme switches between light and dark.
func (a *App) ToggleTheme() {
	if a.Theme == "dark" {
		a.SetTheme("light")
	} else {
		a.SetTheme("dark")
	}
}

// ThemeText is the theme button's label: what it switches to.
func (a *App) ThemeText() string {
	if a.Theme == "dark" {
		return a.T("themeLight")
	}
	return a.T("themeDark")
}

// announce tells the live region what changed (afterTick calls it).
func (a *App) announce() {
	if a.Web == nil || a.Page == "list" || a.M == nil || a.Len() == 0 || a.Audience() {
		return
	}
	now := a.lastTick
	if a.saidRun != a.run {
		a.saidRun, a.saidStep, a.saidPos = a.run, 0, 0
	}
	if st := a.State().Step; st >= 0 && st+1 != a.saidStep {
		a.saidStep, a.saidPos, a.saidAt = st+1, a.Pos+1, now
		a.Web.Announce(a.stepAnnouncement(st))
		return
	}
	if a.Pos+1 == a.saidPos || (a.Playing && now-a.saidAt < AnnounceEvery) {
		return
	}
	a.saidPos, a.saidAt = a.Pos+1, now
	a.Web.Announce(a.EventAnnouncement())
}

// stepAnnouncement is step k as heard: its number and text, or its
// question and choices while the question is open.
func (a *App) stepAnnouncement(k int) string {
	head := a.T("stepOf") + " " + strconv.Itoa(k+1) + " / " + strconv.Itoa(len(a.Sc.Steps)) + ". "
	if a.Quiz.Open(k) {
		q := a.Quiz.View(k)
		var cs []string
		for i, c := range q.Choices {
			cs = append(cs, strconv.Itoa(i+1)+". "+c.Label)
		}
		return head + a.T("question") + ": " + q.Text + " " + strings.Join(cs, "; ")
	}
	st := a.Sc.Steps[k]
	return head + strings.ReplaceAll(lesson.InLang(a.Lang, st.EN, st.ZH), "`", "")
}

// EventAnnouncement is the current event in words: number, thread, what
// it did, to what.
func (a *App) EventAnnouncement() string {
	e := a.Quiz.Unspoiled(a.M.Trace[a.Pos], a.Pos)
	parts := []string{a.PosText() + ":", e.Actor, string(e.Kind)}
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
