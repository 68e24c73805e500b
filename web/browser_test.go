package web_test

import (
	"bufio"
	"context"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"deuce/store/sqlite"
	"deuce/web"
)

// Where the browser test finds its tools.
const (
	chromiumPath   = "/usr/bin/chromium"
	playwrightPath = "e2e/node_modules/playwright-core"
	browserScript  = "e2e/browser.mjs"
	browserTimeout = 3 * time.Minute
)

// TestBrowser plays whole matches in a real browser against the real server: e2e/browser.mjs
// drives headless Chromium through the lobby, a Center Court tiebreak and a bidding game, by
// clicking, and takes screenshots into $DEUCE_SCREENSHOTS (or a temporary directory).
//
// It needs Debian's chromium and `npm ci` in web/e2e. Without them the test is skipped, except
// in CI (CI=true), where it fails so that a missing install step cannot pass unnoticed.
func TestBrowser(t *testing.T) {
	// A player who leaves is abandoned after a second, so that the browser sees the claim.
	lim := web.DefaultLimits()
	lim.AbandonAfter = time.Second
	// The script makes some twenty tables in a minute from one address, many left unfinished:
	// more than a stranger may (10 at once, 10 unfinished), limits the tests of limits.go check.
	lim.CreatesPerMinute, lim.CreateBurst, lim.TablesPerAddress = 120, 60, 60
	// The tables' seeds come in a fixed order, so that a check that waits for a position to
	// come up in play (AlakaSLAM's out-of-reach warning) meets the same deals every run.
	var tables atomic.Uint64
	seeds := func() uint64 { return tables.Add(1) * 0x9e3779b97f4a7c15 }
	runBrowser(t, browserScript, web.Main{Limits: lim, Seeds: seeds})
}

// runBrowser runs a node script against a server configured like cfg on a loopback port over a
// fresh SQLite file (or cfg.Store, which the caller closes), passing it the server's URL and the
// screenshot directory.
func runBrowser(t *testing.T, script string, cfg web.Main) {
	t.Helper()
	var missing []string
	if _, err := os.Stat(chromiumPath); err != nil {
		missing = append(missing, chromiumPath+" (apt-get install chromium)")
	}
	if _, err := os.Stat(playwrightPath); err != nil {
		missing = append(missing, "web/"+playwrightPath+" (npm ci in web/e2e)")
	}
	node, err := exec.LookPath("node")
	if err != nil {
		missing = append(missing, "node (apt-get install nodejs)")
	}
	if len(missing) > 0 {
		if os.Getenv("CI") == "true" {
			t.Fatalf("browser test cannot run in CI: missing %s", strings.Join(missing, ", "))
		}
		t.Skipf("browser test skipped: install chromium and run npm ci in web/e2e (missing %s)", strings.Join(missing, ", "))
	}

	ctx, cancel := context.WithTimeout(context.Background(), browserTimeout)
	defer cancel()
	m := &cfg
	if m.Store == nil {
		st, err := sqlite.Open(ctx, filepath.Join(t.TempDir(), "deuce.db"))
		if err != nil {
			t.Fatal(err)
		}
		defer st.Close()
		m.Store = st
	}
	m.Addr = "127.0.0.1:0"
	if err := m.Open(ctx); err != nil {
		t.Fatal(err)
	}
	defer func() {
		sctx, scancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer scancel()
		if err := m.Close(sctx); err != nil {
			t.Errorf("close server: %v", err)
		}
	}()

	out := os.Getenv("DEUCE_SCREENSHOTS")
	if out == "" {
		out = t.TempDir()
	} else if out, err = filepath.Abs(out); err != nil {
		t.Fatal(err)
	}

	start := time.Now()
	cmd := exec.CommandContext(ctx, node, script, m.URL(), out)
	cmd.WaitDelay = 10 * time.Second
	pr, pw := io.Pipe()
	cmd.Stdout, cmd.Stderr = pw, pw
	done := make(chan struct{})
	go func() {
		defer close(done)
		sc := bufio.NewScanner(pr)
		for sc.Scan() {
			t.Log(sc.Text())
		}
	}()
	err = cmd.Run()
	pw.Close()
	<-done
	if ctx.Err() != nil {
		t.Fatalf("browser test did not finish within %v", browserTimeout)
	}
	if err != nil {
		t.Fatalf("browser test failed (%v); screenshots and console errors in %s", err, out)
	}
	t.Logf("browser test passed in %v; screenshots in %s", time.Since(start).Round(time.Millisecond), out)
}
