package ui

import (
	"fmt"
	"runtime"
	"strings"
	"testing"

	"brokerlab/core/scenario"
	"brokerlab/lessons"
	"brokerlab/ui/lesson"
)

// The two links of the issue "No link or edit runs the page out of
// memory", each within the 16 KB a link carries: 5,000 consumers joining
// one group, and a question of 5,000 choices.

// manyConsumers is a group of n consumers, all joining at once.
func manyConsumers(n int) string {
	var b strings.Builder
	b.WriteString("use group\nat 0ms topic t partitions=3\n")
	for i := 1; i <= n; i++ {
		fmt.Fprintf(&b, "at 0ms consumer C%d join G topics=t\n", i)
	}
	return b.String()
}

// manyChoices is lesson 01 whose question has n choices: its three, and
// the same one again.
func manyChoices(t *testing.T, n int) (src string, line int) {
	les, err := lessons.Get(lessonID)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(les.Scenario, "\n")
	last := 0 // the question's last line, its last choice's choice.zh
	for i, l := range lines {
		if strings.HasPrefix(l, "choice") {
			last = i
		}
		if strings.HasPrefix(l, "ask ") && last > 0 {
			t.Fatal("lesson 01 has a second question: pick one")
		}
	}
	var extra []string
	for range n - 3 {
		extra = append(extra, `choice "Another" controller.preempted == ""`)
	}
	out := append(append(append([]string(nil), lines[:last+1]...), extra...), lines[last+1:]...)
	return strings.Join(out, "\n"), last + 2 + scenario.MaxChoices - 3
}

func allocatedBy(f func()) uint64 {
	var a, b runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&a)
	f()
	runtime.ReadMemStats(&b)
	return b.TotalAlloc - a.TotalAlloc
}

// 5,000 consumers: the page follows the run until what it shows outgrows
// its budget, then stops there and says so, in the page's language; the
// model of the run costs tens of MB, not the 10 GB its fold once
// allocated (a copy of every request on each answer and disconnect).
func TestAGroupOfFiveThousandStopsAtThePagesBudget(t *testing.T) {
	src := manyConsumers(5000)
	link := Link{Page: "lesson", Lesson: "07-consumer-group-rebalance", Src: src}
	if kb, ok := SrcFits(src); !ok {
		t.Fatalf("the link is %d KB: it does not fit", kb)
	}
	_, a := newFake()
	b := allocatedBy(func() { a.Route(link.String()) })
	must(t, "notice: "+a.Notice(), strings.Contains(a.Notice(), "the page stopped following the run after") && strings.Contains(a.Notice(), "make the system smaller"))
	must(t, "the run is shown up to the budget", a.Page == "lesson" && a.Edited() && a.M.Budget() != nil && a.Len() == a.M.Budget().Events && a.Len() < a.Res.Events)
	must(t, "the failures say it too", strings.Contains(strings.Join(a.Failures(), "\n"), "the page stopped following the run"))
	t.Logf("%d of %d events shown; Route allocated %d MB", a.Len(), a.Res.Events, b>>20)
	must(t, fmt.Sprintf("Route allocated %d MB, want under 1 GB", b>>20), b < 1<<30)
	a.Play.Seek(a.Len() - 1) // the last state draws
	a.SetLang("zh")
	must(t, "zh notice: "+a.Notice(), strings.Contains(a.Notice(), "页面在运行的第") && strings.Contains(a.Notice(), "请把系统规模调小"))
}

