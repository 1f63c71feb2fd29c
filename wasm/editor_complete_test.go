//go:build !js

package main

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// The editor completes from the systems' tables as one types, with the
// keyboard and the mouse, and a misspelt name's "did you mean" is a button
// that fixes it. Screenshots of both at 1440×900 and on a 1280×720
// projector go to $BROKERLAB_SHOTS (else the test's shots directory).
func TestBrowserEditorComplete(t *testing.T) {
	ctx := newBrowser(t)
	p := &page{t: t, ctx: ctx, base: serveSite(t, built(t))}
	p.do(chromedp.EmulateViewport(1440, 900))
	p.open("#/lesson/" + lesson)
	p.wait("the lesson", `/^event 1 \//.test((document.querySelector("#pos") || {}).textContent || "")`)
	p.click("#edit")
	p.wait("the editor", `(document.querySelector("#edit-src") || {}).value.startsWith("# Lesson 01")`)

	// A short scenario, the caret at its end (set, not typed: no list).
	p.do(chromedp.Evaluate[chromedp.Void](`(() => {
		const ta = document.querySelector("#edit-src");
		ta.value = "use controller\n";
		ta.dispatchEvent(new Event("input", {bubbles: true}));
		ta.focus();
		ta.setSelectionRange(ta.value.length, ta.value.length);
	})()`))
	p.wait("no list for a text that was not typed", `!document.querySelector("#edit-complete")`)
	const labels = `[...document.querySelectorAll("#edit-complete .copt .ckey")].map(e => e.textContent).join("|")`
	const selected = `(document.querySelector("#edit-complete .copt[aria-selected=true] .ckey") || {}).textContent`
	const value = `document.querySelector("#edit-src").value`

	// Typing opens the list of the controller's settings that fit.
	p.do(chromedp.KeyEvent("set con"))
	p.wait("the settings that start with con", labels+` === "controller.eventTime|controller.eventTime.EVENT|controller.preemptTime|controller.putLock|controller.id"`)
	if d := p.str(`[...document.querySelectorAll("#edit-complete .copt")].find(e => e.textContent.startsWith("controller.id")).querySelector(".cdetail").textContent`); d != "integer 0..1073741824 · default 1" {
		t.Fatalf("controller.id's detail is %q", d)
	}
	if p.str(`document.querySelector("#edit-src").getAttribute("aria-expanded")`) != "true" {
		t.Fatal("the textarea does not say its list is open")
	}
	// The list is under the typed word's line (line 2), at its column.
	top := p.num(`Math.round(document.querySelector("#edit-complete").getBoundingClientRect().top - document.querySelector("#edit-src").getBoundingClientRect().top)`)
	if top < 6+2*22 || top > 6+2*22+4 {
		t.Fatalf("the list is %d px below the text's top, want under line 2 (%d)", top, 6+2*22)
	}
	checkSizes(t, p, "1440×900")
	shot(t, p, "h5-complete-1440x900.png", "#edit-complete")
	p.do(chromedp.EmulateViewport(1280, 720))
	checkSizes(t, p, "1280×720")
	shot(t, p, "h5-complete-1280x720.png", "#edit-complete")
	p.do(chromedp.EmulateViewport(1440, 900))
	// In Chinese, the list's own words are Chinese (the tables' are English).
	reopen := func() {
		t.Helper()
		p.do(chromedp.Evaluate[chromedp.Void](`(ta => { ta.focus(); ta.setSelectionRange(ta.value.length, ta.value.length); })(document.querySelector("#edit-src"))`))
		p.do(chromedp.KeyEvent(" ", chromedp.KeyModifiers(chromedp.ModifierCtrl)))
	}
	p.click("#lang-zh")
	reopen()
	p.wait("the list in Chinese", `[...document.querySelectorAll("#edit-complete .cdetail")].some(e => e.textContent === "integer 0..1073741824 · 默认 1")`)
	shot(t, p, "h5-complete-zh-1280x720.png", "#edit-complete")
	p.click("#lang-en")
	reopen()
	p.wait("the list in English again", labels+` === "controller.eventTime|controller.eventTime.EVENT|controller.preemptTime|controller.putLock|controller.id"`)

	// Down moves, Up wraps, Enter accepts; the caret follows the key.
	p.do(chromedp.KeyEvent(kb.ArrowDown), chromedp.KeyEvent(kb.ArrowDown), chromedp.KeyEvent(kb.ArrowDown), chromedp.KeyEvent(kb.ArrowDown))
	p.wait("controller.id selected", selected+` === "controller.id"`)
	p.do(chromedp.KeyEvent(kb.ArrowDown))
	p.wait("Down wraps", selected+` === "controller.eventTime"`)
	p.do(chromedp.KeyEvent(kb.ArrowUp))
	p.wait("Up wraps", selected+` === "controller.id"`)
	enter(t, p)
	p.wait("the setting accepted", value+` === "use controller\nset controller.id " && !document.querySelector("#edit-complete")`)
	p.wait("the caret after it", `(ta => document.activeElement === ta && ta.selectionStart === ta.value.length)(document.querySelector("#edit-src"))`)
	p.do(chromedp.KeyEvent("2\nat 5ms se"))
	p.wait("the action forms that start with se", labels+` === "session expire"`)
	p.do(chromedp.KeyEvent(kb.Tab))
	p.wait("Tab accepts", value+`.endsWith("\nat 5ms session expire") && document.activeElement.id === "edit-src"`)
	p.do(chromedp.KeyEvent("\nexpect controller.q"))
	p.wait("the paths", labels+` === "controller.queue.size|controller.queue"`)
	p.do(chromedp.KeyEvent(kb.Escape))
	p.wait("Escape closes", `!document.querySelector("#edit-complete")`)
	p.do(chromedp.KeyEvent(" ", chromedp.KeyModifiers(chromedp.ModifierCtrl)))
	p.wait("Ctrl+Space opens", labels+`.startsWith("controller.queue.size|")`)
	// A click accepts.
	p.do(chromedp.Click(chromedp.CSS(`#edit-complete .copt:first-child`)))
	p.wait("the clicked path", value+`.endsWith("\nexpect controller.queue.size ") && !document.querySelector("#edit-complete")`)
	p.do(chromedp.KeyEvent("== 0"))
	p.wait("a text that parses", `document.querySelector("#edit-error").textContent === ""`)

	// A typo: the error's "did you mean" is a button that fixes it.
	p.do(chromedp.Evaluate[chromedp.Void](`(ta => ta.setSelectionRange(0, ta.value.length))(document.querySelector("#edit-src"))`))
	p.do(chromedp.KeyEvent("use controller\nset controler.id 1\nexpect controller.queue.size == 0"))
	p.wait("the typo's error", `document.querySelector("#edit-error").textContent.startsWith("line 2, column 5: ")`)
	p.wait("the fix button", `(document.querySelector("#edit-fix") || {}).textContent === "Replace controler.id with controller.id"`)
	p.click("#lang-zh")
	p.wait("the fix in Chinese", `document.querySelector("#edit-fix").textContent === "把 controler.id 替换为 controller.id"`)
	shot(t, p, "h5-fix-zh-1440x900.png", "#edit-fix")
	p.click("#lang-en")
	p.wait("in English again", `document.querySelector("#edit-fix").textContent === "Replace controler.id with controller.id"`)
	if px := p.num(`Math.round(parseFloat(getComputedStyle(document.querySelector("#edit-fix")).fontSize) * 10)`); px < 140 {
		t.Fatalf("the fix button's text is %.1f px, under 14", float64(px)/10)
	}
	shot(t, p, "h5-fix-1440x900.png", "#edit-fix")
	p.do(chromedp.EmulateViewport(1280, 720))
	shot(t, p, "h5-fix-1280x720.png", "#edit-fix")
	p.do(chromedp.EmulateViewport(1440, 900))
	p.click("#edit-fix")
	p.wait("the word fixed", value+` === "use controller\nset controller.id 1\nexpect controller.queue.size == 0"`)
	p.wait("no error, no button", `document.querySelector("#edit-error").textContent === "" && !document.querySelector("#edit-fix") && !document.querySelector(".errband")`)
	p.wait("the caret after the fixed word", `(ta => document.activeElement === ta && ta.selectionStart === "use controller\nset controller.id".length)(document.querySelector("#edit-src"))`)
	p.noCrash()
}

