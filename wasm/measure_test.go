//go:build !js && measure

package main

// Measurements in headless Chromium, printed, not asserted: run with
// `make bench-browser` (go test -tags measure -run TestMeasure -v ./wasm).
// Targets: main.wasm ≤ 1.5 MB gzip, navigation → interactive lesson
// ≤ 500 ms, a jump in a 100,000-event run ≤ 50 ms, ≥ 55 fps playing.

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"testing"
	"time"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
)

func median(xs []float64) float64 {
	s := append([]float64(nil), xs...)
	sort.Float64s(s)
	return s[len(s)/2]
}

func TestMeasure(t *testing.T) {
	dir := built(t)
	raw, err := os.ReadFile(filepath.Join(dir, "main.wasm"))
	if err != nil {
		t.Fatal(err)
	}
	var gz bytes.Buffer
	w, _ := gzip.NewWriterLevel(&gz, gzip.BestCompression)
	w.Write(raw)
	w.Close()
	xz, err := os.Stat(filepath.Join(dir, "main.wasm.xz"))
	if err != nil {
		t.Fatal(err)
	}
	fmt.Printf("main.wasm: %.2f MB raw, %.2f MB gzip -9, %.2f MB xz, as the loader fetches it (target ≤ 1.5 MB)\n", float64(len(raw))/1e6, float64(gz.Len())/1e6, float64(xz.Size())/1e6)

	ctx := newBrowser(t)
	p := &page{t: t, ctx: ctx, base: serveSite(t, dir)}
	p.do(chromedp.Navigate("about:blank"))
	if _, err := chromedp.Call(ctx, network.Enable, network.EnableParams{}); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Call(ctx, network.SetCacheDisabled, network.SetCacheDisabledParams{CacheDisabled: true}); err != nil {
		t.Fatal(err)
	}

	// Navigation → interactive lesson: the first render of the lesson page,
	// measured from the navigation's start (performance's time origin).
	var loads []float64
	for i := 0; i < 7; i++ {
		p.open("#/lesson/" + lesson)
		p.wait("interactive", `typeof window.brokerlabInteractive === "number" && document.querySelectorAll('#stage [data-k]').length > 0`)
		ms, err := chromedp.Run(ctx, chromedp.Evaluate[float64](`window.brokerlabInteractive`))
		if err != nil {
			t.Fatal(err)
		}
		loads = append(loads, ms)
	}
	fmt.Printf("navigation → interactive lesson (loopback, cache disabled): median %.0f ms of 7 %v (target ≤ 500 ms)\n", median(loads), round(loads))

	// Frames per second while playing the lesson at 8×.
	p.open("#/lesson/" + lesson)
	p.wait("lesson", `/^event 1 \//.test((document.querySelector("#pos") || {}).textContent || "")`)
	p.do(chromedp.Evaluate[chromedp.Void](`document.querySelector("#speed").value = "5"; document.querySelector("#speed").dispatchEvent(new Event("change", {bubbles: true}))`))
	p.click("#play")
	fps, next := p.fps(), p.fps()
	fmt.Printf("playing lesson 01 at 8×: %.1f fps in the first 2 s after loading (V8 compiles each function on its first call), %.1f fps in the next 2 s (target ≥ 55)\n", fps, next)
	fmt.Printf("lesson page: %d DOM elements, %d of them in the stage\n",
		p.num(`document.querySelectorAll("*").length`), p.num(`document.querySelectorAll("#stage *").length`))

	// A 100,000-event run: time to jump to arbitrary events with the slider,
	// from the input event to the position shown in the DOM.
	start := time.Now()
	p.open("#/stress?events=100000")
	p.wait("the stress run", `/^event 1 \/ 100\d\d\d/.test((document.querySelector("#pos") || {}).textContent || "")`)
	fmt.Printf("stress run of 100,000 events: opened in %v (run and fold in the browser)\n", time.Since(start).Round(time.Millisecond))
	var jumps []float64
	for _, target := range []int{73_211, 1_234, 99_999, 50_000, 12_345, 88_888, 31_337} {
		ms, err := chromedp.Run(ctx, chromedp.Evaluate[float64](fmt.Sprintf(`new Promise(resolve => {
			const pos = document.querySelector("#pos"), s = document.querySelector("#scrub");
			const want = "event %d ";
			const t0 = performance.now();
			const obs = new MutationObserver(() => {
				if (pos.textContent.startsWith(want)) { obs.disconnect(); resolve(performance.now() - t0); }
			});
			obs.observe(pos, {childList: true, characterData: true, subtree: true});
			s.value = "%d";
			s.dispatchEvent(new Event("input", {bubbles: true}));
		})`, target+1, target), chromedp.EvalAwaitPromise))
		if err != nil {
			t.Fatal(err)
		}
		jumps = append(jumps, ms)
	}
	fmt.Printf("jump to an event of a 100,000-event run: median %.1f ms, max %.1f ms of %v (target ≤ 50 ms)\n", median(jumps), maxOf(jumps), round(jumps))
	p.click("#play")
	fmt.Printf("playing the 100,000-event run at 1×: %.1f fps\n", p.fps())
	p.noCrash()

	// The reactor stage with 1,000 connections, playing while requests flow.
	start = time.Now()
	p.open("#/stress?conns=1000&events=100000&pos=12000")
	p.wait("the 1,000-connection run", `document.querySelectorAll('#stage [data-k^="conn:"]').length >= 10 && document.querySelectorAll('#stage [data-k^="agg:"]').length >= 2`)
	fmt.Printf("1,000-connection ZooKeeper run: opened in %v (run and fold in the browser)\n", time.Since(start).Round(time.Millisecond))
	p.do(chromedp.Evaluate[chromedp.Void](`document.querySelector("#speed").value = "5"; document.querySelector("#speed").dispatchEvent(new Event("change", {bubbles: true}))`))
	p.click("#play")
	fmt.Printf("playing the reactor stage with 1,000 connections at 8×: %.1f fps (target ≥ 55), %d stage nodes\n",
		p.fps(), p.num(`document.querySelectorAll("#stage [data-k]").length`))
	p.noCrash()
}

// fps counts animation frames for two seconds.
func (p *page) fps() float64 {
	p.t.Helper()
	f, err := chromedp.Run(p.ctx, chromedp.Evaluate[float64](`new Promise(resolve => {
		let n = 0, t0 = 0;
		function frame(t) {
			if (!t0) t0 = t;
			n++;
			if (t - t0 < 2000) requestAnimationFrame(frame); else resolve((n - 1) * 1000 / (t - t0));
		}
		requestAnimationFrame(frame);
	})`, chromedp.EvalAwaitPromise))
	if err != nil {
		p.t.Fatal(err)
	}
	return f
}

func round(xs []float64) []float64 {
	out := make([]float64, len(xs))
	for i, x := range xs {
		out[i] = float64(int(x*10+0.5)) / 10
	}
	return out
}

func maxOf(xs []float64) float64 {
	m := xs[0]
	for _, x := range xs {
		if x > m {
			m = x
		}
	}
	return m
}
