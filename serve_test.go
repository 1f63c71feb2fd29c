package main

import (
	"bufio"
	"bytes"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

const serveHelper = "BROKERLAB_SERVE_HELPER"

// With serveHelper set the test binary is `brokerlab serve` with a site
// built in no time (main.wasm takes seconds): a real process, which a test
// can send a signal.
func TestMain(m *testing.M) {
	if os.Getenv(serveHelper) != "" {
		os.Exit(serveCmd(os.Args[1:], os.Stdout, os.Stderr, func(dir string) error {
			return os.WriteFile(filepath.Join(dir, "index.html"), []byte("test site"), 0o644)
		}))
	}
	os.Exit(m.Run())
}

// A busy port moves to a free one, saying so, unless the user asked for it.
func TestListen(t *testing.T) {
	busy, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	defer busy.Close()
	addr := busy.Addr().String()
	for _, c := range []struct {
		addr     string
		fallback bool
		err      string
		out      string // %s: where it listens
	}{
		{"127.0.0.1:0", false, "", ""},
		{addr, true, "", addr + " is busy (address already in use); serving on %s instead\n"},
		{addr, false, addr + " is busy (address already in use)", ""},
	} {
		var out bytes.Buffer
		ln, err := listen(c.addr, c.fallback, &out)
		if c.err != "" {
			require.EqualError(t, err, c.err)
			require.Empty(t, out.String())
			continue
		}
		require.NoError(t, err)
		got := ln.Addr().String()
		ln.Close()
		require.NotEqual(t, addr, got)
		if c.out != "" {
			require.Equal(t, strings.ReplaceAll(c.out, "%s", got), out.String())
		} else {
			require.Empty(t, out.String())
		}
	}
}

// serve -addr on a busy port exits 1 before it builds anything.
func TestServeBusyAddrExits1(t *testing.T) {
	busy, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	defer busy.Close()
	addr := busy.Addr().String()
	var out, errs bytes.Buffer
	code := serveCmd([]string{"-addr", addr}, &out, &errs, func(string) error {
		t.Error("built the site")
		return nil
	})
	require.Equal(t, 1, code)
	require.Empty(t, out.String())
	require.Equal(t, "serve: "+addr+" is busy (address already in use)\n", errs.String())
}

// Ctrl-C (SIGINT) or SIGTERM stops serve with exit 0, its temporary site
// removed (it was left behind, 9.5 MB a run), also with a browser's
// keep-alive connection open.
func TestServeSignalRemovesSite(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("no SIGINT to send a process on Windows")
	}
	for _, sig := range []os.Signal{os.Interrupt, syscall.SIGTERM} {
		tmp := t.TempDir()
		cmd := exec.Command(os.Args[0], "-addr", "127.0.0.1:0")
		cmd.Env = append(os.Environ(), serveHelper+"=1", "TMPDIR="+tmp)
		stdout, err := cmd.StdoutPipe()
		require.NoError(t, err)
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		require.NoError(t, cmd.Start())
		kill := time.AfterFunc(20*time.Second, func() { cmd.Process.Kill() })
		url := ""
		for lines := bufio.NewScanner(stdout); url == "" && lines.Scan(); {
			if at, ok := strings.CutPrefix(lines.Text(), "brokerlab is at "); ok {
				url = strings.Fields(at)[0]
			}
		}
		require.NotEmpty(t, url, "%v: serve said no URL: %s", sig, stderr.String())
		resp, err := http.Get(url)
		require.NoError(t, err)
		body, err := io.ReadAll(resp.Body)
		resp.Body.Close()
		require.NoError(t, err)
		require.Equal(t, "test site", string(body))
		site, err := filepath.Glob(filepath.Join(tmp, "brokerlab-site-*"))
		require.NoError(t, err)
		require.Len(t, site, 1)

		require.NoError(t, cmd.Process.Signal(sig))
		err = cmd.Wait()
		kill.Stop()
		require.NoError(t, err, "%v: %s", sig, stderr.String())
		require.NoDirExists(t, site[0], sig.String())
	}
}
