//go:build !js

package main

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The notes this project was designed from live outside the repository,
// so a reader of it cannot open them: code, lessons and docs cite
// upstream (file and line at the reference tag) or docs/ instead.
func TestCitesNoNotesOutsideTheRepository(t *testing.T) {
	var outside []string // written so that this file does not name them
	for _, n := range []string{"facts", "design", "toolchain"} {
		outside = append(outside, strings.ToUpper(n)+".md")
	}
	checked := 0
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if path != "." && (strings.HasPrefix(d.Name(), ".") || path == "third_party" || path == "dist" || path == "campaign-out") {
				return filepath.SkipDir
			}
			return nil
		}
		switch filepath.Ext(path) {
		case ".go", ".vugu", ".lab", ".md", ".js", ".html", ".css", ".json":
		default:
			if d.Name() != "Makefile" {
				return nil
			}
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		checked++
		for i, line := range strings.Split(string(b), "\n") {
			for _, name := range outside {
				if strings.Contains(line, name) {
					t.Errorf("%s:%d cites %s, which is not in the repository: cite upstream or docs/", path, i+1, name)
				}
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if checked < 100 {
		t.Fatalf("checked %d files: the walk is broken", checked)
	}
}
