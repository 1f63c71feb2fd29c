//go:build !js

package main

import (
	"encoding/json"
	"errors"
	"io"
	"os"
	"os/exec"
	"sort"
	"strings"
	"testing"
)

// The layers (docs/ARCHITECTURE.md), over the whole import graph (go list -deps, as
// Pebble's TestForbiddenImports), natively and as the browser build sees
// it (GOOS=js: the UI's js-only files):
//   - core/sim, core/statepath, core/upstream, core/msg (the errors'
//     codes and catalogs) and core/surface (the scenario tables' types),
//     the kernel and its shared vocabulary, reach no system and not the
//     scenario language;
//     every other package of core/ but core/scenario is a system;
//   - no system reaches core/scenario (the language composes the systems,
//     never the other way round); core reaches nothing of ui/ or wasm/;
//   - ui/** reaches the systems only through core/scenario: no package of
//     the UI imports a system, nor anything else that does;
//   - ui/model and ui/stage, the folds and the drawing of a trace, reach
//     neither core/scenario nor a system; ui/stage imports only ui/model,
//     internal/* and the standard library;
//   - internal/* are helpers any layer may use, so they import only the
//     standard library and each other.
//   - every other folder of ui/ but ui/kit (the helpers they share) is a
//     feature of the page (the what-if panel, the editor, the
//     playground…): a feature reaches neither the page's shell (ui) nor
//     another feature, only the floor below them (uiFloor); the shell
//     puts them together, each through its own small interface.
//
// Test files are not in the graph: a system's tests may run scenarios
// (labtest/).
var kernel = map[string]bool{"core/sim": true, "core/statepath": true, "core/upstream": true, "core/msg": true, "core/surface": true}

// uiFloor are the UI's packages below its features.
var uiFloor = map[string]bool{"ui/model": true, "ui/stage": true, "ui/kit": true}

// isFeature reports whether p is a feature of the page: a folder of ui/
// not on its floor.
func isFeature(p string) bool {
	rest, ok := strings.CutPrefix(local(p), "ui/")
	return ok && !strings.Contains(rest, "/") && !uiFloor["ui/"+rest]
}

type pkg struct {
	ImportPath string
	Standard   bool
	Imports    []string
}

func importGraph(t *testing.T, env ...string) map[string]*pkg {
	cmd := exec.Command("go", "list", "-deps", "-json", "./...")
	cmd.Env = append(os.Environ(), env...)
	out, err := cmd.Output()
	if err != nil {
		var ee *exec.ExitError
		if errors.As(err, &ee) {
			t.Fatalf("go list: %v\n%s", err, ee.Stderr)
		}
		t.Fatal(err)
	}
	graph := map[string]*pkg{}
	dec := json.NewDecoder(strings.NewReader(string(out)))
	for {
		var p pkg
		if err := dec.Decode(&p); err == io.EOF {
			break
		} else if err != nil {
			t.Fatal(err)
		}
		graph[p.ImportPath] = &p
	}
	return graph
}

// local is p without the module's prefix, "" if p is not the module's.
func local(p string) string {
	if rest, ok := strings.CutPrefix(p, "brokerlab/"); ok {
		return rest
	}
	return ""
}

func isSystem(p string) bool {
	l := local(p)
	rest, ok := strings.CutPrefix(l, "core/")
	return ok && !strings.Contains(rest, "/") && !kernel[l] && l != "core/scenario"
}

// path finds a chain of imports from p to a package bad says is
// forbidden, never passing through a package via says is a gateway
// (its own imports are not followed); nil if none.
func path(graph map[string]*pkg, from string, bad, via func(string) bool) []string {
	prev := map[string]string{from: ""}
	queue := []string{from}
	for len(queue) > 0 {
		p := queue[0]
		queue = queue[1:]
		if p != from && bad(p) {
			var chain []string
			for q := p; q != ""; q = prev[q] {
				chain = append([]string{local(q)}, chain...)
			}
			return chain
		}
		if p != from && via(p) {
			continue
		}
		for _, q := range graph[p].Imports {
			if _, seen := prev[q]; !seen && graph[q] != nil {
				prev[q] = p
				queue = append(queue, q)
			}
		}
	}
	return nil
}

