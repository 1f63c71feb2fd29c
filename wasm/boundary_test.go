//go:build !js

package main

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// Every JavaScript method the Go side calls, and every function it puts on
// window, is in boundary.go's declaration, and every declared one is used.
func TestBoundaryIsDeclared(t *testing.T) {
	files, _ := filepath.Glob("*_wasm.go")
	var src strings.Builder
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		src.Write(b)
	}
	s := src.String()
	declared := map[string]bool{}
	for _, ms := range jsAPI {
		for _, m := range ms {
			declared[m] = true
		}
	}
	// The page's own methods (document, localStorage, …) are not ours.
	browser := map[string]bool{"addEventListener": true, "close": true, "createElement": true, "getAttribute": true, "getElementById": true,
		"getItem": true, "mark": true, "matchMedia": true, "now": true, "open": true, "postMessage": true, "prepend": true, "preventDefault": true, "querySelector": true,
		"reload": true, "removeItem": true, "replaceState": true, "requestAnimationFrame": true, "setAttribute": true, "setItem": true}
	for _, m := range regexp.MustCompile(`Call\("([A-Za-z]+)"`).FindAllStringSubmatch(s, -1) {
		if !declared[m[1]] && !browser[m[1]] {
			t.Errorf("Go calls JavaScript's %s, which boundary.go does not declare", m[1])
		}
	}
	for m := range declared {
		if !strings.Contains(s, `Call("`+m+`"`) {
			t.Errorf("boundary.go declares %s, which Go never calls", m)
		}
	}
	for _, m := range regexp.MustCompile(`global\("([A-Za-z]+)"`).FindAllStringSubmatch(s, -1) {
		if !slices.Contains(goAPI, m[1]) {
			t.Errorf("Go puts %s on window, which boundary.go does not declare", m[1])
		}
	}
	for _, g := range goAPI {
		if !strings.Contains(s, `global("`+g+`"`) {
			t.Errorf("boundary.go declares %s, which Go never defines", g)
		}
	}
	web, err := os.ReadFile("../static/web.js")
	if err != nil {
		t.Fatal(err)
	}
	for obj, ms := range jsAPI {
		for _, m := range ms {
			if !strings.Contains(string(web), obj+"."+m) {
				t.Errorf("static/web.js's header does not list %s.%s", obj, m)
			}
		}
	}
}

// On the loaded page, every declared function exists.
func TestBrowserBoundary(t *testing.T) {
	ctx := newBrowser(t)
	p := &page{t: t, ctx: ctx, base: serveSite(t, built(t))}
	p.open("#/lesson/" + lesson)
	p.wait("the stage", `document.querySelectorAll("#stage [data-k]").length > 0`)
	var missing []string
	for obj, ms := range jsAPI {
		for _, m := range ms {
			if p.str(fmt.Sprintf(`typeof (window[%q] || {})[%q]`, obj, m)) != "function" {
				missing = append(missing, obj+"."+m)
			}
		}
	}
	for _, g := range goAPI {
		if p.str(fmt.Sprintf(`typeof window[%q]`, g)) != "function" {
			missing = append(missing, g)
		}
	}
	if len(missing) > 0 {
		t.Fatalf("missing on the page: %s", strings.Join(missing, ", "))
	}
}
