package tui

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"sync"
	"time"
	"unicode"

	"deuce/client"
	"deuce/engine"
	"deuce/protocol"
)

// Online is a table on a server, played or watched through one websocket connection.
type Online struct {
	info  Info
	board Board
	// redial opens the connection again after it broke, nil for none; retry is the wait before
	// the first attempt, doubled before each of the next.
	redial func(ctx context.Context) (*client.Conn, error)
	retry  time.Duration
	// askHint asks the server for a hint (SetHints), nil where there is none to ask.
	askHint func(ctx context.Context) (string, error)
	// typed makes notices name the line prompt's commands rather than keys (TypedCommands).
	typed bool

	mu    sync.Mutex
	conn  *client.Conn
	lost  bool // the connection broke; Next reconnects
	fresh bool // the connection was opened again and has not had an update
	over  bool // the latest update ended the match
	// noResult reports that it ended without a result (called off, expired).
	noResult bool
	// chatAt is the time of the latest chat line shown, and chatSeen those shown from that
	// time: a connection opened again is sent the room's last lines, which are shown once.
	chatAt   time.Time
	chatSeen map[string]bool
}

// Reconnect makes the table open its connection again with dial when it breaks (a server
// restarting, a network failing): the server resumes the seat where it was.
func (o *Online) Reconnect(dial func(ctx context.Context) (*client.Conn, error)) {
	o.redial, o.retry = dial, 500*time.Millisecond
}

// reconnectTries is how many times a broken connection is opened again before giving up.
const reconnectTries = 6

// EndedWithoutResult reports that the table ended without a result (called off before every
// player came, expired): it has no record to keep and no rematch to offer.
func (o *Online) EndedWithoutResult() bool {
	o.mu.Lock()
	defer o.mu.Unlock()
	return o.noResult
}

func (o *Online) isOver() bool {
	o.mu.Lock()
	defer o.mu.Unlock()
	return o.over
}

func (o *Online) connection() *client.Conn {
	o.mu.Lock()
	defer o.mu.Unlock()
	return o.conn
}

// NewOnline shows the table of conn, whose welcome names the game and the seat.
func NewOnline(conn *client.Conn, where string) (*Online, error) {
	t := conn.Welcome.Table
	b, g, err := boardOf(t.Game)
	if err != nil {
		return nil, fmt.Errorf("this server plays %q, which this deuce does not know: %w", t.Game, err)
	}
	info := Info{Game: g, Options: t.Options, Where: clean(where)}
	for i, s := range t.Seats {
		name := clean(s.Name)
		switch {
		case engine.Seat(i) == conn.Welcome.Seat:
			name = "you"
		case s.Bot != "" && name == "":
			name = s.Bot + " bot"
		case name == "":
			name = fmt.Sprintf("player %d", i+1)
		}
		info.Names = append(info.Names, name)
	}
	return &Online{info: info, conn: conn, board: b}, nil
}

// Info describes the match.
func (o *Online) Info() Info { return o.info }

// Close closes the connection.
func (o *Online) Close() error { return o.connection().Close() }

// Next waits for the server's next update.
func (o *Online) Next(ctx context.Context) (Frame, error) {
	o.mu.Lock()
	lost := o.lost
	o.mu.Unlock()
	if lost {
		if err := o.reconnect(ctx); err != nil {
			return Frame{}, err
		}
	}
	u, err := o.connection().Next(ctx)
	if err != nil {
		var se *protocol.ServerError
		switch {
		case errors.As(err, &se):
			return Frame{}, refusal{reason: sentence(se.Message), cause: se}
		case errors.Is(err, io.EOF) && o.isOver(), ctx.Err() != nil, o.redial == nil:
			return Frame{}, err
		}
		// A connection closed before the match's end broke, however politely: a server
		// shutting down closes its tables' connections normally.
		o.mu.Lock()
		o.lost = true
		o.mu.Unlock()
		return Frame{}, refusal{reason: fmt.Sprintf("The connection broke (%v); reconnecting…", err), cause: ErrReconnecting}
	}
	return o.frame(u)
}

// KeepAlive pings the server every interval until ctx ends, over whichever connection is open:
// a failed ping is left to Next, which sees the connection break.
func (o *Online) KeepAlive(ctx context.Context, every time.Duration) {
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			o.connection().Ping(ctx)
		}
	}
}

