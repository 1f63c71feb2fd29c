//go:build !js

package main

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
)

// backquoted are the `…` spans of a Markdown text, with their line numbers.
var backquoted = regexp.MustCompile("`([^`\n]+)`")

// fileName is a span that names a file by its extension.
var fileName = regexp.MustCompile(`\.(go|md|js|css|html)$`)

// architecturePaths are the paths docs/ARCHITECTURE.md names: every
// backquoted span that has a slash or a file's extension, and every span
// in a table column headed "paths" or "Go home" (where a bare `ui` or
// `campaign` is a path too). Each maps to the first line naming it.
func architecturePaths(doc string) map[string]int {
	paths := map[string]int{}
	add := func(p string, line int) {
		if _, seen := paths[p]; !seen {
			paths[p] = line
		}
	}
	pathColumn := -1 // the index of the current table's path column, -1 if none
	for i, line := range strings.Split(doc, "\n") {
		n := i + 1
		cells := strings.Split(line, "|")
		if !strings.HasPrefix(line, "|") {
			pathColumn = -1
		} else if pathColumn == -1 {
			for c, cell := range cells {
				if h := strings.TrimSpace(cell); h == "paths" || h == "Go home" {
					pathColumn = c
				}
			}
			if pathColumn == -1 {
				pathColumn = -2 // a table without a path column
			}
		} else if pathColumn >= 0 && pathColumn < len(cells) {
			for _, m := range backquoted.FindAllStringSubmatch(cells[pathColumn], -1) {
				add(m[1], n)
			}
		}
		for _, m := range backquoted.FindAllStringSubmatch(line, -1) {
			s := m[1]
			if strings.ContainsAny(s, " =") || strings.HasPrefix(s, "-") {
				continue
			}
			if strings.Contains(s, "/") || fileName.MatchString(s) {
				add(s, n)
			}
		}
	}
	return paths
}

// Every path docs/ARCHITECTURE.md names exists, and every package of
// core/ and at the top of the repository is named in it: a package added,
// moved or removed changes the map.
func TestArchitecture(t *testing.T) {
	b, err := os.ReadFile("docs/ARCHITECTURE.md")
	if err != nil {
		t.Fatal(err)
	}
	paths := architecturePaths(string(b))
	if len(paths) < 30 {
		t.Fatalf("docs/ARCHITECTURE.md names %d paths; the parse is broken", len(paths))
	}
	for p, line := range paths {
		if _, err := os.Stat(filepath.FromSlash(p)); err != nil {
			t.Errorf("docs/ARCHITECTURE.md:%d names %s, which does not exist", line, p)
		}
	}
	var missing []string
	err = filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		p := filepath.ToSlash(path)
		if d.IsDir() {
			if p != "." && (strings.HasPrefix(d.Name(), ".") || p == "third_party" || p == "ui" || p == "wasm" || p == "static" || strings.HasSuffix(p, "/testdata") || p == "dist") {
				return filepath.SkipDir
			}
			return nil
		}
		dir := filepath.ToSlash(filepath.Dir(path))
		if dir == "." || !strings.HasSuffix(p, ".go") || strings.HasSuffix(p, "_test.go") {
			return nil
		}
		if _, named := paths[dir]; !named && (dir == "core" || strings.HasPrefix(dir, "core/") || !strings.Contains(dir, "/")) {
			missing = append(missing, dir)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	missing = sortedUnique(missing)
	for _, dir := range missing {
		t.Errorf("docs/ARCHITECTURE.md does not name the package %s: say which layer it is", dir)
	}
}

func sortedUnique(s []string) []string {
	sort.Strings(s)
	var out []string
	for i, x := range s {
		if i == 0 || x != s[i-1] {
			out = append(out, x)
		}
	}
	return out
}

func TestArchitecturePaths(t *testing.T) {
	doc := "a `core/sim` and `ui/x.go`, not `seed` nor `GOOS=js` nor `go test ./...`\n" +
		"\n| layer | paths |\n|---|---|\n| page | `ui`, `wasm` |\n\n| a | b |\n|---|---|\n| `nope` | `site` |\n"
	var got []string
	for p := range architecturePaths(doc) {
		got = append(got, p)
	}
	sort.Strings(got)
	if want := "core/sim ui ui/x.go wasm"; strings.Join(got, " ") != want {
		t.Errorf("got %q, want %q", strings.Join(got, " "), want)
	}
}
