package web_test

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/coder/websocket/wsjson"

	"deuce/engine"
	"deuce/store"
	"deuce/store/sqlite"
	"deuce/timesource"
	"deuce/web"
)

// lifecycleServer is a server on a fake clock showing the real time, so that its times and the
// store's agree.
func lifecycleServer(t *testing.T, setup ...func(m *web.Main)) (*server, *timesource.Fake) {
	t.Helper()
	clock := timesource.NewFake(time.Now())
	s := startWith(t, filepath.Join(t.TempDir(), "deuce.db"), func(m *web.Main) {
		m.Clock = clock
		for _, f := range setup {
			f(m)
		}
	})
	return s, clock
}

// tableInfo is GET /api/tables/ID.
type tableInfo struct {
	Status string         `json:"status"`
	Ended  string         `json:"ended"`
	Result *engine.Result `json:"result"`
	Seats  []struct {
		Name    string `json:"name"`
		Bot     string `json:"bot"`
		Claimed bool   `json:"claimed"`
	} `json:"seats"`
}

func (s *server) info(id string) tableInfo {
	s.t.Helper()
	var ti tableInfo
	if code := s.call("GET", "/api/tables/"+id, nil, &ti); code != http.StatusOK {
		s.t.Fatalf("table %s: status %d", id, code)
	}
	return ti
}

// listed returns the IDs GET /api/tables?status=st lists.
func (s *server) listed(st string) []string {
	s.t.Helper()
	var list []struct {
		ID string `json:"id"`
	}
	s.call("GET", "/api/tables?status="+st, nil, &list)
	var ids []string
	for _, t := range list {
		ids = append(ids, t.ID)
	}
	return ids
}

// untilPresence returns the latest presence message if ok accepts it, or reads until one it does.
func (c *client) untilPresence(ok func(message) bool) message {
	c.t.Helper()
	if c.presence != nil && ok(*c.presence) {
		return *c.presence
	}
	for {
		m := c.mustRead()
		if m.Type == "presence" && ok(m) {
			return m
		}
	}
}

// untilEnd reads until the final update.
func (c *client) untilEnd() message {
	c.t.Helper()
	for {
		if m := c.mustRead(); m.Type == "update" && m.Result.Over {
			return m
		}
	}
}

var twoPeople = map[string]any{"game": "pencil", "seats": []any{map[string]string{"name": "Ann"}, map[string]string{"name": "Bob"}}}

// twoPeopleSeated creates a bidding-game table for Ann and Bob and connects both, each past
// the first view.
func (s *server) twoPeopleSeated() (created, *client, *client) {
	c := s.create(twoPeople)
	ann, bob := s.connect(c.ID, c.Seats[0].Token), s.connect(c.ID, c.Seats[1].Token)
	ann.untilUpdate()
	bob.untilUpdate()
	return c, ann, bob
}

