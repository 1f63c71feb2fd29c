package ui

import (
	"strings"

	"brokerlab/core/msg"
	"brokerlab/core/sim"
)

// noteIndex is each note of the trace that is data (sim.Event.Words),
// by its English: the stage and the log show notes as the model keeps
// them, in English, and note finds their words here.
func noteIndex(trace []sim.Event) map[string]*msg.Note {
	idx := map[string]*msg.Note{}
	for _, e := range trace {
		if e.Words != nil {
			idx[e.Note] = e.Words
		}
		if e.ItemWords != nil {
			idx[e.Item] = e.ItemWords
		}
	}
	return idx
}

// note is a trace note in the page's language: worded from its data, or a
// literal note through core/msg's Notes; a note that is data stays.
func (a *App) note(s string) string {
	if a.Lang != "zh" || strings.TrimSpace(s) == "" {
		return s
	}
	if n := a.notes[s]; n != nil {
		return n.Words(a.Lang)
	}
	return msg.LiteralWords(a.Lang, s)
}
