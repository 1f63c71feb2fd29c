package ui

import (
	"strconv"
	"strings"

	"brokerlab/core/sim"
	"brokerlab/internal/jsonlite"
)

// Export for slides: the stage at this moment as SVG or PNG (drawn by the
// browser: the stage is SVG outside the Vugu tree), and the run's trace as
// JSON lines, the format `go run . run -trace` writes.

// exportName is the files' common name: lesson, seed and position.
func (a *App) exportName() string {
	name := a.Lesson.ID
	if name == "" {
		name = "brokerlab"
	}
	if a.Edited() {
		name += "-edited"
	}
	return "brokerlab-" + strings.TrimPrefix(name, "brokerlab-") + "-seed" + a.SeedText()
}

// ExportStage saves the stage: kind is "svg" or "png".
func (a *App) ExportStage(kind string) {
	if a.Web == nil || a.M == nil {
		return
	}
	a.Web.ExportStage(kind, a.exportName()+"-event"+strconv.Itoa(a.Pos)+"."+kind)
}

// TraceJSONL is the run's trace as JSON lines, byte for byte what
// encoding/json's Encoder writes for each sim.Event (as `run -trace` does).
func (a *App) TraceJSONL() string {
	if a.M == nil {
		return ""
	}
	var b []byte
	for _, e := range a.M.Trace {
		b = append(appendEvent(b, e), '\n')
	}
	return string(b)
}

// appendEvent writes e as its json tags say.
func appendEvent(b []byte, e sim.Event) []byte {
	b = strconv.AppendInt(append(b, `{"seq":`...), int64(e.Seq), 10)
	b = strconv.AppendInt(append(b, `,"t":`...), e.T, 10)
	b = jsonlite.AppendString(append(b, `,"actor":`...), e.Actor)
	b = jsonlite.AppendString(append(b, `,"kind":`...), e.Kind)
	b = omitEmpty(b, `,"subj":`, e.Subj)
	if e.ID != 0 {
		b = strconv.AppendInt(append(b, `,"id":`...), int64(e.ID), 10)
	}
	b = omitEmpty(b, `,"item":`, e.Item)
	b = omitEmpty(b, `,"from":`, e.From)
	b = omitEmpty(b, `,"to":`, e.To)
	b = omitEmpty(b, `,"note":`, e.Note)
	b = omitEmpty(b, `,"src":`, e.Src)
	return append(b, '}')
}

// omitEmpty writes member name with string s, unless s is empty.
func omitEmpty(b []byte, name, s string) []byte {
	if s == "" {
		return b
	}
	return jsonlite.AppendString(append(b, name...), s)
}

// ExportTrace saves the run's trace.
func (a *App) ExportTrace() {
	if a.Web == nil || a.M == nil {
		return
	}
	a.Web.Download(a.exportName()+".trace.jsonl", "application/x-ndjson", a.TraceJSONL())
}
