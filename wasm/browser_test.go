//go:build !js

package main

// End-to-end tests: the site as `make dist` writes it, served from a
// sub-path (/brokerlab/, as GitHub Pages would) and clicked through in
// headless Chromium. Outside CI a missing Chromium skips them; under
// CI=true it fails them.

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	cdppage "github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"brokerlab/site"
)

const lesson = "01-controller-event-queue"

var (
	siteOnce sync.Once
	siteDir  string
	siteErr  error
)

// built builds the site once for every test of the run.
func built(t testing.TB) string {
	t.Helper()
	siteOnce.Do(func() {
		siteDir, siteErr = os.MkdirTemp("", "brokerlab-dist-")
		if siteErr == nil {
			siteErr = site.Build("..", siteDir)
		}
	})
	if siteErr != nil {
		t.Fatal(siteErr)
	}
	return siteDir
}

// chromium finds the browser, or fails (CI) or skips (elsewhere).
func chromium(t testing.TB) string {
	t.Helper()
	for _, p := range []string{os.Getenv("CHROMIUM"), "/usr/bin/chromium"} {
		if p == "" {
			continue
		}
		if _, err := os.Stat(p); err == nil {
			return p
		}
	}
	if p, err := exec.LookPath("chromium"); err == nil {
		return p
	}
	if os.Getenv("CI") == "true" {
		t.Fatal("chromium not found (set CHROMIUM or apt-get install chromium): browser tests cannot run")
	}
	t.Skip("chromium not found: skipping browser tests (apt-get install chromium)")
	return ""
}

// serveSite serves dir under /brokerlab/ and returns the page's URL.
func serveSite(t testing.TB, dir string) string {
	mux := http.NewServeMux()
	mux.Handle("/brokerlab/", http.StripPrefix("/brokerlab/", http.FileServer(http.Dir(dir))))
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	return srv.URL + "/brokerlab/"
}

// newBrowser starts headless Chromium with the flags that keep it off the
// network and a window the size of a projector.
func newBrowser(t testing.TB) context.Context {
	exe := chromium(t)
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(exe),
		chromedp.Headless,
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.NoFirstRun,
		chromedp.NoDefaultBrowserCheck,
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.UserDataDir(t.TempDir()),
		chromedp.WindowSize(1920, 1080),
	}
	actx, cancelA := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancelC := chromedp.NewContext(actx)
	ctx, cancelT := context.WithTimeout(ctx, 4*time.Minute)
	t.Cleanup(func() { cancelT(); cancelC(); cancelA() })
	if _, err := chromedp.Call(ctx, cdppage.AddScriptToEvaluateOnNewDocument, cdppage.AddScriptToEvaluateOnNewDocumentParams{Source: cspWatch}); err != nil {
		t.Fatal(err)
	}
	return ctx
}

// cspWatch runs before every document's own scripts and records what the
// page's Content-Security-Policy refuses; noCrash fails the test on any.
const cspWatch = `document.addEventListener("securitypolicyviolation", (e) => {
	(window.brokerlabCSP = window.brokerlabCSP || []).push(e.effectiveDirective + " refused " +
		(e.blockedURI || "?") + " at " + e.sourceFile + ":" + e.lineNumber + ": " + e.sample);
});`

// page is one tab on the served site, with helpers that fail the test.
type page struct {
	t    *testing.T
	ctx  context.Context
	base string
}

func (p *page) do(a ...chromedp.Action[chromedp.Void]) {
	p.t.Helper()
	if err := chromedp.Do(p.ctx, a...); err != nil {
		p.t.Fatal(err)
	}
}

func (p *page) str(js string) string {
	p.t.Helper()
	s, err := chromedp.Run(p.ctx, chromedp.Evaluate[string](js))
	if err != nil {
		p.t.Fatalf("%s: %v", js, err)
	}
	return s
}

func (p *page) num(js string) int {
	p.t.Helper()
	n, err := chromedp.Run(p.ctx, chromedp.Evaluate[int](js))
	if err != nil {
		p.t.Fatalf("%s: %v", js, err)
	}
	return n
}

