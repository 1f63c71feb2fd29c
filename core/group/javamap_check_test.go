package group

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// The orders below were printed by java.util.HashMap (OpenJDK) putting
// the same keys in the same order: TopicPartition's hashCode, and
// String's.
func TestJMapMatchesJava(t *testing.T) {
	for _, tc := range []struct {
		topics []string
		sizes  []int
		want   string
	}{
		{[]string{"t0"}, []int{6}, "t0-5 t0-4 t0-3 t0-2 t0-1 t0-0"},
		{[]string{"topic1", "topic2"}, []int{3, 2}, "topic1-1 topic1-0 topic2-1 topic1-2 topic2-0"},
		{[]string{"t0", "t1", "abc"}, []int{50, 17, 33}, "abc-32 t0-25 abc-24 t0-17 abc-16 t0-42 t0-9 t1-9 abc-8 t0-34 t0-1 t1-1 abc-0 t0-26 t0-18 abc-25 t0-43 t0-10 abc-17 t1-10 t0-35 t0-2 abc-9 t1-2 t0-27 abc-1 abc-26 t0-19 abc-18 t0-44 t0-11 t1-11 abc-10 t0-36 t0-3 t1-3 abc-2 t0-28 t0-20 abc-27 t0-45 t0-12 abc-19 t1-12 t0-37 t0-4 abc-11 t1-4 t0-29 abc-3"},
		{[]string{"t"}, []int{200}, "t-180 t-147 t-114 t-81 t-48 t-15 t-197 t-164 t-131 t-98 t-65 t-32 t-181 t-148 t-115 t-82 t-49 t-16 t-198 t-165 t-132 t-99 t-66 t-33 t-0 t-182 t-149 t-116 t-83 t-50 t-17 t-199 t-166 t-133 t-100 t-67 t-34 t-1 t-183 t-150 t-117 t-84 t-51 t-18 t-167 t-134 t-101 t-68 t-35 t-2 t-184 t-151 t-118 t-85 t-52"},
	} {
		m := newTPMap()
		for i, topic := range tc.topics {
			for p := 0; p < tc.sizes[i]; p++ {
				m.put(TopicPartition{topic, p})
			}
		}
		var got []string
		for _, tp := range m.keys() {
			got = append(got, tp.String())
		}
		require.True(t, strings.HasPrefix(strings.Join(got, " "), tc.want), "%v: got %s", tc.topics, strings.Join(got, " "))
	}
	s := newStringMap()
	for _, id := range []string{"C0-0c51", "C1-0118", "C2-d0f4", "consumer-1", "x", "yy"} {
		s.put(id)
	}
	require.Equal(t, []string{"yy", "C0-0c51", "C2-d0f4", "C1-0118", "x", "consumer-1"}, s.keys())
}
