package ui

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"brokerlab/lessons"
	"brokerlab/ui/playback"
)

// Story time: at 1× no lesson plays longer than six minutes and no step
// longer than 45 s (docs/ARCHITECTURE.md, "Story time"); the numbers of every lesson are logged for
// the note (go test ./ui -run TestStoryTime -v).
func TestStoryTime(t *testing.T) {
	all, err := lessons.All()
	if err != nil {
		t.Fatal(err)
	}
	var report []string
	for _, l := range all {
		_, a := newFake()
		a.Route("#/lesson/" + l.ID)
		total, longest := 0.0, 0.0
		for _, d := range playback.StoryTimes(a.Res) {
			total += d
			longest = max(longest, d)
		}
		// What Tick plays event by event is what StoryTimes adds up.
		played := 0.0
		for i := 0; i < a.Len()-1; i++ {
			played += 1 / a.Play.StoryRate(i)
		}
		if math.Abs(played-total) > 1e-6 {
			t.Errorf("%s: playing takes %.3f s, StoryTimes adds up to %.3f s", l.ID, played, total)
		}
		report = append(report, fmt.Sprintf("%-28s %5d events  %5.0f s at 1×  longest step %4.1f s", l.ID, a.Len(), total, longest))
		if total > 360 || longest > 45 {
			t.Errorf("%s: %.0f s at 1× (≤ 360), longest step %.1f s (≤ 45)", l.ID, total, longest)
		}
	}
	t.Log("\n" + strings.Join(report, "\n"))
}

// step » stops at a question nobody answered: it does not pass it.
func TestStepNeverPassesAnOpenQuestion(t *testing.T) {
	_, a := newFake()
	a.Route("#/lesson/" + lessonID)
	for k := 0; k < 20; k++ {
		cur := a.State().Step
		if cur >= 0 && a.Quiz.Open(cur) {
			a.Play.StepNarr(1)
			a.Play.StepNarr(1)
			if got := a.State().Step; got != cur {
				t.Fatalf("step » passed step %d's open question to step %d", cur+1, got+1)
			}
			return
		}
		a.Play.StepNarr(1)
		a.Play.StepNarr(1) // pressed twice: the first ends at once
	}
	t.Fatal("lesson 01 reached no question by step »")
}

// The event log leaves the scenario's checks out unless asked (LogRaw),
// but always shows the current event, and keeps sixteen rows.
func TestLogHidesChecksUnlessRaw(t *testing.T) {
	_, a := newFake()
	a.Route("#/lesson/" + lessonID)
	checks := func() (n int) {
		for _, r := range a.Log.Rows() {
			if r.Kind == "expect" && r.Seq != a.Play.Pos {
				n++
			}
		}
		return n
	}
	seen := false
	for i := 0; i < a.Len(); i += 7 {
		a.Play.Seek(i)
		if n := checks(); n > 0 {
			t.Fatalf("event %d: %d checks in the plain log", i, n)
		}
		if got := len(a.Log.Rows()); got != 16 && a.Len() > 40 {
			t.Fatalf("event %d: %d rows, want 16", i, got)
		}
		a.Log.Raw = true
		seen = seen || checks() > 0
		a.Log.Raw = false
	}
	if !seen {
		t.Fatal("the raw log never showed a check")
	}
}
