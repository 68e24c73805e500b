package web

import (
	"bytes"
	"context"
	"encoding/json"
	"maps"
	"math"
	"net/http"
	"net/http/httptest"
	"net/url"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
	"unicode"
	"unicode/utf8"

	"deuce/clock"
	"deuce/engine"
	"deuce/games"
	"deuce/store"
	"deuce/store/sqlite"
)

// These fuzz targets drive the server's own handler (or, for chat, the function a websocket
// message reaches) with arbitrary client input: account and seek bodies, hint and claim
// bodies, chat and mute messages, and the path and query of every page and API that reads
// them. Whatever the input, nothing panics, the answer is 2xx, 3xx or 4xx with a message a
// person can read, never 5xx, and a refusal leaves what the store holds as it was.

// fuzzLimits are limits fuzzing never reaches, so that every input meets the handler's own
// checks rather than a rate limit.
func fuzzLimits() Limits {
	l := DefaultLimits()
	l.CreatesPerMinute, l.CreateBurst = 1e9, 1e9
	l.ConnectsPerMinute, l.ConnectBurst = 1e9, 1e9
	l.RematchesPerMinute, l.RematchBurst = 1e9, 1e9
	l.AccountCreatesPerMinute, l.AccountCreateBurst = 1e9, 1e9
	l.AccountSeeksPerMinute, l.AccountSeekBurst = 1e9, 1e9
	l.AccountConnectsPerMinute, l.AccountConnectBurst = 1e9, 1e9
	l.TablesPerAddress, l.LiveTables, l.BotTables, l.ConnsPerAddress = 1e9, 1e9, 1e9, 1e9
	l.AnalysesPerAddress, l.HintsPerMinute, l.HintBurst = 1e9, 1e9, 1e9
	return l
}

// fuzzAccounts starts a server with accounts over a temporary SQLite file, without the
// sign-in limits, and the account "ann" (password "correct horse") signed in: the returned
// cookie is her session's.
func fuzzAccounts(f *testing.F) (*Server, *sqlite.DB, *store.Account, *http.Cookie) {
	db, err := sqlite.Open(context.Background(), filepath.Join(f.TempDir(), "deuce.db"))
	if err != nil {
		f.Fatal(err)
	}
	s := NewServer(Config{Store: db, Limits: fuzzLimits()})
	f.Cleanup(func() { s.Close(); db.Close() })
	s.accounts.byName = newBuckets("sign-in attempts", 1e9, 1e9, s.now)
	s.accounts.byAddr = newBuckets("sign-in attempts", 1e9, 1e9, s.now)
	ann := fuzzAccount(f, db, "ann")
	return s, db, ann, fuzzSession(f, db, ann, store.WebSession)
}

// fuzzPassword is every fuzz account's password, fuzzHash its hash.
const fuzzPassword = "correct horse"

var fuzzHash = hashPassword(fuzzPassword)

func fuzzAccount(f *testing.F, db *sqlite.DB, name string) *store.Account {
	a := &store.Account{Name: name, PasswordHash: fuzzHash}
	if err := db.CreateAccount(context.Background(), a); err != nil {
		f.Fatal(err)
	}
	return a
}

// fuzzSession creates a session of kind for a and returns it as a session cookie (for a bot
// token, send its Value as the bearer).
func fuzzSession(f *testing.F, db *sqlite.DB, a *store.Account, kind store.SessionKind) *http.Cookie {
	token := newID(20)
	now := time.Now()
	if err := db.CreateSession(context.Background(), store.Session{TokenHash: hashToken(token), Account: a.ID, Kind: kind, Created: now, Expires: now.Add(time.Hour)}); err != nil {
		f.Fatal(err)
	}
	return &http.Cookie{Name: sessionCookie, Value: token}
}

// fuzzRequest sends one request through the server's handler, as JSON when it has a body.
func fuzzRequest(h http.Handler, method, target string, body []byte, cookie *http.Cookie) *httptest.ResponseRecorder {
	r := httptest.NewRequest(method, target, bytes.NewReader(body))
	return serveFuzz(h, r, cookie, method != http.MethodGet)
}

