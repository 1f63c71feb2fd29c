package group

import (
	"fmt"
	"os"
	"testing"
)

func (w *world) dump() {
	if os.Getenv("DUMP") == "" {
		return
	}
	for _, e := range w.s.Trace() {
		switch e.Kind {
		case "queue.wait", "select.wait", "lock.acquire", "lock.release", "queue.put", "queue.take", "thread.start":
			continue
		}
		fmt.Printf("%8d %-48.48s %-14s %-16s %3d %-26s %s→%s %s\n", e.T/1000, e.Actor, e.Kind, e.Subj, e.ID, e.Item, e.From, e.To, e.Note)
	}
}

var _ = testing.Short
