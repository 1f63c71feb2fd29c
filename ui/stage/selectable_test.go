package stage

import (
	"maps"
	"slices"
	"strings"
	"testing"

	"brokerlab/core/scenario"
	"brokerlab/lessons"
	"brokerlab/ui/model"
)

// Every system's layout marks its selectable kinds (Node.Sel), the ones
// the inspector describes, and nothing else: over each lesson's whole run
// the kinds of the marked nodes are exactly these. (ui's
// TestStageMarksWhatTheAppSelects holds every mark to App.Select.)
func TestLayoutsMarkTheirSelectableKinds(t *testing.T) {
	want := map[string][]string{
		"controller":   {"lock", "slot", "thread", "tok"},
		"zookeeper":    {"conn", "more", "q", "qt", "req", "slot", "thread"}, // more: the request processors' queues fill past their slots
		"socketserver": {"conn", "q", "qt", "req", "slot", "thread"},
		"group":        {"member", "req", "thread"},
		"listener":     {"q", "rec", "thread"},
		"replication":  {"broker"},
		"cluster":      {"broker"},
	}
	all, err := lessons.All()
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range all {
		sc, err := scenario.Parse(l.File, l.Scenario)
		if err != nil {
			t.Fatal(err)
		}
		res := scenario.Run(sc, scenario.Options{})
		if res.Err != nil || res.Panic != "" {
			t.Fatalf("%s: %v %s", l.ID, res.Err, res.Panic)
		}
		m := model.New(res.Trace)
		build := map[string]func(a, b *model.State, f float64, o Options) Scene{
			"zookeeper": BuildReactor, "socketserver": BuildReactor, "group": BuildGroup,
			"listener": BuildListener, "replication": BuildCluster, "cluster": BuildCluster,
		}[sc.System]
		o := Options{Threads: m.Threads}
		if build == nil {
			build, o.States = Build, m.States
		}
		kinds := map[string]bool{}
		for p := 0; p+1 < m.Len(); p += 4 {
			a, b := m.At(p), m.At(p+1)
			for _, n := range build(&a, &b, 0.5, o).Nodes {
				if n.Sel {
					kind, _, _ := strings.Cut(n.Key, ":")
					kinds[kind] = true
				}
			}
		}
		got := slices.Sorted(maps.Keys(kinds))
		w := want[sc.System]
		if l.ID == "14-coordinator-moves" {
			w = []string{"broker", "member"} // the one world's group members too
		}
		if !slices.Equal(got, w) {
			t.Errorf("%s (%s): the stage marks %v selectable, want %v", l.ID, sc.System, got, w)
		}
	}
}
