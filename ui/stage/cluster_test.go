package stage

import (
	"strconv"
	"strings"
	"testing"

	"brokerlab/core/scenario"
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
