package ui

import (
	"strings"
	"testing"

	"brokerlab/ui/classroom"
	"brokerlab/ui/playback"
)

// A screen reader hears a new step at once, a stepped-to event at once,
// and while playing at most one event every classroom.AnnounceEvery.
func TestAnnounce(t *testing.T) {
	_, a := newFake()
	w := &fakeWeb{store: map[string]string{}}
	a.Class.Web = w
	a.Route("#/lesson/" + lessonID)
	a.Tick(0)
	if len(w.said) != 1 || !strings.HasPrefix(w.said[0], "step 1 / 10. The ZooKeeper watcher thread") {
		t.Fatalf("said %q", w.said)
	}
	a.Play.StepBy(1)
	a.Tick(10)
	if len(w.said) != 2 || !strings.HasPrefix(w.said[1], "event 2 / ") || !strings.Contains(w.said[1], "main-EventThread thread.start") {
		t.Fatalf("said %q", w.said)
	}
	a.Tick(20)
	if len(w.said) != 2 {
		t.Fatal("the same event said twice")
	}
	// Playing at 8× for 2.9 s: events but no announcement; then one.
	a.Play.SetSpeed(len(playback.Speeds) - 1)
	a.Play.Toggle()
	n := len(w.said)
	for now := 30.0; now < 30+classroom.AnnounceEvery-100; now += 16 {
		a.Tick(now)
	}
	steps := 0
	for _, s := range w.said[n:] {
		if strings.HasPrefix(s, "step ") {
			steps++
		}
	}
	if len(w.said)-n-steps != 0 {
		t.Fatalf("events said while playing within %d ms: %q", classroom.AnnounceEvery, w.said[n:])
	}
	for now := 30.0 + classroom.AnnounceEvery; now < 30+classroom.AnnounceEvery+200; now += 16 {
		a.Tick(now)
	}
	if last := w.said[len(w.said)-1]; !strings.HasPrefix(last, "event ") && !strings.HasPrefix(last, "step ") {
		t.Fatalf("nothing said after %d ms of playing: %q", classroom.AnnounceEvery, last)
	}
}

func TestReducedMotionAndTheme(t *testing.T) {
	h, a := newFake()
	w := &fakeWeb{store: map[string]string{}}
	a.Class.Web = w
	a.Route("#/lesson/" + lessonID)
	a.Play.Frac = 0.5
	if a.Class.Tween(a.Play.Frac) != 0.5 {
		t.Fatal("tokens glide by default")
	}
	a.Class.ReducedMotion = true
	if a.Class.Tween(a.Play.Frac) != 0 || !strings.Contains(a.Class.AppClass(), "reduced-motion") {
		t.Fatal("reduced motion: tokens must jump")
	}
	a.Class.Theme = "light"
	a.Class.ToggleTheme()
	if a.Class.Theme != "dark" || w.theme != "dark" || h.store["theme"] != "dark" || a.Class.ThemeText() != "◑ Light" {
		t.Fatalf("theme %q, page %q, stored %q", a.Class.Theme, w.theme, h.store["theme"])
	}
	a.SetLang("zh")
	// A notice is worded when shown: a language switch rewords it.
	a.SetLang("en")
	a.Route("#/lesson/" + lessonID + "?a=5:consumer%20C1%20stall%201s")
	en := a.Notice()
	if !strings.HasPrefix(en, "malformed link: a=\"consumer C1 stall 1s\": ") || !strings.HasSuffix(en, "Showing the lesson from its start") {
		t.Fatalf("notice in en: %q", en)
	}
	a.SetLang("zh")
	if zh := a.Notice(); !strings.HasPrefix(zh, "链接格式有误：a=\"consumer C1 stall 1s\"：应为 controller 的动作") || zh == en || !strings.ContainsFunc(zh, isHan) {
		t.Fatalf("notice in zh: %q", zh)
	}
	// The link's own message too.
	a.Route("#/lesson/" + lessonID + "?seed=x")
	if zh, want := a.Notice(), "链接格式有误：seed 应为正整数，实际为 \"x\"。"; !strings.HasPrefix(zh, want) {
		t.Fatalf("notice in zh: %q, want %q…", zh, want)
	}
	a.SetLang("en")
	if en, want := a.Notice(), "malformed link: expected a positive integer seed, got \"x\". "; !strings.HasPrefix(en, want) {
		t.Fatalf("notice in en: %q, want %q…", en, want)
	}
}
