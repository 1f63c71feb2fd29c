package ui

import (
	"strings"
	"testing"
)

// The teacher's App broadcasts its state; a presenter App fed the same
// messages shows the same moment.
func TestPresenter(t *testing.T) {
	_, teacher := newFake()
	tw := &fakeWeb{store: map[string]string{}}
	teacher.Class.Web = tw
	teacher.Route("#/lesson/" + lessonID + "?pos=20")
	teacher.Class.Present()
	if len(tw.opened) != 1 || tw.opened[0] != "#/present/lesson/"+lessonID+"?pos=20" || !teacher.Class.Presenting {
		t.Fatalf("opened %q", tw.opened)
	}
	notes := teacher.Quiz.Notes()
	if n := notes; n.Title != "Step 2 / 10" || !strings.HasPrefix(n.Text, "While controller-event-thread is busy") || n.Question != "" ||
		n.Next != "Next: step 3" || !strings.HasPrefix(n.NextText, "This is ControllerEventThread.doWork") {
		t.Fatalf("notes: %+v", n)
	}

	_, aud := newFake()
	aw := &fakeWeb{store: map[string]string{}}
	aud.Class.Web = aw
	aud.Route(tw.opened[0])
	if !aud.Audience() || aud.Class.AppClass() != "app presenter" || aud.Play.Pos != 20 {
		t.Fatalf("presenter window: audience %v, class %q, pos %d", aud.Audience(), aud.Class.AppClass(), aud.Play.Pos)
	}
	// Keys pressed in the projector's window are not the lesson's: it
	// follows the teacher's window and stays where it is.
	for _, k := range []string{"ArrowRight", " ", "1", "ArrowLeft"} {
		if aud.Key(k) || aud.Play.Pos != 20 || aud.Play.Playing {
			t.Fatalf("the projector took key %q: pos %d, playing %v", k, aud.Play.Pos, aud.Play.Playing)
		}
	}
	aud.Tick(0)
	if len(aw.sent) != 1 || aw.sent[0] != `{"hello":true}` {
		t.Fatalf("the presenter window says hello: %q", aw.sent)
	}
	relay := func() {
		for _, m := range tw.sent {
			aud.Class.Receive(m)
		}
		tw.sent = nil
	}
	teacher.Class.Receive(aw.sent[0])
	teacher.Play.Seek(55)
	teacher.Inject("session expire")
	teacher.SetLang("zh")
	teacher.Tick(0)
	relay()
	if aud.Play.Pos != teacher.Play.Pos || aud.Lang != "zh" || len(aud.Link.Inject) != 1 || !aud.Play.Playing || !aud.Audience() {
		t.Fatalf("presenter: pos %d (teacher %d), lang %s, inject %v, playing %v", aud.Play.Pos, teacher.Play.Pos, aud.Lang, aud.Link.Inject, aud.Play.Playing)
	}
	if c := aud.Quiz.PresentCaption(aud.Title()); !strings.Contains(c, "控制器的单线程事件队列") || !strings.Contains(c, "步骤 3 / 10") {
		t.Fatalf("caption: %q", c)
	}
	// Nothing changed, nothing sent.
	teacher.Play.Playing = false
	teacher.Tick(1)
	n := len(tw.sent)
	teacher.Tick(2)
	if len(tw.sent) != n {
		t.Fatal("a still teacher keeps broadcasting")
	}
	relay()
	// The presenter window does not record progress or stop at questions.
	if aud.Class.HasProgress() {
		t.Fatal("the presenter window records progress")
	}
	// Stop presenting: the presenter window closes.
	teacher.Class.Present()
	relay()
	if teacher.Class.Presenting || aw.closed != 1 {
		t.Fatalf("stop: presenting %v, closed %d", teacher.Class.Presenting, aw.closed)
	}
	// A list window does not present; garbage is ignored.
	_, list := newFake()
	list.Class.Web = &fakeWeb{store: map[string]string{}}
	list.Class.Receive(`{"hello":true}`)
	list.Class.Receive(`{{`)
	if list.Class.Presenting {
		t.Fatal("the list presents")
	}
}

