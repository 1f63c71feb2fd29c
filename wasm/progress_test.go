//go:build !js

package main

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// Progress survives a reload and shows in the lesson list.
func TestBrowserProgress(t *testing.T) {
	ctx := newBrowser(t)
	p := &page{t: t, ctx: ctx, base: serveSite(t, built(t))}
	card := `document.querySelector("#progress-` + lesson + `").textContent`
	p.open("")
	p.wait("the list", `document.querySelectorAll("#lessons .card").length > 0`)
	if got := p.str(card); got != "○ not opened yet" {
		t.Fatalf("a fresh list: %q", got)
	}
	// Open lesson 01 at its question, answer it wrong, play to the reveal.
	p.open("#/lesson/" + lesson)
	p.wait("the lesson", `/^event 1 \//.test((document.querySelector("#pos") || {}).textContent || "")`)
	p.do(chromedp.Evaluate[chromedp.Void](`document.querySelector("#speed").value = "5"; document.querySelector("#speed").dispatchEvent(new Event("change", {bubbles: true}))`))
	p.do(chromedp.Evaluate[chromedp.Void](`document.querySelectorAll("#steps li")[5].click()`))
	p.wait("the question", `!!document.querySelector("#question-5 .choices button:not(:disabled)")`)
	p.do(chromedp.Evaluate[chromedp.Void](`document.querySelectorAll("#question-5 .choices button")[0].click()`))
	p.wait("the verdict", `!!document.querySelector("#question-5 .verdict")`)
	p.wait("stored", `(localStorage.getItem("brokerlab.progress") || "").includes('"6":"wrong"')`)

	// A reload of the list shows it.
	p.open("")
	p.wait("the card's progress", card+` === "◐ openedquestion of step 6: ✗ wrong"`)
	if got := p.str(`document.querySelector("#progress-02-zookeeper-reactor").textContent`); !strings.Contains(got, "not opened") {
		t.Fatalf("lesson 02: %q", got)
	}
	p.shot("progress.png")
	p.click("#forget")
	p.wait("forgotten", card+` === "○ not opened yet" && localStorage.getItem("brokerlab.progress") === "{}"`)
	p.noCrash()
}
