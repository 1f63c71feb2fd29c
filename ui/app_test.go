package ui

import (
	"fmt"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"brokerlab/core/scenario"
	"brokerlab/core/sim"
	"brokerlab/ui/inspect"
	"brokerlab/ui/lesson"
	"brokerlab/ui/playback"
	"brokerlab/ui/stage"
	"brokerlab/ui/whatif"
)

const lessonID = "01-controller-event-queue"

type fakeHost struct {
	url     string
	store   map[string]string
	session map[string]string
}

func (h *fakeHost) ReplaceURL(s string)     { h.url = s }
func (h *fakeHost) Store(k, v string)       { h.store[k] = v }
func (h *fakeHost) Session(k string) string { return h.session[k] }
func (h *fakeHost) SetSession(k, v string) {
	if h.session == nil {
		h.session = map[string]string{}
	}
	h.session[k] = v
}
func newFake() (*fakeHost, *App) {
	h := &fakeHost{store: map[string]string{}, session: map[string]string{}}
	return h, New(h, "en-US")
}
func must(t *testing.T, what string, ok bool) {
	t.Helper()
	if !ok {
		t.Fatal(what)
	}
}

func TestLinkRoundTrip(t *testing.T) {
	for _, h := range []string{
		"#/",
		"#/lesson/" + lessonID,
		"#/lesson/" + lessonID + "?seed=7&pos=120&a=1500000:put%20BrokerChange&a=2000:session%20expire&set=controller.putLock:false",
		"#/stress?events=5000",
		"#/stress?conns=1000&events=50000&pos=3",
		"#/?lang=zh&theme=dark",
		"#/lesson/" + lessonID + "?pos=3&lang=en&theme=light",
	} {
		l, err := ParseLink(h)
		if err != nil {
			t.Fatalf("ParseLink(%q): %v", h, err)
		}
		if got := l.String(); got != h {
			t.Errorf("round trip: got %q, want %q", got, h)
		}
	}
	for _, l := range []Link{
		{Page: "list"},
		{Page: "lesson", Lesson: lessonID, Seed: 3, Pos: 9},
		{Page: "lesson", Lesson: lessonID, Inject: []scenario.Injection{{After: 0, Action: "put A b=1+2&c=%3 # x:y 中"}}},
		{Page: "stress", Events: 5000, Pos: 7},
		{Page: "stress", Events: 300, Seed: 2, Inject: []scenario.Injection{{After: 40, Action: "session expire"}}, Sets: []string{"controller.putLock false"}},
	} {
		got, err := ParseLink(l.String())
		if err != nil || !reflect.DeepEqual(got, l) {
			t.Errorf("ParseLink(%q): got %#v, %v; want %#v", l.String(), got, err, l)
		}
	}
	for _, bad := range []string{
		"#/lesson/x?seed=abc", "#/lesson/x?seed=-3", "#/lesson/x?seed=0", "#/lesson/x?pos=-1", "#/lesson/x?a=12", "#/lesson/x?a=zz:put%20X",
		"#/lesson/x?set=controller.foo:true", "#/lesson/x?bogus=1", "#/nowhere", "#/stress?events=0",
		"#/lesson/x?lang=fr", "#/lesson/x?theme=blue", "#/lesson/x?lang=ZH",
	} {
		if _, err := ParseLink(bad); err == nil {
			t.Errorf("ParseLink(%q): no error", bad)
		}
	}
}

