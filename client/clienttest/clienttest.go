// Package clienttest starts a real deuce server for the tests of Go clients: the web server
// over SQLite in a temp dir, on a loopback port, with message limits a test's pace never meets
// and tables of bots only that do not pause between moves.
package clienttest

import (
	"context"
	"net/url"
	"path/filepath"
	"testing"
	"time"

	"deuce/client"
	"deuce/store/sqlite"
	"deuce/web"
)

// Server starts a server that stops when the test ends, and returns a strict client of it: one
// that fails on a field the protocol package does not know.
func Server(t testing.TB) *client.Client {
	t.Helper()
	ctx := context.Background()
	db, err := sqlite.Open(ctx, filepath.Join(t.TempDir(), "deuce.db"))
	if err != nil {
		t.Fatal(err)
	}
	// Tables of bots only play at a test's pace, not a watcher's.
	lim := web.DefaultLimits()
	lim.BotTableDelay = time.Millisecond
	m := &web.Main{Addr: "127.0.0.1:0", Store: db, MessageRate: 100_000, MessageBurst: 1000, Limits: lim}
	if err := m.Open(ctx); err != nil {
		db.Close()
		t.Fatal(err)
	}
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		if err := m.Close(ctx); err != nil {
			t.Errorf("close server: %v", err)
		}
		db.Close()
	})
	base, err := url.Parse(m.URL())
	if err != nil {
		t.Fatal(err)
	}
	c := client.New(base)
	c.Strict = true
	return c
}
