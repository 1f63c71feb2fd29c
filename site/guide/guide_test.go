package guide

import (
	"html"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"brokerlab/core/scenario"
	"brokerlab/lessons"
	"brokerlab/ui"
	"brokerlab/ui/playback"
)

var tags = regexp.MustCompile(`<[^>]*>`)

// text is a piece of the page as a reader sees it: no tags, no entities,
// white space as one space.
func text(s string) string {
	return strings.Join(strings.Fields(html.UnescapeString(tags.ReplaceAllString(s, " "))), " ")
}

func has(t *testing.T, where, page, want string) {
	t.Helper()
	if want = strings.Join(strings.Fields(want), " "); !strings.Contains(page, want) {
		t.Errorf("%s: no %q", where, want)
	}
}

// Every lesson has a guide with all its steps in both languages, each
// with its time at 1× as the page plays it, each question with its choices
// and the simulation's answers, every suggested what-if with what to look
// for, and the crux's screenshot beside it.
func TestEveryLessonHasItsGuide(t *testing.T) {
	dst := t.TempDir()
	if err := Write("../..", dst); err != nil {
		t.Fatal(err)
	}
	all, err := lessons.All()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(dst, "guide", "guide.css")); err != nil {
		t.Fatal(err)
	}
	for _, l := range all {
		b, err := os.ReadFile(filepath.Join(dst, filepath.FromSlash(ui.GuideHref(l.ID))))
		if err != nil {
			t.Fatalf("%s: %v", l.ID, err)
		}
		doc := string(b)
		sc, err := scenario.Parse(l.File, l.Scenario)
		if err != nil {
			t.Fatal(err)
		}
		res := scenario.Run(sc, scenario.Options{})
		times := playback.StoryTimes(res)
		sections := strings.Split(doc, `<section class="step`)[1:]
		if len(sections) != len(sc.Steps) || len(res.Steps) != len(sc.Steps) {
			t.Fatalf("%s: %d step sections, %d steps, %d run", l.ID, len(sections), len(sc.Steps), len(res.Steps))
		}
		last := sections[len(sections)-1]
		at := strings.Index(last, `<section class="whatifs"`)
		if at < 0 {
			t.Fatalf("%s: no what-ifs section", l.ID)
		}
		whatifs := last[at:]
		sections[len(sections)-1] = last[:at]
		total := 0.0
		for i, sec := range sections {
			st := sc.Steps[i]
			where := l.ID + " step " + strconv.Itoa(i+1)
			page := text(sec)
			has(t, where, page, "Step "+strconv.Itoa(i+1)+" · 第 "+strconv.Itoa(i+1)+" 步")
			has(t, where, page, st.EN)
			has(t, where, page, st.ZH)
			has(t, where, page, clock(times[i])+" at 1×")
			total += times[i]
			if times[i] <= 0 || times[i] > 45 {
				t.Errorf("%s: %.1f s at 1×", where, times[i])
			}
			if q := st.Ask; q != nil {
				has(t, where, page, q.EN)
				has(t, where, page, q.ZH)
				var r *scenario.AskResult
				for k := range res.Asks {
					if res.Asks[k].Step == i {
						r = &res.Asks[k]
					}
				}
				if r == nil {
					t.Fatalf("%s: the run graded no question", where)
				}
				items := strings.Split(sec, "<li class=")[1:]
				if len(items) != len(q.Choices) {
					t.Fatalf("%s: %d choices shown, %d asked", where, len(items), len(q.Choices))
				}
				right := 0
				for k, c := range q.Choices {
					item := text("<" + items[k])
					has(t, where, item, c.EN)
					has(t, where, item, c.ZH)
					has(t, where, item, c.Cond.String())
					shown := strings.HasPrefix(items[k], `"right"`)
					if shown != r.Choices[k].Holds {
						t.Errorf("%s: choice %q shown right %v, the simulation says %v", where, c.EN, shown, r.Choices[k].Holds)
					}
					if shown {
						right++
						has(t, where, item, "✓ right · 正确")
					}
				}
				if right == 0 {
					t.Errorf("%s: no choice is right", where)
				}
			}
			if crux := strings.Contains(sec, `class="cruxnote"`); crux != (i+1 == l.Crux) {
				t.Errorf("%s: said to be the crux %v, the crux is step %d", where, crux, l.Crux)
			}
		}
		has(t, l.ID, text(doc), clock(total)+" at 1×")
		shot := l.ID[:2] + ".png"
		if !strings.Contains(doc, `<img src="`+shot+`"`) {
			t.Errorf("%s: the crux's screenshot %s is not shown", l.ID, shot)
		}
		if _, err := os.Stat(filepath.Join(dst, "guide", shot)); err != nil {
			t.Errorf("%s: %v", l.ID, err)
		}
		if len(l.WhatIfs) == 0 {
			has(t, l.ID, text(whatifs), "The lesson suggests no what-if of its own")
		}
		items := strings.Split(whatifs, "<li>")[1:]
		if len(items) != len(l.WhatIfs) {
			t.Fatalf("%s: %d what-ifs shown, %d suggested", l.ID, len(items), len(l.WhatIfs))
		}
		for k, w := range l.WhatIfs {
			item := text(items[k])
			has(t, l.ID+" what-if", item, w.Text.EN)
			has(t, l.ID+" what-if", item, w.Text.ZH)
			has(t, l.ID+" what-if", item, "Look for · 观察: "+w.Expect)
			for _, kv := range w.Set {
				has(t, l.ID+" what-if", item, kv)
			}
		}
	}
}

// The guide's answer is the simulation's: lesson 01's session expiry
// preempts all three queued events.
func TestLesson01Answer(t *testing.T) {
	l, err := lessons.Get("01-controller-event-queue")
	if err != nil {
		t.Fatal(err)
	}
	g, err := Build(l, "../../docs/lessons")
	if err != nil {
		t.Fatal(err)
	}
	var right []string
	for _, s := range g.Steps {
		if s.Ask != nil {
			for _, c := range s.Ask.Choices {
				if c.Right {
					right = append(right, c.Text.EN)
				}
			}
		}
	}
	if len(right) != 1 || right[0] != "None of them" {
		t.Fatalf("right answers %q, want None of them", right)
	}
	if g.Shot != "01.png" || g.Total <= 0 || g.Total > 360 {
		t.Fatalf("shot %q, %.0f s", g.Shot, g.Total)
	}
}

func TestClock(t *testing.T) {
	for _, c := range []struct {
		s    float64
		want string
	}{{4.4, "4 s"}, {59.4, "59 s"}, {59.6, "1 min 00 s"}, {245, "4 min 05 s"}} {
		if got := clock(c.s); got != c.want {
			t.Errorf("clock(%v) = %q, want %q", c.s, got, c.want)
		}
	}
}
