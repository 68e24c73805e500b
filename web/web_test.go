package web_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"path/filepath"
	"slices"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/coder/websocket/wsjson"

	"deuce/engine"
	"deuce/games"
	"deuce/store/sqlite"
	"deuce/web"
)

// server is a real deuce server on a loopback port over a SQLite file.
type server struct {
	t    *testing.T
	main *web.Main
	url  string
	path string
	db   *sqlite.DB
	// client makes the requests of raw (default http.DefaultClient).
	client *http.Client
}

// startServer starts a server whose connections may send as fast as a test plays; see
// startLimited for the limits people get.
func startServer(t *testing.T, path string) *server {
	t.Helper()
	return startLimited(t, path, 100_000)
}

func startLimited(t *testing.T, path string, msgRate float64) *server {
	t.Helper()
	return startWith(t, path, func(m *web.Main) { m.MessageRate = msgRate })
}

// startWith starts a server with roomy limits, after setup has changed what it needs.
func startWith(t *testing.T, path string, setup func(m *web.Main)) *server {
	t.Helper()
	ctx := context.Background()
	db, err := sqlite.Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	m := &web.Main{Addr: "127.0.0.1:0", Store: db, MessageRate: 100_000, MessageBurst: 100, Limits: roomyLimits()}
	setup(m)
	if err := m.Open(ctx); err != nil {
		t.Fatal(err)
	}
	s := &server{t: t, main: m, url: m.URL(), path: path, db: db}
	t.Cleanup(s.stop)
	return s
}

// roomyLimits are limits no ordinary test reaches, so that only the tests of the limits meet
// them.
func roomyLimits() web.Limits {
	l := web.DefaultLimits()
	l.CreatesPerMinute, l.CreateBurst = 1e6, 1e6
	l.ConnectsPerMinute, l.ConnectBurst = 1e6, 1e6
	l.RematchesPerMinute, l.RematchBurst = 1e6, 1e6
	l.AccountCreatesPerMinute, l.AccountCreateBurst = 1e6, 1e6
	l.AccountSeeksPerMinute, l.AccountSeekBurst = 1e6, 1e6
	l.AccountConnectsPerMinute, l.AccountConnectBurst = 1e6, 1e6
	l.TablesPerAddress, l.LiveTables, l.BotTables, l.ConnsPerAddress = 1e6, 1e6, 1e6, 1e6
	l.AnalysesPerAddress, l.HintsPerMinute, l.HintBurst = 1e6, 1e6, 1e6
	l.BotTableDelay = time.Nanosecond // bots-only tables play as fast as the bots
	return l
}

