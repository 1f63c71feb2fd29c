package scenario_test

import (
	"bytes"
	"crypto/sha256"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"brokerlab/core/scenario"
	"brokerlab/core/sim"
	"brokerlab/core/zookeeper"
)

const labUZ = "use zookeeper\n"

// Every zookeeper setting, action and path error names its column.
func TestZookeeperParseErrors(t *testing.T) {
	tests := []struct {
		name      string
		src       string
		line, col int
		want      string
	}{
		// settings
		{"unknown setting", labUZ + "set num.io.threads 8", 2, 5, `unknown setting "num.io.threads" for zookeeper (cores, zookeeper.nio.numSelectorThreads`},
		{"zero selectors", labUZ + "set zookeeper.nio.numSelectorThreads 0", 2, 38, "zookeeper.nio.numSelectorThreads: expected an integer from 1 to"},
		{"word selectors", labUZ + "set zookeeper.nio.numSelectorThreads two", 2, 38, `expected an integer from 1 to 1024, got "two"`},
		{"negative workers", labUZ + "set zookeeper.nio.numWorkerThreads -1", 2, 36, `expected an integer from 0 to 4096, got "-1"`},
		{"negative limit", labUZ + "set maxClientCnxns -1", 2, 20, `maxClientCnxns: expected an integer from 0`},
		{"timeout zero", labUZ + "set zookeeper.nio.sessionlessCnxnTimeout 0", 2, 42, "expected whole milliseconds (30000) or a duration (30s) from 1ms to"},
		{"timeout µs", labUZ + "set zookeeper.nio.sessionlessCnxnTimeout 1500us", 2, 42, "expected whole milliseconds"},
		{"request time without unit", labUZ + "set zookeeper.requestTime 5", 2, 27, `expected a duration such as 250ms, 10s or 2m, got "5"`},
		{"cores", labUZ + "set cores 0", 2, 11, "cores: expected a processor count from 1 to 1024"},
		{"negative outstanding limit", labUZ + "set zookeeper.globalOutstandingLimit -1", 2, 38, `globalOutstandingLimit: expected an integer from 0`},

		// actions
		{"unknown action", labUZ + "at 1ms put BrokerChange", 2, 8, `expected a zookeeper action (connect C [ip=A] [count=N] [every=D], send C [n=N] [cost=D] [id=R], close C), got "put"`},
		{"connect without name", labUZ + "at 1ms connect", 2, 15, "expected connect C [ip=A] [count=N] [every=D]"},
		{"send without name", labUZ + "at 1ms send", 2, 12, "expected send C [n=N] [cost=D] [id=R]"},
		{"close without name", labUZ + "at 1ms close", 2, 13, "expected close C"},
		{"bad name", labUZ + "at 1ms connect c[1]", 2, 16, `expected a client name (letters, digits, '.', '_', '-'), got "c[1]"`},
		{"quoted name", labUZ + `at 1ms send "c1"`, 2, 13, "expected send C [n=N] [cost=D] [id=R], got a string"},
		{"name starting with -", labUZ + "at 1ms close -c", 2, 14, "expected a client name"},
		{"close extra", labUZ + "at 1ms close c1 now", 2, 17, `expected close C, got extra "now"`},
		{"option without =", labUZ + "at 1ms connect c1 10.0.0.1", 2, 19, `expected an option k=v (ip, count, every), got "10.0.0.1"`},
		{"option without value", labUZ + "at 1ms send c1 n=", 2, 16, `expected an option k=v (n, cost, id), got "n="`},
		{"unknown connect option", labUZ + "at 1ms connect c1 port=2181", 2, 19, `unknown option "port" for connect (ip, count, every)`},
		{"unknown send option", labUZ + "at 1ms send c1 n=1 api=Produce", 2, 20, `unknown option "api" for send (n, cost, id)`},
		{"option twice", labUZ + "at 1ms connect c1 ip=10.0.0.1 ip=10.0.0.2", 2, 31, `option "ip" given twice`},
		{"bad ip", labUZ + "at 1ms connect c1 ip=10.0.0", 2, 19, `ip: expected an IP address such as 10.0.0.1, got "10.0.0"`},
		{"zero count", labUZ + "at 1ms connect c count=0", 2, 18, `count: expected an integer from 1 to 100000, got "0"`},
		{"huge count", labUZ + "at 1ms connect c count=100001", 2, 18, "from 1 to 100000"},
		{"bad every", labUZ + "at 1ms connect c count=3 every=fast", 2, 26, `expected a duration such as 250ms, 10s or 2m, got "fast"`},
		{"burst too long", labUZ + "at 1ms connect c count=100000 every=1000h", 2, 31, "a burst may span at most 1000h (count × every)"},
		{"zero n", labUZ + "at 1ms send c n=0", 2, 15, `n: expected an integer from 1 to 100000, got "0"`},
		{"bad cost", labUZ + "at 1ms send c cost=-1s", 2, 15, `got "-1s"`},
		{"bad id", labUZ + "at 1ms send c id=a,b", 2, 15, `id: expected a request id (letters, digits, '.', '_', '-'), got "a,b"`},

		// paths
		{"unknown path", labUZ + "expect zookeeper.nope == 1", 2, 8, `unknown state path "zookeeper.nope" (paths: zookeeper.selectorThreads`},
		{"unknown conn field", labUZ + "expect zookeeper.conn[c1].mute == x", 2, 8, "a connection has .selector, .state"},
		{"bad conn name in path", labUZ + "expect zookeeper.conn[a,b].state == open", 2, 8, `unknown state path "zookeeper.conn[a,b].state"`},
		{"bad ip in path", labUZ + "expect zookeeper.ip[nope].connections == 1", 2, 8, `"nope" is not an IP address`},
		{"bad selector index", labUZ + "expect zookeeper.selector[-1].connections == 1", 2, 8, "a selector thread is a number from 0"},
		{"controller path", labUZ + "expect controller.state == Idle", 2, 8, "unknown state path"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := scenario.Parse("z.lab", tt.src)
			require.Error(t, err)
			var perr *scenario.Error
			require.True(t, errors.As(err, &perr), "%T", err)
			require.Contains(t, perr.Msg, tt.want)
			require.Equal(t, tt.line, perr.Line)
			require.Equal(t, tt.col, perr.Col, "%v", err)
		})
	}
}

