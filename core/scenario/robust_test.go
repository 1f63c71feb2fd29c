package scenario_test

import (
	"brokerlab/core/msg"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"brokerlab/campaign"
	"brokerlab/core/scenario"
	"brokerlab/core/sim"
)

// runWatched runs sc and fails the test if the run panics or does not
// return within a minute: a hang becomes a failure, not a stuck CI.
func runWatched(t *testing.T, sc *scenario.Scenario, opt scenario.Options) *scenario.Result {
	t.Helper()
	res, err := campaign.Watch(sc, opt, time.Minute)
	require.NoError(t, err, "%s (options %+v)", sc.File, opt)
	require.Empty(t, res.Panic)
	return res
}

// Every scenario that once broke the simulator runs to its end: no panic,
// no hang, no error but its own failed expectations, and none of the
// fault campaign's trace invariants broken.
func TestCrashersRunToTheirEnd(t *testing.T) {
	files, err := filepath.Glob("testdata/crashers/*.lab")
	require.NoError(t, err)
	require.NotEmpty(t, files)
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			src, err := os.ReadFile(f)
			require.NoError(t, err)
			sc, err := scenario.Parse(f, string(src))
			require.NoError(t, err)
			res := runWatched(t, sc, scenario.Options{})
			require.NoError(t, res.Err)
			require.Empty(t, campaign.TraceProblems(res.Trace, !campaign.Unsafe(sc)))
		})
	}
}

// Lesson 06 stopped by an event budget anywhere around the moment its
// request handler holds replicaStateChangeLock used to deadlock when the
// run was closed; killing broker 2 there from the stage stopped the page.
func TestBrokerFailureLessonStopsAndKillsAnywhere(t *testing.T) {
	sc := lesson(t, "06-broker-failure")
	for n := 2400; n <= 2460; n++ {
		res := runWatched(t, sc, scenario.Options{MaxEvents: n})
		require.ErrorIs(t, res.Err, sim.ErrBudget, "budget %d", n)
		require.GreaterOrEqual(t, res.Events, n, "the run stops at the first switch after its budget")
	}
	for after := 2400; after <= 2460; after++ {
		res := runWatched(t, sc, scenario.Options{Inject: []scenario.Injection{{After: after, Action: "kill broker 2"}}})
		require.NoError(t, res.Err, "kill broker 2 after event %d", after)
	}
}

// The two scenarios a reliability probe froze a browser tab with stop at
// once with a message that names the limit and what to change: a topic of
// a million replicas is refused at its line, and 20 million records stop
// at the trace's memory budget.
func TestHugeScenariosStopAtABudget(t *testing.T) {
	_, err := scenario.Parse("big.lab", "use cluster\nset brokers 100\nat 0ms topic t partitions=10000 replication.factor=100\nrun 1000h\n")
	var perr *scenario.Error
	require.ErrorAs(t, err, &perr)
	require.Equal(t, scenario.Error{File: "big.lab", Line: 3, Col: 16,
		Msg:  "a topic of 1000000 replicas (partitions × replication factor): a run holds at most 10000 a topic",
		Data: &msg.Error{Col: 16, Code: "cl.topic.size", Args: []any{1000000, 10000}}}, *perr)

	var src strings.Builder
	src.WriteString("use listener\nat 0ms topic t0 partitions=1\nat 0ms container start\n")
	for i := range 200 {
		fmt.Fprintf(&src, "at 0ms records t0-0 offsets=%d..%d\n", i*100_000, i*100_000+99_999)
	}
	src.WriteString("run 1000h\n")
	sc, err := scenario.Parse("records.lab", src.String())
	require.NoError(t, err)
	res := runWatched(t, sc, scenario.Options{})
	require.ErrorIs(t, res.Err, sim.ErrBudget)
	require.ErrorAs(t, res.Err, &perr)
	require.Equal(t, 204, perr.Line, "the run line that ran into it")
	require.Contains(t, perr.Msg, "the run stopped at its memory budget, a trace of 64 MB")
	require.Contains(t, perr.Msg, "run for less time or make the system smaller")
}
