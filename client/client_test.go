package client

import (
	"context"
	"errors"
	"net/url"
	"strings"
	"testing"
	"time"

	"deuce/protocol"
	"deuce/store/sqlite"
	"deuce/web"
)

// A link comes from a person's clipboard: nothing in it crashes the parser, and what parses
// names a table id the requests can carry as it is.
func FuzzParseLink(f *testing.F) {
	for _, s := range []string{"http://127.0.0.1:8080/t/abc#seat=1&token=T", "h/t/x", "https://a/r/b", "http://h/t/%2e%2e", "http://h/t/a#seat=-1&token=x"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		l, err := ParseLink(s)
		if err != nil {
			return
		}
		if !validID(l.Table) || strings.ContainsAny(l.Table, "/.%?#") || l.Server.Host == "" || (l.Token == "") != (l.Seat == 0) {
			t.Errorf("ParseLink(%q) = %+v", s, l)
		}
		again, err := ParseLink(l.String())
		if err != nil || again.String() != l.String() {
			t.Errorf("ParseLink(%q).String() = %q reparses as %+v, %v", s, l.String(), again, err)
		}
	})
}

// Pings keep a connection open and are never answered: after a burst of them, the next message
// the seat gets is the answer to its own move.
func TestKeepAlive(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	db, err := sqlite.Open(ctx, t.TempDir()+"/deuce.db")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	srv := &web.Main{Addr: "127.0.0.1:0", Store: db, MessageRate: 100_000, MessageBurst: 1000}
	if err := srv.Open(ctx); err != nil {
		t.Fatal(err)
	}
	defer srv.Close(context.Background())
	base, _ := url.Parse(srv.URL())
	c := New(base)
	c.Strict = true
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
	if err := conn.KeepAlive(kctx, time.Millisecond); !errors.Is(err, context.DeadlineExceeded) {
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
