package ui

import (
	"errors"
	"go/ast"
	"go/parser"
	"go/token"
	"maps"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"brokerlab/core/cluster"
	"brokerlab/core/controller"
	"brokerlab/core/group"
	"brokerlab/core/listener"
	"brokerlab/core/msg"
	"brokerlab/core/replication"
	"brokerlab/core/scenario"
	"brokerlab/core/sim"
	"brokerlab/core/socketserver"
	"brokerlab/core/zookeeper"
	"brokerlab/ui/editor"
)

// TestZHCoverage words every distinct message core produces for the bad
// input below and in core/scenario's own tests as the page does, from its
// data (core/msg's Chinese, through App.errText and failMsg): each must
// be data all through and in Chinese, without English sentences left.
func TestZHCoverage(t *testing.T) {
	msgs := map[string]said{} // English → who said it, first
	add := func(english string, s said) {
		if _, ok := msgs[english]; !ok {
			msgs[english] = s
		}
	}
	collectScenarioMessages(t, add)
	for _, s := range testStrings(t) {
		parseMessages(s, "core/scenario test string "+strconv.Quote(s), add)
	}
	collectDirect(add)

	a := &App{Lang: "zh"}
	var bad int
	for _, m := range slices.Sorted(maps.Keys(msgs)) {
		s := msgs[m]
		var zh string
		switch {
		case s.failure != nil && s.failure.Words != nil:
			if s.failure.Words.String() != m {
				t.Errorf("%q: its words say %q in English (from %s)", m, s.failure.Words, s.from)
			}
			zh = a.failMsg(*s.failure)
		case s.err != nil && worded(data(s.err)):
			if en := (&App{}).ErrText(s.err); !strings.HasSuffix(en, m) {
				t.Errorf("%q: the page says %q in English (from %s)", m, en, s.from)
			}
			zh = a.ErrText(s.err)
		default:
			t.Errorf("%q is not data (from %s)", m, s.from)
			continue
		}
		switch {
		case !strings.ContainsFunc(zh, isHan):
			t.Errorf("%q: no Chinese in %q (from %s)", m, zh, s.from)
		case leftover(zh) != "":
			t.Errorf("%q: English left in %q: %q (from %s)", m, zh, leftover(zh), s.from)
		case asciiPunct.MatchString(quotedRE.ReplaceAllString(zh, `""`)):
			t.Errorf("%q: ASCII punctuation next to Chinese in %q (from %s)", m, zh, s.from)
		default:
			continue
		}
		bad++
	}
	if len(msgs) < 400 {
		t.Fatalf("only %d distinct messages: the collection is broken", len(msgs))
	}
	t.Logf("%d distinct messages, %d worded wrong", len(msgs), bad)
}

// worded reports whether err is data all through: a *msg.Error whose
// arguments that are errors are data too, not English text a system
// returned ("text" wraps it: a bug this test is here to find).
func worded(err error) bool {
	e, ok := err.(*msg.Error)
	if !ok || e.Code == "text" {
		return false
	}
	for _, x := range e.Args {
		if xe, ok := x.(error); ok && !worded(xe) {
			return false
		}
	}
	return true
}

// data is what the page words of err: a scenario error's Data, else err.
func data(err error) error {
	var e *scenario.Error
	if errors.As(err, &e) {
		return e.Data
	}
	return err
}

// English sentence words: a run of two or more lowercase English words,
// once quoted values, paths and names, and the scenario language's own
// words are taken out.
var (
	quotedRE = regexp.MustCompile(`"(?:[^"\\]|\\.)*"|'[^']*'`)
	wordRE   = regexp.MustCompile(`[A-Za-z][A-Za-z0-9._\-\[\]@#/=|…$]*|[^A-Za-z\s]+`)
)

// asciiPunct is ASCII , : ; ( ) next to a Chinese character: Chinese
// text takes its own punctuation.
var asciiPunct = regexp.MustCompile(`\p{Han}[,:;()]|[,:;()]\p{Han}|\p{Han} ?[,:;]`)