// Every path the factory documents parses in a scenario.
func TestZookeeperParseChecksEveryPath(t *testing.T) {
	for _, p := range zookeeper.Paths {
		p = strings.NewReplacer("[C]", "[c1]", "[A]", "[10.0.0.1]", "[I]", "[0]").Replace(p)
		_, err := scenario.Parse("z.lab", labUZ+"expect "+p+" == 0")
		require.NoError(t, err, p)
	}
}

// A zookeeper scenario runs: settings apply, actions happen at their
// times on the clients thread, expects read the factory.
func TestZookeeperRun(t *testing.T) {
	res := labRun(t, `seed 3
use zookeeper
set cores 32
set zookeeper.nio.numWorkerThreads 3
set maxClientCnxns 2
set zookeeper.nio.sessionlessCnxnTimeout 2000
set zookeeper.requestTime 2ms
at 1ms connect app count=3
at 10ms connect solo ip=10.0.0.2
at 20ms send app n=2
at 25ms send solo cost=30ms id=slow
run until zookeeper.conn[solo].received == slow
expect zookeeper.conn[solo].outstanding == 1
expect zookeeper.conn[solo].responses == ""
run until zookeeper.conn[app-2].responses == "app-2#1,app-2#2"
expect zookeeper.conn[solo].responses == ""
expect zookeeper.selectorThreads == 4
expect zookeeper.workerThreads == 3
expect zookeeper.conn[app-1].selector == 0
expect zookeeper.conn[app-2].selector == 1
expect zookeeper.conn[solo].selector == 2
expect zookeeper.conn[app-3].state == closed
expect zookeeper.conn[app-3].closeReason == "Too many connections from /10.0.0.1 - max is 2"
expect zookeeper.refused == 1
run until zookeeper.conn[solo].responses == slow
at 100ms close app-1
run until zookeeper.conn[app-1].state == closed
expect zookeeper.conn[app-1].closeReason == "Unable to read additional data from client sessionid 0x0, likely client has closed socket"
expect zookeeper.conn[app-2].expiresAt == 4000
run until zookeeper.connections == 0
expect zookeeper.conn[solo].closedAt == 4000
expect zookeeper.conn[solo].closeReason == expired
expect invariant.violations == 0
`, scenario.Options{})
	require.Empty(t, res.Failures)
	var actors []string
	for _, e := range res.Trace {
		if e.Kind == sim.Action {
			actors = append(actors, e.Actor)
		}
	}
	require.Len(t, actors, 7, "3 connects of the burst, solo, two sends, the close")
	for _, a := range actors {
		require.Equal(t, zookeeper.ClientsThread, a)
	}
}

