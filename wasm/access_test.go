//go:build !js

package main

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// English and Chinese everywhere: the switch turns every piece of chrome,
// the classroom features' included, and the page's lang; it is remembered.
func TestBrowserLanguage(t *testing.T) {
	ctx := newBrowser(t)
	p := &page{t: t, ctx: ctx, base: serveSite(t, built(t))}
	p.open("#/lesson/" + lesson + "?pos=30")
	p.wait("the lesson", `/^event 31 \//.test((document.querySelector("#pos") || {}).textContent || "")`)
	if got := p.str(`document.documentElement.lang`); got != "en" {
		t.Fatalf("lang %q", got)
	}
	p.click("#edit")
	p.wait("the editor", `!!document.querySelector("#editor")`)
	p.click("#lang-zh")
	p.wait("Chinese", `document.documentElement.lang === "zh" && document.querySelector("#play").textContent.includes("播放")`)
	// Every element of the chrome in Chinese: no English word left in it.
	english := p.str(`(() => {
		const sel = ["#play", "#prev-step", "#next-step", "#present", "#edit", "#theme", "#export summary", "#export-svg", "#export-png", "#export-trace",
			".steps h2", "#inspector h2", "#inspector h3", "#whatif h2", "#whatif .hint", ".log h2", "#log caption", "#log th:nth-child(n+3)",
			"#event-fields dt", "#editor h2", "#editor .hint", "#edit-run", "#edit-revert", "#edit-close", ".back", "#help .keys span", "#put", "#expire", "#shutdown"];
		const bad = [];
		for (const s of sel) {
			const els = document.querySelectorAll(s);
			if (els.length === 0) bad.push(s + " (missing)");
			for (const e of els) {
				// Identifiers (putLock, ZooKeeper, Ctrl+Enter, SVG…) may stay; an
				// English word of two or more lower-case letters may not.
				const text = e.textContent.replace(/\b(ZooKeeper|putLock|Ctrl|Enter|Tab|SVG|PNG|JSON|lines|lab|Put)\b/g, "");
				if (/\b[a-z]{2,}\b/.test(text)) bad.push(s + ": " + e.textContent);
			}
		}
		return bad.join("\n");
	})()`)
	if english != "" {
		t.Fatalf("English left in the Chinese page:\n%s", english)
	}
	// The loader's words came from the same table.
	if got := p.str(`brokerlabWords["load.title"][1]`); !strings.Contains(got, "正在加载") {
		t.Fatalf("loader words: %q", got)
	}
	p.shot("language-zh.png")

	// Remembered across a reload, loader included.
	p.open("#/lesson/" + lesson)
	p.wait("still Chinese", `document.documentElement.lang === "zh" && !!document.querySelector("#play") && document.querySelector("#play").textContent.includes("播放")`)
	p.click("#lang-en")
	p.wait("English", `document.documentElement.lang === "en" && document.querySelector("#play").textContent.includes("Play")`)

	// A notice, here a link's action the system does not have, is worded
	// when shown: the switch rewords it, core's message included.
	p.open("#/lesson/" + lesson + "?a=5:consumer%20C1%20stall%201s")
	p.wait("the notice", `(document.querySelector("#notice") || {textContent: ""}).textContent.includes("malformed link: a=\"consumer C1 stall 1s\": expected a controller action")`)
	p.click("#lang-zh")
	p.wait("the notice in Chinese", `document.querySelector("#notice").textContent.includes("链接格式有误：a=\"consumer C1 stall 1s\"：应为 controller 的动作")`)
	p.click("#lang-en")
	p.noCrash()
}

