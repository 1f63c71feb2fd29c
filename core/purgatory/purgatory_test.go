package purgatory

import (
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"brokerlab/core/sim"
)

// log is what the operations and the trace hooks did, in order, with the
// virtual time and thread of each step.
type log struct {
	s     *sim.Sim
	steps []string
}

func (l *log) add(what string) {
	l.steps = append(l.steps, sim.FormatDuration(l.s.Now())+" "+l.s.Current().Name+" "+what)
}

func newPurgatory(s *sim.Sim, l *log, executor, background bool) *Purgatory {
	hook := func(what string) func(*Operation) { return func(op *Operation) { l.add(what + " " + op.Kind) } }
	p := New(s, Config{Name: "Test", BrokerID: 1, Background: background, Executor: executor,
		Trace: Trace{Add: hook("add"), Cancel: hook("cancel"), Fire: hook("fire")}})
	p.Start()
	return p
}

// op is an operation that completes once *ready is true.
func op(p *Purgatory, l *log, kind string, delay time.Duration, ready *bool) *Operation {
	o := p.NewOperation(p.s.NextToken(), kind, kind, delay)
	o.TryComplete = func() bool { return *ready && o.ForceComplete() }
	o.OnComplete = func() { l.add("complete " + kind) }
	o.OnExpiration = func() { l.add("expire " + kind) }
	return o
}

func TestCompleteEarlyOrExpireOnTheExecutor(t *testing.T) {
	s := sim.New(1, false)
	defer s.Close()
	l := &log{s: s}
	p := newPurgatory(s, l, true, false)
	readyA, readyB := false, false
	var a, b *Operation
	s.Go("handler", func() {
		a = op(p, l, "A", 100*time.Millisecond, &readyA)
		b = op(p, l, "B", 200*time.Millisecond, &readyB)
		require.False(t, p.TryCompleteElseWatch(a, "k1"))
		require.False(t, p.TryCompleteElseWatch(b, "k1", "k2"))
		require.Equal(t, 2, p.Len())
		s.Sleep(50*time.Millisecond, "")
		readyB = true
		require.Equal(t, 1, p.CheckAndComplete("k2"))
		require.Equal(t, 0, p.CheckAndComplete("k1"), "B is done, A not ready")
	})
	require.NoError(t, s.Run(time.Second, true, nil))
	require.Equal(t, []string{
		"0ms handler add A",
		"0ms handler add B",
		"50ms handler cancel B",
		"50ms handler complete B",
		"100ms ExpirationReaper-1-Test fire A",
		"100ms executor-Test complete A",
		"100ms executor-Test expire A",
	}, l.steps)
	require.True(t, a.IsCompleted() && a.Expired() && a.Watched())
	require.True(t, b.IsCompleted() && !b.Expired())
	require.Zero(t, p.Len())
	require.False(t, a.ForceComplete(), "an operation completes once")
}

func TestCompletesAtOnceWithoutWatching(t *testing.T) {
	s := sim.New(1, false)
	defer s.Close()
	l := &log{s: s}
	p := newPurgatory(s, l, false, true)
	ready := true
	s.Go("handler", func() {
		o := op(p, l, "A", time.Second, &ready)
		require.True(t, p.TryCompleteElseWatch(o, "k"))
		require.False(t, o.Watched())
		ready = false
		o2 := op(p, l, "B", time.Second, &ready)
		require.False(t, p.TryCompleteElseWatch(o2, "k"))
	})
	require.NoError(t, s.Run(5*time.Second, false, nil))
	// Without an executor the reaper runs the expired operation itself.
	require.Equal(t, []string{
		"0ms handler complete A",
		"0ms handler add B",
		"1s ExpirationReaper-1-Test fire B",
		"1s ExpirationReaper-1-Test complete B",
		"1s ExpirationReaper-1-Test expire B",
	}, l.steps)
}