func (s *server) stop() {
	if s.main == nil {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := s.main.Close(ctx); err != nil {
		s.t.Errorf("close server: %v", err)
	}
	s.db.Close()
	s.main = nil
}

// call makes an HTTP request and decodes the JSON answer into out; it returns the status.
func (s *server) call(method, path string, body any, out any) int {
	s.t.Helper()
	var r io.Reader
	if body != nil {
		b, _ := json.Marshal(body)
		r = bytes.NewReader(b)
	}
	req, _ := http.NewRequest(method, s.url+path, r)
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		s.t.Fatal(err)
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(resp.Body)
	if out != nil {
		if err := json.Unmarshal(data, out); err != nil {
			s.t.Fatalf("%s %s: %v in %s", method, path, err, data)
		}
	}
	return resp.StatusCode
}

type created struct {
	ID    string `json:"id"`
	Seats []struct {
		Token  string `json:"token"`
		Invite string `json:"invite"`
	} `json:"seats"`
	Error string `json:"error"`
}

func (s *server) create(body map[string]any) created {
	s.t.Helper()
	var c created
	if code := s.call("POST", "/api/tables", body, &c); code != http.StatusCreated {
		s.t.Fatalf("create %v: status %d: %s", body, code, c.Error)
	}
	return c
}

// message is any server message.
type message struct {
	Type    string          `json:"type"`
	Seat    engine.Seat     `json:"seat"`
	Seq     int             `json:"seq"`
	ToMove  engine.Seat     `json:"toMove"`
	Pending []engine.Seat   `json:"pending"`
	View    json.RawMessage `json:"view"`
	Legal   []struct {
		Action engine.Action `json:"action"`
		Text   string        `json:"text"`
	} `json:"legal"`
	LogFrom int           `json:"logFrom"`
	Log     []string      `json:"log"`
	Result  engine.Result `json:"result"`
	Code    string        `json:"code"`
	Error   string        `json:"error"`
	Ended   string        `json:"ended"`
	// Open and Seats of a presence message.
	Open  bool `json:"open"`
	Seats []struct {
		Name      string  `json:"name"`
		Person    bool    `json:"person"`
		Connected bool    `json:"connected"`
		Away      float64 `json:"away"`
		Abandoned bool    `json:"abandoned"`
	} `json:"seats"`
}

// client is a websocket connection to a table.
type client struct {
	t    *testing.T
	s    *server
	id   string
	conn *websocket.Conn
	log  []string
	// presence is the latest presence message read, whichever helper read it: presence is a
	// snapshot, so a wait for one is met by the latest already read.
	presence *message
}

func (s *server) connect(id, token string) *client {
	s.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	c, _, err := websocket.Dial(ctx, strings.Replace(s.url, "http", "ws", 1)+"/ws/tables/"+id, nil)
	if err != nil {
		s.t.Fatal(err)
	}
	c.SetReadLimit(1 << 22)
	cl := &client{t: s.t, s: s, id: id, conn: c}
	cl.send(map[string]any{"type": "hello", "token": token})
	s.t.Cleanup(func() { c.CloseNow() })
	return cl
}

func (c *client) send(v any) {
	c.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := wsjson.Write(ctx, c.conn, v); err != nil {
		c.t.Fatal(err)
	}
}

// read returns the next message, or an error when the connection closed.
func (c *client) read() (message, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	var m message
	err := wsjson.Read(ctx, c.conn, &m)
	if err == nil && m.Type == "update" {
		if m.LogFrom != len(c.log) {
			c.t.Fatalf("update log starts at %d, the client has %d lines", m.LogFrom, len(c.log))
		}
		c.log = append(c.log, m.Log...)
	}
	if err == nil && m.Type == "presence" {
		c.presence = &m
	}
	return m, err
}

func (c *client) mustRead() message {
	c.t.Helper()
	m, err := c.read()
	if err != nil {
		c.t.Fatalf("read: %v", err)
	}
	return m
}

// untilUpdate reads until an update; error messages fail the test.
func (c *client) untilUpdate() message {
	c.t.Helper()
	for {
		m := c.mustRead()
		switch m.Type {
		case "update":
			return m
		case "error":
			c.t.Fatalf("error message: %s: %s", m.Code, m.Error)
		}
	}
}

// untilError reads until an error message and returns it.
func (c *client) untilError() message {
	c.t.Helper()
	for {
		if m := c.mustRead(); m.Type == "error" {
			return m
		}
	}
}

// checkSecret checks an update against the stored match: its view must be exactly its seat's
// observation at that move, and its log exactly what the game narrates to that seat, so no
// message ever carries another seat's hidden cards or a secret bid.
func (s *server) checkSecret(id string, m message) {
	s.t.Helper()
	t, err := s.db.Get(context.Background(), id)
	if err != nil {
		s.t.Fatal(err)
	}
	g, _ := games.Lookup(t.Game)
	rec := t.Record()
	if m.Seq > len(rec.Moves) {
		s.t.Fatalf("update at move %d, %d stored: sent before saved", m.Seq, len(rec.Moves))
	}
	rec.Moves = rec.Moves[:m.Seq]
	var log []string
	st, err := engine.Replay(g, rec, func(i int, st engine.State) {
		if i < len(rec.Moves) {
			log = append(log, engine.Narrate(st, rec.Moves[i].Action, m.Seat))
		}
	})
	if err != nil {
		s.t.Fatal(err)
	}
	want, _ := json.Marshal(st.Observe(m.Seat))
	var got bytes.Buffer
	_ = json.Compact(&got, m.View)
	if got.String() != string(want) {
		s.t.Fatalf("%v at move %d was sent\n%s\nwant\n%s", m.Seat, m.Seq, got.String(), want)
	}
	if m.LogFrom > len(log) || !slices.Equal(m.Log, log[m.LogFrom:]) {
		s.t.Fatalf("%v at move %d was told %q, want %q", m.Seat, m.Seq, m.Log, log[m.LogFrom:])
	}
}

// playToEnd plays the clients' seats, each by its first legal move, until the match ends; it
// checks every update for secrets. stopAfter > 0 stops after that many moves.
func playToEnd(t *testing.T, s *server, id string, clients []*client, stopAfter int) message {
	t.Helper()
	played := 0
	latest := make([]message, len(clients))
	for i, c := range clients {
		latest[i] = c.untilUpdate()
		s.checkSecret(id, latest[i])
	}
	for {
		if latest[0].Result.Over {
			return latest[0]
		}
		moved := false
		for i, c := range clients {
			if len(latest[i].Legal) > 0 {
				c.send(map[string]any{"type": "move", "seq": latest[i].Seq, "action": latest[i].Legal[0].Action})
				played++
				moved = true
				latest[i] = c.untilUpdate()
				s.checkSecret(id, latest[i])
				if played == stopAfter {
					return latest[i]
				}
				break
			}
		}
		if !moved {
			// Someone else (a bot, chance, the other client) acts: wait on the first client.
			latest[0] = clients[0].untilUpdate()
			s.checkSecret(id, latest[0])
		}
		for i := 1; i < len(clients); i++ {
			if latest[i].Seq < latest[0].Seq || latest[0].Result.Over {
				if m, err := clients[i].read(); err == nil && m.Type == "update" {
					latest[i] = m
					s.checkSecret(id, m)
				}
			}
		}
	}
}

func TestPlayCenterCourtAgainstBot(t *testing.T) {
	s := startServer(t, filepath.Join(t.TempDir(), "deuce.db"))
	c := s.create(map[string]any{"game": "centercourt", "variant": "tiebreak", "seats": []map[string]string{{"name": "Ann"}, {"bot": "heuristic"}}})
	cl := s.connect(c.ID, c.Seats[0].Token)
	if m := cl.mustRead(); m.Type != "welcome" || m.Seat != 0 {
		t.Fatalf("first message %+v, want welcome to seat 0", m)
	}
	end := playToEnd(t, s, c.ID, []*client{cl}, 0)
	if end.Result.Score == "" || end.Result.Winner < 0 {
		t.Fatalf("end %+v, want a winner and a score", end.Result)
	}
	if _, err := cl.read(); websocket.CloseStatus(err) != websocket.StatusNormalClosure {
		t.Errorf("after the end: %v, want a normal close", err)
	}
	var tbl struct {
		Status string `json:"status"`
	}
	s.call("GET", "/api/tables/"+c.ID, nil, &tbl)
	if tbl.Status != "finished" {
		t.Errorf("status %q, want finished", tbl.Status)
	}
}

func TestPencilBetweenTwoPeople(t *testing.T) {
	s := startServer(t, filepath.Join(t.TempDir(), "deuce.db"))
	c := s.create(map[string]any{"game": "pencil", "options": map[string]string{"points": "12"}, "seats": []map[string]string{{}, {}}})
	a, b := s.connect(c.ID, c.Seats[0].Token), s.connect(c.ID, c.Seats[1].Token)
	a.mustRead()
	b.mustRead()
	ua, ub := a.untilUpdate(), b.untilUpdate()
	seen := map[string]bool{}
	standing := func() string {
		t.Helper()
		var tbl struct {
			Status string         `json:"status"`
			Moves  int            `json:"moves"`
			Result *engine.Result `json:"result"`
		}
		s.call("GET", "/api/tables/"+c.ID, nil, &tbl)
		if tbl.Moves == 0 && tbl.Result == nil {
			return "" // no move saved yet
		}
		if tbl.Status != "live" || tbl.Result == nil || tbl.Result.Over || tbl.Result.Returns != nil || !strings.HasPrefix(tbl.Result.Score, "round ") {
			t.Fatalf("a live table lists %q with result %+v, want its standing", tbl.Status, tbl.Result)
		}
		seen[tbl.Result.Score] = true
		return tbl.Result.Score
	}
	for !ua.Result.Over {
		// Player 2 bids first and must not learn player 1's bid, and the other way round.
		if len(ub.Legal) == 0 || len(ua.Legal) == 0 {
			t.Fatalf("both players should be able to bid: %d and %d moves", len(ua.Legal), len(ub.Legal))
		}
		before := standing()
		b.send(map[string]any{"type": "move", "seq": ub.Seq, "text": ub.Legal[len(ub.Legal)/2].Text})
		ub = b.untilUpdate()
		s.checkSecret(c.ID, ub)
		// The lobby lists the standing, saved with the moves: a secret bid changes nothing in it.
		if got := standing(); got != before {
			t.Fatalf("a secret bid changed the listed standing from %q to %q", before, got)
		}
		a.send(map[string]any{"type": "move", "seq": ua.Seq, "action": ua.Legal[0].Action})
		for ua = a.untilUpdate(); ua.Seq < ub.Seq+2 && !ua.Result.Over; ua = a.untilUpdate() {
			s.checkSecret(c.ID, ua)
		}
		s.checkSecret(c.ID, ua)
		for ub.Seq < ua.Seq {
			ub = b.untilUpdate()
			s.checkSecret(c.ID, ub)
		}
	}
	if len(seen) < 2 {
		t.Errorf("the listed standing took %d values over the match (%v), want it to follow the rounds", len(seen), seen)
	}
}

func TestReconnectAndRestart(t *testing.T) {
	path := filepath.Join(t.TempDir(), "deuce.db")
	s := startServer(t, path)
	c := s.create(map[string]any{"game": "centercourt", "variant": "tiebreak", "seats": []map[string]string{{}, {"bot": "heuristic"}}})
	cl := s.connect(c.ID, c.Seats[0].Token)
	cl.mustRead()
	before := playToEnd(t, s, c.ID, []*client{cl}, 5)
	cl.conn.Close(websocket.StatusNormalClosure, "bye")

	// Reconnecting resumes the seat, with the whole log again.
	cl = s.connect(c.ID, c.Seats[0].Token)
	cl.mustRead()
	u := cl.untilUpdate()
	if u.Seq < before.Seq || u.LogFrom != 0 || len(u.Log) != u.Seq {
		t.Fatalf("after reconnecting: seq %d (was %d), log from %d with %d lines", u.Seq, before.Seq, u.LogFrom, len(u.Log))
	}
	// The bot may still be answering the last move: the table is still only once the seat is
	// to move again, and only then is its move count the one a restart must find.
	for len(u.Legal) == 0 && !u.Result.Over {
		u = cl.untilUpdate()
	}
	cl.conn.Close(websocket.StatusNormalClosure, "bye")

	// A restarted server resumes the table where it was.
	s.stop()
	s2 := startServer(t, path)
	cl = s2.connect(c.ID, c.Seats[0].Token)
	cl.mustRead()
	u2 := cl.untilUpdate()
	if u2.Seq != u.Seq {
		t.Fatalf("after restart at move %d, want %d", u2.Seq, u.Seq)
	}
	cl.conn.Close(websocket.StatusNormalClosure, "bye")
	// Continue to the end on the new server.
	cl2 := s2.connect(c.ID, c.Seats[0].Token)
	cl2.mustRead()
	end := playToEnd(t, s2, c.ID, []*client{cl2}, 0)
	if !end.Result.Over {
		t.Fatal("the resumed match did not finish")
	}
}

func TestBadMessagesChangeNothing(t *testing.T) {
	s := startServer(t, filepath.Join(t.TempDir(), "deuce.db"))
	c := s.create(map[string]any{"game": "centercourt", "variant": "tiebreak", "seats": []map[string]string{{}, {"bot": "heuristic"}}})
	cl := s.connect(c.ID, c.Seats[0].Token)
	cl.mustRead()
	u := cl.untilUpdate()
	for len(u.Legal) == 0 {
		u = cl.untilUpdate()
	}
	tests := []struct {
		name string
		msg  any
		code string
		want string // in the error's words, never Go's
	}{
		{"not json", "{{{", "bad_message", "not valid JSON at byte 2"},
		{"not an object", "[1]", "bad_message", "want a JSON object, not an array"},
		{"empty", " ", "bad_message", "the body is empty"},
		{"unknown type", map[string]any{"type": "dance"}, "bad_message", `unknown message type "dance": want move, resign, claim, bot, cancel, name, chat, mute or ping`},
		{"unknown field", map[string]any{"type": "move", "action": 1, "cheat": true}, "bad_message", `unknown field "cheat"`},
		{"action as text", map[string]any{"type": "move", "action": "serve"}, "bad_message", `field "action" must be a whole number, not a string`},
		{"seq as text", map[string]any{"type": "move", "action": 1, "seq": "1"}, "bad_message", `field "seq" must be a whole number, not a string`},
		{"seq below -1", map[string]any{"type": "move", "seq": -5, "action": u.Legal[0].Action}, "bad_message", "seq -5 names no update"},
		{"neither action nor text", map[string]any{"type": "move"}, "bad_message", "a move gives either action or text"},
		{"both action and text", map[string]any{"type": "move", "action": 1, "text": "serve 1"}, "bad_message", "a move gives either action or text"},
		{"illegal action", map[string]any{"type": "move", "seq": u.Seq, "action": 12345}, "illegal", "12345"},
		{"illegal text", map[string]any{"type": "move", "seq": u.Seq, "text": "ace"}, "illegal", "ace"},
		{"stale", map[string]any{"type": "move", "seq": u.Seq + 7, "action": u.Legal[0].Action}, "stale", "the match has moved on since that view"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if raw, ok := tt.msg.(string); ok {
				ctx, cancel := context.WithTimeout(context.Background(), time.Second)
				defer cancel()
				if err := cl.conn.Write(ctx, websocket.MessageText, []byte(raw)); err != nil {
					t.Fatal(err)
				}
			} else {
				cl.send(tt.msg)
			}
			m := cl.untilError()
			if m.Code != tt.code || !strings.Contains(m.Error, tt.want) || strings.Contains(m.Error, "Go ") {
				t.Errorf("error %q %q, want code %q saying %q", m.Code, m.Error, tt.code, tt.want)
			}
			tbl, err := s.db.Get(context.Background(), c.ID)
			if err != nil {
				t.Fatal(err)
			}
			if len(tbl.Moves) != u.Seq {
				t.Errorf("%d moves stored after a refused message, want %d", len(tbl.Moves), u.Seq)
			}
		})
	}

	t.Run("spectator cannot move", func(t *testing.T) {
		spec := s.connect(c.ID, "")
		if m := spec.mustRead(); m.Seat != engine.Spectator {
			t.Fatalf("spectator got seat %d", m.Seat)
		}
		spec.untilUpdate()
		spec.send(map[string]any{"type": "move", "action": u.Legal[0].Action})
		if m := spec.untilError(); m.Code != "not_your_turn" {
			t.Errorf("code %q, want not_your_turn", m.Code)
		}
	})
	t.Run("wrong token", func(t *testing.T) {
		bad := s.connect(c.ID, "not-a-token")
		if m := bad.mustRead(); m.Type != "error" || m.Code != "bad_token" {
			t.Fatalf("got %+v, want a bad_token error", m)
		}
		if _, err := bad.read(); websocket.CloseStatus(err) != websocket.StatusPolicyViolation {
			t.Errorf("close %v, want policy violation", err)
		}
	})
	t.Run("oversized message", func(t *testing.T) {
		big := s.connect(c.ID, c.Seats[0].Token)
		big.mustRead()
		big.send(map[string]any{"type": "move", "text": strings.Repeat("x", 10_000)})
		for {
			_, err := big.read()
			if err != nil {
				if st := websocket.CloseStatus(err); st != websocket.StatusMessageTooBig {
					t.Errorf("close %v, want message too big", err)
				}
				break
			}
		}
	})
	t.Run("flood is rate limited", func(t *testing.T) {
		limited := startLimited(t, filepath.Join(t.TempDir(), "limited.db"), 0)
		lc := limited.create(map[string]any{"game": "pencil", "seats": []any{map[string]string{}, map[string]string{"bot": "random"}}})
		fl := limited.connect(lc.ID, lc.Seats[0].Token)
		fl.mustRead()
		for range 150 {
			fl.send(map[string]any{"type": "ping"})
		}
		if m := fl.untilError(); m.Code != "rate_limited" {
			t.Errorf("code %q, want rate_limited", m.Code)
		}
	})
	// The seat still plays normally after all that.
	cl.send(map[string]any{"type": "move", "seq": u.Seq, "action": u.Legal[0].Action})
	if m := cl.untilUpdate(); m.Seq <= u.Seq {
		t.Errorf("after a legal move seq %d, want more than %d", m.Seq, u.Seq)
	}
}

