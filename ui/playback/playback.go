// Package playback is the run's cursor and how it moves: play and pause,
// events and narration steps, speeds, story time, and the playback bar
// (Timeline). It reads the run
// through Page.
package playback

//go:generate go tool vugugen -skip-go-mod -skip-main .

import (
	"math"
	"strconv"

	"brokerlab/core/scenario"
	"brokerlab/ui/kit"
)

// Page is what playback needs from the page.
type Page interface {
	T(key string) string    // a word of the chrome in the page's language
	PosText() string        // the current event, "event 121 / 4211"
	TimeText() string       // the current event's virtual time, "t = 3.000 ms"
	Len() int               // the run's events (0 without a run)
	Marks() []scenario.Mark // the narration steps' places in the run
	Step() int              // the narration step at the current event, -1 before the first
	// StopsAt reports whether playing stops at event pos: a question
	// nobody answered yet is posed there.
	StopsAt(pos int) bool
	// Unanswered reports whether step k's question is open and nobody
	// picked a choice yet: step » does not pass it.
	Unanswered(k int) bool
	// Catch, deferred, turns a panic into a message on the page.
	Catch()
}

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

// Player is where the page is in the run and whether it plays.
type Player struct {
	P Page

	Pos     int     // the current event
	Frac    float64 // progress towards the next event while playing
	Playing bool
	Speed   int // index into Speeds
	// stepTo is where step » is playing to (0: nowhere), at stepRate
	// events a second; it counts only while Playing.
	stepTo   int
	stepRate float64
}

// StoryRate is the events a second at 1× while event pos plays: Rate, or
// faster where pos's step would otherwise pass its share of the lesson.
func (p *Player) StoryRate(pos int) float64 { return storyRate(p.P.Marks(), p.P.Len(), pos) }

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

// Jump moves to event i (within the run), still, playing or not.
func (p *Player) Jump(i int) {
	if i > p.P.Len()-1 {
		i = p.P.Len() - 1
	}
	if i < 0 {
		i = 0
	}
	p.Pos, p.Frac = i, 0
}

// Toggle plays or pauses; played at the end of the run, it starts over.
func (p *Player) Toggle() {
	defer p.P.Catch()
	if !p.Playing && p.Pos >= p.P.Len()-1 {
		p.Jump(0)
	}
	p.Playing = !p.Playing && p.P.Len() > 0
	p.stepTo = 0
}

// StepBy moves n events and pauses.
func (p *Player) StepBy(n int) {
	defer p.P.Catch()
	p.Playing = false
	p.Jump(p.Pos + n)
}

// Seek jumps to event i (the scrub slider, a log row) and pauses.
func (p *Player) Seek(i int) {
	defer p.P.Catch()
	p.Playing = false
	p.Jump(i)
}

// SeekText is Seek from a slider's value.
func (p *Player) SeekText(v string) {
	if i, err := strconv.Atoi(v); err == nil {
		p.Seek(i)
	}
}

// GoStep jumps to narration step k.
func (p *Player) GoStep(k int) {
	defer p.P.Catch()
	if seq := kit.MarkSeq(p.P.Marks(), k); seq >= 0 {
		p.Playing = false
		p.Jump(seq)
	}
}

// StepNarr goes to the next (+1) or previous (-1) narration step.
func (p *Player) StepNarr(dir int) {
	defer p.P.Catch()
	if p.Playing && p.stepTo > p.Pos {
		p.Jump(p.stepTo) // pressed again: the step played so far ends now
	}
	p.Playing, p.stepTo = false, 0
	cur := p.P.Step()
	if dir > 0 && cur >= 0 && p.P.Unanswered(cur) {
		return // step » never passes a question nobody answered
	}
	if dir > 0 {
		// step » plays the rest of the step, the narrated action
		// included, in StepPlaySeconds, instead of jumping past it.
		to := kit.MarkSeq(p.P.Marks(), cur+1)
		if to < 0 {
			to = p.P.Len() - 1
		}
		if to > p.Pos {
			p.Playing, p.stepTo, p.Frac = true, to, 0
			p.stepRate = math.Max(4*Rate, float64(to-p.Pos)/StepPlaySeconds)
		}
		return
	}
	p.GoStep(cur + dir)
	if dir < 0 && cur >= 0 && kit.MarkSeq(p.P.Marks(), cur) < p.Pos {
		p.GoStep(cur) // back to the start of the current step first
	}
}

// SetSpeed picks Speeds[i].
func (p *Player) SetSpeed(i int) {
	if i >= 0 && i < len(Speeds) {
		p.Speed = i
	}
}

// SpeedText is a speed as shown: "1×".
func SpeedText(i int) string {
	return strconv.FormatFloat(Speeds[i], 'f', -1, 64) + "×"
}

// Advance plays on for dt ms of wall time; it reports whether the
// current event changed. Playing stops at the run's end, where step »
// plays to, and at a question nobody answered.
func (p *Player) Advance(dt float64) (moved bool) {
	if !p.Playing || p.P.Len() == 0 {
		return false
	}
	stepping := p.stepTo > p.Pos
	if stepping {
		p.Frac += dt / 1000 * p.stepRate
	} else {
		p.Frac += dt / 1000 * p.StoryRate(p.Pos) * Speeds[p.Speed]
	}
	for p.Frac >= 1 {
		p.Frac--
		p.Pos++
		moved = true
		if stepping && p.Pos >= p.stepTo {
			p.Pos, p.Frac, p.Playing, p.stepTo = p.stepTo, 0, false, 0
			break
		}
		if p.Pos >= p.P.Len()-1 {
			p.Pos, p.Frac, p.Playing = p.P.Len()-1, 0, false
			break
		}
		if p.P.StopsAt(p.Pos) {
			p.Playing, p.Frac = false, 0
			break
		}
	}
	return moved
}
