package scenario_test

import (
	"bytes"
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"brokerlab/core/scenario"
	"brokerlab/labtest"
	"brokerlab/lessons"
)

func encode(t testing.TB, res *scenario.Result) []byte {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	for _, e := range res.Trace {
		require.NoError(t, enc.Encode(e))
	}
	return b.Bytes()
}

// golden compares got with testdata/name (labtest.Golden: -update
// rewrites it, a difference prints the first differing line).
func golden(t *testing.T, name string, got []byte) {
	labtest.Golden(t, filepath.Join("testdata", name), got)
}

func lesson(t testing.TB, id string) *scenario.Scenario {
	l, err := lessons.Get(id)
	require.NoError(t, err)
	sc, err := scenario.Parse(l.File, l.Scenario)
	require.NoError(t, err)
	return sc
}

// Every lesson's trace, as JSON lines, hashed into one file: natively
// and under GOOS=js (make test-js) the same bytes. What a change does to
// a system's events is reviewed in the packages' datadriven excerpts
// (labtest/); this file only says that the trace moved, and which
// lesson's. `go run . run -trace` writes a lesson's whole trace.
func TestGoldenLessonTraces(t *testing.T) {
	all, err := lessons.All()
	require.NoError(t, err)
	var b bytes.Buffer
	for _, l := range all {
		res := scenario.Run(lesson(t, l.ID), scenario.Options{})
		require.Empty(t, res.Failures)
		require.Empty(t, res.Panic)
		tr := encode(t, res)
		fmt.Fprintf(&b, "%-28s events %5d bytes %7d sha256 %x\n", l.ID, res.Events, len(tr), sha256.Sum256(tr))
	}
	golden(t, "lessons.golden", b.Bytes())
}

// Same scenario and seed, same bytes: natively and under GOOS=js, this
// test compares 100 seeds of the lesson, with and without the putLock,
// against one file of hashes, so both platforms agree byte for byte.
func TestSeedsGiveTheSameTraceEverywhere(t *testing.T) {
	sc := lesson(t, "01-controller-event-queue")
	var b bytes.Buffer
	for seed := int64(1); seed <= 100; seed++ {
		for _, sets := range [][]string{nil, {"controller.putLock false"}} {
			res := scenario.Run(sc, scenario.Options{Seed: seed, Sets: sets})
			require.NoError(t, res.Err)
			again := scenario.Run(sc, scenario.Options{Seed: seed, Sets: sets})
			require.Equal(t, encode(t, res), encode(t, again), "seed %d", seed)
			fmt.Fprintf(&b, "seed %3d putLock=%-5v events %4d sha256 %x\n", seed, sets == nil, res.Events, sha256.Sum256(encode(t, res)))
		}
	}
	golden(t, "seeds.golden", b.Bytes())
}

// The same check for the group lessons: 20 seeds each, natively and under
// GOOS=js, against one file of hashes.
func TestGroupSeedsGiveTheSameTraceEverywhere(t *testing.T) {
	var b bytes.Buffer
	for _, id := range []string{"07-consumer-group-rebalance", "08-assignors", "11-cooperative-rebalancing", "12-static-membership"} {
		sc := lesson(t, id)
		for seed := int64(1); seed <= 20; seed++ {
			res := scenario.Run(sc, scenario.Options{Seed: seed})
			require.NoError(t, res.Err)
			require.Empty(t, res.Panic)
			fmt.Fprintf(&b, "%s seed %2d events %4d sha256 %x\n", id, seed, res.Events, sha256.Sum256(encode(t, res)))
		}
	}
	golden(t, "group-seeds.golden", b.Bytes())
}

// The same check for the listener lessons: 10 seeds each, natively and
// under GOOS=js, against one file of hashes.
func TestListenerSeedsGiveTheSameTraceEverywhere(t *testing.T) {
	var b bytes.Buffer
	for _, id := range []string{"09-spring-ack-modes", "10-spring-error-handlers"} {
		sc := lesson(t, id)
		for seed := int64(1); seed <= 10; seed++ {
			res := scenario.Run(sc, scenario.Options{Seed: seed})
			require.NoError(t, res.Err)
			require.Empty(t, res.Panic)
			fmt.Fprintf(&b, "%s seed %2d events %4d sha256 %x\n", id, seed, res.Events, sha256.Sum256(encode(t, res)))
		}
	}
	golden(t, "listener-seeds.golden", b.Bytes())
}
