package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"deuce/client"
	"deuce/engine"
	"deuce/tui"
)

const joinUsage = `LINK [flags]

Plays a seat of a table on a deuce server from the terminal: LINK is the seat
link the browser shows (http://HOST/t/ID#seat=1&token=...), so a terminal player
and a browser player play each other through the same server. The match record
is saved when the match ends (deuce replay FILE). With --rematches N, each of the
first N matches that ends is followed by a rematch: the same settings, seats moved
round; the other players accept it from their end screen (or with --rematches),
and nobody's clock runs until they do.

Examples:
  deuce join 'http://127.0.0.1:8080/t/k3f9x2m1qa#seat=2&token=...'
  deuce join --rematches 3 'http://127.0.0.1:8080/t/k3f9x2m1qa#seat=2&token=...'
  deuce join --plain 'http://127.0.0.1:8080/t/k3f9x2m1qa#seat=2&token=...'`

const watchUsage = `LINK [flags]

Watches a table on a deuce server: LINK is the table's address
(http://HOST/t/ID); a seat link's token is not used.

Example:
  deuce watch http://127.0.0.1:8080/t/k3f9x2m1qa`

// pingEvery is how often a terminal client pings its table, as the browser does.
const pingEvery = 25 * time.Second

func runJoin(ctx context.Context, args []string, e *env) error {
	return online(ctx, args, e, "join", joinUsage)
}

func runWatch(ctx context.Context, args []string, e *env) error {
	return online(ctx, args, e, "watch", watchUsage)
}

func online(ctx context.Context, args []string, e *env, name, usage string) error {
	fs := newFlags(e, name, usage)
	fl := addOnlineFlags(fs)
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return usagef("%s takes one link: the table's address, http://HOST/t/ID", name)
	}
	link, err := client.ParseLink(pos[0])
	if err != nil {
		return usagef("%v", err)
	}
	c := client.New(link.Server)
	session, err := loadSession(link.Server)
	if err != nil {
		return err
	}
	if session != "" {
		c.UseSession(session)
	}
	token := link.Token
	if name == "watch" {
		token = ""
	} else if token == "" && session == "" {
		return usagef("%s is a table's address, not a seat link: deuce watch it, join with the seat link (…#seat=N&token=T), or deuce login %s to join as your account", pos[0], link.Server)
	}
	if fl.rematches < 0 || fl.rematches > maxRematches {
		return usagef("--rematches %d: want 0 to %d", fl.rematches, maxRematches)
	}
	return playOnline(ctx, e, c, link.Table, token, name, *fl)
}

// maxRematches bounds --rematches: a session of matches, not a process left playing for ever.
const maxRematches = 100

// onlineFlags are the flags of every command that ends at a table.
type onlineFlags struct {
	plain    bool
	record   string
	noRecord bool
	// rematches is how many rematches join offers (or accepts), one after each match.
	rematches int
	// in reads the line prompt's input, kept from one match to its rematch: a scanner reads
	// ahead, and a new one would lose what the last one had read.
	in *bufio.Scanner
}

func addOnlineFlags(fs *flag.FlagSet) *onlineFlags {
	fl := &onlineFlags{}
	fs.BoolVar(&fl.plain, "plain", false, "print the match line by line instead of the full-screen interface")
	fs.StringVar(&fl.record, "record", "", "write the match record to this `file` when it ends (default: a new file in the data directory)")
	fs.BoolVar(&fl.noRecord, "no-record", false, "do not write a match record")
	if fs.Name() == "join" {
		fs.IntVar(&fl.rematches, "rematches", 0, "after each of the first `N` matches, offer (or accept) a rematch and play it")
	}
	return fl
}

