package tui

import (
	"context"
	"errors"
	"fmt"

	"deuce/client"
	"deuce/engine"
	"deuce/protocol"
)

// Online is a table on a server, played or watched through one websocket connection.
type Online struct {
	info  Info
	conn  *client.Conn
	board Board
}

// NewOnline shows the table of conn, whose welcome names the game and the seat.
func NewOnline(conn *client.Conn, where string) (*Online, error) {
	t := conn.Welcome.Table
	b, g, err := boardOf(t.Game)
	if err != nil {
		return nil, fmt.Errorf("this server plays %q, which this deuce does not know: %w", t.Game, err)
	}
	info := Info{Game: g, Options: t.Options, Where: where}
	for i, s := range t.Seats {
		name := s.Name
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

// Next waits for the server's next update.
func (o *Online) Next(ctx context.Context) (Frame, error) {
	u, err := o.conn.Next(ctx)
	if err != nil {
		var se *protocol.ServerError
		if errors.As(err, &se) {
			return Frame{}, refusal{sentence(se.Message)}
		}
		return Frame{}, err
	}
	return o.frame(u)
}

func (o *Online) frame(u protocol.Update) (Frame, error) {
	view, err := o.board.Decode(u.View)
	if err != nil {
		return Frame{}, fmt.Errorf("the server sent a view this deuce cannot read: %w", err)
	}
	f := Frame{Seq: u.Seq, Seat: u.Seat, ToMove: u.ToMove, Pending: u.Pending, View: view, Log: u.Log, Result: u.Result, Played: u.Played}
	for _, c := range u.Legal {
		f.Legal = append(f.Legal, Choice(c))
	}
	return f, nil
}

// Play sends a move; the server's refusal, if any, comes back through Next.
func (o *Online) Play(ctx context.Context, seq int, m Move) error {
	msg := protocol.ActionMove(seq, m.Action)
	if m.Text != "" {
		msg = protocol.TextMove(seq, m.Text)
	}
	return o.conn.Move(ctx, msg)
}
