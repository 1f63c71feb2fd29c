package scenario_test

import (
	"bytes"
	"crypto/sha256"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"brokerlab/core/scenario"
	"brokerlab/core/sim"
	"brokerlab/core/socketserver"
)

const labSS = "use socketserver\n"

// Settings, actions and paths of the socketserver system are checked when
// the scenario is parsed, with the column of the offending token.
func TestSocketServerParseErrors(t *testing.T) {
	tests := []struct {
		name      string
		src       string
		line, col int
		want      string
	}{
		// settings
		{"unknown setting", labSS + "set num.threads 3", 2, 5, `unknown setting "num.threads" for socketserver (cores, num.network.threads, num.io.threads, queued.max.requests, control.plane.listener.name`},
		{"network threads 0", labSS + "set num.network.threads 0", 2, 25, `num.network.threads: expected an integer from 1 to 1000, got "0"`},
		{"io threads word", labSS + "set num.io.threads many", 2, 20, `num.io.threads: expected an integer from 1 to 1000, got "many"`},
		{"queue too big", labSS + "set queued.max.requests 2000000", 2, 25, "from 1 to 1000000"},
		{"control plane on PLAINTEXT", labSS + "set control.plane.listener.name PLAINTEXT", 2, 33, "should have a different value from the inter broker listener name"},
		{"control plane lower case", labSS + "set control.plane.listener.name controller", 2, 33, "expected upper-case letters"},
		{"apiTime of unknown API", labSS + "set socketserver.apiTime.Produc 1ms", 2, 5, `socketserver.apiTime.Produc: unknown API "Produc" (one of Produce, Fetch`},
		{"apiTime without unit", labSS + "set socketserver.apiTime.Fetch 5", 2, 32, "expected a duration"},
		{"apiTime too long", labSS + "set socketserver.apiTime 2h", 2, 26, "at most 1h"},
		{"mute maybe", labSS + "set socketserver.mute maybe", 2, 23, `socketserver.mute: expected true or false, got "maybe"`},
		{"cores", labSS + "set cores 0", 2, 11, "from 1 to 1024"},

		// connect
		{"connect nothing", labSS + "at 0ms connect", 2, 15, "expected connect C [listener=L] [from=controller] [count=N]"},
		{"connect bad name", labSS + "at 0ms connect a,b", 2, 16, `letters, digits and - _ . only, got "a,b"`},
		{"connect quoted name", labSS + `at 0ms connect "c1"`, 2, 16, "expected connect C [listener=L] [from=controller] [count=N], got a string"},
		{"connect unknown field", labSS + "at 0ms connect c1 ip=10.0.0.9", 2, 19, `unknown option "ip" for connect (listener, from, count)`},
		{"connect count 0", labSS + "at 0ms connect p count=0", 2, 18, `count: expected an integer from 1 to 100000, got "0"`},
		{"connect from broker", labSS + "at 0ms connect c from=broker", 2, 18, `from: expected controller, got "broker"`},
		{"connect both", labSS + "at 0ms connect c listener=PLAINTEXT from=controller", 2, 37, "give listener= or from=controller, not both"},
		{"connect bad listener", labSS + "at 0ms connect c listener=plain", 2, 18, `listener: expected a listener name such as PLAINTEXT or CONTROLLER, got "plain"`},
		{"connect field twice", labSS + "at 0ms connect c count=2 count=3", 2, 26, `option "count" given twice`},

		// send
		{"send without API", labSS + "at 0ms send c1", 2, 15, "expected send C API [id=R] [n=N] [cost=D]"},
		{"send unknown API", labSS + "at 0ms send c1 Produc", 2, 16, `unknown API "Produc" (one of Produce, Fetch, ListOffsets, Metadata, LeaderAndIsr, StopReplica`},
		{"send lower-case API", labSS + "at 0ms send c1 produce", 2, 16, `unknown API "produce"`},
		{"send id with n", labSS + "at 0ms send c1 Produce id=r n=2", 2, 24, "id= names one request"},
		{"send bad id", labSS + "at 0ms send c1 Produce id=a,b", 2, 24, `got "a,b"`},
		{"send n too big", labSS + "at 0ms send c1 Produce n=20000", 2, 24, "n: expected an integer from 1 to 10000"},
		{"send bad cost", labSS + "at 0ms send c1 Produce cost=fast", 2, 24, `expected a duration such as 250ms, 10s or 2m, got "fast"`},
		{"send cost too long", labSS + "at 0ms send c1 Produce cost=2h", 2, 24, "cost: at most 1h"},

		// close and others
		{"close extra", labSS + "at 0ms close c1 now", 2, 17, "expected close C"},
		{"close nothing", labSS + "at 0ms close", 2, 13, "expected close C"},
		{"controller action", labSS + "at 0ms put BrokerChange", 2, 8, `expected a socketserver action (connect C [listener=L] [from=controller] [count=N], send C API [id=R] [n=N] [cost=D], close C), got "put"`},

		// paths
		{"unknown path", labSS + "expect socketserver.queue.size == 1", 2, 8, `unknown state path "socketserver.queue.size"`},
		{"conn field", labSS + "expect socketserver.conn[c1].mute == NOT_MUTED", 2, 8, "a connection has .processor, .muteState"},
		{"processor id", labSS + "expect socketserver.processor[one].blocked == true", 2, 8, "expected an id ≥ 0 in []"},
		{"default key", labSS + "expect socketserver.default[num.threads] == 3", 2, 8, "a default is one of num.network.threads"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			parseErrorAt(t, "s.lab", tc.src, tc.line, tc.col, tc.want)
		})
	}
}

