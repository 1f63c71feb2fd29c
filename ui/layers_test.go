package ui

import (
	"go/parser"
	"go/token"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// The stage and its model learn about the simulation from the trace alone
// (docs/ARCHITECTURE.md, "Layers"): of brokerlab they may import the kernel's event
// type, the state-path splitter, jsonlite and each other, never a system
// or the scenario runner.
func TestStageAndModelReadOnlyTheTrace(t *testing.T) {
	allowed := map[string]bool{
		"brokerlab/core/sim": true, "brokerlab/core/statepath": true,
		"brokerlab/internal/jsonlite": true, "brokerlab/ui/model": true,
	}
	for _, dir := range []string{"model", "stage"} {
		files, err := filepath.Glob(filepath.Join(dir, "*.go"))
		if err != nil || len(files) == 0 {
			t.Fatalf("%s: no sources (%v)", dir, err)
		}
		for _, f := range files {
			if strings.HasSuffix(f, "_test.go") {
				continue
			}
			af, err := parser.ParseFile(token.NewFileSet(), f, nil, parser.ImportsOnly)
			if err != nil {
				t.Fatal(err)
			}
			for _, imp := range af.Imports {
				p, _ := strconv.Unquote(imp.Path.Value)
				if strings.HasPrefix(p, "brokerlab/") && !allowed[p] {
					t.Errorf("%s imports %s: the stage and its model read the trace, not the systems", f, p)
				}
			}
		}
	}
}
