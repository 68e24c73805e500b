package client_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"deuce/client/clienttest"
	"deuce/protocol"
)

// Pings keep a connection open and are never answered: after a burst of them, the next message
// the seat gets is the answer to its own move.
func TestKeepAlive(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	c := clienttest.Start(t).Client
	created, err := c.Create(ctx, protocol.CreateTable{Game: "pencil", Seats: []protocol.SeatRequest{{Name: "Ann"}, {Name: "Bob"}}})
	if err != nil {
		t.Fatal(err)
	}
	conn, err := c.Join(ctx, created.ID, created.Seats[0].Token)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	first, err := conn.Next(ctx)
	if err != nil {
		t.Fatal(err)
	}
	kctx, stop := context.WithTimeout(ctx, 50*time.Millisecond)
	defer stop()
	// About ten pings: within the server's burst of messages, so none is refused for its rate.
	if err := conn.KeepAlive(kctx, 5*time.Millisecond); !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("KeepAlive ended with %v", err)
	}
	if err := conn.Move(ctx, protocol.TextMove(first.Seq, "bid 999")); err != nil {
		t.Fatal(err)
	}
	for {
		_, err := conn.Next(ctx)
		var se *protocol.ServerError
		if errors.As(err, &se) {
			if se.Code != protocol.CodeIllegal {
				t.Errorf("the move's answer: %v (%s)", se, se.Code)
			}
			return
		}
		if err != nil {
			t.Fatalf("the connection after the pings: %v", err)
		}
	}
}