// serveFuzz serves r, whose context ends with the answer as a real server's does (a turn to
// hash a password is held until then).
func serveFuzz(h http.Handler, r *http.Request, cookie *http.Cookie, asJSON bool) *httptest.ResponseRecorder {
	ctx, cancel := context.WithCancel(r.Context())
	defer cancel()
	r = r.WithContext(ctx)
	if asJSON {
		r.Header.Set("Content-Type", "application/json")
	}
	if cookie != nil {
		r.AddCookie(cookie)
	}
	w := httptest.NewRecorder()
	h.ServeHTTP(w, r)
	return w
}

// checkAnswer fails on a server error, and on a refusal without a message to read: an API's
// {"error": ...}, or a page.
func checkAnswer(t *testing.T, what string, w *httptest.ResponseRecorder) {
	t.Helper()
	switch {
	case w.Code >= 500:
		t.Fatalf("%s: %d %s", what, w.Code, w.Body)
	case w.Code >= 300 && w.Code < 400:
		if w.Header().Get("Location") == "" {
			t.Fatalf("%s: %d without a Location", what, w.Code)
		}
	case w.Code >= 400 && !strings.HasPrefix(w.Header().Get("Content-Type"), "application/json"):
		// A page's refusal is a page (or the file server's line) saying so.
		if w.Body.Len() == 0 {
			t.Fatalf("%s: %d with an empty page", what, w.Code)
		}
	case w.Code >= 400:
		var e struct {
			Error string `json:"error"`
		}
		if err := json.Unmarshal(w.Body.Bytes(), &e); err != nil || e.Error == "" {
			t.Fatalf("%s: %d without a message: %q", what, w.Code, w.Body)
		}
	}
}

// lenient decodes what a body says, if it is a JSON object, as a client meant it: fields the
// handler would refuse are ignored.
func lenient(body []byte, v any) bool { return json.Unmarshal(body, v) == nil }

func FuzzSignUp(f *testing.F) {
	for _, seed := range []string{
		`{"name":"bob","password":"correct horse"}`, `{"name":"ann","password":"correct horse"}`, `{"name":"ANN","password":"correct horse"}`,
		`{"name":"b","password":"correct horse"}`, `{"name":"bob","password":"short"}`, `{"name":"bob smith","password":"correct horse"}`,
		`{"name":"bob","password":"` + strings.Repeat("é", 101) + `"}`, `{"name":"bob","password":"\u0000\u0000\u0000\u0000\u0000\u0000\u0000\u0000"}`,
		`{"name":"carl","password":"correct horse","seats":[{"table":"x","token":"y"}]}`, `{"name":"dan","password":"correct horse","seats":null}`,
		`{"name":"eve","password":"correct horse","seats":[{"table":"` + strings.Repeat("x", 65) + `","token":"y"}]}`,
		`{"name":"bob","password":"correct horse","admin":true}`, `{"name":1}`, `{}`, `null`, ``, `{"name":"bob","password":"correct horse"}{}`,
		"{\"name\":\"b\xffb\",\"password\":\"correct horse\"}",
	} {
		f.Add([]byte(seed))
	}
	s, db, _, _ := fuzzAccounts(f)
	h := s.Handler()
	ctx := context.Background()
	f.Fuzz(func(t *testing.T, body []byte) {
		var req credentials
		named := lenient(body, &req) && req.Name != ""
		existed := false
		if named {
			_, err := db.AccountByName(ctx, req.Name)
			existed = err == nil
		}
		w := fuzzRequest(h, "POST", "/api/account/signup", body, nil)
		checkAnswer(t, "sign-up "+string(body), w)
		cookie := w.Header().Get("Set-Cookie")
		if w.Code != http.StatusCreated {
			if cookie != "" {
				t.Fatalf("a refused sign-up (%d) set a cookie: %q", w.Code, cookie)
			}
			if named {
				_, err := db.AccountByName(ctx, req.Name)
				if (err == nil) != existed {
					t.Fatalf("a refused sign-up (%d %s) changed whether %q exists", w.Code, w.Body, req.Name)
				}
			}
			return
		}
		if existed || checkName(req.Name) != nil || checkNewPassword(req.Password) != nil || !strings.HasPrefix(cookie, sessionCookie+"=") {
			t.Fatalf("sign-up of %q accepted (existed %v, cookie %q)", req.Name, existed, cookie)
		}
		a, err := db.AccountByName(ctx, req.Name)
		if err != nil || a.Name != req.Name || !checkPassword(a.PasswordHash, req.Password) {
			t.Fatalf("after the sign-up of %q: %+v, %v", req.Name, a, err)
		}
	})
}

