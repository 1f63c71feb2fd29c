package lesson

import (
	"strconv"

	"github.com/vugu/vugu"
)

// Question shows a step's question inside its narration step (quiz.go
// has the logic).
type Question struct {
	Q    *Quiz
	Step int

	view    QuestionView
	viewFor string
}

// View is the question as shown, computed once a render.
func (c *Question) View() QuestionView {
	run, pos := c.Q.P.At()
	key := strconv.Itoa(run) + " " + strconv.Itoa(pos) + c.Q.P.Language() + c.Q.RunName() + strconv.Itoa(len(c.Q.Picks()))
	if c.viewFor != key {
		c.view, c.viewFor = c.Q.View(c.Step), key
	}
	return c.view
}

// Pick answers. The click stays here: the step around the question would
// take it as "go to this step".
func (c *Question) Pick(ev vugu.DOMEvent, i int) {
	ev.StopPropagation()
	c.Q.Pick(c.Step, i)
}

// NewVariant draws another seed from the event's time stamp.
func (c *Question) NewVariant(ev vugu.DOMEvent) {
	ev.StopPropagation()
	t, _ := ev.Prop("timeStamp").(float64)
	c.Q.P.NewVariant(int64(t*1000)%999_983+2, c.Step)
}

// ID is the question's element id.
func (c *Question) ID() string { return "question-" + strconv.Itoa(c.Step) }

// Pressed is aria-pressed.
func (c *Question) Pressed(on bool) string { return strconv.FormatBool(on) }