func TestOpenPlayStep(t *testing.T) {
	h, a := newFake()
	must(t, "no lessons", len(a.Lessons) > 0)
	a.Route("#/lesson/" + lessonID)
	must(t, "not on the lesson page: "+a.Notice(), a.Page == "lesson" && a.Len() > 100)
	must(t, "notice: "+a.Notice(), a.Notice() == "" && a.Crash == "")
	must(t, "no steps", len(steps(a)) >= 6)
	must(t, "step 0 not current", steps(a)[0].Cur)

	a.Play.Toggle()
	for now := 1000.0; now <= 2000; now += 50 {
		a.Tick(now) // one second at 1× is Rate events
	}
	must(t, "play did not advance", a.Play.Pos == int(playback.Rate))
	a.Key(" ")
	must(t, "space did not pause", !a.Play.Playing)
	p := a.Play.Pos
	a.Key("ArrowRight")
	a.Key("ArrowRight")
	a.Key("ArrowLeft")
	must(t, "arrows", a.Play.Pos == p+1)
	a.Key("]")
	must(t, "speed up", a.Play.Speed == 3)
	a.Tick(3000)
	must(t, "url not updated: "+h.url, strings.Contains(h.url, "pos="+itoa(a.Play.Pos)))

	a.Play.StepNarr(1)
	must(t, "step » plays", a.Play.Playing && a.State().Step == 0)
	for now := 3000.0; now <= 3000+1000*playback.StepPlaySeconds+200; now += 50 {
		a.Tick(now)
	}
	must(t, "step » played the step through and stopped at the next", !a.Play.Playing && a.State().Step == 1)
	a.Play.GoStep(4)
	must(t, "go to step 4", a.State().Step == 4)
	a.Play.StepNarr(-1)
	must(t, "previous step", a.State().Step == 3)

	sc, key := a.Frame()
	must(t, "empty stage", len(sc.Nodes) > 20 && key != "empty")
}

func TestInjectBranches(t *testing.T) {
	_, a := newFake()
	a.Route("#/lesson/" + lessonID + "?pos=20")
	must(t, "pos", a.Play.Pos == 20)
	before := a.Len()
	prefix := append([]sim.Event(nil), a.M.Trace[:21]...)
	ctl := section[*whatif.Controller](t, a)
	ctl.PutName = "TopicDeletion"
	ctl.Put()
	must(t, "notice: "+a.Notice(), a.Notice() == "")
	must(t, "no branch", a.Len() > before && a.Play.Pos == 20 && a.Play.Playing)
	found := false
	for _, e := range a.M.Trace[a.Play.Pos:] {
		if e.Kind == sim.QueuePut && e.Item == "TopicDeletion" {
			found = true
		}
	}
	must(t, "the injected event is not in the trace", found)
	must(t, "the run up to the current event is unchanged", reflect.DeepEqual(prefix, a.M.Trace[:21]))
	must(t, "link lacks the action: "+a.Hash(), strings.Contains(a.Hash(), "a=20:put%20TopicDeletion"))

	// The link reproduces the branch.
	_, b := newFake()
	b.Route(a.Hash())
	must(t, "same run", b.Len() == a.Len() && b.Play.Pos == a.Play.Pos && b.Notice() == "")

	ctl.SetNoLock(true)
	must(t, "putLock setting", a.NoLock() && strings.Contains(a.Hash(), "set=controller.putLock:false"))
	a.ResetWhatIf()
	must(t, "reset", a.Len() == before)
}

// The lesson's seed loses a put without the putLock: the stage shows it.
func TestNoLockLoses(t *testing.T) {
	_, a := newFake()
	a.Route("#/lesson/" + lessonID + "?set=controller.putLock:false")
	s := a.M.At(a.Len() - 1)
	must(t, "nothing lost", s.Ctl.Lost.N > 0 && len(s.Invariants) > 0)
}

func TestMalformedLinks(t *testing.T) {
	for _, c := range []struct{ hash, page, want string }{
		{"#/lesson/nope", "list", "No such lesson"},
		{"#/lesson/" + lessonID + "?pos=abc", "lesson", "pos="},
		{"#/lesson/" + lessonID + "?a=1000:launch%20rockets", "lesson", "launch rockets"},
		{"#/lesson/" + lessonID + "?seed=x&pos=5", "lesson", "positive integer seed"},
		{"#/elsewhere", "list", "no page"},
	} {
		_, a := newFake()
		a.Route(c.hash)
		if a.Page != c.page || !strings.Contains(a.Notice(), c.want) || a.Crash != "" {
			t.Errorf("%s: got page %q notice %q crash %q", c.hash, a.Page, a.Notice(), a.Crash)
		}
		if a.Page == "lesson" && (a.Play.Pos != 0 || len(a.Link.Inject) != 0) {
			t.Errorf("%s: not the lesson's start: pos %d, %v", c.hash, a.Play.Pos, a.Link.Inject)
		}
	}
}

