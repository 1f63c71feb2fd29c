package inspect

import (
	"fmt"
	"html"
	"slices"
	"strconv"
	"strings"

	"brokerlab/core/sim"
	"brokerlab/ui/kit"
	"brokerlab/ui/stage"
)

// Row is one line of the event log.
type Row struct {
	Seq                                  int
	T, Actor, Kind, Subj, Item, Note, ID string
	Cur, Future                          bool
}

// Log is the event log's state: whether it shows the raw kinds and the
// scenario's checks.
type Log struct {
	P   Page
	Raw bool
}

// Rows are the events around the current one: nine before it and six
// after. Unless Raw, the scenario's own checks (expect, reveal) are left
// out, but for the current event.
func (l *Log) Rows() []Row {
	m, _, pos := l.P.Model()
	if m == nil || m.Len() == 0 {
		return nil
	}
	n := m.Len()
	shown := func(i int) bool {
		k := m.Trace[i].Kind
		return l.Raw || i == pos || k != sim.Expect && k != sim.Reveal
	}
	// Nine rows before the current one and six after, more of one side
	// where the other runs out.
	seqs := []int{pos}
	lo, hi, before := pos-1, pos+1, 0
	for len(seqs) < 16 && (lo >= 0 || hi < n) {
		if lo >= 0 && (before < 9 || hi >= n) {
			if shown(lo) {
				seqs = append(seqs, lo)
				before++
			}
			lo--
		} else {
			if shown(hi) {
				seqs = append(seqs, hi)
			}
			hi++
		}
	}
	slices.Sort(seqs)
	out := make([]Row, 0, len(seqs))
	for _, i := range seqs {
		e := l.P.Unspoiled(m.Trace[i], i)
		r := Row{Seq: i, T: kit.Ms(e.T), Actor: e.Actor, Kind: string(e.Kind), Subj: e.Subj, Item: l.P.Note(e.Item), Note: l.P.Note(e.Note), Cur: i == pos, Future: i > pos}
		if e.ID != 0 {
			r.ID = "#" + strconv.Itoa(e.ID)
		}
		switch e.Kind {
		case sim.Expect, sim.Action, sim.Reveal:
			r.Item, r.Note = e.Item, e.Note // a line of the scenario, as written
		case sim.State:
			r.Note = l.P.Note(e.From) + " → " + l.P.Note(e.To) + " (" + r.Note + ")"
		case sim.Step:
			// The narration panel shows the step; the log names it in one line.
			r.ID, r.Note = "", stage.Clip(strconv.Itoa(e.ID+1)+". "+e.Note, 60)
		}
		out = append(out, r)
	}
	return out
}

// Key changes whenever the event log's rows do. The log is drawn outside
// the Vugu tree, like the stage: its sixteen rows were half of the
// elements Vugu re-rendered on every jump.
func (l *Log) Key() string {
	m, run, pos := l.P.Model()
	if m == nil {
		return "empty"
	}
	return fmt.Sprint(run, " ", pos, " ", l.Raw)
}

// Class is the event log table's class: "plain" hides the kind column.
func (l *Log) Class() string {
	if l.Raw {
		return "raw"
	}
	return "plain"
}

// HTML is the event log's rows as HTML.
func (l *Log) HTML() string {
	if m, _, _ := l.P.Model(); m == nil {
		return ""
	}
	var b strings.Builder
	for _, r := range l.Rows() {
		class := ""
		switch {
		case r.Cur:
			class = "cur"
		case r.Future:
			class = "future"
		}
		// One line a row: each cell's full text in its title; the actor
		// by its stage label.
		fmt.Fprintf(&b, `<tr class="%s" data-seq="%d"><td class="seq">%d</td><td class="t">%s</td><td class="actor" title="%s">%s</td><td class="kind" title="%s">%s</td><td class="subj" title="%s">%s</td><td class="item" title="%s %s"><span>%s</span> <span>%s</span></td><td class="note" title="%s">%s</td></tr>`,
			class, r.Seq, r.Seq, esc(r.T), esc(r.Actor), esc(stage.Short(r.Actor)), esc(r.Kind+" "+r.Subj), esc(r.Kind), esc(r.Subj), esc(r.Subj), esc(r.ID), esc(r.Item), esc(r.ID), esc(r.Item), esc(r.Note), esc(r.Note))
	}
	return b.String()
}

var esc = html.EscapeString