func TestResign(t *testing.T) {
	s, _ := lifecycleServer(t)
	c, ann, bob := s.twoPeopleSeated()
	watcher := s.connect(c.ID, "")
	watcher.untilUpdate()
	watcher.send(map[string]any{"type": "resign"})
	if m := watcher.untilError(); m.Code != "not_your_turn" {
		t.Fatalf("a spectator resigning: %+v", m)
	}
	ann.send(map[string]any{"type": "resign", "action": 3})
	if m := ann.untilError(); m.Code != "bad_message" {
		t.Fatalf("resign with an action: %+v", m)
	}
	// Bob resigns although it is not his turn alone: resigning needs no turn.
	bob.send(map[string]any{"type": "resign"})
	for _, cl := range []*client{ann, bob, watcher} {
		m := cl.untilEnd()
		if m.Ended != store.EndResigned || m.Result.Winner != 0 || len(m.Result.Returns) != 2 || m.Result.Returns[1] != -1 || len(m.Legal) != 0 {
			t.Errorf("final update: ended %q result %+v legal %v", m.Ended, m.Result, m.Legal)
		}
	}
	ti := s.info(c.ID)
	if ti.Status != "finished" || ti.Ended != store.EndResigned || ti.Result == nil || ti.Result.Winner != 0 {
		t.Errorf("table after resigning: %+v", ti)
	}
	if ids := s.listed("ended"); len(ids) != 1 || ids[0] != c.ID {
		t.Errorf("history lists %v", ids)
	}
	// A resigned match can be replayed and rematched; reconnecting shows the end.
	if code := s.call("GET", "/api/tables/"+c.ID+"/replay?at=0", nil, nil); code != http.StatusOK {
		t.Errorf("replay: %d", code)
	}
	// The replay's last frame and the record end on the resignation, not on an unfinished match.
	var last struct {
		At, Moves int
		Result    engine.Result
		Ended     string
	}
	var ti2 struct{ Moves int }
	s.call("GET", "/api/tables/"+c.ID, nil, &ti2)
	if code := s.call("GET", fmt.Sprintf("/api/tables/%s/replay?at=%d", c.ID, ti2.Moves), nil, &last); code != http.StatusOK ||
		!last.Result.Over || last.Result.Winner != 0 || last.Ended != store.EndResigned {
		t.Errorf("the replay's last frame (%d): at %d of %d, result %+v, ended %q", code, last.At, last.Moves, last.Result, last.Ended)
	}
	var rec engine.Record
	if code := s.call("GET", "/api/tables/"+c.ID+"/record", nil, &rec); code != http.StatusOK ||
		rec.Ended != store.EndResigned || rec.Result == nil || rec.Result.Winner != 0 {
		t.Errorf("the record (%d): ended %q, result %+v", code, rec.Ended, rec.Result)
	}
	if m := s.connect(c.ID, c.Seats[0].Token).untilEnd(); m.Ended != store.EndResigned || m.Result.Winner != 0 {
		t.Errorf("reconnecting after the end: %+v", m)
	}
	ann2 := s.connect(c.ID, c.Seats[0].Token)
	ann2.untilEnd()
	ann2.send(map[string]any{"type": "resign"})
	if _, err := ann2.read(); err == nil {
		// The connection to an ended table closes after the final view.
		if m, err := ann2.read(); err == nil && m.Type != "error" {
			t.Errorf("resigning twice: %+v", m)
		}
	}
}

func TestDisconnectedSeatCanBeClaimedAfterTheAbandonTime(t *testing.T) {
	s, clock := lifecycleServer(t)
	c, ann, bob := s.twoPeopleSeated()
	ann.untilPresence(func(m message) bool { return len(m.Seats) == 2 && m.Seats[1].Connected })
	// Bob seen connected first: a presence read before he came must not pass for his leaving.
	ann.untilPresence(func(m message) bool { return m.Seats[1].Connected })
	bob.conn.Close(websocket.StatusNormalClosure, "gone")
	// He is away from the moment he leaves (the page shows it at once), before any time passes.
	gone := ann.untilPresence(func(m message) bool { return !m.Seats[1].Connected && !m.Seats[1].Abandoned })
	if gone.Seats[1].Away < 1 {
		t.Errorf("away %v the moment bob left, want at least 1 so that the page marks him away", gone.Seats[1].Away)
	}
	ann.send(map[string]any{"type": "claim"})
	if m := ann.untilError(); m.Code != "not_abandoned" || !strings.Contains(m.Error, "2m0s") {
		t.Fatalf("claim at once: %+v", m)
	}
	clock.Advance(2*time.Minute - time.Second)
	s.main.Sweep(context.Background())
	ann.send(map[string]any{"type": "claim"})
	if m := ann.untilError(); m.Code != "not_abandoned" {
		t.Fatalf("claim a second early: %+v", m)
	}
	clock.Advance(time.Second)
	s.main.Sweep(context.Background())
	ann.untilPresence(func(m message) bool { return m.Seats[1].Abandoned })
	ann.send(map[string]any{"type": "claim"})
	m := ann.untilEnd()
	if m.Ended != store.EndClaimed || m.Result.Winner != 0 {
		t.Fatalf("after the claim: ended %q result %+v", m.Ended, m.Result)
	}
	if ti := s.info(c.ID); ti.Status != "finished" || ti.Ended != store.EndClaimed {
		t.Errorf("table after the claim: %+v", ti)
	}
}