// A stress link reproduces its moment and its what-ifs like a lesson's.
func TestStressLink(t *testing.T) {
	_, a := newFake()
	h := "#/stress?events=3000&pos=40&a=20:session%20expire&lang=en"
	a.Route(h)
	must(t, "notice: "+a.Notice(), a.Page == "stress" && a.Notice() == "" && a.Crash == "")
	must(t, "pos", a.Play.Pos == 40)
	must(t, "action", len(a.Link.Inject) == 1)
	must(t, "hash: "+a.Hash(), a.Hash() == h)
}

// A link to no page shows the list, and says so.
func TestNoPageNotice(t *testing.T) {
	_, a := newFake()
	a.Route("#/elsewhere")
	must(t, "notice: "+a.Notice(), a.Page == "list" && !strings.Contains(a.Notice(), a.T("shownStart")))
}

// Only what the inspector can describe is selected: a click on a label or
// a tally keeps the selection (and the inspector) as it was.
func TestSelect(t *testing.T) {
	_, a := newFake()
	a.Route("#/lesson/" + lessonID)
	for _, c := range []struct{ key, want string }{
		{"thread:controller-event-thread", "thread:controller-event-thread"},
		{"pill:Idle", "thread:controller-event-thread"},
		{"title.queue", "thread:controller-event-thread"},
		{"tally:processed", "thread:controller-event-thread"},
		{"ctlstate", "thread:controller-event-thread"},
		{"slot:3", "queue"},
		{"lock.link", "queue"}, // a line: the lock is selected by its box
		{"more", ""},           // the queue again: cleared
		{"more", "queue"},
		{"lock", "lock"},
		{"lock", ""},
		{"tok:1", "tok:1"},
	} {
		a.Select(c.key)
		if a.Sel != c.want {
			t.Errorf("Select(%q): got %q, want %q", c.key, a.Sel, c.want)
		}
		if title, _ := inspect.Selected(inspectPage{a}); a.Sel != "" && title == "" {
			t.Errorf("Select(%q): the inspector has nothing for %q", c.key, a.Sel)
		}
	}
}

func TestPanicIsCaught(t *testing.T) {
	_, a := newFake()
	a.Route("#/lesson/" + lessonID)
	a.Sc = nil // a broken state: a click must not take the page down
	a.Inject("put BrokerChange")
	must(t, "no crash message", strings.Contains(a.Crash, "lesson "+lessonID))
}

func TestLang(t *testing.T) {
	h, a := newFake()
	a.Route("#/lesson/" + lessonID)
	a.SetLang("zh")
	must(t, "stored", h.store["lang"] == "zh")
	must(t, "chinese narration", strings.Contains(segText(steps(a)[0].Segs), "线程"))
	must(t, "chinese chrome", a.T("play") == "▶ 播放")
	_, b := newFake()
	b = New(nil, "zh-CN")
	must(t, "browser language", b.Lang == "zh")
}

// steps are the narration's steps as a shows them.
func steps(a *App) []lesson.StepView { return (&lesson.Narration{Q: &a.Quiz}).Steps() }

func segText(s []lesson.Seg) string {
	var b strings.Builder
	for _, g := range s {
		b.WriteString(g.S)
	}
	return b.String()
}

func itoa(i int) string { return strconv.Itoa(i) }

// A step ahead of the current one keeps its text hidden: the step that asks
// for a prediction is not answered by the next one on screen.
func TestStepsAheadAreHidden(t *testing.T) {
	_, a := newFake()
	a.Route("#/lesson/" + lessonID)
	a.Play.GoStep(4)
	at4 := steps(a)
	must(t, "the question is shown", strings.Contains(segText(at4[4].Segs), "Predict"))
	must(t, "the answer is hidden", segText(at4[5].Segs) == a.T("later"))
	a.Play.GoStep(5)
	// Step 6 asks the question again (question.go): its text waits for the reveal.
	must(t, "the answer waits for the question", len(steps(a)[5].Segs) == 0 && a.Quiz.View(5).Open)
	a.Play.GoStep(6)
	must(t, "the answer is revealed", strings.HasPrefix(segText(steps(a)[5].Segs), "None of them"))
}

