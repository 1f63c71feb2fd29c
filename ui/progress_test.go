package ui

import (
	"brokerlab/ui/classroom"

	"encoding/json"
	"reflect"
	"strings"
	"testing"
)

// newFakeWeb is an App whose localStorage survives into the next App, as
// across a reload.
func newFakeWeb(store map[string]string) (*fakeHost, *App) {
	h := &fakeHost{store: store}
	a := New(h, "en")
	a.Class.Web = &fakeWeb{store: store}
	return h, a
}

func TestProgress(t *testing.T) {
	store := map[string]string{}
	_, a := newFakeWeb(store)
	a.Route("#/lesson/" + lessonID)
	a.Tick(0)
	if got := a.Class.LessonProgress(lessonID); !got.Opened || got.Finished {
		t.Fatalf("after opening: %+v", got)
	}
	// The question, answered wrong, then the end of the run.
	a.Play.GoStep(5)
	a.Quiz.Pick(5, 0)
	for now := 0.0; a.Play.Playing && now < 1e7; now += 100 {
		a.Tick(now)
	}
	a.Play.Seek(a.Len() - 1)
	a.Tick(2e7)
	want := classroom.Progress{Opened: true, Finished: true, Answers: map[string]string{"6": "wrong"}}
	if got := a.Class.LessonProgress(lessonID); !reflect.DeepEqual(got, want) {
		t.Fatalf("got %+v, want %+v", got, want)
	}
	// An edited run does not count.
	a.OpenEditor()
	a.Ed.SetText(strings.Replace(a.Ed.Text, "seed 11", "seed 12", 1))
	a.RunEdited()
	a.Play.GoStep(5)
	a.Quiz.Pick(5, 2)
	a.Play.Seek(a.Len() - 1)
	a.Tick(3e7)

	// A reload reads it back; the list shows it.
	_, b := newFakeWeb(store)
	b.Route("#/")
	if got := b.Class.LessonProgress(lessonID); !reflect.DeepEqual(got, want) {
		t.Fatalf("after a reload: %+v, store %q", got, store["progress"])
	}
	var marks []string
	for _, m := range b.Class.ProgressMarks(lessonID) {
		marks = append(marks, m.Class+" "+m.Text)
	}
	if got := strings.Join(marks, "|"); got != "finished ✓ finished|wrong question of step 6: ✗ wrong" {
		t.Fatalf("marks: %s", got)
	}
	if m := b.Class.ProgressMarks("02-zookeeper-reactor"); len(m) != 1 || m[0].Class != "new" {
		t.Fatalf("a lesson not opened: %+v", m)
	}
	// Answered again, right: the last answer counts.
	b.Route("#/lesson/" + lessonID)
	b.Play.GoStep(5)
	b.Quiz.Pick(5, 2)
	b.Play.GoStep(6)
	b.Tick(0)
	if got := b.Class.LessonProgress(lessonID).Answers["6"]; got != "right" {
		t.Fatalf("answered again: %s", got)
	}
	// Forgotten, and a corrupt record starts over.
	b.Class.ForgetProgress()
	if b.Class.HasProgress() {
		t.Fatal("forgotten progress remains")
	}
	var m map[string]any
	if err := json.Unmarshal([]byte(store["progress"]), &m); err != nil || len(m) != 0 {
		t.Fatalf("stored after forgetting: %q", store["progress"])
	}
	store["progress"] = "{not json"
	_, c := newFakeWeb(store)
	if c.Class.HasProgress() {
		t.Fatal("a corrupt record")
	}
}
