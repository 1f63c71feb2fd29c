//go:build !js

package main

import (
	"strings"
	"testing"
)

// A link with lang= and theme= opens the page in them before the first
// paint, for that visit: the stored choice stays. The URL then says the
// page's language and theme, also after the buttons change them.
func TestBrowserLinkLangTheme(t *testing.T) {
	ctx := newBrowser(t)
	p := &page{t: t, ctx: ctx, base: serveSite(t, built(t))}
	p.open("#/")
	p.str(`localStorage.setItem("brokerlab.lang", "en"), localStorage.setItem("brokerlab.theme", "light"), ""`)

	p.open("#/lesson/" + lesson + "?pos=5&lang=zh&theme=dark")
	p.wait("the lesson", `!!document.querySelector("#stage [data-k]")`)
	page := func() string {
		return p.str(`[document.documentElement.lang, document.documentElement.getAttribute("data-theme"),
			document.querySelector(".crumb").textContent, localStorage.getItem("brokerlab.lang"), localStorage.getItem("brokerlab.theme")].join(" | ")`)
	}
	if got := page(); got != "zh | dark | 控制器的单线程事件队列 | en | light" {
		t.Fatalf("the link's page: %s", got)
	}
	p.wait("the URL", `location.hash.endsWith("?pos=5&lang=zh&theme=dark")`)
	// The stage's own background follows the theme too.
	if bg := p.str(`getComputedStyle(document.getElementById("stage")).backgroundColor`); bg != "rgb(17, 24, 33)" {
		t.Fatalf("stage background %s in the dark theme", bg)
	}
	p.click(".langs button:first-child")
	p.click("#theme")
	p.wait("the URL after the buttons", `location.hash.endsWith("?pos=5&lang=en&theme=light")`)
	if got := page(); !strings.HasPrefix(got, "en | light | The controller's event queue") {
		t.Fatalf("after the buttons: %s", got)
	}
	// Lesson 06 in Chinese, from a link: the cluster stage and the log
	// say no English word they used to (TestZHStageAndLogWords checks
	// every word of every lesson natively).
	p.open("#/lesson/06-broker-failure?pos=400&lang=zh")
	p.wait("the cluster stage", `!!document.querySelector('#stage [data-k^="broker:"]')`)
	if got := p.str(`(() => {
		const stage = [...document.querySelectorAll("#stage text")].map((t) => t.textContent).join(" ");
		const notes = [...document.querySelectorAll("#logbody td.note")].map((t) => t.textContent);
		return [/connected|expired|clients' results|ZK session|not retriable|records below/.test(stage), notes.filter((n) => /[\u4e00-\u9fff]/.test(n)).length > 0].join(" ");
	})()`); got != "false true" {
		t.Fatalf("lesson 06 in Chinese: English on the stage, Chinese notes in the log: %s", got)
	}
	p.shot("zh-06.png")
	p.open("#/lesson/" + lesson + "?pos=5&lang=en")

	// A link without them leaves the page in the kept choice.
	p.open("#/lesson/" + lesson)
	p.wait("the lesson", `!!document.querySelector("#stage [data-k]")`)
	if got := page(); got != "en | light | The controller's event queue | en | light" {
		t.Fatalf("a link without lang and theme: %s", got)
	}
	p.noCrash()
}