// languageWords are the .lab language's keywords, systems, verbs and
// values: names, not English.
var languageWords = strings.Fields(`seed use set let at after run say ask choice expect idle until max rand
	controller zookeeper socketserver replication group listener cluster
	put clearAndPut session expire shutdown connect send close topic consumer join leave stall process delete
	records fail always container start stop crash ack produce consume kill restart resume broker config
	true false all latest earliest before none range roundrobin cores brokers acks retries topics concurrency
	ackMode ackCount ackTime syncCommits errorHandler pollTimeout shutdownTimeout commitRetries clientIdPrefix
	listener from count id n cost ip every partitions replicas assignor times error offsets ms h
	lose response`)

func leftover(zh string) string {
	s := quotedRE.ReplaceAllString(zh, " ")
	run := 0
	var words []string
	for _, w := range wordRE.FindAllString(s, -1) {
		plain := true
		for _, r := range w {
			plain = plain && r >= 'a' && r <= 'z'
		}
		if plain && !slices.Contains(languageWords, w) {
			run++
			words = append(words, w)
			if run >= 2 {
				return strings.Join(words[len(words)-run:], " ")
			}
			continue
		}
		run = 0
	}
	return ""
}

// said is a message core said: where it came from, and what says it, an
// error or a failure.
type said struct {
	from    string
	err     error
	failure *scenario.Failure
}

// adder hears each message core said, by its English (a scenario error's
// without its place).
type adder func(english string, s said)

// parseMessages parses src as a scenario and, if it parses, runs it: the
// parse error, the run's error and failed checks are messages.
func parseMessages(src, from string, add adder) {
	sc, err := scenario.Parse("x.lab", src)
	if err != nil {
		addErr(err, from, add)
		return
	}
	runMessages(sc, scenario.Options{MaxEvents: 200_000, Discard: true}, from, add)
}

func runMessages(sc *scenario.Scenario, opt scenario.Options, from string, add adder) {
	res := scenario.Run(sc, opt)
	if res.Err != nil {
		addErr(res.Err, from, add)
	}
	for _, f := range res.Failures {
		add(f.Msg, said{from: from, failure: &f})
	}
}

func addErr(err error, from string, add adder) {
	english := err.Error()
	if e, ok := err.(*scenario.Error); ok {
		english = e.Msg
	}
	add(english, said{from: from, err: err})
}

