package ui

import (
	"hash/maphash"
	"strconv"
	"strings"
	"unsafe"

	"brokerlab/core/scenario"
	"brokerlab/core/sim"
)

// Predict, then reveal: a step's question (scenario's ask/choice) is posed
// when the step begins. Playing stops there until the student picks; the
// step's own text stays hidden, because it explains the answer; the pick
// plays on; when the step's run completes the simulation's grading (the
// "reveal" event) shows whether the pick was right. Nothing is stored
// about the right answer: a what-if that changes the run changes it.

// QuizState is the questions' part of the App.
type QuizState struct {
	picks    map[int]int // step → the choice picked
	picksFor string      // the run the picks belong to
	srcSum   srcSum      // the edit's digest (quizRun)
}

// srcSum is a digest of an edited scenario and the text it is of (its
// bytes and length: a string's never change).
type srcSum struct {
	p   *byte
	n   int
	sum string
}

// srcSeed seeds the edits' digests: they are compared within a visit only.
var srcSeed = maphash.MakeSeed()

// quizRun names what the picks belong to: a lesson, its edit, its variant.
// Every question asks it on every render, for each of its choices, so it
// names the edit by a digest computed once a text, not by the text (a few
// hundred KB, copied each time).
func (a *App) quizRun() string {
	return a.Lesson.ID + "\x00" + a.srcDigest() + "\x00" + a.SeedText()
}

// srcDigest is the digest of the edited scenario the page runs, "" for none.
func (a *App) srcDigest() string {
	src := a.Link.Src
	if src == "" {
		return ""
	}
	m := &a.srcSum
	if m.p != unsafe.StringData(src) || m.n != len(src) {
		m.p, m.n = unsafe.StringData(src), len(src)
		m.sum = strconv.FormatUint(maphash.String(srcSeed, src), 36) + "/" + strconv.Itoa(len(src))
	}
	return m.sum
}

func (a *App) pickMap() map[int]int {
	if a.picksFor != a.quizRun() || a.picks == nil {
		a.picks, a.picksFor = map[int]int{}, a.quizRun()
	}
	return a.picks
}

// ask returns step k's question and its grading in this run (ok false
// when the run never graded it: it stopped before the step ended).
func (a *App) ask(k int) (q *scenario.Ask, res scenario.AskResult, graded bool) {
	if a.Sc == nil || k < 0 || k >= len(a.Sc.Steps) || a.Sc.Steps[k].Ask == nil {
		return nil, res, false
	}
	q = a.Sc.Steps[k].Ask
	if a.Res != nil {
		for _, r := range a.Res.Asks {
			if r.Step == k {
				return q, r, true
			}
		}
	}
	return q, res, false
}

// HasQuestion reports whether step k asks a question the run has reached.
func (a *App) HasQuestion(k int) bool {
	q, _, _ := a.ask(k)
	return q != nil && a.markSeq(k) >= 0 && a.Pos >= a.markSeq(k)
}

// questionOpen: step k's question is posed and not graded yet here.
func (a *App) questionOpen(k int) bool {
	q, r, graded := a.ask(k)
	return q != nil && a.HasQuestion(k) && (!graded || a.Pos < r.Seq)
}

// stopAtQuestion stops playing on a question nobody answered yet, as
// playback reaches its step.
func (a *App) stopAtQuestion() bool {
	if a.Audience() {
		return false // it follows the teacher's window
	}
	for _, m := range a.Marks() {
		if m.Seq != a.Pos {
			continue
		}
		if q, _, _ := a.ask(m.Step); q != nil {
			if _, picked := a.pickMap()[m.Step]; !picked {
				a.Playing, a.Frac = false, 0
				return true
			}
		}
	}
	return false
}

// Pick answers step k's question with choice i and plays on.
func (a *App) Pick(k, i int) {
	defer a.catch()
	q, _, _ := a.ask(k)
	if q == nil || i < 0 || i >= len(q.Choices) || !a.questionOpen(k) {
		return
	}
	a.pickMap()[k] = i
	a.Playing = a.Pos < a.Len()-1
}

// ChoiceView is one choice as shown.
type ChoiceView struct {
	N      int
	Label  string
	Picked bool
	Held   bool // graded: its condition held (a right answer)
	Class  string
}