// Every documented path parses, with its bracket filled in.
func TestParseChecksEveryPathOfTheSocketServer(t *testing.T) {
	r := strings.NewReplacer("[KEY]", "[queued.max.requests]", "[C]", "[c1]", "[R]", "[r1]", "[I]", "[2]")
	for _, p := range socketserver.Paths {
		p = r.Replace(p)
		_, err := scenario.Parse("p.lab", labSS+"expect "+p+" == 1\nrun until "+p+" != x max 1ms")
		require.NoError(t, err, p)
	}
}

// A run: settings, bursts, a controller connection, pipelined sends and a
// close, read back through the paths.
func TestSocketServerRun(t *testing.T) {
	res := labRun(t, labSS+`set num.network.threads 2
set num.io.threads 1
set queued.max.requests 2
set socketserver.apiTime.Produce 10ms
set control.plane.listener.name CONTROLLER
at 0ms connect c1
at 0ms connect ctl from=controller
at 0ms connect p count=3
at 0ms connect x listener=NOPE
at 1ms send c1 Produce n=2
at 1ms send p Fetch id=f cost=5ms
at 1ms send ctl LeaderAndIsr id=lai
at 2ms close p-2
run idle
expect socketserver.networkThreads == 2
expect socketserver.ioThreads == 1
expect socketserver.conn[ctl].processor == 0
expect socketserver.conn[ctl].listener == CONTROLLER
expect socketserver.conn[c1].processor == 1
expect socketserver.conn[p-1].processor == 2
expect socketserver.conn[x].state == refused
expect socketserver.responses[c1] == "c1#1,c1#2"
expect socketserver.responses[p-3] == f-3
expect socketserver.conn[p-2].state == closed
expect socketserver.request[lai].respondedAt == 2
expect socketserver.request[lai].handler == control-plane-kafka-request-handler-0
expect socketserver.controlPlane.requestQueue.capacity == 20
expect socketserver.responded == 6
expect invariant.violations == 0
`, scenario.Options{})
	require.Empty(t, res.Failures)
	var stepped []string
	for _, e := range res.Trace {
		if e.Kind == sim.Action {
			stepped = append(stepped, e.Actor+": "+e.Note)
		}
	}
	require.Equal(t, []string{
		"clients: connect c1", "clients: connect ctl from=controller", "clients: connect p count=3",
		"clients: connect x listener=NOPE: connection refused, no listener NOPE on this broker",
		"clients: send c1 Produce n=2", "clients: send p Fetch id=f cost=5ms", "clients: send ctl LeaderAndIsr id=lai",
		"clients: close p-2",
	}, stepped)
}

// Injected from the stage: an action checked against the system, and a
// what-if setting; both branch the run.
func TestSocketServerInjectAndSets(t *testing.T) {
	sc := labParse(t, labSS+"at 0ms connect c\nat 1ms send c Metadata id=m\nrun idle\nexpect socketserver.request[m].respondedAt == 2")
	require.NoError(t, sc.CheckAction("send c Produce n=3"))
	require.ErrorContains(t, sc.CheckAction("send c Nope"), `unknown API "Nope"`)
	res := scenario.Run(sc, scenario.Options{})
	require.NoError(t, res.Err)
	require.Empty(t, res.Failures)
	// Three 2ms Produce requests injected at 0ms go first: m waits behind them.
	res = scenario.Run(sc, scenario.Options{Inject: []scenario.Injection{{After: 5, Action: "send c Produce n=3"}}})
	require.NoError(t, res.Err)
	require.Equal(t, []scenario.Failure{{Line: 5, Col: 1, Msg: "expect socketserver.request[m].respondedAt == 2: got 7"}}, placed(t, res))
	res = scenario.Run(sc, scenario.Options{Sets: []string{"socketserver.apiTime.Metadata 5ms"}})
	require.NoError(t, res.Err)
	require.Equal(t, []scenario.Failure{{Line: 5, Col: 1, Msg: "expect socketserver.request[m].respondedAt == 2: got 6"}}, placed(t, res))
	res = scenario.Run(sc, scenario.Options{Sets: []string{"num.io.threads 0"}})
	require.ErrorContains(t, res.Err, "num.io.threads: expected an integer from 1 to 1000")
}

// Same scenario and seed, same bytes, natively and under GOOS=js: 30 seeds
// of lesson 03, with and without the control plane, against one file of hashes.
func TestSocketServerSeedsGiveTheSameTraceEverywhere(t *testing.T) {
	sc := lesson(t, "03-kafka-request-pipeline")
	var b bytes.Buffer
	for seed := int64(1); seed <= 30; seed++ {
		for _, sets := range [][]string{nil, {"control.plane.listener.name CONTROLLER"}} {
			res := scenario.Run(sc, scenario.Options{Seed: seed, Sets: sets})
			require.NoError(t, res.Err)
			again := scenario.Run(sc, scenario.Options{Seed: seed, Sets: sets})
			require.Equal(t, encode(t, res), encode(t, again), "seed %d", seed)
			fmt.Fprintf(&b, "seed %3d controlPlane=%-5v events %4d sha256 %x\n", seed, sets != nil, res.Events, sha256.Sum256(encode(t, res)))
		}
	}
	golden(t, "seeds-socketserver.golden", b.Bytes())
}
