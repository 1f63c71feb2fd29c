package ui

import (
	"fmt"
	"strconv"
	"strings"

	"brokerlab/internal/jsonlite"
	"brokerlab/ui/lesson"
)

// Presenter mode: the teacher's window opens a second window on the same
// page (#/present/lesson/…) for the projector. It shows the stage alone,
// large and high contrast, and follows the teacher's window over a
// BroadcastChannel (no server): lesson, edit, what-ifs, position, playing,
// speed, selection, language. The teacher's window keeps the controls and
// the narration, and shows speaker notes (Notes), always in view.

// PresentState is presenter mode's part of the App.
type PresentState struct {
	Presenting bool   // this window is the teacher's and a presenter window follows it
	lastSync   string // the last state sent
	hello      bool   // a presenter window that has not asked for the state yet
	asked      bool   // a lesson window that has asked whether a presenter window follows it
}

// syncMsg is what travels over the channel, as JSON (the tags say how:
// appendJSON and readSyncMsg write and read it that way).
type syncMsg struct {
	Hello   bool   `json:"hello,omitempty"` // a presenter window asks for the state
	Ask     bool   `json:"ask,omitempty"`   // a lesson window (re)loaded asks presenter windows to say hello
	Bye     bool   `json:"bye,omitempty"`   // the teacher stopped presenting
	Link    string `json:"link,omitempty"`  // the run, without the position
	Pos     int    `json:"pos"`
	Playing bool   `json:"playing"`
	Speed   int    `json:"speed"`
	Sel     string `json:"sel,omitempty"`
	Lang    string `json:"lang"`
}

func (m syncMsg) appendJSON(b []byte) []byte {
	b = append(b, '{')
	if m.Hello {
		b = append(b, `"hello":true,`...)
	}
	if m.Ask {
		b = append(b, `"ask":true,`...)
	}
	if m.Bye {
		b = append(b, `"bye":true,`...)
	}
	if m.Link != "" {
		b = append(jsonlite.AppendString(append(b, `"link":`...), m.Link), ',')
	}
	b = strconv.AppendInt(append(b, `"pos":`...), int64(m.Pos), 10)
	b = strconv.AppendBool(append(b, `,"playing":`...), m.Playing)
	b = strconv.AppendInt(append(b, `,"speed":`...), int64(m.Speed), 10)
	if m.Sel != "" {
		b = jsonlite.AppendString(append(b, `,"sel":`...), m.Sel)
	}
	b = jsonlite.AppendString(append(b, `,"lang":`...), m.Lang)
	return append(b, '}')
}

// readSyncMsg reads a message; members it does not know are skipped, so
// that windows of two versions of the page can still talk.
func readSyncMsg(msg string) (m syncMsg, err error) {
	err = jsonlite.Read([]byte(msg), func(d *jsonlite.Decoder) error {
		return d.Object(func(key string) (err error) {
			switch key {
			case "hello":
				m.Hello, err = d.Bool()
			case "ask":
				m.Ask, err = d.Bool()
			case "bye":
				m.Bye, err = d.Bool()
			case "link":
				m.Link, err = d.String()
			case "pos":
				m.Pos, err = d.Int()
			case "playing":
				m.Playing, err = d.Bool()
			case "speed":
				m.Speed, err = d.Int()
			case "sel":
				m.Sel, err = d.String()
			case "lang":
				m.Lang, err = d.String()
			default:
				err = d.Skip()
			}
			return err
		})
	})
	return m, err
}

// Audience reports whether this window is a presenter window.
func (a *App) Audience() bool { return a.Link.Present }

// Present opens the presenter window on the current moment, or, when it
// is open, stops presenting (it closes).
func (a *App) Present() {
	if a.Web == nil || a.Page != "lesson" || a.Audience() {
		return
	}
	if a.Presenting {
		a.Presenting = false
		a.Web.Broadcast(`{"bye":true}`)
		return
	}
	l := a.Link
	l.Pos, l.Present = a.Pos, true
	a.Presenting, a.lastSync = true, ""
	a.Web.OpenWindow(l.String())
}

// afterTick runs after every frame's Tick: progress, then presenter mode.
func (a *App) afterTick() {
	a.track()
	a.announce()
	if a.Web == nil {
		return
	}
	if a.Audience() {
		if !a.hello {
			a.hello = true
			a.Web.Broadcast(`{"hello":true}`)
		}
		return
	}
	if !a.asked && a.Page == "lesson" {
		// A teacher's window reloaded (or opened by a link) finds the
		// projector that followed it: the projector says hello again.
		a.asked = true
		a.Web.Broadcast(`{"ask":true}`)
	}
	if !a.Presenting || a.Page != "lesson" || a.M == nil {
		return
	}
	l := a.Link
	l.Pos = 0
	b := syncMsg{Link: l.String(), Pos: a.Pos, Playing: a.Playing, Speed: a.Speed, Sel: a.Sel, Lang: a.Lang}.appendJSON(nil)
	if string(b) != a.lastSync {
		a.lastSync = string(b)
		a.Web.Broadcast(a.lastSync)
	}
}