// The log's rows are HTML built here: the current row marked, the rows to
// come marked, every field escaped, and a key that changes with the position.
func TestLogHTML(t *testing.T) {
	_, a := newFake()
	a.Route("#/lesson/" + lessonID + "?pos=30")
	rows, key := a.Log.HTML(), a.Log.Key()
	must(t, "current row", strings.Contains(rows, `<tr class="cur" data-seq="30">`))
	must(t, "rows to come", strings.Contains(rows, `<tr class="future" data-seq="31">`))
	must(t, "rows before", strings.Contains(rows, `<tr class="" data-seq="29">`))
	must(t, "16 rows", strings.Count(rows, "<tr ") == 16)
	a.M.Trace[30].Note = `<b>&"`
	rows = a.Log.HTML()
	must(t, "escaped: "+rows, strings.Contains(rows, "&lt;b&gt;&amp;&#34;") && !strings.Contains(rows, "<b>"))
	a.Play.Seek(31)
	key2 := a.Log.Key()
	must(t, "key changes with the position", key != key2)
	a.Route("#/")
	must(t, "no log on the list", a.Log.Key() == "empty" && a.Log.HTML() == "")
}

// A narration step takes one short line in the log.
func TestLogClipsSteps(t *testing.T) {
	_, a := newFake()
	a.Route("#/lesson/" + lessonID + "?pos=18")
	found := false
	for _, r := range a.Log.Rows() {
		if r.Kind == "step" {
			found = true
			must(t, "one line: "+r.Note, len([]rune(r.Note)) <= 60 && strings.HasSuffix(r.Note, "…") && r.ID == "")
		}
	}
	must(t, "a step row near event 18", found)
}

// The reactor lessons draw the reactor stage, and each what-if of their
// panel is an action the system runs: the branch shows its effect.
func TestReactorWhatIfs(t *testing.T) {
	conns := func(a *App) int {
		s := a.M.At(a.Len() - 1)
		n := 0
		for _, c := range s.Net.Conns {
			if c.Status == "open" {
				n++
			}
		}
		return n
	}
	t.Run("zookeeper", func(t *testing.T) {
		_, a := newFake()
		a.Route("#/lesson/02-zookeeper-reactor?pos=130")
		must(t, "reactor lesson", a.System() == "zookeeper" && a.Notice() == "" && a.Crash == "")
		zk, conns := section[*whatif.ZooKeeper](t, a), &whatif.Conns{P: whatIfPage{a}}
		sc, _ := a.Frame()
		_, ok := find(sc, "thread:NIOServerCxnFactory.SelectorThread-0")
		must(t, "selector lane drawn", ok)
		before := a.Len()
		zk.Connect(10, false)
		must(t, "connect: "+a.Notice(), a.Notice() == "" && a.Len() > before && a.Link.Inject[0].Action == "connect x1 count=10")
		a.Select("conn:app-2")
		must(t, "selected app-2", conns.Sel() == "app-2")
		conns.Send(true)
		must(t, "slow send: "+a.Notice(), a.Notice() == "" && a.Link.Inject[1].Action == "send app-2 cost=2s")
		zk.Connect(61, true)
		last := a.M.At(a.Len() - 1)
		c, _ := last.Net.Conn("x2-61")
		must(t, "the 61st from one IP is refused: "+c.Status, c.Status == "refused")
		a.SetSettings("zookeeper.nio.numWorkerThreads 0")
		must(t, "no workers: "+a.Notice(), a.Notice() == "" && a.Setting("zookeeper.nio.numWorkerThreads") == "0")
		for _, th := range a.M.Threads {
			must(t, "no worker thread "+th, !strings.HasPrefix(th, "NIOWorkerThread-"))
		}
		if h := a.Hash(); !strings.Contains(h, "set=zookeeper.nio.numWorkerThreads:0") || !strings.Contains(h, "a=130:connect%20x1%20count%3D10") {
			t.Fatalf("the link does not carry the what-ifs: %s", h)
		}
	})
	t.Run("socketserver", func(t *testing.T) {
		_, a := newFake()
		a.Route("#/lesson/03-kafka-request-pipeline?pos=40")
		must(t, "reactor lesson", a.System() == "socketserver" && a.Notice() == "" && a.Crash == "")
		ss := section[*whatif.SocketServer](t, a)
		n := conns(a)
		ss.Flood(50)
		must(t, "flood: "+a.Notice(), a.Notice() == "" && conns(a) >= n+50)
		ss.StopReplica()
		must(t, "stop replica: "+a.Notice(), a.Notice() == "" && a.Link.Inject[len(a.Link.Inject)-1].Action == "send ctl1 StopReplica")
		a.SetSettings("control.plane.listener.name CONTROLLER")
		must(t, "control plane: "+a.Notice(), a.Notice() == "")
		found := false
		for _, th := range a.M.Threads {
			found = found || strings.HasPrefix(th, "control-plane-kafka-request-handler")
		}
		must(t, "a control-plane handler runs", found)
	})
}

