//go:build !js

package main

import (
	"fmt"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/target"
	"github.com/chromedp/chromedp"

	"brokerlab/core/scenario"
	"brokerlab/lessons"
)

// Presenter mode: the Present button opens a second window with the stage
// alone; it follows the teacher's window step by step, across a jump, a
// question, a what-if and a language switch, while the teacher sees
// speaker notes.
func TestBrowserPresenter(t *testing.T) {
	ctx := newBrowser(t)
	p := &page{t: t, ctx: ctx, base: serveSite(t, built(t))}
	p.open("#/lesson/" + lesson + "?pos=20")
	p.wait("the lesson", `/^event 21 \//.test((document.querySelector("#pos") || {}).textContent || "")`)

	opened := chromedp.WaitNewTarget(ctx, func(i *target.Info) bool { return strings.Contains(i.URL, "#/present/lesson/") })
	p.click("#present")
	var id target.ID
	select {
	case id = <-opened:
	case <-time.After(20 * time.Second):
		t.Fatal("the presenter window did not open")
	}
	wctx, cancel := chromedp.NewContext(ctx, chromedp.WithTargetID(id))
	defer cancel()
	w := &page{t: t, ctx: wctx, base: p.base}
	at := func(n int) string {
		return fmt.Sprintf(`(document.querySelector("#stage") || {getAttribute: () => ""}).getAttribute("aria-label") === "event %d / " + %d`, n, p.num(`Number(document.querySelector("#pos").textContent.match(/\/ (\d+)/)[1])`))
	}
	w.wait("the presenter window at the teacher's moment", at(21)+` && document.querySelectorAll('#stage [data-k^="thread:"]').length >= 5`)
	if got := w.str(`[".narration", ".timeline", ".side", ".top"].map(s => getComputedStyle(document.querySelector(s)).display).join(",")`); got != "none,none,none,none" {
		t.Fatalf("the presenter window shows more than the stage: %s", got)
	}
	if h := w.num(`Math.round(document.querySelector("#stage").getBoundingClientRect().height)`); h < 500 {
		t.Fatalf("the stage is %d px high in the presenter window", h)
	}
	p.wait("the present button pressed", `document.querySelector("#present").getAttribute("aria-pressed") === "true"`)
	p.wait("speaker notes with the step and the next", `(n => !!n && n.textContent.includes("Step 2 / 10") && n.textContent.includes("While controller-event-thread is busy") && n.textContent.includes("Next: step 3"))(document.querySelector("#notes"))`)
	p.notesInView("at step 2")
	p.do(chromedp.Evaluate[chromedp.Void](`window.scrollTo(0, document.body.scrollHeight)`))
	p.notesInView("at step 2, the page scrolled down")
	p.do(chromedp.Evaluate[chromedp.Void](`window.scrollTo(0, 0)`))

	// Step in the teacher's window: the presenter window follows.
	p.click("#fwd")
	w.wait("one step on", at(22))
	p.do(chromedp.Evaluate[chromedp.Void](`document.querySelectorAll("#steps li")[3].click()`))
	mark := p.pos()
	w.wait("the jump to step 4", at(mark)+` && document.querySelector(".caption").textContent.includes("step 4 / 10")`)
	// The question step: the presenter window shows the question over the
	// stage, numbered; the teacher answers with a key and plays on; the
	// presenter's caption says what the simulation did.
	p.do(chromedp.Evaluate[chromedp.Void](`document.querySelectorAll("#steps li")[5].click()`))
	w.wait("the question over the stage", `(q => !!q && q.textContent.includes("Which of the three queued events") && q.querySelectorAll("ol.pchoices li").length === 3)(document.querySelector("#pquestion"))`)
	if got := w.str(`getComputedStyle(document.querySelector("#pquestion")).position`); got != "fixed" {
		t.Fatalf("the question panel is not over the stage: position %s", got)
	}
	w.shot("presenter-question.png")
	// The teacher's notes: the step's text, which the narration hides
	// while the question is open, and the simulation's answer, in view at
	// the two sizes a teacher's laptop has.
	p.wait("the answer in the speaker notes", `(n => !!n && n.textContent.includes("The simulation will show: None of them"))(document.querySelector("#notes-answer"))`)
	if got := p.text("#notes .ntext"); !strings.HasPrefix(got, "None of them. The session-expiry thread") {
		t.Fatalf("speaker notes on the question's step: %q", got)
	}
	p.notesInView("1920×1080, a question open")
	p.do(chromedp.EmulateViewport(1440, 900))
	p.notesInView("1440×900, a question open")
	p.shot("teacher-question-1440.png")
	if _, err := chromedp.Call(ctx, emulation.ClearDeviceMetricsOverride, cdp.Empty{}); err != nil {
		t.Fatal(err)
	}
	if got := p.str(keyDown("3")); got != "taken" {
		t.Fatalf("key 3: %s", got)
	}
	// The pick plays on: past the grading, at the end of the question's
	// step, the next step's caption says what the simulation did.
	w.wait("the grading in the caption", `!document.querySelector("#pquestion") && document.querySelector(".caption").textContent.includes("step 7 / 10 · The simulation: None of them")`)
	p.do(chromedp.Evaluate[chromedp.Void](`(b => b.textContent.includes("Pause") && b.click())(document.querySelector("#play"))`))
	p.wait("paused", `document.querySelector("#play").textContent.includes("Play")`)

	// A what-if branches both.
	p.click("#expire")
	p.wait("the injected action", `document.querySelector("#injected") && document.querySelector("#injected").textContent.includes("session expire")`)
	w.wait("the branch in the presenter window", `location.hash.includes("session%20expire")`)
	// The branch plays on, in both windows.
	p.wait("playing", `document.querySelector("#play").textContent.includes("Pause")`)
	time.Sleep(1500 * time.Millisecond)
	p.click("#play")
	p.wait("paused", `document.querySelector("#play").textContent.includes("Play")`)
	w.wait("the same moment after playing", at(p.pos()))
	// The two checks pagecheck -presenter adds to the ones above: keys
	// pressed in the projector window do not move it (the lesson's keys
	// belong to the teacher's window), and after the teacher's window
	// reloads the projector follows it again.
	mark = p.pos()
	for _, k := range []string{"ArrowRight", " ", "1", "ArrowLeft", " "} {
		w.str(keyDown(k))
	}
	time.Sleep(800 * time.Millisecond)
	w.wait("the projector still at the teacher's moment after keys pressed in it", at(mark))
	if got := p.pos(); got != mark {
		t.Fatalf("keys pressed in the projector moved the teacher's window from %d to %d", mark, got)
	}
	p.do(chromedp.Reload())
	p.wait("the teacher's window reloaded", fmt.Sprintf(`((document.querySelector("#pos") || {}).textContent || "").includes("%d /")`, mark))
	p.click("#fwd")
	p.click("#fwd")
	w.wait("the projector in step after the teacher's reload", at(p.pos()))

	p.click("#lang-zh")
	w.wait("Chinese on the stage window", `document.querySelector(".caption").textContent.includes("步骤")`)
	w.noCrash()
	w.shot("presenter.png")
	p.shot("teacher.png")

	// Every question of every lesson: its answer and its step's text fit
	// in the notes, in view, in both languages, on the smaller laptop.
	p.do(chromedp.EmulateViewport(1440, 900))
	all, err := lessons.All()
	if err != nil {
		t.Fatal(err)
	}
	for _, lang := range []string{"en", "zh"} {
		p.click("#lang-" + lang)
		for _, l := range all {
			sc, err := scenario.Parse(l.File, l.Scenario)
			if err != nil {
				t.Fatal(err)
			}
			p.do(chromedp.Evaluate[chromedp.Void](`location.hash = "#/lesson/` + l.ID + `"`))
			p.wait(l.ID, `/^#\/lesson\/`+l.ID+`(\?|$)/.test(location.hash) && document.querySelectorAll("#steps li").length === `+strconv.Itoa(len(sc.Steps)))
			for k, st := range sc.Steps {
				if st.Ask == nil {
					continue
				}
				p.do(chromedp.Evaluate[chromedp.Void](`document.querySelectorAll("#steps li")[` + strconv.Itoa(k) + `].click()`))
				p.wait(fmt.Sprintf("%s step %d's answer in the notes (%s)", l.ID, k+1, lang), `!!document.querySelector("#notes-answer .answer")`)
				p.notesInView(fmt.Sprintf("1440×900, %s, %s step %d", lang, l.ID, k+1))
			}
		}
	}
	p.click("#lang-en")
	if _, err := chromedp.Call(ctx, emulation.ClearDeviceMetricsOverride, cdp.Empty{}); err != nil {
		t.Fatal(err)
	}

	// Stop presenting: the presenter window closes.
	p.click("#present")
	deadline := time.Now().Add(10 * time.Second)
	for {
		infos, err := chromedp.Targets(ctx)
		if err != nil {
			t.Fatal(err)
		}
		open := false
		for _, i := range infos {
			open = open || i.TargetID == id
		}
		if !open {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the presenter window stays open")
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// notesInView fails the test unless the speaker notes lie whole inside the
// teacher's viewport and nothing in them overflows their box.
func (p *page) notesInView(what string) {
	p.t.Helper()
	js := `(n => { const r = n.getBoundingClientRect(); return {Top: Math.floor(r.top), Bottom: Math.ceil(r.bottom), Left: Math.floor(r.left), Right: Math.ceil(r.right),
		W: innerWidth, H: innerHeight, OverY: n.scrollHeight - n.clientHeight, OverX: n.scrollWidth - n.clientWidth} })(document.querySelector("#notes"))`
	r, err := chromedp.Run(p.ctx, chromedp.Evaluate[struct{ Top, Bottom, Left, Right, W, H, OverY, OverX int }](js))
	if err != nil {
		p.t.Fatalf("%s: %v", what, err)
	}
	if r.Top < 0 || r.Bottom > r.H || r.Left < 0 || r.Right > r.W || r.OverY > 1 || r.OverX > 1 {
		p.t.Fatalf("%s: the speaker notes are not in view: %+v %s", what, r, p.str(`JSON.stringify({y: scrollY, doc: document.documentElement.scrollHeight, lesson: document.querySelector(".lesson").getBoundingClientRect(), side: document.querySelector(".side").getBoundingClientRect(), sideScroll: document.querySelector(".side").scrollTop})`))
	}
}
