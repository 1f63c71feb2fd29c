//go:build !js && measure

package main

// Classroom measurements, printed, not asserted (make bench-browser):
// what the whole site costs on the wire, the time to an interactive
// lesson on a classroom network (10 Mbit/s, 40 ms round trip) on a first
// visit, and on a repeat visit served by the service worker.
// Targets: first visit ≤ 2 s, repeat visit ≤ 300 ms.

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/storage"
	"github.com/chromedp/chromedp"
)

func TestMeasureClassroom(t *testing.T) {
	dir := built(t)

	// What a first visit downloads: every file but main.wasm (the loader
	// takes main.wasm.xz), gzipped as a host would (the .xz as it is).
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	total := 0
	var parts []string
	for _, e := range ents {
		n := e.Name()
		if n == "main.wasm" || n == "build.txt" || e.IsDir() { // guide/ is not part of the page
			continue
		}
		b, err := os.ReadFile(filepath.Join(dir, n))
		if err != nil {
			t.Fatal(err)
		}
		size := len(b)
		if !strings.HasSuffix(n, ".xz") {
			var z bytes.Buffer
			w, _ := gzip.NewWriterLevel(&z, gzip.BestCompression)
			w.Write(b)
			w.Close()
			size = z.Len()
		}
		total += size
		parts = append(parts, fmt.Sprintf("%s %.1f KB", n, float64(size)/1024))
	}
	sort.Strings(parts)
	fmt.Printf("site transfer, gzip: %.2f MB (%s)\n", float64(total)/1e6, strings.Join(parts, ", "))

	ctx := newBrowser(t)
	p := &page{t: t, ctx: ctx, base: serveSite(t, dir)}
	p.do(chromedp.Navigate("about:blank"))
	call := func(what string, err error) {
		if err != nil {
			t.Fatalf("%s: %v", what, err)
		}
	}
	_, err = chromedp.Call(ctx, network.Enable, network.EnableParams{})
	call("network", err)
	// 10 Mbit/s each way, 40 ms from a request to its response's headers.
	p.throttle(40, 10e6/8)
	var phases []string
	interactive := func() float64 {
		p.open("#/lesson/" + lesson)
		p.wait("interactive", `typeof window.brokerlabInteractive === "number" && document.querySelectorAll('#stage [data-k]').length > 0`)
		ms, err := chromedp.Run(ctx, chromedp.Evaluate[float64](`window.brokerlabInteractive`))
		call("interactive", err)
		ph, err := chromedp.Run(ctx, chromedp.Evaluate[string](`["brokerlab-fetched", "brokerlab-compiled", "brokerlab-main", "brokerlab-routed"].map(m => (performance.getEntriesByName(m)[0] || {startTime: -1}).startTime.toFixed(0)).join("/") + (brokerlabLoaded.cached ? " cached" : "") + " →" + window.brokerlabInteractive.toFixed(0) + " " + performance.getEntriesByType("resource").filter(e => /main\.wasm/.test(e.name)).map(e => e.name.replace(/.*\//, "").replace(/\?.*/, "") + "@" + e.startTime.toFixed(0) + "-" + e.responseEnd.toFixed(0)).join(",")`))
		call("phases", err)
		phases = append(phases, ph)
		return ms
	}

	// First visits: no HTTP cache, no service worker.
	_, err = chromedp.Call(ctx, network.SetCacheDisabled, network.SetCacheDisabledParams{CacheDisabled: true})
	call("cache off", err)
	_, err = chromedp.Call(ctx, network.SetBypassServiceWorker, network.SetBypassServiceWorkerParams{Bypass: true})
	call("bypass worker", err)
	// The service worker the previous visit installed is removed first,
	// with its cache: each of these visits is a first one.
	u, err := url.Parse(p.base)
	call("base", err)
	origin := u.Scheme + "://" + u.Host
	var first []float64
	for i := 0; i < 5; i++ {
		p.do(chromedp.Navigate("about:blank"))
		_, err := chromedp.Call(ctx, storage.ClearDataForOrigin, storage.ClearDataForOriginParams{Origin: origin, StorageTypes: "service_workers,cache_storage"})
		call("clear", err)
		first = append(first, interactive())
	}
	fmt.Printf("first visit → interactive lesson at 10 Mbit/s, 40 ms: median %.0f ms of 5 %v (target ≤ 2000 ms)\n", median(first), round(first))
	fmt.Printf("  main.wasm response (or, cached, compiled) / instantiated / Go main / lesson run at (ms): %s\n", strings.Join(phases, ", "))
	phases = nil

	// Repeat visits: the service worker serves the site from its cache
	// (the HTTP cache stays off, so nothing else can).
	_, err = chromedp.Call(ctx, network.SetBypassServiceWorker, network.SetBypassServiceWorkerParams{Bypass: false})
	call("worker on", err)
	p.open("#/lesson/" + lesson)
	// The last first visit may have installed the worker while it was
	// bypassed: a visit after it is ready is a repeat visit.
	p.waitAsync("the worker ready", `navigator.serviceWorker.ready.then(() => "ready")`, "ready")
	p.open("#/lesson/" + lesson)
	p.wait("the worker in control", `!!navigator.serviceWorker.controller`)
	p.wait("the site cached", `(() => { caches.keys().then(k => caches.open(k[0])).then(c => c.keys()).then(r => window.__cached = r.length); return window.__cached >= 6 })()`)
	var again []float64
	for i := 0; i < 7; i++ {
		again = append(again, interactive())
	}
	fmt.Printf("repeat visit (service worker) → interactive lesson at 10 Mbit/s, 40 ms: median %.0f ms of 7 %v (target ≤ 300 ms)\n", median(again), round(again))
	fmt.Printf("  main.wasm response (or, cached, compiled) / instantiated / Go main / lesson run at (ms): %s\n", strings.Join(phases, ", "))
	p.noCrash()
}
