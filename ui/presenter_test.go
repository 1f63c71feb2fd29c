package ui

import (
	"encoding/json"
	"strings"
	"testing"
)

// The teacher's App broadcasts its state; a presenter App fed the same
// messages shows the same moment.
func TestPresenter(t *testing.T) {
	_, teacher := newFake()
	tw := &fakeWeb{store: map[string]string{}}
	teacher.Web = tw
	teacher.Route("#/lesson/" + lessonID + "?pos=20")
	teacher.Present()
	if len(tw.opened) != 1 || tw.opened[0] != "#/present/lesson/"+lessonID+"?pos=20" || !teacher.Presenting {
		t.Fatalf("opened %q", tw.opened)
	}
	notes := teacher.Notes()
	if n := notes; n.Title != "Step 2 / 10" || !strings.HasPrefix(n.Text, "While controller-event-thread is busy") || n.Question != "" ||
		n.Next != "Next: step 3" || !strings.HasPrefix(n.NextText, "This is ControllerEventThread.doWork") {
		t.Fatalf("notes: %+v", n)
	}

	_, aud := newFake()
	aw := &fakeWeb{store: map[string]string{}}
	aud.Web = aw
	aud.Route(tw.opened[0])
	if !aud.Audience() || aud.AppClass() != "app presenter" || aud.Pos != 20 {
		t.Fatalf("presenter window: audience %v, class %q, pos %d", aud.Audience(), aud.AppClass(), aud.Pos)
	}
	// Keys pressed in the projector's window are not the lesson's: it
	// follows the teacher's window and stays where it is.
	for _, k := range []string{"ArrowRight", " ", "1", "ArrowLeft"} {
		if aud.Key(k) || aud.Pos != 20 || aud.Playing {
			t.Fatalf("the projector took key %q: pos %d, playing %v", k, aud.Pos, aud.Playing)
		}
	}
	aud.Tick(0)
	if len(aw.sent) != 1 || aw.sent[0] != `{"hello":true}` {
		t.Fatalf("the presenter window says hello: %q", aw.sent)
	}
	relay := func() {
		for _, m := range tw.sent {
			aud.Receive(m)
		}
		tw.sent = nil
	}
	teacher.Receive(aw.sent[0])
	teacher.Seek(55)
	teacher.Inject("session expire")
	teacher.SetLang("zh")
	teacher.Tick(0)
	relay()
	if aud.Pos != teacher.Pos || aud.Lang != "zh" || len(aud.Link.Inject) != 1 || !aud.Playing || !aud.Audience() {
		t.Fatalf("presenter: pos %d (teacher %d), lang %s, inject %v, playing %v", aud.Pos, teacher.Pos, aud.Lang, aud.Link.Inject, aud.Playing)
	}
	if c := aud.PresentCaption(); !strings.Contains(c, "控制器的单线程事件队列") || !strings.Contains(c, "步骤 3 / 10") {
		t.Fatalf("caption: %q", c)
	}
	// Nothing changed, nothing sent.
	teacher.Playing = false
	teacher.Tick(1)
	n := len(tw.sent)
	teacher.Tick(2)
	if len(tw.sent) != n {
		t.Fatal("a still teacher keeps broadcasting")
	}
	relay()
	// The presenter window does not record progress or stop at questions.
	if aud.HasProgress() {
		t.Fatal("the presenter window records progress")
	}
	// Stop presenting: the presenter window closes.
	teacher.Present()
	relay()
	if teacher.Presenting || aw.closed != 1 {
		t.Fatalf("stop: presenting %v, closed %d", teacher.Presenting, aw.closed)
	}
	// A list window does not present; garbage is ignored.
	_, list := newFake()
	list.Web = &fakeWeb{store: map[string]string{}}
	list.Receive(`{"hello":true}`)
	list.Receive(`{{`)
	if list.Presenting {
		t.Fatal("the list presents")
	}
}

// The teacher's window reloads (or a link opens the lesson again): it asks,
// the projector says hello, and the two are in step again.
func TestPresenterRejoinsAfterTheTeachersReload(t *testing.T) {
	_, aud := newFake()
	aw := &fakeWeb{store: map[string]string{}}
	aud.Web = aw
	aud.Route("#/present/lesson/" + lessonID + "?pos=20")
	aud.Tick(0)
	// The teacher's new page: it does not know it was presenting.
	_, teacher := newFake()
	tw := &fakeWeb{store: map[string]string{}}
	teacher.Web = tw
	teacher.Route("#/lesson/" + lessonID + "?pos=44")
	teacher.Tick(0)
	for round := 0; round < 3; round++ {
		for _, m := range tw.sent {
			aud.Receive(m)
		}
		tw.sent = nil
		for _, m := range aw.sent {
			teacher.Receive(m)
		}
		aw.sent = nil
		teacher.Tick(float64(round + 1))
	}
	if !teacher.Presenting || aud.Pos != 44 {
		t.Fatalf("after the teacher's reload: presenting %v, projector at %d (teacher 44)", teacher.Presenting, aud.Pos)
	}
}

