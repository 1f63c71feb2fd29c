package stage

import (
	"os"
	"strconv"
	"strings"
	"testing"
)

// The cluster stage with groups, event by event, in both languages: every node inside the
// view, every text at least Small and none cut short, no partition of
// __consumer_offsets drawn as a row, the group's header naming the broker
// its state events come from, that broker's box marked, the consumers'
// positions ticked under the leaders' logs.
func TestClusterStageGroups(t *testing.T) {
	src, err := os.ReadFile("../../core/cluster/testdata/groups-2-coordinator-dies.lab")
	if err != nil {
		t.Fatal(err)
	}
	var big strings.Builder
	big.WriteString("use cluster\nset brokers 4\nat 0ms topic t0 partitions=16 replication.factor=3\n")
	for g := 1; g <= 3; g++ {
		for c := 1; c <= 8; c++ {
			big.WriteString("at 1s consumer g" + strconv.Itoa(g) + "-c" + strconv.Itoa(c) + " join g" + strconv.Itoa(g) + " topics=t0\n")
		}
	}
	big.WriteString("at 2s produce t0-0 acks=all records=3\nrun 20s\n")
	for _, tc := range []struct{ name, src string }{{"groups-2", string(src)}, {"three groups of eight", big.String()}} {
		m := modelOf(t, tc.name+".lab", tc.src)
		moved, ticks := "", 0
		for i := 0; i+1 < m.Len(); i += 97 {
			a, b := m.At(i), m.At(i+1)
			sc := BuildCluster(&a, &b, 0.5, Options{Threads: m.Threads})
			zh := BuildCluster(&a, &b, 0.5, Options{Threads: m.Threads, ZH: true})
			for _, n := range append(sc.Nodes, zh.Nodes...) {
				if n.X < 0 || n.Y < 0 || n.X+n.W > W+0.5 || n.Y+n.H > H+0.5 {
					t.Fatalf("%s, event %d: %s at (%v,%v %vx%v) is outside the view", tc.name, i, n.Key, n.X, n.Y, n.W, n.H)
				}
				if strings.HasPrefix(n.Key, "part:__") {
					t.Fatalf("%s, event %d: %s drawn as a row", tc.name, i, n.Key)
				}
				for _, x := range n.Texts {
					if x.Size < Small || strings.Contains(x.S, "…") {
						t.Fatalf("%s, event %d: %s's text %q at %v", tc.name, i, n.Key, x.S, x.Size)
					}
				}
			}
			for _, n := range sc.Nodes {
				if strings.HasPrefix(n.Key, "pos:") {
					ticks++
				}
			}
			g, ok := groups(&a).Group("g")
			if tc.name != "groups-2" || !ok || g.Coordinator == "" {
				continue
			}
			head, ok := node(sc, "cgroup:g")
			br, _ := node(sc, "broker:"+g.Coordinator)
			if !ok || !strings.Contains(texts(head), "broker-"+g.Coordinator) || !strings.Contains(texts(br), coordMark) {
				t.Fatalf("event %d: coordinator %s: the header says %q, its broker %q", i, g.Coordinator, texts(head), texts(br))
			}
			moved = g.Coordinator
		}
		if tc.name == "groups-2" && (moved != "1" || ticks == 0) {
			t.Errorf("the coordinator drawn last: broker %q, want 1; %d position ticks drawn", moved, ticks)
		}
	}
}
