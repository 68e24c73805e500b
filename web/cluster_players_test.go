package web_test

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"net/http"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"deuce/rating"
	"deuce/store/postgres/pgtest"
	"deuce/timesource"
	"deuce/web"
)

// on returns p as a browser talking to node nd: the same cookies (the session is in the shared
// store, and cookies do not depend on the port), another server.
func (p *person) on(t *testing.T, nd *node) *person {
	return &person{s: &accountServer{t: t, url: nd.main.URL(), main: nd.main}, http: p.http, bearer: p.bearer}
}

// chatUntil reads w's messages until a chat line and returns its text; an error message fails
// the test.
func chatUntil(t *testing.T, w *wsconn) pmsg {
	t.Helper()
	m := w.until(func(m pmsg) bool { return m.Type == "chat" || m.Type == "error" })
	if m.Type == "error" {
		t.Fatalf("error instead of a chat line: %s", m.Code)
	}
	return m
}

// TestPlayersAcrossNodes: three nodes on one database. A seek posted on one node is listed and
// accepted on another; the players and spectators of the table it makes sit on all three
// nodes, and every chat line reaches every connection of its room whatever its node, mutes
// and rate limits included; the rated result is seen on a third node.
func TestPlayersAcrossNodes(t *testing.T) {
	ft := timesource.NewFake(time.Date(2026, 5, 1, 18, 0, 0, 0, time.UTC))
	nodes := startNodes(t, pgtest.Schema(t), 3, func(m *web.Main) { m.Clock = ft })
	home := &accountServer{t: t, url: nodes[0].main.URL(), main: nodes[0].main}
	ann := home.signUp("ann")
	bob := home.signUp("bob").on(t, nodes[1])
	watcher := home.person().on(t, nodes[2])
	fan := home.person().on(t, nodes[1])

	// The seek: posted on node 1, listed and accepted on node 2, whose table ann finds on node 1.
	id := seekTable(t, ann, bob)

	// ann twice on node 1, bob on node 2 (the node that started the table), spectators on
	// nodes 2 and 3.
	a, a2, b := ann.dial(id, ""), ann.dial(id, ""), bob.dial(id, "")
	w, f := watcher.dial(id, ""), fan.dial(id, "")
	var first [4]pmsg
	for i, c := range []*wsconn{a, a2, b, f} {
		first[i] = c.until(isType("update"))
	}
	// The clock, held until both players have taken their seats, one of them through a node
	// that does not play the table, runs: the node playing it saves it running.
	for deadline := time.Now().Add(20 * time.Second); ; time.Sleep(5 * time.Millisecond) {
		info, err := nodes[2].db.TableInfo(context.Background(), id)
		if err != nil {
			t.Fatal(err)
		}
		var saved struct {
			Running []int `json:"running"`
		}
		if info.ClockState != nil && json.Unmarshal(info.ClockState, &saved) == nil && len(saved.Running) > 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the clock is not running once both players sat down: saved %s", info.ClockState)
		}
	}
	// Node 3, which runs nothing, shows the spectator the clocks as the running match saved
	// them: the first update after the start, or the one its start sends.
	if u := w.until(func(m pmsg) bool { return m.Type == "update" && m.Clock != nil && len(m.Clock.Running) > 0 }); u.Clock.Control != "1+1" || u.Clock.Left[u.Clock.Running[0]] > 60000 {
		t.Errorf("node 3 shows the clock %+v, want 1+1 running from at most a minute", u.Clock)
	}
	// The lobby of node 3, which runs nothing, lists the table as live.
	var lobby []struct {
		ID string `json:"id"`
	}
	watcher.must(http.StatusOK, "GET", "/api/tables?status=live", nil, &lobby)
	if !strings.Contains(fmt.Sprint(lobby), id) {
		var all any
		watcher.must(http.StatusOK, "GET", "/api/tables", nil, &all)
		t.Errorf("node 3's lobby %v lacks the live table %s; all tables: %v", lobby, id, all)
	}

	// Each moves once (a rated match that ends sooner does not count), ann through node 1.
	bothMove(t, [2]*wsconn{a, b}, [2]pmsg{first[0], first[2]})

	say := func(from *wsconn, text string, to ...*wsconn) {
		t.Helper()
		from.send(map[string]any{"type": "chat", "text": text})
		for _, c := range to {
			if m := chatUntil(t, c); m.Text != text {
				t.Fatalf("chat line %q, want %q", m.Text, text)
			}
		}
	}
	// The players' room: each player's line reaches every player connection.
	say(a, "from node one", a, a2, b)
	say(b, "from node two", a, a2, b)
	// The spectators' room, across nodes. The first line node 2's spectator reads is its own:
	// the players' lines, which node 2 has shown bob, did not reach it.
	say(f, "from the stands on node two", f, w)
	say(w, "from the stands on node three", w, f)
	// Nor did node 2 show the spectators' lines to bob, who read the last one's node already.
	say(a, "players only", a, a2, b)
	// A mute on node 1 holds for lines written on node 2: ann's other connection on node 1,
	// which did not mute bob, reads bob's line, so node 1 has had it when ann's muting
	// connection reads its next line, its own.
	a.send(map[string]any{"type": "mute", "seat": 1, "muted": true})
	say(a, "ann mutes bob", a, a2, b)
	say(b, "muted for ann", b, a2)
	say(a, "ann again", a, a2, b)
	// A new connection on any node gets its room's history, lines written through every node.
	late := watcher.on(t, nodes[0]).dial(id, "")
	for _, want := range []string{"from the stands on node two", "from the stands on node three"} {
		if m := chatUntil(t, late); m.Text != want {
			t.Fatalf("history line %q, want %q", m.Text, want)
		}
	}
	// The rate limit of a writer (ann's seat) holds on the node it writes through, across its
	// connections there: four lines of a burst of five are spent, and the clock stands still.
	say(a2, "the fifth", a, a2, b)
	a2.send(map[string]any{"type": "chat", "text": "one too many"})
	if m := a2.until(func(m pmsg) bool { return m.Type == "error" || m.Text == "one too many" }); m.Code != "rate_limited" {
		t.Errorf("a line past the burst: %+v, want rate_limited", m)
	}

	// ann resigns on node 1; the rated result is seen on node 3 (ratings live in the store).
	a.send(map[string]any{"type": "resign"})
	if end := b.until(func(m pmsg) bool { return m.Type == "update" && m.Result.Over }); end.Result.Winner != 1 {
		t.Fatalf("result %+v, want bob to win", end.Result)
	}
	winner, _ := rating.Update(rating.New(), []rating.Result{{Opponent: rating.New(), Score: 1}}, 0)
	loser, _ := rating.Update(rating.New(), []rating.Result{{Opponent: rating.New(), Score: 0}}, 0)
	for name, want := range map[string]rating.Rating{"ann": loser, "bob": winner} {
		var prof struct {
			Ratings []struct {
				Rating float64 `json:"rating"`
			} `json:"ratings"`
		}
		watcher.must(http.StatusOK, "GET", "/api/users/"+name, nil, &prof)
		if len(prof.Ratings) != 1 || math.Abs(prof.Ratings[0].Rating-want.Rating) > 1e-6 {
			t.Errorf("node 3 shows %s's ratings %+v, want %.2f", name, prof.Ratings, want.Rating)
		}
	}
}