// wait polls a JavaScript condition until it holds. Errors while a page
// loads (its JavaScript context is being replaced) are retried.
func (p *page) wait(what, js string) {
	p.t.Helper()
	var err error
	for end := time.Now().Add(20 * time.Second); time.Now().Before(end); {
		var ok bool
		ok, err = chromedp.Run(p.ctx, chromedp.Poll[bool](js, chromedp.WithPollingTimeout(5*time.Second)))
		if err == nil && ok {
			return
		}
		time.Sleep(50 * time.Millisecond)
	}
	p.t.Fatalf("waiting for %s (%s): %v\npage: %s", what, js, err, p.str(`document.body.innerText.slice(0, 600)`))
}

func (p *page) text(sel string) string {
	return p.str(fmt.Sprintf(`(document.querySelector(%q) || {}).textContent || ""`, sel))
}

// pos is the current event index shown, 1-based, from "event 12 / 239".
func (p *page) pos() int {
	return p.num(`Number((document.querySelector("#pos").textContent.match(/(\d+) \//) || [0, -1])[1])`)
}

func (p *page) click(sel string) {
	p.t.Helper()
	p.do(chromedp.Click(chromedp.CSS(sel)))
}

func (p *page) open(hash string) {
	p.t.Helper()
	p.do(chromedp.Navigate("about:blank"), chromedp.Navigate(p.base+hash))
	p.wait("the app", `!!document.querySelector(".app")`)
}

// fits fails the test if sel's content is wider than its box.
func (p *page) fits(sel string) {
	p.t.Helper()
	if over := p.num(fmt.Sprintf(`(e => e.scrollWidth - e.clientWidth)(document.querySelector(%q))`, sel)); over > 1 {
		p.t.Fatalf("%s: the content is %d px wider than its box: %s", sel, over, p.str(fmt.Sprintf(`(n => { const r = n.getBoundingClientRect(); return [...n.querySelectorAll("*")].filter(e => e.getBoundingClientRect().right > r.right + 1).slice(0,8).map(e => e.tagName + "." + e.className + " w=" + e.getBoundingClientRect().width + " " + e.textContent.slice(0,40)).join("\n") })(document.querySelector(%q))`, sel)))
	}
}

// keyDown presses key on the page's body and says whether the page kept the
// browser's default action ("free") or took it ("taken").
func keyDown(key string) string {
	return fmt.Sprintf(`(() => {
		const e = new KeyboardEvent("keydown", {key: %q, bubbles: true, cancelable: true});
		document.body.dispatchEvent(e);
		return e.defaultPrevented ? "taken" : "free";
	})()`, key)
}

func (p *page) noCrash() {
	p.t.Helper()
	if c := p.str(`(document.querySelector("#crash, #fatal") || {}).textContent || ""`); c != "" {
		p.t.Fatalf("the page shows a crash: %s", c)
	}
	if v := p.str(`(window.brokerlabCSP || []).join("\n")`); v != "" {
		p.t.Fatalf("the page's Content-Security-Policy refused:\n%s", v)
	}
}

func (p *page) shot(name string) []byte {
	p.t.Helper()
	png, err := chromedp.Run(p.ctx, chromedp.CaptureScreenshot())
	if err != nil {
		p.t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(shots, name), png, 0o644); err != nil {
		p.t.Fatal(err)
	}
	return png
}

var shots = func() string {
	d, err := os.MkdirTemp("", "brokerlab-shots-")
	if err != nil {
		panic(err)
	}
	return d
}()

