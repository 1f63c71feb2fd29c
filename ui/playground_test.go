package ui

import (
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"brokerlab/core/msg"
	"brokerlab/core/scenario"
	"brokerlab/core/sim"
	"brokerlab/ui/model"
	"brokerlab/ui/whatif"
)

// playForms are forms the playground can write: the default, and one of
// each section changed, on each system it offers.
func playForms(t *testing.T) map[string]PlayForm {
	t.Helper()
	def := DefaultPlayForm()
	out := map[string]PlayForm{"default": def}
	f := DefaultPlayForm()
	f.Brokers = 5
	f.Topics = append(f.Topics, PlayTopic{Name: "t1", Partitions: 4, RF: 2})
	f.Producers = append(f.Producers, PlayProducer{Topic: "t1", Acks: "1", Records: 3, Count: 2})
	f.Settings = []string{"min.insync.replicas 2", "unclean.leader.election.enable true"}
	f.Actions = []PlayAction{{At: 3 * time.Second, Action: "kill broker 2"}, {At: 5200 * time.Millisecond, Action: "restart broker 2"}}
	f.RunFor = 20
	out["changed"] = f
	g := DefaultPlayForm()
	g.System = "group"
	g.Groups = append(g.Groups, PlayGroup{Topic: "t0", Members: 3, Assignor: scenario.Assignors()[len(scenario.Assignors())-1]})
	g.Actions = []PlayAction{{At: 8 * time.Second, Action: "consumer g1-c1 leave"}}
	out["group"] = g
	return out
}

