package ui

import (
	"bufio"
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"brokerlab/core/sim"
	"brokerlab/lessons"
)

func TestExport(t *testing.T) {
	_, a := newFake()
	w := &fakeWeb{store: map[string]string{}}
	a.Web = w
	a.Route("#/lesson/" + lesson + "?pos=42")
	a.ExportStage("svg")
	a.ExportStage("png")
	a.ExportTrace()
	want := []string{
		"svg brokerlab-" + lesson + "-seed11-event42.svg",
		"png brokerlab-" + lesson + "-seed11-event42.png",
		"brokerlab-" + lesson + "-seed11.trace.jsonl application/x-ndjson",
	}
	if strings.Join(w.saved, "\n") != strings.Join(want, "\n") {
		t.Fatalf("saved:\n%s\nwant:\n%s", strings.Join(w.saved, "\n"), strings.Join(want, "\n"))
	}
	// The trace is the run's, one event a line, as `run -trace` writes it.
	sc := bufio.NewScanner(strings.NewReader(w.data))
	sc.Buffer(nil, 1<<20)
	n := 0
	for sc.Scan() {
		var e sim.Event
		if err := json.Unmarshal(sc.Bytes(), &e); err != nil || e != a.M.Trace[n] {
			t.Fatalf("line %d: %v %+v", n+1, err, e)
		}
		n++
	}
	if n != a.Len() {
		t.Fatalf("%d lines for %d events", n, a.Len())
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
	a.Route("#/lesson/" + lesson)
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
	got := a.TraceJSONL()
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
