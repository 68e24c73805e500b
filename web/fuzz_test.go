package web

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/url"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"deuce/engine"
	"deuce/games"
	"deuce/store"
	"deuce/store/sqlite"
)

// The fuzz targets feed every decoder of client input arbitrary bytes: websocket messages,
// table creation and rematch bodies, query parameters and Origin headers here; account, seek,
// hint and claim bodies, chat and mute messages, and the paths and queries of every page and
// API, through the server's handler, in fuzz_http_test.go. Nothing may panic, every refusal
// must be one a person can read, and what is accepted must be valid.

func FuzzClientMessage(f *testing.F) {
	for _, seed := range []string{
		`{"type":"hello","token":"abc"}`, `{"type":"move","seq":3,"action":2}`, `{"type":"move","text":"bid 4"}`,
		`{"type":"resign"}`, `{"type":"claim"}`, `{"type":"bot"}`, `{"type":"cancel"}`, `{"type":"ping"}`, `{"type":"move","seq":-1,"action":-5}`,
		`{"type":"move","action":1e99}`, `{"type":"move","seq":9999999999999}`, `{"type":"move"} {}`, `[]`, `null`, `"x"`,
		`{"type":"move","extra":1}`, `{"type":"\u0000"}`, "\xff\xfe", `{"type":"move","action":1,"text":"x"}`,
	} {
		f.Add([]byte(seed))
	}
	s, lt := fuzzTable(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		msg, err := decodeClientMsg(data)
		if err == nil && !json.Valid(data) {
			t.Fatalf("accepted invalid JSON %q as %+v", data, msg)
		}
		// Played at a live table by seat 0 and by a spectator: an answer with a known code,
		// or nothing.
		for _, seat := range []engine.Seat{0, engine.Spectator} {
			e := s.handle(context.Background(), lt, seat, data)
			if e == nil {
				continue
			}
			switch e.Code {
			case codeBadMessage, codeIllegal, codeNotYourTurn, codeStale, codeOver, codeNotAbandoned, codeOpen, codeNotOpen:
			default:
				t.Fatalf("message %q from %v: code %q (%s)", data, seat, e.Code, e.Error)
			}
			if e.Error == "" {
				t.Fatalf("message %q: an error without a message", data)
			}
		}
	})
}

// fuzzTable starts a server over a temporary SQLite file with one pencil table between a
// person and a bot, so that fuzzed moves meet a real match.
func fuzzTable(f *testing.F) (*Server, *liveTable) {
	db, err := sqlite.Open(context.Background(), filepath.Join(f.TempDir(), "deuce.db"))
	if err != nil {
		f.Fatal(err)
	}
	s := NewServer(Config{Store: db})
	f.Cleanup(func() { s.Close(); db.Close() })
	t, _, err := s.newTable(createRequest{Game: "pencil", Options: engine.Options{"points": "1000"}, Seats: []seatRequest{{Name: "x"}, {Bot: "random"}}})
	if err != nil {
		f.Fatal(err)
	}
	if err := db.Create(context.Background(), t); err != nil {
		f.Fatal(err)
	}
	lt, err := s.start(t, "")
	if err != nil {
		f.Fatal(err)
	}
	return s, lt
}