func FuzzSignIn(f *testing.F) {
	for _, seed := range []string{
		`{"name":"ann","password":"correct horse"}`, `{"name":"ANN","password":"correct horse"}`, `{"name":"ann","password":"correct horsE"}`,
		`{"name":"bob","password":"correct horse"}`, `{"name":"ann","password":""}`, `{"name":"","password":""}`,
		`{"name":"ann","password":"correct horse","seats":[{"table":"x","token":"y"},{"table":"","token":""}]}`,
		`{"name":"` + strings.Repeat("a", 41) + `","password":"x"}`, `{"name":"ann","password":"` + strings.Repeat("x", 201) + `"}`,
		`{"name":"ann","password":"correct horse","x":1}`, `{"name":"ann"}`, `[]`, `"ann"`, `{"name":"ann","password":"correct horse"} 1`,
	} {
		f.Add([]byte(seed))
	}
	s, _, _, _ := fuzzAccounts(f)
	h := s.Handler()
	f.Fuzz(func(t *testing.T, body []byte) {
		var req credentials
		lenient(body, &req)
		w := fuzzRequest(h, "POST", "/api/account/signin", body, nil)
		checkAnswer(t, "sign-in "+string(body), w)
		cookie := w.Header().Get("Set-Cookie")
		if w.Code != http.StatusOK {
			if cookie != "" {
				t.Fatalf("a refused sign-in (%d) set a cookie: %q", w.Code, cookie)
			}
			return
		}
		if !strings.EqualFold(req.Name, "ann") || req.Password != fuzzPassword || !strings.HasPrefix(cookie, sessionCookie+"=") {
			t.Fatalf("sign-in %q accepted (cookie %q)", body, cookie)
		}
	})
}

// FuzzChangePassword changes ann's password from her browser (who 0), a guest (1), her bot
// token (2) or her bot token with her browser's cookie (3): only the browser may.
func FuzzChangePassword(f *testing.F) {
	for _, seed := range []string{
		`{"old":"correct horse","new":"battery staple"}`, `{"old":"wrong","new":"battery staple"}`, `{"old":"correct horse","new":"short"}`,
		`{"old":"correct horse","new":"` + strings.Repeat("x", 201) + `"}`, `{"old":"` + strings.Repeat("x", 201) + `","new":"battery staple"}`,
		`{"old":"correct horse"}`, `{"new":"battery staple"}`, `{"old":1,"new":2}`, `{"old":"correct horse","new":"battery staple","x":0}`, `{}`, ``,
	} {
		f.Add([]byte(seed), uint8(0))
	}
	for who := range uint8(4) {
		f.Add([]byte(`{"old":"correct horse","new":"battery staple"}`), who)
	}
	s, db, ann, cookie := fuzzAccounts(f)
	h := s.Handler()
	ctx := context.Background()
	bot := fuzzSession(f, db, ann, store.BotToken).Value
	f.Fuzz(func(t *testing.T, body []byte, who uint8) {
		var req struct{ Old, New string }
		lenient(body, &req)
		r := httptest.NewRequest("POST", "/api/account/password", bytes.NewReader(body))
		c := cookie
		switch who % 4 {
		case 1:
			c = nil
		case 2:
			c = nil
			r.Header.Set("Authorization", "Bearer "+bot)
		case 3:
			r.Header.Set("Authorization", "Bearer "+bot)
		}
		w := serveFuzz(h, r, c, true)
		checkAnswer(t, "password "+string(body), w)
		a, err := db.AccountByName(ctx, "ann")
		if err != nil {
			t.Fatal(err)
		}
		if w.Code != http.StatusOK {
			if a.PasswordHash != fuzzHash {
				t.Fatalf("a refused change (%d %s) changed the password", w.Code, w.Body)
			}
			return
		}
		if who%4 != 0 || req.Old != fuzzPassword || checkNewPassword(req.New) != nil || !checkPassword(a.PasswordHash, req.New) {
			t.Fatalf("change %q accepted from %d", body, who%4)
		}
		if err := db.SetPassword(ctx, ann.ID, fuzzHash); err != nil {
			t.Fatal(err)
		}
	})
}

