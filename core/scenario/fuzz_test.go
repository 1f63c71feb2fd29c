package scenario_test

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"time"

	"brokerlab/campaign"
	"brokerlab/core/scenario"
	"brokerlab/core/sim"
	"brokerlab/lessons"
)

// FuzzParse: for any input Parse does not panic and an error is a
// *scenario.Error at a real place; a scenario of any system that parses
// runs under its event budget and a wall-clock watchdog without panicking
// or hanging, stops only for its budget or a *scenario.Error, keeps the
// fault campaign's trace invariants, and runs the same twice. The fault
// campaign's generators seed it with scenarios of every system.
func FuzzParse(f *testing.F) {
	all, err := lessons.All()
	if err != nil {
		f.Fatal(err)
	}
	for _, l := range all {
		f.Add(l.Scenario)
	}
	for _, s := range []string{
		"",
		"use zookeeper",
		"use controller\nuse controller",
		"seed 0",
		`say "unterminated`,
		`say "bad \q escape"`,
		"say.zh \"alone\"",
		"use controller\nat 10 put BrokerChange",
		"use controller\nat 1ms put BrokerChange id=1",
		"use controller\nat 1ms put ControlledShutdown id=2 foo=1",
		"use controller\nexpect é",
		"use controller\nexpect controller.metric[EventQueueTimeMs == 1",
		"use controller\nexpect controller.queue.size < abc",
		"use controller\nrun until controller.state == Idle max 1ms",
		"use controller\nrun until controller.state == BrokerChange max 5ns",
		"use controller\nset controller.putLock false\nat 1ms put BrokerChange\nat 1ms session expire\nat 1ms put TopicChange\nrun idle",
		"use controller\nat 1ms session expire\nat 1ms controller shutdown\nat 2ms session expire\nat 3ms clearAndPut Expire\nrun idle\nexpect controller.thread == stopped",
		"use controller\nrun 2562047h\nrun 1h\nat 1ms put BrokerChange\nafter 2562047h put TopicChange",
		"use controller\r\nat 10ms put BrokerChange\r\nrun until controller.state == BrokerChange\r\n",
		"use controller\nset controller.eventTime 0ms\nat 0ms put BrokerChange\nafter 0ms put BrokerChange\nrun idle",
		"use zookeeper\nset maxClientCnxns 2\nat 0ms connect c count=3\nat 1ms send c n=2 cost=0ms\nat 2ms close c-1\nrun 25s\nexpect zookeeper.refused == 1",
		"use zookeeper\nset zookeeper.nio.numWorkerThreads 0\nset zookeeper.nio.numSelectorThreads 1\nat 0ms connect a\nat 0ms send a id=x\nat 0ms close a\nat 0ms send a\nrun idle",
		"use zookeeper\nat 0ms connect f count=5000 every=0ms\nat 1ms send f n=20\nrun idle",
		"use socketserver\nset queued.max.requests 1\nset num.io.threads 1\nat 0ms connect p count=30\nat 1ms send p Produce n=3 cost=5ms\nat 2ms close p-3\nrun idle",
		"use socketserver\nset control.plane.listener.name CONTROLLER\nset socketserver.mute false\nat 0ms connect ctl from=controller\nat 0ms connect c listener=CONTROLLER\nat 0ms send ctl StopReplica n=4\nat 0ms send c Fetch id=f\nrun until socketserver.request[f].state == responded",
		"use replication\nset brokers 2\nat 0ms topic t partitions=2 replication.factor=2\nat 1s produce t-1 acks=all records=2\nat 1s kill broker 2\nat 2s consume t-0\nat 30s restart broker 2\nrun idle",
		"use cluster\nat 0ms topic t partitions=1 replicas=1,2,3\nat 1s stall broker 3\nat 1s put BrokerChange\nat 2s session expire\nat 3s config unclean.leader.election.enable=true\nat 4s controller shutdown\nrun 40s",
		"use socketserver\nat 0ms send nobody Metadata\nat 0ms close nobody\nat 1ms connect x listener=NOPE\nat 1ms send x Produce\nexpect socketserver.conn[x].state == refused",
		"use group\nat 0ms topic t0 partitions=2\nat 0ms consumer C0 join G topics=t0\nat 1s consumer C1 join G topics=t0 assignor=roundrobin\nat 9s consumer C0 stall 12s\nat 9s consumer C1 process 1s\nat 30s consumer C1 leave\nat 31s group G delete\nrun idle",
		"use listener\nset auto.offset.reset earliest\nset concurrency 2\nat 0ms topic t0 partitions=2\nat 0ms records t0-0 offsets=0..9\nat 0ms fail t0-0@3 always\nat 0ms container start\nat 8s consumer consumer-G-1 crash\nat 9s ack t0-0@1\nat 30s container stop\nat 31s container start\nat 40s container crash\nrun idle",
		"use listener\nset ackMode MANUAL_IMMEDIATE\nset listener.ack none\nset errorHandler ContainerStopping\nat 0ms topic t0 partitions=1\nat 0ms container start\nat 5s records t0-0 offsets=0..3\nat 9s ack t0-0@2\nat 9s fail t0-0@3 error=ClassCastException\nat 10s records t0-0 offsets=4..4\nrun idle",
		"use controller\nsay \"s\"\nask \"q\"\nask.zh \"问\"\nchoice \"a\" controller.state == Idle\nchoice.zh \"甲\"\nchoice \"b\" controller.queue.size > 1\nat 1ms put BrokerChange\nrun idle",
		"seed 3\nlet N rand 1..4\nlet M rand -3..3\nuse controller\nsay \"$N and ${M}, $$\"\nat ${N}ms put ControlledShutdown id=$N\nrun idle\nexpect controller.processed == ControlledShutdown(id=$N)",
		"use group\nset group.max.size 1\nset group.initial.rebalance.delay.ms 0\nat 0ms consumer C0 join G topics=t0\nat 0ms consumer C1 join G topics=t0\nat 0ms consumer C0 join G topics=t0\nat 1ms consumer C9 leave\nrun idle",
		// Settings that clash: an error at a set line, not a run's error
		// without a place.
		"use cluster\nset enable.idempotence true\nset max.in.flight.requests.per.connection 6\nrun 1s",
		"use replication\nset delivery.timeout.ms 1000\nrun 1s",
		"use group\nset heartbeat.interval.ms 20000\nrun 1s",
		"use group\nset group.max.session.timeout.ms 5000\nrun 1s",
		"use listener\nset ackMode COUNT\nset ackCount 0\nrun 1s",
		"\uFEFFuse socketserver\nat 0ms connect c\nat 0ms connect c\nat 1ms close c\nat 2ms close c\nat 3ms send c Metadata\nrun idle",
		"use controller\nsay \"\xff\"",
		"use cluster\nafter 0ms lose response r9\nrun 1s",
		"use listener\nat 0ms topic t0 partitions=1\nat 0ms fail t0-9@0\nrun 1s",
	} {
		f.Add(s)
	}
	for _, sys := range campaign.Systems {
		for seed := int64(1); seed <= 3; seed++ {
			f.Add(campaign.Generate(sys, seed).Src)
		}
	}
	f.Fuzz(func(t *testing.T, src string) {
		sc, err := scenario.Parse("fuzz.lab", src)
		if err != nil {
			var perr *scenario.Error
			if !errors.As(err, &perr) {
				t.Fatalf("Parse(%q): got %T %v, want a *scenario.Error", src, err, err)
			}
			if perr.Line < 1 || perr.Col < 1 {
				t.Fatalf("Parse(%q): got line %d col %d, want both ≥ 1 (%v)", src, perr.Line, perr.Col, err)
			}
			if lines := strings.Count(src, "\n") + 1; perr.Line > lines {
				t.Fatalf("Parse(%q): got line %d of %d (%v)", src, perr.Line, lines, err)
			}
			if perr.File != "fuzz.lab" || !strings.HasPrefix(err.Error(), "fuzz.lab:") {
				t.Fatalf("Parse(%q): got %q, want it to name fuzz.lab", src, err)
			}
			return
		}
		if sc.System == "" {
			return
		}
		opt := scenario.Options{MaxEvents: 20000}
		run := func() *scenario.Result {
			res, err := campaign.Watch(sc, opt, 20*time.Second)
			if err != nil {
				t.Fatalf("Run(%q): %v", src, err)
			}
			if res.Panic != "" {
				t.Fatalf("Run(%q): panicked: %s", src, res.Panic)
			}
			var serr *scenario.Error
			if res.Err != nil && !errors.Is(res.Err, sim.ErrBudget) && (!errors.As(res.Err, &serr) || serr.Line < 1) {
				t.Fatalf("Run(%q): got Err %T %v, want nil, the event budget or a *scenario.Error at a line", src, res.Err, res.Err)
			}
			return res
		}
		res := run()
		if p := campaign.TraceProblems(res.Trace, !campaign.Unsafe(sc)); len(p) > 0 {
			t.Fatalf("Run(%q):\n%s", src, strings.Join(p, "\n"))
		}
		again := run()
		a, _ := json.Marshal(res.Trace)
		b, _ := json.Marshal(again.Trace)
		if string(a) != string(b) {
			t.Fatalf("Run(%q): two runs gave different traces", src)
		}
	})
}