func TestBrowser(t *testing.T) {
	ctx := newBrowser(t)
	p := &page{t: t, ctx: ctx, base: serveSite(t, built(t))}
	t.Logf("screenshots: %s", shots)
	stageSel := `#stage [data-k^="tok:"]`

	// The lesson list.
	p.open("")
	p.wait("the lesson list", `document.querySelectorAll("#lessons .card").length > 0`)
	if got := p.text("#lessons"); !strings.Contains(got, "The controller's event queue") {
		t.Fatalf("lesson list: got %q", got)
	}
	p.shot("list.png")
	// The keyboard shortcuts are the lesson page's: on the list, space and
	// the arrows scroll as usual.
	if p.str(keyDown(" ")) != "free" || p.str(keyDown("ArrowDown")) != "free" {
		t.Fatal("the list page swallows space or the arrow keys")
	}

	// Open lesson 01.
	p.click("#open-" + lesson)
	p.wait("lesson 01", `/event 1 \/ \d+/.test(document.querySelector("#pos").textContent)`)
	p.wait("the stage", `document.querySelectorAll('#stage [data-k^="thread:"]').length >= 5`)
	if n := p.num(`document.querySelectorAll("#steps li").length`); n < 6 {
		t.Fatalf("narration steps: got %d", n)
	}
	if !strings.Contains(p.text("#steps li.cur"), "main-EventThread") {
		t.Fatalf("first step not current: %q", p.text("#steps li.cur"))
	}
	if got := p.str(`document.querySelector('#stage [data-k="thread:controller-event-thread"]').textContent`); !strings.Contains(got, "controller-event-thread") {
		t.Fatalf("event thread box: %q", got)
	}
	if !strings.Contains(p.str(`location.hash`), "#/lesson/"+lesson) {
		t.Fatalf("hash: %s", p.str(`location.hash`))
	}
	p.noCrash()

	// Play, then pause.
	p.click("#play")
	p.wait("playing", `document.querySelector("#play").textContent.includes("Pause")`)
	p.wait("progress", `Number(document.querySelector("#pos").textContent.match(/(\d+) \//)[1]) >= 4`)
	p.click("#play")
	p.wait("paused", `document.querySelector("#play").textContent.includes("Play")`)
	at := p.pos()
	time.Sleep(600 * time.Millisecond)
	if got := p.pos(); got != at {
		t.Fatalf("paused but moving: %d then %d", at, got)
	}

	// Step forward and back, by button and by key.
	p.click("#fwd")
	p.wait("step forward", fmt.Sprintf(`document.querySelector("#pos").textContent.startsWith("event %d ")`, at+1))
	p.click("#back")
	p.wait("step back", fmt.Sprintf(`document.querySelector("#pos").textContent.startsWith("event %d ")`, at))
	p.do(chromedp.Evaluate[chromedp.Void](`document.activeElement && document.activeElement.blur()`), chromedp.KeyEvent(kb.ArrowRight))
	p.wait("→ key", fmt.Sprintf(`document.querySelector("#pos").textContent.startsWith("event %d ")`, at+1))
	p.do(chromedp.KeyEvent(kb.ArrowLeft))
	p.wait("← key", fmt.Sprintf(`document.querySelector("#pos").textContent.startsWith("event %d ")`, at))
	p.do(chromedp.KeyEvent(" "))
	p.wait("space plays", `document.querySelector("#play").textContent.includes("Pause")`)
	p.do(chromedp.KeyEvent(" "))
	p.wait("space pauses", `document.querySelector("#play").textContent.includes("Play")`)
	p.do(chromedp.KeyEvent("]"))
	p.wait("] speeds up", `document.querySelector("#speed").selectedOptions[0].textContent === "2×"`)
	p.do(chromedp.KeyEvent("["))
	p.wait("[ slows down", `document.querySelector("#speed").selectedOptions[0].textContent === "1×"`)

	// Jump to a narration step: the stage shows queued tokens there.
	p.do(chromedp.Evaluate[chromedp.Void](`document.querySelectorAll("#steps li")[1].click()`))
	p.wait("step 2 current", `document.querySelectorAll("#steps li")[1].classList.contains("cur")`)
	p.click("#fwd")
	p.wait("a token on the stage", fmt.Sprintf(`document.querySelectorAll(%q).length > 0`, stageSel))
	p.fits(".narration")

	// Select the event thread on the stage: the inspector describes it.
	p.do(chromedp.Evaluate[chromedp.Void](`document.querySelector('#stage [data-k="thread:controller-event-thread"] rect').dispatchEvent(new MouseEvent("click", {bubbles: true}))`))
	p.wait("selection", `document.querySelector("#selection") && document.querySelector("#selection").textContent.includes("status")`)
	p.wait("selected outline", `document.querySelector('#stage [data-k="thread:controller-event-thread"]').classList.contains("sel")`)

	// Inject an event: its token appears on the stage and in the log.
	p.do(chromedp.Evaluate[chromedp.Void](`(() => { const s = document.querySelector("#put-event"); s.value = "TopicDeletion"; s.dispatchEvent(new Event("change", {bubbles: true})); })()`))
	p.click("#put")
	p.wait("the injected action listed", `document.querySelector("#injected") && document.querySelector("#injected").textContent.includes("put TopicDeletion")`)
	p.wait("its token on the stage", `[...document.querySelectorAll('#stage [data-k^="tok:"]')].some(e => e.textContent.includes("TopicDeletion"))`)
	p.wait("it in the log", `document.querySelector("#log").textContent.includes("TopicDeletion")`)
	p.wait("the action in the URL", `location.hash.includes("put%20TopicDeletion")`)
	p.noCrash()
	p.fits(".log")
	if w := p.num(`Math.min(...[...document.querySelectorAll("#log td.note")].map(td => Math.floor(td.getBoundingClientRect().width)))`); w < 200 {
		t.Fatalf("the log's note column is %d px wide", w)
	}
	p.shot("inject.png")

	// The log is drawn outside the Vugu tree: it follows the position, and
	// a click on a row jumps to that event.
	p.click("#play") // pause
	p.wait("paused", `!document.querySelector("#play").textContent.includes("❚❚")`)
	p.wait("log rows", `document.querySelectorAll("#logbody tr[data-seq]").length >= 10`)
	target := p.num(`Number(document.querySelector("#logbody tr[data-seq]").getAttribute("data-seq"))`)
	p.click("#logbody tr[data-seq]")
	p.wait("the clicked row's event", fmt.Sprintf(`/^event %d \//.test(document.querySelector("#pos").textContent)`, target+1))
	p.wait("its row is the current one", fmt.Sprintf(`(document.querySelector("#logbody tr.cur") || {getAttribute: () => ""}).getAttribute("data-seq") === "%d"`, target))
	p.noCrash()

	// Chinese narration, remembered.
	p.click("#lang-zh")
	p.wait("Chinese narration", `document.querySelector("#steps").textContent.includes("专属线程")`)
	if got := p.str(`localStorage.getItem("brokerlab.lang") || ""`); got != "zh" {
		t.Fatalf("stored language: %q", got)
	}
	p.fits(".narration")
	p.shot("zh.png")
	p.click("#lang-en")
	p.wait("English again", `document.querySelector("#steps").textContent.includes("Only one thread")`)

	// A deep link lands on its moment, with its action and setting.
	p.open("#/lesson/" + lesson + "?pos=120&a=100:put%20TopicDeletion&set=controller.putLock:false")
	p.wait("position 121", `/^event 121 \//.test((document.querySelector("#pos") || {}).textContent || "")`)
	if got := p.text("#injected"); !strings.Contains(got, "put TopicDeletion") || !strings.Contains(got, "controller.putLock false") {
		t.Fatalf("deep link's what-ifs: %q", got)
	}
	if p.str(`document.querySelector("#nolock").checked ? "on" : "off"`) != "on" {
		t.Fatal("the putLock toggle is not on")
	}
	p.wait("putLock drawn removed", `!!document.querySelector("#stage .lock.removed")`)
	p.noCrash()

	// Malformed links: a message and the lesson's start, never a blank page.
	p.open("#/lesson/" + lesson + "?pos=abc&a=5:put%20BrokerChange")
	p.wait("message", `!!document.querySelector("#notice") && document.querySelector("#notice").textContent.includes("malformed link")`)
	p.wait("lesson start", `/^event 1 \//.test(document.querySelector("#pos").textContent)`)
	if got := p.text("#injected"); got != "" {
		t.Fatalf("a malformed link's actions were kept: %q", got)
	}
	// Back to the list: the hidden stage is cleared, without errors.
	p.do(chromedp.Evaluate[chromedp.Void](`(() => {
		window.stageErrors = [];
		const draw = brokerlabStage.draw;
		brokerlabStage.draw = function () {
			try { return draw.apply(this, arguments); } catch (e) { stageErrors.push(String(e)); throw e; }
		};
	})()`))
	p.click(".back")
	p.wait("the list", `document.querySelectorAll("#lessons .card").length > 0`)
	p.wait("the stage cleared", `document.querySelector("#stage").childElementCount === 0`)
	time.Sleep(200 * time.Millisecond)
	if got := p.str(`stageErrors.join("; ")`); got != "" {
		t.Fatalf("drawing the list page's stage: %s", got)
	}
	p.open("#/lesson/no-such-lesson")
	p.wait("message", `!!document.querySelector("#notice") && document.querySelector("#notice").textContent.includes("No such lesson")`)
	p.wait("the list", `document.querySelectorAll("#lessons .card").length > 0`)
	p.noCrash()

	// The session expiry preempting three events, a token selected.
	p.open("#/lesson/" + lesson + "?pos=121")
	p.wait("position 122", `/^event 122 \//.test((document.querySelector("#pos") || {}).textContent || "")`)
	p.do(chromedp.Evaluate[chromedp.Void](`(document.querySelector('#stage [data-k^="tok:"] rect') || document.body).dispatchEvent(new MouseEvent("click", {bubbles: true}))`))
	time.Sleep(300 * time.Millisecond)
	p.shot("screenshot.png")
}

