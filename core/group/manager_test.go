package group

import "testing"

// GroupMetadataManager.partitionFor on the ids Kafka 2.5's Java computes
// (String.hashCode, Utils.abs): "g" 103, "g1" 3242, "orders"
// -1008770331, "my-group" -1906497762, "spring-group" 1873776319.
func TestPartitionFor(t *testing.T) {
	for _, c := range []struct {
		group            string
		p50, p10, p3, p1 int
	}{
		{"g", 3, 3, 1, 0}, {"g1", 42, 2, 2, 0}, {"orders", 31, 1, 0, 0},
		{"my-group", 12, 2, 0, 0}, {"spring-group", 19, 9, 1, 0},
	} {
		for _, n := range []struct{ parts, want int }{{50, c.p50}, {10, c.p10}, {3, c.p3}, {1, c.p1}} {
			if got := PartitionFor(c.group, n.parts); got != n.want {
				t.Errorf("PartitionFor(%q, %d) = %d, want %d", c.group, n.parts, got, n.want)
			}
		}
	}
	// A hashCode of Integer.MIN_VALUE maps to 0 (Utils.abs); "polygenelubricants" is such a string.
	if got := PartitionFor("polygenelubricants", 7); got != 0 {
		t.Errorf("PartitionFor(MIN_VALUE hash) = %d, want 0", got)
	}
}
