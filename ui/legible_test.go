package ui

import (
	"fmt"
	"sort"
	"strings"
	"testing"

	"brokerlab/lessons"
	"brokerlab/ui/stage"
)

// Every text of every lesson's stage, at 40 moments of its run and in both
// languages, is at least stage.Small view-box units, nine in ten at least
// stage.Body, and none is cut with "…" (docs/ARCHITECTURE.md, "Sized for people"). The
// browser test wasm/stagefloors_test.go measures the same texts on screen;
// this one names the text that is too small or cut.
func TestStageTextIsLegible(t *testing.T) {
	eachLesson(t, func(t *testing.T, l lessons.Lesson, open func(lang string) *App) {
		for _, lang := range []string{"en", "zh"} {
			a := open(lang)
			var sizes []float64
			var small, cut []string
			n := a.Len()
			for i := 0; i < 40; i++ {
				a.Play.Seek(i * (n - 1) / 39)
				sc, _ := a.Frame()
				for _, nd := range sc.Nodes {
					for _, tx := range nd.Texts {
						if strings.TrimSpace(tx.S) == "" {
							continue
						}
						sizes = append(sizes, tx.Size)
						if tx.Size < stage.Small {
							small = append(small, fmt.Sprintf("%s %q at %.0f", nd.Key, tx.S, tx.Size))
						}
						if strings.Contains(tx.S, "…") {
							cut = append(cut, fmt.Sprintf("%s %q", nd.Key, tx.S))
						}
					}
				}
			}
			if len(sizes) == 0 {
				t.Fatalf("%s: the stage drew no text", lang)
			}
			sort.Float64s(sizes)
			if p10 := sizes[len(sizes)/10]; p10 < stage.Body {
				t.Errorf("%s: one text in ten is %.1f units or smaller, under Body (%.0f)", lang, p10, stage.Body)
			}
			report := func(what string, xs []string) {
				if len(xs) > 0 {
					sort.Strings(xs)
					xs = compact(xs)
					t.Errorf("%s: %d texts %s, e.g.:\n  %s", lang, len(xs), what, strings.Join(xs[:min(8, len(xs))], "\n  "))
				}
			}
			report(fmt.Sprintf("under Small (%.0f units)", stage.Small), small)
			report("cut with …", cut)
		}
	})
}

// eachLesson runs f for every lesson, in parallel subtests; open shows
// the lesson from its start on a new App in a language.
func eachLesson(t *testing.T, f func(t *testing.T, l lessons.Lesson, open func(lang string) *App)) {
	all, err := lessons.All()
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range all {
		t.Run(l.ID, func(t *testing.T) {
			t.Parallel()
			f(t, l, func(lang string) *App {
				_, a := newFake()
				a.SetLang(lang)
				a.Route("#/lesson/" + l.ID)
				return a
			})
		})
	}
}

func compact(xs []string) []string {
	out := xs[:0]
	for i, x := range xs {
		if i == 0 || x != xs[i-1] {
			out = append(out, x)
		}
	}
	return out
}
