package lesson

import (
	"fmt"
	"strconv"
	"strings"
)

// The lesson as the classroom shows it: the speaker notes in the teacher's
// window, the caption and the open question in the presenter window, and
// a step as a screen reader hears it.

// NotesView is the speaker notes: the current step's narration, which the
// narration panel hides while the step's question is open, that question
// with the answer the simulation will give, and the next step.
type NotesView struct {
	Title    string // "Step 6 / 10"
	Text     string // the current step's narration
	Question string // the current step's question while it is open
	Answer   string // its answer as this run grades it
	Next     string // "Next: step 7", or that this is the last step
	NextText string // the next step's narration
}

// Notes are the speaker notes in the teacher's window while a presenter
// window follows it, at the top of the side panel so they stay in view.
type Notes struct {
	Q *Quiz
	V NotesView // this render's notes
}

// Compute runs before every render (Vugu's lifecycle).
func (c *Notes) Compute() { c.V = c.Q.Notes() }

// Notes are the speaker notes at the current moment.
func (z *Quiz) Notes() NotesView {
	var v NotesView
	sc, _ := z.P.Scenario()
	if sc == nil {
		return v
	}
	lang := z.P.Language()
	cur := z.P.Step()
	if cur >= 0 && cur < len(sc.Steps) {
		st := sc.Steps[cur]
		v.Title = fmt.Sprintf(z.P.T("notesStep"), cur+1, len(sc.Steps))
		v.Text = InLang(lang, st.EN, st.ZH)
		if z.Open(cur) {
			q, res, graded := z.Ask(cur)
			v.Question = InLang(lang, q.EN, q.ZH)
			switch ans := z.Answer(q, res); {
			case !graded:
				v.Answer = z.P.T("notesUngraded")
			case ans == "":
				v.Answer = z.P.T("noChoiceHolds")
			default:
				v.Answer = z.P.T("notesAnswer") + " " + ans
			}
		}
	}
	if next := cur + 1; next < len(sc.Steps) {
		st := sc.Steps[next]
		v.Next, v.NextText = fmt.Sprintf(z.P.T("notesNext"), next+1), InLang(lang, st.EN, st.ZH)
		if q := st.Ask; q != nil {
			v.NextText = z.P.T("question") + ": " + InLang(lang, q.EN, q.ZH) + " — " + v.NextText
		}
	} else {
		v.Next = z.P.T("notesEnd")
	}
	return v
}

// PresentCaption is the presenter window's one line: the lesson's title
// and its step, and once a question is graded, what the simulation did,
// through the next step (the grading comes at the very end of the
// question's own).
func (z *Quiz) PresentCaption(title string) string {
	s := z.P.Step()
	parts := []string{title}
	if sc, _ := z.P.Scenario(); sc != nil && s >= 0 {
		parts = append(parts, z.P.T("stepOf")+" "+strconv.Itoa(s+1)+" / "+strconv.Itoa(len(sc.Steps)))
	}
	for _, k := range []int{s, s - 1} {
		if q := z.View(k); q.Verdict != "" {
			parts = append(parts, q.Verdict)
			break
		}
	}
	return strings.Join(parts, " · ")
}

// PresentQuestion is the question the presenter window shows over the
// stage while it is open, its choices numbered as the keys that pick
// them: the class votes, the teacher types the number.
func (z *Quiz) PresentQuestion() QuestionView {
	if !z.P.Audience() {
		return QuestionView{} // the teacher's window: every render asks
	}
	if s := z.P.Step(); z.Open(s) {
		return z.View(s)
	}
	return QuestionView{}
}

// Spoken is step k as a screen reader hears it: its number and text, or
// its question and choices while the question is open.
func (z *Quiz) Spoken(k int) string {
	sc, _ := z.P.Scenario()
	head := z.P.T("stepOf") + " " + strconv.Itoa(k+1) + " / " + strconv.Itoa(len(sc.Steps)) + ". "
	if z.Open(k) {
		q := z.View(k)
		var cs []string
		for i, c := range q.Choices {
			cs = append(cs, strconv.Itoa(i+1)+". "+c.Label)
		}
		return head + z.P.T("question") + ": " + q.Text + " " + strings.Join(cs, "; ")
	}
	st := sc.Steps[k]
	return head + strings.ReplaceAll(InLang(z.P.Language(), st.EN, st.ZH), "`", "")
}
