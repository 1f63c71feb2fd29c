package stage

import (
	"strings"
	"testing"
)

// Lesson 12, step 4: S1's process has closed, but the coordinator still
// holds it: its card says its process is down (a dashed card, not colour
// alone) and its session bar runs down; S2's card names its instance id.
func TestGroupCardShowsStaticAndDown(t *testing.T) {
	m := lessonModel(t, "12-static-membership")
	for i := 0; i < m.Len()-1; i++ {
		a, b := m.At(i), m.At(i+1)
		s1, ok := member(groups(&a), "S1")
		if !ok || !held(s1) {
			continue
		}
		for _, zh := range []bool{false, true} {
			sw := staticWords(zh)
			sc := BuildGroup(&a, &b, 0, Options{Threads: m.Threads, ZH: zh})
			card, ok := find(sc, "member:S1")
			if !ok || !strings.Contains(card.Class, "down") || !hasText(card, sw.down) {
				t.Fatalf("at %d: S1's card %+v, want class down and %q", i, card, sw.down)
			}
			if _, ok := find(sc, "session:S1:bg"); !ok {
				t.Fatalf("at %d: S1 has no session bar", i)
			}
			s2, _ := find(sc, "member:S2")
			if !hasText(s2, sw.static+" host-2") || strings.Contains(s2.Class, "down") {
				t.Fatalf("at %d: S2's card %+v, want %q and not down", i, s2, sw.static+" host-2")
			}
		}
		return
	}
	t.Fatal("S1 is never held while its process is down")
}

func hasText(n Node, s string) bool {
	for _, x := range n.Texts {
		if x.S == s {
			return true
		}
	}
	return false
}
