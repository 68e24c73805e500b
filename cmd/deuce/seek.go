package main

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"deuce/client"
)

const seekUsage = `SERVER --game GAME [flags]

Posts a seek on a deuce server as your account (deuce login SERVER first), waits
for someone to accept it, and plays the table as deuce join does. Ctrl-C while
waiting withdraws the seek. --accept ID accepts someone else's seek (deuce seeks
SERVER lists them); --quick accepts the oldest seek that fits, or posts one.

Examples:
  deuce seek http://127.0.0.1:8080 --game centercourt --clock 5+3
  deuce seek http://127.0.0.1:8080 --game pencil --quick --rated=false
  deuce seek http://127.0.0.1:8080 --accept 3k9x2m1q`

const seeksUsage = `SERVER

Lists a deuce server's open seeks; deuce seek SERVER --accept ID takes one.`

// Waiting for a seek to be accepted polls at seekPoll and gives up at seekWait, when the server
// forgets the seek too.
var (
	seekPoll = 2 * time.Second
	seekWait = 30 * time.Minute
)

func runSeek(ctx context.Context, args []string, e *env) error {
	fs := newFlags(e, "seek", seekUsage)
	game := fs.String("game", "", "the `game` to play (deuce list)")
	variant := fs.String("variant", "", "the game's `variant` (default: the game's standard)")
	// 10+5 by default, as the lobby's seek form has: a quick pair pairs only seeks of one clock.
	clock := fs.String("clock", "10+5", "the clock: `5+3` (minutes plus seconds a move), 2d (days a move) or none")
	// Rated by default, as the lobby's seek form is: a seek and a quick pair match only seeks of
	// the same mode, so the two would otherwise never meet.
	rated := fs.Bool("rated", true, "a rated table; --rated=false for a casual one")
	rng := fs.String("range", "", "the opponents' ratings you accept, `1400-1700`")
	quick := fs.Bool("quick", false, "accept the oldest seek that fits, or post this one")
	accept := fs.String("accept", "", "accept the seek `ID` instead of posting one")
	fl := addOnlineFlags(fs)
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if err := checkRecordFlags(fl.record, fl.noRecord); err != nil {
		return err
	}
	server, err := serverArg(pos, "seek")
	if err != nil {
		return err
	}
	lo, hi, err := parseRange(*rng)
	if err != nil {
		return err
	}
	c, err := signedIn(server, "seek")
	if err != nil {
		return err
	}
	var table string
	if *accept != "" {
		if table, err = c.AcceptSeek(ctx, *accept); err != nil {
			return accountError(server, "accept a seek on", err)
		}
		return playOnline(ctx, e, c, table, "", "join", *fl)
	}
	if *game == "" {
		return usagef("seek needs --game (deuce list shows the games), or --accept ID")
	}
	req := client.SeekRequest{Game: *game, Variant: *variant, Clock: *clock, Rated: *rated, MinRating: lo, MaxRating: hi}
	var id string
	// The seek is posted on a context the interrupt does not cancel: an interrupt that came
	// while the server was creating it would otherwise leave it in the lobby with nobody to
	// withdraw it. awaitSeek sees the interrupt at once and withdraws it.
	pctx, pcancel := context.WithTimeout(context.WithoutCancel(ctx), 30*time.Second)
	if *quick {
		table, id, err = c.QuickPair(pctx, req)
	} else {
		var sk client.Seek
		sk, err = c.PostSeek(pctx, req)
		id = sk.ID
	}
	pcancel()
	if err != nil {
		return accountError(server, "seek on", err)
	}
	if table == "" {
		fmt.Fprintf(e.stdout, "Seek %s posted on %s; waiting for an opponent (Ctrl-C withdraws it)…\n", id, server)
		if table, err = awaitSeek(ctx, c, id); err != nil {
			return err
		}
	}
	fmt.Fprintf(e.stdout, "Paired: %s/t/%s\n", server, table)
	return playOnline(ctx, e, c, table, "", "join", *fl)
}

