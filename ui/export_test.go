package ui

import (
	"brokerlab/ui/classroom"

	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"brokerlab/core/sim"
	"brokerlab/lessons"
)

func TestExport(t *testing.T) {
	_, a := newFake()
	w := &fakeWeb{store: map[string]string{}}
	a.Class.Web = w
	a.Route("#/lesson/" + lessonID + "?pos=42")
	a.Class.ExportStage("svg")
	a.Class.ExportStage("png")
	a.Class.ExportTrace()
	want := []string{
		"svg brokerlab-" + lessonID + "-e43.svg",
		"png brokerlab-" + lessonID + "-e43.png",
		"brokerlab-" + lessonID + ".trace.jsonl application/x-ndjson",
	}
	if strings.Join(w.saved, "\n") != strings.Join(want, "\n") {
		t.Fatalf("saved:\n%s\nwant:\n%s", strings.Join(w.saved, "\n"), strings.Join(want, "\n"))
	}
	if w.dark {
		t.Fatal("the export is dark on a light page")
	}
	// The trace is its header, then the run's events, one a line, as
	// `run -trace` writes them.
	head, events, _ := strings.Cut(w.data, "\n")
	if head != `{"brokerlab":"trace","lesson":"`+lessonID+`","seed":11,"build":"dev"}` {
		t.Fatalf("header: %s", head)
	}
	sc := bufio.NewScanner(strings.NewReader(events))
	sc.Buffer(nil, 1<<20)
	n := 0
	for sc.Scan() {
		var e sim.Event
		want := a.M.Trace[n]
		want.Words = nil // the note's data: the trace keeps its English
		if err := json.Unmarshal(sc.Bytes(), &e); err != nil || e != want {
			t.Fatalf("line %d: %v %+v", n+2, err, e)
		}
		n++
	}
	if n != a.Len() {
		t.Fatalf("%d lines for %d events", n, a.Len())
	}
}

// The file names carry the lesson, the event as the page shows it, a seed
// of the link's and the what-ifs, in characters every file system keeps;
// the caption says the same in the page's language; the trace's header
// says what ran.
func TestExportNames(t *testing.T) {
	for _, c := range []struct {
		lang, link, svg, trace string
		caption                []string
		header                 classroom.TraceHeader
	}{
		{
			lang: "en", link: "?pos=141&set=controller.putLock:false",
			svg: lessonID + "-e142-whatif-noPutLock.svg", trace: lessonID + "-whatif-noPutLock.trace.jsonl",
			caption: []string{"brokerlab · The controller's event queue · step 8 / 10", "event 142 / 223 · t = 280.000 ms · seed 11 · what-if: controller.putLock false"},
			header:  classroom.TraceHeader{Brokerlab: "trace", Lesson: lessonID, Seed: 11, Sets: []string{"controller.putLock false"}, Build: "b1"},
		},
		{
			lang: "zh", link: "?seed=7&pos=30&a=20:put%20TopicDeletion&set=controller.putLock:false",
			svg: lessonID + "-seed7-e31-whatif-noPutLock-put-TopicDeletion.svg", trace: lessonID + "-seed7-whatif-noPutLock-put-TopicDeletion.trace.jsonl",
			caption: []string{"brokerlab · 控制器的单线程事件队列 · 步骤 3 / 10", "事件 31 / 241 · t = 25.000 ms · 种子 7 · 假设：controller.putLock false; put TopicDeletion (插入于事件 21)"},
			header:  classroom.TraceHeader{Brokerlab: "trace", Lesson: lessonID, Seed: 7, Sets: []string{"controller.putLock false"}, Inject: []string{"20:put TopicDeletion"}, Build: "b1"},
		},
		{
			lang: "en", link: "?pos=5&set=unclean.leader.election.enable:true&set=min.insync.replicas:1&a=3:kill%20broker%202&a=4:restart%20broker%202",
			svg: "06-broker-failure-e6-whatif-uncleanLeaderElectionEnable-minInsyncReplicas-1-kill-broker-2-plus1.svg",
		},
	} {
		_, a := newFake()
		w := &fakeWeb{store: map[string]string{}}
		a.Class.Web, a.Class.Build, a.Lang = w, "b1", c.lang
		id := lessonID
		if strings.Contains(c.svg, "06-") {
			id = "06-broker-failure"
		}
		a.Route("#/lesson/" + id + c.link)
		if a.Notice() != "" {
			t.Fatalf("%s: %s", c.link, a.Notice())
		}
		a.Class.ExportStage("svg")
		a.Class.ExportTrace()
		if got := strings.Fields(w.saved[0])[1]; got != "brokerlab-"+c.svg {
			t.Errorf("%s: svg %s, want brokerlab-%s", c.link, got, c.svg)
		}
		if c.trace == "" {
			continue
		}
		if got := strings.Fields(w.saved[1])[0]; got != "brokerlab-"+c.trace {
			t.Errorf("%s: trace %s, want brokerlab-%s", c.link, got, c.trace)
		}
		if got := strings.Split(w.caption, "\n"); strings.Join(got, "\n") != strings.Join(c.caption, "\n") {
			t.Errorf("%s: caption\n%q\nwant\n%q", c.link, got, c.caption)
		}
		head, _, _ := strings.Cut(w.data, "\n")
		var h classroom.TraceHeader
		if err := json.Unmarshal([]byte(head), &h); err != nil || fmt.Sprint(h) != fmt.Sprint(c.header) {
			t.Errorf("%s: header %s (%v), want %+v", c.link, head, err, c.header)
		}
	}
}

