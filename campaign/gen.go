// Package campaign is a fault campaign for every system of core: from a
// seed it writes a random but valid scenario (settings within their
// ranges, actions and faults at random times, run lines), runs it under a
// wall-clock watchdog and an event budget, branches it with what-ifs
// injected at random event indexes as the page's what-if panel does, and
// checks every run: no panic, no hang, only clean errors, documented
// kinds, the systems' own invariants and a few read from the trace, the
// same trace for the same seed, and a branch that leaves the run before
// its injection unchanged.
//
// A failing seed is a .lab file: the scenario is the generated text, the
// what-ifs travel beside it (as a src= link, or as comments). The
// campaign's test (campaign_test.go) runs a bounded number of seeds in CI;
// make campaign runs many more.
//
// It sits at the top of the repository, beside conformance/, not in
// internal/ nor in core/: it writes scenarios for every system by name
// and its tests replay the page's what-if panel (ui), so it belongs to no
// one layer; it is a harness over all of them.
package campaign

import (
	"fmt"
	"math/rand/v2"
	"regexp"
	"strings"
	"time"

	"brokerlab/core/cluster"
	"brokerlab/core/controller"
	"brokerlab/core/group"
	"brokerlab/core/listener"
	"brokerlab/core/scenario"
	"brokerlab/core/socketserver"
	"brokerlab/core/zookeeper"
)

// Systems are the systems the campaign generates scenarios for: every
// system of the scenario language.
var Systems = []string{"controller", "zookeeper", "socketserver", "replication", "group", "listener", "cluster"}

// gen is one scenario being written: the seed's random source and what
// the scenario has made so far, so actions name things that exist (most
// of the time: a few name things that do not, which a system must refuse
// cleanly).
type gen struct {
	r          *rand.Rand
	brokers    int
	topic      string   // the scenario's first topic: t, or t0 for group and listener
	partitions int      // its partitions
	names      []string // clients, connections, consumers
	next       []int64  // listener: the next offset of each partition of t0
	idempotent bool     // the cluster's producer has enable.idempotence: acks all, retries > 0
}

func (g *gen) n(lo, hi int) int { return lo + g.r.IntN(hi-lo+1) }

func (g *gen) pick(xs ...string) string { return xs[g.r.IntN(len(xs))] }

func (g *gen) ms(lo, hi int) string { return fmt.Sprintf("%dms", g.n(lo, hi)) }

func (g *gen) broker() int { return g.n(1, g.brokers) }

// acks draws an acks value: all or -1, or one of others unless the
// producer is idempotent (a ConfigException then).
func (g *gen) acks(others ...string) string {
	if g.idempotent {
		return g.pick("all", "-1")
	}
	return g.pick(append([]string{"all", "-1"}, others...)...)
}

func (g *gen) name() string { return g.names[g.r.IntN(len(g.names))] }

func (g *gen) part(topic string) string { return fmt.Sprintf("%s-%d", topic, g.r.IntN(g.partitions)) }

// setting is one configuration key and its random values, within its range.
type setting struct {
	key string
	val func(g *gen) string
}

// unsafe are the settings whose value switches off a safeguard on
// purpose, as a lesson's what-if does: the invariant the system then
// traces as broken is what the run shows, not a failure.
var unsafe = map[string]string{"socketserver.mute": "false", "controller.putLock": "false"}

// Unsafe reports whether a parsed scenario sets one of them.
func Unsafe(sc *scenario.Scenario) bool {
	for _, st := range sc.Stmts {
		if st.Kind == "set" && unsafe[st.Key] == st.Val {
			return true
		}
	}
	return false
}

// action is one action template: how often it is drawn, whether it is a
// fault (a kill, stall, crash, close, expiry…), and its text.
type action struct {
	weight int
	fault  bool
	text   func(g *gen) string
}

// spec is one system's vocabulary for the campaign.
type spec struct {
	prepare  func(g *gen)        // what the settings do not decide (counts, names)
	settings []setting           // each drawn with probability 1/2
	open     func(g *gen) string // the first actions, at 0ms ("" for none)
	actions  []action
	span     time.Duration // the actions happen within about this much virtual time
	paths    []string      // the state paths expect lines read (the system's Paths)
}

func itoa(n int) string { return fmt.Sprint(n) }

