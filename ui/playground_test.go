package ui

import (
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"brokerlab/core/msg"
	"brokerlab/core/sim"
	"brokerlab/ui/model"
	"brokerlab/ui/playground"
	"brokerlab/ui/whatif"
)

// The page: #/playground draws the default cluster at once; a form change
// and an action from the stage become lines of the scenario, which the
// link carries and the editor shows.
func TestPlayground(t *testing.T) {
	_, a := newFake()
	a.Route("#/playground")
	must(t, "the playground page", a.Page == "playground" && a.Len() > 0 && a.Crash == "" && a.Notice() == "")
	if c := a.State().Clu; c == nil || len(c.Brokers) != 3 || len(slices.DeleteFunc(slices.Clone(c.Partitions), func(p model.CPart) bool { return model.Internal(p.Name) })) != 3 {
		t.Fatalf("the default cluster is not drawn at once: %+v", c)
	}
	if g := a.End().Grp; g == nil || len(g.Groups) != 1 || g.Groups[0].State != "Stable" {
		t.Fatalf("the default cluster's group: %+v", g)
	}
	if sc, _ := a.Frame(); len(sc.Nodes) < 10 {
		t.Fatalf("the stage has %d nodes", len(sc.Nodes))
	}

	// A form change: four brokers, RF 3 stays, the run restarts at the same time.
	at := (playPage{a}).Now()
	a.PG.SetBrokers("4")
	must(t, "four brokers", a.PG.Err() == "" && strings.Contains(a.Source(), "set brokers 4\n") && (playPage{a}).Now() >= at)
	if c := a.End().Clu; c == nil || len(c.Brokers) != 4 {
		t.Fatalf("the run has not 4 brokers")
	}
	// Beyond the table's bound the form clamps; a replication factor beyond
	// the brokers too.
	a.PG.SetTopic(0, "rf", "9")
	if a.PG.Form.Topics[0].RF != 4 {
		t.Errorf("rf: got %d, want 4", a.PG.Form.Topics[0].RF)
	}

	// Kill broker 2 from the stage: a line of the scenario, and the run
	// shows it dead.
	a.Select("broker:2")
	clu := section[*whatif.Cluster](t, a)
	clu.Broker("kill")
	must(t, "the kill runs", a.PG.Err() == "" && len(a.PG.Form.Actions) == 1 && len(a.Link.Inject) == 0)
	line := a.PG.ActionText(0)
	if !strings.HasPrefix(line, "at ") || !strings.HasSuffix(line, " kill broker 2") || !strings.Contains(a.Source(), line+"\n") {
		t.Fatalf("the kill's line %q is not in the scenario:\n%s", line, a.Source())
	}
	if b := a.End().Clu.Brokers; b[1].State != "dead" {
		t.Errorf("broker 2 at the end: %+v", b[1])
	}
	// Two produces from the what-if panel: two lines, two request ids.
	clu.Produce("t0-0", "1")
	clu.Produce("t0-1", "all")
	if src := a.Source(); !strings.Contains(src, " produce t0-0 acks=1 id=w1\n") || !strings.Contains(src, " produce t0-1 acks=all id=w2\n") || a.PG.Err() != "" {
		t.Fatalf("the produces' lines (%s):\n%s", a.PG.Err(), src)
	}
	a.PG.DropAction(2)
	a.PG.DropAction(1)
	// A setting from the what-if panel is a line too.
	a.SetSettings("min.insync.replicas 2")
	must(t, "the setting's line", strings.Contains(a.Source(), "set min.insync.replicas 2\n") && a.Setting("min.insync.replicas") == "2")

	// The link carries the scenario, and gives the form back.
	hash := a.Hash()
	must(t, "src in the link", strings.HasPrefix(hash, "#/playground?") && strings.Contains(hash, "src="))
	_, b := newFake()
	b.Route(hash)
	must(t, "the link opens it", b.Page == "playground" && b.Source() == a.Source() && reflect.DeepEqual(b.PG.Form, a.PG.Form) && b.Play.Pos == a.Play.Pos)

	// The editor shows it; run from the editor, an edit beyond the form
	// is said; a change to the form writes the form's again.
	a.OpenEditor()
	must(t, "the editor shows it", a.Ed.Open && a.Ed.Text == a.Source())
	a.Ed.SetText(a.Ed.Text + "expect partition[t0-0].leader != 2\n")
	a.RunEdited()
	must(t, "the edit runs", a.Edited() && a.PG.Edited && strings.Contains(a.Source(), "expect partition[t0-0].leader"))
	must(t, "and travels", strings.Contains(a.Hash(), "src="))
	must(t, "no narration yet", !a.HasSteps())
	a.Ed.SetText(strings.Replace(a.Ed.Text, "use cluster\n", "use cluster\nsay \"Broker 2 dies.\"\nsay.zh \"broker 2 宕机。\"\n", 1))
	a.RunEdited()
	must(t, "a lesson's draft narrates", a.HasSteps() && len(steps(a)) == 1 && a.PG.Edited)
	a.PG.SetRun("40")
	must(t, "the form's again", !a.PG.Edited && a.Ed.Text == a.Source() && !strings.Contains(a.Source(), "expect"))
	a.RevertEdit()
	must(t, "the form's own", a.Source() == a.PG.Form.Lab())

	// Save writes the scenario.
	w := &fakeWeb{}
	a.Class.Web = w
	a.PG.Save()
	must(t, "saved", len(w.saved) == 1 && w.saved[0] == playground.File+" text/plain" && w.data == a.Source())

	// Group: the group panel's member actions are the table's.
	a.PG.SetSystem("group")
	must(t, "group", a.PG.Err() == "" && a.System() == "group" && len(a.PG.Form.Actions) == 0 && a.Setting("min.insync.replicas") == "")
	if v := whatif.MemberVerbs(a.System()); !slices.Contains(v, "leave") || slices.Contains(v, "join") {
		t.Errorf("member verbs: %v", v)
	}
	a.seekTime(5 * time.Second)
	a.Select("member:g1-c1")
	section[*whatif.Group](t, a).Act("leave")
	must(t, "the leave's line", a.PG.Err() == "" && strings.Contains(a.Source(), " consumer g1-c1 leave\n"))

	// A form the parser refuses keeps the last run and says why.
	n := a.Len()
	a.PG.AddSetting("session.timeout.ms", "x")
	must(t, "the error shown", a.PG.Err() != "" && a.Len() == n)
	a.SetLang("zh")
	if !strings.ContainsFunc(a.PG.Err(), isHan) {
		t.Errorf("the form's error in Chinese: %q", a.PG.Err())
	}
}

