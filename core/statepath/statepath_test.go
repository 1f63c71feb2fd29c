package statepath

import "testing"

func TestSplit(t *testing.T) {
	for _, c := range []struct{ in, head, key, tail, err string }{
		{"zookeeper.connections", "zookeeper.connections", "", "", ""},
		{"zookeeper.conn[c1].state", "zookeeper.conn", "c1", ".state", ""},
		{"controller.metric[EventQueueTimeMs].p99", "controller.metric", "EventQueueTimeMs", ".p99", ""},
		{"a[b", "", "", "", "missing ]"},
		{"a[]", "", "", "", "empty []"},
	} {
		h, k, tl, err := Split(c.in)
		got := ""
		if err != nil {
			got = err.Error()
		}
		if h != c.head || k != c.key || tl != c.tail || got != c.err {
			t.Errorf("Split(%q) = %q %q %q %q, want %q %q %q %q", c.in, h, k, tl, got, c.head, c.key, c.tail, c.err)
		}
	}
}

func TestShape(t *testing.T) {
	for in, want := range map[string]string{
		"zookeeper.connections":    "zookeeper.connections",
		"group[g1].assignment[c2]": "group[].assignment[]",
		"group[G].assignment[C]":   "group[].assignment[]",
		"replica[t-0,2].leo":       "replica[].leo",
		"a[b":                      "a[b",
	} {
		if got := Shape(in); got != want {
			t.Errorf("Shape(%q) = %q, want %q", in, got, want)
		}
	}
}
