package site

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// stamp names the build after its files' contents, in index.html and in
// the service worker, with the list of files the worker caches.
func TestStamp(t *testing.T) {
	write := func(dir string, files map[string]string) {
		for n, s := range files {
			if err := os.WriteFile(filepath.Join(dir, n), []byte(s), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	site := map[string]string{
		"index.html":   `<meta content="__BUILD__"><link href="style.css?v=__BUILD__">`,
		"sw.js":        `const BUILD = "__BUILD__"; const FILES = ["__FILES__"];`,
		"style.css":    "body{}",
		"main.wasm":    "wasm",
		"main.wasm.xz": "xz",
	}
	a, b := t.TempDir(), t.TempDir()
	write(a, site)
	site["style.css"] = "body{color:red}"
	write(b, site)
	for _, d := range []string{a, b} {
		if err := stamp(d); err != nil {
			t.Fatal(err)
		}
	}
	read := func(dir, n string) string {
		s, err := os.ReadFile(filepath.Join(dir, n))
		if err != nil {
			t.Fatal(err)
		}
		return string(s)
	}
	build := strings.TrimSpace(read(a, "build.txt"))
	if len(build) != 12 || build == strings.TrimSpace(read(b, "build.txt")) {
		t.Fatalf("builds %q and %q: want 12 hex digits, different for different files", build, read(b, "build.txt"))
	}
	if got, want := read(a, "index.html"), `<meta content="`+build+`"><link href="style.css?v=`+build+`">`; got != want {
		t.Errorf("index.html: got %s, want %s", got, want)
	}
	v := "?v=" + build
	want := `const BUILD = "` + build + `"; const FILES = ["./", "main.wasm` + v + `", "main.wasm.xz` + v + `", "style.css` + v + `"];`
	if got := read(a, "sw.js"); got != want {
		t.Errorf("sw.js:\ngot  %s\nwant %s", got, want)
	}

	// A static file without its placeholder is an error, not a silent
	// worker that caches nothing.
	c := t.TempDir()
	site["sw.js"] = "const BUILD = 1;"
	write(c, site)
	if err := stamp(c); err == nil || !strings.Contains(err.Error(), "sw.js") {
		t.Errorf("stamp without placeholders: got %v", err)
	}
}

// Every file index.html names (the icon, the scripts, the styles) is one
// the site ships, by a relative URL: a missing one is a 404 in every
// visitor's console, an absolute one breaks under a sub-path.
func TestIndexNamesShippedFiles(t *testing.T) {
	b, err := os.ReadFile("../static/index.html")
	if err != nil {
		t.Fatal(err)
	}
	built := map[string]bool{"wasm_exec.js": true, "vugu.js": true} // written by Build
	refs := regexp.MustCompile(`(?:src|href)="([^"]+)"`).FindAllStringSubmatch(string(b), -1)
	if len(refs) == 0 {
		t.Fatal("index.html names no files")
	}
	icon := false
	for _, m := range refs {
		ref := m[1]
		name, _, _ := strings.Cut(ref, "?")
		if strings.HasPrefix(ref, "/") || strings.Contains(ref, "://") {
			t.Errorf("index.html names %q: not relative", ref)
			continue
		}
		if _, err := os.Stat(filepath.Join("../static", name)); err != nil && !built[name] {
			t.Errorf("index.html names %q, which the site does not ship", ref)
		}
		icon = icon || strings.HasPrefix(name, "icon.")
	}
	if !icon {
		t.Error("index.html links no icon: the browser then asks the origin's root for /favicon.ico")
	}
}
