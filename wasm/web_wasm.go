//go:build js && wasm

package main

import (
	"github.com/hack-pad/safejs"
	"github.com/vugu/vugu"

	"brokerlab/ui"
)

// The classroom features' side of the host (ui.Web).

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

func (h *host) ExportStage(kind, name string) {
	_, _ = h.get("brokerlabWeb").Call("exportStage", kind, name)
}

func (h *host) Download(name, mime, data string) {
	_, _ = h.get("brokerlabWeb").Call("download", name, mime, data)
}

func (h *host) CloseWindow() { _, _ = h.win.Call("close") }

func (h *host) Broadcast(msg string) {
	if !h.channel.IsUndefined() {
		_, _ = h.channel.Call("postMessage", msg)
	}
}

// listenWeb wires the browser's calls for the classroom features.
func (h *host) listenWeb(app *ui.App, post func(func())) {
	h.global("brokerlabUpdateReady", func(safejs.Value) { post(app.NewVersion) })
	// The windows of the page talk over one BroadcastChannel (presenter
	// mode). A browser without one presents nothing: no error.
	if bc, err := safejs.Global().Get("BroadcastChannel"); err == nil && !bc.IsUndefined() {
		if ch, err := bc.New("brokerlab-present"); err == nil {
			h.channel = ch
			fn, err := safejs.FuncOf(func(_ safejs.Value, args []safejs.Value) any {
				if len(args) > 0 {
					if s, err := mustGet(args[0], "data").String(); err == nil {
						post(func() { app.Receive(s) })
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
// editor's text and caret. It runs after every render, so a textarea that
// Vugu recreated gets its text back.
func (h *host) afterRender(env vugu.EventEnv, app *ui.App) {
	env.Lock()
	open, gen := app.EditOpen, app.EditGen
	focus := app.TakeEditFocus()
	env.UnlockOnly()
	if !open {
		return
	}
	web := h.get("brokerlabWeb")
	if need, err := web.Call("editNeeds", gen); err == nil {
		if b, _ := need.Bool(); b {
			env.RLock()
			text := app.EditText
			env.RUnlock()
			_, _ = web.Call("editSync", gen, text)
		}
	}
	if focus >= 0 {
		_, _ = web.Call("editFocus", focus)
	}
}