func TestDisconnectedSeatCanBeHandedToABot(t *testing.T) {
	s, clock := lifecycleServer(t)
	c := s.create(twoPeople)
	ann, bob := s.connect(c.ID, c.Seats[0].Token), s.connect(c.ID, c.Seats[1].Token)
	u := ann.untilUpdate()
	bob.untilUpdate()
	// Bob seen connected first: a presence read before he came must not pass for his leaving.
	ann.untilPresence(func(m message) bool { return m.Seats[1].Connected })
	bob.conn.Close(websocket.StatusNormalClosure, "gone")
	ann.untilPresence(func(m message) bool { return !m.Seats[1].Connected })
	clock.Advance(2 * time.Minute)
	s.main.Sweep(context.Background())
	ann.untilPresence(func(m message) bool { return m.Seats[1].Abandoned })
	ann.send(map[string]any{"type": "bot"})
	ann.untilPresence(func(m message) bool { return !m.Seats[1].Person })
	if ti := s.info(c.ID); ti.Seats[1].Bot != "easy" || ti.Status != "live" && ti.Status != "open" {
		t.Fatalf("table after handing Bob's seat to a bot: %+v", ti)
	}
	// The match goes on: Ann bids, the bot answers, a round is played.
	ann.send(map[string]any{"type": "move", "seq": u.Seq, "action": u.Legal[0].Action})
	for u.Seq < 2 {
		u = ann.untilUpdate()
	}
	// Bob's link now shows a seat a bot plays: his moves are refused.
	bob2 := s.connect(c.ID, c.Seats[1].Token)
	bu := bob2.untilUpdate()
	if len(bu.Legal) != 0 {
		t.Errorf("Bob's seat, played by a bot, offers him moves: %v", bu.Legal)
	}
	bob2.send(map[string]any{"type": "resign"})
	if m := bob2.untilError(); m.Code != "not_your_turn" {
		t.Errorf("Bob resigning the bot's seat: %+v", m)
	}
}

func TestUntouchedTablesExpireAndBotTablesHaveATimeLimit(t *testing.T) {
	// Bots wait an hour before each move: the bot table is still being played at its limit.
	s, clock := lifecycleServer(t, func(m *web.Main) { m.BotDelay = time.Hour })
	open := s.create(twoPeople)
	watched := s.create(twoPeople)
	w := s.connect(watched.ID, "")
	w.untilUpdate()
	bots := s.post("/api/tables", map[string]any{"game": "alakaslam", "seats": []any{map[string]string{"bot": "random"}, map[string]string{"bot": "random"}}, "options": map[string]string{"points": "7"}})
	if bots.status != http.StatusCreated {
		t.Fatalf("bot table: %d %s", bots.status, bots.Error)
	}
	var botID struct {
		ID string `json:"id"`
	}
	_ = jsonUnmarshal(bots.body, &botID)

	clock.Advance(29 * time.Minute)
	s.main.Sweep(context.Background())
	if ti := s.info(open.ID); ti.Status != "open" {
		t.Fatalf("open table expired early: %+v", ti)
	}
	clock.Advance(time.Minute)
	s.main.Sweep(context.Background())
	if ti := s.info(open.ID); ti.Status != "abandoned" || ti.Ended != store.EndExpired || ti.Result != nil {
		t.Errorf("untouched table after 30 min: %+v", ti)
	}
	// Someone watching keeps a table alive.
	if ti := s.info(watched.ID); ti.Status != "open" {
		t.Errorf("watched table: %+v", ti)
	}
	if ti := s.info(botID.ID); ti.Status != "abandoned" || ti.Ended != store.EndTimeLimit {
		t.Errorf("bot table after its time limit: %+v", ti)
	}
	for _, id := range s.listed("open") {
		if id == open.ID {
			t.Errorf("the expired table is still listed as open")
		}
	}
	// Open sockets alone do not hold a table for ever: with no move for 2 hours it expires.
	clock.Advance(89 * time.Minute)
	s.main.Sweep(context.Background())
	if ti := s.info(watched.ID); ti.Status != "open" {
		t.Errorf("watched table after 1h59 without a move: %+v", ti)
	}
	clock.Advance(time.Minute)
	s.main.Sweep(context.Background())
	if ti := s.info(watched.ID); ti.Status != "abandoned" || ti.Ended != store.EndExpired {
		t.Errorf("watched table after 2 h without a move: %+v", ti)
	}
}

