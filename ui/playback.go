package ui

import (
	"math"
	"strconv"

	"brokerlab/core/scenario"
	"brokerlab/ui/lesson"
)

// Playback: play and pause, steps and speeds, the keyboard, and story time.

// Speeds are the playback speeds; Rate events a second play at 1×.
var Speeds = []float64{0.25, 0.5, 1, 2, 4, 8}

// Rate is the number of trace events shown a second at 1×: slow enough to
// follow one token at a time.
const Rate = 4.0

// Story time (docs/ARCHITECTURE.md, "Story time"): at 1× a lesson
// plays in at most LessonSeconds and a step in at most StepSeconds. A step
// with more events than that allows at Rate plays them faster, evenly: its
// periodic work (fetches, heartbeats, ticks) is what makes a step long.
const (
	LessonSeconds = 330.0
	StepSeconds   = 40.0
	// StepPlaySeconds is the most step » takes to play a step through.
	StepPlaySeconds = 2.5
)

// StoryRate is the events a second at 1× while event pos plays: Rate, or
// faster where pos's step would otherwise pass its share of the lesson.
func (a *App) StoryRate(pos int) float64 { return storyRate(a.Marks(), a.Len(), pos) }

// storyRate is StoryRate in a run of n events whose steps begin at marks.
func storyRate(marks []scenario.Mark, n, pos int) float64 {
	if len(marks) == 0 {
		return Rate
	}
	share := math.Min(StepSeconds, LessonSeconds/float64(len(marks)))
	// The step pos is in runs from its mark to the next (the run's start
	// counts with the first step).
	lo, hi := 0, n
	for i, m := range marks {
		if m.Seq <= pos {
			if i > 0 {
				lo = m.Seq
			}
			hi = n
			if i+1 < len(marks) {
				hi = marks[i+1].Seq
			}
		}
	}
	return math.Max(Rate, float64(hi-lo)/share)
}

// StoryTimes is how long each step of run res plays at 1×, in seconds,
// one for each of res.Steps (the run's start counts with the first step):
// what playing from the first event to the last takes, step by step. The
// teacher's guide prints them.
func StoryTimes(res *scenario.Result) []float64 {
	out := make([]float64, len(res.Steps))
	k := 0
	for i := 0; i < len(res.Trace)-1; i++ {
		for k+1 < len(res.Steps) && res.Steps[k+1].Seq <= i {
			k++
		}
		if len(out) > 0 {
			out[k] += 1 / storyRate(res.Steps, len(res.Trace), i)
		}
	}
	return out
}

// Toggle plays or pauses; played at the end of the run, it starts over.
func (a *App) Toggle() {
	defer a.catch()
	if !a.Playing && a.Pos >= a.Len()-1 {
		a.seek(0)
	}
	a.Playing = !a.Playing && a.Len() > 0
	a.stepTo = 0
}

// StepBy moves n events and pauses.
func (a *App) StepBy(n int) {
	defer a.catch()
	a.Playing = false
	a.seek(a.Pos + n)
}

// Seek jumps to event i (the scrub slider, a log row) and pauses.
func (a *App) Seek(i int) {
	defer a.catch()
	a.Playing = false
	a.seek(i)
}

// SeekText is Seek from a slider's value.
func (a *App) SeekText(v string) {
	if i, err := strconv.Atoi(v); err == nil {
		a.Seek(i)
	}
}

// Marks are the narration steps' places in the trace.
func (a *App) Marks() []scenario.Mark {
	if a.Res == nil {
		return nil
	}
	return a.Res.Steps
}

// GoStep jumps to narration step k.
func (a *App) GoStep(k int) {
	defer a.catch()
	for _, m := range a.Marks() {
		if m.Step == k {
			a.Playing = false
			a.seek(m.Seq)
			return
		}
	}
}

// StepNarr goes to the next (+1) or previous (-1) narration step.
func (a *App) StepNarr(dir int) {
	defer a.catch()
	if a.Playing && a.stepTo > a.Pos {
		a.seek(a.stepTo) // pressed again: the step played so far ends now
	}
	a.Playing, a.stepTo = false, 0
	cur := a.State().Step
	if dir > 0 && cur >= 0 && a.Quiz.Unanswered(cur) {
		return // step » never passes a question nobody answered
	}
	if dir > 0 {
		// step » plays the rest of the step, the narrated action
		// included, in StepPlaySeconds, instead of jumping past it.
		to := lesson.MarkSeq(a.Marks(), cur+1)
		if to < 0 {
			to = a.Len() - 1
		}
		if to > a.Pos {
			a.Playing, a.stepTo, a.Frac = true, to, 0
			a.stepRate = math.Max(4*Rate, float64(to-a.Pos)/StepPlaySeconds)
		}
		return
	}
	a.GoStep(cur + dir)
	if dir < 0 && cur >= 0 && lesson.MarkSeq(a.Marks(), cur) < a.Pos {
		a.GoStep(cur) // back to the start of the current step first
	}
}

func (a *App) SetSpeed(i int) {
	if i >= 0 && i < len(Speeds) {
		a.Speed = i
	}
}

// SpeedText is the speed as shown: "1×".
func (a *App) SpeedText(i int) string {
	return strconv.FormatFloat(Speeds[i], 'f', -1, 64) + "×"
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
		a.Toggle()
	case "ArrowLeft":
		a.StepBy(-1)
	case "ArrowRight":
		a.StepBy(1)
	case "[":
		a.SetSpeed(a.Speed - 1)
	case "]":
		a.SetSpeed(a.Speed + 1)
	case "1", "2", "3", "4", "5", "6", "7", "8", "9":
		// The open question's choice: a class can vote, the teacher types it.
		step := a.State().Step
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
	if a.Playing && a.M != nil {
		stepping := a.stepTo > a.Pos
		if stepping {
			a.Frac += dt / 1000 * a.stepRate
		} else {
			a.Frac += dt / 1000 * a.StoryRate(a.Pos) * Speeds[a.Speed]
		}
		for a.Frac >= 1 {
			a.Frac--
			a.Pos++
			a.dirty = true
			if stepping && a.Pos >= a.stepTo {
				a.Pos, a.Frac, a.Playing, a.stepTo = a.stepTo, 0, false, 0
				break
			}
			if a.Pos >= a.Len()-1 {
				a.Pos, a.Frac, a.Playing = a.Len()-1, 0, false
				break
			}
			if a.Quiz.StopsAt(a.Pos) {
				a.Playing, a.Frac = false, 0
				break
			}
		}
	}
	if a.Host != nil && a.Page != "list" {
		if h := a.Hash(); h != a.shownURL && (!a.Playing || now-a.urlAt > 500) {
			a.Host.ReplaceURL(h)
			a.shownURL, a.urlAt = h, now
		}
	}
	if a.dirty && (!a.Playing || now-a.drawnAt >= 200) {
		a.dirty, a.drawnAt = false, now
		return true
	}
	return false
}