// A link whose scenario does not parse opens it in the editor with its
// error, and runs the form's.
func TestPlayBrokenLink(t *testing.T) {
	f := playground.DefaultForm()
	f.Brokers = 4
	bad := f.Lab() + "run until nothing == 1\n"
	_, a := newFake()
	a.Route(Link{Page: "playground", Src: bad}.String())
	must(t, "the form's runs", a.Page == "playground" && a.Len() > 0 && a.PG.Form.Brokers == 4 && a.Sc != nil)
	must(t, "the text in the editor, with its error", a.Ed.Open && a.Ed.Text == bad && a.Ed.ErrText() != "" && a.Notice() != "")
}

// The monitors: three lines, each lit by the violations core traces for
// it, from the event it is traced at on.
func TestPlayMonitors(t *testing.T) {
	_, a := newFake()
	a.Route("#/playground")
	for _, m := range (playPage{a}).Monitors() {
		if m.State == a.T("inv.broken") {
			t.Fatalf("the default cluster breaks %s: %s", m.Name, m.Detail)
		}
	}
	if got := (playPage{a}).Monitors(); len(got) != 3 || got[0].State != "holds" || got[2].State != "holds" {
		t.Fatalf("monitors: %+v", got)
	}
	// Without its group, the cluster has no generation to own partitions in.
	_, c := newFake()
	c.Route("#/playground")
	c.PG.DropGroup(0)
	if got := (playPage{c}).Monitors(); got[2].State != "not in this run" {
		t.Fatalf("monitors without a group: %+v", got)
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
		b.M, b.run, b.hits.of = model.New(tr), a.run+1+i, nil
		b.Play.Jump(at - 1)
		if got := (playPage{&b}).Monitors()[i]; got.State != "holds" && got.State != "not in this run" {
			t.Errorf("%s before: %+v", m.key, got)
		}
		b.Play.Jump(at)
		if got := (playPage{&b}).Monitors()[i]; got.State != "broken" || got.Class != "inv broken" || got.Detail == "" {
			t.Errorf("%s at: %+v", m.key, got)
		}
		b.Lang = "zh"
		if got := (playPage{&b}).Monitors()[i]; got.State != "被打破" || !strings.ContainsFunc(got.Name, isHan) {
			t.Errorf("%s in Chinese: %+v", m.key, got)
		}
	}
}

// The features' own words are in both languages.
func TestFeatureWords(t *testing.T) {
	for _, table := range []map[string][2]string{playground.Words, whatif.Words} {
		for k, v := range table {
			if v[0] == "" || !strings.ContainsFunc(v[1], isHan) {
				t.Errorf("word %q: %q", k, v)
			}
		}
	}
}
