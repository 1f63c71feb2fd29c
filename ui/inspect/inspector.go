// Package inspect is the inspector and the event log: the current event's
// fields, what is selected on the stage, the metrics, and the events
// around the current one. It reads the run through Page.
package inspect

//go:generate go tool vugugen -skip-go-mod -skip-main .

import (
	"brokerlab/core/sim"
	"brokerlab/ui/model"
)

// Page is what the inspector and the event log need from the page.
type Page interface {
	T(key string) string // a word of the chrome in the page's language
	Language() string    // the page's language, "en" or "zh"
	// Model is the run's fold (nil without a run), the run's number (new
	// each run) and the current event.
	Model() (m *model.Model, run, pos int)
	State() *model.State // the fold at the current event
	SelKey() string      // the stage's selection, "" if none
	// Unspoiled is trace event i as shown: nothing of a question's answer
	// before it is graded.
	Unspoiled(e sim.Event, i int) sim.Event
	Note(s string) string // a trace note in the page's language
	NoLock() bool         // the what-if removed the controller's putLock
	Hint() string         // what a click on the run's stage shows
}

// Inspector shows the current event (its src linked to upstream), what is
// selected on the stage, and the metrics.
type Inspector struct {
	P Page
}

// SelTitle is ": NAME" for the selection, or "".
func (c *Inspector) SelTitle() string {
	t, _ := Selected(c.P)
	if t == "" {
		return ""
	}
	return ": " + t
}

// SelFields are the selection's fields, in the page's language.
func (c *Inspector) SelFields() []Field {
	_, f := Selected(c.P)
	return fieldWords(c.P.Language(), f)
}

// EventFields are the current event's fields, in the page's language.
func (c *Inspector) EventFields() []Field { return fieldWords(c.P.Language(), EventFields(c.P)) }

// Metrics are the last value of every metric seen.
func (c *Inspector) Metrics() []model.Metric { return c.P.State().Metrics }
