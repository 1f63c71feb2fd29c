package cluster

import (
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"brokerlab/core/replication"
	"brokerlab/core/sim"
)

var t0 = replication.TP{Topic: "t", Partition: 0}

type rig struct {
	s *sim.Sim
	c *Cluster
}

func newRig(t testing.TB, seed int64, change func(*Config)) *rig {
	t.Helper()
	s := sim.New(seed, true)
	t.Cleanup(s.Close)
	cfg := DefaultConfig()
	if change != nil {
		change(&cfg)
	}
	c, err := New(s, cfg)
	require.NoError(t, err)
	return &rig{s, c}
}

func (r *rig) get(t testing.TB, path string) string {
	t.Helper()
	v, err := r.c.Get(path)
	require.NoError(t, err)
	return v
}

// runUntil runs until path == want (failing after max).
func (r *rig) runUntil(t testing.TB, path, want string, max time.Duration) {
	t.Helper()
	end := r.s.Now() + max
	require.NoError(t, r.s.Run(end, false, func() bool { v, _ := r.c.Get(path); return v == want }))
	got, _ := r.c.Get(path)
	require.Equal(t, want, got, "%s at %s", path, sim.FormatDuration(r.s.Now()))
}

func (r *rig) runFor(t testing.TB, d time.Duration) {
	t.Helper()
	end := r.s.Now() + d
	require.NoError(t, r.s.Run(end, false, nil))
	r.s.AdvanceTo(end)
}

func (r *rig) noViolations(t testing.TB) {
	t.Helper()
	require.Empty(t, r.c.Violations())
	for _, e := range r.s.Trace() {
		_, ok := sim.Kinds[e.Kind]
		require.True(t, ok, "unknown kind %q", e.Kind)
	}
}