// Receive handles a message from another window of the page.
func (a *App) Receive(msg string) {
	defer a.catch()
	m, err := readSyncMsg(msg)
	if err != nil {
		return
	}
	switch {
	case m.Hello:
		// A presenter window opened (or reloaded): a lesson window
		// presents, and sends its state again.
		if !a.Audience() && a.Page == "lesson" {
			a.Presenting, a.lastSync = true, ""
		}
		return
	case !a.Audience():
		return
	case m.Ask:
		if a.Web != nil {
			a.Web.Broadcast(`{"hello":true}`)
		}
		return
	case m.Bye:
		a.Playing = false
		if a.Web != nil {
			a.Web.CloseWindow()
		}
		return
	}
	l, err := ParseLink(m.Link)
	if err != nil || l.Page != "lesson" {
		return // the teacher is on the list: keep the last stage
	}
	l.Present, l.Pos = true, 0
	cur := a.Link
	cur.Pos = 0
	if l.String() != cur.String() {
		hello := a.hello
		a.Route(l.String())
		a.hello = hello
	}
	if m.Pos != a.Pos {
		a.seek(m.Pos)
	}
	a.Playing = m.Playing && a.Pos < a.Len()-1
	a.SetSpeed(m.Speed)
	a.Sel = m.Sel
	if m.Lang == "zh" || m.Lang == "en" {
		a.Lang = m.Lang
	}
	a.dirty = true
}

// AppClass is the page's class: "presenter" in a presenter window,
// "reduced-motion" when tokens jump.
func (a *App) AppClass() string {
	c := "app"
	if a.Audience() {
		c += " presenter"
	}
	if a.ReducedMotion {
		c += " reduced-motion"
	}
	return c
}

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

// Notes are the speaker notes at the current moment.
func (a *App) Notes() NotesView {
	var v NotesView
	if a.Sc == nil {
		return v
	}
	cur := a.State().Step
	if cur >= 0 && cur < len(a.Sc.Steps) {
		st := a.Sc.Steps[cur]
		v.Title = fmt.Sprintf(a.T("notesStep"), cur+1, len(a.Sc.Steps))
		v.Text = lesson.InLang(a.Lang, st.EN, st.ZH)
		if a.Quiz.Open(cur) {
			q, res, graded := a.Quiz.Ask(cur)
			v.Question = lesson.InLang(a.Lang, q.EN, q.ZH)
			switch ans := a.Quiz.Answer(q, res); {
			case !graded:
				v.Answer = a.T("notesUngraded")
			case ans == "":
				v.Answer = a.T("noChoiceHolds")
			default:
				v.Answer = a.T("notesAnswer") + " " + ans
			}
		}
	}
	if next := cur + 1; next < len(a.Sc.Steps) {
		st := a.Sc.Steps[next]
		v.Next, v.NextText = fmt.Sprintf(a.T("notesNext"), next+1), lesson.InLang(a.Lang, st.EN, st.ZH)
		if q := st.Ask; q != nil {
			v.NextText = a.T("question") + ": " + lesson.InLang(a.Lang, q.EN, q.ZH) + " — " + v.NextText
		}
	} else {
		v.Next = a.T("notesEnd")
	}
	return v
}

// PresentCaption is the presenter window's one line: lesson and step, and
// once a question is graded, what the simulation did, through the next
// step (the grading comes at the very end of the question's own).
func (a *App) PresentCaption() string {
	s := a.State().Step
	parts := []string{a.Title()}
	if a.Sc != nil && s >= 0 {
		parts = append(parts, a.T("stepOf")+" "+strconv.Itoa(s+1)+" / "+strconv.Itoa(len(a.Sc.Steps)))
	}
	for _, k := range []int{s, s - 1} {
		if q := a.Quiz.View(k); q.Verdict != "" {
			parts = append(parts, q.Verdict)
			break
		}
	}
	return strings.Join(parts, " · ")
}

// PresentQuestion is the question the presenter window shows over the
// stage while it is open, its choices numbered as the keys that pick
// them: the class votes, the teacher types the number.
func (a *App) PresentQuestion() lesson.QuestionView {
	if !a.Audience() {
		return lesson.QuestionView{} // the teacher's window: every render asks
	}
	if s := a.State().Step; a.Quiz.Open(s) {
		return a.Quiz.View(s)
	}
	return lesson.QuestionView{}
}