func TestAPI(t *testing.T) {
	s := startServer(t, filepath.Join(t.TempDir(), "deuce.db"))
	var health map[string]any
	if code := s.call("GET", "/healthz", nil, &health); code != 200 || health["ok"] != true {
		t.Errorf("healthz: %d %v", code, health)
	}
	var gs []struct {
		Name string `json:"name"`
	}
	s.call("GET", "/api/games", nil, &gs)
	if len(gs) != len(games.All()) {
		t.Errorf("%d games listed, want %d", len(gs), len(games.All()))
	}
	bad := []struct {
		name string
		body any
		want string
	}{
		{"unknown game", map[string]any{"game": "squash", "seats": []any{}}, "no game"},
		{"wrong seat count", map[string]any{"game": "pencil", "seats": []any{map[string]string{}}}, "2 seats"},
		{"bad option", map[string]any{"game": "pencil", "options": map[string]string{"points": "-4"}, "seats": []any{map[string]string{}, map[string]string{}}}, "Tennis (paper and pencil): points"},
		{"unknown bot", map[string]any{"game": "pencil", "seats": []any{map[string]string{}, map[string]string{"bot": "genius"}}}, "bots:"},
		{"not json", "nope", "bad request"},
	}
	for _, tt := range bad {
		t.Run(tt.name, func(t *testing.T) {
			var out struct {
				Error string `json:"error"`
			}
			if code := s.call("POST", "/api/tables", tt.body, &out); code != http.StatusBadRequest || !strings.Contains(out.Error, tt.want) {
				t.Errorf("status %d error %q, want 400 mentioning %q", code, out.Error, tt.want)
			}
		})
	}

	// A bot-against-bot table plays by itself; its record, replay and rematch follow.
	c := s.create(map[string]any{"game": "pencil", "options": map[string]string{"points": "8"}, "seats": []any{map[string]string{"bot": "heuristic"}, map[string]string{"bot": "random"}}})
	var errOut struct {
		Error string `json:"error"`
	}
	deadline := time.Now().Add(10 * time.Second)
	for {
		var tbl struct {
			Status string `json:"status"`
		}
		s.call("GET", "/api/tables/"+c.ID, nil, &tbl)
		if tbl.Status == "finished" {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("bot table still %s after 10s", tbl.Status)
		}
		time.Sleep(20 * time.Millisecond)
	}
	var rec engine.Record
	if code := s.call("GET", "/api/tables/"+c.ID+"/record", nil, &rec); code != 200 || rec.Result == nil || !rec.Result.Over {
		t.Fatalf("record: %d %+v", code, rec.Result)
	}
	var frame struct {
		At    int               `json:"at"`
		Moves int               `json:"moves"`
		Views []json.RawMessage `json:"views"`
	}
	if code := s.call("GET", fmt.Sprintf("/api/tables/%s/replay?at=%d", c.ID, len(rec.Moves)/2), nil, &frame); code != 200 || frame.At != len(rec.Moves)/2 || len(frame.Views) != 2 {
		t.Errorf("replay frame: %d %+v", code, frame)
	}
	if code := s.call("GET", "/api/tables/"+c.ID+"/replay?at=99999", nil, &errOut); code != 400 {
		t.Errorf("replay past the end: %d", code)
	}
	if code := s.call("GET", "/api/tables/nope", nil, &errOut); code != 404 {
		t.Errorf("unknown table: %d", code)
	}
	var list []struct {
		ID string `json:"id"`
	}
	s.call("GET", "/api/tables?status=finished", nil, &list)
	if !slices.ContainsFunc(list, func(x struct {
		ID string `json:"id"`
	}) bool {
		return x.ID == c.ID
	}) {
		t.Errorf("finished list %v lacks %s", list, c.ID)
	}
	if code := s.call("GET", "/api/tables?status=whatever", nil, &errOut); code != 400 {
		t.Errorf("bad status filter: %d", code)
	}

	// Records of unfinished tables stay secret; rematches need a player's token.
	p := s.create(map[string]any{"game": "pencil", "seats": []any{map[string]string{}, map[string]string{"bot": "heuristic"}}})
	if code := s.call("GET", "/api/tables/"+p.ID+"/record", nil, &errOut); code != http.StatusForbidden {
		t.Errorf("record of a live table: %d, want 403", code)
	}
	if code := s.call("POST", "/api/tables/"+p.ID+"/rematch", map[string]string{"token": "x"}, &errOut); code != http.StatusForbidden {
		t.Errorf("rematch with a wrong token: %d, want 403", code)
	}
	if code := s.call("POST", "/api/tables/"+p.ID+"/rematch", map[string]string{"token": p.Seats[0].Token}, &errOut); code != http.StatusConflict {
		t.Errorf("rematch before the end: %d, want 409", code)
	}
}

