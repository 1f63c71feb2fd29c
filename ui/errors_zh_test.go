package ui

import (
	"brokerlab/core/msg"
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
	"brokerlab/core/replication"
	"brokerlab/core/scenario"
	"brokerlab/core/sim"
	"brokerlab/core/socketserver"
	"brokerlab/core/zookeeper"
)

// notMessages are formats core/scenario builds that are no message of a
// scenario's: the UI shows neither as it is.
var notMessages = map[string]string{
	"%w: %w":                    "a malformed link: ErrLink and what is wrong, matched as `malformed link: %w`",
	"%s:%d:%d: %s":              "Error.Error's file:line:col framing: the UI writes the place itself",
	"%s (scenario %s, seed %d)": "a simulation panic's report, shown verbatim for a bug report",
}

// shadowed are catalog entries every message core makes today matches
// a more specific entry of: they are there for the next case.
var shadowed = map[string]string{
	"malformed link": "ErrLink reaches the page only with what is wrong: `malformed link: %w`",
	"expected %s":    "core's forms have a space: `expected %s %s` matches them first, to the same Chinese",
}

func TestZHCatalog(t *testing.T) {
	all := map[string]string{}
	for en, zh := range zhMessages {
		all[en] = zh
	}
	for en, zh := range zhParts {
		if _, dup := all[en]; dup {
			t.Errorf("%q is both a message and a part", en)
		}
		all[en] = zh
	}
	// Chinese punctuation: no ASCII , : ; ( ) next to a Chinese character.
	verbRE := regexp.MustCompile(`%(?:\[\d+\])?[sqdgvw%]`)
	ascii := regexp.MustCompile(`\p{Han}[,:;()]|[,:;()]\p{Han}|\p{Han} ?[,:;]`)
	for en, zh := range all {
		if _, err := compileZH(en, zh); err != nil {
			t.Error(err)
		}
		if en == zh {
			t.Errorf("%q is not translated", en)
		}
		text := verbRE.ReplaceAllString(zh, "")
		if m := ascii.FindString(text); m != "" {
			t.Errorf("%q: ASCII punctuation in Chinese text (%q): %s", en, m, zh)
		}
		if strings.Contains(text, "…") && !strings.Contains(en, "…") {
			t.Errorf("%q: an ellipsis the English does not have", en)
		}
	}
}

// TestZHSourceFormats: every message core/scenario's source builds has a
// catalog entry, so that a message added later without its Chinese fails
// here rather than shows in English on a Chinese page.
func TestZHSourceFormats(t *testing.T) {
	msgs := scenarioMessages(t)
	if len(msgs) < 40 { // fewer as core/scenario's errors become data (core/msg)
		t.Fatalf("found only %d messages in core/scenario: the search is broken", len(msgs))
	}
	for _, m := range msgs {
		if _, ok := notMessages[m.template]; ok {
			continue
		}
		if _, ok := zhMessages[m.template]; !ok {
			t.Errorf("%s: no Chinese for %q: add it to zhMessages (ui/errors_zh.go)", m.pos, m.template)
		}
	}
	for en := range notMessages {
		if !slices.ContainsFunc(msgs, func(m sourceMessage) bool { return m.template == en }) {
			t.Errorf("notMessages lists %q, which core/scenario no longer builds", en)
		}
	}
}

func TestZHExamples(t *testing.T) {
	tests := []struct{ en, want string }{
		{`group: bad setting: heartbeat.interval.ms must be lower than session.timeout.ms`,
			`group：设置有误：heartbeat.interval.ms 必须小于 session.timeout.ms`},
		{`unknown state path "group[G.state": missing ]`, `未知的状态路径 "group[G.state"：缺少 ]`},
		{`ask "Which one?": no choice holds: group[G].state is Stable, group[G].generation is 2`,
			`ask "Which one?"：没有一个选项成立：group[G].state 为 Stable, group[G].generation 为 2`},
		{`7: unterminated string: expected a closing "`, `第 7 列：字符串没有结束：缺少收尾的 "`},
		{`malformed link: seed="x" is not a number`, `链接格式有误：seed="x" 不是数字`},
		{`malformed link: invalid URL escape "%zz"`, `链接格式有误：无效的 URL 转义 "%zz"`},
		// Unknown: English, unchanged; a known wrapper does not make it known.
		{`something new went wrong`, `something new went wrong`},
		{`zookeeper: something new went wrong`, `zookeeper: something new went wrong`},
		{`is this is that`, `is this is that`},
	}
	for _, c := range tests {
		got, _ := zhMessage(c.en, nil)
		if got != c.want {
			t.Errorf("%s\n got %s\nwant %s", c.en, got, c.want)
		}
	}
}