// A question of 5,000 choices is refused at the first choice past the cap:
// the edit opens in the editor with its error, and the lesson's own runs.
func TestAQuestionOfFiveThousandChoicesIsRefusedAtItsLine(t *testing.T) {
	src, line := manyChoices(t, 5000)
	if kb, ok := SrcFits(src); !ok {
		t.Fatalf("the link is %d KB: it does not fit", kb)
	}
	_, a := newFake()
	a.Route(Link{Page: "lesson", Lesson: lessonID, Src: src}.String())
	must(t, "notice: "+a.Notice(), a.Notice() == a.T("draftBroken"))
	must(t, "the editor shows the edit", a.Ed.Open && a.Ed.Text == src && a.Ed.Err != nil)
	must(t, fmt.Sprintf("error at %d: %s", line, a.Ed.ErrText()), a.Ed.ErrLine() == line && strings.Contains(a.Ed.ErrText(), "a question takes at most 8 choices"))
	asked := 0
	for _, st := range a.Sc.Steps {
		if st.Ask != nil {
			asked += len(st.Ask.Choices)
		}
	}
	must(t, "the lesson's own runs", a.Sc.File == a.Lesson.File && asked == 3 && a.M.Budget() == nil)
}

// The quiz's run name is asked on every render, for every choice: it costs the same
// whatever the size of the edit (it copied the whole text each time, 3 GB
// a minute for a question of 5,000 choices).
func TestAQuestionsRenderDoesNotCopyTheSource(t *testing.T) {
	les, err := lessons.Get(lessonID)
	if err != nil {
		t.Fatal(err)
	}
	src := les.Scenario + strings.Repeat("# a long comment, copied by nothing\n", 200_000/36)
	_, a := newFake()
	a.Route(Link{Page: "lesson", Lesson: lessonID, Src: src}.String())
	must(t, "notice: "+a.Notice(), a.Notice() == "" && a.Edited())
	step := -1
	for k, st := range a.Sc.Steps {
		if st.Ask != nil {
			step = k
		}
	}
	a.Play.GoStep(step)
	c := &lesson.Question{Q: &a.Quiz, Step: step}
	must(t, "the question is posed", a.Quiz.Has(step) && len(c.View().Choices) == 3)
	const renders = 200
	b := allocatedBy(func() {
		for range renders {
			a.Play.Pos++ // a new moment: the view is computed again
			for range c.View().Choices {
				_ = c.View().Open // as question.vugu asks, for each choice
			}
			a.Play.Pos--
		}
	})
	t.Logf("%d renders of a question, the edit %d KB: %d KB allocated", renders, len(src)>>10, b>>10)
	must(t, fmt.Sprintf("%d renders allocated %d KB, want under 4 MB", renders, b>>10), b < 4<<20)
}

// A reload after an edited scenario stopped the page opens the lesson as
// shipped, with the edit in the editor, not run: the student loses
// nothing, the page does not stop again.
func TestAnEditThatStoppedThePageWaitsInTheEditor(t *testing.T) {
	src := manyConsumers(5000)
	h, a := newFake()
	link := Link{Page: "lesson", Lesson: "07-consumer-group-rebalance", Src: src, Seed: 3}
	h.session[runningKey] = runKey(link) // the page died in this run
	a.Route(link.String())
	must(t, "notice: "+a.Notice(), strings.HasPrefix(a.Notice(), a.T("stoppedEdit")))
	must(t, "the lesson as shipped", a.Page == "lesson" && a.Lesson.ID == "07-consumer-group-rebalance" && !a.Edited() && a.Sc.File == a.Lesson.File && a.M.Budget() == nil)
	must(t, "the link says so", !strings.Contains(a.Hash(), "src=") && a.Link.Seed == 0)
	must(t, "the edit waits in the editor", a.Ed.Open && a.Ed.Text == src && a.Ed.Err == nil)
	must(t, "the run ended", h.session[runningKey] == "")

	// Run runs it, on purpose: the page follows it up to its budget.
	a.RunEdited()
	must(t, "run: "+a.Ed.NoteText(), a.Edited() && a.M.Budget() != nil && strings.Contains(a.Ed.NoteText(), "the page stopped following the run"))

	// The playground's edit, the same: its form runs.
	h.session[runningKey] = runKey(Link{Page: "playground", Src: src})
	a.Route(Link{Page: "playground", Src: src}.String())
	must(t, "playground notice: "+a.Notice(), strings.HasPrefix(a.Notice(), a.T("stoppedEdit")))
	must(t, "the playground's form", a.Page == "playground" && !a.PG.Edited && a.Ed.Open && a.Ed.Text == src)
}