// zookeeper.globalOutstandingLimit throttles reads server-wide: with 1,
// the second request in process stops the connection's reads until the
// server is under the limit again (ZooKeeper 3.5.9 NIOServerCnxn.java L384-398, L688-700).
func TestZookeeperGlobalOutstandingLimit(t *testing.T) {
	res := labRun(t, `use zookeeper
set zookeeper.globalOutstandingLimit 1
at 1ms connect c
at 10ms send c n=3 cost=10ms
run 15ms
expect zookeeper.globalOutstandingLimit == 1
expect zookeeper.conn[c].received == "c#1,c#2"
expect zookeeper.conn[c].throttled == true
expect zookeeper.conn[c].interestOps == 0
run 16ms
expect zookeeper.conn[c].responses == "c#1,c#2"
expect zookeeper.conn[c].received == "c#1,c#2,c#3"
run idle
expect zookeeper.conn[c].responses == "c#1,c#2,c#3"
expect zookeeper.conn[c].throttled == false
expect zookeeper.inProcess.max == 2
`, scenario.Options{})
	require.Empty(t, res.Failures)
}

// An action injected from the stage runs on the clients thread at that
// event; a burst's prefix reaches each member.
func TestZookeeperInjection(t *testing.T) {
	sc := labParse(t, labUZ+"at 1ms connect g count=3\nrun 50ms\n")
	base := scenario.Run(sc, scenario.Options{})
	require.NoError(t, base.Err)
	res := scenario.Run(sc, scenario.Options{Inject: []scenario.Injection{{After: len(base.Trace) - 1, Action: "send g id=q"}}})
	require.NoError(t, res.Err)
	var answered []string
	for _, e := range res.Trace {
		if e.Kind == sim.Send {
			answered = append(answered, e.Subj+":"+e.Item)
		}
	}
	require.ElementsMatch(t, []string{"g-1:q", "g-2:q", "g-3:q"}, answered)
	require.ErrorContains(t, sc.CheckAction("send g n=x"), `n: expected an integer`)
	require.NoError(t, sc.CheckAction("close g"))
}

// A bad setting given as an option stops the run with the reason.
func TestZookeeperBadOptionSetting(t *testing.T) {
	sc := labParse(t, labUZ+"run idle\n")
	res := scenario.Run(sc, scenario.Options{Sets: []string{"zookeeper.nio.numSelectorThreads 0"}})
	require.ErrorContains(t, res.Err, "numSelectorThreads: expected an integer from 1 to")
}

// Lesson 02, and a busy scenario where the seed decides ties and the
// order of ready keys, under many seeds, with and without workers, hashed
// into one golden file: natively and under GOOS=js the bytes agree.
func TestZookeeperSeedsGiveTheSameTraceEverywhere(t *testing.T) {
	busy := labParse(t, `use zookeeper
set zookeeper.nio.numSelectorThreads 2
set zookeeper.nio.numWorkerThreads 3
set zookeeper.requestTime 0ms
at 0ms connect c count=12 every=0ms
at 1ms send c n=3
at 1ms send c-1 cost=1ms
at 2ms close c-2
run idle
`)
	var b bytes.Buffer
	hashes := map[string]bool{}
	for _, tc := range []struct {
		name string
		sc   *scenario.Scenario
	}{{"lesson", lesson(t, "02-zookeeper-reactor")}, {"busy", busy}} {
		for seed := int64(1); seed <= 30; seed++ {
			for _, sets := range [][]string{nil, {"zookeeper.nio.numWorkerThreads 0"}} {
				res := scenario.Run(tc.sc, scenario.Options{Seed: seed, Sets: sets})
				require.NoError(t, res.Err)
				require.Empty(t, res.Panic)
				again := scenario.Run(tc.sc, scenario.Options{Seed: seed, Sets: sets})
				require.Equal(t, encode(t, res), encode(t, again), "%s seed %d", tc.name, seed)
				sum := fmt.Sprintf("%x", sha256.Sum256(encode(t, res)))
				if tc.name == "busy" && sets == nil {
					hashes[sum] = true
				}
				fmt.Fprintf(&b, "%-6s seed %3d workers=%-5v events %4d sha256 %s\n", tc.name, seed, sets == nil, res.Events, sum)
			}
		}
	}
	require.Greater(t, len(hashes), 10, "the seed decides the busy run's interleaving")
	golden(t, "zookeeper-seeds.golden", b.Bytes())
}
