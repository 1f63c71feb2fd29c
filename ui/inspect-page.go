package ui

import (
	"brokerlab/core/sim"
	"brokerlab/ui/inspect"
	"brokerlab/ui/model"
)

// The page's side of the inspector and the event log (ui/inspect,
// inspect.Page).

// inspectPage is the page as the inspector sees it (inspect.Page).
type inspectPage struct{ *App }

var _ inspect.Page = inspectPage{}

// Model is the run's fold, the run's number and the current event.
func (a inspectPage) Model() (*model.Model, int, int) { return a.M, a.run, a.Play.Pos }

// Unspoiled is trace event i as shown (lesson.Quiz.Unspoiled).
func (a inspectPage) Unspoiled(e sim.Event, i int) sim.Event { return a.Quiz.Unspoiled(e, i) }

// Note is a trace note in the page's language.
func (a inspectPage) Note(s string) string { return a.note(s) }

// Hint says what the stage's elements are for the inspector: the run's
// system's words.
func (a inspectPage) Hint() string { return a.T(a.sys().hint) }
