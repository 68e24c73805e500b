package web_test

import (
	"context"
	"net/http"
	"slices"
	"testing"
	"time"

	"deuce/engine"
	"deuce/store"
)

// rematchInfo is what GET /api/tables/{id} says of a finished table's rematch.
type rematchInfo struct {
	Rematch   string `json:"rematch"`
	RematchBy string `json:"rematchBy"`
}

// resignedSeekTable seats ann and bob, by their accounts, at a rated 1+1 table made from a seek,
// where each moves once and ann resigns: the table is finished, rated. It returns the table.
func resignedSeekTable(t *testing.T, s *accountServer, ann, bob *person) string {
	t.Helper()
	id, a, b := seatedSeekTable(t, ann, bob)
	bob.must(http.StatusConflict, "POST", "/api/tables/"+id+"/rematch", map[string]string{}, nil)
	bothMove(t, [2]*wsconn{a, b}, [2]pmsg{a.until(clockStarted), b.until(clockStarted)})
	a.send(map[string]any{"type": "resign"})
	// The sockets of an ended table may close before its last update is read: the store says
	// when the resignation is saved.
	for deadline := time.Now().Add(20 * time.Second); ; time.Sleep(5 * time.Millisecond) {
		got, err := s.db.Get(context.Background(), id)
		if err != nil {
			t.Fatal(err)
		}
		if got.Status == store.Finished {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("table after ann resigned: %s, want finished", got.Status)
		}
	}
	return id
}

// offerRematch has p offer a rematch of table id: the new table.
func offerRematch(p *person, id string) (r struct {
	ID string `json:"id"`
}) {
	p.s.t.Helper()
	p.must(http.StatusCreated, "POST", "/api/tables/"+id+"/rematch", map[string]string{}, &r)
	return r
}

// accountID returns the ID of the account called name.
func (s *accountServer) accountID(name string) int64 {
	s.t.Helper()
	a, err := s.db.AccountByName(context.Background(), name)
	if err != nil {
		s.t.Fatal(err)
	}
	return a.ID
}

// TestRematchAtAccountTable: players seated by their accounts ask for a rematch by their
// session. The first to ask has taken a seat, the other is offered it and joins; the rematch
// keeps the table's clock and rated setting, accounts moved round with the seats, and its clock
// waits for both players.
func TestRematchAtAccountTable(t *testing.T) {
	s := startAccounts(t)
	ann, bob, carl, guest := s.signUp("ann"), s.signUp("bob"), s.signUp("carl"), s.person()
	id := resignedSeekTable(t, s, ann, bob)
	path := "/api/tables/" + id + "/rematch"

	guest.must(http.StatusForbidden, "POST", path, map[string]string{}, nil)
	carl.must(http.StatusForbidden, "POST", path, map[string]string{}, nil)
	guest.must(http.StatusForbidden, "POST", path, map[string]string{"token": "not a seat's"}, nil)
	var none rematchInfo
	guest.must(http.StatusOK, "GET", "/api/tables/"+id, nil, &none)
	if none != (rematchInfo{}) {
		t.Fatalf("a table nobody asked a rematch of shows %+v", none)
	}

	var r struct {
		ID string `json:"id"`
	}
	bob.must(http.StatusCreated, "POST", path, map[string]string{}, &r)
	var offer rematchInfo
	guest.must(http.StatusOK, "GET", "/api/tables/"+id, nil, &offer)
	if want := (rematchInfo{Rematch: r.ID, RematchBy: "bob"}); offer != want {
		t.Errorf("the finished table shows %+v, want %+v", offer, want)
	}
	ctx := context.Background()
	nt, err := s.db.Get(ctx, r.ID)
	if err != nil {
		t.Fatal(err)
	}
	seats := []store.Seat{{Name: "bob", Account: "bob", Claimed: true}, {Name: "ann", Account: "ann"}}
	if nt.Status != store.Open || !slices.Equal(nt.Seats, seats) {
		t.Errorf("rematch: status %s, seats %+v; want open, %+v", nt.Status, nt.Seats, seats)
	}
	info, err := s.db.TableInfo(ctx, r.ID)
	if err != nil {
		t.Fatal(err)
	}
	if accounts := []int64{s.accountID("bob"), s.accountID("ann")}; !info.Rated || info.Clock != "1+1" || !slices.Equal(info.Accounts, accounts) {
		t.Errorf("rematch settings %+v, want rated, 1+1, accounts %v", info, accounts)
	}

	// Bob waits at the new table; ten minutes pass, which would flag a running 1+1 clock.
	b := bob.dial(r.ID, "")
	if w := b.until(isType("welcome")); w.Seat != 0 {
		t.Fatalf("bob sits at %d in the rematch, want 0", w.Seat)
	}
	waiting := b.until(isType("update"))
	if u := waiting; u.Clock == nil || len(u.Clock.Running) != 0 || u.Clock.Left[0] != 60000 || u.Clock.Left[1] != 60000 {
		t.Fatalf("clock while ann has not joined: %+v, want both at 60000 ms, none running", u.Clock)
	}
	s.time.Advance(10 * time.Minute)
	s.main.Sweep(ctx)
	// Nor does he think on held time: whoever is to move, no move is offered him and one sent
	// is refused, changing nothing.
	if len(waiting.Legal) != 0 {
		t.Fatalf("bob is offered %d moves while ann has not joined, want none", len(waiting.Legal))
	}
	b.send(map[string]any{"type": "move", "action": 0})
	if e := b.until(isType("error")); e.Code != "open" {
		t.Fatalf("bob's move while ann has not joined: %+v, want code open", e)
	}
	if got, _ := s.db.Get(ctx, r.ID); len(got.Moves) != 0 && got.Moves[len(got.Moves)-1].Seat == 0 {
		t.Errorf("bob's refused move was saved: %+v", got.Moves)
	}

	// Ann accepts: asking again gives the same table, and joining starts the clock.
	var again struct {
		ID string `json:"id"`
	}
	ann.must(http.StatusOK, "POST", path, map[string]string{}, &again)
	if again.ID != r.ID {
		t.Errorf("ann's answer gave %q, want bob's rematch %q", again.ID, r.ID)
	}
	a := ann.dial(r.ID, "")
	if w := a.until(isType("welcome")); w.Seat != 1 {
		t.Fatalf("ann sits at %d in the rematch, want 1", w.Seat)
	}
	u := b.until(func(m pmsg) bool { return m.Type == "update" && m.Clock != nil && len(m.Clock.Running) > 0 })
	for _, seat := range u.Clock.Running {
		if u.Clock.Left[seat] != 60000 {
			t.Errorf("seat %d has %d ms as the clock starts, want 60000: the wait cost it time", seat+1, u.Clock.Left[seat])
		}
	}
	if got, _ := s.db.Get(ctx, r.ID); got.Status != store.Live {
		t.Errorf("rematch once both joined: %s, want live", got.Status)
	}
	var started rematchInfo
	guest.must(http.StatusOK, "GET", "/api/tables/"+id, nil, &started)
	if want := (rematchInfo{Rematch: r.ID}); started != want {
		t.Errorf("the finished table shows %+v once the rematch started, want %+v", started, want)
	}
}