// awaitSeek polls the seek until someone accepts it, and withdraws it when ctx ends first or
// the wait is over.
func awaitSeek(ctx context.Context, c *client.Client, id string) (string, error) {
	wctx, cancel := context.WithTimeout(ctx, seekWait)
	defer cancel()
	t := time.NewTicker(seekPoll)
	defer t.Stop()
	for {
		sk, err := c.Seek(wctx, id)
		if err == nil && sk.Table != "" {
			return sk.Table, nil
		}
		var he *client.HTTPError
		if errors.As(err, &he) {
			return "", fmt.Errorf("seek %s: %w", id, err)
		}
		select {
		case <-t.C:
			continue
		case <-wctx.Done():
		}
		// Withdrawn with a fresh context: the one that ended cannot send the request.
		dctx, dcancel := context.WithTimeout(context.Background(), 10*time.Second)
		derr := c.DeleteSeek(dctx, id)
		dcancel()
		if derr != nil {
			// Accepted meanwhile: the table is there.
			if sk, err := c.Seek(dctx, id); err == nil && sk.Table != "" && ctx.Err() == nil {
				return sk.Table, nil
			}
			return "", fmt.Errorf("seek %s: stopped waiting, and withdrawing it failed: %w", id, derr)
		}
		if ctx.Err() != nil {
			return "", fmt.Errorf("seek %s withdrawn", id)
		}
		return "", fmt.Errorf("seek %s: nobody accepted it in %v; withdrawn", id, seekWait)
	}
}

// parseRange reads --range: "1400-1700", "1400-" or "-1700".
func parseRange(s string) (lo, hi int, err error) {
	if s == "" {
		return 0, 0, nil
	}
	a, b, ok := strings.Cut(s, "-")
	bad := usagef("--range %q: give the ratings you accept as 1400-1700, 1400- or -1700", s)
	if !ok {
		return 0, 0, bad
	}
	for _, p := range []struct {
		s string
		v *int
	}{{a, &lo}, {b, &hi}} {
		if p.s == "" {
			continue
		}
		if *p.v, err = strconv.Atoi(strings.TrimSpace(p.s)); err != nil || *p.v < 0 || *p.v > 5000 {
			return 0, 0, bad
		}
	}
	if hi > 0 && lo > hi {
		return 0, 0, bad
	}
	return lo, hi, nil
}

func runSeeks(ctx context.Context, args []string, e *env) error {
	fs := newFlags(e, "seeks", seeksUsage)
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	server, err := serverArg(pos, "seeks")
	if err != nil {
		return err
	}
	c := client.New(server)
	if s, err := loadSession(server); err != nil {
		return err
	} else if s != "" {
		c.UseSession(s)
	}
	list, err := c.Seeks(ctx)
	if err != nil {
		return accountError(server, "list the seeks of", err)
	}
	if len(list) == 0 {
		fmt.Fprintf(e.stdout, "No open seeks on %s: deuce seek %s --game GAME posts one.\n", server, server)
		return nil
	}
	// Columns as wide as their widest entry (a seek's ID is 16 characters).
	tw := tabwriter.NewWriter(e.stdout, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "ID\tPLAYER\tRATING\tGAME\tVARIANT\tCLOCK\tMODE")
	for _, sk := range list {
		mode := "casual"
		if sk.Rated {
			mode = "rated"
		}
		clock := sk.Clock
		if clock == "" {
			clock = "no clock"
		}
		mine := ""
		if sk.Mine {
			mine = "  (yours)"
		}
		rating := strconv.Itoa(sk.Rating)
		if sk.Provisional {
			rating += "?"
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\t%s%s\n", sk.ID, sk.Name, rating, sk.Game, sk.Variant, clock, mode, mine)
	}
	tw.Flush()
	fmt.Fprintf(e.stdout, "deuce seek %s --accept ID takes one.\n", server)
	return nil
}

// signedIn returns a client of server carrying its kept session, or says to log in.
func signedIn(server *url.URL, name string) (*client.Client, error) {
	s, err := loadSession(server)
	if err != nil {
		return nil, err
	}
	if s == "" {
		return nil, fmt.Errorf("%s needs an account: deuce login %s first", name, server)
	}
	c := client.New(server)
	c.UseSession(s)
	return c, nil
}
