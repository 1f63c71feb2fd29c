package ui

import (
	"testing"

	"brokerlab/core/scenario"
	"brokerlab/lessons"
	"brokerlab/ui/inspect"
)

// What the stage marks selectable (stage.Node.Sel, which stage.js makes a
// focusable button) is exactly what App.Select takes, node for node, in
// every lesson's stage at every fifth event: the one rule, App.Selection,
// and the layouts cannot drift apart. And what a marked node selects, the
// inspector describes.
func TestStageMarksWhatTheAppSelects(t *testing.T) {
	all, err := lessons.All()
	if err != nil {
		t.Fatal(err)
	}
	systems := map[string]bool{}
	for _, l := range all {
		_, a := newFake()
		a.Route("#/lesson/" + l.ID)
		if a.Len() == 0 {
			t.Fatalf("%s: no run", l.ID)
		}
		systems[a.System()] = true
		marked := 0
		for p := 0; p < a.Len(); p += 5 {
			a.Play.Seek(p)
			a.Play.Frac = 0.5
			sc, _ := a.Frame()
			for _, n := range sc.Nodes {
				sel, ok := a.Selection(n.Key)
				if n.Sel != ok {
					t.Fatalf("%s (%s) at %d: node %q is marked Sel=%v, but App.Selection says %v", l.ID, a.System(), p, n.Key, n.Sel, ok)
				}
				if !n.Sel {
					continue
				}
				marked++
				a.Sel = sel
				if title, _ := inspect.Selected(inspectPage{a}); title == "" {
					t.Errorf("%s at %d: %q selects %q, which the inspector does not describe", l.ID, p, n.Key, sel)
				}
				a.Sel = ""
			}
		}
		if marked == 0 {
			t.Errorf("%s (%s): nothing on its stage is selectable", l.ID, a.System())
		}
	}
	// Every system's stage was looked at.
	for _, s := range scenario.Systems {
		if !systems[s] {
			t.Errorf("no lesson draws the %s stage", s)
		}
	}
	t.Logf("systems seen: %v", systems)
}
