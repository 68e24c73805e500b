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

// A Server is a real deuce server that stops when the test ends.
type Server struct {
	// Client is a strict client of the server: it fails on a field the protocol package does
	// not know.
	Client *client.Client
	t      testing.TB
	db     *sqlite.DB
	main   *web.Main
	setup  []func(m *web.Main)
}

// Start starts a server on a free loopback port, after setup (if any) has changed what it
// needs of its configuration (a restart applies it again).
func Start(t testing.TB, setup ...func(m *web.Main)) *Server {
	t.Helper()
	db, err := sqlite.Open(context.Background(), filepath.Join(t.TempDir(), "deuce.db"))
	if err != nil {
		t.Fatal(err)
	}
	s := &Server{t: t, db: db, setup: setup}
	s.open("127.0.0.1:0")
	base, err := url.Parse(s.main.URL())
	if err != nil {
		t.Fatal(err)
	}
	s.Client = client.New(base)
	s.Client.Strict = true
	t.Cleanup(func() {
		s.stop()
		db.Close()
	})
	return s
}

// Store is the server's store: what it keeps of every table, read directly.
func (s *Server) Store() *sqlite.DB { return s.db }

func (s *Server) open(addr string) {
	s.t.Helper()
	// Tables of bots only play at a test's pace, not a watcher's.
	lim := web.DefaultLimits()
	lim.BotTableDelay = time.Millisecond
	s.main = &web.Main{Addr: addr, Store: s.db, MessageRate: 100_000, MessageBurst: 1000, Limits: lim}
	for _, f := range s.setup {
		f(s.main)
	}
	if err := s.main.Open(context.Background()); err != nil {
		s.t.Fatal(err)
	}
}

func (s *Server) stop() {
	if s.main == nil {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := s.main.Close(ctx); err != nil {
		s.t.Errorf("close server: %v", err)
	}
	s.main = nil
}

// Restart stops the server, closing every connection, and starts it again on the same address
// over the same store: it resumes every unfinished table.
func (s *Server) Restart() {
	s.t.Helper()
	s.stop()
	s.open(s.Client.Server.Host)
}