// The two reactor lessons: each plays, jumps to a narration step, shows
// its threads, connections and queues on the stage, and branches on an
// action injected from the stage.
func TestBrowserReactors(t *testing.T) {
	ctx := newBrowser(t)
	p := &page{t: t, ctx: ctx, base: serveSite(t, built(t))}
	clickStage := func(key string) {
		p.t.Helper()
		p.do(chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`document.querySelector('#stage [data-k=%q] rect').dispatchEvent(new MouseEvent("click", {bubbles: true}))`, key)))
	}
	step := func(i int) {
		p.t.Helper()
		p.do(chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`document.querySelectorAll("#steps li")[%d].click()`, i)))
		p.wait(fmt.Sprintf("step %d current", i+1), fmt.Sprintf(`document.querySelectorAll("#steps li")[%d].classList.contains("cur")`, i))
	}

	// Lesson 02: ZooKeeper.
	p.open("#/lesson/02-zookeeper-reactor")
	p.wait("two selector lanes", `document.querySelectorAll('#stage [data-k^="thread:NIOServerCxnFactory.SelectorThread-"]').length === 2`)
	p.click("#play")
	p.wait("connections on the stage", `document.querySelectorAll('#stage [data-k^="conn:app-"]').length >= 2`)
	p.click("#play")
	// Step 4, played at 8×: app-1's interest ops are 0 while a worker holds
	// its request.
	p.do(chromedp.Evaluate[chromedp.Void](`document.querySelector("#speed").value = "5"; document.querySelector("#speed").dispatchEvent(new Event("change", {bubbles: true}))`))
	step(3)
	p.click("#play")
	p.wait("app-1 handed to a worker", `(e => !!e && e.textContent.includes("· 0") && e.classList.contains("ops0"))(document.querySelector('#stage [data-k="conn:app-1"]')) &&
		[...document.querySelectorAll('#stage [data-k^="req:"]')].some(e => e.textContent.includes("app-1#"))`)
	p.click("#play")
	// Select app-3 and make it send a slow request: the run branches.
	clickStage("conn:app-3")
	p.wait("the inspector describes app-3", `document.querySelector("#selection") && document.querySelector("#selection").textContent.includes("SelectorThread-0")`)
	p.click("#send-slow")
	p.wait("the injected action listed", `document.querySelector("#injected") && document.querySelector("#injected").textContent.includes("send app-3 cost=2s")`)
	p.wait("the action in the URL", `location.hash.includes("send%20app-3%20cost%3D2s")`)
	p.wait("its request on the stage", `[...document.querySelectorAll('#stage [data-k^="req:"]')].some(e => e.textContent.includes("app-3#"))`)
	p.noCrash()
	p.fits(".narration")
	p.shot("zookeeper.png")

	// Lesson 03: Kafka. Step 6: the request queue is full and processors
	// are blocked putting into it.
	p.open("#/lesson/03-kafka-request-pipeline")
	p.wait("three processor lanes", `document.querySelectorAll('#stage [data-k^="thread:data-plane-kafka-network-thread-"]').length === 3`)
	p.do(chromedp.Evaluate[chromedp.Void](`document.querySelector("#speed").value = "5"; document.querySelector("#speed").dispatchEvent(new Event("change", {bubbles: true}))`))
	step(5)
	p.click("#play")
	p.wait("a full request queue", `(document.querySelector('#stage [data-k="qt:RequestChannel.requestQueue"]') || {textContent: ""}).textContent.includes("6 / 6")`)
	p.wait("a processor blocked on it", `[...document.querySelectorAll('#stage [data-k^="thread:data-plane-kafka-network-thread-"]')].some(e => e.classList.contains("blocked"))`)
	p.click("#play")
	p.shot("kafka-full.png")
	// The what-if: a control plane for the controller's requests.
	p.click("#controlplane")
	p.wait("the control plane's threads", `!!document.querySelector('#stage [data-k="thread:control-plane-kafka-request-handler-0"]')`)
	p.wait("the setting in the URL", `location.hash.includes("set=control.plane.listener.name:CONTROLLER")`)
	p.click("#stopreplica")
	p.wait("the StopReplica injected", `document.querySelector("#injected").textContent.includes("send ctl1 StopReplica")`)
	p.noCrash()
	p.shot("kafka.png")
}

