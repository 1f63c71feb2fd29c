//go:build !js

package main

import (
	"fmt"
	"strings"
	"testing"
	"time"

	cdppage "github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"brokerlab/lessons"
	"brokerlab/ui"
)

// Nothing a student does breaks the page: the kill that stopped it, the
// link of that kill, and the runs too large for a tab.
func TestBrowserNothingBreaksThePage(t *testing.T) {
	ctx := newBrowser(t)
	if _, err := chromedp.Call(ctx, cdppage.AddScriptToEvaluateOnNewDocument, cdppage.AddScriptToEvaluateOnNewDocumentParams{Source: keepWasmMemory}); err != nil {
		t.Fatal(err)
	}
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

	// The links that ran the tab out of memory (issue "No link or edit runs
	// the page out of memory"), each within the 16 KB a link carries.
	// 5,000 consumers joining a group: the page follows the run until what
	// it shows outgrows its budget, says so, and still steps.
	var group strings.Builder
	group.WriteString("use group\nat 0ms topic t partitions=3\n")
	for i := 1; i <= 5000; i++ {
		fmt.Fprintf(&group, "at 0ms consumer C%d join G topics=t\n", i)
	}
	groupLink := ui.Link{Page: "lesson", Lesson: "07-consumer-group-rebalance", Src: group.String()}.String()
	start = time.Now()
	p.open(groupLink)
	p.wait("the page's budget named", `!!document.querySelector("#notice") && document.querySelector("#notice").textContent.includes("the page stopped following the run after")`)
	t.Logf("5,000 consumers: the page's budget named %v after the page opened", time.Since(start).Round(time.Millisecond))
	p.seekEnd()
	p.memoryBelow("5,000 consumers", 1024)
	p.noCrash()

	// A question of 5,000 choices is refused at the first choice past the
	// cap; the lesson's own runs and plays.
	lines := strings.Split(p.lessonText(lesson), "\n")
	ask, last := 0, 0 // the question's line, and its last choice's index
	for i, l := range lines {
		if strings.HasPrefix(l, "ask ") {
			ask = i + 1
		}
		if strings.HasPrefix(l, "choice") {
			last = i
		}
	}
	more := strings.Repeat(`choice "Another" controller.preempted == ""`+"\n", 5000-3)
	quiz := strings.Join(lines[:last+1], "\n") + "\n" + more + strings.Join(lines[last+1:], "\n")
	p.open(ui.Link{Page: "lesson", Lesson: lesson, Src: quiz}.String())
	p.wait("the line refused", fmt.Sprintf(`(document.querySelector("#edit-error") || {}).textContent === "line %d, column 1: a question takes at most 8 choices: this one, asked at line %d, has more"`, last+2+8-3, ask))
	before = p.pos()
	p.do(chromedp.Evaluate[chromedp.Void](keyDown("ArrowRight")))
	p.wait("a step forward", fmt.Sprintf(`Number((document.querySelector("#pos").textContent.match(/(\d+) \//) || [0, -1])[1]) === %d`, before+1))
	p.memoryBelow("5,000 choices", 1024)
	p.noCrash()

	// Reloading after the group's link stopped the page: the lesson as
	// shipped runs, and the edit waits in the editor, not run.
	p.do(chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`sessionStorage.setItem("brokerlab.running", %q)`, groupLink)))
	p.open(groupLink)
	p.wait("the notice", `!!document.querySelector("#notice") && document.querySelector("#notice").textContent.includes("This edited scenario stopped the simulator the last time it was opened")`)
	p.wait("the edit in the editor", `(document.querySelector("#edit-src") || {value: ""}).value.includes("consumer C5000 join G")`)
	p.wait("the lesson as shipped", `!location.hash.includes("src=") && Number((document.querySelector("#pos").textContent.match(/\/ (\d+)/) || [0, 1e9])[1]) < 5000`)
	p.memoryBelow("the reload", 1024)
	p.noCrash()
}

// keepWasmMemory keeps the page's WebAssembly memory where a test reads
// it: it only grows, so its size is the Go heap's high-water mark.
const keepWasmMemory = `(() => {
	const keep = (r) => { const i = (r && r.instance) || r; if (i && i.exports && i.exports.mem) window.brokerlabTestMem = i.exports.mem; return r; };
	const inst = WebAssembly.instantiate, stream = WebAssembly.instantiateStreaming;
	WebAssembly.instantiate = function (...a) { return inst.apply(this, a).then(keep); };
	if (stream) WebAssembly.instantiateStreaming = function (...a) { return stream.apply(this, a).then(keep); };
})();`

// memoryBelow fails the test if the page's WebAssembly memory or its
// JavaScript heap reached mb MB, and logs both.
func (p *page) memoryBelow(what string, mb int) {
	p.t.Helper()
	wasm := p.num(`window.brokerlabTestMem ? Math.floor(brokerlabTestMem.buffer.byteLength / 1048576) : -1`)
	heap := p.num(`performance.memory ? Math.floor(performance.memory.usedJSHeapSize / 1048576) : -1`)
	p.t.Logf("%s: WebAssembly memory %d MB, JavaScript heap %d MB", what, wasm, heap)
	if wasm < 0 {
		p.t.Fatal("the page's WebAssembly memory is not in sight")
	}
	if wasm >= mb || heap >= mb {
		p.t.Fatalf("%s: the page holds %d MB of WebAssembly memory and %d MB of JavaScript heap, want under %d MB", what, wasm, heap, mb)
	}
}

// seekEnd shows the run's last event, and steps back from it.
func (p *page) seekEnd() {
	p.t.Helper()
	n := p.num(`Number((document.querySelector("#pos").textContent.match(/\/ (\d+)/) || [0, -1])[1])`)
	p.do(chromedp.Evaluate[chromedp.Void](fmt.Sprintf("brokerlabSeek(%d)", n-1)))
	p.wait("the last event", fmt.Sprintf(`Number((document.querySelector("#pos").textContent.match(/(\d+) \//) || [0, -1])[1]) === %d`, n))
	p.do(chromedp.Evaluate[chromedp.Void](keyDown("ArrowLeft")))
	p.wait("a step back", fmt.Sprintf(`Number((document.querySelector("#pos").textContent.match(/(\d+) \//) || [0, -1])[1]) === %d`, n-1))
}

// lessonText is a lesson's scenario as the site serves it.
func (p *page) lessonText(id string) string {
	p.t.Helper()
	les, err := lessons.Get(id)
	if err != nil {
		p.t.Fatal(err)
	}
	return les.Scenario
}