// Keyboard only: Tab reaches every control with a visible focus, Enter
// opens a step and answers the question, space plays and pauses, the
// arrows step, and a stage element is selected with Enter; the live
// region says what happened.
func TestBrowserKeyboard(t *testing.T) {
	ctx := newBrowser(t)
	p := &page{t: t, ctx: ctx, base: serveSite(t, built(t))}
	p.open("#/lesson/" + lesson)
	p.wait("the lesson", `/^event 1 \//.test((document.querySelector("#pos") || {}).textContent || "")`)
	p.do(chromedp.Evaluate[chromedp.Void](`document.activeElement && document.activeElement.blur()`))

	// What Tab reaches, in one round through the page.
	name := `(e => !e ? "" : e.id ? "#" + e.id : e.matches("#steps li") ? "step" : e.closest("#stage") ? "stage:" + e.getAttribute("data-k") : e.tagName.toLowerCase())(document.activeElement)`
	reached := map[string]bool{}
	tab := func() string {
		p.t.Helper()
		p.do(chromedp.KeyEvent(kb.Tab))
		return p.str(name)
	}
	for i := 0; i < 120; i++ {
		n := tab()
		reached[n] = true
		if strings.HasPrefix(n, "#") || n == "step" || strings.HasPrefix(n, "stage:") {
			if o := p.str(`getComputedStyle(document.activeElement).outlineStyle + (document.activeElement.closest("#stage") ? "" : "")`); o == "none" && !strings.HasPrefix(n, "stage:") {
				t.Fatalf("%s has focus but no visible outline", n)
			}
		}
	}
	for _, want := range []string{"#theme", "#present", "#edit", "#lang-zh", "step", "stage:thread:controller-event-thread", "#prev-step", "#play", "#fwd", "#speed", "#scrub", "#put-event", "#put", "#expire", "#nolock"} {
		if !reached[want] {
			var got []string
			for k := range reached {
				got = append(got, k)
			}
			t.Fatalf("Tab never reaches %s; it reached %q", want, got)
		}
	}

	// A stage element selected from the keyboard.
	p.do(chromedp.Evaluate[chromedp.Void](`document.querySelector('#stage [data-k="thread:controller-event-thread"]').focus()`))
	p.do(chromedp.KeyEvent(kb.Enter))
	p.wait("the selection", `document.querySelector("#selection") && document.querySelector("#selection").textContent.includes("status")`)

	// Step 2 with Enter; the live region reads it.
	p.do(chromedp.Evaluate[chromedp.Void](`document.querySelectorAll("#steps li")[1].focus()`))
	p.do(chromedp.KeyEvent(kb.Enter))
	p.wait("step 2", `document.querySelectorAll("#steps li")[1].classList.contains("cur")`)
	p.wait("step 2 announced", `document.querySelector("#live").textContent.startsWith("step 2 / 10. While controller-event-thread is busy")`)
	// The arrows step one event, announced.
	at := p.pos()
	p.do(chromedp.Evaluate[chromedp.Void](`document.activeElement.blur()`), chromedp.KeyEvent(kb.ArrowRight))
	p.wait("→", fmt.Sprintf(`/^event %d \//.test(document.querySelector("#pos").textContent)`, at+1))
	p.wait("the event announced", fmt.Sprintf(`document.querySelector("#live").textContent.startsWith("event %d / ")`, at+1))
	// Space plays and pauses.
	p.do(chromedp.KeyEvent(" "))
	p.wait("playing", `document.querySelector("#play").textContent.includes("Pause")`)
	p.do(chromedp.KeyEvent(" "))
	p.wait("paused", `document.querySelector("#play").textContent.includes("Play")`)

	// The question, answered from the keyboard.
	p.do(chromedp.Evaluate[chromedp.Void](`document.querySelectorAll("#steps li")[5].focus()`))
	p.do(chromedp.KeyEvent(kb.Enter))
	p.wait("the question", `!!document.querySelector("#question-5 .choices button:not(:disabled)")`)
	p.wait("the question announced", `document.querySelector("#live").textContent.includes("Predict: The ZooKeeper session expires now")`)
	for i := 0; i < 30 && p.str(`document.activeElement.textContent`) != "None of them"; i++ {
		p.do(chromedp.KeyEvent(kb.Tab))
	}
	p.do(chromedp.KeyEvent(kb.Enter))
	p.wait("the verdict", `(q => !!q && q.classList.contains("right"))(document.querySelector("#question-5"))`)
	p.noCrash()
}