// controllerActions are the controller's, also on the cluster.
var controllerActions = []action{
	{6, false, func(g *gen) string { return "put " + eventName(g) }},
	{2, false, func(g *gen) string { return "clearAndPut " + eventName(g) }},
	{1, true, func(g *gen) string { return "session expire" }},
	{1, true, func(g *gen) string { return "controller shutdown" }},
}

func eventName(g *gen) string {
	e := controller.Events[g.r.IntN(len(controller.Events))]
	if e.Name == "ControlledShutdown" {
		return fmt.Sprintf("ControlledShutdown id=%d", g.n(1, max(g.brokers, 3)))
	}
	return e.Name
}

// brokerActions are replication's, also on the cluster.
var brokerActions = []action{
	{9, false, func(g *gen) string {
		return fmt.Sprintf("produce %s acks=%s records=%d id=p%d", g.part("t"), g.acks("1", "0"), g.n(1, 4), g.r.IntN(9))
	}},
	{1, true, func(g *gen) string { return fmt.Sprintf("lose response p%d", g.r.IntN(9)) }},
	{2, false, func(g *gen) string { return fmt.Sprintf("consume %s id=c%d", g.part("t"), g.r.IntN(9)) }},
	{3, true, func(g *gen) string { return "kill broker " + itoa(g.broker()) }},
	{3, false, func(g *gen) string { return "restart broker " + itoa(g.broker()) }},
	{2, true, func(g *gen) string { return "stall broker " + itoa(g.broker()) }},
	{1, false, func(g *gen) string { return "resume broker " + itoa(g.broker()) }},
	{1, false, func(g *gen) string { return "config unclean.leader.election.enable=" + g.pick("true", "false") }},
	{1, false, func(g *gen) string {
		return fmt.Sprintf("topic u%d partitions=%d replication.factor=%d", g.r.IntN(3), g.n(1, 3), g.n(1, g.brokers))
	}},
}

// clusterConsumerActions are the group's, on the cluster: its consumers
// find their coordinator, fetch from the leaders and commit.
var clusterConsumerActions = []action{
	{3, false, func(g *gen) string {
		name := clusterConsumer(g)
		return fmt.Sprintf("consumer %s join %s topics=t assignor=%s%s", name, g.pick("G", "G", "H"), assignor(g), g.pick("", " instance=i-"+name))
	}},
	{1, false, func(g *gen) string { return "consumer " + clusterConsumer(g) + " leave" }},
	{1, true, func(g *gen) string { return "consumer " + clusterConsumer(g) + " crash" }},
	{1, false, func(g *gen) string { return "consumer " + clusterConsumer(g) + " restart" }},
	{1, true, func(g *gen) string { return fmt.Sprintf("consumer %s stall %ds", clusterConsumer(g), g.n(1, 40)) }},
	// the application's Spring container, on the same brokers
	{2, false, func(g *gen) string { return "container start" }},
	{1, true, func(g *gen) string { return g.pick("container stop", "container crash") }},
	{1, false, func(g *gen) string {
		return fmt.Sprintf("fail t-%d@%d %s", g.r.IntN(g.partitions), g.n(0, 8), g.pick("times=1", "times=3", "always"))
	}},
}

func clusterConsumer(g *gen) string { return g.pick("C0", "C1", "C2") }

var brokerSettings = []setting{
	// First: the acks and retries drawn after it keep to what it allows.
	{"enable.idempotence", func(g *gen) string {
		g.idempotent = g.r.IntN(2) == 0
		return fmt.Sprint(g.idempotent)
	}},
	{"replica.lag.time.max.ms", func(g *gen) string { return itoa(g.n(1000, 30000)) }},
	{"replica.fetch.wait.max.ms", func(g *gen) string { return itoa(g.n(0, 1000)) }},
	{"replica.fetch.backoff.ms", func(g *gen) string { return itoa(g.n(0, 2000)) }},
	{"replica.socket.timeout.ms", func(g *gen) string { return itoa(g.n(1000, 30000)) }},
	{"min.insync.replicas", func(g *gen) string { return itoa(g.n(1, 3)) }},
	{"unclean.leader.election.enable", func(g *gen) string { return g.pick("true", "false") }},
	{"zookeeper.session.timeout.ms", func(g *gen) string { return itoa(g.n(2000, 18000)) }},
	{"num.io.threads", func(g *gen) string { return itoa(g.n(1, 4)) }},
	{"queued.max.requests", func(g *gen) string { return itoa(g.n(1, 50)) }},
	{"acks", func(g *gen) string { return g.acks("0", "1") }},
	{"retries", func(g *gen) string {
		if g.idempotent {
			return itoa(g.n(1, 5))
		}
		return itoa(g.n(0, 5))
	}},
	{"retry.backoff.ms", func(g *gen) string { return itoa(g.n(0, 1000)) }},
	// At least request.timeout.ms's largest draw: a lower one is a
	// ConfigException (KafkaProducer.configureDeliveryTimeout).
	{"delivery.timeout.ms", func(g *gen) string { return itoa(g.n(30000, 120000)) }},
	{"request.timeout.ms", func(g *gen) string { return itoa(g.n(500, 30000)) }},
	{"fetch.max.wait.ms", func(g *gen) string { return itoa(g.n(0, 1000)) }},
}

