// Package site assembles brokerlab's static site: static/, the toolchain's
// wasm_exec.js and main.wasm built from wasm/. serve.go serves it, the
// browser tests test it, and `go run . dist DIR` (make dist) writes it out.
//
// Build also stamps the site with a build hash: the service worker's cache
// is named after it (a new build is a new cache, the old one is deleted when
// the new worker activates), and every asset URL in index.html carries it as
// ?v=HASH, so an HTTP cache can never mix files of two builds.
//
// main.wasm.xz sits beside main.wasm: the loader streams it through
// static/xz-decompress.min.js (xz-embedded compiled to WebAssembly, 20 KB)
// into the browser's streaming compiler, so the wire carries 18% of the
// bytes on any host (a gzipping host such as GitHub Pages sends 26%), and
// the bytes it counts are the bytes Content-Length announces (exact
// progress). Browsers without streaming compilation, and hosts that lose
// the .xz, get main.wasm.
//
// guide/ holds the teacher's guides, one page a lesson (site/guide).
package site

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"brokerlab/site/guide"
	"brokerlab/ui"
)

// Placeholders in static/ that Build fills in.
const (
	buildMark = "__BUILD__"   // the build hash (index.html, sw.js)
	filesMark = `"__FILES__"` // sw.js: the files to cache, as JSON strings
	wordsMark = `"__WORDS__"` // boot.js: the loader's words, a JSON object
)

// Build writes the site into dst. root is the module's root directory.
func Build(root, dst string) error {
	if err := os.MkdirAll(dst, 0o755); err != nil {
		return err
	}
	statics, err := filepath.Glob(filepath.Join(root, "static", "*"))
	if err != nil {
		return err
	}
	for _, f := range statics {
		if err := copyFile(f, filepath.Join(dst, filepath.Base(f))); err != nil {
			return err
		}
	}
	goroot, err := exec.Command("go", "env", "GOROOT").Output()
	if err != nil {
		return fmt.Errorf("site: go env GOROOT: %w", err)
	}
	// Go 1.24 moved wasm_exec.js from misc/wasm to lib/wasm.
	if err := copyFile(filepath.Join(strings.TrimSpace(string(goroot)), "lib", "wasm", "wasm_exec.js"), filepath.Join(dst, "wasm_exec.js")); err != nil {
		return err
	}
	abs, err := filepath.Abs(filepath.Join(dst, "main.wasm"))
	if err != nil {
		return err
	}
	// The page, brokerlab/ui and its features, is built without inlining:
	// it is the Vugu components' Build methods (straight-line code run once
	// a render, not a frame) and the App's, and inlined they cost
	// main.wasm.xz 48 KB (2.5%). The simulation, the model and the stage,
	// which run per event and per frame, keep it (the last -gcflags a
	// package matches is its own). fmt and reflect are built without it
	// too: 50 KB less, for a lesson run about 1% slower (measured: 570 →
	// 576 ms for a whole lesson under Node).
	cmd := exec.Command("go", "build", "-trimpath", "-ldflags=-s -w",
		"-gcflags=brokerlab/ui/...=-l", "-gcflags=brokerlab/ui/model=", "-gcflags=brokerlab/ui/stage=",
		"-gcflags=fmt=-l", "-gcflags=reflect=-l", "-o", abs, "./wasm")
	cmd.Dir = root
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	if out, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("site: building main.wasm: %v\n%s", err, out)
	}
	if err := xzFile(abs, abs+".xz"); err != nil {
		return err
	}
	if err := vuguScript(root, filepath.Join(dst, "vugu.js")); err != nil {
		return err
	}
	if err := fillWords(filepath.Join(dst, "boot.js")); err != nil {
		return err
	}
	if err := guide.Write(root, dst); err != nil {
		return err
	}
	return stamp(dst)
}

// fillWords puts the loader's words, from the page's one table, into
// boot.js: the loader shows them before the Go side runs.
func fillWords(boot string) error {
	b, err := os.ReadFile(boot)
	if err != nil {
		return err
	}
	w, err := json.Marshal(ui.LoaderWords())
	if err != nil {
		return err
	}
	if !strings.Contains(string(b), wordsMark) {
		return fmt.Errorf("site: boot.js has no %s to fill in", wordsMark)
	}
	return os.WriteFile(boot, []byte(strings.Replace(string(b), wordsMark, string(w), 1)), 0o644)
}