// TestZHCoverage translates every distinct message core produces for the
// bad input below and in core/scenario's own tests: each must be known,
// in Chinese, without English sentences left; and every catalog entry
// must serve at least one of them.
func TestZHCoverage(t *testing.T) {
	msgs := map[string]string{} // message → where it came from
	errs := map[string]error{}  // message → the error that says it, if any
	add := func(msg, from string, err error) {
		if _, ok := msgs[msg]; !ok {
			msgs[msg], errs[msg] = from, err
		}
	}
	collectScenarioMessages(t, add)
	for _, s := range testStrings(t) {
		parseMessages(s, "core/scenario test string "+strconv.Quote(s), add)
	}
	collectDirect(add)

	used := map[string]bool{}
	var bad int
	keys := make([]string, 0, len(msgs))
	for m := range msgs {
		keys = append(keys, m)
	}
	slices.Sort(keys)
	for _, m := range keys {
		var zh string
		ok := true
		hear := func(en string) { used[en] = true }
		if d := new(msg.Error); errs[m] != nil && errors.As(errs[m], &d) {
			zh = (&App{Lang: "zh"}).words(m, errs[m], hear) // an error as data, worded by core/msg
		} else {
			zh, ok = zhMessage(m, hear)
		}
		switch {
		case !ok:
			t.Errorf("no translation for %q (from %s)", m, msgs[m])
		case !strings.ContainsFunc(zh, isHan):
			t.Errorf("%q: no Chinese in %q", m, zh)
		case leftover(zh) != "":
			t.Errorf("%q: English left in %q: %q", m, zh, leftover(zh))
		default:
			continue
		}
		bad++
	}
	t.Logf("%d distinct messages, %d untranslated", len(msgs), bad)
	for en := range shadowed {
		if _, ok := zhMessages[en]; !ok {
			t.Errorf("shadowed lists %q, which the catalog does not have", en)
		}
	}
	for _, cat := range []map[string]string{zhMessages, zhParts} {
		for en := range cat {
			if !used[en] && shadowed[en] == "" {
				t.Errorf("no message tested uses %q: add a case that produces it", en)
			}
		}
	}
}

// English sentence words: a run of two or more lowercase English words,
// once quoted values, paths and names, and the scenario language's own
// words are taken out.
var (
	quotedRE = regexp.MustCompile(`"(?:[^"\\]|\\.)*"|'[^']*'`)
	wordRE   = regexp.MustCompile(`[A-Za-z][A-Za-z0-9._\-\[\]@#/=|…$]*|[^A-Za-z\s]+`)
)

// languageWords are the .lab language's keywords, systems, verbs and
// values: names, not English.
var languageWords = strings.Fields(`seed use set let at after run say ask choice expect idle until max rand
	controller zookeeper socketserver replication group listener cluster
	put clearAndPut session expire shutdown connect send close topic consumer join leave stall process delete
	records fail always container start stop crash ack produce consume kill restart resume broker config
	true false all latest earliest before none range roundrobin cores brokers acks retries topics concurrency
	ackMode ackCount ackTime syncCommits errorHandler pollTimeout shutdownTimeout commitRetries clientIdPrefix
	listener from count id n cost ip every partitions replicas assignor times error offsets ms h`)

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

// parseMessages parses src as a scenario and, if it parses, runs it: the
// parse error, the run's error and failed checks are messages.
func parseMessages(src, from string, add func(msg, from string, err error)) {
	sc, err := scenario.Parse("x.lab", src)
	if err != nil {
		var e *scenario.Error
		if errors.As(err, &e) {
			add(e.Msg, from, e)
		} else {
			add(err.Error(), from, err)
		}
		return
	}
	runMessages(sc, scenario.Options{MaxEvents: 200_000, Discard: true}, from, add)
}