// A phone, upright (390×844) and on its side (844×390), and a small one
// (360×740): nothing overflows the page, the stage fits the width (it
// scrolls only when pinch-zoomed), every control is a tap target of at
// least 44×44 px, the header takes at most 15% of the height on its side,
// and upright the panels stack.
func TestBrowserPhone(t *testing.T) {
	ctx := newBrowser(t)
	p := &page{t: t, ctx: ctx, base: serveSite(t, built(t))}
	for _, v := range []struct {
		name string
		w, h int64
	}{{"phone", 390, 844}, {"phone-landscape", 844, 390}, {"phone-small", 360, 740}} {
		p.do(chromedp.EmulateViewport(v.w, v.h, chromedp.EmulateScale(2), chromedp.EmulateMobile))
		p.open("")
		p.wait("the list", `document.querySelectorAll("#lessons .card").length > 0`)
		if w := p.num(`document.documentElement.scrollWidth`); w > int(v.w) {
			t.Fatalf("%s: the list is %d px wide on a %d px screen", v.name, w, v.w)
		}
		p.shot(v.name + "-list.png")
		p.open("#/lesson/" + lesson + "?pos=121")
		p.wait("the lesson", `/^event 122 \//.test((document.querySelector("#pos") || {}).textContent || "")`)
		if w := p.num(`document.documentElement.scrollWidth`); w > int(v.w) {
			t.Fatalf("%s: the lesson page is %d px wide on a %d px screen: %s", v.name, w, v.w, p.str(fmt.Sprintf(`[...document.querySelectorAll("body *")].filter(e => e.getBoundingClientRect().right > %d && !e.closest(".log")).slice(0, 6).map(e => e.tagName + "." + e.className).join(", ")`, v.w+1)))
		}
		m := p.str(`(() => {
			const stage = document.querySelector("#stage").getBoundingClientRect(), box = document.querySelector(".stagebox");
			// Every control the page shows, but the stage's own elements
			// and links inside running text.
			const small = [...document.querySelectorAll("button, select, summary, input, a[href], label")]
				.filter((e) => e.getClientRects().length && !e.closest("#stage, p, dd, .text") && !(e.tagName === "INPUT" && e.closest("label")))
				.map((e) => [e, e.getBoundingClientRect()]).filter(([e, r]) => r.width < 43.5 || r.height < 43.5)
				.map(([e, r]) => (e.id ? "#" + e.id : e.tagName + "." + e.className) + " " + Math.round(r.width) + "×" + Math.round(r.height) + " " + (e.textContent || "").trim().slice(0, 20));
			return JSON.stringify({stageW: stage.width, stageRight: stage.right, boxScroll: box.scrollWidth - box.clientWidth,
				header: document.querySelector(".top").getBoundingClientRect().height, small});
		})()`)
		var got struct {
			StageW, StageRight, BoxScroll, Header float64
			Small                                 []string
		}
		if err := json.Unmarshal([]byte(m), &got); err != nil {
			t.Fatal(err)
		}
		t.Logf("%s: %s", v.name, m)
		if got.StageRight > float64(v.w)+0.5 || got.BoxScroll > 0 {
			t.Errorf("%s: the stage is %.0f px wide, its right edge at %.0f of %d (the box scrolls %.0f px)", v.name, got.StageW, got.StageRight, v.w, got.BoxScroll)
		}
		if len(got.Small) > 0 {
			t.Errorf("%s: %d controls smaller than 44×44 px: %s", v.name, len(got.Small), strings.Join(got.Small, "; "))
		}
		if v.w > v.h && got.Header > 0.15*float64(v.h) {
			t.Errorf("%s: the header is %.0f px, more than 15%% of %d", v.name, got.Header, v.h)
		}
		p.do(chromedp.Evaluate[chromedp.Void](`scrollTo(0, 0)`))
		p.shot(v.name + ".png")
		p.do(chromedp.Evaluate[chromedp.Void](`document.querySelector(".stagebox").scrollIntoView()`))
		p.shot(v.name + "-stage.png")
		if v.w < v.h {
			if got := p.str(`[".narration", ".center", ".side"].map(s => Math.round(document.querySelector(s).getBoundingClientRect().top)).join(" < ")`); !ascending(got) {
				t.Fatalf("%s: the panels do not stack: tops %s", v.name, got)
			}
		}
		p.do(chromedp.Evaluate[chromedp.Void](`document.querySelector(".log").scrollIntoView()`))
		p.shot(v.name + "-log.png")
		if w := p.num(`Math.round(document.querySelector("#log td.note").getBoundingClientRect().width)`); w < 120 {
			t.Fatalf("%s: the log's note column is %d px wide", v.name, w)
		}
		p.noCrash()
	}
}

func ascending(s string) bool {
	var a, b, c int
	if _, err := fmt.Sscanf(s, "%d < %d < %d", &a, &b, &c); err != nil {
		return false
	}
	return a < b && b < c
}