// vuguScript writes Vugu's renderer script into dst. Vugu's domrender
// installs it with window.eval, which the page's CSP refuses: the page
// loads it as a file instead (wasm/main_wasm.go skips the eval). It is
// read from the Vugu that main.wasm was built with, so the two match.
func vuguScript(root, dst string) error {
	cmd := exec.Command("go", "list", "-m", "-f", "{{.Dir}}", "github.com/vugu/vugu")
	cmd.Dir = root
	dir, err := cmd.Output()
	if err != nil {
		return fmt.Errorf("site: finding Vugu's source: %w", err)
	}
	src := filepath.Join(strings.TrimSpace(string(dir)), "domrender", "renderer-js-script.go")
	f, err := parser.ParseFile(token.NewFileSet(), src, nil, 0)
	if err != nil {
		return fmt.Errorf("site: %w", err)
	}
	for _, d := range f.Decls {
		g, ok := d.(*ast.GenDecl)
		if !ok || g.Tok != token.CONST {
			continue
		}
		for _, spec := range g.Specs {
			v := spec.(*ast.ValueSpec)
			if len(v.Names) != 1 || v.Names[0].Name != "jsHelperScript" || len(v.Values) != 1 {
				continue
			}
			lit, ok := v.Values[0].(*ast.BasicLit)
			if !ok || lit.Kind != token.STRING {
				break
			}
			script, err := strconv.Unquote(lit.Value)
			if err != nil {
				return fmt.Errorf("site: %s: jsHelperScript: %w", src, err)
			}
			return os.WriteFile(dst, []byte(script+"\n"), 0o644)
		}
	}
	return fmt.Errorf("site: %s has no string constant jsHelperScript: has Vugu changed how it installs its renderer?", src)
}

// stamp hashes the site's files and writes the hash and the file list into
// index.html and sw.js.
func stamp(dst string) error {
	names, err := files(dst)
	if err != nil {
		return err
	}
	h := sha256.New()
	for _, n := range names {
		b, err := os.ReadFile(filepath.Join(dst, n))
		if err != nil {
			return err
		}
		fmt.Fprintf(h, "%s %d\n", n, len(b))
		h.Write(b)
	}
	build := hex.EncodeToString(h.Sum(nil))[:12]
	// What the worker caches: the page and every asset, as index.html asks
	// for them (with ?v=). Both wasm files are listed; the worker keeps the
	// one its browser's loader will ask for.
	var list []string
	for _, n := range names {
		switch n {
		case "sw.js":
			continue // the worker itself is fetched by the browser, never from the cache
		case "index.html":
			list = append(list, `"./"`)
		default:
			list = append(list, fmt.Sprintf("%q", n+"?v="+build))
		}
	}
	for _, f := range []struct{ name, mark, val string }{
		{"sw.js", filesMark, strings.Join(list, ", ")},
		{"sw.js", buildMark, build},
		{"index.html", buildMark, build},
	} {
		p := filepath.Join(dst, f.name)
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		if !strings.Contains(string(b), f.mark) {
			return fmt.Errorf("site: %s has no %s to fill in", f.name, f.mark)
		}
		if err := os.WriteFile(p, []byte(strings.ReplaceAll(string(b), f.mark, f.val)), 0o644); err != nil {
			return err
		}
	}
	return os.WriteFile(filepath.Join(dst, "build.txt"), []byte(build+"\n"), 0o644)
}

// files are the site's file names, sorted.
func files(dir string) ([]string, error) {
	ents, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	var out []string
	for _, e := range ents {
		if e.Type().IsRegular() && e.Name() != "build.txt" {
			out = append(out, e.Name())
		}
	}
	sort.Strings(out)
	return out, nil
}

// xzFile compresses src into dst with xz's strongest preset and a window
// as large as main.wasm, one thread so the bytes do not depend on the
// machine, and the CRC32 check xz-embedded verifies.
func xzFile(src, dst string) error {
	if _, err := exec.LookPath("xz"); err != nil {
		return fmt.Errorf("site: xz compresses main.wasm and is missing: apt-get install xz-utils")
	}
	out, err := os.Create(dst)
	if err != nil {
		return err
	}
	cmd := exec.Command("xz", "-9e", "-T1", "--check=crc32", "--lzma2=preset=9e,dict=16MiB", "-c", src)
	cmd.Stdout = out
	var stderr strings.Builder
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		out.Close()
		return fmt.Errorf("site: xz %s: %v %s", src, err, stderr.String())
	}
	return out.Close()
}

func copyFile(src, dst string) error {
	in, err := os.Open(src)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.Create(dst)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}
