//go:build !js

package main

// The stage a class can read (docs/ARCHITECTURE.md, "Sized for
// people"): every text of the stage, measured on screen as pagecheck
// measures it (font size times the SVG's scale), meets the floors in every
// lesson at three moments (its first step, its crux and its end), in the
// lesson view at 1440×900 and 1366×768 and in the presenter's window at
// 1920×1080 and 1280×720, and in the dark theme.

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"brokerlab/core/scenario"
	"brokerlab/lessons"
)

// stageView is one window a stage is read in, with its floors in CSS px.
type stageView struct {
	name     string
	w, h     int64
	route    string // "lesson" or "present/lesson"
	min, p10 float64
}

var stageViews = []stageView{
	{"lesson@1440x900", 1440, 900, "lesson", 11, 12},
	{"lesson@1366x768", 1366, 768, "lesson", 10, 11},
	{"present@1920x1080", 1920, 1080, "present/lesson", 18, 20},
	{"present@1280x720", 1280, 720, "present/lesson", 12, 14},
}

// measureStage is pagecheck's measure: every visible text of #stage, its
// font size on screen, and how many are cut with "…".
const measureStage = `(() => {
  const svg = document.getElementById("stage");
  if (!svg) return JSON.stringify({n: 0});
  const px = [], small = [];
  let cut = 0;
  for (const t of svg.querySelectorAll("text")) {
    const s = (t.textContent || "").trim();
    if (!s) continue;
    const cs = getComputedStyle(t);
    if (cs.display === "none" || cs.visibility === "hidden" || parseFloat(cs.opacity) === 0) continue;
    const r = t.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) continue;
    const m = t.getScreenCTM();
    if (!m) continue;
    const z = parseFloat(cs.fontSize) * Math.hypot(m.a, m.b);
    px.push(z);
    small.push([z, s]);
    if (s.includes("\u2026")) cut++;
  }
  small.sort((a, b) => a[0] - b[0]);
  return JSON.stringify({n: px.length, px: px, cut: cut, smallest: small.slice(0, 3).map(x => x[0].toFixed(1) + "px " + x[1])});
})()`

type stageSample struct {
	N        int       `json:"n"`
	Px       []float64 `json:"px"`
	Cut      int       `json:"cut"`
	Smallest []string  `json:"smallest"`
}

// moments are a lesson's three positions: the end of its first step, the
// end of its crux step and its last event.
func moments(t *testing.T, l lessons.Lesson) [3]int {
	sc, err := scenario.Parse(l.File, l.Scenario)
	if err != nil {
		t.Fatal(err)
	}
	res := scenario.Run(sc, scenario.Options{})
	end := func(step int) int { // the last event of step (0-based)
		for _, m := range res.Steps {
			if m.Step == step+1 {
				return m.Seq - 1
			}
		}
		return res.Events - 1
	}
	return [3]int{end(0), end(l.Crux - 1), res.Events - 1}
}

func (p *page) sampleStage(what string) stageSample {
	p.t.Helper()
	var s stageSample
	for end := time.Now().Add(20 * time.Second); ; {
		time.Sleep(150 * time.Millisecond)
		if err := json.Unmarshal([]byte(p.str(measureStage)), &s); err != nil {
			p.t.Fatal(err)
		}
		if s.N > 0 || time.Now().After(end) {
			break
		}
	}
	if s.N == 0 {
		p.t.Fatalf("%s: the stage drew no text", what)
	}
	return s
}

