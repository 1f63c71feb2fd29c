package cluster

import (
	"fmt"
	"testing"
)

func dump(t *testing.T, r *rig, from int) {
	for _, e := range r.s.Trace()[from:] {
		fmt.Printf("%d %8d %-60s %-14s %-30s id=%d %s %s→%s %s\n", e.Seq, e.T, e.Actor, e.Kind, e.Subj, e.ID, e.Item, e.From, e.To, e.Note)
	}
}