// reconnect opens the connection again, waiting longer before each try.
func (o *Online) reconnect(ctx context.Context) error {
	wait := o.retry
	var err error
	for range reconnectTries {
		select {
		case <-time.After(wait):
		case <-ctx.Done():
			return ctx.Err()
		}
		wait *= 2
		var conn *client.Conn
		if conn, err = o.redial(ctx); err == nil {
			o.mu.Lock()
			old := o.conn
			o.conn, o.lost, o.fresh = conn, false, true
			o.mu.Unlock()
			old.Close()
			return nil
		}
	}
	return fmt.Errorf("the connection broke and could not be opened again: %w", err)
}

func (o *Online) frame(u protocol.Update) (Frame, error) {
	raw, err := cleanJSON(u.View)
	if err != nil {
		return Frame{}, fmt.Errorf("the server sent a view this deuce cannot read: %w", err)
	}
	view, err := o.board.Decode(raw)
	if err != nil {
		return Frame{}, fmt.Errorf("the server sent a view this deuce cannot read: %w", err)
	}
	o.mu.Lock()
	o.over = u.Result.Over
	o.noResult = u.Result.Over && len(u.Result.Returns) == 0
	fresh := o.fresh
	o.fresh = false
	o.mu.Unlock()
	// The seats' names as presence says them now: another seat may have taken its account's
	// name. The viewer's own stays "you"; a server that says no names changes none.
	if p := o.connection().Presence(); len(p.Seats) == len(o.info.Names) {
		names := slices.Clone(o.info.Names)
		for i, sp := range p.Seats {
			if n := clean(sp.Name); n != "" && engine.Seat(i) != u.Seat {
				names[i] = n
			}
		}
		o.info.Names = names
	}
	f := Frame{Seq: u.Seq, Seat: u.Seat, ToMove: u.ToMove, Pending: u.Pending, View: view, Result: u.Result, Played: u.Played,
		Ended: clean(u.Ended), Notice: o.notice(u.Seat, u.Clock != nil), Open: o.connection().Presence().Open, Chat: o.chat(u.Seat), Fresh: fresh, Names: slices.Clone(o.info.Names)}
	f.Result.Score = clean(f.Result.Score)
	for _, l := range u.Log {
		f.Log = append(f.Log, clean(l))
	}
	for _, c := range u.Legal {
		f.Legal = append(f.Legal, Choice{Action: c.Action, Text: clean(c.Text)})
	}
	if c := u.Clock; c != nil && len(c.Left) == len(o.info.Names) {
		// The time shown counts down from when the update arrived: the server's own clock
		// decides, this only displays it.
		f.Clock = &Clock{Control: c.Control, At: time.Now()}
		for _, ms := range c.Left {
			f.Clock.Left = append(f.Clock.Left, time.Duration(ms)*time.Millisecond)
		}
		for _, s := range c.Running {
			f.Clock.Running = append(f.Clock.Running, engine.Seat(s))
		}
	}
	return f, nil
}

// notice says who has left the table, and what seat may do about it; at a timed table still
// waiting for a player, that nobody moves before.
func (o *Online) notice(seat engine.Seat, timed bool) string {
	p := o.connection().Presence()
	var away []string
	abandoned := false
	for i, sp := range p.Seats {
		if engine.Seat(i) == seat || !sp.Person || sp.Connected || sp.Away == 0 {
			continue
		}
		away = append(away, fmt.Sprintf("%s left %s ago", o.info.Names[min(i, len(o.info.Names)-1)], time.Duration(sp.Away)*time.Second))
		abandoned = abandoned || sp.Abandoned
	}
	if len(away) == 0 {
		wait := "Waiting for a player to take a seat"
		if timed {
			wait += " (the clocks and the first move wait too)"
		}
		switch {
		case p.Open && seat >= 0 && o.typed:
			return wait + "; type cancel twice to call the table off."
		case p.Open && seat >= 0:
			return wait + "; press C twice to call the table off."
		}
		return ""
	}
	text := strings.Join(away, "; ") + "."
	switch {
	case abandoned && seat >= 0 && o.typed:
		text += " Type claim to claim the win, or bot to let a bot play on."
	case abandoned && seat >= 0:
		text += " Press c to claim the win, or b to let a bot play on."
	case seat >= 0:
		text += fmt.Sprintf(" After %s away you may claim the win.", time.Duration(p.AbandonAfter)*time.Second)
	}
	return text
}

// TypedCommands makes the table's notices name the commands of a line prompt (cancel, claim,
// bot) instead of the full-screen interface's keys.
func (o *Online) TypedCommands() { o.typed = true }

// SetHints makes the table ask the server for hints: the bidding game's optimal strategy or the
// hard bot's advice, at a casual table against bots only (POST /api/tables/{id}/hint, client.Client.Hint).
func (o *Online) SetHints(ask func(ctx context.Context) (string, error)) { o.askHint = ask }