func TestRematch(t *testing.T) {
	s := startServer(t, filepath.Join(t.TempDir(), "deuce.db"))
	c := s.create(map[string]any{"game": "pencil", "options": map[string]string{"points": "5"}, "seats": []any{map[string]string{"name": "Ann"}, map[string]string{"bot": "heuristic"}}})
	cl := s.connect(c.ID, c.Seats[0].Token)
	cl.mustRead()
	playToEnd(t, s, c.ID, []*client{cl}, 0)
	var r1, r2 struct {
		ID string `json:"id"`
	}
	if code := s.call("POST", "/api/tables/"+c.ID+"/rematch", map[string]string{"token": c.Seats[0].Token}, &r1); code != http.StatusCreated || r1.ID == "" {
		t.Fatalf("rematch: %d %+v", code, r1)
	}
	s.call("POST", "/api/tables/"+c.ID+"/rematch", map[string]string{"token": c.Seats[0].Token}, &r2)
	if r2.ID != r1.ID {
		t.Errorf("second rematch request gave %q, want the same %q", r2.ID, r1.ID)
	}
	// The same token now plays the other seat of the new table.
	cl2 := s.connect(r1.ID, c.Seats[0].Token)
	if m := cl2.mustRead(); m.Type != "welcome" || m.Seat != 1 {
		t.Fatalf("rematch welcome %+v, want seat 1", m)
	}
}

