//go:build js && wasm

package main

import (
	"strings"
	"sync/atomic"

	"github.com/hack-pad/safejs"

	"brokerlab/ui"
)

// host implements ui.Host on the browser's window.
type host struct {
	win safejs.Value
	// keys mirrors App.Shortcuts for the keydown handler, which must decide
	// on preventDefault at once, without waiting for the Vugu lock.
	keys atomic.Bool
	// channel is the BroadcastChannel of presenter mode (web_wasm.go).
	channel safejs.Value
	// htmlLang is the lang attribute last set on <html>.
	htmlLang string
	// listAt is where the editor's completion list was last kept in view
	// (its place and selected entry), "" while it is closed.
	listAt string
}

func newHost() *host {
	w, _ := safejs.Global().Get("window")
	return &host{win: w, channel: safejs.Undefined()}
}

func (h *host) get(path ...string) safejs.Value {
	v := h.win
	for _, p := range path {
		next, err := v.Get(p)
		if err != nil {
			return safejs.Undefined()
		}
		v = next
	}
	return v
}

func (h *host) str(path ...string) string {
	s, _ := h.get(path...).String()
	return s
}

func (h *host) hash() string { return h.str("location", "hash") }

// lang is the stored choice, else the browser's language.
func (h *host) lang() string {
	if v, err := h.get("localStorage").Call("getItem", "brokerlab.lang"); err == nil && !v.IsNull() {
		if s, _ := v.String(); s != "" {
			return s
		}
	}
	return h.str("navigator", "language")
}

func (h *host) ReplaceURL(hash string) {
	_, _ = h.get("history").Call("replaceState", nil, "", hash)
}

func (h *host) Store(key, value string) {
	// localStorage throws in some private modes: then the choice lasts the page.
	_, _ = h.get("localStorage").Call("setItem", "brokerlab."+key, value)
}

func (h *host) Session(key string) string {
	v, err := h.get("sessionStorage").Call("getItem", "brokerlab."+key)
	if err != nil || v.IsNull() {
		return ""
	}
	s, _ := v.String()
	return s
}

func (h *host) SetSession(key, value string) {
	// sessionStorage may throw (private modes, quota): then nothing is remembered.
	if value == "" {
		_, _ = h.get("sessionStorage").Call("removeItem", "brokerlab."+key)
		return
	}
	_, _ = h.get("sessionStorage").Call("setItem", "brokerlab."+key, value)
}

// markInteractive records when the page first rendered, for measurements.
func (h *host) markInteractive() {
	if t, err := h.get("performance").Call("now"); err == nil {
		_ = h.win.Set("brokerlabInteractive", t)
	}
}

// mark names a moment of the start-up on the browser's timeline, for
// measurements (make bench-browser prints where the time went).
func (h *host) mark(name string) {
	_, _ = h.get("performance").Call("mark", name)
}

// showCurrentStep scrolls the narration so the current step is in view
// (static/web.js, at the next frame).
func (h *host) showCurrentStep() {
	_, _ = h.get("brokerlabWeb").Call("showStep")
}

// listen wires the hash, the keyboard, stage clicks and log clicks to the App.
func (h *host) listen(app *ui.App, post func(func())) {
	// callback makes f, handed the first argument, a JavaScript function.
	callback := func(f func(arg safejs.Value)) (safejs.Func, error) {
		return safejs.FuncOf(func(_ safejs.Value, args []safejs.Value) any {
			if len(args) > 0 {
				f(args[0])
			}
			return nil
		})
	}
	on := func(target safejs.Value, name string, f func(ev safejs.Value)) {
		if fn, err := callback(f); err == nil {
			_, _ = target.Call("addEventListener", name, fn.Value())
		}
	}
	// global is a function stage.js calls: brokerlabSelect, brokerlabSeek.
	global := func(name string, f func(arg safejs.Value)) {
		if fn, err := callback(f); err == nil {
			_ = h.win.Set(name, fn.Value())
		}
	}
	on(h.win, "hashchange", func(safejs.Value) {
		hash := h.hash()
		post(func() { app.Route(hash) })
	})
	doc := h.get("document")
	on(doc, "keydown", func(ev safejs.Value) {
		if !h.keys.Load() {
			return
		}
		key, _ := mustGet(ev, "key").String()
		for _, mod := range []string{"ctrlKey", "altKey", "metaKey"} {
			if b, _ := mustGet(ev, mod).Bool(); b {
				return
			}
		}
		tag, _ := mustGet(mustGet(ev, "target"), "tagName").String()
		switch strings.ToUpper(tag) {
		case "INPUT", "SELECT", "TEXTAREA":
			return // typing, or the slider's own arrow keys
		}
		switch key {
		case " ", "ArrowLeft", "ArrowRight", "[", "]", "1", "2", "3", "4", "5", "6", "7", "8", "9":
			// Decided now, while the event is live: no scrolling, and no
			// second toggle from a focused button's own space handling.
			_, _ = ev.Call("preventDefault")
			post(func() { app.Key(key) })
		}
	})
	global("brokerlabSelect", func(v safejs.Value) {
		if k, err := v.String(); err == nil {
			post(func() { app.Select(k) })
		}
	})
	global("brokerlabSeek", func(v safejs.Value) {
		if i, err := v.Int(); err == nil {
			post(func() { app.Play.Seek(i) })
		}
	})
}

func mustGet(v safejs.Value, p string) safejs.Value {
	r, err := v.Get(p)
	if err != nil {
		return safejs.Undefined()
	}
	return r
}