func prepareBrokers(g *gen) {
	g.brokers = g.n(1, 5)
	g.partitions = g.n(1, 3)
}

func openTopic(g *gen) string {
	// Either form of the topic's replicas: an explicit list or a factor.
	if g.r.IntN(2) == 0 {
		ids := g.r.Perm(g.brokers)[:g.n(1, min(g.brokers, 3))]
		s := make([]string, len(ids))
		for i, id := range ids {
			s[i] = itoa(id + 1)
		}
		return fmt.Sprintf("topic t partitions=%d replicas=%s", g.partitions, strings.Join(s, ","))
	}
	return fmt.Sprintf("topic t partitions=%d replication.factor=%d", g.partitions, g.n(1, min(g.brokers, 3)))
}

var groupSettings = []setting{
	{"group.initial.rebalance.delay.ms", func(g *gen) string { return itoa(g.n(0, 3000)) }},
	{"session.timeout.ms", func(g *gen) string { return itoa(g.n(6000, 30000)) }},
	{"max.poll.interval.ms", func(g *gen) string { return itoa(g.n(5000, 300000)) }},
	{"num.io.threads", func(g *gen) string { return itoa(g.n(1, 8)) }},
	{"network.latency", func(g *gen) string { return g.ms(0, 20) }},
	{"group.max.size", func(g *gen) string { return itoa(g.n(1, 6)) }},
	{"partition.assignment.strategy", func(g *gen) string { return assignor(g) }},
}

func assignor(g *gen) string { return group.Assignors[g.r.IntN(len(group.Assignors))].Name() }

