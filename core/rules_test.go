//go:build !js

// Package core_test enforces the rules that make the core deterministic
// and portable: no browser, no wall clock, no global randomness, no map
// iteration whose order could reach behaviour or the trace. These are
// checks of the source, so they run natively only (they need the go command).
package core_test

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"io/fs"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"
)

var forbiddenImports = map[string]string{
	"syscall/js":                 "core runs natively and under GOOS=js alike; only wasm/ and ui/ reach the browser",
	"github.com/hack-pad/safejs": "core does not touch the browser",
	"math/rand":                  "use the run's seeded source, sim.Sim.Rand",
	"os":                         "core reads no environment, files or clocks",
	"brokerlab/ui":               "core does not know the UI",
	"brokerlab/wasm":             "core does not know the UI",
}

// Package-level functions that read the wall clock or a global random source.
var forbiddenCalls = map[string]map[string]bool{
	"time":         {"Now": true, "Since": true, "Until": true, "Sleep": true, "After": true, "AfterFunc": true, "Tick": true, "NewTimer": true, "NewTicker": true},
	"math/rand/v2": {"Int": true, "IntN": true, "Int32": true, "Int32N": true, "Int64": true, "Int64N": true, "Uint32": true, "Uint64": true, "UintN": true, "Uint": true, "N": true, "Float32": true, "Float64": true, "Perm": true, "Shuffle": true, "NormFloat64": true, "ExpFloat64": true},
}

func corePackages(t *testing.T) map[string][]string {
	pkgs := map[string][]string{}
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == "testdata") {
			return filepath.SkipDir
		}
		if !d.IsDir() && strings.HasSuffix(path, ".go") && !strings.HasSuffix(path, "_test.go") {
			pkgs[filepath.Dir(path)] = append(pkgs[filepath.Dir(path)], path)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return pkgs
}

func TestCoreImportsNoBrowserClockOrGlobalRandomness(t *testing.T) {
	fset := token.NewFileSet()
	pkgs := corePackages(t)
	if len(pkgs) < 3 {
		t.Fatalf("found %d core packages: the walk is broken", len(pkgs))
	}
	for _, files := range pkgs {
		for _, path := range files {
			f, err := parser.ParseFile(fset, path, nil, 0)
			if err != nil {
				t.Fatal(err)
			}
			names := map[string]string{} // local name → import path
			for _, imp := range f.Imports {
				p, _ := strconv.Unquote(imp.Path.Value)
				for bad, why := range forbiddenImports {
					if p == bad || (bad != "math/rand" && strings.HasPrefix(p, bad+"/")) {
						t.Errorf("%s imports %s: %s", path, p, why)
					}
				}
				name := p[strings.LastIndex(p, "/")+1:]
				if p == "math/rand/v2" {
					name = "rand"
				}
				if imp.Name != nil {
					name = imp.Name.Name
				}
				names[name] = p
			}
			ast.Inspect(f, func(n ast.Node) bool {
				sel, ok := n.(*ast.SelectorExpr)
				if !ok {
					return true
				}
				if id, ok := sel.X.(*ast.Ident); ok && forbiddenCalls[names[id.Name]][sel.Sel.Name] {
					t.Errorf("%s: %s.%s reads the wall clock or a global random source", fset.Position(sel.Pos()), names[id.Name], sel.Sel.Name)
				}
				return true
			})
		}
	}
}

type checkedFile struct {
	f    *ast.File
	info *types.Info
}

var checked struct {
	once  sync.Once
	fset  *token.FileSet
	files []checkedFile
}

// checkedCore type-checks every core package (once for every test that
// asks) and calls visit on each of its files.
func checkedCore(t *testing.T, visit func(fset *token.FileSet, f *ast.File, info *types.Info)) {
	checked.once.Do(func() { checked.fset, checked.files = typeCheckCore(t) })
	if checked.fset == nil {
		t.Fatal("type-checking core failed (see the first test that asked)")
	}
	for _, c := range checked.files {
		visit(checked.fset, c.f, c.info)
	}
}

func typeCheckCore(t *testing.T) (*token.FileSet, []checkedFile) {
	var out []checkedFile
	fset := token.NewFileSet()
	imp := importer.ForCompiler(fset, "source", nil)
	dirs := make([]string, 0)
	pkgs := corePackages(t)
	for d := range pkgs { // the test's own map: sorted below
		dirs = append(dirs, d)
	}
	sort.Strings(dirs)
	for _, dir := range dirs {
		var files []*ast.File
		for _, path := range pkgs[dir] {
			f, err := parser.ParseFile(fset, path, nil, 0)
			if err != nil {
				t.Fatal(err)
			}
			files = append(files, f)
		}
		info := &types.Info{Types: map[ast.Expr]types.TypeAndValue{}}
		conf := types.Config{Importer: imp}
		if _, err := conf.Check("brokerlab/core/"+dir, fset, files, info); err != nil {
			t.Errorf("type-checking %s: %v", dir, err)
			return nil, nil
		}
		for _, f := range files {
			out = append(out, checkedFile{f, info})
		}
	}
	return fset, out
}

// Ranging over a map visits keys in a random order; in core that order
// could leak into behaviour or the trace, so core never does it.
func TestCoreNeverRangesOverAMap(t *testing.T) {
	checkedCore(t, func(fset *token.FileSet, f *ast.File, info *types.Info) {
		ast.Inspect(f, func(n ast.Node) bool {
			r, ok := n.(*ast.RangeStmt)
			if !ok {
				return true
			}
			if tv, ok := info.Types[r.X]; ok {
				if _, isMap := tv.Type.Underlying().(*types.Map); isMap {
					t.Errorf("%s: range over a map in core", fset.Position(r.Pos()))
				}
			}
			return true
		})
	})
}

// Core names trace kinds by sim's constants, never by a string: a
// misspelt constant does not compile, a misspelt string would. A string
// literal whose type is sim.Kind (a Kind: field, a case of a switch on
// e.Kind, an operand of ==, an argument of a Kind parameter) is one,
// except where the constants are declared.
func TestCoreNamesKindsByTheirConstants(t *testing.T) {
	n := 0
	checkedCore(t, func(fset *token.FileSet, f *ast.File, info *types.Info) {
		if filepath.ToSlash(fset.Position(f.Pos()).Filename) == "sim/kinds.go" {
			return
		}
		ast.Inspect(f, func(node ast.Node) bool {
			lit, ok := node.(*ast.BasicLit)
			if !ok || lit.Kind != token.STRING {
				return true
			}
			if named, ok := info.Types[lit].Type.(*types.Named); ok && named.Obj().Pkg() != nil &&
				named.Obj().Pkg().Path() == "brokerlab/core/sim" && named.Obj().Name() == "Kind" {
				t.Errorf("%s: trace kind %s as a string: name it by its constant (sim.Kinds, core/sim/kinds.go)", fset.Position(lit.Pos()), lit.Value)
			}
			return true
		})
		n++
	})
	if n < 20 {
		t.Fatalf("checked %d files of core: the walk is broken", n)
	}
}