// TestSignInLimitAcrossNodes: the five sign-in attempts a name has a minute are counted across
// the nodes, so that guessing through more nodes buys no more guesses.
func TestSignInLimitAcrossNodes(t *testing.T) {
	ft := timesource.NewFake(time.Date(2026, 5, 1, 18, 0, 0, 0, time.UTC))
	nodes := startNodes(t, pgtest.Schema(t), 3, func(m *web.Main) { m.Clock = ft })
	home := &accountServer{t: t, url: nodes[0].main.URL(), main: nodes[0].main}
	home.signUp("ann")
	ft.Advance(time.Minute)
	guesser := home.person()
	wrong := map[string]string{"name": "Ann", "password": "not the password"}
	for i := range 5 {
		guesser.on(t, nodes[i%3]).must(http.StatusUnauthorized, "POST", "/api/account/signin", wrong, nil)
	}
	for _, nd := range nodes {
		resp := guesser.on(t, nd).must(http.StatusTooManyRequests, "POST", "/api/account/signin", wrong, nil)
		if resp.Header.Get("Retry-After") == "" {
			t.Error("429 without Retry-After")
		}
	}
	ft.Advance(time.Minute)
	guesser.on(t, nodes[2]).must(http.StatusOK, "POST", "/api/account/signin", map[string]string{"name": "ann", "password": "correct horse"}, nil)
}

