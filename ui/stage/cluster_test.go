package stage

import (
	"strconv"
	"strings"
	"testing"

	"brokerlab/core/scenario"
	"brokerlab/lessons"
	"brokerlab/ui/model"
)

// Five brokers and twenty partitions, the size the stage must stay usable
// at: every replica's log is drawn inside its broker's column and the view.
func TestClusterStageFiveBrokersTwentyPartitions(t *testing.T) {
	var src strings.Builder
	src.WriteString("use cluster\nset brokers 5\nat 0ms topic t partitions=20 replication.factor=3\n")
	for p := 0; p < 20; p++ {
		src.WriteString("after 10ms produce t-" + strconv.Itoa(p) + " acks=all records=3\n")
	}
	src.WriteString("run 5s\n")
	sc, err := scenario.Parse("big.lab", src.String())
	if err != nil {
		t.Fatal(err)
	}
	res := scenario.Run(sc, scenario.Options{})
	if res.Err != nil || res.Panic != "" {
		t.Fatalf("run: %v %s", res.Err, res.Panic)
	}
	m := model.New(res.Trace)
	a, b := m.At(m.Len()-2), m.At(m.Len()-1)
	scn := BuildCluster(&a, &b, 0.5, Options{Threads: m.Threads})
	cells, parts := 0, 0
	for _, n := range scn.Nodes {
		if n.X < 0 || n.Y < 0 || n.X+n.W > W+0.5 || n.Y+n.H > H+0.5 {
			t.Errorf("%s at (%v,%v %vx%v) is outside the view", n.Key, n.X, n.Y, n.W, n.H)
		}
		switch {
		case strings.HasPrefix(n.Key, "cell:"):
			cells++
		case strings.HasPrefix(n.Key, "part:"):
			parts++
		}
	}
	if parts != 20 || cells != 20*3*3 {
		t.Errorf("drew %d partitions and %d log cells, want 20 and %d", parts, cells, 20*3*3)
	}
	if len(scn.Nodes) > 1200 {
		t.Errorf("%d nodes", len(scn.Nodes))
	}
}

// lessonModel runs lesson id's scenario and folds its trace.
func lessonModel(t *testing.T, id string) *model.Model {
	t.Helper()
	all, err := lessons.All()
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range all {
		if l.ID == id {
			return modelOf(t, l.File, l.Scenario)
		}
	}
	t.Fatalf("no lesson %s", id)
	return nil
}

// modelOf runs the scenario src and folds its trace.
func modelOf(t *testing.T, file, src string) *model.Model {
	t.Helper()
	sc, err := scenario.Parse(file, src)
	if err != nil {
		t.Fatal(err)
	}
	res := scenario.Run(sc, scenario.Options{})
	if res.Err != nil || res.Panic != "" {
		t.Fatalf("run: %v %s", res.Err, res.Panic)
	}
	return model.New(res.Trace)
}

func node(sc Scene, key string) (Node, bool) {
	for _, n := range sc.Nodes {
		if n.Key == key {
			return n, true
		}
	}
	return Node{}, false
}

// Lesson 06's unclean election: the records it loses are red and crossed
// out in the log that still holds them, and the band says which.
func TestClusterStageLostRecordsCrossedOut(t *testing.T) {
	m := lessonModel(t, "06-broker-failure")
	for i := 0; i+1 < m.Len(); i++ {
		a := m.At(i)
		if a.Clu == nil || len(a.Clu.Lost) == 0 {
			continue
		}
		b := m.At(i + 1)
		sc := BuildCluster(&a, &b, 0, Options{})
		c, ok := node(sc, "cell:t-0:3:3")
		if !ok || !strings.Contains(c.Class, " lost") {
			t.Errorf("broker 3's offset 3 is %q, want lost", c.Class)
		}
		if _, ok := node(sc, "lostx:t-0:3:3"); !ok {
			t.Error("broker 3's offset 3 is not crossed out")
		}
		r, _ := node(sc, "results")
		if !strings.Contains(r.Class, "lost") || !strings.Contains(r.Texts[len(r.Texts)-1].S, "3") {
			t.Errorf("the band does not say what is lost: %q %+v", r.Class, r.Texts)
		}
		return
	}
	t.Fatal("no record lost")
}