// testStrings are the string constants of core/scenario's tests: the bad
// scenarios they parse among them (consts such as labUC folded in).
func testStrings(t *testing.T) []string {
	t.Helper()
	files, _ := filepath.Glob("../core/scenario/*_test.go")
	fset := token.NewFileSet()
	var parsed []*ast.File
	consts := map[string]string{}
	for _, f := range files {
		af, err := parser.ParseFile(fset, f, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		parsed = append(parsed, af)
		for _, d := range af.Decls {
			g, ok := d.(*ast.GenDecl)
			if !ok || g.Tok != token.CONST {
				continue
			}
			for _, sp := range g.Specs {
				vs := sp.(*ast.ValueSpec)
				for i, n := range vs.Names {
					if i < len(vs.Values) {
						if s, ok := fold(vs.Values[i], consts); ok {
							consts[n.Name] = s
						}
					}
				}
			}
		}
	}
	seen := map[string]bool{}
	var out []string
	for _, af := range parsed {
		ast.Inspect(af, func(n ast.Node) bool {
			e, ok := n.(ast.Expr)
			if !ok {
				return true
			}
			s, ok := fold(e, consts)
			if !ok {
				return true
			}
			if !seen[s] {
				seen[s] = true
				out = append(out, s)
			}
			return false
		})
	}
	if len(out) < 200 {
		t.Fatalf("only %d strings in core/scenario's tests: the search is broken", len(out))
	}
	return out
}

// fold is the value of a string constant expression.
func fold(e ast.Expr, consts map[string]string) (string, bool) {
	switch x := e.(type) {
	case *ast.BasicLit:
		if x.Kind == token.STRING {
			s, err := strconv.Unquote(x.Value)
			return s, err == nil
		}
	case *ast.Ident:
		s, ok := consts[x.Name]
		return s, ok
	case *ast.ParenExpr:
		return fold(x.X, consts)
	case *ast.BinaryExpr:
		if x.Op == token.ADD {
			a, ok1 := fold(x.X, consts)
			b, ok2 := fold(x.Y, consts)
			return a + b, ok1 && ok2
		}
	}
	return "", false
}

// Bad input of every system: .lab lines after "use SYSTEM" (a whole
// scenario when it starts with "use" or "seed").
var badLab = map[string][]string{
	"": {
		"nope", `"use" controller`, "use kafka", "use", "use controller x", "use controller\nuse zookeeper",
		"use controller\nseed 3", "seed 1\nseed 2", "seed 0", "seed", "let N rand 1..3\nseed 2",
		"set cores 2", "at 1ms put BrokerChange", "run 1s", "expect controller.state == Idle",
		`say "unterminated`, `say "bad \q escape"`, "seed 1\nrun 1s",
	},
	"controller": {
		"  put X", "run 1s\nset cores 2", "set cores", "set cores 2 3", "set nope 1", "set controller.putLock maybe",
		"set cores 0", "set controller.eventTime.Nope 1ms", "set controller.eventTime.BrokerChange 10",
		"set controller.eventTime 10", "set controller.id -1", "run 10", "run 2000h",
		"at 1ms", "after 1ms", "at 1ms put", "at 1ms put Nope", "at 1ms put BrokerChange id=1",
		"at 1ms put ControlledShutdown foo=1", "at 1ms put ControlledShutdown id", "at 1ms session", "at 1ms controller stop",
		"at 1ms kill broker 1", "run", "run idle x", "run 1s x", "run until", "run until controller.nope == 1",
		"expect controller.state = Idle", "expect controller.queue.size < many", "expect controller.state == Idle x",
		"expect controller.metric[Nope].count == 1", "expect controller.metric[EventQueueTimeMs == 1",
		"expect controller.metric[].count == 1", "expect controller.metric[EventQueueTimeMs] == 1",
		"expect controller.event[Nope].state == Idle", "expect controller.event[BrokerChange].nope == 1",
		"expect controller.state[Nope].value == 0", "expect controller.state[Idle].nope == 0", "expect controller.nope[x] == 1",
		`say "one" x`, "say.zh \"一\"", "say \"a\"\nask \"q\"\nask \"q2\"",
		"ask \"q\"", "say \"a\"\nask.zh \"问\"", "say \"a\"\nchoice \"x\" controller.state == Idle",
		"say \"a\"\nask \"q\"\nchoice.zh \"选\"", "say \"a\"\nask \"q\"\nchoice \"x\" controller.state == Idle",
		"say \"a\"\nask", "let x", "let 9x rand 1..2", "let N rand 1..2\nlet N rand 1..2", "let N rand 5..1",
		"say \"$N\"", "say \"${N\"", "say \"$ 5\"",
		// runs
		"expect controller.state == BrokerChange", "run until controller.state == Busy max 1s",
		"run 2s\nat 1s put BrokerChange", "set controller.eventTime 20m\nat 0ms put BrokerChange\nrun idle",
		"say \"a\"\nask \"Which?\"\nchoice \"x\" controller.state == X\nchoice \"y\" controller.state == Y\nrun 1s",
		strings.Repeat("run 1000h\n", 101), strings.Repeat("after 1000h put BrokerChange\n", 101),
	},
	"zookeeper": {
		"set nope 1", "set zookeeper.nio.numSelectorThreads 0", "set zookeeper.nio.numWorkerThreads -1",
		"set zookeeper.nio.sessionlessCnxnTimeout 0", "set maxClientCnxns x", "set zookeeper.requestTime 1",
		"at 1ms open c", "at 1ms connect", "at 1ms connect c!", "at 1ms close c x", "at 1ms connect c ip=300.1.1.1",
		"at 1ms connect c count=0", "at 1ms connect c count=1000 every=1000h", "at 1ms send c id=a!b",
		"at 1ms send c x", "at 1ms send c nope=1", "at 1ms send c n=1 n=2", "at 1ms connect c every=5",
		"expect zookeeper.nope == 1", "expect zookeeper.conn[c!].state == x", "expect zookeeper.conn[c].nope == x",
		"expect zookeeper.ip[x].connections == 1", "expect zookeeper.ip[10.0.0.1].nope == 1",
		"expect zookeeper.selector[x].connections == 1", "expect zookeeper.selector[0].nope == 1",
		"expect zookeeper.selector[9].connections == 1", "expect zookeeper.conn[].state == x",
		"expect zookeeper.nope[x].y == 1", "expect zookeeper.conn[c.state == x",
	},
	"socketserver": {
		"set nope 1", "set num.io.threads 0", "set socketserver.apiTime 2h", "set control.plane.listener.name PLAINTEXT",
		"set control.plane.listener.name bad", "set socketserver.apiTime.Nope 1ms", "set socketserver.apiTime.Fetch x",
		"set socketserver.mute maybe", "at 1ms nope", "at 1ms connect", "at 1ms connect \"c\"", "at 1ms connect c!",
		"at 1ms connect " + strings.Repeat("c", 65), "at 1ms connect c x=1", "at 1ms connect c count=1 count=2",
		"at 1ms connect c listener=bad!", "at 1ms connect c from=me", "at 1ms connect c listener=CONTROLLER from=controller",
		"at 1ms connect c count=0", "at 1ms send c", "at 1ms send c Nope", "at 1ms send c Produce n=2 id=r",
		"at 1ms send c Produce id=r!", "at 1ms send c Produce cost=2h", "at 1ms close", "at 1ms close c x",
		"expect socketserver.nope == 1", "expect socketserver.default[nope] == 1", "expect socketserver.conn[c].nope == 1",
		"expect socketserver.responses[c].x == 1", "expect socketserver.request[r].nope == 1",
		"expect socketserver.processor[x].thread == 1", "expect socketserver.handler[0].nope == 1",
		"expect socketserver.processor[0].nope == 1", "expect socketserver.nope[x] == 1", "expect socketserver.conn[c == 1",
	},
	"group": {
		"set nope 1", "set session.timeout.ms 0", "set broker.id -1", "set network.latency 5",
		"set partition.assignment.strategy nope", "set partition.assignment.strategy range,range",
		"set partition.assignment.strategy ,", "at 1ms topic", "at 1ms topic t partitions=0", "at 1ms consumer",
		"at 1ms consumer C leave now", "at 1ms consumer C stall", "at 1ms consumer C stall 0s", "at 1ms consumer C dance",
		"at 1ms group G", "at 1ms nope", "at 1ms consumer C join", "at 1ms consumer C join G x",
		"at 1ms consumer C join G topics=a,", "at 1ms consumer C join G topics=t assignor=nope",
		"at 1ms consumer C join G topics=t session.timeout.ms=0", "at 1ms consumer C join G topics=t nope=1",
		"at 1ms consumer C join G", "at 1ms consumer C join G topics=t heartbeat.interval.ms=20000",
		"expect group.nope == 1", "expect topic[t].nope == 1", "expect admin.deleteGroups[G].x == 1",
		"expect group[G].assignment[C == 1", "expect group[G].nope == 1", "expect consumer[C].nope == 1",
		"expect group[G.state == 1", "expect group[].state == 1",
		"set heartbeat.interval.ms 20000\nset session.timeout.ms 10000\nrun 1s",
		"set group.min.session.timeout.ms 9000\nset group.max.session.timeout.ms 8000\nrun 1s",
	},
	"listener": {
		"set nope 1", "set ackMode NOPE", "set ackCount x", "set syncCommits maybe", "set errorHandler Nope",
		"set pollTimeout 0", "set group.id a!", "set topics a,,b", "set listener.time 5", "set listener.ack later",
		"set auto.offset.reset newest", "set session.timeout.ms 0", "at 1ms records", "at 1ms records x offsets=0..1",
		"at 1ms records t0-0 offsets=5..1", "at 1ms fail", "at 1ms fail x", "at 1ms fail t0-0@1 times=0",
		"at 1ms fail t0-0@1 error=1x", "at 1ms fail t0-0@1 x", "at 1ms container", "at 1ms container errorHandler",
		"at 1ms container errorHandler Nope", "at 1ms container dance", "at 1ms container start now",
		"at 1ms consumer C", "at 1ms ack", "at 1ms ack x", "at 1ms nope", "at 1ms topic",
		"expect listener.nope == 1", "expect nope.x == 1", "expect listener.delivered[x] == 1",
		"expect listener.committed[x] == 1", "expect listener.delivered[t0-0@1].x == 1",
		"set ackMode MANUAL\nset enable.auto.commit true\nrun 1s", "set ackMode COUNT\nset ackCount 0\nrun 1s",
	},
	"replication": {
		"set nope 1", "set replica.lag.time.max.ms 0", "set replica.lag.time.max.ms 2h", "set replica.lag.time.max.ms x",
		"set replica.socket.timeout.ms 0", "set zookeeper.session.timeout.ms 0", "set unclean.leader.election.enable maybe",
		"set acks 2", "set brokers 0", "set num.io.threads 0", "at 1ms topic", "at 1ms topic t! partitions=1",
		"at 1ms topic t partitions=1 replicas=1 replication.factor=1", "at 1ms topic t partitions=1 replicas=9",
		"at 1ms topic t partitions=1 replicas=1,1", "at 1ms topic t partitions=1 replication.factor=9",
		"at 1ms topic t partitions=1", "at 1ms produce", "at 1ms produce x", "at 1ms consume t-0 from=-1",
		"at 1ms consume t-0 id=a!", "at 1ms produce t-0 acks=x", "at 1ms produce t-0 id=a!", "at 1ms kill",
		"at 1ms kill broker 9", "at 1ms config", "at 1ms config nope=1", "at 1ms put BrokerChange",
		"expect controller.state == Idle", "expect nope == 1", "expect partition[x].leader == 1",
		"expect partition[t-0].nope == 1", "expect replica[x].leo == 1", "expect replica[t-0,1].nope == 1",
		"expect produce[p].nope == 1", "expect broker[x].state == 1", "expect broker[1].nope == 1",
		"expect nope[x].y == 1", "expect partition[].leader == 1",
		"set retries -1", "set retry.backoff.ms -5", `at 1ms topic "t" partitions=1`,
		"at 1ms topic " + strings.Repeat("t", 65) + " partitions=1",
		"set replica.fetch.wait.max.ms 40000\nset replica.socket.timeout.ms 30000\nrun 1s",
	},
	"cluster": {
		"set nope 1", "set controller.putLock maybe", "set socketserver.apiTime.Nope 1ms", "at 1ms put Nope",
		"at 1ms dance", "at 1ms session", "expect controller.nope == 1",
		"set brokers 100\nat 0ms topic t partitions=101 replication.factor=100",
	},
}

// collectScenarioMessages parses and runs badLab, and tries bad settings
// and actions as a what-if adds them.
func collectScenarioMessages(t *testing.T, add adder) {
	for sys, cases := range badLab {
		for _, c := range cases {
			src := c
			if sys != "" {
				src = "use " + sys + "\n" + c
			}
			parseMessages(src, "badLab "+strconv.Quote(src), add)
		}
	}
	sc, err := scenario.Parse("x.lab", "use controller\n")
	if err != nil {
		t.Fatal(err)
	}
	for _, o := range []scenario.Options{
		{Sets: []string{"nokey"}},
		{Sets: []string{"cores 0"}},
		{Inject: []scenario.Injection{{After: 0, Action: "put Nope"}}},
		{Inject: []scenario.Injection{{After: -1, Action: "put BrokerChange"}}},
	} {
		runMessages(sc, o, "options", add)
	}
	for _, a := range []string{"", `put "unterminated`, "put Nope"} {
		if err := sc.CheckAction(a); err != nil {
			addErr(err, "CheckAction "+strconv.Quote(a), add)
		}
	}
	// A name of 4,000 bytes in every event: the kept trace outgrows its
	// memory budget (a discarded one holds nothing to count).
	long := strings.Repeat("c", 4000)
	mem, err := scenario.Parse("x.lab", "use zookeeper\nat 0ms connect "+long+"\nat 1ms send "+long+" n=10000\n")
	if err != nil {
		t.Fatal(err)
	}
	runMessages(mem, scenario.Options{}, "a trace over its memory budget", add)
	// A what-if off the lesson's path (core/scenario's TestOffThePathTheStepSaysSo).
	off, err := scenario.Parse("x.lab", "use controller\nat 1ms put BrokerChange\nrun until controller.processed == BrokerChange\nexpect controller.processed == BrokerChange\nafter 1ms put TopicChange\nrun until controller.processed == BrokerChange,TopicChange\n")
	if err != nil {
		t.Fatal(err)
	}
	runMessages(off, scenario.Options{Inject: []scenario.Injection{{After: 0, Action: "put TopicChange"}}}, "a what-if off the path", add)
	none, err := scenario.Parse("x.lab", "seed 1\n")
	if err != nil {
		t.Fatal(err)
	}
	runMessages(none, scenario.Options{}, "no use", add)
}

// collectDirect calls the systems' checks a scenario's settings cannot
// reach one by one, as a run's start would meet them.
func collectDirect(add adder) {
	s := sim.New(1, false)
	defer s.Close()
	fail := func(err error) {
		if err != nil {
			addErr(err, "a system's New or Validate", add)
		}
	}
	ctl := func(f func(*controller.Config)) {
		c := controller.DefaultConfig()
		f(&c)
		_, err := controller.New(s, c)
		fail(err)
	}
	ctl(func(c *controller.Config) { c.ID = -1 })
	ctl(func(c *controller.Config) { c.EventTime = -1 })
	ctl(func(c *controller.Config) { c.EventTimes = map[string]time.Duration{"BrokerChange": -1} })

	zk := func(f func(*zookeeper.Config)) {
		c := zookeeper.DefaultConfig()
		f(&c)
		_, err := zookeeper.New(s, c)
		fail(err)
	}
	zk(func(c *zookeeper.Config) { c.Cores = 0 })
	zk(func(c *zookeeper.Config) { c.NumSelectorThreads = 0 })
	zk(func(c *zookeeper.Config) { c.NumSelectorThreads = zookeeper.MaxSelectorThreads + 1 })
	zk(func(c *zookeeper.Config) { c.NumWorkerThreads = -2 })
	zk(func(c *zookeeper.Config) { c.NumWorkerThreads = zookeeper.MaxWorkerThreads + 1 })
	zk(func(c *zookeeper.Config) { c.MaxClientCnxns = -1 })
	zk(func(c *zookeeper.Config) { c.SessionlessCnxnTimeout = 0 })
	zk(func(c *zookeeper.Config) { c.RequestTime = -1 })
	if f, err := zookeeper.New(s, zookeeper.DefaultConfig()); err == nil {
		fail(f.Connect(0, zookeeper.Connect{Name: "c", IP: zookeeper.DefaultIP, Count: 0}))
		fail(f.Connect(0, zookeeper.Connect{Name: "", IP: zookeeper.DefaultIP, Count: 1}))
		fail(f.Send(0, zookeeper.Send{Name: "c", N: 0}))
	}

	ss := func(f func(*socketserver.Config)) {
		c := socketserver.DefaultConfig()
		f(&c)
		_, err := socketserver.New(s, c)
		fail(err)
	}
	ss(func(c *socketserver.Config) { c.BrokerID = -1 })
	ss(func(c *socketserver.Config) { c.NumNetworkThreads = 0 })
	ss(func(c *socketserver.Config) { c.NumIoThreads = 0 })
	ss(func(c *socketserver.Config) { c.QueuedMaxRequests = 0 })
	ss(func(c *socketserver.Config) { c.APITime = -1 })
	ss(func(c *socketserver.Config) { c.APITimes = map[string]time.Duration{"Fetch": -1} })
	ss(func(c *socketserver.Config) { c.ControlPlane = "bad" })
	fail(socketserver.CheckListenerName(""))
	fail(socketserver.CheckName("request", ""))

	gr := func(f func(*group.Config)) {
		c := group.DefaultConfig()
		f(&c)
		fail(c.Validate())
	}
	gr(func(c *group.Config) { c.BrokerID = -1 })
	gr(func(c *group.Config) { c.NumIOThreads = 0 })
	gr(func(c *group.Config) { c.NetworkLatency = -1 })
	gr(func(c *group.Config) { c.MaxSize = 0 })
	gr(func(c *group.Config) { c.Consumer.RetryBackoff = 0 })
	gr(func(c *group.Config) { c.Consumer.Assignors = nil })
	opts := group.DefaultClientOptions()
	opts.AutoOffsetReset = "newest"
	fail(opts.Validate())
	opts = group.DefaultClientOptions()
	opts.MaxPollRecords = 0
	fail(opts.Validate())
	opts = group.DefaultClientOptions()
	opts.AutoCommitInterval = 0
	fail(opts.Validate())
	// A child consumer the group will not create: the listener container
	// refuses its start with this reason.
	if y, err := group.New(s, group.DefaultConfig()); err == nil {
		cc, co := group.DefaultConfig().Consumer, group.DefaultClientOptions()
		_, _ = y.NewClient("app-0", "G", []string{"t0"}, cc, co)
		_, err := y.NewClient("app-0", "G", []string{"t0"}, cc, co)
		fail(err)
	}

	li := func(f func(*listener.Config)) {
		c := listener.DefaultConfig()
		f(&c)
		_, err := listener.New(s, c)
		fail(err)
	}
	li(func(c *listener.Config) { c.AckMode = "NOPE" })
	li(func(c *listener.Config) { c.GroupID = "" })
	li(func(c *listener.Config) { c.Topics = nil })
	li(func(c *listener.Config) { c.Concurrency = 0 })
	li(func(c *listener.Config) { c.AckTime = -1 })
	li(func(c *listener.Config) { c.PollTimeout = 0 })
	li(func(c *listener.Config) { c.CommitRetries = -1 })
	li(func(c *listener.Config) { c.ErrorHandler = "Nope" })
	li(func(c *listener.Config) { c.ListenerAck = "later" })

	re := func(f func(*replication.Config)) {
		c := replication.DefaultConfig()
		f(&c)
		fail(c.Validate())
	}
	re(func(c *replication.Config) { c.ReplicaLagTimeMax = 0 })
	re(func(c *replication.Config) { c.ReplicaFetchMinBytes = 0 })
	re(func(c *replication.Config) { c.MinInsyncReplicas = 0 })
	_, err := replication.ParseTP("x")
	fail(err)

	cl := func(f func(*cluster.Config)) {
		c := cluster.DefaultConfig()
		f(&c)
		_, err := cluster.New(s, c)
		fail(err)
	}
	cl(func(c *cluster.Config) { c.Brokers = 0 })
	cl(func(c *cluster.Config) { c.SessionTimeout = 0 })
	cl(func(c *cluster.Config) { c.Client.Acks = 2 })
	cl(func(c *cluster.Config) { c.Client.Retries = -1 })
	cl(func(c *cluster.Config) { c.Client.RetryBackoff = -1 })
	cl(func(c *cluster.Config) { c.Client.FetchMinBytes = 0 })
	cl(func(c *cluster.Config) { c.Client.DeliveryTimeout = time.Second })

	// Malformed links.
	for _, q := range []string{"%zz", "a;b", "color=red", "seed=x", "pos=x", "a=nope", "a=5:", "set=x", "lang=fr", "theme=blue",
		"src=!!!", "src=" + EncodeSrc(strings.Repeat("say \"x\"\n", 500))[:20], "src=" + strings.Repeat("A", MaxSrcLink+1),
		"src=" + EncodeSrc(strings.Repeat("#", scenario.MaxSource+1)), "src=" + EncodeSrc("\xff\xfe")} {
		_, err := ParseLink("#/lesson/" + lessonID + "?" + q)
		fail(err)
	}
	for _, h := range []string{"#/nope", "#/stress?events=0", "#/stress?conns=0"} {
		_, err := ParseLink(h)
		fail(err)
	}
}

// The page in Chinese shows the editor's parse error, a run's error and a
// refused action in Chinese, at the same line and column, from their data.
func TestZHOnThePage(t *testing.T) {
	_, a := newFake()
	a.Route("#/lesson/07-consumer-group-rebalance")
	a.SetLang("zh")
	a.OpenEditor()
	src := a.Ed.Text

	bad := strings.Replace(src, "run until consumer[C0].error == MEMBER_ID_REQUIRED", "run until consumer[C0].error = MEMBER_ID_REQUIRED", 1)
	a.Ed.SetText(bad)
	line := strings.Count(bad[:strings.Index(bad, "consumer[C0].error = ")], "\n") + 1
	want := "第 " + strconv.Itoa(line) + " 行第 30 列：应为运算符（== != < <= > >=），实际为 \"=\""
	if got := a.Ed.ErrText(); got != want {
		t.Errorf("parse error:\n got %s\nwant %s", got, want)
	}

	// A run that stops at its budget.
	long := strings.TrimRight(src, "\n") + "\nrun 1000h\n"
	line = strings.Count(long, "\n")
	a.Ed.SetText(long)
	a.RunEdited()
	want = editor.EditedFile + ":" + strconv.Itoa(line) + ":1: 运行在虚拟时间预算 24h 处停止：请缩短 run 和 at 行的时间"
	if a.Ed.NoteText() != want {
		t.Errorf("run error in the editor:\n got %s\nwant %s", a.Ed.NoteText(), want)
	}
	if f := a.Failures(); len(f) == 0 || f[len(f)-1] != want {
		t.Errorf("run error among the checks: %q", f)
	}
	a.SetLang("en")
	if f := a.Failures(); len(f) == 0 || !strings.HasSuffix(f[len(f)-1], ":1: the run stopped at its budget of 24h of virtual time: shorten its run and at lines") {
		t.Errorf("in English: %q", f)
	}
	a.SetLang("zh")
	a.RevertEdit()
	a.Inject("consumer C9 dance")
	if want := "应写成 consumer C join G topics=T,T [assignor=A] [session.timeout.ms=N] [heartbeat.interval.ms=N] [max.poll.interval.ms=N] [instance=ID]、consumer C leave、consumer C stall D、consumer C process D、consumer C crash、consumer C restart，实际为 \"dance\""; a.Notice() != want {
		t.Errorf("refused action:\n got %s\nwant %s", a.Notice(), want)
	}
}