var specs = map[string]spec{
	"controller": {
		prepare: func(g *gen) { g.brokers = 3 },
		settings: []setting{
			{"cores", func(g *gen) string { return itoa(g.n(1, 8)) }},
			{"controller.eventTime", func(g *gen) string { return g.ms(0, 50) }},
			{"controller.eventTime.BrokerChange", func(g *gen) string { return g.ms(0, 200) }},
			{"controller.putLock", func(g *gen) string { return g.pick("true", "false") }},
		},
		actions: controllerActions,
		span:    2 * time.Second,
		paths:   controller.Paths,
	},
	"zookeeper": {
		prepare: func(g *gen) { g.names = []string{"a", "b", "c", "d", "a-1", "a-2"} },
		settings: []setting{
			{"cores", func(g *gen) string { return itoa(g.n(1, 8)) }},
			{"zookeeper.nio.numSelectorThreads", func(g *gen) string { return itoa(g.n(1, 4)) }},
			{"zookeeper.nio.numWorkerThreads", func(g *gen) string { return itoa(g.n(0, 8)) }},
			{"maxClientCnxns", func(g *gen) string { return itoa(g.n(0, 6)) }},
			{"zookeeper.nio.sessionlessCnxnTimeout", func(g *gen) string { return itoa(g.n(500, 20000)) }},
			{"zookeeper.requestTime", func(g *gen) string { return g.ms(0, 10) }},
		},
		actions: []action{
			{4, false, func(g *gen) string {
				return fmt.Sprintf("connect %s ip=10.0.0.%d count=%d every=%s", g.pick("a", "b", "c", "d"), g.n(1, 3), g.n(1, 3), g.ms(0, 5))
			}},
			{6, false, func(g *gen) string { return fmt.Sprintf("send %s n=%d cost=%s", g.name(), g.n(1, 5), g.ms(0, 50)) }},
			{2, true, func(g *gen) string { return "close " + g.name() }},
		},
		span:  30 * time.Second,
		paths: zookeeper.Paths,
	},
	"socketserver": {
		prepare: func(g *gen) { g.names = []string{"p", "q", "r", "p-1", "p-2"} },
		settings: []setting{
			{"num.network.threads", func(g *gen) string { return itoa(g.n(1, 4)) }},
			{"num.io.threads", func(g *gen) string { return itoa(g.n(1, 8)) }},
			{"queued.max.requests", func(g *gen) string { return itoa(g.n(1, 20)) }},
			{"socketserver.apiTime", func(g *gen) string { return g.ms(0, 20) }},
			{"control.plane.listener.name", func(g *gen) string { return "CONTROLLER" }},
			{"socketserver.mute", func(g *gen) string { return g.pick("true", "false") }},
		},
		actions: []action{
			{3, false, func(g *gen) string {
				return fmt.Sprintf("connect %s count=%d%s", g.pick("p", "q", "r"), g.n(1, 3), g.pick("", "", " from=controller", " listener=CONTROLLER"))
			}},
			{6, false, func(g *gen) string {
				return fmt.Sprintf("send %s %s n=%d cost=%s", g.name(), socketserver.APIs[g.r.IntN(len(socketserver.APIs))], g.n(1, 5), g.ms(0, 30))
			}},
			{2, true, func(g *gen) string { return "close " + g.name() }},
		},
		span:  5 * time.Second,
		paths: socketserver.Paths,
	},
	"replication": {
		prepare:  prepareBrokers,
		settings: brokerSettings,
		open:     openTopic,
		actions:  brokerActions,
		span:     3 * time.Minute,
		paths:    cluster.Paths,
	},
	// The one world: brokers, the controller, producers and consumer
	// groups whose coordinators live on the brokers, with broker faults.
	"cluster": {
		prepare: prepareBrokers,
		settings: append(append([]setting(nil), brokerSettings...),
			setting{"controller.eventTime", func(g *gen) string { return g.ms(0, 20) }},
			setting{"offsets.topic.num.partitions", func(g *gen) string { return itoa(g.n(1, 5)) }},
			setting{"offsets.topic.replication.factor", func(g *gen) string { return itoa(g.n(1, 3)) }},
			setting{"offsets.commit.timeout.ms", func(g *gen) string { return itoa(g.n(100, 5000)) }},
			setting{"auto.commit.interval.ms", func(g *gen) string { return itoa(g.n(100, 5000)) }},
			setting{"session.timeout.ms", func(g *gen) string { return itoa(g.n(6000, 30000)) }},
			setting{"topics", func(g *gen) string { return "t" }},
			setting{"concurrency", func(g *gen) string { return itoa(g.n(1, 3)) }},
			setting{"ackMode", func(g *gen) string { return string(listener.AckModes[g.r.IntN(len(listener.AckModes))]) }}),
		open:    openTopic,
		actions: append(append(append([]action(nil), brokerActions...), controllerActions...), clusterConsumerActions...),
		span:    3 * time.Minute,
		paths:   append(append(append(append([]string(nil), cluster.Paths...), controller.Paths...), group.Paths...), listener.Paths...),
	},
	"group": {
		prepare: func(g *gen) {
			g.partitions = g.n(1, 4)
			g.names = []string{"C0", "C1", "C2", "C3"}
		},
		settings: groupSettings,
		open:     func(g *gen) string { return fmt.Sprintf("topic t0 partitions=%d", g.partitions) },
		actions: []action{
			{5, false, func(g *gen) string {
				name := g.name()
				return fmt.Sprintf("consumer %s join %s topics=%s assignor=%s%s", name, g.pick("G", "G", "H"), g.pick("t0", "t0,t1"), assignor(g),
					g.pick("", " instance=i-"+name))
			}},
			{2, false, func(g *gen) string { return "consumer " + g.name() + " leave" }},
			// static membership: a process that dies, and a new one
			{1, true, func(g *gen) string { return "consumer " + g.name() + " crash" }},
			{1, false, func(g *gen) string { return "consumer " + g.name() + " restart" }},
			{2, true, func(g *gen) string { return fmt.Sprintf("consumer %s stall %ds", g.name(), g.n(1, 40)) }},
			{1, false, func(g *gen) string { return fmt.Sprintf("consumer %s process %ds", g.name(), g.n(1, 20)) }},
			{1, false, func(g *gen) string { return fmt.Sprintf("topic t1 partitions=%d", g.n(1, 3)) }},
			{1, true, func(g *gen) string { return "group " + g.pick("G", "H") + " delete" }},
		},
		span:  2 * time.Minute,
		paths: group.Paths,
	},
	"listener": {
		prepare: func(g *gen) {
			g.partitions = g.n(1, 3)
			g.next = make([]int64, g.partitions)
			g.names = []string{"consumer-G-1", "consumer-G-2", "consumer-G-3"}
		},
		settings: append([]setting{
			{"ackMode", func(g *gen) string { return string(listener.AckModes[g.r.IntN(len(listener.AckModes))]) }},
			{"ackCount", func(g *gen) string { return itoa(g.n(1, 5)) }},
			{"ackTime", func(g *gen) string { return itoa(g.n(0, 5000)) }},
			{"syncCommits", func(g *gen) string { return g.pick("true", "false") }},
			{"concurrency", func(g *gen) string { return itoa(g.n(1, 3)) }},
			{"errorHandler", func(g *gen) string { return g.pick(listener.SeekToCurrent, listener.ContainerStopping) }},
			{"pollTimeout", func(g *gen) string { return itoa(g.n(1, 5000)) }},
			{"shutdownTimeout", func(g *gen) string { return itoa(g.n(0, 10000)) }},
			{"commitRetries", func(g *gen) string { return itoa(g.n(0, 3)) }},
			{"backOff.interval", func(g *gen) string { return itoa(g.n(0, 1000)) }},
			{"backOff.maxAttempts", func(g *gen) string { return itoa(g.n(0, 4)) }},
			{"max.poll.records", func(g *gen) string { return itoa(g.n(1, 10)) }},
			{"auto.offset.reset", func(g *gen) string { return g.pick("latest", "earliest") }},
			{"listener.time", func(g *gen) string { return g.ms(0, 200) }},
			{"listener.ack", func(g *gen) string { return g.pick(listener.AckAfter, listener.AckBefore, listener.AckNone) }},
		}, groupSettings[:3]...),
		open: func(g *gen) string { return fmt.Sprintf("topic t0 partitions=%d", g.partitions) },
		actions: []action{
			{5, false, func(g *gen) string {
				p := g.r.IntN(g.partitions)
				from := g.next[p]
				to := from + int64(g.n(0, 6))
				g.next[p] = to + 1
				return fmt.Sprintf("records t0-%d offsets=%d..%d", p, from, to)
			}},
			{2, false, func(g *gen) string {
				return fmt.Sprintf("fail %s@%d %s error=%s", g.part("t0"), g.n(0, 8), g.pick("times=1", "times=3", "always"), g.pick("RuntimeException", "IllegalStateException"))
			}},
			{2, false, func(g *gen) string { return fmt.Sprintf("ack %s@%d", g.part("t0"), g.n(0, 8)) }},
			{3, false, func(g *gen) string { return "container start" }},
			{1, true, func(g *gen) string { return "container stop" }},
			{1, true, func(g *gen) string { return "container crash" }},
			{1, false, func(g *gen) string {
				return "container errorHandler " + g.pick(listener.SeekToCurrent, listener.ContainerStopping)
			}},
			{1, true, func(g *gen) string { return "consumer " + g.name() + " crash" }},
		},
		span:  time.Minute,
		paths: append(append([]string(nil), listener.Paths...), group.Paths...),
	},
}

