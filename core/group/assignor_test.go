package group

import (
	"testing"

	"github.com/stretchr/testify/require"
)

func assign(t *testing.T, name string, partitions map[string]int, subs ...Subscription) map[string]string {
	t.Helper()
	a := LookupAssignor(name)
	require.NotNil(t, a, name)
	out := a.Assign(partitions, subs)
	require.Len(t, out, len(subs))
	got := map[string]string{}
	for i, s := range subs {
		got[s.MemberID] = FormatPartitions(out[i])
	}
	return got
}

func sub(id string, topics ...string) Subscription { return Subscription{MemberID: id, Topics: topics} }

// The javadoc examples of Kafka 2.5 RangeAssignor.java and
// RoundRobinAssignor.java, then other cases.
func TestAssignors(t *testing.T) {
	tests := []struct {
		name       string
		assignor   string
		partitions map[string]int
		subs       []Subscription
		want       map[string]string
	}{
		{"range javadoc: 2 consumers, t0 and t1 × 3", "range", map[string]int{"t0": 3, "t1": 3},
			[]Subscription{sub("C0", "t0", "t1"), sub("C1", "t0", "t1")},
			map[string]string{"C0": "t0-0,t0-1,t1-0,t1-1", "C1": "t0-2,t1-2"}},
		{"roundrobin javadoc: 2 consumers, t0 and t1 × 3", "roundrobin", map[string]int{"t0": 3, "t1": 3},
			[]Subscription{sub("C0", "t0", "t1"), sub("C1", "t0", "t1")},
			map[string]string{"C0": "t0-0,t0-2,t1-1", "C1": "t0-1,t1-0,t1-2"}},
		{"roundrobin javadoc: unequal subscriptions", "roundrobin", map[string]int{"t0": 1, "t1": 2, "t2": 3},
			[]Subscription{sub("C0", "t0"), sub("C1", "t0", "t1"), sub("C2", "t0", "t1", "t2")},
			map[string]string{"C0": "t0-0", "C1": "t1-0", "C2": "t1-1,t2-0,t2-1,t2-2"}},
		{"range: unequal subscriptions, same answer", "range", map[string]int{"t0": 1, "t1": 2, "t2": 3},
			[]Subscription{sub("C0", "t0"), sub("C1", "t0", "t1"), sub("C2", "t0", "t1", "t2")},
			map[string]string{"C0": "t0-0", "C1": "t1-0", "C2": "t1-1,t2-0,t2-1,t2-2"}},
		{"range: 7 partitions over 3, the first N%M get one more", "range", map[string]int{"t0": 7},
			[]Subscription{sub("C2", "t0"), sub("C0", "t0"), sub("C1", "t0")},
			map[string]string{"C0": "t0-0,t0-1,t0-2", "C1": "t0-3,t0-4", "C2": "t0-5,t0-6"}},
		{"range: the extra partition goes to the same member in every topic", "range", map[string]int{"t0": 4, "t1": 4, "t2": 4},
			[]Subscription{sub("C0", "t0", "t1", "t2"), sub("C1", "t0", "t1", "t2"), sub("C2", "t0", "t1", "t2")},
			map[string]string{"C0": "t0-0,t0-1,t1-0,t1-1,t2-0,t2-1", "C1": "t0-2,t1-2,t2-2", "C2": "t0-3,t1-3,t2-3"}},
		{"roundrobin: the same input spreads evenly", "roundrobin", map[string]int{"t0": 4, "t1": 4, "t2": 4},
			[]Subscription{sub("C0", "t0", "t1", "t2"), sub("C1", "t0", "t1", "t2"), sub("C2", "t0", "t1", "t2")},
			map[string]string{"C0": "t0-0,t0-3,t1-2,t2-1", "C1": "t0-1,t1-0,t1-3,t2-2", "C2": "t0-2,t1-1,t2-0,t2-3"}},
		{"range: more members than partitions", "range", map[string]int{"t0": 2},
			[]Subscription{sub("C0", "t0"), sub("C1", "t0"), sub("C2", "t0")},
			map[string]string{"C0": "t0-0", "C1": "t0-1", "C2": ""}},
		{"roundrobin: more members than partitions", "roundrobin", map[string]int{"t0": 2},
			[]Subscription{sub("C0", "t0"), sub("C1", "t0"), sub("C2", "t0")},
			map[string]string{"C0": "t0-0", "C1": "t0-1", "C2": ""}},
		{"a topic without metadata is skipped", "range", map[string]int{"t0": 2},
			[]Subscription{sub("C0", "t0", "nope"), sub("C1", "nope")},
			map[string]string{"C0": "t0-0,t0-1", "C1": ""}},
		{"roundrobin: a topic without metadata is skipped", "roundrobin", map[string]int{"t1": 2},
			[]Subscription{sub("C0", "t0"), sub("C1", "t0", "t1")},
			map[string]string{"C0": "", "C1": "t1-0,t1-1"}},
		{"members sort by member id as strings: C10 before C2", "range", map[string]int{"t0": 3},
			[]Subscription{sub("C2-aaaa", "t0"), sub("C10-bbbb", "t0")},
			map[string]string{"C10-bbbb": "t0-0,t0-1", "C2-aaaa": "t0-2"}},
		{"no members", "roundrobin", map[string]int{"t0": 3}, nil, map[string]string{}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			require.Equal(t, tc.want, assign(t, tc.assignor, tc.partitions, tc.subs...))
		})
	}
}

func TestLookupAssignor(t *testing.T) {
	require.Equal(t, "range", LookupAssignor("range").Name())
	require.Equal(t, "roundrobin", LookupAssignor("roundrobin").Name())
	require.Equal(t, "sticky", LookupAssignor("sticky").Name())
	require.Equal(t, "cooperative-sticky", LookupAssignor("cooperative-sticky").Name())
	require.Nil(t, LookupAssignor("uniform"))
}