// TestSpectatorsCountedOnEveryNode: the spectators of a table are capped by each node for its
// own connections, the nodes that do not run the table included.
func TestSpectatorsCountedOnEveryNode(t *testing.T) {
	nodes := startNodes(t, pgtest.Schema(t), 2, func(m *web.Main) { m.Limits.SpectatorsPerTable = 1 })
	owner := &server{t: t, main: nodes[0].main, url: nodes[0].main.URL()}
	other := &server{t: t, main: nodes[1].main, url: nodes[1].main.URL()}
	c := owner.create(twoPeople)
	for _, s := range []*server{owner, other} {
		s.connect(c.ID, "").untilUpdate()
		if m := s.connect(c.ID, "").untilError(); m.Code != "full" || !strings.Contains(m.Error, "1 spectators") {
			t.Fatalf("a second spectator on %s: %+v; want full", s.url, m)
		}
	}
}

// TestMoveSentAgainOnAMovedOnViewIsIgnored: a second move on a view the seat has already moved
// on (sent again because the answer to the first was lost) is ignored, not refused: the first
// stands, nothing more is stored, and no error reaches a client that did what it was told.
func TestMoveSentAgainOnAMovedOnViewIsIgnored(t *testing.T) {
	s := startServer(t, filepath.Join(t.TempDir(), "deuce.db"))
	c := s.create(map[string]any{"game": "centercourt", "variant": "tiebreak", "seats": []any{map[string]string{"name": "Ann"}, map[string]string{"name": "Bob"}}})
	conns := []*client{s.connect(c.ID, c.Seats[0].Token), s.connect(c.ID, c.Seats[1].Token)}
	first := []message{conns[0].untilUpdate(), conns[1].untilUpdate()}
	u := first[first[0].ToMove]
	mover := conns[u.ToMove]
	mover.send(map[string]any{"type": "move", "seq": u.Seq, "action": u.Legal[0].Action})
	for next := mover.untilUpdate(); next.Seq <= u.Seq; next = mover.untilUpdate() {
	}
	before, err := s.db.Get(context.Background(), c.ID)
	if err != nil {
		t.Fatal(err)
	}
	mover.send(map[string]any{"type": "move", "seq": u.Seq, "action": u.Legal[len(u.Legal)-1].Action})
	mover.send(map[string]any{"type": "dance"})
	if m := mover.untilError(); m.Code != "bad_message" {
		t.Fatalf("the move sent again on the old view: %s %q, want it ignored", m.Code, m.Error)
	}
	after, err := s.db.Get(context.Background(), c.ID)
	if err != nil {
		t.Fatal(err)
	}
	if len(after.Moves) != len(before.Moves) {
		t.Fatalf("%d moves stored after the move sent again, want %d", len(after.Moves), len(before.Moves))
	}
	// A stale move on a view the seat did not move on is still refused.
	other := conns[1-int(u.ToMove)]
	other.send(map[string]any{"type": "move", "seq": u.Seq, "action": 0})
	if m := other.untilError(); m.Code != "stale" && m.Code != "not_your_turn" {
		t.Fatalf("the opponent's move on an old view: %s, want refused", m.Code)
	}
}

// A timed table waiting for its second player offers the first no move on a node that does not
// play it either, and refuses one sent anyway; once the other player sits down, on the node that
// plays it, the clocks start and the first node offers the moves.
func TestTimedTableWaitsAcrossNodes(t *testing.T) {
	ft := timesource.NewFake(time.Date(2026, 5, 1, 18, 0, 0, 0, time.UTC))
	nodes := startNodes(t, pgtest.Schema(t), 2, func(m *web.Main) { m.Clock = ft })
	home := &accountServer{t: t, url: nodes[0].main.URL(), main: nodes[0].main}
	ann := home.signUp("ann")
	bob := home.signUp("bob").on(t, nodes[1])
	// The bidding game: both bid at once, so ann owes a move from the start.
	id := seekTableOf(t, ann, bob, "pencil", "standard") // accepted, so started, on node 2

	a := ann.dial(id, "")
	u := a.until(isType("update"))
	if len(u.Legal) != 0 || u.Clock == nil || len(u.Clock.Running) != 0 {
		t.Fatalf("node 1 offers ann %d moves, clock %+v, while bob has not come: want none, held", len(u.Legal), u.Clock)
	}
	a.send(map[string]any{"type": "move", "action": 0})
	if e := a.until(isType("error")); e.Code != "open" {
		t.Fatalf("ann's move before bob came: %+v, want code open", e)
	}
	b := bob.dial(id, "")
	b.until(isType("welcome"))
	if u := a.until(clockStarted); len(u.Legal) == 0 {
		t.Errorf("node 1 offers ann no bid once the clocks run: %+v", u)
	}
}
