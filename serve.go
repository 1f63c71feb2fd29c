package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"

	"brokerlab/site"
)

// defaultAddr is where serve listens unless -addr says otherwise.
const defaultAddr = "127.0.0.1:8080"

// serveCmd is `brokerlab serve [-addr A]`, the development server (`go
// run .`, `make serve`): it builds the site with build into a temporary
// directory and serves it until Ctrl-C or SIGTERM, then removes the
// directory (about 10 MB a run) and exits 0. Without -addr a busy port
// moves to a free one, and says so; a busy -addr is an error, since the
// user asked for that one.
func serveCmd(args []string, stdout, stderr io.Writer, build func(dir string) error) int {
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	fs.SetOutput(stderr)
	addr := fs.String("addr", defaultAddr, "address to listen on")
	if fs.Parse(args) != nil {
		return 2
	}
	fallback := true
	fs.Visit(func(f *flag.Flag) { fallback = fallback && f.Name != "addr" })
	// Killed by the signal, the process would never run its deferred
	// RemoveAll: the signal ends the context instead.
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	context.AfterFunc(ctx, stop) // a second Ctrl-C kills a shutdown that hangs
	if err := serve(ctx, *addr, fallback, build, stdout); err != nil {
		fmt.Fprintln(stderr, "serve:", err)
		return 1
	}
	return 0
}

// buildSite is the site serve builds: static/ and main.wasm from this
// module.
func buildSite(dir string) error { return site.Build(".", dir) }

func serve(ctx context.Context, addr string, fallback bool, build func(dir string) error, stdout io.Writer) error {
	// Listening first: a busy -addr fails before a ten-second build.
	ln, err := listen(addr, fallback, stdout)
	if err != nil {
		return err
	}
	defer ln.Close()
	dir, err := os.MkdirTemp("", "brokerlab-site-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	fmt.Fprintln(stdout, "building main.wasm …")
	if err := build(dir); err != nil {
		if ctx.Err() != nil {
			return nil // Ctrl-C during the build also stops the go build it runs
		}
		return err
	}
	files := http.FileServer(http.Dir(dir))
	srv := &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		// A rebuilt main.wasm must never be served stale from the cache.
		w.Header().Set("Cache-Control", "no-cache")
		files.ServeHTTP(w, r)
	})}
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ln) }()
	fmt.Fprintf(stdout, "brokerlab is at http://%s/  (Ctrl-C stops it)\n", ln.Addr())
	select {
	case err := <-done:
		return err
	case <-ctx.Done():
	}
	// A page's idle keep-alive connections close at once; a download in
	// flight gets a moment to finish.
	sctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	if err := srv.Shutdown(sctx); err != nil {
		srv.Close()
	}
	return nil
}

// listen listens on addr. If addr is busy and fallback is set, it listens
// on a free port of the same host instead and says so on stdout.
func listen(addr string, fallback bool, stdout io.Writer) (net.Listener, error) {
	ln, err := net.Listen("tcp", addr)
	if !errors.Is(err, syscall.EADDRINUSE) {
		return ln, err
	}
	busy := fmt.Sprintf("%s is busy (address already in use)", addr)
	if !fallback {
		return nil, errors.New(busy)
	}
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return nil, err
	}
	ln, err = net.Listen("tcp", net.JoinHostPort(host, "0"))
	if err != nil {
		return nil, fmt.Errorf("%s, and no other port is free: %w", busy, err)
	}
	fmt.Fprintf(stdout, "%s; serving on %s instead\n", busy, ln.Addr())
	return ln, nil
}