func TestLiveNowListsOnlyRecentActivity(t *testing.T) {
	s, clock := lifecycleServer(t)
	c := s.create(twoPeople)
	ann, bob := s.connect(c.ID, c.Seats[0].Token), s.connect(c.ID, c.Seats[1].Token)
	u := ann.untilUpdate()
	bob.untilUpdate()
	ann.send(map[string]any{"type": "move", "seq": u.Seq, "action": u.Legal[0].Action})
	ann.untilUpdate()
	if ids := s.listed("live"); len(ids) != 1 || ids[0] != c.ID {
		t.Fatalf("live now: %v; want the table just played", ids)
	}
	clock.Advance(10*time.Minute + time.Second)
	if ids := s.listed("live"); len(ids) != 0 {
		t.Errorf("live now after 10 quiet minutes: %v; want nothing", ids)
	}
	// A browser holding the seat still finds it by its ID, live or not, and an ID it does not
	// know is only absent.
	for q, want := range map[string][]string{"live&ids=nosuch," + c.ID: {c.ID}, "&ids=" + c.ID: {c.ID}, "open&ids=" + c.ID: nil} {
		if ids := s.listed(q); !slices.Equal(ids, want) {
			t.Errorf("tables?status=%s: %v; want %v", q, ids, want)
		}
	}
	for q, want := range map[string]string{
		"status=playing":                        "want open, live",
		"ids=" + c.ID + ",a%20b":                `"a b" is not a table id`,
		"ids=":                                  `"" is not a table id`,
		"ids=a&ids=b":                           "give ids once",
		"ids=" + strings.Repeat("a,", 50) + "a": "more than 50",
		"zz=1&ids=a&ids=b&aa=2":                 "unknown parameter \"aa\"",
		"mine=1":                                "the parameters are status and ids",
	} {
		var out struct {
			Error string `json:"error"`
		}
		if code := s.call("GET", "/api/tables?"+q, nil, &out); code != http.StatusBadRequest || !strings.Contains(out.Error, want) {
			t.Errorf("tables?%s: %d %q; want 400 saying %q", q, code, out.Error, want)
		}
	}
}

func TestUnknownTableIsNotFound(t *testing.T) {
	s := startServer(t, filepath.Join(t.TempDir(), "deuce.db"))
	// Each 404 page says what is missing, and leads back to the lobby.
	for path, want := range map[string]string{
		"/t/nosuchtable": "<h1>No such table</h1>", "/r/nosuchtable": "the table may be from another server",
		"/nowhere": "<h1>Nothing here</h1>", "/learn/squash": "<h1>No such game</h1>", "/u/nobody-at-all": "<h1>No such player</h1>",
		// The assets' folders are not listed, and the lobby is not served from them.
		"/static/": "<h1>Nothing here</h1>", "/static/js/": "<h1>Nothing here</h1>", "/static/css": "<h1>Nothing here</h1>",
		"/static/index.html": "<h1>Nothing here</h1>", "/static/js/nothing.js": "<h1>Nothing here</h1>",
	} {
		a := s.raw("GET", path, "", "", nil)
		if a.status != http.StatusNotFound || !strings.Contains(string(a.body), `href="/"`) || !strings.Contains(string(a.body), want) {
			t.Errorf("%s: %d %.400s", path, a.status, a.body)
		}
		if path != "/t/nosuchtable" && path != "/r/nosuchtable" && strings.Contains(string(a.body), "table") {
			t.Errorf("%s speaks of a table: %.400s", path, a.body)
		}
	}
	// The names a person guesses lead where they meant.
	stay := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	for path, want := range map[string]string{"/learn": "/#learn-title", "/learn/": "/#learn-title", "/leaderboards": "/leaderboard", "/leaderboards/": "/leaderboard", "/leaderboard/": "/leaderboard"} {
		resp, err := stay.Get(s.url + path)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode/100 != 3 || resp.Header.Get("Location") != want {
			t.Errorf("%s: %d to %q, want a redirect to %s", path, resp.StatusCode, resp.Header.Get("Location"), want)
		}
	}
	_, resp, err := websocket.Dial(context.Background(), strings.Replace(s.url, "http", "ws", 1)+"/ws/tables/nosuchtable", nil)
	if err == nil || resp == nil || resp.StatusCode != http.StatusNotFound {
		t.Errorf("socket to an unknown table: %v %v; want 404", err, resp)
	}
	c := s.create(pencilVsBot)
	if a := s.raw("GET", "/t/"+c.ID, "", "", nil); a.status != http.StatusOK {
		t.Errorf("a real table's page: %d", a.status)
	}
	// A game or a player that does not exist has no page either.
	for _, c := range []struct{ path, headline string }{{"/learn/nosuchgame", "No such game"}, {"/u/nosuchplayer", "No such player"}} {
		a := s.raw("GET", c.path, "", "", nil)
		if a.status != http.StatusNotFound || !strings.Contains(string(a.body), "<h1>"+c.headline+"</h1>") || !strings.Contains(string(a.body), `href="/"`) {
			t.Errorf("%s: %d %.300s", c.path, a.status, a.body)
		}
	}
	if a := s.raw("GET", "/learn/centercourt", "", "", nil); a.status != http.StatusOK {
		t.Errorf("a real game's page: %d", a.status)
	}
}