func TestStageFloors(t *testing.T) {
	all, err := lessons.All()
	if err != nil {
		t.Fatal(err)
	}
	ctx := newBrowser(t)
	p := &page{t: t, ctx: ctx, base: serveSite(t, built(t))}
	at := map[string][3]int{}
	for _, l := range all {
		at[l.ID] = moments(t, l)
	}
	// One page: each moment is a change of the link's hash, as a student's
	// click on a step or a link would make it.
	go_ := func(hash string, pos int) {
		p.t.Helper()
		p.do(chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`location.hash = %q`, hash)))
		p.wait("position", fmt.Sprintf(`(document.getElementById("stage") || {getAttribute(){return ""}}).getAttribute("aria-label").startsWith("event %d /")`, pos+1))
	}
	p.open("#/")
	var report []string
	for i, v := range stageViews {
		p.do(chromedp.EmulateViewport(v.w, v.h))
		for _, l := range all {
			var px []float64
			cut := 0
			var smallest []string
			for _, pos := range at[l.ID] {
				go_(fmt.Sprintf("#/%s/%s?pos=%d", v.route, l.ID, pos), pos)
				s := p.sampleStage(l.ID)
				px = append(px, s.Px...)
				cut += s.Cut
				smallest = append(smallest, s.Smallest...)
			}
			if i == 0 { // the dark theme, at the crux
				go_(fmt.Sprintf("#/%s/%s?pos=%d", v.route, l.ID, at[l.ID][1]), at[l.ID][1])
				p.do(chromedp.Evaluate[chromedp.Void](`document.documentElement.setAttribute("data-theme", "dark")`))
				s := p.sampleStage(l.ID + " dark")
				px = append(px, s.Px...)
				p.do(chromedp.Evaluate[chromedp.Void](`document.documentElement.setAttribute("data-theme", "light")`))
			}
			sort.Float64s(px)
			sort.Strings(smallest)
			mn, p10 := px[0], px[len(px)/10]
			line := fmt.Sprintf("%-18s %-28s texts %4d  min %5.1f  p10 %5.1f px  cut %d", v.name, l.ID, len(px), mn, p10, cut)
			report = append(report, line)
			t.Log(line)
			if mn < v.min || p10 < v.p10 || cut > 0 {
				t.Errorf("%s: below the floor (min ≥ %.0f, 10th percentile ≥ %.0f px, nothing cut with …); smallest: %s", line, v.min, v.p10, strings.Join(smallest[:min(3, len(smallest))], " | "))
			}
		}
	}
	t.Log("\n" + strings.Join(report, "\n"))
}

// The page fits a laptop (issue 11, "A page that fits 1440×900 and
// 1366×768"): the header is one row, the narration holds about 40
// characters a line, the stage is wholly in view, the what-if controls are
// reached by scrolling the side alone (the stage stays where it is), and
// the event log has rows above the fold with room for their notes.
func TestBrowserLayout(t *testing.T) {
	ctx := newBrowser(t)
	p := &page{t: t, ctx: ctx, base: serveSite(t, built(t))}
	for _, v := range stageViews[:2] {
		p.do(chromedp.EmulateViewport(v.w, v.h))
		p.open("#/lesson/03-kafka-request-pipeline?pos=400")
		p.wait("the stage", `document.querySelectorAll("#stage [data-k]").length > 10`)
		m := p.str(`(() => {
			const r = (s) => document.querySelector(s).getBoundingClientRect();
			const top = r(".top"), stage = r("#stage"), row = r("#logbody tr"), note = r("#logbody td.note");
			// Characters a line in the current step: its width over the
			// width of an average character of its font.
			const text = document.querySelector(".step.cur .text") || document.querySelector(".step .text");
			const probe = document.createElement("span");
			probe.textContent = "the leader appends records to its log and waits";
			text.appendChild(probe);
			const perChar = probe.getBoundingClientRect().width / probe.textContent.length;
			probe.remove();
			const chars = text.getBoundingClientRect().width / perChar;
			const side = document.querySelector(".side"), btn = document.querySelector("#whatif button");
			btn.scrollIntoView({block: "nearest"});
			const b = btn.getBoundingClientRect();
			return JSON.stringify({top: top.height, stageTop: stage.top, stageBottom: stage.bottom, h: innerHeight,
				chars: chars, row: row.top, note: note.width, page: document.scrollingElement.scrollTop, btn: b.bottom, sideScroll: side.scrollTop});
		})()`)
		var got struct {
			Top, StageTop, StageBottom, H, Chars, Row, Note, Page, Btn, SideScroll float64
		}
		if err := json.Unmarshal([]byte(m), &got); err != nil {
			t.Fatal(err)
		}
		t.Logf("%s: %s", v.name, m)
		switch {
		case got.Top > 60:
			t.Errorf("%s: the header is %.0f px high: more than one row", v.name, got.Top)
		case got.Chars < 36:
			t.Errorf("%s: the narration holds %.0f characters a line (about 40 wanted)", v.name, got.Chars)
		case got.StageTop < 0 || got.StageBottom > got.H:
			t.Errorf("%s: the stage (%.0f–%.0f px) is not wholly in a %.0f px window", v.name, got.StageTop, got.StageBottom, got.H)
		case got.Page != 0 || got.Btn > got.H:
			t.Errorf("%s: reaching the what-if controls scrolled the page by %.0f px (their bottom at %.0f of %.0f)", v.name, got.Page, got.Btn, got.H)
		case got.Row > got.H-20:
			t.Errorf("%s: the event log's first row is at %.0f px, below the fold", v.name, got.Row)
		case got.Note < 150:
			t.Errorf("%s: the log's notes get %.0f px", v.name, got.Note)
		}
	}
}
