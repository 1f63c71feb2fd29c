package ui

import (
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
	a.Web = &fakeWeb{store: store}
	return h, a
}

func TestProgress(t *testing.T) {
	store := map[string]string{}
	_, a := newFakeWeb(store)
	a.Route("#/lesson/" + lessonID)
	a.Tick(0)
	if got := a.LessonProgress(lessonID); !got.Opened || got.Finished {
		t.Fatalf("after opening: %+v", got)
	}
	// The question, answered wrong, then the end of the run.
	a.GoStep(5)
	a.Quiz.Pick(5, 0)
	for now := 0.0; a.Playing && now < 1e7; now += 100 {
		a.Tick(now)
	}
	a.Seek(a.Len() - 1)
	a.Tick(2e7)
	want := Progress{Opened: true, Finished: true, Answers: map[string]string{"6": "wrong"}}
	if got := a.LessonProgress(lessonID); !reflect.DeepEqual(got, want) {
		t.Fatalf("got %+v, want %+v", got, want)
	}
	// An edited run does not count.
	a.OpenEditor()
	a.Ed.SetText(strings.Replace(a.Ed.Text, "seed 11", "seed 12", 1))
	a.RunEdited()
	a.GoStep(5)
	a.Quiz.Pick(5, 2)
	a.Seek(a.Len() - 1)
	a.Tick(3e7)

	// A reload reads it back; the list shows it.
	_, b := newFakeWeb(store)
	b.Route("#/")
	if got := b.LessonProgress(lessonID); !reflect.DeepEqual(got, want) {
		t.Fatalf("after a reload: %+v, store %q", got, store["progress"])
	}
	var marks []string
	for _, m := range b.ProgressMarks(lessonID) {
		marks = append(marks, m.Class+" "+m.Text)
	}
	if got := strings.Join(marks, "|"); got != "finished ✓ finished|wrong question of step 6: ✗ wrong" {
		t.Fatalf("marks: %s", got)
	}
	if m := b.ProgressMarks("02-zookeeper-reactor"); len(m) != 1 || m[0].Class != "new" {
		t.Fatalf("a lesson not opened: %+v", m)
	}
	// Answered again, right: the last answer counts.
	b.Route("#/lesson/" + lessonID)
	b.GoStep(5)
	b.Quiz.Pick(5, 2)
	b.GoStep(6)
	b.Tick(0)
	if got := b.LessonProgress(lessonID).Answers["6"]; got != "right" {
		t.Fatalf("answered again: %s", got)
	}
	// Forgotten, and a corrupt record starts over.
	b.ForgetProgress()
	if b.HasProgress() {
		t.Fatal("forgotten progress remains")
	}
	var m map[string]any
	if err := json.Unmarshal([]byte(store["progress"]), &m); err != nil || len(m) != 0 {
		t.Fatalf("stored after forgetting: %q", store["progress"])
	}
	store["progress"] = "{not json"
	_, c := newFakeWeb(store)
	if c.HasProgress() {
		t.Fatal("a corrupt record")
	}
}

// Progress is stored as encoding/json wrote it: what a visitor stored
// before reads back, and is written again byte for byte.
func TestProgressAsEncodingJSON(t *testing.T) {
	// As the page stored it with encoding/json.
	old := `{"01-controller-event-queue":{"opened":true,"finished":true,"answers":{"10":"right","6":"wrong"}},"02-zookeeper-reactor":{"opened":true}}`
	got, err := readProgress(old)
	want := map[string]*Progress{
		"01-controller-event-queue": {Opened: true, Finished: true, Answers: map[string]string{"6": "wrong", "10": "right"}},
		"02-zookeeper-reactor":      {Opened: true},
	}
	if err != nil || !reflect.DeepEqual(got, want) {
		t.Fatalf("read %v, %v", got, err)
	}
	for _, prog := range []map[string]*Progress{
		{},
		want,
		{"x": {}, "<b>&\u2028": {Finished: true, Answers: map[string]string{"1": "a\"b", "2": "\xff"}}},
		{"y": {Answers: map[string]string{}}},
	} {
		b, err := json.Marshal(prog)
		if err != nil {
			t.Fatal(err)
		}
		if got := appendProgress(nil, prog); string(got) != string(b) {
			t.Errorf("wrote %s, encoding/json writes %s", got, b)
		}
		var want map[string]*Progress
		if err := json.Unmarshal(b, &want); err != nil {
			t.Fatal(err)
		}
		if got, err := readProgress(string(b)); err != nil || !reflect.DeepEqual(got, want) {
			t.Errorf("%s: read %v, %v; encoding/json reads %v", b, got, err, want)
		}
	}
	// A later version's members are skipped; a record of another shape is an error.
	if got, err := readProgress(`{"x":{"opened":true,"time":[1,2]},"v":2}`); err == nil {
		t.Errorf("a number for a record: %v", got)
	}
	if got, err := readProgress(`{"x":{"opened":true,"time":[1,2]}}`); err != nil || !got["x"].Opened {
		t.Errorf("an unknown member: %v, %v", got, err)
	}
}
