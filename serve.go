package main

import (
	"fmt"
	"net"
	"net/http"
	"os"
	"strings"

	"brokerlab/site"
)

// serve builds the site into a temporary directory and serves it on addr
// (127.0.0.1:8080 if empty; a busy port falls back to a free one). It is
// the development server: `go run . serve`, or `make serve`.
func serve(addr string) error {
	if addr == "" {
		addr = "127.0.0.1:8080"
	}
	dir, err := os.MkdirTemp("", "brokerlab-site-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	fmt.Println("building main.wasm …")
	if err := site.Build(".", dir); err != nil {
		return err
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil && strings.HasPrefix(addr, "127.0.0.1:") {
		ln, err = net.Listen("tcp", "127.0.0.1:0")
	}
	if err != nil {
		return err
	}
	fmt.Printf("brokerlab is at http://%s/  (Ctrl-C stops it)\n", ln.Addr())
	files := http.FileServer(http.Dir(dir))
	return http.Serve(ln, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		// A rebuilt main.wasm must never be served stale from the cache.
		w.Header().Set("Cache-Control", "no-cache")
		files.ServeHTTP(w, r)
	}))
}
