package ui

import (
	"strconv"
	"strings"
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

// TraceJSONL is the run's trace as JSON lines, as `run -trace` writes it.
func (a *App) TraceJSONL() string {
	if a.M == nil {
		return ""
	}
	var b []byte
	for _, e := range a.M.Trace {
		b = append(e.AppendJSON(b), '\n')
	}
	return string(b)
}

// ExportTrace saves the run's trace.
func (a *App) ExportTrace() {
	if a.Web == nil || a.M == nil {
		return
	}
	a.Web.Download(a.exportName()+".trace.jsonl", "application/x-ndjson", a.TraceJSONL())
}