// QuestionView is a step's question as shown at the current position.
type QuestionView struct {
	Step    int
	Text    string
	Choices []ChoiceView
	Open    bool   // posed, not graded yet
	Picked  bool   // the student has picked
	Verdict string // once graded
	Class   string // "right", "wrong" or "told" (graded, nothing picked)
	Variant string // "variant: seed 7" when the text has numbers drawn from the seed
}

// Question is step k's question as shown now.
func (a *App) Question(k int) QuestionView {
	q, res, graded := a.ask(k)
	if q == nil {
		return QuestionView{}
	}
	v := QuestionView{Step: k, Text: pick(a.Lang, q.EN, q.ZH), Open: a.questionOpen(k)}
	p, picked := a.pickMap()[k]
	v.Picked = picked
	shown := graded && !v.Open
	for i, c := range q.Choices {
		cv := ChoiceView{N: i, Label: pick(a.Lang, c.EN, c.ZH), Picked: picked && p == i}
		if shown && i < len(res.Choices) {
			cv.Held = res.Choices[i].Holds
		}
		cv.Class = "choice"
		switch {
		case cv.Held:
			cv.Class += " held"
		case shown && cv.Picked:
			cv.Class += " missed"
		}
		if cv.Picked {
			cv.Class += " picked"
		}
		v.Choices = append(v.Choices, cv)
	}
	if shown {
		answer := a.answer(q, res)
		switch {
		case answer == "":
			v.Class, v.Verdict = "told", a.T("noChoiceHolds")
		case !picked:
			v.Class, v.Verdict = "told", a.T("simSays")+" "+answer
		case res.Choices[p].Holds:
			v.Class, v.Verdict = "right", a.T("right")+" "+a.T("simSays")+" "+answer
		default:
			v.Class, v.Verdict = "wrong", a.T("wrong")+" "+a.T("simSays")+" "+answer
		}
	}
	if a.Sc != nil && len(a.Sc.Vars) > 0 {
		v.Variant = a.T("variant") + " " + a.SeedText()
	}
	return v
}

// answer is the choices of q that hold in res, as shown: "None of them"
// ("" if none holds).
func (a *App) answer(q *scenario.Ask, res scenario.AskResult) string {
	var right []string
	for _, i := range res.Right() {
		if i < len(q.Choices) {
			right = append(right, pick(a.Lang, q.Choices[i].EN, q.Choices[i].ZH))
		}
	}
	return strings.Join(right, a.T("or"))
}

func pick(lang, en, zh string) string {
	if lang == "zh" && zh != "" {
		return zh
	}
	return en
}

// NewVariant reruns the lesson with another seed, so the numbers its
// questions draw from the seed change, and shows step's question again.
// seed comes from the host's clock.
func (a *App) NewVariant(seed int64, step int) {
	if seed <= 0 {
		seed = 1
	}
	if seed == a.Link.Seed || strconv.FormatInt(seed, 10) == a.SeedText() {
		seed++
	}
	a.Route(Link{Page: a.Page, Lesson: a.Lesson.ID, Seed: seed, Src: a.Link.Src}.String())
	a.GoStep(step)
}

// unspoiled is trace event i as the log and the inspector show it: the
// step event of a question not graded yet carries the step's text, which
// answers it, so it shows the question instead; a grading still to come
// shows nothing.
func (a *App) unspoiled(e sim.Event, i int) sim.Event {
	switch e.Kind {
	case sim.Step:
		q, r, graded := a.ask(e.ID)
		if q != nil && (!graded || a.Pos < r.Seq) {
			e.Note = pick(a.Lang, q.EN, q.ZH)
		} else if a.Lang == "zh" && a.Sc != nil && e.ID >= 0 && e.ID < len(a.Sc.Steps) {
			// The trace says the step in English; the page, in its own.
			st := a.Sc.Steps[e.ID]
			e.Note = strings.ReplaceAll(pick(a.Lang, st.EN, st.ZH), "`", "")
		}
	case sim.Reveal:
		if i > a.Pos {
			e.Item, e.Note = "", "…"
		}
	}
	return e
}
