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
	// A link without them leaves the page in the kept choice.
	p.open("#/lesson/" + lesson)
	p.wait("the lesson", `!!document.querySelector("#stage [data-k]")`)
	if got := page(); got != "en | light | The controller's event queue | en | light" {
		t.Fatalf("a link without lang and theme: %s", got)
	}
	p.noCrash()
}
