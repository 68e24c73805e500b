package main

import (
	"context"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"time"

	"deuce/store"
	"deuce/store/postgres"
	"deuce/store/sqlite"
	"deuce/web"
)

const serveUsage = `[flags]

Serves deuce in the browser: a lobby to create tables against bots or friends,
live tables, and replays. Matches are kept in an embedded SQLite file in the
data directory (or in PostgreSQL with --postgres); a restarted server resumes
every unfinished table where it stopped.

Example:
  deuce serve --addr 127.0.0.1:8080`

func runServe(ctx context.Context, args []string, e *env) error {
	fs := newFlags(e, "serve", serveUsage)
	addr := fs.String("addr", "127.0.0.1:8080", "`address` to listen on (use :8080 to accept other machines)")
	data := fs.String("data", dataDir(), "data `directory` holding deuce.db")
	pg := fs.String("postgres", "", "PostgreSQL connection `URL` to use instead of SQLite")
	botDelay := fs.Duration("bot-delay", 600*time.Millisecond, "pause before each bot move, so people can follow")
	level := fs.String("log-level", "info", "log `level`: debug, info, warn or error")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) > 0 {
		return usagef("serve takes no arguments (got %q)", pos[0])
	}
	var lvl slog.Level
	if err := lvl.UnmarshalText([]byte(*level)); err != nil {
		return usagef("--log-level %q: want debug, info, warn or error", *level)
	}
	if *botDelay < 0 {
		return usagef("--bot-delay must not be negative")
	}
	log := slog.New(slog.NewTextHandler(e.stderr, &slog.HandlerOptions{Level: lvl}))

	var st store.Store
	where := ""
	if *pg != "" {
		db, err := postgres.Open(ctx, *pg)
		if err != nil {
			return fmt.Errorf("open postgres: %w", err)
		}
		st, where = db, "postgres"
	} else {
		if err := os.MkdirAll(*data, 0o755); err != nil {
			return fmt.Errorf("data directory: %w", err)
		}
		path := filepath.Join(*data, "deuce.db")
		db, err := sqlite.Open(ctx, path)
		if err != nil {
			return fmt.Errorf("open %s: %w", path, err)
		}
		st, where = db, path
	}
	defer st.Close()

	m := &web.Main{Addr: *addr, Store: st, Log: log, BotDelay: *botDelay}
	if err := m.Open(ctx); err != nil {
		if strings.Contains(err.Error(), "address already in use") {
			return fmt.Errorf("%w (another deuce serve running? pick another --addr)", err)
		}
		return err
	}
	log.Info("deuce is serving", "url", m.URL(), "store", where)
	fmt.Fprintf(e.stdout, "deuce is serving at %s (Ctrl-C to stop)\n", m.URL())
	<-ctx.Done()
	log.Info("shutting down")
	sctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	return m.Close(sctx)
}