// The teacher's window reloads (or a link opens the lesson again): it asks,
// the projector says hello, and the two are in step again.
func TestPresenterRejoinsAfterTheTeachersReload(t *testing.T) {
	_, aud := newFake()
	aw := &fakeWeb{store: map[string]string{}}
	aud.Class.Web = aw
	aud.Route("#/present/lesson/" + lessonID + "?pos=20")
	aud.Tick(0)
	// The teacher's new page: it does not know it was presenting.
	_, teacher := newFake()
	tw := &fakeWeb{store: map[string]string{}}
	teacher.Class.Web = tw
	teacher.Route("#/lesson/" + lessonID + "?pos=44")
	teacher.Tick(0)
	for round := 0; round < 3; round++ {
		for _, m := range tw.sent {
			aud.Class.Receive(m)
		}
		tw.sent = nil
		for _, m := range aw.sent {
			teacher.Class.Receive(m)
		}
		aw.sent = nil
		teacher.Tick(float64(round + 1))
	}
	if !teacher.Class.Presenting || aud.Play.Pos != 44 {
		t.Fatalf("after the teacher's reload: presenting %v, projector at %d (teacher 44)", teacher.Class.Presenting, aud.Play.Pos)
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
	w.Play.GoStep(k)
	teacher.Play.GoStep(k)
	q := w.Quiz.PresentQuestion()
	if !q.Open || len(q.Choices) != 3 || !strings.Contains(q.Text, "Which of the three queued events") {
		t.Fatalf("the presenter's question: %+v", q)
	}
	if teacher.Quiz.PresentQuestion().Open {
		t.Fatal("the teacher's window has its own question panel")
	}
	if c := w.Quiz.PresentCaption(w.Title()); strings.Contains(c, "simulation") {
		t.Fatalf("the caption gives the answer away: %q", c)
	}
	w.Play.GoStep(k + 1)
	if w.Quiz.PresentQuestion().Open {
		t.Fatal("the question stays over the stage after its step")
	}
	if c := w.Quiz.PresentCaption(w.Title()); !strings.HasSuffix(c, "step 7 / 10 · The simulation: None of them") || w.Quiz.PresentQuestion().Open {
		t.Fatalf("the step after the question: caption %q", c)
	}
	w.Play.StepBy(-1) // the end of the question step's run: graded
	if c := w.Quiz.PresentCaption(w.Title()); !strings.HasSuffix(c, "step 6 / 10 · The simulation: None of them") {
		t.Fatalf("graded: caption %q", c)
	}
	w.Play.GoStep(k + 2)
	if c := w.Quiz.PresentCaption(w.Title()); strings.Contains(c, "simulation") {
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
			a.Play.GoStep(k)
			break
		}
	}
	if k < 0 {
		t.Fatal("lesson 01 asks no question")
	}
	n := a.Quiz.Notes()
	if n.Title != "Step 6 / 10" || n.Question != "The ZooKeeper session expires now. Which of the three queued events will be processed?" ||
		n.Answer != "The simulation will show: None of them" || !strings.HasPrefix(n.Text, "None of them. The session-expiry thread") {
		t.Fatalf("notes on the open question: %+v", n)
	}
	a.SetLang("zh")
	if n := a.Quiz.Notes(); n.Answer != "模拟将给出： 一个都不会" || n.Title != "第 6 步 / 共 10 步" {
		t.Fatalf("notes in Chinese: %+v", n)
	}
	a.SetLang("en")
	a.Quiz.Pick(k, 0)
	for a.Play.Playing {
		a.Tick(a.lastTick + 100)
	}
	if n := a.Quiz.Notes(); n.Question != "" || n.Answer != "" {
		t.Fatalf("notes after the grading: %+v", n)
	}
}