// The dark theme: from the system's preference, or the toggle, remembered;
// the stage stays readable (light text on dark fills).
func TestBrowserDark(t *testing.T) {
	ctx := newBrowser(t)
	p := &page{t: t, ctx: ctx, base: serveSite(t, built(t))}
	p.open("#/lesson/" + lesson + "?pos=121")
	p.wait("the lesson", `/^event 122 \//.test((document.querySelector("#pos") || {}).textContent || "")`)
	if got := p.str(`document.documentElement.getAttribute("data-theme")`); got != "light" {
		t.Fatalf("theme %q in a light system", got)
	}
	p.click("#theme")
	p.wait("dark", `document.documentElement.getAttribute("data-theme") === "dark" && localStorage.getItem("brokerlab.theme") === "dark"`)
	lum := func(js string) float64 {
		p.t.Helper()
		rgb := p.str(js)
		var r, g, b float64
		if _, err := fmt.Sscanf(strings.TrimPrefix(rgb, "rgb("), "%g, %g, %g", &r, &g, &b); err != nil {
			p.t.Fatalf("%s: %q", js, rgb)
		}
		return (0.2126*r + 0.7152*g + 0.0722*b) / 255
	}
	bg := lum(`getComputedStyle(document.body).backgroundColor`)
	stage := lum(`getComputedStyle(document.querySelector("#stage")).backgroundColor`)
	text := lum(`getComputedStyle(document.querySelector('#stage [data-k="thread:controller-event-thread"] text')).fill`)
	box := lum(`getComputedStyle(document.querySelector('#stage [data-k="thread:controller-event-thread"] rect')).fill`)
	if bg > 0.15 || stage > 0.15 || box > 0.2 || text < 0.7 {
		t.Fatalf("dark theme luminances: page %.2f, stage %.2f, box %.2f, text %.2f", bg, stage, box, text)
	}
	p.shot("dark.png")
	p.open("#/lesson/" + lesson)
	p.wait("still dark", `document.documentElement.getAttribute("data-theme") === "dark" && !!document.querySelector("#theme")`)
	p.noCrash()
	for _, l := range []string{"03-kafka-request-pipeline?pos=400", "07-consumer-group-rebalance?pos=300"} {
		p.open("#/lesson/" + l)
		p.wait("its stage", `document.querySelectorAll('#stage [data-k^="thread:"]').length > 0`)
		p.shot("dark-" + l[:2] + ".png")
	}

	// A new visitor whose system prefers dark gets dark at once; one who
	// prefers reduced motion gets tokens that jump.
	ctx2 := newBrowser(t)
	q := &page{t: t, ctx: ctx2, base: p.base}
	if _, err := chromedp.Call(ctx2, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{Features: []*emulation.MediaFeature{
		{Name: "prefers-color-scheme", Value: "dark"}, {Name: "prefers-reduced-motion", Value: "reduce"}}}); err != nil {
		t.Fatal(err)
	}
	q.open("#/lesson/" + lesson)
	q.wait("dark from the system", `document.documentElement.getAttribute("data-theme") === "dark" && !!document.querySelector(".app.reduced-motion")`)
}

// Keyboard only on the cluster stage: Tab reaches broker 2 (Go marks it
// selectable; stage.js holds no rule of its own), Enter selects it, and the
// what-if's kill, pressed with Enter, kills it.
func TestBrowserAccessKillBrokerByKeyboard(t *testing.T) {
	ctx := newBrowser(t)
	p := &page{t: t, ctx: ctx, base: serveSite(t, built(t))}
	p.open("#/lesson/06-broker-failure?pos=200")
	p.wait("broker 2 on the stage", `(b => !!b && !b.classList.contains("dead"))(document.querySelector('#stage [data-k="broker:2"]'))`)
	if got := p.str(`[...document.querySelectorAll('#stage [tabindex="0"][role="button"]')].map(e => e.getAttribute("data-k").split(":")[0]).filter((k, i, a) => a.indexOf(k) === i).join(",")`); got != "broker" {
		t.Fatalf("the cluster stage's tab stops are of kinds %q, want broker", got)
	}
	p.do(chromedp.Evaluate[chromedp.Void](`document.activeElement && document.activeElement.blur()`))
	at := ""
	for i := 0; i < 150 && at != "broker:2"; i++ {
		p.do(chromedp.KeyEvent(kb.Tab))
		at = p.str(`(e => e && e.closest("#stage") ? e.getAttribute("data-k") : "")(document.activeElement)`)
	}
	if at != "broker:2" {
		t.Fatal("Tab never reaches broker 2 on the stage")
	}
	if l := p.str(`document.activeElement.getAttribute("aria-label")`); !strings.Contains(l, "broker-2") {
		t.Fatalf("broker 2's aria-label %q", l)
	}
	p.do(chromedp.KeyEvent(kb.Enter))
	p.wait("the inspector shows broker 2", `(s => !!s && s.textContent.includes("broker-2"))(document.querySelector("#inspector"))`)
	p.wait("the kill button names broker 2", `(b => !!b && b.textContent.trim().endsWith(" 2"))(document.querySelector("#kill"))`)
	p.do(chromedp.Evaluate[chromedp.Void](`document.querySelector("#kill").focus()`))
	p.do(chromedp.KeyEvent(kb.Enter))
	p.wait("broker 2 dead", `(b => !!b && b.classList.contains("dead"))(document.querySelector('#stage [data-k="broker:2"]'))`)
	p.noCrash()
}