// TestUnplayableTableEndsAtResume checks that a table the server refuses to play (an
// equilibrium bot over the points limit, stored by an older server) is ended at the restart
// instead of failing at every one.
func TestUnplayableTableEndsAtResume(t *testing.T) {
	path := filepath.Join(t.TempDir(), "deuce.db")
	db, err := sqlite.Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	tab := &store.Table{ID: "huge", Game: "pencil", Options: engine.Options{"points": "1000"}, Status: store.Live,
		Seats: []store.Seat{{Name: "eq", Bot: "equilibrium", Claimed: true}, {Name: "x", TokenHash: strings.Repeat("a", 64), Claimed: true}}}
	if err := db.Create(context.Background(), tab); err != nil {
		t.Fatal(err)
	}
	db.Close()
	s := startServer(t, path)
	if ti := s.info("huge"); ti.Status != "abandoned" || ti.Ended != store.EndUnplayable {
		t.Errorf("table after resuming: %+v", ti)
	}
}

// A client whose last frame was a ping leaves the server reading in the middle of waiting for
// a message: the end of the match must still close its connection (after a bounded wait for
// that read), not wait for the client to send something.
func TestEndClosesASocketWaitingMidRead(t *testing.T) {
	s, _ := lifecycleServer(t)
	_, ann, bob := s.twoPeopleSeated()
	pctx, pcancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
	defer pcancel()
	go ann.conn.Ping(pctx)             // the pong is never read: only the ping matters
	time.Sleep(300 * time.Millisecond) // lets the server start reading after the ping
	bob.send(map[string]any{"type": "resign"})
	ann.untilEnd()
	done := make(chan error, 1)
	go func() {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		for {
			if _, _, err := ann.conn.Read(ctx); err != nil {
				done <- err
				return
			}
		}
	}()
	err := <-done
	var ce websocket.CloseError
	if errors.Is(err, context.DeadlineExceeded) && !errors.As(err, &ce) {
		t.Fatalf("the server never closed the connection after the match: %v", err)
	}
}

// TestCancelOpenTable checks that a player may call off a table nobody else has joined: the
// presence says the table is open while a seat waits, a spectator may not call it off, and once
// every seat is taken it is too late (resigning is the way out then).
func TestCancelOpenTable(t *testing.T) {
	s, _ := lifecycleServer(t)
	c := s.create(twoPeople)
	ann := s.connect(c.ID, c.Seats[0].Token)
	ann.untilUpdate()
	ann.untilPresence(func(m message) bool { return m.Open })
	watcher := s.connect(c.ID, "")
	watcher.untilUpdate()
	watcher.send(map[string]any{"type": "cancel"})
	if m := watcher.untilError(); m.Code != "not_your_turn" {
		t.Fatalf("a spectator calling the table off: %+v", m)
	}
	ann.send(map[string]any{"type": "cancel", "seq": 0})
	if m := ann.untilError(); m.Code != "bad_message" {
		t.Fatalf("cancel with a seq: %+v", m)
	}
	// Resigning to a player who never came is refused: it would hand them the win.
	ann.send(map[string]any{"type": "resign"})
	if m := ann.untilError(); m.Code != "open" || !strings.Contains(m.Error, "call the table off") {
		t.Fatalf("resigning a table nobody else joined: %+v", m)
	}
	if ti := s.info(c.ID); ti.Status != "open" {
		t.Fatalf("table after refused cancels and resignation: %+v", ti)
	}
	ann.send(map[string]any{"type": "cancel"})
	for _, cl := range []*client{ann, watcher} {
		if m := cl.untilEnd(); m.Ended != store.EndCancelled || m.Result.Winner != engine.Nobody || len(m.Result.Returns) != 0 || len(m.Legal) != 0 {
			t.Errorf("final update: ended %q result %+v legal %v", m.Ended, m.Result, m.Legal)
		}
	}
	if ti := s.info(c.ID); ti.Status != "abandoned" || ti.Ended != store.EndCancelled || ti.Result != nil {
		t.Errorf("table after cancelling: %+v", ti)
	}
	// Bob comes too late: the table is over, and his seat is not taken.
	bob := s.connect(c.ID, c.Seats[1].Token)
	if m := bob.untilEnd(); m.Ended != store.EndCancelled {
		t.Errorf("Bob arriving after the cancel: ended %q", m.Ended)
	}
	if ti := s.info(c.ID); !ti.Seats[0].Claimed || ti.Seats[1].Claimed {
		t.Errorf("seats after Bob came too late: %+v, want Ann's taken and Bob's not", ti.Seats)
	}

	// Once both are seated, the table is no longer open: cancel is refused and nothing changes.
	c2, ann2, bob2 := s.twoPeopleSeated()
	ann2.untilPresence(func(m message) bool { return !m.Open && len(m.Seats) == 2 && m.Seats[1].Connected })
	bob2.send(map[string]any{"type": "cancel"})
	if m := bob2.untilError(); m.Code != "not_open" || !strings.Contains(m.Error, "resign") {
		t.Fatalf("cancelling a table both joined: %+v", m)
	}
	if ti := s.info(c2.ID); ti.Status != "live" || ti.Ended != "" {
		t.Errorf("table after a refused cancel: %+v", ti)
	}
}

