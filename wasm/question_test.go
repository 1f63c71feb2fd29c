//go:build !js

package main

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"brokerlab/core/scenario"
	"brokerlab/lessons"
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

// A question whose numbers are drawn from the seed: lesson 10 asks how
// many deliveries FixedBackOff(0, ATTEMPTS) gives a failing record. "New
// variant" draws another seed, keeps the question open with its numbers,
// and the simulation grades the pick, made with the 2 key, for that
// variant.
func TestBrowserQuestionVariant(t *testing.T) {
	const id = "10-spring-error-handlers"
	les, err := lessons.Get(id)
	if err != nil {
		t.Fatal(err)
	}
	attempts := func(seed int64) string {
		sc, err := scenario.ParseSeed(les.File, les.Scenario, seed)
		if err != nil {
			t.Fatal(err)
		}
		return sc.Vars[0].Value
	}
	ctx := newBrowser(t)
	p := &page{t: t, ctx: ctx, base: serveSite(t, built(t))}
	p.open("#/lesson/" + id)
	p.wait("the lesson", `/^event 1 \//.test((document.querySelector("#pos") || {}).textContent || "")`)
	p.do(chromedp.Evaluate[chromedp.Void](`document.querySelector("#speed").value = "5"; document.querySelector("#speed").dispatchEvent(new Event("change", {bubbles: true}))`))
	p.do(chromedp.Evaluate[chromedp.Void](`document.querySelectorAll("#steps li")[2].click()`))
	p.wait("the question", `!!document.querySelector("#question-2 .variant")`)
	if got := p.text("#question-2 .qtext"); !strings.Contains(got, "FixedBackOff(0, 9)") || !strings.Contains(p.text("#question-2 .variant"), "variant: seed 10") {
		t.Fatalf("seed 10's question: %q, %q", got, p.text("#question-2 .variant"))
	}
	p.click("#question-2 .newvariant")
	p.wait("another variant", `!document.querySelector("#question-2 .variant").textContent.includes("seed 10 ")`)
	seedText := strings.TrimSpace(strings.TrimPrefix(strings.Fields(p.text("#question-2 .variant"))[2], "seed"))
	seed, err := strconv.ParseInt(seedText, 10, 64)
	if err != nil {
		t.Fatalf("variant: %q", p.text("#question-2 .variant"))
	}
	n := attempts(seed)
	if got := p.text("#question-2 .qtext"); !strings.Contains(got, "FixedBackOff(0, "+n+")") {
		t.Fatalf("seed %d draws %s retries; the question says %q", seed, n, got)
	}
	// The URL follows at the next animation frame, not with the render.
	p.wait("the link carries the variant", fmt.Sprintf(`location.hash.includes(%q)`, "seed="+seedText))
	if k := p.num(`document.querySelectorAll("#question-2 .choices button:not(:disabled)").length`); k != 3 {
		t.Fatalf("%d choices to pick after a new variant", k)
	}
	m, _ := strconv.Atoi(n)
	want := strconv.Itoa(m+1) + " times"
	if got := p.text("#question-2 .choices li:nth-child(2) button"); got != want {
		t.Fatalf("second choice %q, want %q", got, want)
	}
	if got := p.str(keyDown("2")); got != "taken" { // the second choice, by key
		t.Fatalf("key 2: %s", got)
	}
	p.wait("the grading", `(q => !!q && q.classList.contains("right") && q.querySelector(".verdict").textContent.startsWith("✓ Right. The simulation: `+want+`"))(document.querySelector("#question-2"))`)
	p.noCrash()
	p.shot("question-variant.png")
}
