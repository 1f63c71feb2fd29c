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
	teacher.Web = tw
	teacher.Route("#/lesson/" + lesson + "?pos=20")
	teacher.Present()
	if len(tw.opened) != 1 || tw.opened[0] != "#/present/lesson/"+lesson+"?pos=20" || !teacher.Presenting {
		t.Fatalf("opened %q", tw.opened)
	}
	title, notes := teacher.Notes()
	if title != "Next: step 3" || !strings.HasPrefix(notes, "This is ControllerEventThread.doWork") {
		t.Fatalf("notes: %q %q", title, notes)
	}

	_, aud := newFake()
	aw := &fakeWeb{store: map[string]string{}}
	aud.Web = aw
	aud.Route(tw.opened[0])
	if !aud.Audience() || aud.AppClass() != "app presenter" || aud.Pos != 20 {
		t.Fatalf("presenter window: audience %v, class %q, pos %d", aud.Audience(), aud.AppClass(), aud.Pos)
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