// Lesson 07: the group stage shows the state machine and the members; a
// consumer stalled from the stage loses its session.
func TestBrowserGroup(t *testing.T) {
	ctx := newBrowser(t)
	p := &page{t: t, ctx: ctx, base: serveSite(t, built(t))}
	p.open("#/lesson/07-consumer-group-rebalance?pos=100")
	p.wait("the state machine", `document.querySelectorAll('#stage [data-k^="group:G:state:"]').length === 5`)
	p.do(chromedp.Evaluate[chromedp.Void](`document.querySelector("#speed").value = "5"; document.querySelector("#speed").dispatchEvent(new Event("change", {bubbles: true}))`))
	p.do(chromedp.Evaluate[chromedp.Void](`document.querySelectorAll("#steps li")[4].click()`))
	p.click("#play")
	p.wait("Stable lit", `(e => !!e && e.classList.contains("lit"))(document.querySelector('#stage [data-k="group:G:state:Stable"]'))`)
	p.click("#play")
	p.wait("three members", `[...document.querySelectorAll('#stage [data-k^="member:"]')].filter(e => /^member:C\d+$/.test(e.getAttribute("data-k"))).length === 3`)
	// Stall C1 from the stage for 15 s: past its 10 s session.
	p.do(chromedp.Evaluate[chromedp.Void](`document.querySelector('#stage [data-k="member:C1"] rect').dispatchEvent(new MouseEvent("click", {bubbles: true}))`))
	p.wait("the inspector describes C1", `document.querySelector("#selection") && document.querySelector("#selection").textContent.includes("client state")`)
	p.click("#stall15")
	p.wait("the injected action listed", `document.querySelector("#injected") && document.querySelector("#injected").textContent.includes("consumer C1 stall 15s")`)
	p.wait("the action in the URL", `location.hash.includes("consumer%20C1%20stall%2015s")`)
	p.noCrash()
	p.shot("group.png")
}

