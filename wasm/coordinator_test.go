//go:build !js

package main

import (
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// Lesson 14 as a student meets it: the question opens before the
// coordinator's broker dies, the right pick plays on, and after the
// end the stage shows the group under another broker, Stable, legible on
// a laptop and a projector.
func TestBrowserCoordinatorMoves(t *testing.T) {
	ctx := newBrowser(t)
	p := &page{t: t, ctx: ctx, base: serveSite(t, built(t))}
	p.do(chromedp.EmulateViewport(1440, 900))
	p.open("#/lesson/14-coordinator-moves")
	p.wait("the lesson", `/^event 1 \//.test((document.querySelector("#pos") || {}).textContent || "")`)
	p.do(chromedp.Evaluate[chromedp.Void](`document.querySelector("#speed").value = "5"; document.querySelector("#speed").dispatchEvent(new Event("change", {bubbles: true}))`))
	p.do(chromedp.Evaluate[chromedp.Void](`document.querySelectorAll("#steps li")[2].click()`))
	p.wait("step 3", `document.querySelectorAll("#steps li")[2].classList.contains("cur")`)
	group := `(document.querySelector('#stage [data-k="cgroup:g"]') || {textContent: ""}).textContent`
	p.wait("the group on the stage", group+`.includes("Stable")`)
	coord := p.str(`(m => m ? m[1] : "")(` + group + `.match(/broker-(\d+)/))`)
	if coord == "" {
		t.Fatalf("the group names no coordinator: %q", p.str(group))
	}
	p.click("#play")
	p.wait("the question, playing stopped", `!!document.querySelector("#question-3") && document.querySelector("#play").textContent.includes("Play")`)
	if n := p.num(`document.querySelectorAll(".stage-wrap .dead, #stage .dead").length`); n != 0 {
		t.Fatalf("a broker is drawn dead before the question is answered (%d)", n)
	}
	p.do(chromedp.Evaluate[chromedp.Void](`document.querySelectorAll("#question-3 .choices button")[0].click()`))
	p.wait("the grading", `(q => !!q && q.classList.contains("right"))(document.querySelector("#question-3"))`)
	// The run's end: the old coordinator dead, another broker coordinating
	// g, Stable (in generation 2 by then, after C1's crash).
	p.click("#play")
	p.do(chromedp.Evaluate[chromedp.Void](`(e => { e.value = e.max; e.dispatchEvent(new Event("input", {bubbles: true})); })(document.querySelector("#scrub"))`))
	p.wait("the old coordinator dead", fmt.Sprintf(`(e => !!e && e.classList.contains("dead"))(document.querySelector('#stage [data-k="broker:%s"]'))`, coord))
	p.wait("another broker coordinates g", fmt.Sprintf(`(m => !!m && m[1] !== %q)(`+group+`.match(/broker-(\d+)/))`, coord))
	if g := p.str(`(document.querySelector('#stage [data-k="cgroup:g"] title') || {textContent: ""}).textContent`); !strings.Contains(g, "Stable") {
		t.Fatalf("at the end the group says %q: want Stable", g)
	}
	p.noCrash()
	p.shot("coordinator-moves-1440x900.png")
	p.floors("lesson14@1440x900", 11, 12)
	p.do(chromedp.EmulateViewport(1280, 720))
	p.shot("coordinator-moves-1280x720.png")
	p.floors("lesson14@1280x720", 10, 11)
}
