//go:build !js

package main

import (
	"testing"

	"github.com/chromedp/chromedp"
)

// A suggested what-if exists: lesson 05's what-if panel offers
// its suggestions as buttons; clicking one applies its setting, which the
// URL and the panel's list of what-ifs then show.
func TestBrowserSuggestedWhatIf(t *testing.T) {
	ctx := newBrowser(t)
	p := &page{t: t, ctx: ctx, base: serveSite(t, built(t))}
	p.open("#/lesson/05-acks-and-min-isr")
	const sel = `[...document.querySelectorAll("#whatif button.suggest")].find(b => b.textContent.includes("min.insync.replicas 1"))`
	p.wait("the suggestion offered", `!!`+sel)
	if tag := p.str(`(b => b.tagName + " " + b.tabIndex + " " + b.getAttribute("aria-pressed"))(` + sel + `)`); tag != "BUTTON 0 false" {
		t.Fatalf("the suggestion is %q, want a keyboard-reachable, unpressed button", tag)
	}
	p.do(chromedp.Evaluate[chromedp.Void](`(` + sel + `).click()`))
	p.wait("the setting in the URL", `location.hash.includes("set=min.insync.replicas:1")`)
	p.wait("the setting listed as injected", `(e => !!e && e.textContent.includes("set min.insync.replicas 1"))(document.querySelector("#injected"))`)
	p.wait("the suggestion shown applied", `(`+sel+`).getAttribute("aria-pressed") === "true"`)
	p.noCrash()
}