func find(sc stage.Scene, key string) (stage.Node, bool) {
	for _, n := range sc.Nodes {
		if n.Key == key {
			return n, true
		}
	}
	return stage.Node{}, false
}

// Lesson 07 draws the group stage; its what-ifs are actions the group
// system runs.
func TestGroupWhatIfs(t *testing.T) {
	_, a := newFake()
	a.Route("#/lesson/07-consumer-group-rebalance?pos=300")
	must(t, "group lesson: "+a.Notice(), a.System() == "group" && a.Notice() == "" && a.Crash == "")
	sc, _ := a.Frame()
	_, ok := find(sc, "group:G:state:Stable")
	must(t, "state machine drawn", ok)
	_, ok = find(sc, "member:C0")
	must(t, "member drawn", ok)
	g := section[*whatif.Group](t, a)
	must(t, "groups", reflect.DeepEqual(g.Names(), []string{"G"}))
	a.Select("member:C1")
	must(t, "selected C1", g.Sel() == "C1")
	title, f := inspect.Selected(inspectPage{a})
	must(t, "inspector: "+title, title == "consumer C1" && len(f) > 2)
	g.Act("stall 15s")
	must(t, "stall: "+a.Notice(), a.Notice() == "" && a.Link.Inject[0].Action == "consumer C1 stall 15s")
	g.Join("G", "t0")
	must(t, "join: "+a.Notice(), a.Notice() == "" && a.Link.Inject[1].Action == "consumer C3 join G topics=t0")
	end := a.M.At(a.Len() - 1)
	joined := false
	for _, m := range end.Grp.Members {
		joined = joined || m.Name == "C3" && m.ID != ""
	}
	must(t, "C3 got a member id", joined)
	a.SetSettings("session.timeout.ms 30000")
	must(t, "session timeout: "+a.Notice(), a.Notice() == "" && strings.Contains(a.Hash(), "set=session.timeout.ms:30000"))
}

// Playing reuses the next event's folded state: it must be the state a
// jump to that event would give.
func TestPlayingReusesTheNextState(t *testing.T) {
	_, a := newFake()
	a.Route("#/lesson/02-zookeeper-reactor?pos=100")
	for i := 0; i < 50; i++ {
		a.Play.StepBy(1)
		sa, sb := a.states()
		want, wantNext := a.M.At(a.Play.Pos), a.M.At(a.Play.Pos+1)
		if !reflect.DeepEqual(*sa, want) || !reflect.DeepEqual(*sb, wantNext) {
			t.Fatalf("at %d: the reused states differ from a jump's", a.Play.Pos)
		}
	}
}

// Lesson 09 draws the container stage; its what-ifs replay with another
// ack mode or make a record fail, and the link carries them.
func TestListenerWhatIfs(t *testing.T) {
	_, a := newFake()
	a.Route("#/lesson/09-spring-ack-modes?pos=401")
	must(t, "listener lesson: "+a.Notice(), a.System() == "listener" && a.Notice() == "" && a.Crash == "")
	sc, _ := a.Frame()
	_, ok := find(sc, "rec:t0-0@0")
	must(t, "records drawn", ok)
	lis := section[*whatif.Listener](t, a)
	must(t, "clients", len(lis.Clients()) == 2)
	lis.Fail("t0-0@6")
	must(t, "fail: "+a.Notice(), a.Notice() == "" && a.Link.Inject[0].Action == "fail t0-0@6 always")
	last := a.M.At(a.Len() - 1).Lis
	must(t, "t0-0@6 keeps failing", last.Partitions[0].Recs[6].Deliveries > 1 && !last.Partitions[0].Recs[6].Done)
	a.ResetWhatIf()
	a.SetSettings("ackMode RECORD")
	must(t, "RECORD: "+a.Notice(), a.Notice() == "")
	_, dups, _, _ := a.M.At(a.Len() - 1).Lis.Tally()
	must(t, "with RECORD the crash costs no duplicate", dups == 0)
	// The link reproduces the branch.
	_, b := newFake()
	b.Route(a.Hash())
	must(t, "link: "+b.Notice(), b.Notice() == "" && b.Setting("ackMode") == "RECORD" && b.Len() == a.Len())
	a.SetSettings("ackMode ")
	_, dups, _, _ = a.M.At(a.Len() - 1).Lis.Tally()
	must(t, "with BATCH it does", dups > 0)
}