func (sp spec) draw(g *gen) action {
	total := 0
	for _, a := range sp.actions {
		total += a.weight
	}
	k := g.r.IntN(total)
	for _, a := range sp.actions {
		if k -= a.weight; k < 0 {
			return a
		}
	}
	panic("unreachable")
}

// Scenario is what a seed generates for one system: the .lab text, how
// many actions it schedules and how many of them are faults.
type Scenario struct {
	System  string
	Seed    int64
	Src     string
	Actions int
	Faults  int
	Unsafe  bool // a setting switches off a safeguard: the system's invariant events are expected
	spec    spec
	g       *gen
}

// Generate writes seed's scenario for system sys.
func Generate(sys string, seed int64) *Scenario {
	sp, ok := specs[sys]
	if !ok {
		panic("campaign: no generator for system " + sys)
	}
	g := &gen{r: rand.New(rand.NewPCG(uint64(seed), uint64(len(sys)))), topic: "t"}
	if sys == "group" || sys == "listener" {
		g.topic = "t0"
	}
	if sp.prepare != nil {
		sp.prepare(g)
	}
	out := &Scenario{System: sys, Seed: seed, spec: sp, g: g}
	var b strings.Builder
	fmt.Fprintf(&b, "# campaign: %s, seed %d\nseed %d\nuse %s\n", sys, seed, seed, sys)
	if g.brokers > 0 && sys != "controller" {
		fmt.Fprintf(&b, "set brokers %d\n", g.brokers)
	}
	for _, st := range sp.settings {
		if g.r.IntN(2) == 0 {
			v := st.val(g)
			out.Unsafe = out.Unsafe || unsafe[st.key] == v
			fmt.Fprintf(&b, "set %s %s\n", st.key, v)
		}
	}
	if sp.open != nil {
		fmt.Fprintf(&b, "at 0ms %s\n", sp.open(g))
		if sys == "listener" && g.r.IntN(3) > 0 {
			b.WriteString("at 0ms container start\n")
		}
	}
	// Actions at random gaps, with a run line now and then, so that some
	// actions are scheduled while the system is already running.
	// Now and then every action is at the same instant: the seed's
	// scheduler alone orders them.
	n := g.n(4, 30)
	gap := int(sp.span/time.Millisecond) / n
	if g.r.IntN(5) == 0 {
		gap = 0
	}
	for i := 0; i < n; i++ {
		a := sp.draw(g)
		fmt.Fprintf(&b, "after %dms %s\n", g.r.IntN(2*gap+1), a.text(g))
		out.Actions++
		if a.fault {
			out.Faults++
		}
		switch g.r.IntN(12) {
		case 0, 1:
			fmt.Fprintf(&b, "run %dms\n", g.r.IntN(2*gap+1))
		case 2, 3:
			// Reading state at any moment must not break anything;
			// whether it holds does not matter here.
			fmt.Fprintf(&b, "expect %s == %s\n", g.path(sys, sp.paths), g.pick("0", "1", "-1", "none", "Stable"))
		case 4:
			fmt.Fprintf(&b, "run until %s != %s max %dms\n", g.path(sys, sp.paths), g.pick("0", "-1", "none"), g.n(1, 5000))
		}
	}
	if g.r.IntN(2) == 0 {
		b.WriteString("run idle\n")
	} else {
		fmt.Fprintf(&b, "run %dms\n", sp.span.Milliseconds())
	}
	out.Src = b.String()
	return out
}

