//go:build !js

package main

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"

	"brokerlab/ui"
)

// copySite copies the built site into a directory the test may change.
func copySite(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	if err := os.CopyFS(dir, os.DirFS(built(t))); err != nil {
		t.Fatal(err)
	}
	return dir
}

// restamp turns the site in dir into another build, as a new deployment
// would: same files, a new hash in sw.js and index.html.
func restamp(t *testing.T, dir, from, to string) {
	t.Helper()
	for _, f := range []string{"sw.js", "index.html"} {
		p := filepath.Join(dir, f)
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(b), from) {
			t.Fatalf("%s does not name build %s", f, from)
		}
		if err := os.WriteFile(p, []byte(strings.ReplaceAll(string(b), from, to)), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// offline cuts the page's network (and its service worker's) in the
// browser; the caller also stops the server, so nothing can leak through.
// Chromium's protocol for this moved between versions (CI installs
// whichever Debian ships), so each newer command falls back to the
// older Network.emulateNetworkConditions, which also sets
// navigator.onLine; the test then checks the page really is offline.
func (p *page) offline() {
	p.t.Helper()
	yes := true
	legacy := func(why error) {
		p.t.Helper()
		p.t.Logf("offline: %v; using Network.emulateNetworkConditions", why)
		params := map[string]any{"offline": true, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1}
		emulate := cdp.Command[map[string]any, cdp.Empty]{Method: "Network.emulateNetworkConditions"}
		if _, err := chromedp.Call(p.ctx, emulate, params); err != nil {
			p.t.Fatal(err)
		}
	}
	if _, err := chromedp.Call(p.ctx, network.Enable, network.EnableParams{}); err != nil {
		p.t.Fatal(err)
	}
	if _, err := chromedp.Call(p.ctx, network.EmulateNetworkConditionsByRule, network.EmulateNetworkConditionsByRuleParams{
		EmulateOfflineServiceWorker: &yes,
		MatchedNetworkConditions:    []*network.Conditions{{Offline: true, DownloadThroughput: -1, UploadThroughput: -1}},
	}); err != nil {
		legacy(fmt.Errorf("Network.emulateNetworkConditionsByRule: %w", err))
		return
	}
	if _, err := chromedp.Call(p.ctx, network.OverrideNetworkState, network.OverrideNetworkStateParams{Offline: true, DownloadThroughput: -1, UploadThroughput: -1}); err != nil {
		legacy(fmt.Errorf("Network.overrideNetworkState: %w", err))
	}
}

// The site works offline after the first visit, and a new build replaces
// the old one cleanly: its own cache, the old one deleted and another
// deployment's on the origin kept, the page offers to reload and then
// runs the new build.
func TestOffline(t *testing.T) {
	ctx := newBrowser(t)
	dir := copySite(t)
	mux := http.NewServeMux()
	mux.Handle("/brokerlab/", http.StripPrefix("/brokerlab/", http.FileServer(http.Dir(dir))))
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	p := &page{t: t, ctx: ctx, base: srv.URL + "/brokerlab/"}
	b, err := os.ReadFile(filepath.Join(dir, "build.txt"))
	if err != nil {
		t.Fatal(err)
	}
	build := strings.TrimSpace(string(b))

	p.open("#/lesson/" + lesson)
	p.wait("the lesson", `document.querySelectorAll('#stage [data-k^="thread:"]').length >= 5`)
	// The loader streamed main.wasm.xz and counted every compressed byte
	// against Content-Length.
	if got := p.str(`JSON.stringify(window.brokerlabLoaded)`); !strings.Contains(got, `"xz":true`) {
		t.Fatalf("the loader did not use main.wasm.xz: %s", got)
	}
	if p.num(`brokerlabLoaded.bytes`) != p.num(`brokerlabLoaded.total`) || p.num(`brokerlabLoaded.total`) < 100_000 {
		t.Fatalf("progress counted %s", p.str(`JSON.stringify(window.brokerlabLoaded)`))
	}
	caches := `caches.keys().then(k => k.sort().join(","))`
	scope := p.base
	p.wait("the service worker in control", `!!navigator.serviceWorker.controller`)
	p.waitAsync("the site cached", caches, "brokerlab "+scope+" "+build)

	// Another deployment on the origin (/other/) has caches too: one named
	// by its scope, one by the naming before scopes, which holds its page;
	// a cache of that older naming holding this scope's page is this
	// deployment's.
	other := srv.URL + "/other/"
	p.waitAsync("the other deployment's caches", fmt.Sprintf(`Promise.all([
		caches.open(%[1]q).then(c => c.put(%[3]q, new Response("other"))),
		caches.open("brokerlab-aaaaaaaaaaaa").then(c => c.put(%[3]q, new Response("other"))),
		caches.open("brokerlab-bbbbbbbbbbbb").then(c => c.put(%[2]q, new Response("ours"))),
	]).then(() => "made")`, "brokerlab "+other+" "+build, scope, other), "made")

	// A new build: the worker updates, takes over, deletes its scope's old
	// caches and no other; the page says a new version is ready, and its
	// button loads it.
	next := "0123456789ab"
	restamp(t, dir, build, next)
	p.do(chromedp.Evaluate[chromedp.Void](`navigator.serviceWorker.getRegistration().then(r => r.update())`))
	p.wait("the update banner", `!!document.querySelector("#update")`)
	p.waitAsync("the new cache and the other deployment's", caches,
		"brokerlab "+scope+" "+next+",brokerlab "+other+" "+build+",brokerlab-aaaaaaaaaaaa")
	p.click("#reload")
	p.wait("the new build", fmt.Sprintf(`(document.querySelector('meta[name="brokerlab-build"]') || {}).content === %q && !!document.querySelector("#pos")`, next))
	p.noCrash()
	// A teacher's guide, opened once, is kept for offline too.
	guide := p.base + ui.GuideHref(lesson)
	p.do(chromedp.Navigate(guide))
	p.wait("the guide", `(i => !!i && i.complete && i.naturalWidth > 0)(document.querySelector("#plan ~ figure img"))`)

	// Cut the network: the lesson still opens, at a linked moment.
	srv.CloseClientConnections()
	srv.Close()
	p.offline()
	p.open("#/lesson/" + lesson + "?pos=30")
	p.wait("the lesson offline", `/^event 31 \//.test((document.querySelector("#pos") || {}).textContent || "") && document.querySelectorAll('#stage [data-k^="thread:"]').length >= 5`)
	if on := p.str(`String(navigator.onLine)`); on != "false" {
		// A Chromium that refuses both emulation commands keeps
		// navigator.onLine true; the server is closed all the same, so
		// the lesson can only have come from the worker's cache (checked
		// next).
		t.Logf("navigator.onLine = %s: this Chromium did not emulate offline; the server is closed", on)
	}
	// The worker's cache holds the simulator inflated; the loader compiles it as it is.
	if got := p.str(`JSON.stringify(window.brokerlabLoaded)`); !strings.Contains(got, `"cached":true`) {
		t.Fatalf("the loader did not take main.wasm from the worker's cache: %s", got)
	}
	p.noCrash()
	p.shot("offline.png")
	p.do(chromedp.Navigate(guide))
	p.wait("the guide offline", `document.title.startsWith("Teacher's guide") && (i => !!i && i.complete && i.naturalWidth > 0)(document.querySelector("#plan ~ figure img"))`)
}

// waitAsync polls a JavaScript expression that yields a promise of a
// string until it equals want.
func (p *page) waitAsync(what, js, want string) {
	p.t.Helper()
	p.wait(what, fmt.Sprintf(`(() => {
		if (window.__wa === undefined) window.__wa = {};
		const k = %q;
		Promise.resolve(%s).then(v => { window.__wa[k] = v; });
		return window.__wa[k] === %q;
	})()`, what, js, want))
}