// checkSizes fails the test if a text of the open list is under 14 px
// (the projector's stage floor, pagecheck's present@1280x720 p10) and
// logs the sizes.
func checkSizes(t *testing.T, p *page, view string) {
	t.Helper()
	got := p.str(`[...document.querySelectorAll("#edit-complete .ckey, #edit-complete .cdetail, #edit-complete .cdoc, #edit-complete .cmore")].map(e => e.className + "=" + parseFloat(getComputedStyle(e).fontSize)).join(" ")`)
	t.Logf("%s: list text sizes (px): %s", view, got)
	for _, f := range strings.Fields(got) {
		var px float64
		if _, err := fmt.Sscanf(f[strings.IndexByte(f, '=')+1:], "%g", &px); err != nil || px < 14 {
			t.Fatalf("%s: %s is under 14 px", view, f)
		}
	}
	if over := p.num(`(l => Math.round(l.getBoundingClientRect().right - document.documentElement.clientWidth))(document.querySelector("#edit-complete"))`); over > 0 {
		t.Fatalf("%s: the list goes %d px past the window's right edge", view, over)
	}
}

// shot takes a screenshot with sel in the middle of the window.
func shot(t *testing.T, p *page, name, sel string) {
	t.Helper()
	p.do(chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`document.querySelector(%q).scrollIntoView({block: "center"})`, sel)))
	png := p.shot(name)
	if dir := os.Getenv("BROKERLAB_SHOTS"); dir != "" {
		if err := os.WriteFile(dir+"/"+name, png, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// enter presses Enter as a keyboard does: one keydown that carries its
// text, which the page's preventDefault keeps out of the textarea
// (chromedp.KeyEvent sends the text as a separate char event, which no
// keydown handler can stop).
func enter(t *testing.T, p *page) {
	t.Helper()
	down := input.DispatchKeyEventParams{Type: input.DispatchKeyEventTypeKeyDown, Key: "Enter", Code: "Enter", WindowsVirtualKeyCode: 13, NativeVirtualKeyCode: 13, Text: "\r", UnmodifiedText: "\r"}
	up := down
	up.Type, up.Text, up.UnmodifiedText = input.DispatchKeyEventTypeKeyUp, "", ""
	for _, ev := range []input.DispatchKeyEventParams{down, up} {
		if _, err := chromedp.Call(p.ctx, input.DispatchKeyEvent, ev); err != nil {
			t.Fatal(err)
		}
	}
}