// Light unless the teacher asks for dark on a dark page.
func TestExportTheme(t *testing.T) {
	_, a := newFake()
	w := &fakeWeb{store: map[string]string{}}
	a.Class.Web = w
	a.Route("#/lesson/" + lessonID)
	for _, c := range []struct {
		theme string
		dark  bool
		want  bool
	}{{"light", false, false}, {"dark", false, false}, {"dark", true, true}, {"light", true, false}} {
		a.Class.Theme = c.theme
		a.Class.SetExportDark(c.dark)
		a.Class.ExportStage("png")
		if w.dark != c.want {
			t.Errorf("page %s, asked dark %v: exported dark %v", c.theme, c.dark, w.dark)
		}
	}
}

// The exported trace is what encoding/json's Encoder writes, byte for byte,
// for every event of every lesson's run and for events with every kind of
// string the encoder escapes.
func TestTraceJSONLAsEncodingJSON(t *testing.T) {
	all, err := lessons.All()
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range all {
		_, a := newFake()
		a.Route("#/lesson/" + l.ID)
		if a.Len() == 0 {
			t.Fatalf("%s: no run", l.ID)
		}
		sameTrace(t, l.ID, a)
	}
	_, a := newFake()
	a.Route("#/lesson/" + lessonID)
	a.M.Trace = []sim.Event{
		{},
		{Seq: -1, T: -5, ID: -7, Actor: "a<b>&c", Kind: "k\"\\", Subj: "\u2028\u2029", Item: "\xff\xfe", From: "中文", To: "\x00\x1f\t\n", Note: "😀", Src: "x.scala A.b"},
		{Seq: 1 << 40, T: 1<<63 - 1, ID: 1, Subj: "s"},
	}
	sameTrace(t, "edge cases", a)
}

func sameTrace(t *testing.T, what string, a *App) {
	t.Helper()
	var want bytes.Buffer
	enc := json.NewEncoder(&want)
	for _, e := range a.M.Trace {
		if err := enc.Encode(e); err != nil {
			t.Fatal(err)
		}
	}
	got := classroom.TraceJSONL(a.M.Trace)
	if got == want.String() {
		return
	}
	gl, wl := strings.Split(got, "\n"), strings.Split(want.String(), "\n")
	for i := range min(len(gl), len(wl)) {
		if gl[i] != wl[i] {
			t.Fatalf("%s: line %d:\n%s\nencoding/json writes:\n%s", what, i+1, gl[i], wl[i])
		}
	}
	t.Fatalf("%s: %d lines, encoding/json writes %d", what, len(gl), len(wl))
}
