//go:build !js

package main

import (
	"strings"
	"testing"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"

	"brokerlab/lessons"
	"brokerlab/ui"
)

// The lesson list links every lesson's teacher's guide; the link opens the
// guide, not the app, also once the service worker controls the site; the
// guide shows its plan and the crux's screenshot, and prints without the
// page's links.
func TestBrowserGuides(t *testing.T) {
	ctx := newBrowser(t)
	p := &page{t: t, ctx: ctx, base: serveSite(t, built(t))}
	p.open("")
	p.wait("the lesson list", `document.querySelectorAll("#lessons .card").length > 0`)
	all, err := lessons.All()
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range all {
		if got := p.str(`(document.querySelector("#guide-` + l.ID + `") || {getAttribute: () => ""}).getAttribute("href")`); got != ui.GuideHref(l.ID) {
			t.Errorf("%s: the list links its guide as %q, want %q", l.ID, got, ui.GuideHref(l.ID))
		}
	}
	p.wait("the service worker in control", `!!navigator.serviceWorker.controller`)
	p.click("#guide-" + lesson)
	p.wait("lesson 01's guide", `document.title.startsWith("Teacher's guide") && !!document.querySelector("#plan") && !document.querySelector(".app")`)
	p.wait("the crux's screenshot", `(i => !!i && i.complete && i.naturalWidth === 1440)(document.querySelector("figure img"))`)
	if n := p.num(`document.querySelectorAll("section.step").length`); n != 10 {
		t.Fatalf("lesson 01's guide has %d steps", n)
	}
	if got := p.str(`document.querySelector(".choices .right").textContent`); !strings.Contains(got, "None of them") {
		t.Fatalf("the guide's right answer: %q", got)
	}
	p.shot("guide.png")
	if _, err := chromedp.Call(ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{Media: "print"}); err != nil {
		t.Fatal(err)
	}
	if got := p.str(`[".chrome", ".open"].map(s => getComputedStyle(document.querySelector(s)).display).join(",")`); got != "none,none" {
		t.Fatalf("printed, the guide shows its links: %s", got)
	}
	if _, err := chromedp.Call(ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{}); err != nil {
		t.Fatal(err)
	}
	// Back to the page: the app again.
	p.click(`.chrome a[href="../"]`)
	p.wait("the lesson list again", `document.querySelectorAll("#lessons .card").length > 0`)
}
