//go:build !js

package main

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"brokerlab/ui"
)

// Nothing a student does breaks the page: the kill that stopped it, the
// link of that kill, and the runs too large for a tab.
func TestBrowserNothingBreaksThePage(t *testing.T) {
	ctx := newBrowser(t)
	p := &page{t: t, ctx: ctx, base: serveSite(t, built(t))}

	// Lesson 06 at event 2426: broker 2 killed from the stage while its
	// request handler holds replicaStateChangeLock ("all goroutines are
	// asleep - deadlock!" before the kernel let a killed thread's locks die).
	p.open("#/lesson/06-broker-failure?pos=2425")
	p.wait("three brokers", `document.querySelectorAll('#stage [data-k^="broker:"]').length === 3`)
	p.do(chromedp.Evaluate[chromedp.Void](`document.querySelector('#stage [data-k="broker:2"] rect').dispatchEvent(new MouseEvent("click", {bubbles: true}))`))
	p.wait("broker 2 selected", `!!document.querySelector("#kill") && document.querySelector("#kill").textContent.includes("2")`)
	p.click("#kill")
	p.wait("the kill listed", `!!document.querySelector("#injected") && document.querySelector("#injected").textContent.includes("kill broker 2")`)
	p.wait("broker 2 dead on the stage", `(e => !!e && e.classList.contains("dead"))(document.querySelector('#stage [data-k="broker:2"]'))`)
	p.noCrash()

	// The same moment as a link, opened afresh: it used to hang at "starting…".
	p.open("#/lesson/06-broker-failure?a=2425:kill%20broker%202")
	p.wait("the lesson", `!!document.querySelector("#pos") && document.querySelector("#injected").textContent.includes("kill broker 2")`)
	p.noCrash()

	// A topic of a million replicas is refused at its line, at once.
	big := "use cluster\nset brokers 100\nat 0ms topic t partitions=10000 replication.factor=100\nrun 1000h\n"
	p.open(ui.Link{Page: "lesson", Lesson: "06-broker-failure", Src: big}.String())
	p.wait("the line refused", `document.body.innerText.includes("a run holds at most 10000 a topic")`)
	p.noCrash()

	// 20 million records stop at the trace's memory budget within seconds,
	// with the message, and the page still plays.
	var src strings.Builder
	src.WriteString("use listener\nat 0ms topic t0 partitions=1\nat 0ms container start\n")
	for i := range 200 {
		fmt.Fprintf(&src, "at 0ms records t0-0 offsets=%d..%d\n", i*100_000, i*100_000+99_999)
	}
	src.WriteString("run 1000h\n")
	start := time.Now()
	p.open(ui.Link{Page: "lesson", Lesson: "09-spring-ack-modes", Src: src.String()}.String())
	p.wait("the budget named", `!!document.querySelector("#notice") && document.querySelector("#notice").textContent.includes("the run stopped at its memory budget, a trace of 64 MB")`)
	t.Logf("20 million records: stopped at the memory budget %v after the page opened", time.Since(start).Round(time.Millisecond))
	before := p.pos()
	p.do(chromedp.Evaluate[chromedp.Void](keyDown("ArrowRight")))
	p.wait("a step forward", fmt.Sprintf(`Number((document.querySelector("#pos").textContent.match(/(\d+) \//) || [0, -1])[1]) === %d`, before+1))
	p.noCrash()

	// A link that stopped the page last time (its run still remembered in
	// sessionStorage) opens the lesson's start, with a notice.
	link := "#/lesson/06-broker-failure?a=2425:kill%20broker%202"
	p.do(chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`sessionStorage.setItem("brokerlab.running", %q)`, link)))
	p.open(link)
	p.wait("the notice", `!!document.querySelector("#notice") && document.querySelector("#notice").textContent.includes("stopped the simulator the last time")`)
	p.wait("the lesson's start", `!location.hash.includes("kill") && !document.querySelector("#injected")`)
	p.noCrash()
}