func FuzzSeekBody(f *testing.F) {
	for _, seed := range []string{
		`{"game":"centercourt","variant":"tiebreak","clock":"5+3"}`, `{"game":"centercourt","variant":"tiebreak","clock":"5+3","rated":true}`,
		`{"game":"CenterCourt","variant":"TIEBREAK","clock":"5+3"}`, `{"game":"centercourt","clock":"2d"}`, `{"game":"pencil","clock":"1+0"}`,
		`{"game":"alakaslam","variant":"doubles"}`, `{"game":"lmn","clock":"181+0"}`, `{"game":"pencil","clock":"15d"}`,
		`{"game":"pencil","minRating":1600,"maxRating":1400}`, `{"game":"pencil","minRating":-1}`, `{"game":"pencil","maxRating":4001}`,
		`{"game":"pencil","minRating":1e99}`, `{"game":"pencil","minRating":1.5}`, `{"game":"pencil","rated":"yes"}`, `{"game":"nope"}`,
		`{"game":"pencil","variant":"` + strings.Repeat("v", 1000) + `"}`, `{"game":"pencil","clock":"5+3+1"}`, `{"game":"pencil","clock":"-5+3"}`,
		`{"game":"pencil","x":1}`, `{}`, ``, `{"game":"pencil"}{"game":"pencil"}`,
	} {
		f.Add([]byte(seed), false)
		f.Add([]byte(seed), true)
	}
	s, db, ann, cookie := fuzzAccounts(f)
	h := s.Handler()
	ctx := context.Background()
	// bob's seek waits in the lobby for a quick pair to take it.
	bob := fuzzAccount(f, db, "bob")
	bobSeek := func() {
		sk := &store.Seek{ID: newID(10), Account: bob.ID, Name: bob.Name, Game: "centercourt", Variant: "tiebreak", Clock: "5+3", Rating: 1500}
		if err := db.CreateSeek(ctx, sk); err != nil {
			f.Fatal(err)
		}
	}
	bobSeek()
	open := func(t *testing.T) []store.Seek {
		list, err := s.openSeeks(ctx)
		if err != nil {
			t.Fatal(err)
		}
		return list
	}
	f.Fuzz(func(t *testing.T, body []byte, quick bool) {
		before := open(t)
		path := "/api/seeks"
		if quick {
			path += "/quick"
		}
		w := fuzzRequest(h, "POST", path, body, cookie)
		checkAnswer(t, path+" "+string(body), w)
		after := open(t)
		ids := func(l []store.Seek) []string {
			out := []string{}
			for _, sk := range l {
				out = append(out, sk.ID)
			}
			return out
		}
		switch w.Code {
		case http.StatusCreated, http.StatusAccepted:
		default:
			if !slices.Equal(ids(before), ids(after)) {
				t.Fatalf("a refused seek (%d %s) changed the lobby: %v, then %v", w.Code, w.Body, ids(before), ids(after))
			}
			return
		}
		var answer struct {
			seekInfo
			Table string   `json:"table"`
			Seek  seekInfo `json:"seek"`
		}
		if err := json.Unmarshal(w.Body.Bytes(), &answer); err != nil {
			t.Fatal(err)
		}
		if quick && answer.Table != "" {
			// Paired with bob: his seek is taken, and the table is theirs.
			tab, err := db.Get(ctx, answer.Table)
			if err != nil || len(tab.Seats) != 2 || tab.Seats[0].Account != "bob" || tab.Seats[1].Account != "ann" {
				t.Fatalf("quick pair %s: table %+v, %v", body, tab, err)
			}
			if len(after) != len(before)-1 {
				t.Fatalf("quick pair %s: %d seeks open before, %d after", body, len(before), len(after))
			}
			bobSeek()
			return
		}
		info := answer.seekInfo
		if quick {
			info = answer.Seek
		}
		i := slices.IndexFunc(after, func(sk store.Seek) bool { return sk.ID == info.ID })
		if len(after) != len(before)+1 || i < 0 || !info.Mine {
			t.Fatalf("seek %s (%d): %d open before, %d after, answer %+v", body, w.Code, len(before), len(after), info)
		}
		checkSeek(t, &after[i])
		if err := db.DeleteSeek(ctx, info.ID, ann.ID); err != nil {
			t.Fatal(err)
		}
	})
}

