package ui

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
)

// Presenter mode: the teacher's window opens a second window on the same
// page (#/present/lesson/…) for the projector. It shows the stage alone,
// large and high contrast, and follows the teacher's window over a
// BroadcastChannel (no server): lesson, edit, what-ifs, position, playing,
// speed, selection, language. The teacher's window keeps the controls and
// the narration, and shows speaker notes: the next step's text.

// PresentState is presenter mode's part of the App.
type PresentState struct {
	Presenting bool   // this window is the teacher's and a presenter window follows it
	lastSync   string // the last state sent
	hello      bool   // a presenter window that has not asked for the state yet
}

// syncMsg is what travels over the channel.
type syncMsg struct {
	Hello   bool   `json:"hello,omitempty"` // a presenter window asks for the state
	Bye     bool   `json:"bye,omitempty"`   // the teacher stopped presenting
	Link    string `json:"link,omitempty"`  // the run, without the position
	Pos     int    `json:"pos"`
	Playing bool   `json:"playing"`
	Speed   int    `json:"speed"`
	Sel     string `json:"sel,omitempty"`
	Lang    string `json:"lang"`
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
	if !a.Presenting || a.Page != "lesson" || a.M == nil {
		return
	}
	l := a.Link
	l.Pos = 0
	b, err := json.Marshal(syncMsg{Link: l.String(), Pos: a.Pos, Playing: a.Playing, Speed: a.Speed, Sel: a.Sel, Lang: a.Lang})
	if err == nil && string(b) != a.lastSync {
		a.lastSync = string(b)
		a.Web.Broadcast(a.lastSync)
	}
}

// Receive handles a message from another window of the page.
func (a *App) Receive(msg string) {
	defer a.catch()
	var m syncMsg
	if json.Unmarshal([]byte(msg), &m) != nil {
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

// Notes are the speaker notes: the next step's narration (and question),
// which the narration panel keeps hidden until the run reaches it.
func (a *App) Notes() (title, text string) {
	if a.Sc == nil {
		return "", ""
	}
	next := a.State().Step + 1
	if next >= len(a.Sc.Steps) {
		return a.T("notesEnd"), ""
	}
	st := a.Sc.Steps[next]
	text = pick(a.Lang, st.EN, st.ZH)
	if q := st.Ask; q != nil {
		text = a.T("question") + ": " + pick(a.Lang, q.EN, q.ZH) + " — " + text
	}
	return fmt.Sprintf(a.T("notesNext"), next+1), text
}

// PresentCaption is the presenter window's one line: lesson and step.
func (a *App) PresentCaption() string {
	s := a.State().Step
	parts := []string{a.Title()}
	if a.Sc != nil && s >= 0 {
		parts = append(parts, a.T("stepOf")+" "+strconv.Itoa(s+1)+" / "+strconv.Itoa(len(a.Sc.Steps)))
	}
	return strings.Join(parts, " · ")
}
