package stage

import (
	"strings"
	"testing"

	"brokerlab/ui/model"
)

// Lesson 08's reveal, "one, one and four", on the grid: group U's
// assignment is dealt a cell an event in deal order, and once dealt each
// member's column holds its partitions and its card counts them.
func TestGroupGridDealsInOrder(t *testing.T) {
	m := lessonModel(t, "08-assignors")
	want := []model.Owner{{Part: "a-0", Member: "E0"}, {Part: "b-0", Member: "E1"}, {Part: "b-1", Member: "E2"}, {Part: "c-0", Member: "E2"}, {Part: "c-1", Member: "E2"}, {Part: "c-2", Member: "E2"}}
	last, at := -1, -1
	for i := 0; i < m.Len(); i++ {
		s := m.At(i)
		if s.Grp == nil {
			continue
		}
		g, ok := s.Grp.Group("U")
		if !ok || len(g.Deal) == 0 {
			continue
		}
		if at < 0 {
			at = i
			if len(g.Deal) != len(want) {
				t.Fatalf("U's deal: %v", g.Deal)
			}
			for k := range want {
				if g.Deal[k] != want[k] {
					t.Fatalf("U's deal: %v, want %v", g.Deal, want)
				}
			}
		}
		if g.Dealt < last || g.Dealt > last+1 && last >= 0 && g.State != "Stable" {
			t.Fatalf("at %d dealt %d after %d", i, g.Dealt, last)
		}
		last = g.Dealt
		if g.State == "Stable" {
			break
		}
	}
	if at < 0 || last != len(want) {
		t.Fatalf("U dealt %d of %d", last, len(want))
	}
	// Later, when U is Stable, every cell is filled in its owner's column.
	var a, b model.State
	for i := at; i < m.Len()-1; i++ {
		a, b = m.At(i), m.At(i+1)
		if g, _ := groups(&a).Group("U"); g.State == "Stable" {
			break
		}
	}
	sc := BuildGroup(&a, &b, 0, Options{Threads: m.Threads})
	col := map[string]float64{}
	counts := map[string]string{}
	for _, n := range sc.Nodes {
		if name, ok := strings.CutPrefix(n.Key, "member:"); ok && strings.HasPrefix(name, "E") {
			col[name] = n.X
			counts[name] = n.Texts[1].S
		}
	}
	for _, w := range want {
		n, ok := find(sc, "fill:U:"+w.Part)
		if !ok || n.X != col[w.Member] || n.Alpha != 1 {
			t.Errorf("%s: %+v, want in %s's column at %v", w.Part, n, w.Member, col[w.Member])
		}
	}
	if counts["E0"] != "1" || counts["E1"] != "1" || counts["E2"] != "4" {
		t.Errorf("counts %v, want one, one and four", counts)
	}
}

// Lesson 10's t0-0@2 is delivered ten times: ten stacked attempts, all
// failed, and the count under them.
func TestListenerStacksDeliveries(t *testing.T) {
	m := lessonModel(t, "10-spring-error-handlers")
	for i := 0; i < m.Len()-1; i++ {
		a, b := m.At(i), m.At(i+1)
		if a.Lis == nil || len(a.Lis.Partitions) == 0 || len(a.Lis.Partitions[0].Recs) < 3 || !a.Lis.Partitions[0].Recs[2].Recovered {
			continue
		}
		sc := BuildListener(&a, &b, 0, Options{Threads: m.Threads})
		tries := 0
		for _, n := range sc.Nodes {
			if strings.HasPrefix(n.Key, "try:t0-0@2:") {
				tries++
				if !strings.Contains(n.Class, "failed") {
					t.Errorf("%s: %s", n.Key, n.Class)
				}
			}
		}
		n, ok := find(sc, "tries:t0-0@2")
		if tries != 10 || !ok || n.Texts[0].S != "×10" {
			t.Errorf("t0-0@2: %d attempts drawn, count %+v", tries, n)
		}
		if r, _ := find(sc, "rec:t0-0@2"); !strings.Contains(r.Class, "recovered") {
			t.Errorf("t0-0@2: %s", r.Class)
		}
		return
	}
	t.Fatal("t0-0@2 never recovered")
}

// The group and container stages keep every node inside the view box, at
// every moment of their lessons.
func TestGroupAndListenerStayInView(t *testing.T) {
	for _, l := range []struct {
		id    string
		build func(a, b *model.State, f float64, o Options) Scene
	}{
		{"07-consumer-group-rebalance", BuildGroup},
		{"08-assignors", BuildGroup},
		{"09-spring-ack-modes", BuildListener},
		{"10-spring-error-handlers", BuildListener},
		{"11-cooperative-rebalancing", BuildGroup},
		{"12-static-membership", BuildGroup},
	} {
		m := lessonModel(t, l.id)
		for i := 0; i < m.Len()-1; i += 7 {
			a, b := m.At(i), m.At(i+1)
			for _, zh := range []bool{false, true} {
				for _, n := range l.build(&a, &b, 0, Options{Threads: m.Threads, ZH: zh}).Nodes {
					x2, y2 := n.X+n.W, n.Y+n.H
					if strings.HasPrefix(n.Class, "line") {
						x2, y2 = max(n.X, n.X2), max(n.Y, n.Y2)
					}
					if n.X < 0 || n.Y < 0 || x2 > W+0.5 || y2 > H+0.5 {
						t.Fatalf("%s at %d: %s at (%.0f,%.0f)-(%.0f,%.0f) is outside the view", l.id, i, n.Key, n.X, n.Y, x2, y2)
					}
				}
			}
		}
	}
}
