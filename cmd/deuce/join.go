package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"deuce/client"
	"deuce/engine"
	"deuce/games"
	"deuce/protocol"
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

A seat its table's creator left unnamed ("player 2") takes a name with --name,
as the browser's "Name my seat" does: once, and not a bot's, an account's or
another seat's name.

At the line prompt (--plain, or when input or output is not a terminal) type a
move's number or the move when the list of your moves asks for one; commands are
taken at any time: resign and cancel (each twice) end the match early, claim and
bot answer an opponent away too long, say writes in the chat; ? lists them all.
In the full-screen interface the chat shows in the log and t writes a line.

Examples:
  deuce join 'http://127.0.0.1:8080/t/k3f9x2m1qa#seat=2&token=...'
  deuce join --rematches 3 'http://127.0.0.1:8080/t/k3f9x2m1qa#seat=2&token=...'
  deuce join --plain 'http://127.0.0.1:8080/t/k3f9x2m1qa#seat=2&token=...'
  deuce join --name Bea 'http://127.0.0.1:8080/t/k3f9x2m1qa#seat=2&token=...'`

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
	if err := checkRecordFlags(fl.record, fl.noRecord); err != nil {
		return err
	}
	if len(pos) != 1 {
		if name == "join" {
			return usagef("join takes one link: a seat link, http://HOST/t/ID#seat=N&token=T (or the table's address, http://HOST/t/ID, once deuce login has signed you in)")
		}
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
		// Advice to watch a table is only good for a table that is there.
		if _, err := c.Table(ctx, link.Table); err != nil {
			return missingTable(name, link.Table, c, err)
		}
		return usagef("%s is a table's address, not a seat link: deuce watch it, join with the seat link (…#seat=N&token=T), or deuce login %s to join as your account", pos[0], link.Server)
	}
	if fl.rematches < 0 || fl.rematches > maxRematches {
		return usagef("--rematches %d: want 0 to %d", fl.rematches, maxRematches)
	}
	if fl.name = strings.TrimSpace(fl.name); fl.name != "" {
		if session != "" {
			// Signed in, the seat is the account's and takes its name: refused before the
			// seat is joined, which would give it that name for good.
			return usagef("--name %q: you are signed in to %s, and a seat you join takes your account's name; deuce logout %s to play as a guest under another name", fl.name, link.Server, link.Server)
		}
		if err := nameSeat(ctx, c, link.Table, token, fl.name); err != nil {
			return err
		}
	}
	return playOnline(ctx, e, c, link.Table, token, name, *fl)
}

// nameTimeout bounds the wait for the server's answer to a name.
const nameTimeout = 10 * time.Second

// nameSeat gives the seat token plays at table the name name, through a connection of its own
// that it closes: the connection that then plays is welcomed under the name. A seat named so
// already (a rematch of a named seat) is left as it is; a refusal is an error that says why.
func nameSeat(ctx context.Context, c *client.Client, table, token, name string) error {
	conn, err := c.Join(ctx, table, token)
	if err != nil {
		return missingTable("join", table, c, err)
	}
	defer conn.Close()
	seat := int(conn.Welcome.Seat)
	seats := conn.Welcome.Table.Seats
	if seat < 0 || seat >= len(seats) {
		return usagef("--name: the link plays no seat of table %s", table)
	}
	if seats[seat].Name == name {
		return nil
	}
	ctx, cancel := context.WithTimeout(ctx, nameTimeout)
	defer cancel()
	if err := conn.Name(ctx, name); err != nil {
		return fmt.Errorf("--name: %w", err)
	}
	for {
		_, err := conn.Next(ctx)
		var refused *protocol.ServerError
		switch {
		case errors.As(err, &refused) && refused.Code == protocol.CodeBadName:
			return usagef("--name %q: %s", name, refused.Message)
		case errors.As(err, &refused):
			// Nothing else is sent on this connection: the refusal answers the name (a match
			// over, a server error).
			return fmt.Errorf("--name %q: %s", name, refused.Message)
		case err != nil:
			return fmt.Errorf("--name: no answer from the server: %w", err)
		}
		if p := conn.Presence().Seats; seat < len(p) && p[seat].Name == name {
			return nil
		}
	}
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
	// in reads the line prompt's input, kept from one match to its rematch (lineInput).
	in *lineInput
	// name is the name join gives a seat nobody named (--name).
	name string
}

func addOnlineFlags(fs *flag.FlagSet) *onlineFlags {
	fl := &onlineFlags{}
	fs.BoolVar(&fl.plain, "plain", false, "print the match line by line instead of the full-screen interface")
	fs.StringVar(&fl.record, "record", "", "write the match record to this `file` when it ends (default: a new file in the data directory)")
	fs.BoolVar(&fl.noRecord, "no-record", false, "do not write a match record")
	if fs.Name() == "join" {
		fs.IntVar(&fl.rematches, "rematches", 0, "after each of the first `N` matches, offer (or accept) a rematch and play it")
		fs.StringVar(&fl.name, "name", "", "give the seat, if nobody named it, this `name` (as the browser's Name my seat)")
	}
	return fl
}

// missingTable says why the command could not open table at c's server: a table not there is
// named as such; other failures name the server.
func missingTable(name, table string, c *client.Client, err error) error {
	var refused *client.HTTPError
	var unreachable *client.Unreachable
	switch {
	case errors.As(err, &refused) && refused.Status == http.StatusNotFound:
		return fmt.Errorf("%s: there is no table %s on %s (the link may be mistyped, or from another server)", name, table, c.Server)
	case errors.As(err, &unreachable):
		return err // it names the server
	}
	return fmt.Errorf("%s %s: %w", name, c.Server, err)
}

// playOnline plays (or, for watch, watches) a table of c's server with token; an empty token
// joining takes the seat c's account holds.
func playOnline(ctx context.Context, e *env, c *client.Client, tableID, token, name string, fl onlineFlags) error {
	conn, err := c.Join(ctx, tableID, token)
	if err != nil {
		return missingTable(name, tableID, c, err)
	}
	// A signed-in account that holds no seat at the table is welcomed as a spectator: join
	// then watches, as deuce watch does, and says so.
	watching := conn.Welcome.Seat < 0
	if watching && name == "join" {
		fmt.Fprintln(e.stdout, "You hold no seat at this table: watching it (deuce watch does the same).")
	}
	// A table over before it was opened was recorded when it ended, wherever it was played: a
	// record of it is what deuce replay fetches, not a file for every look at it.
	endedBefore := conn.Welcome.Table.Status == "finished" || conn.Welcome.Table.Status == "abandoned"
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
			fl.in = newLineInput(e.stdin, isTerminal(e.stdin))
			defer fl.in.Close()
		}
		table.TypedCommands()
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
	if err != nil && ctx.Err() != nil {
		err = errQuit // interrupted (Ctrl-C): the terminal leaves the table as q does
	}
	if errors.Is(err, errQuit) {
		if name == "join" && !watching {
			fmt.Fprintln(e.stdout, "Left the table; it stays open on the server, and the seat link joins it again.")
		}
		return nil
	}
	if err != nil || !ended {
		return err
	}
	// A table ended without a result (called off, expired) has no record to keep and no rematch
	// to offer: the server refuses both. Its last update says so.
	if table.EndedWithoutResult() {
		return nil
	}
	if endedBefore {
		fmt.Fprintf(e.stdout, "This table ended before you opened it: deuce replay %s/t/%s steps through it.\n", c.Server, tableID)
		return nil
	}
	showRatingChange(ctx, e, c, tableID)
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
	if name != "join" || fl.rematches == 0 || fl.in != nil && fl.in.ended {
		return nil // no rematch for input that has ended: nobody would play it
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

// showRatingChange prints, after a rated table the client's account played, its rating in the
// game and the change, as the browser's end screen does; nothing where the table is not rated,
// nobody is signed in, or the server does not answer. The rating is saved with the result, so
// it is asked a few times.
func showRatingChange(ctx context.Context, e *env, c *client.Client, tableID string) {
	table, err := c.Table(ctx, tableID)
	if err != nil || !table.Rated && !table.Void {
		return // a void table's loser was rated: its change is printed
	}
	me, err := c.Account(ctx)
	if err != nil || me.Name == "" {
		return
	}
	for try := range 5 {
		rc, found, err := c.RatingAfter(ctx, me.Name, table.Game, tableID)
		switch {
		case err != nil:
			return
		case found:
			mark, note := "", ""
			if rc.Provisional {
				mark, note = "?", "; provisional: it moves fast until you have played a few rated matches"
			}
			fmt.Fprintf(e.stdout, "Your rating in %s: %.0f%s (%+.0f)%s\n", table.Title, rc.Rating, mark, rc.Change, note)
			return
		}
		if try < 4 {
			select {
			case <-time.After(300 * time.Millisecond):
			case <-ctx.Done():
				return
			}
		}
	}
}

// lineInput is a line prompt's input, read on a goroutine of its own so that a seat waiting for
// the others can still type a command (resign, cancel, claim, bot, quit) and have it acted on at
// once. It is kept from one match to its rematch, so that nothing read ahead is lost.
//
// A terminal and a pipe differ in one thing: a move. A person types a move in answer to the list
// on the screen, so a move typed while no list asks for one is refused, and one that a newer
// list has overtaken is refused too, rather than played against a position the person never saw
// (each line is stamped with the list shown when it was read); only when the newer list offers
// the same moves, as when another player's secret bid came in, does the move go, as an answer to
// the list it was typed against, for the server to judge (linePrompt.before). A script writes its moves ahead,
// so a piped move read early is held, and nothing after it is read, until a list asks for it:
// piped input plays in order.
type lineInput struct {
	lines    <-chan typedLine // closed at the end of the input
	stop     chan struct{}
	terminal bool
	// shown is the Seq of the move list on the screen, -1 when none asks for a move: the
	// stamp of each line read.
	shown atomic.Int64
	held  *typedLine // a piped move read before a list asked for one
	ended bool       // the input has ended
}

// A typedLine is one line of input and the Seq of the move list shown when it was read.
type typedLine struct {
	text string
	seq  int64
}

func newLineInput(r io.Reader, terminal bool) *lineInput {
	lines, stop := make(chan typedLine), make(chan struct{})
	in := &lineInput{lines: lines, stop: stop, terminal: terminal}
	in.shown.Store(-1)
	go func() {
		defer close(lines)
		sc := bufio.NewScanner(r)
		for sc.Scan() {
			select {
			case lines <- typedLine{sc.Text(), in.shown.Load()}:
			case <-stop:
				return
			}
		}
	}()
	return in
}

// Close stops the reading (a read already waiting on a terminal ends with the process).
func (in *lineInput) Close() { close(in.stop) }

// A tableUpdate is what one call of tui.Table.Next returned.
type tableUpdate struct {
	f   tui.Frame
	err error
}

// linePrompt is the state of playTable between a table's updates and the lines typed.
type linePrompt struct {
	ctx   context.Context
	w     io.Writer
	t     tui.Table
	in    *lineInput
	info  tui.Info
	shown int // the log lines printed
	last  tui.Frame
	// asking reports that the move list of last is printed and a move is awaited.
	asking bool
	waited int // the Seq of the last frame that printed that the seat waits
	sent   int // the frame's Played when a move was last sent: until it grows, the move is pending
	notice string
	// started reports that the table's first update came: lines wait for it, so that a command
	// typed at once is read against what the seat may do.
	started bool
	// confirm is the command typed once that needs typing again ("resign", "cancel").
	confirm string
	// ending reports an end (resign, cancel, claim, bot) sent and not answered yet; endNotice
	// is the notice when it was sent. A refusal answers it, or the match ending, or the notice
	// changing (a bot taking an absent player's seat). Until then no line is read, and the end
	// of the input does not leave the table.
	ending    bool
	endNotice string
	// typed is the move last sent as typed, so that a refusal of it can quote it.
	typed string
	// move and moveSeq are the move last sent and the Seq of the frame shown when it was sent,
	// answered the Seq it was sent as answering: moveSeq, or an older one that asked the same
	// (see before). resend fires when a move refused for coming too fast is to be sent again
	// (rateRetry), and no line is read meanwhile: a piped line is a move in its own right, not
	// a retry.
	move     tui.Move
	moveSeq  int
	answered int
	resend   <-chan time.Time
	// autoSeq is the Seq of the frame whose only move was played for the seat (-1 none): it is
	// played once, and a refusal of it lists the moves its frame did not list.
	autoSeq int
	// overShown reports the match's end printed: it is printed once.
	overShown bool
	// reconnecting reports the table's connection broken and being opened again
	// (tui.ErrReconnecting): no line is read until the table's next frame, so that piped moves
	// are not spent on a connection that cannot take them.
	reconnecting bool
	// asked and before are the last two frames that asked for a move, at a terminal. A line
	// typed against the one before, when both list the same moves and the seat has not moved
	// between, goes to the table as an answer to it: another player's secret choice (a bid)
	// moves Seq on while the seat's own choice stands, and the server, which knows whether the
	// seat's view changed since, takes the move or refuses it as stale.
	asked, before question
}

// A question is what a frame asked the seat: its Seq, the seat's moves made before it, and
// its list of moves.
type question struct {
	seq, played int
	legal       []tui.Choice
}

// answers reports whether a line typed against q may be sent as an answer to q while f is
// shown: the same moves to choose from, and none of the seat's own made since.
func (q question) answers(seq int64, f tui.Frame) bool {
	return q.legal != nil && int64(q.seq) == seq && q.played == f.Played && slices.Equal(q.legal, f.Legal)
}

// rateRetry is how long the line prompt waits before sending again a move the server refused
// as one message too many (its limit: 10 a second, web.Config.MessageRate).
const rateRetry = time.Second

// playTable plays or watches a table at a line prompt, and reports whether the match ended.
func playTable(ctx context.Context, e *env, t tui.Table, in *lineInput) (bool, error) {
	p := &linePrompt{ctx: ctx, w: e.stdout, t: t, in: in, info: t.Info(), waited: -1, sent: -1, autoSeq: -1}
	// The options as the full screen's title says them: the variant's name and what differs
	// from it, without those the others make moot (Worldwide's sets in a tiebreak).
	title := p.info.Game.Title
	if o := games.BriefOptions(p.info.Game, p.info.Options, len(p.info.Names)); o != "" {
		title += ", " + o
	}
	fmt.Fprintf(p.w, "%s. %s\n", title, strings.Join(p.info.Names, " vs "))
	defer in.shown.Store(-1)
	fctx, stop := context.WithCancel(ctx)
	defer stop()
	updates := make(chan tableUpdate)
	go func() {
		for {
			f, err := t.Next(fctx)
			select {
			case updates <- tableUpdate{f, err}:
			case <-fctx.Done():
				return
			}
			var r tui.Refusal
			if err != nil && !errors.As(err, &r) {
				return
			}
		}
	}()
	for {
		if p.asking && in.held != nil {
			line := *in.held
			in.held = nil
			if err := p.line(line); err != nil {
				return false, err
			}
			continue
		}
		if p.asking && in.ended && !p.ending {
			return false, errQuit
		}
		if in.ended && !p.ending && p.sent < 0 && p.last.Seat >= 0 && p.last.Open && !p.last.Result.Over {
			// Nothing more will be typed, and the table waits for a player who may never
			// come: there is no end to wait for.
			return false, errQuit
		}
		select {
		case u := <-updates:
			var r tui.Refusal
			switch {
			case errors.As(u.err, &r) && p.rateLimited(r):
				// Too fast, not wrong: the same move goes again in a moment.
				if p.resend == nil {
					fmt.Fprintf(p.w, "Too many messages at once: sending %q again in a moment.\n", p.moveText())
				}
				p.resend = time.After(rateRetry)
			case errors.As(u.err, &r):
				// A refusal does not say what it refuses: a move or an end. Either way the
				// table is as it was, and the seat is asked again, under the board and the
				// moves already printed.
				fmt.Fprintf(p.w, "%s (? for help)\n", p.refusalText(r))
				if errors.Is(u.err, tui.ErrReconnecting) {
					p.reconnecting = true
				}
				sent := p.sent >= 0
				p.sent, p.ending, p.typed = -1, false, ""
				switch {
				case p.asking:
					p.ask()
				case sent && p.started && len(p.last.Legal) > 0 && !p.last.Result.Over:
					p.asking = true
					if p.autoSeq == p.last.Seq {
						p.listMoves(p.last) // its frame printed the move played, not a list
					}
					p.ask()
				case p.started:
					p.frame(p.last)
				}
			case errors.Is(u.err, io.EOF):
				return true, nil
			case u.err != nil:
				return false, u.err
			default:
				p.reconnecting = false
				if u.f.Fresh {
					p.sent = -1 // a move sent before the connection broke may be lost
				}
				if p.ending && (u.f.Result.Over || u.f.Notice != p.endNotice) {
					p.ending = false
				}
				p.frame(u.f)
			}
		case <-p.resend:
			p.resend = nil
			if p.last.Seq != p.moveSeq || p.last.Result.Over || len(p.last.Legal) == 0 {
				// The table moved on meanwhile: its new question is asked as usual.
				p.sent, p.typed = -1, ""
				p.frame(p.last)
				continue
			}
			if err := p.t.Play(p.ctx, p.answered, p.move); err != nil {
				fmt.Fprintf(p.w, "%s (? for help)\n", p.sendFailure(err))
				p.sent, p.typed = -1, ""
				p.asking = true
				p.ask()
			}
		case line, ok := <-p.input():
			if !ok {
				in.ended = true
				continue
			}
			if err := p.line(line); err != nil {
				return false, err
			}
		case <-ctx.Done():
			return false, ctx.Err()
		}
	}
}

// input is the channel the next line comes from, nil while none may be read: before the table's
// first update, while a move is held, while a move or an end sent waits for the table's answer
// (so that piped lines follow the moves before them), and once the input has ended.
func (p *linePrompt) input() <-chan typedLine {
	in := p.in
	if !p.started || p.reconnecting || in.held != nil || in.ended || p.ending || p.resend != nil || p.sent >= 0 && p.sent == p.last.Played {
		return nil
	}
	return in.lines
}

// frame prints what f adds to what was printed, and the move list when f asks the seat for a
// move.
func (p *linePrompt) frame(f tui.Frame) {
	if len(f.Names) == len(p.info.Names) {
		p.info.Names = f.Names // a seat may have taken its account's name
	}
	w := p.w
	// The same question again (a player came or went, a clock was read): the prompt stands,
	// asked again only under what the update added.
	same := p.asking && f.Seq == p.last.Seq && f.Played == p.last.Played && !f.Result.Over && len(f.Legal) == len(p.last.Legal)
	if p.shown > len(f.Log) {
		p.shown = 0
	}
	said := false
	for _, l := range tui.Compact(f.Log[p.shown:]) {
		if !said && same {
			fmt.Fprintln(w)
		}
		fmt.Fprintln(w, "  "+tui.WithNames(l, p.info.Names, f.Seat))
		said = true
	}
	for _, l := range f.Chat {
		if !said && same {
			fmt.Fprintln(w)
		}
		fmt.Fprintln(w, "  [chat] "+l)
		said = true
	}
	p.shown, p.last, p.asking, p.started = len(f.Log), f, false, true
	p.in.shown.Store(-1)
	if f.Notice != p.notice && f.Notice != "" {
		if !said && same {
			fmt.Fprintln(w)
		}
		fmt.Fprintln(w, f.Notice)
		said = true
	}
	p.notice = f.Notice
	if same {
		p.asking = true
		if said {
			p.ask()
		}
		return
	}
	switch {
	case tui.LessonOver(f):
		p.position(f)
		return
	case f.Result.Over && p.overShown:
		// The end is on the screen already: a later frame (a player leaving) adds only what
		// was printed above.
		return
	case f.Result.Over && f.Ended != "" && len(f.Result.Returns) == 0:
		// Ended without a result (called off, expired): say how, not a score.
		fmt.Fprintf(w, "\n%s\n%s\n", p.view(f), tui.EndText(f.Result, f.Ended, f.Seat, p.name))
		p.overShown = true
		return
	case f.Result.Over:
		fmt.Fprintf(w, "\n%s\nMatch over. %s\n", p.view(f), tui.EndText(f.Result, f.Ended, f.Seat, p.name))
		p.overShown = true
		return
	case len(f.Legal) == 0 || f.Played == p.sent:
		if p.waited != f.Seq && f.Seat >= 0 {
			if who := p.awaited(f); who != "" {
				fmt.Fprintf(w, "Waiting for %s…\n", who)
			}
		}
		p.waited = f.Seq
		return
	}
	if len(f.Legal) == 1 && f.Seat >= 0 && p.autoSeq != f.Seq && f.Lesson == "" {
		// As the browser does: a move with no choice is played for the player, who is told;
		// once (a refusal of it asks as any refusal does), and in place of a move waiting to
		// be sent again. Not a lesson's step, which waits to be read and played.
		p.position(f)
		fmt.Fprintf(w, "Your only move, played for you: %s\n", f.Legal[0].Text)
		p.autoSeq, p.resend = f.Seq, nil
		p.sent, p.typed = f.Played, f.Legal[0].Text
		p.move, p.moveSeq, p.answered = tui.Move{Action: f.Legal[0].Action}, f.Seq, f.Seq
		err := p.t.Play(p.ctx, f.Seq, p.move)
		if err == nil {
			return
		}
		fmt.Fprintf(w, "%s (? for help)\n", p.sendFailure(err))
		p.sent, p.typed = -1, ""
	}
	p.position(f)
	p.listMoves(f)
	p.ask()
}

// position prints the table as f shows it before its moves: the board, and a lesson's step.
func (p *linePrompt) position(f tui.Frame) {
	fmt.Fprintf(p.w, "\n%s\n", p.view(f))
	if f.Lesson != "" {
		fmt.Fprintln(p.w, f.Lesson)
	}
}

// listMoves prints f's moves, numbered.
func (p *linePrompt) listMoves(f tui.Frame) {
	fmt.Fprintln(p.w, "Your moves:")
	for _, l := range tui.MoveList(tui.Texts(f.Legal)) {
		fmt.Fprintln(p.w, l)
	}
}

// view is f's view of the table, the players named as the table names them, with the clocks
// of a timed table.
func (p *linePrompt) view(f tui.Frame) string {
	board := tui.BoardWithNames(fmt.Sprint(f.View), p.info.Names, f.Seat)
	if f.Clock != nil && !f.Result.Over {
		board += "\nClocks: " + tui.ClocksText(f.Clock, p.name, time.Now(), true)
	}
	return board
}

// awaited names whom f waits for, other than the seat itself: the seat to move, or those who
// owe a secret choice; "" when it waits for chance or for the seat alone (a move of its own on
// its way, or a timed table not yet started, which the notice explains).
func (p *linePrompt) awaited(f tui.Frame) string {
	var who []string
	for _, s := range f.Pending {
		if s != f.Seat {
			who = append(who, p.name(s))
		}
	}
	if len(f.Pending) == 0 && f.ToMove >= 0 && f.ToMove != f.Seat {
		who = append(who, p.name(f.ToMove))
	}
	return strings.Join(who, " and ")
}

// name is seat's name at the table.
func (p *linePrompt) name(seat engine.Seat) string {
	if int(seat) < 0 || int(seat) >= len(p.info.Names) {
		return fmt.Sprintf("player %d", seat+1)
	}
	return p.info.Names[seat]
}

// ask prompts for a move, the list of last's moves being on the screen.
func (p *linePrompt) ask() {
	p.asking = true
	if p.in.terminal && (p.asked.legal == nil || p.asked.seq != p.last.Seq) {
		p.before, p.asked = p.asked, question{p.last.Seq, p.last.Played, p.last.Legal}
	}
	p.in.shown.Store(int64(p.last.Seq))
	fmt.Fprint(p.w, "your move> ")
}

// lineHelp is the line prompt's help; %[1]s names the game.
const lineHelp = `Type the number of a move from the list, or the move itself as listed (enough of
its beginning to tell it from the others will do).
  moves    the list of moves again (m)
  view     the table again (v)
  hint     a suggestion, in the games and at the tables that give one
  resign   resign the match (typed twice)
  cancel   call off a table still waiting for a player (typed twice)
  claim    claim the win from a player away too long
  bot      let a bot play on for a player away too long
  say ...  write a line in the players' chat (say good luck); theirs show as [chat]
  quit     leave (the table stays open on the server; the seat link joins it again)