// playOnline plays (or, for watch, watches) a table of c's server with token; an empty token
// joining takes the seat c's account holds.
func playOnline(ctx context.Context, e *env, c *client.Client, tableID, token, name string, fl onlineFlags) error {
	conn, err := c.Join(ctx, tableID, token)
	if err != nil {
		return fmt.Errorf("%s %s: %w", name, c.Server, err)
	}
	table, err := tui.NewOnline(conn, c.Server.Host)
	if err != nil {
		conn.Close()
		return err
	}
	defer table.Close()
	// A server restarting or a network failing loses nothing: the seat is joined again.
	table.Reconnect(func(ctx context.Context) (*client.Conn, error) { return c.Join(ctx, tableID, token) })
	table.SetHints(func(ctx context.Context) (string, error) { return c.Hint(ctx, tableID, token) })
	kctx, stop := context.WithCancel(ctx)
	defer stop()
	go table.KeepAlive(kctx, pingEvery)
	var ended bool
	if fl.plain || !isTerminal(e.stdin) || !isTerminal(e.stdout) {
		if fl.in == nil {
			fl.in = bufio.NewScanner(e.stdin)
		}
		ended, err = playTable(ctx, e, table, fl.in)
	} else {
		var m *tui.Model
		if m, err = tui.New(ctx, table, tui.Options{Renderer: tui.RendererFor(e.stdout)}); err != nil {
			return err
		}
		if err = tui.Run(ctx, m, e.stdin, e.stdout); err == nil {
			err, ended = m.Err(), m.Ended()
		}
		if err == nil && !ended {
			err = errQuit
		}
	}
	if errors.Is(err, errQuit) {
		if name == "join" {
			fmt.Fprintln(e.stdout, "Left the table; it stays open on the server, and the seat link joins it again.")
		}
		return nil
	}
	if err != nil || !ended {
		return err
	}
	// A table ended without a result (called off, expired) has no record to keep and no rematch
	// to offer: the server refuses both.
	if t, terr := c.Table(ctx, tableID); terr == nil && t.Status == "abandoned" {
		return nil
	}
	if !fl.noRecord {
		rec, err := c.Record(ctx, tableID)
		if err != nil {
			return fmt.Errorf("fetch the match record: %w", err)
		}
		path, err := saveRecord(fl.record, rec)
		if err != nil {
			return err
		}
		fmt.Fprintf(e.stdout, "Match record: %s (deuce replay %s)\n", path, path)
	}
	if name != "join" || fl.rematches == 0 {
		return nil
	}
	next, err := c.Rematch(ctx, tableID, token)
	if err != nil {
		return fmt.Errorf("rematch: %w", err)
	}
	fmt.Fprintf(e.stdout, "Rematch: %s/t/%s (the others accept it from their end screen; no clock runs until they do)\n", c.Server, next)
	fl.rematches--
	// The record of the rematch goes to a file of its own.
	fl.record = ""
	return playOnline(ctx, e, c, next, token, name, fl)
}

// playTable plays or watches a table at a line prompt, and reports whether the match ended.
func playTable(ctx context.Context, e *env, t tui.Table, in *bufio.Scanner) (bool, error) {
	w := e.stdout
	info := t.Info()
	fmt.Fprintf(w, "%s, %s. %s\n", info.Game.Title, info.Options, strings.Join(info.Names, " v "))
	shown := 0
	var last tui.Frame
	waited := -1
	sent := -1 // the frame's Played when a move was last sent: until it grows, the move is pending
	for {
		f, err := t.Next(ctx)
		var r tui.Refusal
		switch {
		case errors.As(err, &r):
			fmt.Fprintf(w, "%s (? for help)\n", r.Error())
			f, sent = last, -1
		case errors.Is(err, io.EOF):
			return true, nil
		case err != nil:
			return false, err
		}
		if shown > len(f.Log) {
			shown = 0
		}
		for _, l := range tui.Compact(f.Log[shown:]) {
			fmt.Fprintln(w, "  "+l)
		}
		shown, last = len(f.Log), f
		switch {
		case f.Result.Over && f.Ended != "" && len(f.Result.Returns) == 0:
			// Ended without a result (called off, expired): say how, not a score.
			fmt.Fprintf(w, "\n%s\n%s\n", f.View, tui.EndText(f.Result, f.Ended, f.Seat, func(s engine.Seat) string { return info.Names[s] }))
			continue
		case f.Result.Over:
			fmt.Fprintf(w, "\n%s\nMatch over: %s\n", f.View, f.Result.Score)
			continue
		case len(f.Legal) == 0 || f.Played == sent:
			if waited != f.Seq && f.Seat >= 0 {
				fmt.Fprintln(w, "Waiting for the other players…")
			}
			waited = f.Seq
			continue
		}
		fmt.Fprintf(w, "\n%s\nYour moves:\n", f.View)
		texts := make([]string, len(f.Legal))
		for i, c := range f.Legal {
			texts[i] = c.Text
		}
		for _, l := range tui.MoveList(texts) {
			fmt.Fprintln(w, l)
		}
		mv, err := askMove(w, in, f.Legal, info.Game.Name)
		if err != nil {
			return false, err
		}
		sent = f.Played
		if err := t.Play(ctx, f.Seq, mv); err != nil {
			if !errors.As(err, &r) {
				return false, err
			}
			fmt.Fprintf(w, "%s (? for help)\n", r.Error())
			sent = -1
		}
	}
}

// askMove reads a move: its number in legal, or its notation.
func askMove(w io.Writer, in *bufio.Scanner, legal []tui.Choice, game string) (tui.Move, error) {
	for {
		fmt.Fprint(w, "your move> ")
		if !in.Scan() {
			return tui.Move{}, errQuit
		}
		line := strings.TrimSpace(in.Text())
		switch strings.ToLower(line) {
		case "":
			continue
		case "?", "h", "help":
			fmt.Fprintln(w, "Type the number of a move from the list, or the move itself as listed; quit leaves.\nThe rules: deuce rules "+game)
			continue
		case "q", "quit", "exit":
			return tui.Move{}, errQuit
		}
		if k, err := strconv.Atoi(line); err == nil {
			if k >= 1 && k <= len(legal) {
				return tui.Move{Action: legal[k-1].Action}, nil
			}
			fmt.Fprintf(w, "There is no move %d: choose 1 to %d, or type a move. (? for help)\n", k, len(legal))
			continue
		}
		return tui.Move{Text: line}, nil
	}
}
