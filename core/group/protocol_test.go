package group

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// Kafka 2.5 ConsumerCoordinator.java L175-200: the highest protocol every configured assignor supports.
func TestCommonProtocol(t *testing.T) {
	for _, tc := range []struct {
		assignors []string
		want      RebalanceProtocol
	}{
		{[]string{"range"}, Eager},
		{[]string{"roundrobin", "range"}, Eager},
		{[]string{"sticky"}, Eager},
		{[]string{"cooperative-sticky"}, Cooperative},
		{[]string{"cooperative-sticky", "range"}, Eager},
		{[]string{"range", "cooperative-sticky"}, Eager},
		{[]string{"cooperative-sticky", "sticky"}, Eager},
	} {
		got, ok := commonProtocol(tc.assignors)
		require.True(t, ok, tc.assignors)
		require.Equal(t, tc.want, got, tc.assignors)
	}
	_, ok := commonProtocol([]string{"nope"})
	require.False(t, ok)
	require.Equal(t, "EAGER", Eager.String())
	require.Equal(t, "COOPERATIVE", Cooperative.String())
}

// An assignor supporting only COOPERATIVE cannot be mixed with range.
type coopOnly struct{ RangeAssignor }

func (coopOnly) Name() string                            { return "coop-only" }
func (coopOnly) SupportedProtocols() []RebalanceProtocol { return []RebalanceProtocol{Cooperative} }

func TestNoCommonProtocol(t *testing.T) {
	saved := Assignors
	defer func() { Assignors = saved }()
	Assignors = append(append([]Assignor(nil), saved...), coopOnly{})
	_, ok := commonProtocol([]string{"coop-only", "range"})
	require.False(t, ok)
	err := checkAssignors([]string{"coop-only", "range"})
	require.NotNil(t, err)
	require.Equal(t, "gr.assignors.protocol", err.Code)
	p, ok := commonProtocol([]string{"coop-only", "cooperative-sticky"})
	require.True(t, ok)
	require.Equal(t, Cooperative, p)
}

func TestValidateCooperativeAssignment(t *testing.T) {
	subs := []Subscription{owning("C1", tps(1, 4)), owning("C2", tps(2, 5))}
	// p5 moves straight from C2 to C1: a violation
	require.Equal(t, tps(5), validateCooperativeAssignment(subs, [][]TopicPartition{tps(1, 4, 5), tps(2)}))
	// p5 revoked from C2 and given to nobody; orphans 0 and 3 handed out: fine
	require.Empty(t, validateCooperativeAssignment(subs, [][]TopicPartition{tps(1, 3, 4), tps(0, 2)}))
	// the real assignor never violates it
	a := CooperativeStickyAssignor{}
	four := []Subscription{owning("C0", tps(0, 3)), owning("C1", tps(1, 4)), owning("C2", tps(2, 5)), owning("C3", nil)}
	require.Empty(t, validateCooperativeAssignment(four, a.Assign(t0x6, four)))
}

// Java's hashes: "hello".hashCode() is 99162322; TopicPartition("t0", 0)
// is 31*(31+0) + "t0".hashCode().
func TestJavaHashes(t *testing.T) {
	require.Equal(t, int32(99162322), javaStringHash("hello"))
	require.Equal(t, int32(116*31+48), javaStringHash("t0"))
	require.Equal(t, int32(31*31+116*31+48), TopicPartition{"t0", 0}.javaHash())
}

// A HashMap's iteration order: by bucket, then put order within one; it
// resizes past 0.75 of its table.
func TestJMapOrder(t *testing.T) {
	m := newJMap(func(i int) int32 { return int32(i) })
	for _, k := range []int{17, 1, 33, 2} { // 17, 1, 33 share bucket 1 of 16
		m.put(k)
	}
	require.Equal(t, []int{17, 1, 33, 2}, m.keys())
	for k := 3; k < 12; k++ {
		m.put(k)
	}
	require.Equal(t, 13, m.size())
	require.Equal(t, 32, m.cap) // 13 > 12: resized
	require.Equal(t, []int{1, 33, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 17}, m.keys())
	m.remove(33)
	require.Equal(t, []int{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 17}, m.keys())
}
