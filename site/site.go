// Package site assembles brokerlab's static site: static/, the toolchain's
// wasm_exec.js and main.wasm built from wasm/. serve.go serves it, the
// browser tests test it, and `go run . dist DIR` (make dist) writes it out.
package site

import (
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
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
	cmd := exec.Command("go", "build", "-trimpath", "-ldflags=-s -w", "-o", abs, "./wasm")
	cmd.Dir = root
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	if out, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("site: building main.wasm: %v\n%s", err, out)
	}
	return nil
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