func FuzzCreateTable(f *testing.F) {
	for _, seed := range []string{
		`{"game":"pencil","options":{"points":"300","fields":"5"},"seats":[{"bot":"equilibrium"},{"name":"x"}]}`,
		`{"game":"pencil","options":{"points":"1000"},"seats":[{"bot":"equilibrium"},{"name":"x"}]}`,
		`{"game":"centercourt","variant":"tiebreak","seats":[{"name":"Ann"},{"bot":"heuristic"}]}`,
		`{"game":"alakaslam","variant":"doubles","seats":[{},{},{},{}]}`,
		`{"game":"worldwide","options":{"solo":"yes"},"seats":[{}]}`,
		`{"game":"lmn","options":{"points":"99999999999999999999"},"seats":[]}`,
		`{"game":"pencil","seats":[{"name":"` + strings.Repeat("é", 41) + `"},{}]}`,
		`{"game":"pencil","seats":[{"name":"a\u0007"},{}]}`, `{}`, `{"game":1}`, `{"seats":null}`,
	} {
		f.Add([]byte(seed))
	}
	s := NewServer(Config{Store: nil})
	f.Cleanup(s.Close)
	f.Fuzz(func(t *testing.T, body []byte) {
		r := httptest.NewRequest("POST", "/api/tables", bytes.NewReader(body))
		var req createRequest
		if err := decodeBody(r, &req); err != nil {
			if err.Error() == "" {
				t.Fatal("empty error")
			}
			return
		}
		tab, tokens, err := s.newTable(req)
		if err != nil {
			if err.Error() == "" {
				t.Fatal("empty error")
			}
			return
		}
		g, err := games.Lookup(tab.Game)
		if err != nil {
			t.Fatalf("accepted unknown game %q", tab.Game)
		}
		st, _, err := g.Start(tab.Options)
		if err != nil {
			t.Fatalf("accepted options %v that do not start: %v", tab.Options, err)
		}
		if st.NumSeats() != len(tab.Seats) || len(tokens) != len(tab.Seats) {
			t.Fatalf("%d seats, %d tokens for a game of %d", len(tab.Seats), len(tokens), st.NumSeats())
		}
		for i, seat := range tab.Seats {
			if (seat.Bot == "") != (tokens[i] != "") || len([]rune(seat.Name)) > 40 || seat.Name == "" {
				t.Fatalf("seat %d: %+v, token %q", i, seat, tokens[i])
			}
			if seat.Bot != "" {
				if err := s.checkBotCost(g, tab.Options, seat.Bot); err != nil {
					t.Fatalf("accepted a bot over the limits: %v", err)
				}
			}
		}
	})
}

func FuzzRematchBody(f *testing.F) {
	for _, seed := range []string{`{"token":"abc"}`, `{"token":1}`, `{}`, `{"token":"a","x":1}`, ``, `{"token":"a"}{"token":"b"}`} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		var req struct {
			Token string `json:"token"`
		}
		r := httptest.NewRequest("POST", "/api/tables/x/rematch", bytes.NewReader(body))
		if err := decodeBody(r, &req); err == nil && !json.Valid(body) {
			t.Fatalf("accepted invalid JSON %q", body)
		}
	})
}

func FuzzQuery(f *testing.F) {
	for _, seed := range []string{"status=live", "status=ended", "status=open&status=live", "status=%zz", "limit=5", "", "status=" + strings.Repeat("x", 1000), "at=3", "at=-1", "at=99999999999999999999"} {
		f.Add(seed)
	}
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	f.Fuzz(func(t *testing.T, raw string) {
		q, err := url.ParseQuery(raw)
		if err != nil {
			return
		}
		filter, err := listFilter(q, now)
		if err != nil {
			if len(err.Error()) > 200 {
				t.Fatalf("error of %d bytes echoes the input: %.80s", len(err.Error()), err)
			}
			return
		}
		if filter.Status != "" && !filter.Status.Valid() || filter.Ended && filter.Status != "" {
			t.Fatalf("query %q gave filter %+v", raw, filter)
		}
		if filter.Status == store.Live && !filter.UpdatedSince.Equal(now) {
			t.Fatalf("live lists everything: %+v", filter)
		}
	})
}

func FuzzOrigin(f *testing.F) {
	for _, seed := range []string{"http://example.com", "null", "", "https://example.com:443", "file://", "http://EXAMPLE.com", "javascript:alert(1)", "http://[::1", "http://example.com.evil.org"} {
		f.Add(seed, "example.com")
	}
	f.Fuzz(func(t *testing.T, origin, host string) {
		r := &http.Request{Header: http.Header{}, Host: host}
		if origin != "" {
			r.Header.Set("Origin", origin)
		}
		if sameOrigin(r) && origin != "" {
			u, err := url.Parse(origin)
			if err != nil || !strings.EqualFold(u.Host, host) || (u.Scheme != "http" && u.Scheme != "https") {
				t.Fatalf("origin %q accepted for host %q", origin, host)
			}
		}
	})
}
