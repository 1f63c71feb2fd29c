package group

import (
	"testing"

	"github.com/stretchr/testify/require"
)

func tps(ps ...int) []TopicPartition {
	out := make([]TopicPartition, len(ps))
	for i, p := range ps {
		out[i] = TopicPartition{"t0", p}
	}
	return out
}

func owning(id string, owned []TopicPartition) Subscription {
	return Subscription{MemberID: id, Topics: []string{"t0"}, OwnedPartitions: owned}
}

func sticky(id string, gen int, had []TopicPartition) Subscription {
	return Subscription{MemberID: id, Topics: []string{"t0"}, UserData: &MemberData{Partitions: had, Generation: gen, HasGeneration: true}}
}

var t0x6 = map[string]int{"t0": 6}

// Eager sticky, as Kafka 2.5.0's StickyAssignor assigns (run on it).
func TestStickyAssignorFacts(t *testing.T) {
	gen1 := assign(t, "sticky", t0x6, sub("C0", "t0"), sub("C1", "t0"), sub("C2", "t0"))
	require.Equal(t, map[string]string{"C0": "t0-0,t0-3", "C1": "t0-1,t0-4", "C2": "t0-2,t0-5"}, gen1)
	// C0 leaves: the survivors send what they had in generation 1
	gen2 := assign(t, "sticky", t0x6, sticky("C1", 1, tps(1, 4)), sticky("C2", 1, tps(2, 5)))
	require.Equal(t, map[string]string{"C1": "t0-1,t0-3,t0-4", "C2": "t0-0,t0-2,t0-5"}, gen2)
}

// Cooperative-sticky, as Kafka 2.5.0's CooperativeStickyAssignor assigns
// (run on it), every case.
func TestCooperativeStickyAssignorFacts(t *testing.T) {
	a := "cooperative-sticky"
	gen1 := assign(t, a, t0x6, owning("C0", nil), owning("C1", nil), owning("C2", nil))
	require.Equal(t, map[string]string{"C0": "t0-0,t0-3", "C1": "t0-1,t0-4", "C2": "t0-2,t0-5"}, gen1)

	require.Equal(t, map[string]string{"C1": "t0-1,t0-3,t0-4", "C2": "t0-0,t0-2,t0-5"},
		assign(t, a, t0x6, owning("C1", tps(1, 4)), owning("C2", tps(2, 5))), "C0 leaves")
	require.Equal(t, map[string]string{"C0": "t0-0,t0-3,t0-4", "C2": "t0-1,t0-2,t0-5"},
		assign(t, a, t0x6, owning("C0", tps(0, 3)), owning("C2", tps(2, 5))), "C1 leaves")
	require.Equal(t, map[string]string{"C0": "t0-0,t0-3,t0-5", "C1": "t0-1,t0-2,t0-4"},
		assign(t, a, t0x6, owning("C0", tps(0, 3)), owning("C1", tps(1, 4))), "C2 leaves")

	// C3 joins: two rebalances
	gen2 := assign(t, a, t0x6, owning("C0", tps(0, 3)), owning("C1", tps(1, 4)), owning("C2", tps(2, 5)), owning("C3", nil))
	require.Equal(t, map[string]string{"C0": "t0-0,t0-3", "C1": "t0-1,t0-4", "C2": "t0-2", "C3": ""}, gen2)
	gen3 := assign(t, a, t0x6, owning("C0", tps(0, 3)), owning("C1", tps(1, 4)), owning("C2", tps(2)), owning("C3", nil))
	require.Equal(t, map[string]string{"C0": "t0-0,t0-3", "C1": "t0-1,t0-4", "C2": "t0-2", "C3": "t0-5"}, gen3)

	// C3 joins the two-member group
	genN := assign(t, a, t0x6, owning("C1", tps(1, 3, 4)), owning("C2", tps(0, 2, 5)), owning("C3", nil))
	require.Equal(t, map[string]string{"C1": "t0-1,t0-3", "C2": "t0-0,t0-2", "C3": ""}, genN)
	genN1 := assign(t, a, t0x6, owning("C1", tps(1, 3)), owning("C2", tps(0, 2)), owning("C3", nil))
	require.Equal(t, map[string]string{"C1": "t0-1,t0-3", "C2": "t0-0,t0-2", "C3": "t0-4,t0-5"}, genN1)

	// under EAGER (mixed with range) nothing is owned: no stickiness
	require.Equal(t, map[string]string{"C1": "t0-0,t0-2,t0-4", "C2": "t0-1,t0-3,t0-5"},
		assign(t, a, t0x6, owning("C1", nil), owning("C2", nil)), "EAGER, C0 leaves")
}