// The form writes a scenario that parses and runs, and reads itself back
// from it: form → lab → form.
func TestPlayFormLabRoundTrip(t *testing.T) {
	for name, f := range playForms(t) {
		lab := f.Lab()
		sc, err := scenario.Parse(PlayFile, lab)
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
	lines := strings.Split(DefaultPlayForm().Lab(), "\n")
	want := []string{"use cluster", "set brokers 3", "at 0ms topic t0 partitions=3 replication.factor=3",
		"at 2s produce t0-0 acks=all records=1 id=p1-1", "at 10s produce t0-1 acks=all records=1 id=p1-5", "run 30s"}
	for _, w := range want {
		if !slices.Contains(lines, w) {
			t.Errorf("the default lab has no line %q:\n%s", w, strings.Join(lines, "\n"))
		}
	}
	// The group the default form has: under use group it joins.
	g := DefaultPlayForm()
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
		{"cluster", true, true, true, false, "min.insync.replicas", "brokers"},
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
	if got := PlaySystems(); !slices.Contains(got, "cluster") || !slices.Contains(got, "group") || slices.Contains(got, "controller") {
		t.Errorf("systems: %v", got)
	}
	a := &App{PlayState: PlayState{Play: DefaultPlayForm()}}
	if typ, lo, hi := a.PlaySettingInput("min.insync.replicas"); typ != "number" || lo != "1" || hi == "" {
		t.Errorf("min.insync.replicas input: %s %s %s", typ, lo, hi)
	}
	if typ, _, _ := a.PlaySettingInput("unclean.leader.election.enable"); typ != "text" {
		t.Errorf("a boolean's input: %s", typ)
	}
	// The assignors are group's.
	if got := (&App{}).PlayAssignors(); !slices.Contains(got, "range") || !slices.Contains(got, "roundrobin") {
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

// The page: #/playground draws the default cluster at once; a form change
// and an action from the stage become lines of the scenario, which the
// link carries and the editor shows.
func TestPlayground(t *testing.T) {
	_, a := newFake()
	a.Route("#/playground")
	must(t, "the playground page", a.Page == "playground" && a.Len() > 0 && a.Crash == "" && a.Notice() == "")
	if c := a.State().Clu; c == nil || len(c.Brokers) != 3 || len(c.Partitions) != 3 {
		t.Fatalf("the default cluster is not drawn at once: %+v", c)
	}
	if sc, _ := a.Frame(); len(sc.Nodes) < 10 {
		t.Fatalf("the stage has %d nodes", len(sc.Nodes))
	}

	// A form change: four brokers, RF 3 stays, the run restarts at the same time.
	at := a.now()
	a.SetPlayBrokers("4")
	must(t, "four brokers", a.PlayErr() == "" && strings.Contains(a.Source(), "set brokers 4\n") && a.now() >= at)
	if c := a.End().Clu; c == nil || len(c.Brokers) != 4 {
		t.Fatalf("the run has not 4 brokers")
	}
	// Beyond the table's bound the form clamps; a replication factor beyond
	// the brokers too.
	a.SetPlayTopic(0, "rf", "9")
	if a.Play.Topics[0].RF != 4 {
		t.Errorf("rf: got %d, want 4", a.Play.Topics[0].RF)
	}

	// Kill broker 2 from the stage: a line of the scenario, and the run
	// shows it dead.
	a.Select("broker:2")
	clu := section[*whatif.Cluster](t, a)
	clu.Broker("kill")
	must(t, "the kill runs", a.PlayErr() == "" && len(a.Play.Actions) == 1 && len(a.Link.Inject) == 0)
	line := a.PlayActionText(0)
	if !strings.HasPrefix(line, "at ") || !strings.HasSuffix(line, " kill broker 2") || !strings.Contains(a.Source(), line+"\n") {
		t.Fatalf("the kill's line %q is not in the scenario:\n%s", line, a.Source())
	}
	if b := a.End().Clu.Brokers; b[1].State != "dead" {
		t.Errorf("broker 2 at the end: %+v", b[1])
	}
	// Two produces from the what-if panel: two lines, two request ids.
	clu.Produce("t0-0", "1")
	clu.Produce("t0-1", "all")
	if src := a.Source(); !strings.Contains(src, " produce t0-0 acks=1 id=w1\n") || !strings.Contains(src, " produce t0-1 acks=all id=w2\n") || a.PlayErr() != "" {
		t.Fatalf("the produces' lines (%s):\n%s", a.PlayErr(), src)
	}
	a.DropPlayAction(2)
	a.DropPlayAction(1)
	// A setting from the what-if panel is a line too.
	a.SetSettings("min.insync.replicas 2")
	must(t, "the setting's line", strings.Contains(a.Source(), "set min.insync.replicas 2\n") && a.Setting("min.insync.replicas") == "2")

	// The link carries the scenario, and gives the form back.
	hash := a.Hash()
	must(t, "src in the link", strings.HasPrefix(hash, "#/playground?") && strings.Contains(hash, "src="))
	_, b := newFake()
	b.Route(hash)
	must(t, "the link opens it", b.Page == "playground" && b.Source() == a.Source() && reflect.DeepEqual(b.Play, a.Play) && b.Pos == a.Pos)

	// The editor shows it; run from the editor, an edit beyond the form
	// is said; a change to the form writes the form's again.
	a.OpenEditor()
	must(t, "the editor shows it", a.Ed.Open && a.Ed.Text == a.Source())
	a.Ed.SetText(a.Ed.Text + "expect partition[t0-0].leader != 2\n")
	a.RunEdited()
	must(t, "the edit runs", a.Edited() && a.PlayEdited && strings.Contains(a.Source(), "expect partition[t0-0].leader"))
	must(t, "and travels", strings.Contains(a.Hash(), "src="))
	must(t, "no narration yet", !a.HasSteps())
	a.Ed.SetText(strings.Replace(a.Ed.Text, "use cluster\n", "use cluster\nsay \"Broker 2 dies.\"\nsay.zh \"broker 2 宕机。\"\n", 1))
	a.RunEdited()
	must(t, "a lesson's draft narrates", a.HasSteps() && len(a.Steps()) == 1 && a.PlayEdited)
	a.SetPlayRun("40")
	must(t, "the form's again", !a.PlayEdited && a.Ed.Text == a.Source() && !strings.Contains(a.Source(), "expect"))
	a.RevertEdit()
	must(t, "the form's own", a.Source() == a.Play.Lab())

	// Save writes the scenario.
	w := &fakeWeb{}
	a.Web = w
	a.SavePlay()
	must(t, "saved", len(w.saved) == 1 && w.saved[0] == PlayFile+" text/plain" && w.data == a.Source())

	// Group: the group panel's member actions are the table's.
	a.SetPlaySystem("group")
	must(t, "group", a.PlayErr() == "" && a.System() == "group" && len(a.Play.Actions) == 0 && a.Setting("min.insync.replicas") == "")
	if v := whatif.MemberVerbs(a.System()); !slices.Contains(v, "leave") || slices.Contains(v, "join") {
		t.Errorf("member verbs: %v", v)
	}
	a.seekTime(5 * time.Second)
	a.Select("member:g1-c1")
	section[*whatif.Group](t, a).Act("leave")
	must(t, "the leave's line", a.PlayErr() == "" && strings.Contains(a.Source(), " consumer g1-c1 leave\n"))

	// A form the parser refuses keeps the last run and says why.
	n := a.Len()
	a.AddPlaySetting("session.timeout.ms", "x")
	must(t, "the error shown", a.PlayErr() != "" && a.Len() == n)
	a.SetLang("zh")
	if !strings.ContainsFunc(a.PlayErr(), isHan) {
		t.Errorf("the form's error in Chinese: %q", a.PlayErr())
	}
}

// A link whose scenario does not parse opens it in the editor with its
// error, and runs the form's.
func TestPlayBrokenLink(t *testing.T) {
	f := DefaultPlayForm()
	f.Brokers = 4
	bad := f.Lab() + "run until nothing == 1\n"
	_, a := newFake()
	a.Route(Link{Page: "playground", Src: bad}.String())
	must(t, "the form's runs", a.Page == "playground" && a.Len() > 0 && a.Play.Brokers == 4 && a.Sc != nil)
	must(t, "the text in the editor, with its error", a.Ed.Open && a.Ed.Text == bad && a.Ed.ErrText() != "" && a.Notice() != "")
}

// The monitors: three lines, each lit by the violations core traces for
// it, from the event it is traced at on.
func TestPlayMonitors(t *testing.T) {
	_, a := newFake()
	a.Route("#/playground")
	for _, m := range a.Monitors() {
		if m.State == a.T("inv.broken") {
			t.Fatalf("the default cluster breaks %s: %s", m.Name, m.Detail)
		}
	}
	if got := a.Monitors(); len(got) != 3 || got[0].State != "holds" || got[2].State != "not in this run" {
		t.Fatalf("monitors: %+v", got)
	}
	// Each monitor's format is a note core traces (its key in the catalog).
	for _, m := range monitors {
		for _, f := range m.formats {
			if _, ok := msg.Notes[f]; !ok {
				t.Errorf("%s: %q is no note of core/msg", m.key, f)
			}
		}
	}
	// A run whose trace breaks each: lit from the violation's event on.
	for i, m := range monitors {
		tr := slices.Clone(a.M.Trace)
		at := len(tr) / 2
		e := sim.Noted(sim.Event{Kind: sim.Invariant, Seq: at}, msg.Notef(m.formats[0], "t0-0", 1, 2, 3, 4))
		tr = slices.Insert(tr, at, e)
		for k := range tr {
			tr[k].Seq = k
		}
		b := *a
		b.M, b.run, b.hits = model.New(tr), a.run+1+i, nil
		b.seek(at - 1)
		if got := b.Monitors()[i]; got.State != "holds" && got.State != "not in this run" {
			t.Errorf("%s before: %+v", m.key, got)
		}
		b.seek(at)
		if got := b.Monitors()[i]; got.State != "broken" || got.Class != "inv broken" || got.Detail == "" {
			t.Errorf("%s at: %+v", m.key, got)
		}
		b.Lang = "zh"
		if got := b.Monitors()[i]; got.State != "被打破" || !strings.ContainsFunc(got.Name, isHan) {
			t.Errorf("%s in Chinese: %+v", m.key, got)
		}
	}
}

// The playground's words are in both languages, once.
func TestPlayWords(t *testing.T) {
	for k, v := range playWords {
		if words[k] != v {
			t.Errorf("word %q is defined twice", k)
		}
		if v[0] == "" || !strings.ContainsFunc(v[1], isHan) {
			t.Errorf("word %q: %q", k, v)
		}
	}
}
