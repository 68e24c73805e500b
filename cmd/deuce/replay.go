package main

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"regexp"
	"strings"

	"deuce/client"
	"deuce/engine"
	"deuce/tui"
)

const replayUsage = `FILE [flags]

Replays a recorded match, every hand revealed. On a terminal it opens in the
full-screen interface: step with the left and right arrows, a point at a time
with [ and ], or type a point's number and Enter. With --plain, or when output
is not a terminal, it prints the match point by point with the score after
each. Records come from deuce play, join, sim --record and serve; FILE may also
be a finished table's address on a server (http://HOST/t/ID or /r/ID; without
the scheme, http on this machine and https elsewhere).`

func runReplay(ctx context.Context, args []string, e *env) error {
	fs := newFlags(e, "replay", replayUsage)
	plain := fs.Bool("plain", false, "print the match point by point instead of the full-screen interface")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return usagef("replay takes one record file")
	}
	rec, err := readRecord(ctx, pos[0])
	if err != nil {
		return fmt.Errorf("%s: %w", pos[0], err)
	}
	match, err := tui.ReplayRecord(rec)
	if err != nil {
		return fmt.Errorf("%s: %w", pos[0], err)
	}
	if *plain || !isTerminal(e.stdin) || !isTerminal(e.stdout) {
		return match.WritePlain(e.stdout)
	}
	m, err := tui.NewReplay(ctx, match, tui.Options{Renderer: tui.RendererFor(e.stdout)})
	if err != nil {
		return err
	}
	return tui.Run(ctx, m, e.stdin, e.stdout)
}

// readRecord reads a record file, or fetches a finished table's record from its server.
func readRecord(ctx context.Context, where string) (*engine.Record, error) {
	if _, err := os.Stat(where); errors.Is(err, fs.ErrNotExist) && !strings.Contains(where, "://") && tableLink.MatchString(where) {
		// A table's address typed without its scheme, as login and join take it ("localhost:8080/r/ID"):
		// http on this machine, https elsewhere.
		where = client.WithScheme(where)
	}
	if strings.HasPrefix(where, "http://") || strings.HasPrefix(where, "https://") {
		link, err := client.ParseLink(where)
		if err != nil {
			return nil, err
		}
		return client.New(link.Server).Record(ctx, link.Table)
	}
	f, err := os.Open(where)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return engine.ReadRecord(f)
}

// tableLink matches a table's address without a scheme: a host, then /t/ID or /r/ID.
var tableLink = regexp.MustCompile(`^[^/\s]+/[tr]/[A-Za-z0-9]+`)
