package ui

import "brokerlab/ui/playback"

// The page's side of playback (ui/playback, playback.Page), the keyboard,
// and the frame's tick.

// playbackPage is the page as playback sees it (playback.Page).
type playbackPage struct{ *App }

var _ playback.Page = playbackPage{}

// StopsAt reports whether playing stops at event pos (lesson.Quiz.StopsAt).
func (a playbackPage) StopsAt(pos int) bool { return a.Quiz.StopsAt(pos) }

// Unanswered reports whether step k's question waits for a pick.
func (a playbackPage) Unanswered(k int) bool { return a.Quiz.Unanswered(k) }

// Catch, deferred, turns a panic into a message on the page.
func (a playbackPage) Catch() {
	if r := recover(); r != nil {
		a.crashed(r)
	}
}

// Shortcuts reports whether the keyboard shortcuts apply: on a lesson page,
// not on the list, where space and the arrows scroll, nor in the
// projector's window, which follows the teacher's (a key pressed there
// would make the two drift apart).
func (a *App) Shortcuts() bool { return a.Page != "list" && !a.Audience() }

// Key handles a key press; it reports whether the key was one of ours.
func (a *App) Key(k string) bool {
	if !a.Shortcuts() {
		return false
	}
	switch k {
	case " ":
		a.Play.Toggle()
	case "ArrowLeft":
		a.Play.StepBy(-1)
	case "ArrowRight":
		a.Play.StepBy(1)
	case "[":
		a.Play.SetSpeed(a.Play.Speed - 1)
	case "]":
		a.Play.SetSpeed(a.Play.Speed + 1)
	case "1", "2", "3", "4", "5", "6", "7", "8", "9":
		// The open question's choice: a class can vote, the teacher types it.
		step := a.Step()
		if !a.Quiz.Open(step) {
			return false
		}
		a.Quiz.Pick(step, int(k[0]-'1'))
	default:
		return false
	}
	return true
}

// Tick advances playback to wall time now (ms). It reports whether the
// chrome must re-render: when its own state changed, at most five times a
// second while playing, because every Vugu render rebuilds the whole tree.
func (a *App) Tick(now float64) (render bool) {
	defer a.catch()
	defer a.Class.AfterTick(now)
	dt := now - a.lastTick
	a.lastTick = now
	if dt < 0 {
		dt = 0
	}
	if dt > 100 {
		dt = 100 // a hidden tab or the first frame: do not leap ahead
	}
	if a.M != nil && a.Play.Advance(dt) {
		a.dirty = true
	}
	if a.Host != nil && a.Page != "list" {
		if h := a.Hash(); h != a.shownURL && (!a.Play.Playing || now-a.urlAt > 500) {
			a.Host.ReplaceURL(h)
			a.shownURL, a.urlAt = h, now
		}
	}
	if a.dirty && (!a.Play.Playing || now-a.drawnAt >= 200) {
		a.dirty, a.drawnAt = false, now
		return true
	}
	return false
}