// The messages are the JSON encoding/json wrote and read, so windows of
// the page before and after it stopped using it understand each other.
func TestSyncMsgAsEncodingJSON(t *testing.T) {
	for _, m := range []syncMsg{
		{},
		{Hello: true},
		{Ask: true},
		{Bye: true},
		{Link: "#/lesson/" + lessonID + "?seed=3&a=12:send%20x", Pos: 42, Playing: true, Speed: 3, Sel: "tok:7", Lang: "zh"},
		{Link: "#/x?a=<b>&c", Pos: -1, Speed: -2, Sel: "thread:\"a\"\u2028", Lang: "en"},
	} {
		want, err := json.Marshal(m)
		if err != nil {
			t.Fatal(err)
		}
		if got := m.appendJSON(nil); string(got) != string(want) {
			t.Errorf("wrote %s, encoding/json writes %s", got, want)
		}
	}
	for _, msg := range []string{
		`{"hello":true}`, `{"bye":true}`, `{"link":"#/lesson/x","pos":3,"playing":true,"speed":2,"sel":"tok:1","lang":"zh"}`,
		`{"pos":3,"later":{"field":[1,"two",null]},"lang":"en"}`, `{"link":"\u003cb\u003e"}`, ` {} `,
		`{"pos":1.5}`, `{"pos":"3"}`, `{"playing":1}`, `{"lang":null}`, `{"hello":true}x`, `{{`, ``, `[]`, `null`,
	} {
		var want syncMsg
		werr := json.Unmarshal([]byte(msg), &want)
		got, err := readSyncMsg(msg)
		if (err == nil) != (werr == nil) || err == nil && got != want {
			t.Errorf("%s: read %+v, %v; encoding/json reads %+v, %v", msg, got, err, want, werr)
		}
	}
}

// The presenter window shows an open question over the stage, its choices
// numbered; once graded, the caption says what the simulation did.
func TestPresentQuestion(t *testing.T) {
	_, w := newFake()
	w.Route("#/present/lesson/" + lessonID)
	_, teacher := newFake()
	teacher.Route("#/lesson/" + lessonID)
	const k = 5
	w.GoStep(k)
	teacher.GoStep(k)
	q := w.PresentQuestion()
	if !q.Open || len(q.Choices) != 3 || !strings.Contains(q.Text, "Which of the three queued events") {
		t.Fatalf("the presenter's question: %+v", q)
	}
	if teacher.PresentQuestion().Open {
		t.Fatal("the teacher's window has its own question panel")
	}
	if c := w.PresentCaption(); strings.Contains(c, "simulation") {
		t.Fatalf("the caption gives the answer away: %q", c)
	}
	w.GoStep(k + 1)
	if w.PresentQuestion().Open {
		t.Fatal("the question stays over the stage after its step")
	}
	if c := w.PresentCaption(); !strings.HasSuffix(c, "step 7 / 10 · The simulation: None of them") || w.PresentQuestion().Open {
		t.Fatalf("the step after the question: caption %q", c)
	}
	w.StepBy(-1) // the end of the question step's run: graded
	if c := w.PresentCaption(); !strings.HasSuffix(c, "step 6 / 10 · The simulation: None of them") {
		t.Fatalf("graded: caption %q", c)
	}
	w.GoStep(k + 2)
	if c := w.PresentCaption(); strings.Contains(c, "simulation") {
		t.Fatalf("two steps on: caption %q", c)
	}
}

// While a question is open, the speaker notes show the step's text, which
// the narration hides, and the answer the simulation will give; once
// answered and graded, only the step.
func TestNotesAnswerTheOpenQuestion(t *testing.T) {
	_, a := newFake()
	a.Route("#/lesson/" + lessonID)
	k := -1
	for _, m := range a.Marks() {
		if q, _, _ := a.Quiz.Ask(m.Step); q != nil {
			k = m.Step
			a.GoStep(k)
			break
		}
	}
	if k < 0 {
		t.Fatal("lesson 01 asks no question")
	}
	n := a.Notes()
	if n.Title != "Step 6 / 10" || n.Question != "The ZooKeeper session expires now. Which of the three queued events will be processed?" ||
		n.Answer != "The simulation will show: None of them" || !strings.HasPrefix(n.Text, "None of them. The session-expiry thread") {
		t.Fatalf("notes on the open question: %+v", n)
	}
	a.SetLang("zh")
	if n := a.Notes(); n.Answer != "模拟将给出： 一个都不会" || n.Title != "第 6 步 / 共 10 步" {
		t.Fatalf("notes in Chinese: %+v", n)
	}
	a.SetLang("en")
	a.Quiz.Pick(k, 0)
	for a.Playing {
		a.Tick(a.lastTick + 100)
	}
	if n := a.Notes(); n.Question != "" || n.Answer != "" {
		t.Fatalf("notes after the grading: %+v", n)
	}
}