// checkSeek fails unless a stored seek is one the lobby can show and pair: its game, variant
// and clock as the server names them, its rating range in bounds.
func checkSeek(t *testing.T, sk *store.Seek) {
	t.Helper()
	g, err := games.Lookup(sk.Game)
	if err != nil || g.Name != sk.Game {
		t.Fatalf("seek of game %q", sk.Game)
	}
	if len(g.Variants) > 0 && !slices.Contains(g.VariantNames(), sk.Variant) || len(g.Variants) == 0 && sk.Variant != "" {
		t.Fatalf("seek of %s variant %q, not one of %v", g.Name, sk.Variant, g.VariantNames())
	}
	if c, err := clock.Parse(sk.Clock); err != nil || c.String() != sk.Clock {
		t.Fatalf("seek clock %q: %v", sk.Clock, err)
	}
	if sk.MinRating < 0 || sk.MaxRating > 4000 || sk.MaxRating != 0 && sk.MinRating > sk.MaxRating {
		t.Fatalf("seek rating range %d to %d", sk.MinRating, sk.MaxRating)
	}
}

// FuzzTokenBody fuzzes the bodies of the requests a player makes with a seat token: a hint
// and a claim of the time. "$TOKEN" in a body stands for the table's real seat token, so
// that fuzzing reaches what a player gets.
func FuzzTokenBody(f *testing.F) {
	for _, seed := range []string{
		`{"token":"$TOKEN"}`, `{"token":"$TOKEN","x":1}`, `{"token":"$TOKEN"}{}`, `{"token":" $TOKEN"}`, `{"token":"$TOKEN$TOKEN"}`,
		`{"token":"abc"}`, `{"token":""}`, `{}`, `{"token":null}`, `{"token":1}`, ``, `[]`, `{"TOKEN":"$TOKEN"}`,
	} {
		f.Add([]byte(seed), false)
		f.Add([]byte(seed), true)
	}
	s, db, _, _ := fuzzAccounts(f)
	h := s.Handler()
	ctx := context.Background()
	// A casual correspondence table, a person against a bot, in the bidding game (whose
	// hint is the solved strategy, found at once at 12 points).
	tab, tokens, err := s.newTable(createRequest{Game: "pencil", Options: engine.Options{"points": "12"}, Seats: []seatRequest{{Name: "x"}, {Bot: "random"}}})
	if err != nil {
		f.Fatal(err)
	}
	if err := s.createTable(ctx, tab, &store.TableInfo{TableID: tab.ID, Clock: "1d", Accounts: make([]int64, 2)}); err != nil {
		f.Fatal(err)
	}
	if _, err := s.start(tab, ""); err != nil {
		f.Fatal(err)
	}
	token := tokens[0]
	f.Fuzz(func(t *testing.T, body []byte, claim bool) {
		body = bytes.ReplaceAll(body, []byte("$TOKEN"), []byte(token))
		before, err := db.Get(ctx, tab.ID)
		if err != nil {
			t.Fatal(err)
		}
		var req hintRequest
		lenient(body, &req)
		path := "/api/tables/" + tab.ID + "/hint"
		if claim {
			path = "/api/tables/" + tab.ID + "/claim-time"
		}
		w := fuzzRequest(h, "POST", path, body, nil)
		checkAnswer(t, path+" "+string(body), w)
		after, err := db.Get(ctx, tab.ID)
		if err != nil {
			t.Fatal(err)
		}
		if after.Status != before.Status || len(after.Moves) != len(before.Moves) {
			t.Fatalf("%s %s changed the table: %s with %d moves, then %s with %d", path, body, before.Status, len(before.Moves), after.Status, len(after.Moves))
		}
		if w.Code/100 != 2 {
			return
		}
		// Nobody has overstayed a turn: a claim never succeeds. A hint is for the seat's holder.
		if claim || req.Token != token {
			t.Fatalf("%s %s: %d %s", path, body, w.Code, w.Body)
		}
		var reply hintReply
		if err := json.Unmarshal(w.Body.Bytes(), &reply); err != nil || reply.Best == "" || len(reply.Moves) == 0 {
			t.Fatalf("hint %s: %s", body, w.Body)
		}
		sum := 0.0
		for _, m := range reply.Moves {
			sum += m.P
		}
		if math.Abs(sum-1) > 1e-6 {
			t.Fatalf("hint %s: the strategy's probabilities add up to %v", body, sum)
		}
	})
}

