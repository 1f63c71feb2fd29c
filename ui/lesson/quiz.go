// Package lesson is the lesson's narration: its steps, the current one
// marked, and each step's question (predict, then reveal). It reads the
// run through Page and keeps only the student's picks.
package lesson

//go:generate go tool vugugen -skip-go-mod -skip-main .

import (
	"hash/maphash"
	"strconv"
	"strings"
	"unsafe"

	"brokerlab/core/scenario"
	"brokerlab/core/sim"
	"brokerlab/ui/kit"
)

// Predict, then reveal: a step's question (scenario's ask/choice) is posed
// when the step begins. Playing stops there until the student picks; the
// step's own text stays hidden, because it explains the answer; the pick
// plays on; when the step's run completes the simulation's grading (the
// "reveal" event) shows whether the pick was right. Nothing is stored
// about the right answer: a what-if that changes the run changes it.

// Page is what the narration and its questions need from the page.
type Page interface {
	T(key string) string                              // a word of the chrome in the page's language
	Language() string                                 // the page's language, "en" or "zh"
	Scenario() (*scenario.Scenario, *scenario.Result) // what runs, and its run (nil before a run)
	At() (run, pos int)                               // the run's number (new each run) and the current event
	Marks() []scenario.Mark                           // the steps' places in the run
	Step() int                                        // the current step, -1 before the first
	// Identity names what runs: the lesson, its edited text ("" for the
	// lesson's own) and its seed as the page shows it.
	Identity() (lesson, src, seed string)
	Audience() bool // a presenter window: it follows the teacher's
	PlayOn()        // plays on from the current event
	GoStep(k int)   // jumps to step k
	// NewVariant reruns the lesson with another seed and shows step's
	// question again.
	NewVariant(seed int64, step int)
	StepFailures(k int) []string // the failures during step k, up to now
	Failures() []string          // all of the run's failures
}