func TestShutdownIsGraceful(t *testing.T) {
	s := startServer(t, filepath.Join(t.TempDir(), "deuce.db"))
	c := s.create(map[string]any{"game": "centercourt", "seats": []any{map[string]string{}, map[string]string{"bot": "heuristic"}}})
	cl := s.connect(c.ID, c.Seats[0].Token)
	cl.mustRead()
	cl.untilUpdate()
	done := make(chan struct{})
	go func() {
		s.stop()
		close(done)
	}()
	select {
	case <-done:
	case <-time.After(15 * time.Second):
		t.Fatal("shutdown hung with a connected client")
	}
	for {
		if _, err := cl.read(); err != nil {
			if errors.Is(err, context.DeadlineExceeded) {
				t.Fatal("the client was not disconnected")
			}
			break
		}
	}
}

// A server that cannot have its address fails before it resumes a table: a resumed table's bots
// would move on a server nobody can reach, and the error would come after them.
func TestOpenListensBeforeResuming(t *testing.T) {
	path := filepath.Join(t.TempDir(), "deuce.db")
	s := startServer(t, path)
	s.create(map[string]any{"game": "centercourt", "variant": "tiebreak", "seats": []map[string]string{{}, {"bot": "heuristic"}}})
	s.stop()

	taken, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer taken.Close()
	ctx := context.Background()
	db, err := sqlite.Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var logged bytes.Buffer
	m := &web.Main{Addr: taken.Addr().String(), Store: db, Log: slog.New(slog.NewTextHandler(&logged, nil)), Limits: roomyLimits()}
	if err := m.Open(ctx); !errors.Is(err, syscall.EADDRINUSE) {
		t.Fatalf("Open on a taken address: %v", err)
	}
	if strings.Contains(logged.String(), "resumed table") {
		t.Errorf("a table was resumed before the address was found taken:\n%s", logged.String())
	}
	// The same store on a free address resumes it.
	m = &web.Main{Addr: "127.0.0.1:0", Store: db, Log: slog.New(slog.NewTextHandler(&logged, nil)), Limits: roomyLimits()}
	if err := m.Open(ctx); err != nil {
		t.Fatal(err)
	}
	defer m.Close(ctx)
	if !strings.Contains(logged.String(), "resumed table") {
		t.Errorf("the table was not resumed on a free address:\n%s", logged.String())
	}
}