// Hint asks the server for a hint (SetHints): the bidding game's optimal strategy or the hard
// bot's advice, at a casual table against bots only; where it gives none, its reason is the
// text. The client could solve the bidding game itself, but whether a table may have hints is
// the server's to say: a hint worked out here would help one person against another.
func (o *Online) Hint(ctx context.Context, seat engine.Seat) (string, bool) {
	if seat < 0 || o.askHint == nil {
		return "", false
	}
	text, err := o.askHint(ctx)
	var refused *client.HTTPError
	switch {
	case errors.As(err, &refused):
		return "No hint here: " + refused.Message + ".", true
	case err != nil:
		return "The hint could not be had: " + err.Error(), true
	}
	return text, true
}

// chat takes the chat lines that came since the last frame, each as "name: text", the seat's
// own as "you: text". Their text is cleaned as every text from the server is: a line cannot
// move the cursor or colour the terminal.
func (o *Online) chat(seat engine.Seat) []string {
	var out []string
	for _, l := range o.connection().TakeChat() {
		if !o.unseen(l) {
			continue // the room's history again, after a reconnection
		}
		name := clean(l.Name)
		if l.Seat != nil && *l.Seat == seat && seat >= 0 {
			name = "you"
		}
		out = append(out, name+": "+clean(l.Text))
	}
	return out
}

// unseen reports whether chat line l is not one shown already, and notes it shown. Lines come
// in time order, so only those of the latest time shown need remembering.
func (o *Online) unseen(l protocol.ChatLine) bool {
	key := l.Name + "\x00" + l.Text
	switch {
	case l.At.Before(o.chatAt), l.At.Equal(o.chatAt) && o.chatSeen[key]:
		return false
	case l.At.After(o.chatAt) || o.chatSeen == nil:
		o.chatAt, o.chatSeen = l.At, map[string]bool{}
	}
	o.chatSeen[key] = true
	return true
}

// Say writes a line in the chat of the seat's room.
func (o *Online) Say(ctx context.Context, text string) error {
	conn, err := o.live("try")
	if err != nil {
		return err
	}
	return conn.Say(ctx, text)
}

// ErrReconnecting is the cause of the refusals of a table whose connection broke and is being
// opened again: nothing sent meanwhile reaches it, until its next frame shows the table.
var ErrReconnecting = errors.New("the connection is being opened again")

// live returns the connection to send on, or, while it is being opened again, a refusal that
// says to verb ("play", "try") once the table shows.
func (o *Online) live(verb string) (*client.Conn, error) {
	o.mu.Lock()
	lost := o.lost
	o.mu.Unlock()
	if lost {
		return nil, refusal{reason: "The connection to the table is being opened again: " + verb + " once it shows the table.", cause: ErrReconnecting}
	}
	return o.connection(), nil
}

// End sends the seat's resign, claim, bot or cancel message; a refusal comes back through Next.
func (o *Online) End(ctx context.Context, kind string) error {
	conn, err := o.live("try")
	if err != nil {
		return err
	}
	return conn.End(ctx, kind)
}

// Play sends a move; the server's refusal, if any, comes back through Next.
func (o *Online) Play(ctx context.Context, seq int, m Move) error {
	conn, err := o.live("play")
	if err != nil {
		return err
	}
	msg := protocol.ActionMove(seq, m.Action)
	if m.Text != "" {
		msg = protocol.TextMove(seq, m.Text)
	}
	return conn.Move(ctx, msg)
}

// clean replaces the control characters of text from a server with "?": a server's words reach
// the terminal, and an escape sequence in them could rewrite the screen or the title.
func clean(text string) string {
	text = strings.ToValidUTF8(text, "?")
	if !strings.ContainsFunc(text, unicode.IsControl) {
		return text
	}
	return strings.Map(func(r rune) rune {
		if unicode.IsControl(r) {
			return '?'
		}
		return r
	}, text)
}

// cleanJSON cleans every string of a JSON value.
func cleanJSON(data []byte) ([]byte, error) {
	if !bytes.Contains(data, []byte(`\u`)) && !bytes.ContainsFunc(data, unicode.IsControl) {
		return data, nil // JSON escapes every control character of a string as \u00XX
	}
	var v any
	if err := json.Unmarshal(data, &v); err != nil {
		return nil, err
	}
	var walk func(v any) any
	walk = func(v any) any {
		switch x := v.(type) {
		case string:
			return clean(x)
		case []any:
			for i := range x {
				x[i] = walk(x[i])
			}
		case map[string]any:
			for k := range x {
				x[k] = walk(x[k])
			}
		}
		return v
	}
	return json.Marshal(walk(v))
}
