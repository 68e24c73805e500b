package tui

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/coder/websocket/wsjson"

	"deuce/client"
	"deuce/engine"
	"deuce/games"
	"deuce/protocol"
	"deuce/store/sqlite"
	"deuce/web"
)

// startServer starts a real deuce server on a loopback port over SQLite in a temp dir.
func startServer(t *testing.T) *url.URL {
	t.Helper()
	ctx := context.Background()
	db, err := sqlite.Open(ctx, t.TempDir()+"/deuce.db")
	if err != nil {
		t.Fatal(err)
	}
	m := &web.Main{Addr: "127.0.0.1:0", Store: db, MessageRate: 100_000, MessageBurst: 1000}
	if err := m.Open(ctx); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		if err := m.Close(ctx); err != nil {
			t.Errorf("close server: %v", err)
		}
		db.Close()
	})
	u, err := url.Parse(m.URL())
	if err != nil {
		t.Fatal(err)
	}
	return u
}

// browser plays a seat the way the browser does: raw JSON over the websocket, the first legal
// move whenever the seat may act. It returns the last update it saw.
func browser(ctx context.Context, base *url.URL, table, token string) (map[string]any, error) {
	c, _, err := websocket.Dial(ctx, "ws://"+base.Host+"/ws/tables/"+table, nil)
	if err != nil {
		return nil, err
	}
	defer c.CloseNow()
	c.SetReadLimit(1 << 22)
	if err := wsjson.Write(ctx, c, map[string]any{"type": "hello", "token": token}); err != nil {
		return nil, err
	}
	var last map[string]any
	sent := -1.0 // "played" when the last move was sent: a move waits until that one counts
	for {
		var msg map[string]any
		if err := wsjson.Read(ctx, c, &msg); err != nil {
			if websocket.CloseStatus(err) == websocket.StatusNormalClosure {
				return last, nil
			}
			return last, err
		}
		switch msg["type"] {
		case "error":
			return last, fmt.Errorf("the server refused the browser's move: %v", msg["error"])
		case "update":
			last = msg
			legal, _ := msg["legal"].([]any)
			played, _ := msg["played"].(float64)
			if len(legal) == 0 || played == sent {
				continue
			}
			sent = played
			first := legal[0].(map[string]any)
			move := map[string]any{"type": "move", "seq": msg["seq"], "action": first["action"]}
			if err := wsjson.Write(ctx, c, move); err != nil {
				return last, err
			}
		}
	}
}

// A terminal player (client + the interface, driven by its keys) plays a browser player through
// a real server, to the end; the server's record then replays exactly to what both saw.
func TestJoinPlaysABrowserPlayer(t *testing.T) {
	for _, tt := range []struct {
		game    string
		options engine.Options
		variant string
	}{
		{"pencil", engine.Options{"points": "12"}, ""}, // simultaneous secret bids
		{"centercourt", nil, "tiebreak"},
	} {
		t.Run(tt.game, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
			defer cancel()
			base := startServer(t)
			c := client.New(base)
			c.Strict = true // the protocol package must know every field the server sends
			created, err := c.Create(ctx, protocol.CreateTable{Game: tt.game, Variant: tt.variant, Options: tt.options,
				Seats: []protocol.SeatRequest{{Name: "Terminal"}, {Name: "Browser"}}})
			if err != nil {
				t.Fatal(err)
			}
			link, err := client.ParseLink(base.String() + created.Seats[0].Invite)
			if err != nil || link.Seat != 1 || link.Token != created.Seats[0].Token {
				t.Fatalf("the invite %q parses as %+v, %v", created.Seats[0].Invite, link, err)
			}

			type result struct {
				last map[string]any
				err  error
			}
			done := make(chan result, 1)
			go func() {
				last, err := browser(ctx, base, created.ID, created.Seats[1].Token)
				done <- result{last, err}
			}()

			conn, err := c.Join(ctx, link.Table, link.Token)
			if err != nil {
				t.Fatal(err)
			}
			defer conn.Close()
			if conn.Welcome.Seat != 0 || conn.Welcome.Table.Seats[1].Name != "Browser" {
				t.Errorf("welcome: %+v", conn.Welcome)
			}
			table, err := NewOnline(conn, base.Host)
			if err != nil {
				t.Fatal(err)
			}
			h := newHarness(t, newModelT(t, table))
			moves := 0
			for {
				h.settle(func(m *Model) bool { return myTurn(m) || over(m) })
				if h.m.ended {
					break
				}
				checkSize(t, h.m.View(), 80, 24)
				// Alternate the ways of choosing: the last move by the arrows, the first by its number.
				if moves%2 == 0 {
					h.press("1", "enter")
				} else {
					for range len(h.m.frame.Legal) - 1 {
						h.press("down")
					}
					h.press("enter")
				}
				moves++
				h.settle(func(m *Model) bool { return m.ended || !m.busy })
				if h.m.statusErr && !h.m.ended {
					t.Fatalf("a move was refused: %s", h.m.status)
				}
			}
			if err := h.m.Err(); err != nil {
				t.Fatalf("the table stopped: %v", err)
			}
			br := <-done
			if br.err != nil {
				t.Fatalf("browser: %v", br.err)
			}
			final := h.m.frame
			if !final.Result.Over || moves == 0 {
				t.Fatalf("the match did not end (%d moves): %+v", moves, final.Result)
			}

			rec, err := c.Record(ctx, created.ID)
			if err != nil {
				t.Fatal(err)
			}
			g, _ := games.Lookup(tt.game)
			st, err := engine.Replay(g, rec, nil)
			if err != nil {
				t.Fatalf("the record does not replay: %v", err)
			}
			if got, want := fmt.Sprint(st.Result()), fmt.Sprint(final.Result); got != want {
				t.Errorf("the record replays to %s, the terminal saw %s", got, want)
			}
			for seat, view := range map[engine.Seat]any{0: final.View, 1: br.last["view"]} {
				got, want := canonical(t, st.Observe(seat)), canonical(t, view)
				if string(got) != string(want) {
					t.Errorf("seat %d: the replayed view differs from the last one seen:\n%s\n%s", seat+1, got, want)
				}
			}
			played := 0
			for _, mv := range rec.Moves {
				if mv.Seat == 0 {
					played++
				}
			}
			if played != moves {
				t.Errorf("the record holds %d moves of the terminal player, it played %d", played, moves)
			}
			match, err := ReplayRecord(rec)
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(match.Names[1], "Browser") {
				t.Errorf("replay names: %q", match.Names)
			}
		})
	}
}

