package group

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// callbacks records a rebalance listener's calls, as "revoked t0-2,t0-3".
type callbacks struct{ calls []string }

func (l *callbacks) OnPartitionsRevoked(tps []TopicPartition) {
	l.calls = append(l.calls, "revoked "+FormatPartitions(tps))
}
func (l *callbacks) OnPartitionsAssigned(tps []TopicPartition) {
	l.calls = append(l.calls, "assigned "+FormatPartitions(tps))
}
func (l *callbacks) OnPartitionsLost(tps []TopicPartition) {
	l.calls = append(l.calls, "lost "+FormatPartitions(tps))
}

// threeThenC0Leaves runs three fetching consumers of t0×6 with the given
// strategy, stops C0 at 20 s, and returns the survivors' listener calls.
func threeThenC0Leaves(t *testing.T, assignors ...string) (c1, c2 *callbacks, w *world) {
	w = newWorld(t, 1, func(c *Config) { c.Consumer.Assignors = assignors })
	w.y.Topic(0, "t0", 6)
	ls := []*callbacks{{}, {}, {}}
	var ds []*driver
	for i, name := range []string{"C0", "C1", "C2"} {
		opts := earliest()
		opts.Listener = ls[i]
		ds = append(ds, w.client(name, opts, &driver{timeout: ms(100), noCommit: true}))
	}
	w.runTo(sec(15))
	w.y.main.Post(sec(20), func() { ds[0].stop = true })
	w.runTo(sec(40))
	return ls[1], ls[2], w
}

// Kafka 2.5 RangeAssignor.java L87-116, ConsumerCoordinator.java L677-684: eager range. The survivors revoke everything
// before rejoining, then are assigned everything they now have.
func TestEagerRangeCallbacks(t *testing.T) {
	c1, c2, w := threeThenC0Leaves(t, "range")
	require.Equal(t, []string{"assigned t0-2,t0-3", "revoked t0-2,t0-3", "assigned t0-0,t0-1,t0-2"}, c1.calls)
	require.Equal(t, []string{"assigned t0-4,t0-5", "revoked t0-4,t0-5", "assigned t0-3,t0-4,t0-5"}, c2.calls)
	require.Equal(t, "2", w.get("group[G].generation"))
}

// Kafka 2.5 CooperativeStickyAssignor.java L63-103, ConsumerCoordinator.java
// L374-398: cooperative-sticky. One rebalance, nothing
// revoked; each survivor is assigned only the orphan it gains.
func TestCooperativeStickyCallbacks(t *testing.T) {
	c1, c2, w := threeThenC0Leaves(t, "cooperative-sticky")
	require.Equal(t, []string{"assigned t0-1,t0-4", "assigned t0-3"}, c1.calls)
	require.Equal(t, []string{"assigned t0-2,t0-5", "assigned t0-0"}, c2.calls)
	require.Equal(t, "2", w.get("group[G].generation"))
	require.Equal(t, "COOPERATIVE", w.get("consumer[C1].rebalanceProtocol"))
}

// Kafka 2.5 ConsumerCoordinator.java L180-197: [cooperative-sticky, range] is EAGER: the
// survivors revoke all, and the fresh assignment reshuffles.
func TestMixedListCallbacks(t *testing.T) {
	c1, c2, w := threeThenC0Leaves(t, "cooperative-sticky", "range")
	require.Equal(t, []string{"assigned t0-1,t0-4", "revoked t0-1,t0-4", "assigned t0-0,t0-2,t0-4"}, c1.calls)
	require.Equal(t, []string{"assigned t0-2,t0-5", "revoked t0-2,t0-5", "assigned t0-1,t0-3,t0-5"}, c2.calls)
	require.Equal(t, "cooperative-sticky", w.get("group[G].protocol"))
	require.Equal(t, "EAGER", w.get("consumer[C1].rebalanceProtocol"))
}

// rotating supports only COOPERATIVE but hands each member the partitions
// the next member owns: straight from one owner to another.
type rotating struct{ RangeAssignor }

func (rotating) Name() string                            { return "rotating" }
func (rotating) SupportedProtocols() []RebalanceProtocol { return []RebalanceProtocol{Cooperative} }
func (r rotating) Assign(ppt map[string]int, subs []Subscription) [][]TopicPartition {
	out := r.RangeAssignor.Assign(ppt, subs)
	for i := range subs {
		if next := subs[(i+1)%len(subs)]; len(next.OwnedPartitions) > 0 {
			out[i] = next.OwnedPartitions
		}
	}
	return out
}

// The leader's validateCooperativeAssignment catches an assignor that
// breaks the COOPERATIVE protocol: an invariant violation.
func TestValidateCooperativeAssignmentInAGroup(t *testing.T) {
	saved := Assignors
	defer func() { Assignors = saved }()
	Assignors = append(append([]Assignor(nil), saved...), rotating{})
	w := newWorld(t, 1, func(c *Config) { c.Consumer.Assignors = []string{"rotating"} })
	w.y.Topic(0, "t0", 4)
	w.y.Join(0, "C0", "G", []string{"t0"}, w.cfg.Consumer)
	w.y.Join(0, "C1", "G", []string{"t0"}, w.cfg.Consumer)
	w.runTo(sec(10))
	require.Empty(t, w.y.Violations)
	w.y.Join(sec(11), "C2", "G", []string{"t0"}, w.cfg.Consumer)
	_ = w.s.Run(sec(30), false, func() bool { return len(w.y.Violations) > 0 })
	require.NotEmpty(t, w.y.Violations)
	require.Contains(t, w.y.Violations[0], "violates the COOPERATIVE protocol")
}