// Lesson 09: the container stage shows the loop and the records; a record
// picked on the stage is made to fail from the what-if panel.
func TestBrowserListener(t *testing.T) {
	ctx := newBrowser(t)
	p := &page{t: t, ctx: ctx, base: serveSite(t, built(t))}
	p.open("#/lesson/09-spring-ack-modes?pos=401")
	p.wait("the loop's phases", `document.querySelectorAll('#stage [data-k^="phase:"]').length >= 6`)
	p.wait("records t0-0@0..4 processed", `[0,1,2,3,4].every(i => (e => !!e && e.classList.contains("done"))(document.querySelector('#stage [data-k="rec:t0-0@' + i + '"]')))`)
	if got := p.str(`document.querySelector('#stage [data-k="tally:processed"]').textContent`); !strings.Contains(got, "5") {
		t.Fatalf("processed tally: %q", got)
	}
	p.do(chromedp.Evaluate[chromedp.Void](`document.querySelector('#stage [data-k="rec:t0-0@3"] rect').dispatchEvent(new MouseEvent("click", {bubbles: true}))`))
	p.wait("the inspector describes the record", `document.querySelector("#selection") && document.querySelector("#selection").textContent.includes("deliveries")`)
	// A record not delivered yet, picked on the stage, fails every time.
	p.do(chromedp.Evaluate[chromedp.Void](`(() => { const s = document.querySelector("#speed"); s.value = "5"; s.dispatchEvent(new Event("change", {bubbles: true})); })()`))
	p.click("#play")
	p.wait("record 7 on the stage", `!!document.querySelector('#stage [data-k="rec:t0-0@7"]')`)
	p.click("#play")
	p.do(chromedp.Evaluate[chromedp.Void](`document.querySelector('#stage [data-k="rec:t0-0@7"] rect').dispatchEvent(new MouseEvent("click", {bubbles: true}))`))
	p.wait("the record selected", `document.querySelector("#selection") && document.querySelector("#selection").textContent.includes("fate")`)
	p.click("#fail")
	p.wait("the injected action listed", `document.querySelector("#injected") && /fail t0-0@\d+ always/.test(document.querySelector("#injected").textContent)`)
	if got := p.text("#injected"); !strings.Contains(got, "fail t0-0@7 always") {
		t.Fatalf("injected: %q", got)
	}
	// The branch plays on by itself.
	p.wait("the record failing, redelivered, then recovered", `[...document.querySelectorAll('#stage [data-k^="rec:"]')].some(e => e.classList.contains("failing") || e.classList.contains("recovered"))`)
	p.click("#play")
	p.noCrash()
	p.shot("listener.png")
}

