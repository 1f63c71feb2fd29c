package ui

import (
	"strconv"

	"brokerlab/core/scenario"
	"brokerlab/ui/lesson"
)

// The page's side of the lesson's narration and questions (ui/lesson,
// lesson.Page).

// lessonPage is the page as the narration sees it (lesson.Page).
type lessonPage struct{ *App }

var _ lesson.Page = lessonPage{}

// Scenario is what runs, and its run.
func (a lessonPage) Scenario() (*scenario.Scenario, *scenario.Result) { return a.Sc, a.Res }

// At is the run's number (new each run) and the current event.
func (a lessonPage) At() (run, pos int) { return a.run, a.Play.Pos }

// Identity names what runs: the lesson, its edited text, its seed.
func (a lessonPage) Identity() (les, src, seed string) { return a.Lesson.ID, a.Link.Src, a.SeedText() }

// PlayOn plays on from the current event (a question was answered).
func (a lessonPage) PlayOn() { a.Play.Playing = a.Play.Pos < a.Len()-1 }

// GoStep jumps to narration step k.
func (a lessonPage) GoStep(k int) { a.Play.GoStep(k) }

// NewVariant reruns the lesson with another seed, so the numbers its
// questions draw from the seed change, and shows step's question again.
// seed comes from the host's clock.
func (a lessonPage) NewVariant(seed int64, step int) {
	if seed <= 0 {
		seed = 1
	}
	if seed == a.Link.Seed || strconv.FormatInt(seed, 10) == a.SeedText() {
		seed++
	}
	a.Route(Link{Page: a.Page, Lesson: a.Lesson.ID, Seed: seed, Src: a.Link.Src}.String())
	a.Play.GoStep(step)
}
