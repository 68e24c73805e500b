package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"deuce/client"
	"deuce/tui"
)

const joinUsage = `LINK [flags]

Plays a seat of a table on a deuce server from the terminal: LINK is the seat
link the browser shows (http://HOST/t/ID#seat=1&token=...), so a terminal player
and a browser player play each other through the same server. The match record
is saved when the match ends (deuce replay FILE).

Examples:
  deuce join 'http://127.0.0.1:8080/t/k3f9x2m1qa#seat=2&token=...'
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
	plain := fs.Bool("plain", false, "print the match line by line instead of the full-screen interface")
	record := fs.String("record", "", "write the match record to this `file` when it ends (default: a new file in the data directory)")
	noRecord := fs.Bool("no-record", false, "do not write a match record")
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
	token := link.Token
	if name == "watch" {
		token = ""
	} else if token == "" {
		return usagef("%s is a table's address, not a seat link: deuce watch it, or join with the seat link (…#seat=N&token=T)", pos[0])
	}
	c := client.New(link.Server)
	conn, err := c.Join(ctx, link.Table, token)
	if err != nil {
		return fmt.Errorf("%s %s: %w", name, link.Server, err)
	}
	table, err := tui.NewOnline(conn, link.Server.Host)
	if err != nil {
		conn.Close()
		return err
	}
	defer table.Close()
	// A server restarting or a network failing loses nothing: the seat is joined again.
	table.Reconnect(func(ctx context.Context) (*client.Conn, error) { return c.Join(ctx, link.Table, token) })
	kctx, stop := context.WithCancel(ctx)
	defer stop()
	go table.KeepAlive(kctx, pingEvery)
	var ended bool
	if *plain || !isTerminal(e.stdin) || !isTerminal(e.stdout) {
		ended, err = playTable(ctx, e, table)
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
	if err != nil || !ended || *noRecord {
		return err
	}
	rec, err := c.Record(ctx, link.Table)
	if err != nil {
		return fmt.Errorf("fetch the match record: %w", err)
	}
	path, err := saveRecord(*record, rec)
	if err != nil {
		return err
	}
	fmt.Fprintf(e.stdout, "Match record: %s (deuce replay %s)\n", path, path)
	return nil
}

// playTable plays or watches a table at a line prompt, and reports whether the match ended.
func playTable(ctx context.Context, e *env, t tui.Table) (bool, error) {
	w := e.stdout
	in := bufio.NewScanner(e.stdin)
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
