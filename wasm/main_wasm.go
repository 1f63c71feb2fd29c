//go:build js && wasm

// Command wasm is brokerlab's browser entry: it mounts the Vugu page, and
// bridges the URL, localStorage, the keyboard, stage clicks and animation
// frames to ui.App. Every browser call goes through safejs (errors, not
// panics); the App itself never sees the browser.
package main

import (
	"errors"
	"fmt"
	"runtime/debug"

	"github.com/hack-pad/safejs"
	"github.com/vugu/vugu"
	"github.com/vugu/vugu/domrender"

	"brokerlab/ui"
)

func main() {
	renderer, err := mount()
	if err != nil {
		fatal("mount: " + err.Error())
		return
	}
	defer renderer.Release()
	env := renderer.EventEnv()
	build, err := vugu.NewBuildEnv(env)
	if err != nil {
		fatal("build env: " + err.Error())
		return
	}

	h := newHost()
	h.mark("brokerlab-main")
	app := ui.New(h, h.lang())
	app.Class.Web = h
	root := &ui.Root{A: app}
	app.Route(h.hash())
	h.mark("brokerlab-routed")

	// Browser events arrive on JS callbacks, which must not block: they
	// post work to one goroutine that runs it under the Vugu lock.
	work := make(chan func(), 64)
	post := func(f func()) {
		select {
		case work <- f:
		default: // a flood of keys: drop rather than block the page
		}
	}
	go func() {
		for f := range work {
			env.Lock()
			f()
			env.UnlockRender()
		}
	}()
	h.listen(app, post)
	h.listenWeb(app, post)
	go frames(env, app, h)

	first, step := true, -2
	for ok := true; ok; ok = renderer.EventWait() {
		render(env, build, renderer, root, app)
		relog()
		h.afterRender(env, app)
		env.RLock()
		cur := app.State().Step
		h.keys.Store(app.Shortcuts())
		env.RUnlock()
		if cur != step {
			step = cur
			h.showCurrentStep()
		}
		if first {
			first = false
			h.markInteractive()
		}
	}
}

// mount starts Vugu's renderer on #mount. It installs its script with
// window.eval, which the page's CSP refuses; the page has loaded that
// script as vugu.js (site.Build writes it from the same Vugu), so eval does
// nothing while the renderer starts.
func mount() (*domrender.JSRenderer, error) {
	win := safejs.Global()
	if r, err := win.Get("vuguRender"); err != nil || r.Type() != safejs.TypeFunction {
		return nil, errors.New("vugu.js did not load")
	}
	eval, err := win.Get("eval")
	if err != nil {
		return nil, err
	}
	skip, err := safejs.FuncOf(func(safejs.Value, []safejs.Value) any { return nil })
	if err != nil {
		return nil, err
	}
	defer skip.Release()
	if err := win.Set("eval", skip.Value()); err != nil {
		return nil, err
	}
	defer win.Set("eval", eval)
	return domrender.New("#mount")
}

// render builds and renders the page. A panic in a template is shown on the
// page; if even the fallback page panics the message is written directly.
func render(env vugu.EventEnv, build *vugu.BuildEnv, r *domrender.JSRenderer, root *ui.Root, app *ui.App) {
	defer func() {
		if p := recover(); p != nil {
			msg := fmt.Sprintf("render: %v (lesson %s, seed %s, event %d)", p, app.Lesson.ID, app.SeedText(), app.Play.Pos)
			println(msg, string(debug.Stack()))
			app.Crash, app.Page, app.M, app.Res, app.Play.Playing = msg, "list", nil, nil, false
			if again(build, r, root) != nil {
				fatal(msg)
			}
		}
	}()
	env.RLock()
	res := build.RunBuild(root)
	env.RUnlock()
	if err := r.Render(res); err != nil {
		println("render:", err.Error())
	}
}

func again(build *vugu.BuildEnv, r *domrender.JSRenderer, root *ui.Root) (err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("%v", p)
		}
	}()
	return r.Render(build.RunBuild(root))
}

// frames drives playback and the stage from requestAnimationFrame. The
// callback only hands the timestamp over; the work runs here, under the
// Vugu lock, and the chrome re-renders only when App.Tick says so.
func frames(env vugu.EventEnv, app *ui.App, h *host) {
	tick := make(chan float64, 1)
	cb, err := safejs.FuncOf(func(_ safejs.Value, args []safejs.Value) any {
		t := 0.0
		if len(args) > 0 {
			t, _ = args[0].Float()
		}
		select {
		case tick <- t:
		default:
		}
		return nil
	})
	if err != nil {
		fatal("animation: " + err.Error())
		return
	}
	d := newDrawer()
	for {
		if _, err := h.win.Call("requestAnimationFrame", cb.Value()); err != nil {
			fatal("requestAnimationFrame: " + err.Error())
			return
		}
		now := <-tick
		env.Lock()
		redraw := app.Tick(now)
		scene, key := app.Frame()
		// While playing, the log follows at the chrome's pace, not every frame.
		var rows, logKey string
		if redraw || !app.Play.Playing {
			if logKey = app.Log.Key(); logKey != d.logKey {
				rows = app.Log.HTML()
			}
		}
		if redraw {
			env.UnlockRender()
		} else {
			env.UnlockOnly()
		}
		if err := d.draw(scene, key); err != nil {
			println("stage:", err.Error())
		}
		if err := d.drawLog(rows, logKey); err != nil {
			println("log:", err.Error())
		}
	}
}

// fatal writes a message into the page when the Go side cannot go on.
func fatal(msg string) {
	doc, err := safejs.Global().Get("document")
	if err != nil {
		return
	}
	div, err := doc.Call("createElement", "div")
	if err != nil {
		return
	}
	_ = div.Set("className", "banner crash")
	_ = div.Set("id", "fatal")
	_ = div.Set("textContent", "brokerlab stopped: "+msg)
	if body, err := doc.Get("body"); err == nil {
		_, _ = body.Call("prepend", div)
	}
}