// Lesson 13's retries written twice: at the end, the second copies (r at
// offset 2, s at 4) are marked in the leader's log and in the follower's
// that copied them, and nothing else is.
func TestClusterStageDuplicatesMarked(t *testing.T) {
	m := lessonModel(t, "13-idempotent-producer")
	a, b := m.At(m.Len()-2), m.At(m.Len()-1)
	sc := BuildCluster(&a, &b, 0, Options{})
	for _, br := range []string{"1", "2"} {
		for off, want := range []bool{false, false, true, false, true} {
			key := "cell:t-0:" + br + ":" + strconv.Itoa(off)
			c, ok := node(sc, key)
			if !ok {
				t.Fatalf("no %s", key)
			}
			_, mark := node(sc, "copyx:t-0:"+br+":"+strconv.Itoa(off))
			if got := strings.Contains(c.Class, " copy"); got != want || mark != want {
				t.Errorf("%s: class %q, marked %v; want a copy %v", key, c.Class, mark, want)
			}
			if want && !strings.Contains(c.Title, "duplicate") {
				t.Errorf("%s's title %q does not say it is a duplicate", key, c.Title)
			}
		}
	}
}

// Lesson 05's acks=all request waits in broker 1's purgatory, drawn as a
// token inside the purgatory's box.
func TestClusterStageProduceWaitsInPurgatory(t *testing.T) {
	m := lessonModel(t, "05-acks-and-min-isr")
	for i := 0; i+1 < m.Len(); i++ {
		a := m.At(i)
		if a.Clu == nil {
			continue
		}
		for _, d := range a.Clu.Delayed {
			if d.Kind != "Produce" {
				continue
			}
			b := m.At(i + 1)
			sc := BuildCluster(&a, &b, 0, Options{})
			tok, ok := node(sc, "ctok:"+strconv.Itoa(d.ID))
			p, _ := node(sc, "purg:"+d.Broker)
			if !ok || !strings.Contains(tok.Class, "parked") || tok.X < p.X || tok.X+tok.W > p.X+p.W || tok.Y < p.Y || tok.Y+tok.H > p.Y+p.H {
				t.Fatalf("%s: token %+v, purgatory %+v", d.Item, tok, p)
			}
			return
		}
	}
	t.Fatal("no DelayedProduce")
}

// At every event of the cluster lessons, in both languages, every node is
// inside the view and the texts inside their boxes; the controller's box
// and every broker's say their state.
func TestClusterStageLessonsInView(t *testing.T) {
	for _, id := range []string{"04-replication-isr-hw", "05-acks-and-min-isr", "06-broker-failure", "13-idempotent-producer"} {
		m := lessonModel(t, id)
		for i := 0; i+1 < m.Len(); i++ {
			a, b := m.At(i), m.At(i+1)
			for _, zh := range []bool{false, true} {
				sc := BuildCluster(&a, &b, 0.5, Options{ZH: zh})
				for _, n := range sc.Nodes {
					if (n.Key == "controller" || strings.HasPrefix(n.Key, "broker:")) && len(n.Texts) < 3 {
						t.Errorf("%s at %d: %s says too little: %+v", id, i, n.Key, n.Texts)
					}
					x2, y2 := n.X+n.W, n.Y+n.H
					if strings.HasPrefix(n.Class, "line") {
						x2, y2 = n.X2, n.Y2
					}
					if n.X < 0 || n.Y < 0 || x2 > W+0.5 || y2 > H+0.5 {
						t.Fatalf("%s at %d: %s at (%v,%v)-(%v,%v) is outside the view", id, i, n.Key, n.X, n.Y, x2, y2)
					}
					if n.W > 0 {
						for _, tx := range n.Texts {
							l, r := tx.X, tx.X+ems(tx.S)*tx.Size
							switch tx.Anchor {
							case "end":
								l, r = tx.X-ems(tx.S)*tx.Size, tx.X
							case "middle":
								l, r = tx.X-ems(tx.S)*tx.Size/2, tx.X+ems(tx.S)*tx.Size/2
							}
							if l < -0.5 || r > n.W+0.5 || tx.Y > n.H {
								t.Errorf("%s at %d: %s's %q spills out of its %vx%v box", id, i, n.Key, tx.S, n.W, n.H)
							}
						}
					}
				}
			}
		}
	}
}
