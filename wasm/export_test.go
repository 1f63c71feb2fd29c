//go:build !js

package main

import (
	"bytes"
	"encoding/json"
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

// Export for slides, from a page in the dark theme: the stage as a
// standalone SVG on a 16:9 page (it parses, holds the stage's nodes with
// their styles inlined, in the light theme, with a caption that says the
// lesson, step, event and what-if, in fonts that end in a generic family),
// as a PNG of the same, and the trace as JSON lines after its header. The
// file names carry the lesson, event and what-if.
func TestBrowserExport(t *testing.T) {
	ctx := newBrowser(t)
	p := &page{t: t, ctx: ctx, base: serveSite(t, built(t))}
	dir := t.TempDir()
	if _, err := chromedp.Call(ctx, browser.SetDownloadBehavior, browser.SetDownloadBehaviorParams{Behavior: browser.SetDownloadBehaviorBehaviorAllow, DownloadPath: dir}); err != nil {
		t.Fatal(err)
	}
	link := "#/lesson/" + lesson + "?pos=141&set=controller.putLock:false"
	p.open(link)
	p.wait("the stage", `document.querySelectorAll('#stage [data-k^="thread:"]').length >= 5`)
	p.click("#theme")
	p.wait("the dark theme", `document.documentElement.getAttribute("data-theme") === "dark"`)

	// In the page: the SVG parses and holds the stage, light on a dark page.
	const check = `(svgText) => {
		const doc = new DOMParser().parseFromString(svgText, "image/svg+xml");
		if (doc.querySelector("parsererror")) return "parse error: " + doc.querySelector("parsererror").textContent;
		const svg = doc.documentElement, stage = svg.querySelector("svg");
		const threads = svg.querySelectorAll('[data-k^="thread:"]').length, live = document.querySelectorAll('#stage [data-k^="thread:"]').length;
		const toks = svg.querySelectorAll('[data-k^="tok:"]').length, liveToks = document.querySelectorAll('#stage [data-k^="tok:"]').length;
		const box = svg.querySelector('[data-k="thread:controller-event-thread"] rect');
		const caption = [...svg.querySelectorAll("text.caption")].map((t) => t.textContent);
		// The parser's document follows the page's CSP, which keeps the
		// style attributes as text only: read them as text.
		const prop = (el, name) => ((el.getAttribute("style") || "").match(new RegExp("(?:^|;)\\s*" + name + ":\\s*([^;]+)")) || [])[1] || "";
		const fonts = [...svg.querySelectorAll("text")].map((t) => prop(t, "font-family")).filter((f) => !/(sans-serif|monospace)\s*$/.test(f));
		const lum = (c) => { const m = c.match(/\d+/g).map(Number); return (m[0] + m[1] + m[2]) / 3; };
		const dark = [...svg.querySelectorAll("[data-k] rect")].filter((r) => lum(prop(r, "fill")) < 128 && !r.closest(".state, .gcell.dealt")).length;
		return JSON.stringify({tag: svg.tagName, ns: svg.getAttribute("xmlns"), viewBox: svg.getAttribute("viewBox"), width: svg.getAttribute("width"),
			stageBox: stage.getAttribute("viewBox"), same: threads === live && threads >= 5 && toks === liveToks,
			thread: svg.textContent.includes("controller-event-thread"), inlined: /stroke-width:\s*\d/.test(box.getAttribute("style")),
			bg: svg.querySelector("rect").getAttribute("fill"), ink: lum(prop(svg.querySelector("[data-k] text"), "fill")) < 80, dark, fonts, caption});
	}`
	type report struct {
		Tag, NS, ViewBox, Width, StageBox, BG string
		Same, Thread, Inlined, Ink            bool
		Dark                                  int
		Fonts, Caption                        []string
	}
	inPage := func(svgJS string) report {
		t.Helper()
		var r report
		if err := json.Unmarshal([]byte(p.str("("+check+")("+svgJS+")")), &r); err != nil {
			t.Fatal(err)
		}
		return r
	}
	wantCaption := []string{"brokerlab · The controller's event queue · step 8 / 10", "event 142 / 223 · t = 280.000 ms · seed 11 · what-if: controller.putLock false"}
	light := func(what string, r report) {
		t.Helper()
		if r.Tag != "svg" || r.NS != "http://www.w3.org/2000/svg" || r.ViewBox != "0 0 1600 900" || r.Width != "1600" || r.StageBox != "0 0 1320 760" ||
			!r.Same || !r.Thread || !r.Inlined || r.BG != "rgb(251, 252, 253)" || !r.Ink || r.Dark != 0 || len(r.Fonts) != 0 ||
			strings.Join(r.Caption, "\n") != strings.Join(wantCaption, "\n") {
			t.Fatalf("%s: %+v", what, r)
		}
	}
	caption := "`" + strings.Join(wantCaption, `\n`) + "`"
	light("the exported SVG", inPage(`brokerlabWeb.stageSVG(`+caption+`, false)`))
	// Asked for dark, on a dark page, it is dark.
	if r := inPage(`brokerlabWeb.stageSVG("a\nb", true)`); r.BG != "rgb(17, 24, 33)" || r.Dark == 0 {
		t.Fatalf("the dark export: %+v", r)
	}
	if got := p.str(`document.documentElement.getAttribute("data-theme")`); got != "dark" {
		t.Fatalf("the export left the page %s", got)
	}
	// The test's DOMParser document follows the page's CSP, which refuses
	// (and keeps as text) the SVG's style attributes; the page itself
	// parses none, as the exports below check.
	p.do(chromedp.Evaluate[chromedp.Void](`window.brokerlabCSP = []`))

	// The buttons save the files. Chrome asks before a page's second
	// download, so each comes from a fresh page.
	base := "brokerlab-" + lesson
	want := []string{base + "-e142-whatif-noPutLock.svg", base + "-e142-whatif-noPutLock.png", base + "-whatif-noPutLock.trace.jsonl"}
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
		p.open(link)
		p.wait("the stage", `document.querySelectorAll('#stage [data-k^="thread:"]').length >= 5`)
		p.click("#export summary")
		if i == 0 && p.num(`document.querySelectorAll("#export-dark").length`) != 1 {
			t.Fatal("a dark page offers no dark export")
		}
		p.click(button)
		read(want[i])
		p.noCrash()
	}
	svg := read(want[0])
	var root struct {
		XMLName xml.Name
		Width   string `xml:"width,attr"`
		ViewBox string `xml:"viewBox,attr"`
	}
	if err := xml.Unmarshal(svg, &root); err != nil || root.XMLName.Local != "svg" || root.Width != "1600" || root.ViewBox != "0 0 1600 900" {
		t.Fatalf("%s: %v %+v", want[0], err, root)
	}
	for _, s := range append([]string{`data-k="thread:controller-event-thread"`}, wantCaption...) {
		if !bytes.Contains(svg, []byte(strings.ReplaceAll(s, "'", "&apos;"))) && !bytes.Contains(svg, []byte(s)) {
			t.Fatalf("%s lacks %q", want[0], s)
		}
	}
	_ = os.WriteFile(filepath.Join(shots, "export.svg"), svg, 0o644)
	pngBytes := read(want[1])
	_ = os.WriteFile(filepath.Join(shots, "export.png"), pngBytes, 0o644)
	img, err := png.Decode(bytes.NewReader(pngBytes))
	if err != nil || img.Bounds().Dx() != 3200 || img.Bounds().Dy() != 1800 {
		t.Fatalf("%s: %v %v", want[1], err, img.Bounds())
	}
	// Light: the stage's background at the page's top left.
	if r, g, b, _ := img.At(4, 4).RGBA(); r>>8 < 240 || g>>8 < 240 || b>>8 < 240 {
		t.Fatalf("%s is not light: %d %d %d", want[1], r>>8, g>>8, b>>8)
	}
	lines := strings.Split(strings.TrimSuffix(string(read(want[2])), "\n"), "\n")
	var head struct {
		Brokerlab, Lesson, Build string
		Seed                     int
		Set                      []string
	}
	if err := json.Unmarshal([]byte(lines[0]), &head); err != nil || head.Brokerlab != "trace" || head.Lesson != lesson || head.Seed != 11 ||
		len(head.Set) != 1 || head.Set[0] != "controller.putLock false" || head.Build == "" || head.Build == "dev" {
		t.Fatalf("%s: header %s: %v", want[2], lines[0], err)
	}
	if total := p.num(`Number(document.querySelector("#pos").textContent.match(/\/ (\d+)/)[1])`); len(lines) != total+1 || !strings.HasPrefix(lines[1], `{"seq":0,`) {
		t.Fatalf("%s: %d lines for %d events: %.80s", want[2], len(lines), total, lines[1])
	}
	p.noCrash()
}