// Lesson 06: the cluster stage shows the brokers and the replicas' logs; a
// broker killed from the stage dies, and its column says so.
func TestBrowserCluster(t *testing.T) {
	ctx := newBrowser(t)
	p := &page{t: t, ctx: ctx, base: serveSite(t, built(t))}
	p.open("#/lesson/06-broker-failure?pos=800")
	p.wait("three brokers", `document.querySelectorAll('#stage [data-k^="broker:"]').length === 3`)
	p.wait("the leader's log with two committed records", `document.querySelectorAll('#stage [data-k^="cell:t-0:2:"].committed').length === 2`)
	p.do(chromedp.Evaluate[chromedp.Void](`document.querySelector('#stage [data-k="broker:3"] rect').dispatchEvent(new MouseEvent("click", {bubbles: true}))`))
	p.wait("the inspector describes broker 3", `document.querySelector("#selection") && document.querySelector("#selection").textContent.includes("ZooKeeper session")`)
	p.click("#kill")
	p.wait("the injected action listed", `document.querySelector("#injected") && document.querySelector("#injected").textContent.includes("kill broker 3")`)
	p.wait("broker 3 dead on the stage", `(e => !!e && e.classList.contains("dead"))(document.querySelector('#stage [data-k="broker:3"]'))`)
	p.wait("the action in the URL", `location.hash.includes("kill%20broker%203")`)
	p.noCrash()
	p.shot("cluster.png")
}

// The loading page must say what went wrong when main.wasm is missing.
func TestLoadFailure(t *testing.T) {
	ctx := newBrowser(t)
	dir := t.TempDir()
	for _, f := range []string{"index.html", "boot.js", "loader.js", "style.css", "stage.js", "wasm_exec.js", "vugu.js"} {
		b, err := os.ReadFile(filepath.Join(built(t), f))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, f), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	p := &page{t: t, ctx: ctx, base: serveSite(t, dir)}
	p.do(chromedp.Navigate(p.base))
	p.wait("an error message", `!document.querySelector("#load-error").hidden && document.querySelector("#load-error").textContent.includes("main.wasm: HTTP 404")`)
}