// FuzzChat plays chat and mute messages as a websocket connection would (a message isChat
// names goes to handleChat), from a player's seat or a spectator.
func FuzzChat(f *testing.F) {
	for _, seed := range []string{
		`{"type":"chat","text":"good luck"}`, `{"type":"chat","text":"  padded  "}`, `{"type":"chat","text":""}`, `{"type":"chat","text":"   "}`,
		`{"type":"chat","text":"` + strings.Repeat("é", 300) + `"}`, `{"type":"chat","text":"` + strings.Repeat("é", 301) + `"}`,
		`{"type":"chat","text":"two\nlines"}`, `{"type":"chat","text":"bell\u0007"}`, `{"type":"chat","text":"\u202ertl"}`,
		"{\"type\":\"chat\",\"text\":\"\xff\xfe\"}", `{"type":"chat"}`, `{"type":"chat","text":1}`, `{"type":"chat","text":"x","seat":1}`,
		`{"type":"mute","seat":1,"muted":true}`, `{"type":"mute","seat":1,"muted":false}`, `{"type":"mute","seat":0,"muted":true}`,
		`{"type":"mute","seat":-3,"muted":true}`, `{"type":"mute","seat":2,"muted":true}`, `{"type":"mute","seat":99999999,"muted":true}`,
		`{"type":"mute","seat":1.5}`, `{"type":"mute"}`, `{"type":"mute","seat":"1"}`, `{"type":"Chat","text":"x"}`, `{"type":"CHAT","text":"x"}`,
		`{"type":"chat","type":"mute","seat":1}`, `{"type":"move","text":"x"}`, `{"type":"chat","text":"x"} {}`, `[]`, `null`, ``,
	} {
		f.Add([]byte(seed), false)
		f.Add([]byte(seed), true)
	}
	s, db, _, _ := fuzzAccounts(f)
	ctx := context.Background()
	// The chat writes to a table of the store; a room full of fuzzed lines gives way to
	// another table's.
	var tab *store.Table
	lines := 0
	newTable := func() {
		t, _, err := s.newTable(createRequest{Game: "pencil", Seats: []seatRequest{{Name: "x"}, {Bot: "random"}}})
		if err != nil {
			f.Fatal(err)
		}
		if err := db.Create(ctx, t); err != nil {
			f.Fatal(err)
		}
		tab, lines = t, 0
	}
	newTable()
	last := func(t *testing.T, room string) int64 {
		l, err := db.Chat(ctx, tab.ID, room, 1)
		if err != nil {
			t.Fatal(err)
		}
		if len(l) == 0 {
			return 0
		}
		return l[0].ID
	}
	f.Fuzz(func(t *testing.T, data []byte, spectator bool) {
		if lines >= store.MaxChatLines-1 {
			newTable()
		}
		seat := engine.Seat(0)
		if spectator {
			seat = engine.Spectator
		}
		c := s.chat.join(tab, seat, "guest", "address 192.0.2.1", func() {})
		defer s.chat.leave(c)
		// A connection muting seat 1 already, so that an unmute shows.
		s.chat.mute(c, 1, true)
		muted := maps.Clone(c.muted)
		before := last(t, c.room)
		chat := isChat(data)
		e := s.handleChat(ctx, c, data)
		if !chat && e == nil {
			t.Fatalf("%q is not a chat message, yet handleChat took it", data)
		}
		queued := s.chat.take(c)
		if e != nil {
			if e.Code != codeBadMessage && e.Code != codeRateLimited || e.Error == "" {
				t.Fatalf("%q: %+v", data, e)
			}
			if last(t, c.room) != before || !maps.Equal(muted, c.muted) || len(queued) != 0 {
				t.Fatalf("refused %q (%s) changed the chat: muted %v, %d lines sent", data, e.Error, c.muted, len(queued))
			}
			return
		}
		var msg chatClientMsg
		if err := json.Unmarshal(data, &msg); err != nil {
			t.Fatalf("%q accepted: %v", data, err)
		}
		if msg.Type == "mute" {
			want := map[engine.Seat]bool{1: true}
			if !msg.Muted {
				delete(want, *msg.Seat)
			} else {
				want[*msg.Seat] = true
			}
			if *msg.Seat < 0 || int(*msg.Seat) >= len(tab.Seats) || *msg.Seat == seat || !maps.Equal(want, c.muted) || last(t, c.room) != before {
				t.Fatalf("mute %q from %v: muted %v", data, seat, c.muted)
			}
			return
		}
		lines++
		text := strings.TrimSpace(msg.Text)
		if msg.Type != "chat" || text == "" || !utf8.ValidString(text) || utf8.RuneCountInString(text) > chatMaxRunes || strings.IndexFunc(text, unicode.IsControl) >= 0 {
			t.Fatalf("chat line %q accepted", data)
		}
		stored, err := db.Chat(ctx, tab.ID, c.room, 1)
		if err != nil || len(stored) != 1 || stored[0].ID == before || stored[0].Text != text {
			t.Fatalf("chat %q: stored %+v, %v", data, stored, err)
		}
		if len(queued) != 1 || queued[0].Text != text || queued[0].Room != c.room || (queued[0].Seat != nil) != (seat >= 0) {
			t.Fatalf("chat %q: sent %+v", data, queued)
		}
	})
}