func TestLayers(t *testing.T) {
	for _, env := range [][]string{nil, {"GOOS=js", "GOARCH=wasm"}} {
		graph := importGraph(t, env...)
		var names []string
		for p := range graph {
			if local(p) != "" {
				names = append(names, p)
			}
		}
		sort.Strings(names)
		if len(names) < 15 {
			t.Fatalf("%v: the graph has %d of the module's packages: go list is broken", env, len(names))
		}
		never := func(string) bool { return false }
		scenario := func(p string) bool { return local(p) == "core/scenario" }
		ui := func(p string) bool { l := local(p); return l == "ui" || strings.HasPrefix(l, "ui/") || l == "wasm" }
		check := func(p, rule string, bad, via func(string) bool) {
			if chain := path(graph, p, bad, via); chain != nil {
				t.Errorf("%v: %s %s: %s", env, local(p), rule, strings.Join(chain, " → "))
			}
		}
		for _, p := range names {
			l := local(p)
			switch {
			case kernel[l]:
				check(p, "is the kernel: it reaches no system and not core/scenario", func(q string) bool { return isSystem(q) || scenario(q) }, never)
			case isSystem(p):
				check(p, "is a system: it reaches not core/scenario", scenario, never)
			}
			if strings.HasPrefix(l, "core/") {
				check(p, "is core: it reaches nothing of ui/ or wasm/", ui, never)
			}
			if l == "ui" || strings.HasPrefix(l, "ui/") {
				check(p, "is the UI: it reaches a system only through core/scenario", isSystem, scenario)
			}
			if l == "ui/model" || l == "ui/stage" {
				check(p, "folds or draws a trace: it reaches neither core/scenario nor a system", func(q string) bool { return isSystem(q) || scenario(q) }, never)
			}
			if strings.HasPrefix(l, "internal/") {
				for _, q := range graph[p].Imports {
					if lq := local(q); !graph[q].Standard && !strings.HasPrefix(lq, "internal/") {
						t.Errorf("%v: %s imports %s: internal/ holds only standard-library helpers", env, l, q)
					}
				}
			}
			if isFeature(p) {
				check(p, "is a feature of the page: it reaches neither ui nor another feature", func(q string) bool {
					return local(q) == "ui" || isFeature(q) && q != p
				}, never)
			}
			if uiFloor[l] {
				check(p, "is below the page's features: it reaches neither ui nor a feature", func(q string) bool {
					return local(q) == "ui" || isFeature(q)
				}, never)
			}
			if l == "ui/stage" {
				for _, q := range graph[p].Imports {
					if lq := local(q); !graph[q].Standard && lq != "ui/model" && !strings.HasPrefix(lq, "internal/") {
						t.Errorf("%v: ui/stage imports %s: it imports only ui/model, internal/* and the standard library", env, q)
					}
				}
			}
		}
	}
}

// The rules catch what they are about.
func TestLayersPath(t *testing.T) {
	graph := map[string]*pkg{
		"brokerlab/ui":            {Imports: []string{"brokerlab/core/scenario", "brokerlab/core/sim"}},
		"brokerlab/core/scenario": {Imports: []string{"brokerlab/core/group"}},
		"brokerlab/core/group":    {Imports: []string{"brokerlab/core/sim"}},
		"brokerlab/core/sim":      {},
		"brokerlab/ui/stage":      {Imports: []string{"brokerlab/core/group"}},
		"brokerlab/core/listener": {Imports: []string{"brokerlab/core/scenario"}},
	}
	scenario := func(p string) bool { return p == "brokerlab/core/scenario" }
	if c := path(graph, "brokerlab/ui", isSystem, scenario); c != nil {
		t.Errorf("ui through scenario: got %v, want none", c)
	}
	if c := path(graph, "brokerlab/ui", isSystem, func(string) bool { return false }); strings.Join(c, " ") != "ui core/scenario core/group" {
		t.Errorf("ui to a system: got %v", c)
	}
	if c := path(graph, "brokerlab/ui/stage", isSystem, scenario); strings.Join(c, " ") != "ui/stage core/group" {
		t.Errorf("ui/stage: got %v", c)
	}
	if c := path(graph, "brokerlab/core/listener", scenario, func(string) bool { return false }); strings.Join(c, " ") != "core/listener core/scenario" {
		t.Errorf("listener: got %v", c)
	}
	graph["brokerlab/ui/whatif"] = &pkg{Imports: []string{"brokerlab/ui/kit", "brokerlab/ui/editor"}}
	graph["brokerlab/ui/kit"] = &pkg{}
	graph["brokerlab/ui/editor"] = &pkg{Imports: []string{"brokerlab/ui"}}
	feature := func(q string) bool { return isFeature(q) && q != "brokerlab/ui/whatif" }
	if c := path(graph, "brokerlab/ui/whatif", feature, func(string) bool { return false }); strings.Join(c, " ") != "ui/whatif ui/editor" {
		t.Errorf("a feature importing another: got %v", c)
	}
	if !isFeature("brokerlab/ui/whatif") || isFeature("brokerlab/ui/kit") || isFeature("brokerlab/ui") || isFeature("brokerlab/ui/stage") {
		t.Error("isFeature: wrong")
	}
	if isSystem("brokerlab/core/sim") || !isSystem("brokerlab/core/group") || isSystem("brokerlab/core/scenario") || isSystem("brokerlab/campaign") {
		t.Error("isSystem: wrong")
	}
}