// A spectator sees the match without any hand and cannot move; a wrong token is refused.
func TestWatchAndBadToken(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	base := startServer(t)
	c := client.New(base)
	c.Strict = true
	created, err := c.Create(ctx, protocol.CreateTable{Game: "centercourt", Variant: "tiebreak",
		Seats: []protocol.SeatRequest{{Bot: "random"}, {Bot: "random"}}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.Join(ctx, created.ID, "not-a-token"); err == nil {
		t.Error("a wrong token was welcomed")
	} else {
		var se *protocol.ServerError
		if !errors.As(err, &se) || se.Code != protocol.CodeBadToken {
			t.Errorf("a wrong token: %v, want %s", err, protocol.CodeBadToken)
		}
	}
	conn, err := c.Join(ctx, created.ID, "")
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	table, err := NewOnline(conn, base.Host)
	if err != nil {
		t.Fatal(err)
	}
	h := newHarness(t, newModelT(t, table))
	h.settle(func(m *Model) bool { return m.have })
	if h.m.frame.Seat != engine.Spectator || len(h.m.frame.Legal) != 0 {
		t.Errorf("a spectator's frame: seat %d, %d moves", h.m.frame.Seat, len(h.m.frame.Legal))
	}
	h.press("enter")
	if !strings.Contains(h.m.View(), "You are watching") && !h.m.ended {
		t.Errorf("a spectator pressing enter:\n%s", h.m.View())
	}
	h.settle(over)
	if err := h.m.Err(); err != nil {
		t.Fatal(err)
	}
	if v := h.m.View(); !strings.Contains(v, "wins") {
		t.Errorf("the end of a watched match:\n%s", v)
	}
	_, err = conn.Next(ctx)
	if !errors.Is(err, io.EOF) && err == nil {
		t.Errorf("after the end: %v", err)
	}
}

func TestParseLink(t *testing.T) {
	for _, tt := range []struct {
		in    string
		table string
		seat  int
		ok    bool
	}{
		{"http://127.0.0.1:8080/t/abc123#seat=2&token=XYZ", "abc123", 2, true},
		{"127.0.0.1:8080/t/abc123", "abc123", 0, true},
		{"https://deuce.example/r/abc123", "abc123", 0, true},
		{"http://h/t/abc123#seat=2", "", 0, false},
		{"http://h/t/abc123#token=x", "", 0, false},
		{"http://h/t/../../etc", "", 0, false},
		{"http://h/api/tables", "", 0, false},
		{"ftp://h/t/abc", "", 0, false},
		{"", "", 0, false},
		{"http://h/t/abc#seat=0&token=x", "", 0, false},
	} {
		l, err := client.ParseLink(tt.in)
		if (err == nil) != tt.ok || err == nil && (l.Table != tt.table || l.Seat != tt.seat) {
			t.Errorf("ParseLink(%q) = %+v, %v", tt.in, l, err)
		}
	}
}

// canonical is v's JSON with object keys sorted, so a struct and a map of it compare.
func canonical(t *testing.T, v any) string {
	t.Helper()
	data, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	var x any
	if err := json.Unmarshal(data, &x); err != nil {
		t.Fatal(err)
	}
	data, _ = json.Marshal(x)
	return string(data)
}
