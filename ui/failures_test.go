package ui

import (
	"strings"
	"testing"

	"brokerlab/ui/editor"
)

// editedLesson07 is lesson 07 with a refused action (line 30, in step 2)
// and a failing expect (line 32).
func editedLesson07(t *testing.T, src string) string {
	t.Helper()
	join := "at 1s consumer C2 join G topics=t0\n"
	out := strings.Replace(src, join, join+"at 1s consumer C9 leave\n", 1)
	out = strings.Replace(out, "currentStateTimestamp == 6003", "currentStateTimestamp == 1", 1)
	if out == src || strings.Count(out[:strings.Index(out, "consumer C9 leave")], "\n") != 29 {
		t.Fatal("lesson 07 changed: pick another line")
	}
	return out
}

// An edited scenario's refused action and failed expect are credited to
// the edited scenario, not to the lesson's file; the editor marks their
// lines while it holds the text that ran; each shows in the step that was
// playing when it happened, once playback is there; in both languages.
func TestEditedFailuresAreTheEditedScenarios(t *testing.T) {
	_, a := newFake()
	a.Route("#/lesson/07-consumer-group-rebalance")
	must(t, "the lesson runs under its own file", a.Sc.File == a.Lesson.File && len(a.Failures()) == 0)
	a.OpenEditor()
	a.Ed.SetText(editedLesson07(t, a.Ed.Text))
	a.RunEdited()

	refused := "edited.lab:30:1: consumer C9 leave: refused, C9 is not running"
	expect := "edited.lab:32:1: expect group[G].currentStateTimestamp == 1: got 6003"
	if got := a.Failures(); len(got) != 2 || got[0] != refused || got[1] != expect {
		t.Fatalf("failures: got %q\nwant %q, %q", got, refused, expect)
	}
	if ms := a.Ed.Marks(); len(ms) != 2 || ms[0].Line != 30 || ms[1].Line != 32 {
		t.Fatalf("editor marks: %+v", ms)
	}
	if got, want := a.Ed.ErrText(), "line 30, column 1: consumer C9 leave: refused, C9 is not running"; got != want {
		t.Errorf("editor: got %q, want %q", got, want)
	}
	a.Ed.GoToError()
	if got, want := a.Ed.TakeFocus(), editor.Offset(a.Ed.Text, 30, 1); got != want {
		t.Errorf("go to the failure: caret %d, want %d", got, want)
	}

	// In the narration: in step 2, where it happened, from its event on.
	f := a.Res.Failures[0]
	if a.stepAt(f.Seq) != 2 {
		t.Fatalf("the refusal happens in step %d, want 2", a.stepAt(f.Seq))
	}
	a.Play.Seek(f.Seq - 1)
	if got := steps(a)[2].Fails; len(got) != 0 {
		t.Errorf("shown before it happened: %q", got)
	}
	a.Play.Seek(f.Seq)
	for i, s := range steps(a) {
		if want := i == 2; want != (len(s.Fails) == 1 && s.Fails[0] == refused) {
			t.Errorf("step %d: failures %q", i, s.Fails)
		}
	}

	a.SetLang("zh")
	if got, want := a.Failures()[0], "edited.lab:30:1: consumer C9 leave：被拒绝，C9 没有在运行"; got != want {
		t.Errorf("in Chinese: got %q, want %q", got, want)
	}
	if got, want := a.Ed.ErrText(), "第 30 行第 1 列：consumer C9 leave：被拒绝，C9 没有在运行"; got != want {
		t.Errorf("the editor in Chinese: got %q, want %q", got, want)
	}
	a.SetLang("en")

	// A keystroke later the lines may have moved: no marks until it runs.
	a.Ed.SetText("\n" + a.Ed.Text)
	if ms := a.Ed.Marks(); len(ms) != 0 || a.Ed.ErrText() != "" {
		t.Errorf("marks on a text that did not run: %+v", ms)
	}

	// The link of the edited run credits the same scenario.
	link := a.Hash()
	_, b := newFake()
	b.Route(link)
	if got := b.Failures(); len(got) != 2 || got[0] != refused {
		t.Errorf("src= link: %q", got)
	}
	if ms := b.Ed.Marks(); len(ms) != 2 {
		t.Errorf("src= link: the editor marks %+v", ms)
	}

	// Back to the lesson's own: its file, no failures.
	a.RevertEdit()
	if a.Sc.File != a.Lesson.File || len(a.Failures()) != 0 || len(a.Ed.Marks()) != 0 {
		t.Errorf("reverted: file %q, failures %q", a.Sc.File, a.Failures())
	}
}

// A refused what-if is on no line of the file: it is shown as injected,
// in the step where it was injected.
func TestRefusedWhatIf(t *testing.T) {
	_, a := newFake()
	a.Route("#/lesson/07-consumer-group-rebalance")
	a.Play.Seek(a.Len() / 2)
	step := a.State().Step
	a.Inject("consumer C9 leave")
	want := "Injected: consumer C9 leave: refused, C9 is not running"
	if got := a.Failures(); len(got) != 1 || got[0] != want {
		t.Fatalf("failures: got %q, want %q", got, want)
	}
	a.Play.Seek(a.Res.Failures[0].Seq)
	if got := steps(a)[step].Fails; len(got) != 1 || got[0] != want {
		t.Errorf("step %d: %q", step, got)
	}
	a.SetLang("zh")
	if got := a.Failures()[0]; got != "已注入：consumer C9 leave：被拒绝，C9 没有在运行" {
		t.Errorf("in Chinese: %q", got)
	}
}
