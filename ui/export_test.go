package ui

import (
	"bufio"
	"encoding/json"
	"strings"
	"testing"

	"brokerlab/core/sim"
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
