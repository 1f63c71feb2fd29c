//go:build js && wasm

package main

import (
	"github.com/hack-pad/safejs"
	"github.com/vugu/vugu"

	"brokerlab/ui"
)

// The classroom's side of the host (classroom.Web).

func (h *host) Load(key string) string {
	v, err := h.get("localStorage").Call("getItem", "brokerlab."+key)
	if err != nil || v.IsNull() || v.IsUndefined() {
		return ""
	}
	s, _ := v.String()
	return s
}

func (h *host) Reload() { _, _ = h.get("location").Call("reload") }

// OpenWindow opens the presenter window on this page at hash. It runs in
// the click's handler, so the browser lets the popup open.
func (h *host) OpenWindow(hash string) {
	page := h.str("location", "pathname") + h.str("location", "search")
	_, _ = h.win.Call("open", page+hash, "brokerlab-presenter", "popup,width=1280,height=760")
}

func (h *host) ExportStage(kind, name, caption string, dark bool) {
	_, _ = h.get("brokerlabWeb").Call("exportStage", kind, name, caption, dark)
}

func (h *host) Download(name, mime, data string) {
	_, _ = h.get("brokerlabWeb").Call("download", name, mime, data)
}

func (h *host) SetTheme(t string) {
	_, _ = h.get("document", "documentElement").Call("setAttribute", "data-theme", t)
}

func (h *host) Announce(text string) {
	if el, err := h.get("document").Call("getElementById", "live"); err == nil && !el.IsNull() {
		_ = el.Set("textContent", text)
	}
}

// media reports whether a CSS media query matches now, and calls f with
// its new value whenever that changes.
func (h *host) media(query string, f func(bool)) bool {
	mq, err := h.win.Call("matchMedia", query)
	if err != nil || mq.IsUndefined() {
		return false
	}
	if fn, err := safejs.FuncOf(func(_ safejs.Value, args []safejs.Value) any {
		if len(args) > 0 {
			m, _ := mustGet(args[0], "matches").Bool()
			f(m)
		}
		return nil
	}); err == nil {
		_, _ = mq.Call("addEventListener", "change", fn.Value())
	}
	m, _ := mustGet(mq, "matches").Bool()
	return m
}

func (h *host) CloseWindow() { _, _ = h.win.Call("close") }

func (h *host) Broadcast(msg string) {
	if !h.channel.IsUndefined() {
		_, _ = h.channel.Call("postMessage", msg)
	}
}

// listenWeb wires the browser's calls for the classroom features.
func (h *host) listenWeb(app *ui.App, post func(func())) {
	h.global("brokerlabUpdateReady", func(safejs.Value) { post(app.Class.NewVersion) })
	// The build the exported trace's header names (index.html's meta tag).
	if m, err := h.get("document").Call("querySelector", `meta[name="brokerlab-build"]`); err == nil && !m.IsNull() {
		app.Class.Build, _ = mustGet(m, "content").String()
	}
	// index.html set the theme before the first paint; web.js follows the
	// system's until the user picks one.
	if v, err := h.get("document", "documentElement").Call("getAttribute", "data-theme"); err == nil && !v.IsNull() {
		app.Class.Theme, _ = v.String()
	}
	h.global("brokerlabThemeChanged", func(v safejs.Value) {
		if t, err := v.String(); err == nil {
			post(func() { app.Class.Theme = t })
		}
	})
	app.Class.ReducedMotion = h.media("(prefers-reduced-motion: reduce)", func(on bool) {
		post(func() { app.Class.ReducedMotion = on })
	})
	// The windows of the page talk over one BroadcastChannel (presenter
	// mode). A browser without one presents nothing: no error.
	if bc, err := safejs.Global().Get("BroadcastChannel"); err == nil && !bc.IsUndefined() {
		if ch, err := bc.New("brokerlab-present"); err == nil {
			h.channel = ch
			fn, err := safejs.FuncOf(func(_ safejs.Value, args []safejs.Value) any {
				if len(args) > 0 {
					if s, err := mustGet(args[0], "data").String(); err == nil {
						post(func() { app.Class.Receive(s) })
					}
				}
				return nil
			})
			if err == nil {
				_ = ch.Set("onmessage", fn.Value())
			}
		}
	}
}

// global makes f a function on window that JavaScript (index.html,
// stage.js) calls with one argument.
func (h *host) global(name string, f func(arg safejs.Value)) {
	fn, err := safejs.FuncOf(func(_ safejs.Value, args []safejs.Value) any {
		arg := safejs.Undefined()
		if len(args) > 0 {
			arg = args[0]
		}
		f(arg)
		return nil
	})
	if err == nil {
		_ = h.win.Set(name, fn.Value())
	}
}

// afterRender brings what lives outside Vugu's bindings up to date: the
// editor's text and caret, and its completion list in view when it opens
// or moves. It runs after every render, so a textarea that Vugu recreated
// gets its text back.
func (h *host) afterRender(env vugu.EventEnv, app *ui.App) {
	env.Lock()
	ed := &app.Ed
	open, gen := ed.Open, ed.Gen
	end := ed.SelEnd()
	focus := ed.TakeFocus()
	listAt := ""
	if ed.CompleteOpen() {
		listAt = ed.CompletePad() + ed.CompleteActive()
	}
	lang := app.Lang
	env.UnlockOnly()
	if lang != h.htmlLang {
		// Screen readers pick their voice by the page's language.
		if err := h.get("document", "documentElement").Set("lang", lang); err == nil {
			h.htmlLang = lang
		}
	}
	if !open {
		h.listAt = ""
		return
	}
	web := h.get("brokerlabWeb")
	if need, err := web.Call("editNeeds", gen); err == nil {
		if b, _ := need.Bool(); b {
			env.RLock()
			text := ed.Text
			env.RUnlock()
			_, _ = web.Call("editSync", gen, text)
		}
	}
	if focus >= 0 {
		_, _ = web.Call("editFocus", focus, end)
	}
	if listAt != h.listAt {
		h.listAt = listAt
		if listAt != "" {
			_, _ = web.Call("editList")
		}
	}
}
