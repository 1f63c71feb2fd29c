package scenario_test

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"brokerlab/core/scenario"
	"brokerlab/core/sim"
	"brokerlab/internal/campaign"
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
