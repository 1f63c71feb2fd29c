//go:build !js

package main

import (
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// consoleAllowed lists console messages a clean page may still write,
// each with its reason. None so far: every message the page writes is
// either a bug or something a teacher would see in DevTools and wonder.
var consoleAllowed = []struct{ substr, why string }{}

// TestConsoleClean opens the lesson list, a lesson, plays it a second, goes
// back to the list and idles there, then opens the presenter's view and
// the stress page: the console must stay empty of errors, warnings and
// Go's own complaints (println reaches the console as a plain log line),
// and every request the browser makes, the ones it makes on its own (a
// favicon) included, must succeed.
func TestConsoleClean(t *testing.T) {
	ctx := newBrowser(t)
	dir := built(t)

	// The server records every request and its status, so requests that
	// bypass the page's Network domain (the browser's favicon) count too.
	var mu sync.Mutex
	var failed []string
	files := http.StripPrefix("/brokerlab/", http.FileServer(http.Dir(dir)))
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		rec := &statusWriter{ResponseWriter: w, code: http.StatusOK}
		if strings.HasPrefix(r.URL.Path, "/brokerlab/") {
			files.ServeHTTP(rec, r)
		} else {
			http.NotFound(rec, r) // the origin's root is not ours (GitHub Pages' project sites)
		}
		if rec.code >= 400 {
			mu.Lock()
			failed = append(failed, r.Method+" "+r.URL.String()+": "+http.StatusText(rec.code))
			mu.Unlock()
		}
	}))
	t.Cleanup(srv.Close)
	p := &page{t: t, ctx: ctx, base: srv.URL + "/brokerlab/"}

	var msgs []string
	phase := "loading the list"
	at := func(s string) { mu.Lock(); phase = s; mu.Unlock() }
	go func() {
		for m, err := range chromedp.Console(ctx) {
			if err != nil {
				return
			}
			if !consoleBad(m) {
				continue
			}
			mu.Lock()
			msgs = append(msgs, "("+phase+") "+string(m.Type)+" "+m.URL+": "+m.Text)
			mu.Unlock()
		}
	}()

	p.open("")
	p.wait("the lesson list", `document.querySelectorAll("#lessons .card").length > 0`)
	at("on the list")
	time.Sleep(time.Second)
	at("opening a lesson")
	p.click("#open-" + lesson)
	p.wait("the stage", `document.querySelectorAll('#stage [data-k^="thread:"]').length >= 5`)
	p.click("#play")
	p.wait("playing", `document.querySelector("#play").textContent.includes("Pause")`)
	at("playing")
	time.Sleep(time.Second)
	at("going back")
	p.click(".back")
	p.wait("the list", `document.querySelectorAll("#lessons .card").length > 0`)
	at("back on the list")
	time.Sleep(2 * time.Second)
	// The other pages, each opened afresh and left a second.
	for _, h := range []string{"#/present/lesson/" + lesson + "?pos=20", "#/stress?events=2000"} {
		at("opening " + h)
		p.open(h)
		p.wait("the stage of "+h, `!!document.querySelector("#stage [data-k]")`)
		at("on " + h)
		time.Sleep(time.Second)
	}
	// The icon the page names loads, as an image.
	got, err := chromedp.Run(p.ctx, chromedp.Evaluate[string](`(async () => {
		const l = document.querySelector('link[rel="icon"]');
		if (!l) return "no <link rel=icon>";
		const r = await fetch(l.href);
		return r.ok && /^image\//.test(r.headers.get("content-type")) ? "ok" : l.href + ": " + r.status + " " + r.headers.get("content-type");
	})()`, chromedp.EvalAwaitPromise))
	if err != nil || got != "ok" {
		t.Errorf("the icon: %s %v", got, err)
	}
	p.noCrash()
	// The service worker caches the icon with the rest (site.Build lists static/).
	if sw, err := os.ReadFile(filepath.Join(dir, "sw.js")); err != nil || !strings.Contains(string(sw), `"icon.svg?v=`) {
		t.Errorf("sw.js does not cache icon.svg (%v)", err)
	}

	mu.Lock()
	defer mu.Unlock()
	for _, f := range failed {
		t.Errorf("request failed: %s", f)
	}
	if len(msgs) > 0 {
		// The first and the last few: a message repeated every frame
		// shows in which phase it starts and whether it stops.
		show := msgs
		if len(msgs) > 10 {
			show = append(append(msgs[:5:5], "…"), msgs[len(msgs)-5:]...)
		}
		t.Errorf("%d console messages:\n%s", len(msgs), strings.Join(show, "\n"))
	}
}

// consoleBad says whether a console message counts against the page:
// errors, warnings and exceptions, and log lines from Go's stderr that
// carry an error, unless consoleAllowed names them.
func consoleBad(m chromedp.ConsoleMessage) bool {
	for _, a := range consoleAllowed {
		if strings.Contains(m.Text, a.substr) {
			return false
		}
	}
	switch m.Type {
	case chromedp.ConsoleError, chromedp.ConsoleException, chromedp.ConsoleWarning:
		return true
	}
	l := strings.ToLower(m.Text)
	for _, w := range []string{"error", "panic", "fatal", "expected", "stage:", "log:", "render:"} {
		if strings.Contains(l, w) {
			return true
		}
	}
	return false
}

type statusWriter struct {
	http.ResponseWriter
	code int
}

func (w *statusWriter) WriteHeader(code int) {
	w.code = code
	w.ResponseWriter.WriteHeader(code)
}