func runMessages(sc *scenario.Scenario, opt scenario.Options, from string, add func(msg, from string, err error)) {
	res := scenario.Run(sc, opt)
	if res.Err != nil {
		var e *scenario.Error
		if errors.As(res.Err, &e) {
			add(e.Msg, from, e)
		} else {
			add(res.Err.Error(), from, res.Err)
		}
	}
	for _, f := range res.Failures {
		add(f.Msg, from, nil)
	}
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
func collectScenarioMessages(t *testing.T, add func(msg, from string, err error)) {
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
			add(err.Error(), "CheckAction "+strconv.Quote(a), err)
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
func collectDirect(add func(msg, from string, err error)) {
	s := sim.New(1, false)
	defer s.Close()
	fail := func(err error) {
		if err != nil {
			add(err.Error(), "a system's New or Validate", err)
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
	// A child consumer the group will not create refuses the listener
	// container's start for it, in the words listener/system.go gives it.
	if y, err := group.New(s, group.DefaultConfig()); err == nil {
		cc, co := group.DefaultConfig().Consumer, group.DefaultClientOptions()
		_, _ = y.NewClient("app-0", "G", []string{"t0"}, cc, co)
		if _, err := y.NewClient("app-0", "G", []string{"t0"}, cc, co); err != nil {
			add("container start: refused, app-0: "+strings.TrimPrefix(err.Error(), "group: "), "a listener child the group refuses", nil)
		}
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
		_, err := ParseLink("#/lesson/" + lesson + "?" + q)
		fail(err)
	}
	for _, h := range []string{"#/nope", "#/stress?events=0", "#/stress?conns=0"} {
		_, err := ParseLink(h)
		fail(err)
	}
}

// The page in Chinese shows the editor's parse error, a run's error and a
// refused action in Chinese, at the same line and column.
func TestZHOnThePage(t *testing.T) {
	_, a := newFake()
	a.Route("#/lesson/07-consumer-group-rebalance")
	a.SetLang("zh")
	a.OpenEditor()
	src := a.EditText

	bad := strings.Replace(src, "run until consumer[C0].error == MEMBER_ID_REQUIRED", "run until consumer[C0].error = MEMBER_ID_REQUIRED", 1)
	a.SetEditText(bad)
	line := strings.Count(bad[:strings.Index(bad, "consumer[C0].error = ")], "\n") + 1
	want := "第 " + strconv.Itoa(line) + " 行第 30 列：应为运算符（== != < <= > >=），实际为 \"=\""
	if got := a.EditErrText(); got != want {
		t.Errorf("parse error:\n got %s\nwant %s", got, want)
	}

	// Settings the run's start refuses together.
	a.SetEditText(strings.Replace(src, "set num.io.threads 2", "set num.io.threads 2\nset group.min.session.timeout.ms 2000000", 1))
	a.RunEdited()
	want = "group：设置有误：group.min.session.timeout.ms 不能大于 group.max.session.timeout.ms"
	if a.EditNote() != want {
		t.Errorf("run error in the editor:\n got %s\nwant %s", a.EditNote(), want)
	}
	if f := a.Failures(); len(f) == 0 || f[len(f)-1] != want {
		t.Errorf("run error among the checks: %q", f)
	}

	a.SetLang("en")
	if f := a.Failures(); len(f) == 0 || !strings.HasPrefix(f[len(f)-1], "group: bad setting: group.min.session.timeout.ms") {
		t.Errorf("in English: %q", f)
	}
	a.SetLang("zh")
	a.RevertEdit()
	a.Inject("consumer C9 dance")
	if want := "应写成 consumer C join G topics=T,T [assignor=A] [session.timeout.ms=N] [heartbeat.interval.ms=N] [max.poll.interval.ms=N]、consumer C leave、consumer C stall D、consumer C process D，实际为 \"dance\""; a.Notice() != want {
		t.Errorf("refused action:\n got %s\nwant %s", a.Notice(), want)
	}
}

// TestZHMatchAsRegexp: a format matches a message, and captures, exactly
// as the regular expression it stands for would (the page leaves regexp
// out of main.wasm: 70 KB of the download).
func TestZHMatchAsRegexp(t *testing.T) {
	capture := map[byte]string{
		's': `(.+?)`, 'v': `(.+?)`, 'w': `(.+?)`,
		'q': `("(?:[^"\\]|\\.)*")`,
		'd': `(-?[0-9]+)`,
		'g': `(-?[0-9]+(?:\.[0-9]+)?(?:e[-+]?[0-9]+)?)`,
	}
	msgs := map[string]bool{}
	add := func(msg, _ string, _ error) {
		msgs[msg] = true
		// and every message nested in it, as the translation meets them
		for _, part := range strings.Split(msg, ": ") {
			msgs[part] = true
		}
	}
	collectScenarioMessages(t, add)
	for _, s := range testStrings(t) {
		parseMessages(s, "", add)
	}
	collectDirect(add)
	for _, m := range []string{`a: "b\"": c`, `-12.5e3x`, `x: "unterminated`, `1e`, `%`} {
		msgs[m] = true
	}
	keys := slices.Sorted(maps.Keys(msgs))
	checked := 0
	for _, tp := range zhCompile() {
		var re strings.Builder
		re.WriteString(`^(?s)`)
		for i, l := range tp.lits {
			re.WriteString(regexp.QuoteMeta(l))
			if i < len(tp.verbs) {
				re.WriteString(capture[tp.verbs[i]])
			}
		}
		rx := regexp.MustCompile(re.String() + `$`)
		for _, m := range keys {
			want := rx.FindStringSubmatch(m)
			got, ok := tp.match(m)
			if ok != (want != nil) || ok && !slices.Equal(got, want[1:]) {
				t.Errorf("%q on %q: got %q %v, the regexp %q", tp.en, m, got, ok, want)
			}
			checked++
		}
	}
	if checked < 10000 {
		t.Fatalf("only %d format × message pairs checked", checked)
	}
}
