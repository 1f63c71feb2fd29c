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

// listenWeb wires the browser's calls for the classroom features.
func (h *host) listenWeb(app *ui.App, post func(func())) {
	h.global("brokerlabUpdateReady", func(safejs.Value) { post(app.NewVersion) })
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
