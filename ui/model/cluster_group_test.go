package model

import (
	"os"
	"strings"
	"testing"

	"brokerlab/core/scenario"
	"brokerlab/core/sim"
)

// runLab runs a scenario of core/cluster's testdata and folds its trace.
func runLab(t *testing.T, name string) *Model {
	t.Helper()
	src, err := os.ReadFile("../../core/cluster/testdata/" + name)
	if err != nil {
		t.Fatal(err)
	}
	sc, err := scenario.Parse(name, string(src))
	if err != nil {
		t.Fatal(err)
	}
	res := scenario.Run(sc, scenario.Options{})
	if res.Err != nil || res.Panic != "" {
		t.Fatalf("run: %v %s", res.Err, res.Panic)
	}
	return New(res.Trace)
}

// The one world's groups as the fold knows them: the coordinator broker
// (from the actor of the group's state events), each consumer's idea of
// it, positions from seeks and polls, committed offsets from the
// coordinator's appends, the coordinators' partitions of
// __consumer_offsets, which of them holds the group's records, and the
// session timers of the broker coordinating it now.
func TestClusterGroupFold(t *testing.T) {
	m := runLab(t, "groups-4-records-read-again.lab")
	at := func(note string) State {
		for i, e := range m.Trace {
			if e.Kind == sim.Expect && strings.HasPrefix(e.Note, note) {
				return m.At(i)
			}
		}
		t.Fatalf("no expect %q", note)
		return State{}
	}
	s := at("consumer[C1].lag[t-0] == 0")
	g, _ := s.Grp.Group("g")
	c1 := s.Grp.Members[s.Grp.mi["C1"]]
	if g.Coordinator != "3" || c1.Coordinator != "3" || c1.Client != "STABLE" {
		t.Errorf("before the kill: group coordinator %q, C1's %q, C1 %q; want 3, 3, STABLE", g.Coordinator, c1.Coordinator, c1.Client)
	}
	if p, _ := OffsetOf(c1.Pos, "t-0"); p != 5 {
		t.Errorf("C1's position in t-0: %d, want 5", p)
	}
	if c, _ := OffsetOf(g.Committed, "t-0"); c != 5 {
		t.Errorf("g's committed t-0: %d, want 5", c)
	}
	part := s.Clu.AppendedBy("C1")
	if part == "" {
		part = s.Clu.AppendedBy("C2")
	}
	if part != "__consumer_offsets-1" || s.Clu.Load("3", part) != "owned" {
		t.Errorf("g's records in %q, broker 3 %q; want __consumer_offsets-1, owned", part, s.Clu.Load("3", part))
	}
	s = at("group[g].committed[t-0] == 7")
	g, _ = s.Grp.Group("g")
	if g.Coordinator != "1" || g.State != "Stable" || s.Clu.Load("1", "__consumer_offsets-1") != "owned" {
		t.Errorf("after the kill: coordinator %q, %s, broker 1 %q; want 1, Stable, owned", g.Coordinator, g.State, s.Clu.Load("1", "__consumer_offsets-1"))
	}
	// The dead coordinator's session timers went with it: the running
	// one is the new coordinator's.
	if tm, ok := s.Grp.Timer("member[C1]", "DelayedHeartbeat"); !ok || tm.Broker != "1" || tm.End <= s.T {
		t.Errorf("C1's session after the kill: %+v at %d, want broker 1's, running", tm, s.T)
	}
	s = m.At(m.Len() - 1)
	c2 := s.Grp.Members[s.Grp.mi["C2"]]
	if p, _ := OffsetOf(c2.Pos, "t-0"); p != 11 {
		t.Errorf("C2's position in t-0 at the end: %d, want 11", p)
	}
}
