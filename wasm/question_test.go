//go:build !js

package main

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// Predict, then reveal: lesson 01 stops on its question, hides the step's
// explanation, takes a pick, plays on and says whether the simulation
// agreed.
func TestBrowserQuestion(t *testing.T) {
	ctx := newBrowser(t)
	p := &page{t: t, ctx: ctx, base: serveSite(t, built(t))}
	p.open("#/lesson/" + lesson)
	p.wait("the lesson", `/^event 1 \//.test((document.querySelector("#pos") || {}).textContent || "")`)
	p.do(chromedp.Evaluate[chromedp.Void](`document.querySelector("#speed").value = "5"; document.querySelector("#speed").dispatchEvent(new Event("change", {bubbles: true}))`))
	p.do(chromedp.Evaluate[chromedp.Void](`document.querySelectorAll("#steps li")[4].click()`))
	p.wait("step 5", `document.querySelectorAll("#steps li")[4].classList.contains("cur")`)
	p.click("#play")
	p.wait("the question, playing stopped", `!!document.querySelector("#question-5") && document.querySelector("#play").textContent.includes("Play")`)
	if strings.Contains(p.text("#log"), "None of them. The session") || strings.Contains(p.text("#inspector"), "None of them. The session") {
		t.Fatal("the log or the inspector gives the answer away")
	}
	if got := p.text("#steps li.cur"); strings.Contains(got, "None of them. The session-expiry thread") {
		t.Fatalf("the step's explanation shows with its question open: %q", got)
	}
	if n := p.num(`document.querySelectorAll("#question-5 .choices button:not(:disabled)").length`); n != 3 {
		t.Fatalf("%d choices to pick", n)
	}
	p.shot("question.png")
	at := p.pos()
	p.do(chromedp.Evaluate[chromedp.Void](`document.querySelectorAll("#question-5 .choices button")[2].click()`))
	p.wait("the grading", `(q => !!q && q.classList.contains("right") && q.querySelector(".verdict").textContent.startsWith("✓ Right. The simulation: None of them"))(document.querySelector("#question-5"))`)
	if p.pos() <= at {
		t.Fatal("the pick did not play on")
	}
	p.wait("the explanation", `[...document.querySelectorAll("#steps li")][5].textContent.includes("None of them. The session-expiry thread")`)
	p.noCrash()
	p.shot("question-right.png")
}