// path is one of paths with its placeholders filled in, one the system
// accepts.
func (g *gen) path(sys string, paths []string) string {
	for range 100 {
		p := fill.ReplaceAllStringFunc(paths[g.r.IntN(len(paths))], func(m string) string {
			switch m[1 : len(m)-1] {
			case "P":
				return "[" + g.part(g.topic) + "]"
			case "P,N":
				return fmt.Sprintf("[%s,%d]", g.part("t"), g.broker())
			case "N":
				return fmt.Sprintf("[%d]", g.broker())
			case "P@OFFSET":
				return fmt.Sprintf("[%s@%d]", g.part("t0"), g.n(0, 8))
			case "I":
				return fmt.Sprintf("[%d]", g.n(0, 3))
			case "A":
				return "[10.0.0." + itoa(g.n(1, 3)) + "]"
			case "EVENT", "STATE":
				return "[" + controller.Events[g.r.IntN(len(controller.Events))].Name + "]"
			case "NAME":
				return "[EventQueueTimeMs]"
			case "KEY":
				return "[num.io.threads]"
			case "T":
				return "[t0]"
			case "G":
				return "[" + g.pick("G", "H") + "]"
			}
			if len(g.names) > 0 {
				return "[" + g.pick(append(g.names, "p1", "c1", "p-1#1")...) + "]"
			}
			return "[p" + itoa(g.r.IntN(9)) + "]"
		})
		if _, err := scenario.Parse("path.lab", fmt.Sprintf("use %s\nexpect %s == 0\n", sys, p)); err == nil {
			return p
		}
	}
	return paths[0] // every system's first path has no placeholder
}

var fill = regexp.MustCompile(`\[[A-Z@,]+\]`)

// Whatif draws one action of the scenario's system, as the what-if panel
// offers it, and whether it is a fault.
func (sc *Scenario) Whatif() (string, bool) {
	a := sc.spec.draw(sc.g)
	return a.text(sc.g), a.fault
}

// Rand is the scenario's random source, for what the caller draws next
// (what-ifs' event indexes), so that a seed decides everything.
func (sc *Scenario) Rand() *rand.Rand { return sc.g.r }
