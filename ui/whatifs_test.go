package ui

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"brokerlab/core/scenario"
	"brokerlab/core/sim"
	"brokerlab/lessons"
	"brokerlab/ui/whatif"
)

// A suggested what-if exists: every setting a lesson suggests
// is one a link, and so the what-if panel, carries.
func TestSuggestedWhatIfsAreSettings(t *testing.T) {
	all, err := lessons.All()
	require.NoError(t, err)
	for _, l := range all {
		for _, w := range l.WhatIfs {
			for _, set := range w.Set {
				key, _, _ := strings.Cut(set, " ")
				require.True(t, Settings[key], "%s suggests %q: add %s to Settings", l.ID, set, key)
			}
		}
	}
}

// The what-if panel offers each suggestion; applying one sets its settings
// in the link, as the panel's controls do, and reruns: the run's end then
// satisfies the suggestion's expect.
func TestSuggestAppliesTheSettingsAndReruns(t *testing.T) {
	all, err := lessons.All()
	require.NoError(t, err)
	n := 0
	for _, l := range all {
		for i, w := range l.WhatIfs {
			_, a := newFake()
			a.Route("#/lesson/" + l.ID)
			require.Empty(t, a.Notice())
			p := &whatif.Panel{P: whatIfPage{a}}
			require.Equal(t, l.WhatIfs, a.Lesson.WhatIfs)
			require.False(t, p.Suggested(i))
			run := a.run
			p.Suggest(i)
			require.Empty(t, a.Notice(), "%s: %s", l.ID, w.Text.EN)
			require.Equal(t, w.Set, a.Link.Sets, "%s: %s", l.ID, w.Text.EN)
			require.True(t, p.Suggested(i))
			require.Greater(t, a.run, run, "%s: the suggestion reruns", l.ID)
			for _, s := range w.Set {
				k, v, _ := strings.Cut(s, " ")
				require.Contains(t, a.Hash(), "set="+k+":"+v)
			}
			// The app's run is the one the suggestion's expect describes:
			// run the lesson with the expect in place and the app's
			// settings, and compare.
			src, line := w.Checked(l)
			sc, err := scenario.Parse(l.File, src)
			require.NoError(t, err)
			res := scenario.Run(sc, scenario.Options{Sets: a.Link.Sets, Inject: a.Link.Inject})
			require.NoError(t, res.Err)
			// The same run, with the inserted expect's own event.
			// Expects run in the order of their lines: the inserted one is
			// the k-th of its condition.
			k := strings.Count(strings.Join(strings.Split(src, "\n")[:line-1], "\n"), "expect "+w.Expect+"\n")
			require.Equal(t, unseq(a.Res.Trace, "", 0), unseq(res.Trace, w.Expect, k), "%s: the same run", l.ID)
			for _, f := range res.Failures {
				require.NotEqual(t, line, f.Line, "%s: %s: %s", l.ID, w.Text.EN, f.Msg)
			}
			n++
		}
	}
	require.NotZero(t, n)
}

// A suggestion's button reads in the page's language.
func TestSuggestionsInBothLanguages(t *testing.T) {
	_, a := newFake()
	a.Route("#/lesson/05-acks-and-min-isr")
	w := a.Lesson.WhatIfs[0]
	require.Equal(t, w.Text.EN, a.Text(w.Text))
	a.SetLang("zh")
	require.Equal(t, w.Text.ZH, a.Text(w.Text))
}

// unseq is the trace without its sequence numbers and, given cond, without
// the k-th (0-based) event of an expect of cond (the one inserted).
func unseq(tr []sim.Event, cond string, k int) []sim.Event {
	drop := -1
	for i, e := range tr {
		if cond != "" && e.Kind == sim.Expect && strings.HasPrefix(e.Note, cond+":") {
			if k == 0 {
				drop = i
				break
			}
			k--
		}
	}
	var out []sim.Event
	for i, e := range tr {
		if i != drop {
			e.Seq = 0
			out = append(out, e)
		}
	}
	return out
}