// TestUnansweredRematchHasNoLoser: a rated rematch offer nobody takes up expires with the
// table, abandoned, and nobody's rating moves.
func TestUnansweredRematchHasNoLoser(t *testing.T) {
	s := startAccounts(t)
	ann, bob := s.signUp("ann"), s.signUp("bob")
	id := resignedSeekTable(t, s, ann, bob)
	r := offerRematch(bob, id)
	b := bob.dial(r.ID, "")
	b.until(isType("welcome"))
	// Bob stays; nobody moves for the idle limit (four times the 30 minutes of expiry).
	s.time.Advance(2 * time.Hour)
	s.main.Sweep(context.Background()) // the end is saved when Sweep returns
	got, err := s.db.Get(context.Background(), r.ID)
	if err != nil || got.Status != store.Abandoned || got.Ended != store.EndExpired || got.Result != nil {
		t.Fatalf("unanswered rematch: %+v, %v; want abandoned, expired, no result", got, err)
	}
	for _, name := range []string{"ann", "bob"} {
		rs, err := s.db.Ratings(context.Background(), s.accountID(name))
		if err != nil || len(rs) != 1 || rs[0].Games != 1 {
			t.Errorf("%s's ratings %+v, %v: want the one rated match", name, rs, err)
		}
	}
}

// TestNoRematchWithAClosedAccount: once a player of a finished table has closed the account,
// the other is told so instead of being given a table that would wait for ever.
func TestNoRematchWithAClosedAccount(t *testing.T) {
	s := startAccounts(t)
	ann, bob := s.signUp("ann"), s.signUp("bob")
	id := resignedSeekTable(t, s, ann, bob)
	ann.must(http.StatusOK, "POST", "/api/account/close", map[string]string{"password": "correct horse"}, nil)
	var answer struct {
		Error string `json:"error"`
	}
	bob.must(http.StatusConflict, "POST", "/api/tables/"+id+"/rematch", map[string]string{}, &answer)
	if answer.Error != "ann closed their account: there is no rematch to offer" {
		t.Errorf("a rematch with a closed account: %q", answer.Error)
	}
	var info rematchInfo
	bob.must(http.StatusOK, "GET", "/api/tables/"+id, nil, &info)
	if info != (rematchInfo{}) {
		t.Errorf("the refused rematch left %+v", info)
	}
}

// TestProfileRecentOrder: a profile lists matches by when they last changed, not by when they
// were made.
func TestProfileRecentOrder(t *testing.T) {
	s := startAccounts(t)
	ann, bob := s.signUp("ann"), s.signUp("bob")
	first := resignedSeekTable(t, s, ann, bob)
	r := offerRematch(bob, first)
	recent := func() []string {
		var prof struct {
			Recent []struct {
				Table string `json:"table"`
			} `json:"recent"`
		}
		ann.must(http.StatusOK, "GET", "/api/users/ann", nil, &prof)
		var ids []string
		for _, m := range prof.Recent {
			ids = append(ids, m.Table)
		}
		return ids
	}
	time.Sleep(5 * time.Millisecond) // times are kept to the millisecond
	second := resignedSeekTable(t, s, ann, bob)
	time.Sleep(5 * time.Millisecond)
	// The rematch, made before the second match, is played after it.
	a, b := ann.dial(r.ID, ""), bob.dial(r.ID, "")
	seats := map[engine.Seat]*wsconn{}
	for _, c := range []*wsconn{a, b} {
		w := c.until(isType("welcome"))
		seats[w.Seat] = c
	}
	bothMove(t, [2]*wsconn{seats[0], seats[1]}, [2]pmsg{seats[0].until(clockStarted), seats[1].until(clockStarted)})
	a.send(map[string]any{"type": "resign"})
	b.until(func(m pmsg) bool { return m.Type == "update" && m.Result.Over })
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(5 * time.Millisecond) {
		if got, _ := s.db.Get(context.Background(), r.ID); got.Status == store.Finished {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the rematch never finished")
		}
	}
	if got, want := recent(), []string{r.ID, second, first}; !slices.Equal(got, want) {
		t.Errorf("ann's recent matches %v, want %v: the rematch played last first", got, want)
	}
}