// Quiz is the questions' state: the picks of this run.
type Quiz struct {
	P        Page
	picks    map[int]int // step → the choice picked
	picksFor string      // the run the picks belong to
	srcSum   srcSum      // the edit's digest (RunName)
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

// RunName names what the picks belong to: a lesson, its edit, its
// variant. Every question asks it on every render, for each of its
// choices, so it names the edit by a digest computed once a text, not by
// the text (a few hundred KB, copied each time).
func (z *Quiz) RunName() string {
	lesson, src, seed := z.P.Identity()
	return lesson + "\x00" + z.digest(src) + "\x00" + seed
}

// digest is the digest of an edited scenario, "" for none.
func (z *Quiz) digest(src string) string {
	if src == "" {
		return ""
	}
	m := &z.srcSum
	if m.p != unsafe.StringData(src) || m.n != len(src) {
		m.p, m.n = unsafe.StringData(src), len(src)
		m.sum = strconv.FormatUint(maphash.String(srcSeed, src), 36) + "/" + strconv.Itoa(len(src))
	}
	return m.sum
}

// Picks are the choices picked in this run, by step.
func (z *Quiz) Picks() map[int]int {
	if z.picksFor != z.RunName() || z.picks == nil {
		z.picks, z.picksFor = map[int]int{}, z.RunName()
	}
	return z.picks
}

// Forget forgets the picks: an opened link asks its questions afresh.
func (z *Quiz) Forget() { z.picks = nil }

// Ask returns step k's question and its grading in this run (graded
// false when the run never graded it: it stopped before the step ended).
func (z *Quiz) Ask(k int) (q *scenario.Ask, res scenario.AskResult, graded bool) {
	sc, run := z.P.Scenario()
	if sc == nil || k < 0 || k >= len(sc.Steps) || sc.Steps[k].Ask == nil {
		return nil, res, false
	}
	q = sc.Steps[k].Ask
	if run != nil {
		for _, r := range run.Asks {
			if r.Step == k {
				return q, r, true
			}
		}
	}
	return q, res, false
}

// Has reports whether step k asks a question the run has reached.
func (z *Quiz) Has(k int) bool {
	q, _, _ := z.Ask(k)
	_, pos := z.P.At()
	seq := kit.MarkSeq(z.P.Marks(), k)
	return q != nil && seq >= 0 && pos >= seq
}

// Open reports whether step k's question is posed and not graded yet here.
func (z *Quiz) Open(k int) bool {
	q, r, graded := z.Ask(k)
	_, pos := z.P.At()
	return q != nil && z.Has(k) && (!graded || pos < r.Seq)
}

// Unanswered reports whether step k's question is open and nobody has
// picked a choice yet: step » does not pass it.
func (z *Quiz) Unanswered(k int) bool {
	_, picked := z.Picks()[k]
	return z.Open(k) && !picked
}

// StopsAt reports whether playback stops at event pos: a question nobody
// answered yet is posed there. A presenter window never stops: it follows
// the teacher's.
func (z *Quiz) StopsAt(pos int) bool {
	if z.P.Audience() {
		return false
	}
	for _, m := range z.P.Marks() {
		if m.Seq != pos {
			continue
		}
		if q, _, _ := z.Ask(m.Step); q != nil {
			if _, picked := z.Picks()[m.Step]; !picked {
				return true
			}
		}
	}
	return false
}

// Pick answers step k's question with choice i and plays on.
func (z *Quiz) Pick(k, i int) {
	q, _, _ := z.Ask(k)
	if q == nil || i < 0 || i >= len(q.Choices) || !z.Open(k) {
		return
	}
	z.Picks()[k] = i
	z.P.PlayOn()
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

// View is step k's question as shown now.
func (z *Quiz) View(k int) QuestionView {
	q, res, graded := z.Ask(k)
	if q == nil {
		return QuestionView{}
	}
	lang := z.P.Language()
	v := QuestionView{Step: k, Text: InLang(lang, q.EN, q.ZH), Open: z.Open(k)}
	p, picked := z.Picks()[k]
	v.Picked = picked
	shown := graded && !v.Open
	for i, c := range q.Choices {
		cv := ChoiceView{N: i, Label: InLang(lang, c.EN, c.ZH), Picked: picked && p == i}
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
		answer := z.Answer(q, res)
		switch {
		case answer == "":
			v.Class, v.Verdict = "told", z.P.T("noChoiceHolds")
		case !picked:
			v.Class, v.Verdict = "told", z.P.T("simSays")+" "+answer
		case res.Choices[p].Holds:
			v.Class, v.Verdict = "right", z.P.T("right")+" "+z.P.T("simSays")+" "+answer
		default:
			v.Class, v.Verdict = "wrong", z.P.T("wrong")+" "+z.P.T("simSays")+" "+answer
		}
	}
	if sc, _ := z.P.Scenario(); sc != nil && len(sc.Vars) > 0 {
		_, _, seed := z.P.Identity()
		v.Variant = z.P.T("variant") + " " + seed
	}
	return v
}

// Answer is the choices of q that hold in res, as shown: "None of them"
// ("" if none holds).
func (z *Quiz) Answer(q *scenario.Ask, res scenario.AskResult) string {
	var right []string
	for _, i := range res.Right() {
		if i < len(q.Choices) {
			right = append(right, InLang(z.P.Language(), q.Choices[i].EN, q.Choices[i].ZH))
		}
	}
	return strings.Join(right, z.P.T("or"))
}

// InLang is a text in lang: its Chinese where it has one, else English.
func InLang(lang, en, zh string) string {
	if lang == "zh" && zh != "" {
		return zh
	}
	return en
}

// Unspoiled is trace event i as the log and the inspector show it: the
// step event of a question not graded yet carries the step's text, which
// answers it, so it shows the question instead; a grading still to come
// shows nothing.
func (z *Quiz) Unspoiled(e sim.Event, i int) sim.Event {
	lang := z.P.Language()
	_, pos := z.P.At()
	switch e.Kind {
	case sim.Step:
		q, r, graded := z.Ask(e.ID)
		if q != nil && (!graded || pos < r.Seq) {
			e.Note = InLang(lang, q.EN, q.ZH)
		} else if sc, _ := z.P.Scenario(); lang == "zh" && sc != nil && e.ID >= 0 && e.ID < len(sc.Steps) {
			// The trace says the step in English; the page, in its own.
			st := sc.Steps[e.ID]
			e.Note = strings.ReplaceAll(InLang(lang, st.EN, st.ZH), "`", "")
		}
	case sim.Reveal:
		if i > pos {
			e.Item, e.Note = "", "…"
		}
	}
	return e
}