// TestBotsOfOneLevelAreToldApart checks that a doubles table with several bots of one level
// names each by its seat, while a lone bot and a bot given a name keep theirs.
func TestBotsOfOneLevelAreToldApart(t *testing.T) {
	s := startServer(t, filepath.Join(t.TempDir(), "deuce.db"))
	names := func(body map[string]any) []string {
		c := s.create(body)
		var out []string
		for _, seat := range s.info(c.ID).Seats {
			out = append(out, seat.Name)
		}
		return out
	}
	doubles := names(map[string]any{"game": "lmn", "variant": "doubles", "seats": []map[string]string{{"name": "Ann"}, {"bot": "easy"}, {"bot": "easy"}, {"bot": "easy", "name": "Rob"}}})
	if want := []string{"Ann", "easy bot 2", "easy bot 3", "Rob"}; !slices.Equal(doubles, want) {
		t.Errorf("doubles seats %q, want %q", doubles, want)
	}
	singles := names(map[string]any{"game": "lmn", "variant": "singles", "seats": []map[string]string{{"name": "Ann"}, {"bot": "easy"}}})
	if want := []string{"Ann", "easy bot"}; !slices.Equal(singles, want) {
		t.Errorf("singles seats %q, want %q", singles, want)
	}
}

// TestSeedsFixed: a server given Seeds deals its tables from them, in order; a table's seed is
// the one secret its deals come from, so two tables of the same seed deal the same.
func TestSeedsFixed(t *testing.T) {
	var next atomic.Uint64
	s := startWith(t, filepath.Join(t.TempDir(), "deuce.db"), func(m *web.Main) {
		m.Seeds = func() uint64 { return next.Add(7) }
	})
	for _, want := range []uint64{7, 14} {
		c := s.create(map[string]any{"game": "centercourt", "variant": "tiebreak", "seats": []map[string]string{{"name": "Ann"}, {"bot": "random"}}})
		got, err := s.db.Get(context.Background(), c.ID)
		if err != nil {
			t.Fatal(err)
		}
		if got.Seed != want {
			t.Errorf("table %s has seed %d, want %d from Seeds", c.ID, got.Seed, want)
		}
	}
}