// TestHelloTimeoutSaysWhy checks that a websocket that never says hello is closed with a close
// frame that says why (1008, naming hello), not dropped, so that a client can tell its user.
func TestHelloTimeoutSaysWhy(t *testing.T) {
	s := startWith(t, filepath.Join(t.TempDir(), "deuce.db"), func(m *web.Main) { m.Limits.HelloTimeout = 200 * time.Millisecond })
	c := s.create(twoPeople)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	conn, _, err := websocket.Dial(ctx, strings.Replace(s.url, "http", "ws", 1)+"/ws/tables/"+c.ID, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.CloseNow()
	_, _, err = conn.Read(ctx)
	var ce websocket.CloseError
	if !errors.As(err, &ce) || ce.Code != websocket.StatusPolicyViolation || !strings.Contains(ce.Reason, `{"type":"hello"}`) {
		t.Fatalf("a connection that sent nothing: %v, want a close frame 1008 asking for hello", err)
	}
	if ti := s.info(c.ID); ti.Status != "open" {
		t.Errorf("table after a silent connection: %+v", ti)
	}
}

// TestBadHelloSaysWhy: a first message that is not a hello is told what is wrong with it
// before the connection closes (the close frame's reason is short, and a client may not show
// it); a second hello is told it came already.
func TestBadHelloSaysWhy(t *testing.T) {
	s := startServer(t, filepath.Join(t.TempDir(), "deuce.db"))
	c := s.create(twoPeople)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	for _, tc := range []struct {
		first any
		says  string
	}{
		{map[string]any{"type": "hello", "tokn": "x"}, `unknown field "tokn"`},
		{map[string]any{"type": "move", "action": 1}, `must be a hello, not "move"`},
		{"not an object", "not a valid hello"},
	} {
		conn, _, err := websocket.Dial(ctx, strings.Replace(s.url, "http", "ws", 1)+"/ws/tables/"+c.ID, nil)
		if err != nil {
			t.Fatal(err)
		}
		if err := wsjson.Write(ctx, conn, tc.first); err != nil {
			t.Fatal(err)
		}
		var m message
		if err := wsjson.Read(ctx, conn, &m); err != nil || m.Type != "error" || m.Code != "bad_message" || !strings.Contains(m.Error, tc.says) {
			t.Errorf("first message %v: %+v, %v; want bad_message saying %s", tc.first, m, err, tc.says)
		}
		_, _, err = conn.Read(ctx)
		if websocket.CloseStatus(err) != websocket.StatusPolicyViolation {
			t.Errorf("first message %v: the connection ended with %v, want 1008", tc.first, err)
		}
		conn.CloseNow()
	}
	ann := s.connect(c.ID, c.Seats[0].Token)
	ann.untilUpdate()
	ann.send(map[string]any{"type": "hello", "token": c.Seats[0].Token})
	if m := ann.untilError(); m.Code != "bad_message" || !strings.Contains(m.Error, "said hello already") {
		t.Errorf("a second hello: %+v", m)
	}
}
