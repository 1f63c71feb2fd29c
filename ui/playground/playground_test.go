package playground

import (
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"brokerlab/core/scenario"
)

// playForms are forms the playground can write: the default, and one of
// each section changed, on each system it offers.
func playForms(t *testing.T) map[string]Form {
	t.Helper()
	def := DefaultForm()
	out := map[string]Form{"default": def}
	f := DefaultForm()
	f.Brokers = 5
	f.Topics = append(f.Topics, Topic{Name: "t1", Partitions: 4, RF: 2})
	f.Producers = append(f.Producers, Producer{Topic: "t1", Acks: "1", Records: 3, Count: 2})
	f.Settings = []string{"min.insync.replicas 2", "unclean.leader.election.enable true"}
	f.Actions = []Action{{At: 3 * time.Second, Action: "kill broker 2"}, {At: 5200 * time.Millisecond, Action: "restart broker 2"}}
	f.RunFor = 20
	out["changed"] = f
	g := DefaultForm()
	g.System = "group"
	g.Groups = append(g.Groups, Group{Topic: "t0", Members: 3, Assignor: scenario.Assignors()[len(scenario.Assignors())-1]})
	g.Actions = []Action{{At: 8 * time.Second, Action: "consumer g1-c1 leave"}}
	out["group"] = g
	return out
}

// The form writes a scenario that parses and runs, and reads itself back
// from it: form → lab → form.
func TestPlayFormLabRoundTrip(t *testing.T) {
	for name, f := range playForms(t) {
		lab := f.Lab()
		sc, err := scenario.Parse(File, lab)
		if err != nil {
			t.Errorf("%s: %v\n%s", name, err, lab)
			continue
		}
		if sc.System != f.System {
			t.Errorf("%s: got use %s, want %s", name, sc.System, f.System)
		}
		res := scenario.Run(sc, scenario.Options{})
		if res.Err != nil || res.Panic != "" || len(res.Failures) > 0 {
			t.Errorf("%s: run: err %v, panic %q, failures %v", name, res.Err, res.Panic, res.Failures)
		}
		back, ok := FormOf(lab)
		if !ok || !reflect.DeepEqual(back, f) {
			t.Errorf("%s: form back from its lab:\n got %+v (%v)\nwant %+v", name, back, ok, f)
		}
		if back.Lab() != lab {
			t.Errorf("%s: the form read back writes another lab", name)
		}
	}
}

// What the default form writes, line by line: the cluster the playground
// opens with.
func TestPlayDefaultLab(t *testing.T) {
	lines := strings.Split(DefaultForm().Lab(), "\n")
	want := []string{"use cluster", "set brokers 3", "at 0ms topic t0 partitions=3 replication.factor=3",
		"at 2s produce t0-0 acks=all records=1 id=p1-1", "at 10s produce t0-1 acks=all records=1 id=p1-5", "run 30s"}
	for _, w := range want {
		if !slices.Contains(lines, w) {
			t.Errorf("the default lab has no line %q:\n%s", w, strings.Join(lines, "\n"))
		}
	}
	// The group the default form has joins the cluster's brokers, and
	// under use group the group system's one.
	if lab := DefaultForm().Lab(); !strings.Contains(lab, "at 1s consumer g1-c1 join g1 topics=t0 assignor=range\n") {
		t.Errorf("the default lab has no group:\n%s", lab)
	}
	g := DefaultForm()
	g.System = "group"
	if lab := g.Lab(); !strings.Contains(lab, "at 1s consumer g1-c1 join g1 topics=t0 assignor=range\n") || !strings.Contains(lab, "at 1s consumer g1-c2 join g1 topics=t0") {
		t.Errorf("the group form's lab:\n%s", lab)
	}
}

// What the form offers comes from the systems' tables.
func TestPlayCapsFromTheTables(t *testing.T) {
	for _, c := range []struct {
		sys                        string
		brokers, rf, produce, join bool
		wantSetting, notSetting    string
	}{
		{"cluster", true, true, true, true, "min.insync.replicas", "brokers"},
		{"group", false, false, false, true, "session.timeout.ms", "brokers"},
	} {
		got := capsOf(c.sys)
		if got.brokers != c.brokers || got.rf != c.rf || got.produce != c.produce || got.join != c.join {
			t.Errorf("%s: got %+v", c.sys, got)
		}
		var keys []string
		for _, s := range got.settings {
			keys = append(keys, s.Key)
		}
		if !slices.Contains(keys, c.wantSetting) || slices.Contains(keys, c.notSetting) {
			t.Errorf("%s: settings %v: want %s, not %s", c.sys, keys, c.wantSetting, c.notSetting)
		}
		for _, k := range keys {
			if family(k) {
				t.Errorf("%s: the family %s is offered as one setting", c.sys, k)
			}
		}
	}
	if c := capsOf("cluster"); c.brokersMax < 3 {
		t.Errorf("brokers at most %d", c.brokersMax)
	}
	if got := Systems(); !slices.Contains(got, "cluster") || !slices.Contains(got, "group") || slices.Contains(got, "controller") {
		t.Errorf("systems: %v", got)
	}
	g := &Playground{Form: DefaultForm()}
	if typ, lo, hi := g.SettingInput("min.insync.replicas"); typ != "number" || lo != "1" || hi == "" {
		t.Errorf("min.insync.replicas input: %s %s %s", typ, lo, hi)
	}
	if typ, _, _ := g.SettingInput("unclean.leader.election.enable"); typ != "text" {
		t.Errorf("a boolean's input: %s", typ)
	}
	// The assignors are group's.
	if got := g.Assignors(); !slices.Contains(got, "range") || !slices.Contains(got, "roundrobin") {
		t.Errorf("assignors: %v", got)
	}
	for _, c := range []struct {
		kind   string
		lo, hi int
		ok     bool
	}{{"integer 1..64", 1, 64, true}, {"true or false", 0, 0, false}, {"integer x..3", 0, 3, false}} {
		lo, hi, ok := intRange(c.kind)
		if ok != c.ok || (ok && (lo != c.lo || hi != c.hi)) {
			t.Errorf("intRange(%q): got %d %d %v", c.kind, lo, hi, ok)
		}
	}
}