// The group and reactor what-if settings survive a reload of the link.
func TestWhatIfSettingsTravelInLinks(t *testing.T) {
	for _, h := range []string{
		"#/lesson/07-consumer-group-rebalance?set=session.timeout.ms:30000",
		"#/lesson/08-assignors?set=partition.assignment.strategy:roundrobin,range",
		"#/lesson/10-spring-error-handlers?set=errorHandler:ContainerStopping",
		"#/lesson/02-zookeeper-reactor?set=zookeeper.nio.numWorkerThreads:0",
		"#/lesson/03-kafka-request-pipeline?set=control.plane.listener.name:CONTROLLER",
		"#/lesson/12-static-membership?set=session.timeout.ms:30000",
	} {
		_, a := newFake()
		a.Route(h)
		must(t, h+": "+a.Notice(), a.Notice() == "" && a.Crash == "" && len(a.Link.Sets) == 1)
	}
}

// Lesson 06 draws the cluster stage; a broker killed from the stage dies in
// the branch, and the other what-ifs are actions the cluster runs.
func TestClusterWhatIfs(t *testing.T) {
	_, a := newFake()
	a.Route("#/lesson/06-broker-failure?pos=800")
	must(t, "cluster lesson: "+a.Notice(), a.System() == "cluster" && a.Notice() == "" && a.Crash == "")
	sc, _ := a.Frame()
	_, ok := find(sc, "broker:3")
	must(t, "brokers drawn", ok)
	_, ok = find(sc, "cell:t-0:2:0")
	must(t, "the leader's log drawn", ok)
	a.Select("broker:3")
	clu := section[*whatif.Cluster](t, a)
	must(t, "selected broker 3", clu.Sel() == "3")
	clu.Broker("kill")
	must(t, "kill: "+a.Notice(), a.Notice() == "" && a.Link.Inject[0].Action == "kill broker 3")
	b, _ := a.M.At(a.Play.Pos + 30).Clu.Broker("3")
	must(t, "broker 3 dead right after: "+b.State, b.State == "dead")
	clu.Produce("t-0", "1")
	must(t, "produce: "+a.Notice(), a.Notice() == "" && a.Link.Inject[1].Action == "produce t-0 acks=1 id=w1")
	clu.Unclean(true)
	must(t, "unclean: "+a.Notice(), a.Notice() == "")
}

// The inspector says what the current event's kind means in Chinese.
func TestKindsInChinese(t *testing.T) {
	_, a := newFake()
	a.Route("#/lesson/" + lessonID + "?pos=3")
	a.SetLang("zh")
	insp := &inspect.Inspector{P: inspectPage{a}}
	found := false
	for _, f := range insp.EventFields() {
		found = found || strings.Contains(f.V, "令牌") || strings.Contains(f.V, "线程")
	}
	must(t, "the inspector says what the kind means in Chinese: "+fmt.Sprint(insp.EventFields()), found)
}