// FuzzPageQuery asks every GET route that reads a path value or a query parameter for an
// arbitrary one: "$ID" in the path stands for a finished table, which has a replay, "$GAME"
// for a game with a tutorial.
func FuzzPageQuery(f *testing.F) {
	for _, seed := range []struct {
		route      uint8
		value, raw string
	}{
		{0, "", "status=live"}, {0, "", "status=ended&status=open"}, {0, "", "limit=1"}, {0, "", "status=%zz"},
		{0, "", "ids=abc,def"}, {0, "", "ids=,"}, {0, "", "ids=a&status=live"}, {0, "", "ids=%00"},
		{1, "$ID", "at=0"}, {1, "$ID", "at=2"}, {1, "$ID", "at=-1"}, {1, "$ID", "at=+1"}, {1, "$ID", "at=99999999999999999999"},
		{1, "$ID", "at=1&at=2"}, {1, "$ID", "at=%201"}, {1, "$ID", "at=1e2"}, {1, "nope", "at=1"}, {1, "$ID", ""},
		{2, "pencil", "step=0"}, {2, "pencil", "step=3"}, {2, "centercourt", "step=-1"}, {2, "pencil", "step=1000000"}, {2, "nope", "step=1"},
		{2, "PENCIL", "step=0x1"}, {3, "$ID", ""}, {3, "../..", ""}, {4, "$ID", ""}, {5, "$ID", ""}, {6, "ann", ""}, {6, "%00", ""},
		{7, "pencil", ""}, {7, "<script>", ""}, {8, "$ID", ""}, {9, "nope", ""}, {10, "pencil", "x=1"}, {11, "x", ""}, {12, "", "x=1"},
		{13, "ann", ""}, {14, "x", ""}, {14, "\x94", ""}, {14, "js/", ""},
	} {
		f.Add(seed.route, seed.value, seed.raw)
	}
	s, db, _, cookie := fuzzAccounts(f)
	h := s.Handler()
	ctx := context.Background()
	// A finished table: the bidding game between two random bots, played to its end.
	tab, _, err := s.newTable(createRequest{Game: "pencil", Options: engine.Options{"points": "5", "fields": "3"}, Seats: []seatRequest{{Bot: "random"}, {Bot: "random"}}})
	if err != nil {
		f.Fatal(err)
	}
	if err := db.Create(ctx, tab); err != nil {
		f.Fatal(err)
	}
	if _, err := s.start(tab, ""); err != nil {
		f.Fatal(err)
	}
	for deadline := time.Now().Add(time.Minute); ; time.Sleep(10 * time.Millisecond) {
		if got, err := db.Get(ctx, tab.ID); err == nil && got.Status == store.Finished {
			tab = got
			break
		}
		if time.Now().After(deadline) {
			f.Fatal("the bots did not finish their match")
		}
	}
	routes := []string{
		"/api/tables", "/api/tables/{}/replay", "/api/tutorials/{}", "/api/tables/{}", "/api/tables/{}/record",
		"/api/tables/{}/analysis", "/api/users/{}", "/api/leaderboard/{}", "/t/{}", "/r/{}", "/learn/{}", "/api/seeks/{}",
		"/api/seeks", "/u/{}", "/static/{}",
	}
	f.Fuzz(func(t *testing.T, route uint8, value, raw string) {
		value = strings.ReplaceAll(value, "$ID", tab.ID)
		path := strings.Replace(routes[int(route)%len(routes)], "{}", url.PathEscape(value), 1)
		r := httptest.NewRequest("GET", "/", nil)
		r.URL = &url.URL{Path: path, RawPath: path, RawQuery: raw}
		if u, err := url.Parse(path); err == nil {
			r.URL.Path = u.Path
		}
		r.RequestURI = r.URL.RequestURI()
		w := serveFuzz(h, r, cookie, false)
		checkAnswer(t, r.RequestURI, w)
		if w.Code != http.StatusOK {
			return
		}
		q, _ := url.ParseQuery(raw)
		// The number a frame was asked for, or 0.
		asked := func(name string) int {
			if q.Get(name) == "" {
				return 0
			}
			n, err := strconv.Atoi(q.Get(name))
			if err != nil {
				t.Fatalf("%s: %s=%q accepted", r.RequestURI, name, q.Get(name))
			}
			return n
		}
		switch {
		case strings.HasSuffix(path, "/replay"):
			var frame struct{ At, Moves int }
			if err := json.Unmarshal(w.Body.Bytes(), &frame); err != nil || frame.At != asked("at") || frame.At < 0 || frame.At > frame.Moves || frame.Moves != len(tab.Moves) {
				t.Fatalf("%s: %+v, %v", r.RequestURI, frame, err)
			}
		case strings.HasPrefix(path, "/api/tutorials/"):
			var frame struct{ Step, Steps int }
			if err := json.Unmarshal(w.Body.Bytes(), &frame); err != nil || frame.Step != asked("step") || frame.Step < 0 || frame.Step > frame.Steps {
				t.Fatalf("%s: %+v, %v", r.RequestURI, frame, err)
			}
		}
	})
}
