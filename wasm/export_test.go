//go:build !js

package main

import (
	"bytes"
	"encoding/xml"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/browser"
	"github.com/chromedp/chromedp"
)

// Export: the stage as a standalone SVG (it parses, and holds the stage's
// nodes with their styles inlined), as a PNG, and the trace as JSON lines.
func TestBrowserExport(t *testing.T) {
	ctx := newBrowser(t)
	p := &page{t: t, ctx: ctx, base: serveSite(t, built(t))}
	dir := t.TempDir()
	if _, err := chromedp.Call(ctx, browser.SetDownloadBehavior, browser.SetDownloadBehaviorParams{Behavior: browser.SetDownloadBehaviorBehaviorAllow, DownloadPath: dir}); err != nil {
		t.Fatal(err)
	}
	p.open("#/lesson/" + lesson + "?pos=121")
	p.wait("the stage", `document.querySelectorAll('#stage [data-k^="tok:"]').length >= 3`)

	// In the page: the SVG parses and holds the stage.
	got := p.str(`(() => {
		const doc = new DOMParser().parseFromString(brokerlabWeb.stageSVG(), "image/svg+xml");
		if (doc.querySelector("parsererror")) return "parse error: " + doc.querySelector("parsererror").textContent;
		const svg = doc.documentElement;
		const threads = svg.querySelectorAll('[data-k^="thread:"]').length, live = document.querySelectorAll('#stage [data-k^="thread:"]').length;
		const toks = svg.querySelectorAll('[data-k^="tok:"]').length, liveToks = document.querySelectorAll('#stage [data-k^="tok:"]').length;
		const box = svg.querySelector('[data-k="thread:controller-event-thread"] rect');
		return [svg.tagName, svg.getAttribute("xmlns"), svg.getAttribute("width"), threads === live && threads >= 5, toks === liveToks,
			svg.textContent.includes("controller-event-thread"), /stroke-width:\s*\d/.test(box.getAttribute("style"))].join(" ");
	})()`)
	if got != "svg http://www.w3.org/2000/svg 1320 true true true true" {
		t.Fatalf("the exported SVG: %s", got)
	}
	// The test's DOMParser document follows the page's CSP, which refuses
	// (and keeps as text) the SVG's style attributes; the page itself
	// parses none, as the exports below check.
	p.do(chromedp.Evaluate[chromedp.Void](`window.brokerlabCSP = []`))

	// The buttons save the files. Chrome asks before a page's second
	// download, so each comes from a fresh page.
	base := "brokerlab-" + lesson + "-seed11"
	want := []string{base + "-event121.svg", base + "-event121.png", base + ".trace.jsonl"}
	read := func(name string) []byte {
		t.Helper()
		for end := time.Now().Add(15 * time.Second); ; time.Sleep(100 * time.Millisecond) {
			if b, err := os.ReadFile(filepath.Join(dir, name)); err == nil && len(b) > 0 {
				return b
			}
			if time.Now().After(end) {
				ents, _ := os.ReadDir(dir)
				var names []string
				for _, e := range ents {
					names = append(names, e.Name())
				}
				t.Fatalf("no %s among the downloads %q", name, names)
			}
		}
	}
	for i, button := range []string{"#export-svg", "#export-png", "#export-trace"} {
		p.open("#/lesson/" + lesson + "?pos=121")
		p.wait("the stage", `document.querySelectorAll('#stage [data-k^="tok:"]').length >= 3`)
		p.click("#export summary")
		p.click(button)
		read(want[i])
		p.noCrash()
	}
	svg := read(want[0])
	var root struct {
		XMLName xml.Name
		Width   string `xml:"width,attr"`
	}
	if err := xml.Unmarshal(svg, &root); err != nil || root.XMLName.Local != "svg" || root.Width != "1320" {
		t.Fatalf("%s: %v %+v", want[0], err, root)
	}
	if !bytes.Contains(svg, []byte(`data-k="thread:controller-event-thread"`)) {
		t.Fatalf("%s lacks the event thread", want[0])
	}
	pngBytes := read(want[1])
	_ = os.WriteFile(filepath.Join(shots, "export.png"), pngBytes, 0o644)
	img, err := png.Decode(bytes.NewReader(pngBytes))
	if err != nil || img.Bounds().Dx() != 2640 || img.Bounds().Dy() != 1520 {
		t.Fatalf("%s: %v %v", want[1], err, img)
	}
	lines := strings.Split(strings.TrimSuffix(string(read(want[2])), "\n"), "\n")
	if total := p.num(`Number(document.querySelector("#pos").textContent.match(/\/ (\d+)/)[1])`); len(lines) != total || !strings.HasPrefix(lines[0], `{"seq":0,`) {
		t.Fatalf("%s: %d lines for %d events: %.80s", want[2], len(lines), total, lines[0])
	}
	p.noCrash()
}