// A link whose run took the page down (its key still in sessionStorage
// when the page opens again) opens the lesson's start with a notice, never
// the same crash again; a lesson whose start did opens the list.
func TestALinkThatStoppedThePageOpensTheStart(t *testing.T) {
	h, a := newFake()
	link := "#/lesson/06-broker-failure?a=2425:kill%20broker%202"
	a.Route(link)
	must(t, "a run that ends forgets its key", h.session[runningKey] == "")
	must(t, "the what-if runs", len(a.Link.Inject) == 1 && a.Notice() == "")

	l, err := ParseLink(link)
	must(t, "link", err == nil)
	h.session[runningKey] = runKey(l) // the page died in this run
	a.Route(link + "&pos=40")         // any moment of the same run
	must(t, "notice: "+a.Notice(), strings.Contains(a.Notice(), a.T("stoppedLink")) && strings.Contains(a.Notice(), a.T("shownStart")))
	must(t, "the lesson's start", a.Page == "lesson" && len(a.Link.Inject) == 0 && a.M != nil)
	must(t, "the start's run ended", h.session[runningKey] == "")

	h.session[runningKey] = runKey(Link{Page: "lesson", Lesson: "06-broker-failure"})
	a.Route("#/lesson/06-broker-failure")
	must(t, "notice: "+a.Notice(), a.Page == "list" && strings.Contains(a.Notice(), a.T("stoppedStart")))
	must(t, "forgotten", h.session[runningKey] == "")
	a.Route("#/lesson/06-broker-failure")
	must(t, "opens again", a.Page == "lesson" && a.Notice() == "")
	must(t, "start link", a.StartHash() == "#/lesson/06-broker-failure")
}

// A run that reaches a budget keeps what it ran and says which budget.
func TestABudgetStopKeepsTheRunAndSaysSo(t *testing.T) {
	_, a := newFake()
	src := "use cluster\nset brokers 10\nat 0ms topic t partitions=100 replication.factor=3\nrun 10m\n"
	a.Route(Link{Page: "lesson", Lesson: lessonID, Src: src}.String())
	must(t, "notice: "+a.Notice(), strings.Contains(a.Notice(), "the run stopped at its memory budget, a trace of 64 MB"))
	must(t, "the run is kept", a.Page == "lesson" && a.Len() == a.Res.Events && a.Len() > 200_000)
}

// The URL carries the page's language and theme; a link that carries them
// shows the page in them for that visit, without replacing the choice the
// page keeps; a link without them leaves the page as it is; a wrong value
// is said, and the page keeps its own.
func TestLinkLangTheme(t *testing.T) {
	h, a := newFake()
	w := &fakeWeb{store: map[string]string{}}
	a.Class.Web = w
	a.SetLang("en")
	a.Class.SetTheme("light")
	a.Route("#/lesson/" + lessonID + "?pos=5&lang=zh&theme=dark")
	must(t, "notice: "+a.Notice(), a.Notice() == "")
	must(t, "lang "+a.Lang, a.Lang == "zh" && h.store["lang"] == "en")
	must(t, "theme "+a.Class.Theme, a.Class.Theme == "dark" && w.theme == "dark" && h.store["theme"] == "light")
	must(t, "hash: "+a.Hash(), a.Hash() == "#/lesson/"+lessonID+"?pos=5&lang=zh&theme=dark")
	must(t, "the run's link holds the page's: "+a.Link.String(), a.Link.Lang == "" && a.Link.Theme == "")
	// The page's buttons change the URL and the kept choice.
	a.SetLang("en")
	a.Class.ToggleTheme()
	must(t, "after the buttons: "+a.Hash(), a.Hash() == "#/lesson/"+lessonID+"?pos=5&lang=en&theme=light" && h.store["lang"] == "en" && h.store["theme"] == "light")
	// Without them, the page stays as it is; the list carries them too.
	a.Lang = "zh"
	a.Route("#/")
	must(t, "list: "+a.Hash(), a.Lang == "zh" && a.Hash() == "#/?lang=zh&theme=light")
	a.Route("#/?theme=dark&lang=en")
	must(t, "list link: "+a.Hash(), a.Lang == "en" && a.Class.Theme == "dark" && a.Hash() == "#/?lang=en&theme=dark")
	// A wrong value: said, and the page keeps its language.
	a.Route("#/lesson/" + lessonID + "?lang=fr")
	must(t, "lang=fr: "+a.Notice(), strings.Contains(a.Notice(), `lang="fr"`) && a.Lang == "en")
}

// section is the what-if panel's section for a's system: its row's, a T.
func section[T any](t *testing.T, a *App) T {
	t.Helper()
	s, ok := (whatIfPage{a}).Section().(T)
	if !ok {
		t.Fatalf("the what-if section of %s is a %T", a.System(), (whatIfPage{a}).Section())
	}
	return s
}
