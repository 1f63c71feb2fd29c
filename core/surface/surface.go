// Package surface is the form of a system's scenario surface: the one
// table each system declares in its own package (surface.go) with its
// settings, actions and state paths. core/scenario reads every table with
// one engine (parsing, checking, "did you mean"), `make docs` writes
// docs/REFERENCE.md from them, and a composed system (cluster) mounts the
// tables of its parts. Adding a setting is one row here and, for a new
// kind of error, one line in each catalog of core/msg.
package surface

import (
	"strings"
	"time"

	"brokerlab/core/sim"
)

// Table is one system's scenario surface: C its configuration, I a running
// instance.
type Table[C, I any] struct {
	Name     string
	Doc      string // one line: what `use NAME` assembles
	Default  func() C
	Settings []Setting[C]
	Actions  []Action[C, I]
	Paths    []string                               // the state path patterns (NAME[KEY].field)
	Check    func(path string) error                // checks a path's bracketed keys
	Get      func(i I, path string) (string, error) // answers a path in a run
	Start    func(s *sim.Sim, c C) (I, error)
}

// Setting is one `set KEY VALUE` row. A key whose last word is upper-case
// (controller.eventTime.EVENT) is a family: one setting per name of
// Value.Names.
type Setting[C any] struct {
	Key      string
	Value    Value[C]
	Doc      string // one line
	Upstream string // where upstream defines it: a file core/upstream links, and a name in it
	WhatIf   bool   // a link may carry it (ui/link.go's set=)
}

// Family reports whether s is a family of settings and its prefix
// ("controller.eventTime.").
func (s Setting[C]) Family() (string, bool) {
	i := strings.LastIndexByte(s.Key, '.')
	if i < 0 || s.Value.Names == nil {
		return "", false
	}
	return s.Key[:i+1], true
}

// Value is how a setting's value is read and where it goes.
type Value[C any] struct {
	Kind  string                                  // for the reference: "integer 1..64"
	Names func() []string                         // a family's names
	Set   func(c *C, key, name, val string) error // checks val and stores it (name: the family member)
	Show  func(c *C) string                       // the value in c, for the reference's default
}

// Action is one action form: its words, literal (put, broker), upper-case
// placeholders (C, EVENT, P@OFFSET), required options (topics=T,T),
// optional options ([count=N]), flags ([always]) and, last, [k=v…] for
// free fields.
type Action[C, I any] struct {
	Form  string
	Doc   string
	Parse func(c *C, a *Args) (any, error) // the payload; nil: none
	Do    func(i I, at time.Duration, text string, payload any)
}

// Mount makes a part's settings rows a composed system's: lens finds the
// part's configuration in the whole's.
func Mount[C, D any](rows []Setting[C], lens func(*D) *C) []Setting[D] {
	out := make([]Setting[D], len(rows))
	for i, r := range rows {
		v := r.Value
		out[i] = Setting[D]{Key: r.Key, Doc: r.Doc, Upstream: r.Upstream, WhatIf: r.WhatIf, Value: Value[D]{
			Kind:  v.Kind,
			Names: v.Names,
			Set:   func(d *D, key, name, val string) error { return v.Set(lens(d), key, name, val) },
			Show:  func(d *D) string { return v.Show(lens(d)) },
		}}
	}
	return out
}

// MountActions makes a part's action rows a composed system's: conf finds
// the part's configuration in the whole's, inst the part in a running
// whole.
func MountActions[C, I, D, J any](rows []Action[C, I], conf func(*D) *C, inst func(J) I) []Action[D, J] {
	out := make([]Action[D, J], len(rows))
	for i, r := range rows {
		r := r
		out[i] = Action[D, J]{Form: r.Form, Doc: r.Doc,
			Do: func(j J, at time.Duration, text string, p any) { r.Do(inst(j), at, text, p) }}
		if r.Parse != nil {
			out[i].Parse = func(d *D, a *Args) (any, error) { return r.Parse(conf(d), a) }
		}
	}
	return out
}

// Pick is the rows of a table whose keys are among keys, in the table's
// order: a composed system mounts some of a part's settings.
func Pick[C any](rows []Setting[C], keys ...string) []Setting[C] {
	var out []Setting[C]
	for _, r := range rows {
		for _, k := range keys {
			if r.Key == k {
				out = append(out, r)
			}
		}
	}
	return out
}