Commands are taken at any time; a move only when the list of your moves asks for one.
The rules: deuce rules %[1]s`

// lessonHelp is a lesson's help at the line prompt; %[1]s names the game.
const lessonHelp = `Each step says, above the list, which move to play and why; type its number from
the list, or the move itself. Another move is refused with the step's explanation.
  moves    the list of moves again (m)
  view     the table again (v)
  quit     leave the lesson (deuce learn %[1]s starts it again)
The rules: deuce rules %[1]s`

// line acts on one line typed: a command at once, a move when the seat is asked for one (a piped
// move read earlier is held until then; see lineInput).
func (p *linePrompt) line(line typedLine) error {
	w, f, in := p.w, p.last, p.in
	text := strings.TrimSpace(line.text)
	cmd := strings.ToLower(text)
	confirm := p.confirm
	p.confirm = ""
	seated := f.Seat >= 0 && !f.Result.Over
	if cmd == "say" || strings.HasPrefix(cmd, "say ") {
		said := strings.TrimSpace(text[len("say"):])
		sayer, ok := p.t.(tui.Sayer)
		switch {
		case !ok:
			fmt.Fprintln(w, "This table has no chat.")
		case said == "":
			fmt.Fprintln(w, "Type say and the line: say good luck")
		default:
			if err := sayer.Say(p.ctx, said); err != nil {
				fmt.Fprintf(w, "%s (? for help)\n", p.sendFailure(err))
			}
		}
		return nil
	}
	switch cmd {
	case "":
	case "?", "h", "help":
		_, lesson := p.t.(*tui.Lesson)
		switch {
		case lesson:
			fmt.Fprintf(w, lessonHelp+"\n", p.info.Game.Name)
		case f.Seat < 0:
			fmt.Fprintln(w, "You are watching this table; quit leaves.")
		default:
			fmt.Fprintf(w, lineHelp+"\n", p.info.Game.Name)
		}
	case "q", "quit", "exit":
		return errQuit
	case "m", "moves":
		if !p.asking {
			fmt.Fprintln(w, "It is not your move. (? for help)")
			break
		}
		p.listMoves(f)
	case "v", "view":
		if f.View != nil {
			fmt.Fprintln(w, p.view(f))
		}
	case "hint":
		h, ok := p.t.(tui.Hinter)
		text, given := "", false
		if ok && seated && len(f.Legal) > 0 {
			fmt.Fprintln(w, "Asking for a hint…") // the hard bot's search takes a second or two
			text, given = h.Hint(p.ctx, f.Seat)
		}
		if _, lesson := p.t.(*tui.Lesson); lesson {
			text, given = "A lesson has no hints: each step says which move to play and why.", true
		}
		if !given {
			text = "No hint here: hints are given at casual tables against bots only, when it is your move."
		}
		fmt.Fprintln(w, text)
	case "resign", "cancel", "call off", "claim", "bot":
		kind := cmd
		if kind == "call off" {
			kind = "cancel"
		}
		e, ok := p.t.(tui.Ender)
		if !ok || !seated {
			fmt.Fprintf(w, "There is nothing to %s here. (? for help)\n", cmd)
			break
		}
		if (kind == "resign" || kind == "cancel") && confirm != kind {
			p.confirm = kind
			what := map[string]string{"resign": "resign this match", "cancel": "call this table off"}[kind]
			fmt.Fprintf(w, "Type %s again to %s; anything else goes on.\n", kind, what)
			break
		}
		if err := e.End(p.ctx, kind); err != nil {
			// Refused at once (the connection is being opened again), or not sent: the table
			// is as it was, and the command can be typed again.
			fmt.Fprintf(w, "%s (? for help)\n", p.sendFailure(err))
			break
		}
		p.ending, p.endNotice = true, p.notice
		return nil
	default:
		if f.Seat < 0 {
			fmt.Fprintln(w, "You are watching this table; quit leaves.")
			break
		}
		if !p.asking && !in.terminal {
			in.held = &line
			return nil
		}
		if !p.asking {
			fmt.Fprintf(w, "%q: it is not your move; type a move when the list of your moves asks for one. (? for help)\n", text)
			break
		}
		// A line typed against an older list is refused, unless that list is the one before and
		// offered the same moves: then the table judges it (see linePrompt.before).
		seq := f.Seq
		if in.terminal && line.seq != int64(f.Seq) {
			if !p.before.answers(line.seq, f) {
				fmt.Fprintf(w, "%q came before the table moved on: choose again from the list above.\n", text)
				break
			}
			seq = p.before.seq
		}
		mv, ok := parseMove(w, text, f.Legal)
		if !ok {
			break
		}
		p.asking, p.sent, p.typed = false, f.Played, text
		p.move, p.moveSeq, p.answered = mv, f.Seq, seq
		in.shown.Store(-1)
		if err := p.t.Play(p.ctx, seq, mv); err != nil {
			fmt.Fprintf(w, "%s (? for help)\n", p.sendFailure(err))
			p.sent = -1
			p.frame(f)
		}
		return nil
	}
	if p.asking {
		p.ask()
	}
	return nil
}

// rateLimited reports that r refuses the move last sent as one message too many, and that the
// move may go again: it answers the frame still shown.
func (p *linePrompt) rateLimited(r tui.Refusal) bool {
	var se *protocol.ServerError
	return errors.As(r, &se) && se.Code == "rate_limited" && p.sent >= 0 && !p.ending && p.last.Seq == p.moveSeq
}

// moveText is the move last sent, as typed or as listed.
func (p *linePrompt) moveText() string {
	if p.typed != "" {
		return p.typed
	}
	if p.move.Text != "" {
		return p.move.Text
	}
	for _, c := range p.last.Legal {
		if c.Action == p.move.Action {
			return c.Text
		}
	}
	return ""
}

// refusalText says a refusal in the seat's words: a move the table found illegal is quoted as
// typed (its notation may have been read as another move's), and the reason names the players
// as the board does ("you are to serve", not "player 1 is to serve").
func (p *linePrompt) refusalText(r tui.Refusal) string {
	var se *protocol.ServerError
	if errors.As(r, &se) && se.Code == protocol.CodeStale && p.typed != "" {
		// Typed against a list a newer one replaced (see linePrompt.before), and the seat's view
		// had changed meanwhile.
		return fmt.Sprintf("%q came before the table moved on: choose again from the list above.", p.typed)
	}
	if errors.As(r, &se) && se.Code == "illegal" && p.typed != "" {
		// The server words it as engine.IllegalError does: "illegal action TEXT: REASON", the
		// text being the move it read, which may be another than the one typed.
		if rest, ok := strings.CutPrefix(se.Message, "illegal action "); ok {
			if _, reason, ok := strings.Cut(rest, ": "); ok {
				return tui.WithNames(refusedAsTyped(p.typed, reason, tui.Texts(p.last.Legal)), p.info.Names, p.last.Seat)
			}
		}
	}
	return r.Error()
}

// sentenceOf ends s with a full stop.
func sentenceOf(s string) string {
	if strings.HasSuffix(s, ".") {
		return s
	}
	return s + "."
}

// sendFailure says why a move or an end was not sent: the table's refusal, or the connection's
// failure, which the table recovers from by itself (a broken connection is opened again).
func (p *linePrompt) sendFailure(err error) string {
	if errors.Is(err, tui.ErrReconnecting) {
		p.reconnecting = true // no line is read until the table shows again
	}
	var r tui.Refusal
	if errors.As(err, &r) {
		return r.Error()
	}
	return fmt.Sprintf("Not sent (%v): type it again", err)
}

// parseMove reads a move typed at the prompt: its number in legal, the beginning of one move's
// text ("conc" for "concede"), or its notation; it says why a number is refused, and which
// moves a beginning could be.
func parseMove(w io.Writer, line string, legal []tui.Choice) (tui.Move, bool) {
	if k, err := strconv.Atoi(line); err == nil {
		if k >= 1 && k <= len(legal) {
			return tui.Move{Action: legal[k-1].Action}, true
		}
		fmt.Fprintf(w, "There is no move %d: choose 1 to %d, or type a move. (? for help)\n", k, len(legal))
		return tui.Move{}, false
	}
	switch found := tui.Completions(line, legal); {
	case len(found) == 1:
		return tui.Move{Action: found[0].Action}, true
	case len(found) > 1:
		fmt.Fprintln(w, tui.Ambiguous(line, found)+". (? for help)")
		return tui.Move{}, false
	}
	return tui.Move{Text: line}, true
}
