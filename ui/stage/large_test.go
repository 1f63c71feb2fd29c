package stage

import (
	"fmt"
	"strings"
	"testing"
)

// A playground group of 300 members: no layout draws a negative size (a
// browser refuses it, with a console error a node).
func TestLargeGroupDrawsNoNegativeSize(t *testing.T) {
	var b strings.Builder
	b.WriteString("use group\nat 0ms topic t partitions=3\n")
	for i := range 300 {
		fmt.Fprintf(&b, "at %dms consumer C%d join G topics=t\n", i, i)
	}
	b.WriteString("run 30s\n")
	m := modelOf(t, "large.lab", b.String())
	step := max(m.Len()/40, 1)
	for i := 0; i+1 < m.Len(); i += step {
		a, b := m.At(i), m.At(i+1)
		for _, n := range BuildGroup(&a, &b, 0.5, Options{Threads: m.Threads}).Nodes {
			if n.W < 0 || n.H < 0 {
				t.Fatalf("event %d: %s is %gx%g", i, n.Key, n.W, n.H)
			}
			for _, x := range n.Texts {
				if x.Size < 0 {
					t.Fatalf("event %d: %s's text %q at size %g", i, n.Key, x.S, x.Size)
				}
			}
		}
	}
}
