package ui

import (
	"strings"
	"testing"

	"brokerlab/core/sim"
	"brokerlab/ui/inspect"
	"brokerlab/ui/kit"
	"brokerlab/ui/playback"
)

// play ticks the App until it stops playing; it returns how far it got.
func play(a *App) {
	a.Play.Toggle()
	for now := 0.0; a.Play.Playing && now < 1e7; now += 100 {
		a.Tick(now)
	}
}

// Lesson 01 asks at step 6 which queued events survive the expiry: playing
// stops on the question, the step's text stays hidden, a pick plays on,
// and the run's grading says whether the pick was right.
func TestQuestionLesson01(t *testing.T) {
	const k = 5 // the step whose run answers the question
	for _, c := range []struct {
		pick  int
		class string
		want  string
	}{
		{0, "wrong", "✗ Not this time. The simulation: None of them"},
		{2, "right", "✓ Right. The simulation: None of them"},
		{-1, "told", "The simulation: None of them"},
	} {
		_, a := newFake()
		a.Route("#/lesson/" + lessonID)
		a.Play.SetSpeed(len(playback.Speeds) - 1)
		play(a)
		mark := kit.MarkSeq(a.Marks(), k)
		if a.Play.Pos != mark || !a.Quiz.Has(k) || !a.Quiz.Open(k) {
			t.Fatalf("playing stopped at %d, want the question's step at %d", a.Play.Pos, mark)
		}
		if segs := steps(a)[k].Segs; len(segs) != 0 {
			t.Fatalf("the step's text shows with its question open: %v", segs)
		}
		q := a.Quiz.View(k)
		if !q.Open || q.Verdict != "" || len(q.Choices) != 3 || !strings.Contains(q.Text, "Which of the three queued events") {
			t.Fatalf("question: %+v", q)
		}
		if c.pick >= 0 {
			a.Quiz.Pick(k, c.pick)
			if !a.Play.Playing {
				t.Fatal("a pick does not play on")
			}
			for now := 1e7; a.Play.Playing && a.Play.Pos < kit.MarkSeq(a.Marks(), k+1); now += 100 {
				a.Tick(now)
			}
		} else {
			a.Play.GoStep(k + 1)
		}
		q = a.Quiz.View(k)
		if q.Open || q.Class != c.class || q.Verdict != c.want {
			t.Fatalf("pick %d: verdict %q (%s), want %q (%s)", c.pick, q.Verdict, q.Class, c.want, c.class)
		}
		if !q.Choices[2].Held || q.Choices[0].Held || q.Choices[1].Held {
			t.Fatalf("graded choices: %+v", q.Choices)
		}
		if c.pick == 0 && !strings.Contains(q.Choices[0].Class, "missed") {
			t.Fatalf("the wrong pick is not marked: %+v", q.Choices[0])
		}
		if len(steps(a)[k].Segs) == 0 {
			t.Fatal("the step's text stays hidden after the reveal")
		}
		// Picks belong to the run: another lesson starts afresh.
		a.Route("#/lesson/02-zookeeper-reactor")
		a.Route("#/lesson/" + lessonID)
		if len(a.Quiz.Picks()) != 0 {
			t.Fatal("picks survive a new run")
		}
	}
}

// A pick is refused once the question is graded, and in Chinese the
// question and choices are Chinese.
func TestQuestionPickAndLanguage(t *testing.T) {
	_, a := newFake()
	a.Route("#/lesson/" + lessonID)
	a.Play.GoStep(6)
	a.Quiz.Pick(5, 1)
	if _, picked := a.Quiz.Picks()[5]; picked {
		t.Fatal("a graded question took a pick")
	}
	a.SetLang("zh")
	a.Play.GoStep(5)
	q := a.Quiz.View(5)
	if !strings.Contains(q.Text, "哪些会被处理") || q.Choices[2].Label != "一个都不会" || q.Variant != "" {
		t.Fatalf("zh: %+v", q)
	}
}

// A lesson whose numbers are drawn from the seed offers another variant.
func TestQuestionVariant(t *testing.T) {
	_, a := newFake()
	a.Route("#/lesson/" + lessonID)
	a.OpenEditor()
	src := strings.Replace(a.Ed.Text, "seed 11\n", "seed 11\nlet B rand 5..9\n", 1)
	src = strings.Replace(src, `say "The ZooKeeper watcher thread`, `say "Broker $B. The ZooKeeper watcher thread`, 1)
	a.Ed.SetText(src)
	a.RunEdited()
	a.Play.GoStep(5)
	q := a.Quiz.View(5)
	if q.Variant != "variant: seed 11" {
		t.Fatalf("variant: %q", q.Variant)
	}
	first := a.Sc.Steps[0].EN
	seen := map[string]bool{first: true}
	for s := int64(100); s < 110; s++ {
		(lessonPage{a}).NewVariant(s, 5)
		if a.Link.Seed != s || !a.Edited() {
			t.Fatalf("variant seed %d: link %+v", s, a.Link)
		}
		if q := a.Quiz.View(5); a.State().Step != 5 || !q.Open || q.Picked {
			t.Fatalf("variant seed %d: step %d, question %+v", s, a.State().Step, q)
		}
		seen[a.Sc.Steps[0].EN] = true
	}
	if len(seen) < 3 {
		t.Fatalf("ten seeds drew %d variants", len(seen))
	}
}

// The log and the inspector do not give the answer away either.
func TestQuestionNotSpoiled(t *testing.T) {
	_, a := newFake()
	a.Route("#/lesson/" + lessonID)
	a.Play.GoStep(5)
	spoiler := "None of them. The session-expiry"
	for _, r := range a.Log.Rows() {
		if strings.Contains(r.Note, spoiler) || (r.Kind == "reveal" && r.Note != "…") {
			t.Fatalf("log row %d: %q", r.Seq, r.Note)
		}
	}
	for _, f := range inspect.EventFields(inspectPage{a}) {
		if strings.Contains(f.V, spoiler) {
			t.Fatalf("inspector: %s = %q", f.K, f.V)
		}
	}
	a.Play.GoStep(6)
	a.Play.Seek(kit.MarkSeq(a.Marks(), 6) - 1)
	if f := inspect.EventFields(inspectPage{a}); a.Event().Kind != sim.Reveal || !strings.Contains(f[len(f)-1].V, "None of them") {
		t.Fatalf("the grading event after the reveal: %+v", f)
	}
}

// A digit key picks a choice of the open question: 1 is the first.
func TestQuestionByKey(t *testing.T) {
	_, a := newFake()
	a.Route("#/lesson/" + lessonID)
	if a.Key("1") {
		t.Fatal("a digit with no question open is not ours")
	}
	a.Play.GoStep(5)
	if !a.Key("3") {
		t.Fatal("3 did not pick")
	}
	if q := a.Quiz.View(5); !q.Picked || !q.Choices[2].Picked || !a.Play.Playing {
		t.Fatalf("after 3: %+v, playing %v", q, a.Play.Playing)
	}
	a.Key("9") // no ninth choice: the pick stays
	if q := a.Quiz.View(5); !q.Choices[2].Picked {
		t.Fatalf("after 9: %+v", q)
	}
}
