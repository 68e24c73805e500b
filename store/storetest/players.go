package storetest

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"testing"
	"time"

	"deuce/engine"
	"deuce/rating"
	"deuce/store"
)

// RunPlayers checks the store.Players contract of the stores open returns, which must also be
// store.Players; like Run, open returns a new, empty store each time and RunPlayers closes it.
func RunPlayers(t *testing.T, open func(t *testing.T) store.Store) {
	tests := []struct {
		name string
		f    func(t *testing.T, s store.Store, p store.Players)
	}{
		{"Accounts", testAccounts},
		{"Sessions", testSessions},
		{"TableInfo", testTableInfo},
		{"FinishRated", testFinishRated},
		{"FinishRollsBack", testFinishRollsBack},
		{"Leaderboard", testLeaderboard},
		{"Chat", testChat},
		{"Seeks", testSeeks},
		{"CloseAccount", testCloseAccount},
		{"AccountLike", testAccountLike},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := open(t)
			t.Cleanup(func() {
				if err := s.Close(); err != nil {
					t.Errorf("Close: %v", err)
				}
			})
			p, ok := s.(store.Players)
			if !ok {
				t.Fatalf("%T is not a store.Players", s)
			}
			tt.f(t, s, p)
		})
	}
}

func newAccount(t *testing.T, p store.Players, name string) *store.Account {
	t.Helper()
	a := &store.Account{Name: name, PasswordHash: "$argon2id$v=19$m=65536,t=1,p=4$c2FsdA$aGFzaA"}
	if err := p.CreateAccount(context.Background(), a); err != nil {
		t.Fatalf("CreateAccount(%s): %v", name, err)
	}
	return a
}

func testAccounts(t *testing.T, _ store.Store, p store.Players) {
	ctx := context.Background()
	ann := newAccount(t, p, "Ann")
	if ann.ID == 0 || ann.Created.IsZero() {
		t.Errorf("CreateAccount set ID %d, Created %v", ann.ID, ann.Created)
	}
	if err := p.CreateAccount(ctx, &store.Account{Name: "ANN", PasswordHash: "x"}); !errors.Is(err, store.ErrExists) {
		t.Errorf("CreateAccount(ANN) with Ann taken: %v, want ErrExists", err)
	}
	bob := newAccount(t, p, "bob")
	if bob.ID == ann.ID {
		t.Error("two accounts share an ID")
	}
	got, err := p.AccountByName(ctx, "aNN")
	if err != nil || got.ID != ann.ID || got.Name != "Ann" || got.PasswordHash != ann.PasswordHash {
		t.Errorf("AccountByName(aNN) = %+v, %v; want Ann", got, err)
	}
	if _, err := p.AccountByName(ctx, "carol"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("AccountByName(carol) err = %v, want ErrNotFound", err)
	}
	if err := p.SetPassword(ctx, ann.ID, "new"); err != nil {
		t.Fatal(err)
	}
	if got, err := p.AccountByID(ctx, ann.ID); err != nil || got.PasswordHash != "new" {
		t.Errorf("after SetPassword: %+v, %v", got, err)
	}
	if err := p.SetPassword(ctx, 99999, "x"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("SetPassword of no account: %v, want ErrNotFound", err)
	}
}

func testSessions(t *testing.T, _ store.Store, p store.Players) {
	ctx := context.Background()
	ann, bob := newAccount(t, p, "ann"), newAccount(t, p, "bob")
	now := time.Date(2026, 3, 1, 10, 0, 0, 0, time.UTC)
	for _, s := range []store.Session{
		{TokenHash: "a1", Account: ann.ID, Kind: store.WebSession, Created: now, Expires: now.Add(time.Hour)},
		{TokenHash: "a2", Account: ann.ID, Kind: store.WebSession, Created: now, Expires: now.Add(time.Hour)},
		{TokenHash: "a3", Account: ann.ID, Kind: store.BotToken, Created: now, Expires: now.Add(time.Hour)},
		{TokenHash: "b1", Account: bob.ID, Kind: store.WebSession, Created: now, Expires: now.Add(time.Hour)},
		{TokenHash: "d1", Account: ann.ID, Kind: store.DeviceCookie, Created: now, Expires: now.Add(time.Hour)},
	} {
		if err := p.CreateSession(ctx, s); err != nil {
			t.Fatal(err)
		}
	}
	if a, err := p.SessionAccount(ctx, "a1", store.WebSession, now); err != nil || a.ID != ann.ID {
		t.Errorf("SessionAccount(a1) = %+v, %v; want ann", a, err)
	}
	if _, err := p.SessionAccount(ctx, "a3", store.WebSession, now); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("a bot token used as a web session: %v, want ErrNotFound", err)
	}
	if _, err := p.SessionAccount(ctx, "a1", store.WebSession, now.Add(time.Hour)); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("an expired session: %v, want ErrNotFound", err)
	}
	if n, err := p.Sessions(ctx, ann.ID, store.WebSession, now); err != nil || n != 2 {
		t.Errorf("Sessions(ann) = %d, %v; want 2", n, err)
	}
	if err := p.DeleteSessions(ctx, ann.ID, store.WebSession, "a2"); err != nil {
		t.Fatal(err)
	}
	for hash, live := range map[string]bool{"a1": false, "a2": true, "b1": true} {
		_, err := p.SessionAccount(ctx, hash, store.WebSession, now)
		if (err == nil) != live {
			t.Errorf("after signing ann out elsewhere, session %s: err %v, want live %v", hash, err, live)
		}
	}
	if _, err := p.SessionAccount(ctx, "a3", store.BotToken, now); err != nil {
		t.Errorf("signing out web sessions ended the bot token: %v", err)
	}
	// A device cookie is a kind of its own: it signs nobody in, and lives on after sign-outs.
	if a, err := p.SessionAccount(ctx, "d1", store.DeviceCookie, now); err != nil || a.ID != ann.ID {
		t.Errorf("SessionAccount(d1, device) = %+v, %v; want ann", a, err)
	}
	if _, err := p.SessionAccount(ctx, "d1", store.WebSession, now); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("a device cookie used as a web session: %v, want ErrNotFound", err)
	}
	if n, err := p.Sessions(ctx, ann.ID, store.DeviceCookie, now); err != nil || n != 1 {
		t.Errorf("Sessions(ann, device) = %d, %v; want 1", n, err)
	}
	// Listed newest first, expired ones left out; one of them ended by its owner only.
	later := store.Session{TokenHash: "a4", Account: ann.ID, Kind: store.BotToken, Created: now.Add(time.Minute), Expires: now.Add(time.Hour)}
	gone := store.Session{TokenHash: "a5", Account: ann.ID, Kind: store.BotToken, Created: now, Expires: now.Add(time.Second)}
	for _, ses := range []store.Session{later, gone} {
		if err := p.CreateSession(ctx, ses); err != nil {
			t.Fatal(err)
		}
	}
	list, err := p.ListSessions(ctx, ann.ID, store.BotToken, now.Add(time.Second), 10)
	if err != nil || len(list) != 2 || list[0].TokenHash != "a4" || list[1].TokenHash != "a3" || !list[0].Created.Equal(later.Created) || !list[0].Expires.Equal(later.Expires) {
		t.Errorf("ListSessions(ann, bot) = %+v, %v; want a4 then a3", list, err)
	}
	if list, _ := p.ListSessions(ctx, ann.ID, store.BotToken, now.Add(time.Second), 1); len(list) != 1 {
		t.Errorf("ListSessions with limit 1 = %+v", list)
	}
	if err := p.DeleteSessionOf(ctx, bob.ID, store.BotToken, "a4"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("bob ending ann's bot token: %v, want ErrNotFound", err)
	}
	if err := p.DeleteSessionOf(ctx, ann.ID, store.WebSession, "a4"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("ending a bot token as a web session: %v, want ErrNotFound", err)
	}
	if err := p.DeleteSessionOf(ctx, ann.ID, store.BotToken, "a4"); err != nil {
		t.Fatal(err)
	}
	if _, err := p.SessionAccount(ctx, "a4", store.BotToken, now); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("an ended bot token: %v, want ErrNotFound", err)
	}
	if _, err := p.SessionAccount(ctx, "a3", store.BotToken, now); err != nil {
		t.Errorf("ending one bot token ended another: %v", err)
	}
	if err := p.DeleteSession(ctx, "a2"); err != nil {
		t.Fatal(err)
	}
	if _, err := p.SessionAccount(ctx, "a2", store.WebSession, now); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("a deleted session: %v, want ErrNotFound", err)
	}
}

// newRatedTable creates a two-person table held by accounts a and b.
func newRatedTable(t *testing.T, s store.Store, p store.Players, id string, rated bool, a, b int64) {
	t.Helper()
	ctx := context.Background()
	tab := NewTable(id)
	tab.Seats[1] = store.Seat{Name: "other", TokenHash: tab.Seats[0].TokenHash}
	if err := s.Create(ctx, tab); err != nil {
		t.Fatal(err)
	}
	if err := p.SetTableInfo(ctx, store.TableInfo{TableID: id, Rated: rated, Clock: "1+1", Accounts: []int64{a, b}}); err != nil {
		t.Fatal(err)
	}
}

func testTableInfo(t *testing.T, s store.Store, p store.Players) {
	ctx := context.Background()
	ann, bob := newAccount(t, p, "ann"), newAccount(t, p, "bob")
	if err := p.SetTableInfo(ctx, store.TableInfo{TableID: "nope"}); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("SetTableInfo of no table: %v, want ErrNotFound", err)
	}
	newRatedTable(t, s, p, "t1", true, ann.ID, 0)
	if err := s.Create(ctx, NewTable("t2")); err != nil {
		t.Fatal(err)
	}
	info, err := p.TableInfo(ctx, "t1")
	want := store.TableInfo{TableID: "t1", Rated: true, Clock: "1+1", Accounts: []int64{ann.ID, 0}}
	if err != nil || !reflect.DeepEqual(info, want) {
		t.Errorf("TableInfo(t1) = %+v, %v; want %+v", info, err, want)
	}
	if info, err := p.TableInfo(ctx, "t2"); err != nil || info.Rated || info.Clock != "" {
		t.Errorf("TableInfo of a plain table = %+v, %v; want casual and untimed", info, err)
	}
	clock := []byte(`{"left":[1000,2000]}`)
	if err := p.SaveClock(ctx, "t1", clock); err != nil {
		t.Fatal(err)
	}
	if info, _ := p.TableInfo(ctx, "t1"); string(info.ClockState) != string(clock) {
		t.Errorf("ClockState = %s, want %s", info.ClockState, clock)
	}
	// A seat linked after the table was made (a guest's table kept at sign-up) keeps the
	// table's own times, not the link's.
	time.Sleep(5 * time.Millisecond) // times are kept to the millisecond
	if err := p.LinkSeat(ctx, "t2", 0, bob.ID); err != nil {
		t.Fatal(err)
	}
	t2, err := s.Get(ctx, "t2")
	if err != nil {
		t.Fatal(err)
	}
	if err := p.LinkSeat(ctx, "nope", 0, bob.ID); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("LinkSeat of no table: %v, want ErrNotFound", err)
	}
	list, err := p.PlayerTables(ctx, bob.ID, 10)
	if err != nil || len(list) != 1 || list[0].ID != "t2" || list[0].Seat != 0 || list[0].Rated {
		t.Errorf("PlayerTables(bob) = %+v, %v; want t2, seat 0, casual", list, err)
	}
	if len(list) == 1 && (!list[0].Created.Equal(t2.Created) || !list[0].Updated.Equal(t2.Updated)) {
		t.Errorf("PlayerTables(bob): created %v, updated %v; want the table's %v and %v", list[0].Created, list[0].Updated, t2.Created, t2.Updated)
	}
	if len(list) == 1 && list[0].Seats[0].TokenHash != "" {
		t.Error("PlayerTables shows a token hash")
	}
	list, err = p.PlayerTables(ctx, ann.ID, 10)
	if err != nil || len(list) != 1 || list[0].ID != "t1" || !list[0].Rated {
		t.Errorf("PlayerTables(ann) = %+v, %v; want rated t1", list, err)
	}
}

// winner returns a RateFunc that applies Glicko-2 with seat 0 winning.
func winner(t *testing.T) store.RateFunc {
	return func(cur []rating.Rating) ([]rating.Rating, error) {
		if len(cur) != 2 {
			t.Errorf("rate got %d ratings, want 2", len(cur))
			return nil, errors.New("want two seats")
		}
		a, err := rating.Update(cur[0], []rating.Result{{Opponent: cur[1], Score: 1}}, 0)
		if err != nil {
			return nil, err
		}
		b, err := rating.Update(cur[1], []rating.Result{{Opponent: cur[0], Score: 0}}, 0)
		return []rating.Rating{a, b}, err
	}
}

var final = &engine.Result{Over: true, Returns: []float64{1, -1}, Winner: 0, Score: "7-5"}

func testFinishRated(t *testing.T, s store.Store, p store.Players) {
	ctx := context.Background()
	ann, bob := newAccount(t, p, "ann"), newAccount(t, p, "bob")
	newRatedTable(t, s, p, "t1", true, ann.ID, bob.ID)
	if err := p.Finish(ctx, "t1", 0, Moves(0, 3), store.Finished, "", final, winner(t)); err != nil {
		t.Fatal(err)
	}
	tab, err := s.Get(ctx, "t1")
	if err != nil || tab.Status != store.Finished || len(tab.Moves) != 3 || !reflect.DeepEqual(tab.Result, final) {
		t.Fatalf("after Finish: %+v, %v", tab, err)
	}
	want, _ := winner(t)([]rating.Rating{rating.New(), rating.New()})
	for seat, a := range []int64{ann.ID, bob.ID} {
		rs, err := p.Ratings(ctx, a)
		if err != nil || len(rs) != 1 || rs[0].Game != "centercourt" || rs[0].Games != 1 || !near(rs[0].Rating, want[seat]) {
			t.Errorf("Ratings of seat %d = %+v, %v; want one centercourt game at %+v", seat, rs, err, want[seat])
		}
		h, err := p.RatingHistory(ctx, a, "centercourt", 10)
		if err != nil || len(h) != 1 || h[0].TableID != "t1" || !near(h[0].Rating, want[seat]) {
			t.Errorf("RatingHistory of seat %d = %+v, %v", seat, h, err)
		}
	}
	if tab.Ended != "" {
		t.Errorf("Ended = %q for a match played out", tab.Ended)
	}
	// Finishing again (a retried save) appends nothing new and rates nothing twice.
	if err := p.Finish(ctx, "t1", 3, nil, store.Finished, "", final, winner(t)); err != nil {
		t.Fatal(err)
	}
	if rs, _ := p.Ratings(ctx, ann.ID); len(rs) != 1 || rs[0].Games != 1 {
		t.Errorf("a second Finish rated again: %+v", rs)
	}
	if err := p.Finish(ctx, "t1", 1, Moves(1, 1), store.Finished, "", final, winner(t)); !errors.Is(err, store.ErrConflict) {
		t.Errorf("Finish at a stale index: %v, want ErrConflict", err)
	}
	if err := p.Finish(ctx, "t1", 3, nil, store.Live, "", final, nil); err == nil {
		t.Error("Finish accepted a live status")
	}
	if err := p.Finish(ctx, "nope", 0, nil, store.Finished, "", final, nil); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("Finish of no table: %v, want ErrNotFound", err)
	}
	// A casual table's result changes no rating.
	newRatedTable(t, s, p, "t2", false, ann.ID, bob.ID)
	if err := p.Finish(ctx, "t2", 0, Moves(0, 1), store.Finished, "", final, winner(t)); err != nil {
		t.Fatal(err)
	}
	if rs, _ := p.Ratings(ctx, ann.ID); len(rs) != 1 || rs[0].Games != 1 {
		t.Errorf("a casual table changed the rating: %+v", rs)
	}
	// Against a bot (no account), only the person is rated, from the anchor the function gives.
	newRatedTable(t, s, p, "t3", true, 0, bob.ID)
	anchor := rating.Rating{Rating: 1700, RD: 50, Volatility: 0.06}
	err = p.Finish(ctx, "t3", 0, nil, store.Finished, store.EndResigned, final, func(cur []rating.Rating) ([]rating.Rating, error) {
		b, err := rating.Update(cur[1], []rating.Result{{Opponent: anchor, Score: 0}}, 0)
		return []rating.Rating{anchor, b}, err
	})
	if err != nil {
		t.Fatal(err)
	}
	if tab, _ := s.Get(ctx, "t3"); tab.Ended != store.EndResigned {
		t.Errorf("Ended = %q, want resigned", tab.Ended)
	}
	// A match the rating function says does not count (ended before both moved) is saved as
	// unrated, and no rating changes.
	newRatedTable(t, s, p, "t4", true, ann.ID, bob.ID)
	before, _ := p.Ratings(ctx, ann.ID)
	err = p.Finish(ctx, "t4", 0, nil, store.Finished, store.EndResigned, final, func([]rating.Rating) ([]rating.Rating, error) {
		return nil, store.ErrUnrated
	})
	if err != nil {
		t.Fatalf("Finish of a match that does not count: %v", err)
	}
	if tab, _ := s.Get(ctx, "t4"); tab.Status != store.Finished || tab.Ended != store.EndResigned {
		t.Errorf("a match that does not count was saved as %s (%q), want finished, resigned", tab.Status, tab.Ended)
	}
	if info, _ := p.TableInfo(ctx, "t4"); info.Rated || !info.Void {
		t.Errorf("a match that does not count: info %+v, want void and not rated", info)
	}
	if list, _ := p.PlayerTables(ctx, ann.ID, 10); len(list) == 0 || list[0].ID != "t4" || list[0].Rated || !list[0].Void {
		t.Errorf("ann's tables after a match that does not count: %+v, want t4 first, void", list)
	}
	if after, _ := p.Ratings(ctx, ann.ID); !reflect.DeepEqual(after, before) {
		t.Errorf("a match that does not count changed ann's ratings: %+v, want %+v", after, before)
	}
	if h, _ := p.RatingHistory(ctx, ann.ID, "centercourt", 10); len(h) != 1 {
		t.Errorf("a match that does not count is in ann's rating history: %+v", h)
	}
	// The player's list of tables says how each ended.
	ended := map[string]string{}
	list, _ := p.PlayerTables(ctx, bob.ID, 10)
	for _, pt := range list {
		ended[pt.ID] = pt.Ended
	}
	if e, ok := ended["t3"]; !ok || e != store.EndResigned || ended["t2"] != "" {
		t.Errorf("PlayerTables(bob) ended %v, want t3 resigned and t2 played out", ended)
	}
	if h, _ := p.RatingHistory(ctx, bob.ID, "centercourt", 10); len(h) != 2 || h[1].TableID != "t3" || h[1].Rating.Rating >= h[0].Rating.Rating {
		t.Errorf("bob's history after losing to the bot: %+v", h)
	}
	if h, _ := p.RatingHistory(ctx, bob.ID, "centercourt", 1); len(h) != 1 || h[0].TableID != "t3" {
		t.Errorf("RatingHistory limited to 1 = %+v, want the latest (t3)", h)
	}
	// A match that counts for one seat only (the other's rating the zero Rating): that seat's
	// rating changes and enters its history, the other's stands, and the table is void.
	newRatedTable(t, s, p, "t5", true, ann.ID, bob.ID)
	annBefore, _ := p.Ratings(ctx, ann.ID)
	bobHist, _ := p.RatingHistory(ctx, bob.ID, "centercourt", 10)
	lost := rating.Rating{Rating: 1400, RD: 300, Volatility: 0.06}
	err = p.Finish(ctx, "t5", 0, nil, store.Finished, store.EndResigned, final, func([]rating.Rating) ([]rating.Rating, error) {
		return []rating.Rating{{}, lost}, nil
	})
	if err != nil {
		t.Fatalf("Finish of a match that counts for one seat: %v", err)
	}
	if info, _ := p.TableInfo(ctx, "t5"); info.Rated || !info.Void {
		t.Errorf("a match that counts for one seat: info %+v, want void and not rated", info)
	}
	if after, _ := p.Ratings(ctx, ann.ID); !reflect.DeepEqual(after, annBefore) {
		t.Errorf("a match that counts for bob only changed ann's ratings: %+v, want %+v", after, annBefore)
	}
	if h, _ := p.RatingHistory(ctx, bob.ID, "centercourt", 10); len(h) != len(bobHist)+1 || h[len(h)-1].TableID != "t5" || h[len(h)-1].Rating != lost {
		t.Errorf("bob's history after a match that counts for him only: %+v", h)
	}
	if h, _ := p.RatingHistory(ctx, ann.ID, "centercourt", 10); len(h) > 0 && h[len(h)-1].TableID == "t5" {
		t.Errorf("a match that counts for bob only is in ann's history: %+v", h)
	}
}

func near(a, b rating.Rating) bool {
	d := func(x, y float64) bool { return x-y < 1e-6 && y-x < 1e-6 }
	return d(a.Rating, b.Rating) && d(a.RD, b.RD) && d(a.Volatility, b.Volatility)
}

// testFinishRollsBack: when rating fails, the result is not written either.
func testFinishRollsBack(t *testing.T, s store.Store, p store.Players) {
	ctx := context.Background()
	ann, bob := newAccount(t, p, "ann"), newAccount(t, p, "bob")
	newRatedTable(t, s, p, "t1", true, ann.ID, bob.ID)
	boom := errors.New("boom")
	err := p.Finish(ctx, "t1", 0, Moves(0, 2), store.Finished, "", final, func([]rating.Rating) ([]rating.Rating, error) { return nil, boom })
	if !errors.Is(err, boom) {
		t.Fatalf("Finish err = %v, want boom", err)
	}
	tab, err := s.Get(ctx, "t1")
	if err != nil || tab.Status != store.Open || len(tab.Moves) != 0 || tab.Result != nil {
		t.Errorf("a failed Finish wrote the table: %+v, %v", tab, err)
	}
	if rs, _ := p.Ratings(ctx, ann.ID); len(rs) != 0 {
		t.Errorf("a failed Finish wrote ratings: %+v", rs)
	}
}

func testLeaderboard(t *testing.T, s store.Store, p store.Players) {
	ctx := context.Background()
	// veteran settles below the winner's rating but is not provisional, so ranks first.
	names := []string{"ann", "bob", "veteran", "sparring"}
	ids := map[string]int64{}
	for _, n := range names {
		ids[n] = newAccount(t, p, n).ID
	}
	set := func(id string, a, b int64, rate store.RateFunc) {
		newRatedTable(t, s, p, id, true, a, b)
		if err := p.Finish(ctx, id, 0, nil, store.Finished, "", final, rate); err != nil {
			t.Fatal(err)
		}
	}
	set("t1", ids["ann"], ids["bob"], winner(t))
	settled := rating.Rating{Rating: 1520, RD: 60, Volatility: 0.06}
	set("t2", ids["veteran"], ids["sparring"], func([]rating.Rating) ([]rating.Rating, error) {
		return []rating.Rating{settled, {Rating: 1100, RD: 200, Volatility: 0.06}}, nil
	})
	list, err := p.Leaderboard(ctx, "centercourt", 3)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, l := range list {
		got = append(got, l.Name)
	}
	if want := []string{"veteran", "ann", "bob"}; !reflect.DeepEqual(got, want) {
		t.Errorf("Leaderboard = %v, want %v", got, want)
	}
	if list, _ := p.Leaderboard(ctx, "pencil", 10); len(list) != 0 {
		t.Errorf("Leaderboard of an unplayed game = %+v", list)
	}
}

func testChat(t *testing.T, s store.Store, p store.Players) {
	ctx := context.Background()
	if err := s.Create(ctx, NewTable("t1")); err != nil {
		t.Fatal(err)
	}
	at := time.Date(2026, 3, 1, 10, 0, 0, 0, time.UTC)
	for i := range 5 {
		room := "players"
		if i == 2 {
			room = "spectators"
		}
		m := &store.ChatMessage{TableID: "t1", Room: room, Name: "ann", Text: fmt.Sprintf("<b>%d</b> 'é'", i), At: at.Add(time.Duration(i) * time.Second)}
		if err := p.AddChat(ctx, m); err != nil {
			t.Fatal(err)
		}
		if m.ID == 0 {
			t.Error("AddChat set no ID")
		}
	}
	got, err := p.Chat(ctx, "t1", "players", 3)
	if err != nil || len(got) != 3 {
		t.Fatalf("Chat = %+v, %v; want 3 lines", got, err)
	}
	for i, want := range []string{"<b>1</b> 'é'", "<b>3</b> 'é'", "<b>4</b> 'é'"} {
		if got[i].Text != want || got[i].Room != "players" || got[i].Name != "ann" {
			t.Errorf("line %d = %+v, want text %q", i, got[i], want)
		}
	}
	if !got[2].At.Equal(at.Add(4 * time.Second)) {
		t.Errorf("At = %v, want %v", got[2].At, at.Add(4*time.Second))
	}
	if spec, _ := p.Chat(ctx, "t1", "spectators", 10); len(spec) != 1 || spec[0].Text != "<b>2</b> 'é'" {
		t.Errorf("spectators' room = %+v", spec)
	}
	if err := p.AddChat(ctx, &store.ChatMessage{TableID: "t1", Room: "lobby", Name: "x", Text: "x", At: at}); err == nil {
		t.Error("AddChat accepted an unknown room")
	}
	for i := 4; i < store.MaxChatLines; i++ {
		if err := p.AddChat(ctx, &store.ChatMessage{TableID: "t1", Room: "players", Name: "ann", Text: "x", At: at}); err != nil {
			t.Fatalf("line %d: %v", i+1, err)
		}
	}
	if err := p.AddChat(ctx, &store.ChatMessage{TableID: "t1", Room: "players", Name: "ann", Text: "one too many", At: at}); !errors.Is(err, store.ErrFull) {
		t.Errorf("line %d: %v, want ErrFull", store.MaxChatLines+1, err)
	}
	if err := p.AddChat(ctx, &store.ChatMessage{TableID: "t1", Room: "spectators", Name: "x", Text: "the other room has space", At: at}); err != nil {
		t.Errorf("the spectators' room: %v", err)
	}
}

func testSeeks(t *testing.T, s store.Store, p store.Players) {
	ctx := context.Background()
	ann, bob := newAccount(t, p, "ann"), newAccount(t, p, "bob")
	before := store.Now().Add(-time.Second)
	s1 := &store.Seek{ID: "s1", Account: ann.ID, Name: "ann", Game: "centercourt", Variant: "tiebreak", Clock: "1+1", Rated: true, MinRating: 1200, MaxRating: 1800, Rating: 1500, Provisional: true}
	s2 := &store.Seek{ID: "s2", Account: bob.ID, Name: "bob", Game: "pencil", Clock: "3d"}
	for _, sk := range []*store.Seek{s1, s2} {
		if err := p.CreateSeek(ctx, sk); err != nil {
			t.Fatal(err)
		}
	}
	list, err := p.Seeks(ctx, before)
	if err != nil || len(list) != 2 || !reflect.DeepEqual(list[0], *s1) && !reflect.DeepEqual(list[1], *s1) {
		t.Fatalf("Seeks = %+v, %v; want s1 and s2", list, err)
	}
	if list, _ := p.Seeks(ctx, store.Now().Add(time.Second)); len(list) != 0 {
		t.Errorf("Seeks since the future = %+v", list)
	}
	if err := p.AcceptSeek(ctx, "s1", "table1"); err != nil {
		t.Fatal(err)
	}
	if err := p.AcceptSeek(ctx, "s1", "table2"); !errors.Is(err, store.ErrConflict) {
		t.Errorf("accepting a taken seek: %v, want ErrConflict", err)
	}
	if err := p.AcceptSeek(ctx, "nope", "table2"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("accepting no seek: %v, want ErrNotFound", err)
	}
	if got, err := p.Seek(ctx, "s1"); err != nil || got.TableID != "table1" {
		t.Errorf("Seek(s1) = %+v, %v; want accepted by table1", got, err)
	}
	if list, _ := p.Seeks(ctx, before); len(list) != 1 || list[0].ID != "s2" {
		t.Errorf("open seeks after accepting s1 = %+v, want s2", list)
	}
	if err := p.DeleteSeek(ctx, "s2", ann.ID); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("deleting another's seek: %v, want ErrNotFound", err)
	}
	if err := p.DeleteSeek(ctx, "s2", bob.ID); err != nil {
		t.Fatal(err)
	}
	if list, _ := p.Seeks(ctx, before); len(list) != 0 {
		t.Errorf("open seeks after withdrawing s2 = %+v", list)
	}
}

// testCloseAccount closes an account: its password, sessions of every kind and open seeks go at
// once, an accepted seek and its matches stay, its name stays taken, and it leaves the
// leaderboard; another account is untouched, and a second close finds no open account.
func testCloseAccount(t *testing.T, s store.Store, p store.Players) {
	ctx := context.Background()
	ann, bob := newAccount(t, p, "ann"), newAccount(t, p, "bob")
	now := time.Date(2026, 3, 1, 10, 0, 0, 0, time.UTC)
	for i, kind := range []store.SessionKind{store.WebSession, store.BotToken, store.DeviceCookie} {
		for _, a := range []*store.Account{ann, bob} {
			ses := store.Session{TokenHash: fmt.Sprint(a.Name, i), Account: a.ID, Kind: kind, Created: now, Expires: now.Add(time.Hour)}
			if err := p.CreateSession(ctx, ses); err != nil {
				t.Fatal(err)
			}
		}
	}
	before := store.Now().Add(-time.Second)
	for _, sk := range []*store.Seek{
		{ID: "open", Account: ann.ID, Name: "ann", Game: "centercourt", Clock: "1+1"},
		{ID: "taken", Account: ann.ID, Name: "ann", Game: "pencil", Clock: "1+1"},
		{ID: "bobs", Account: bob.ID, Name: "bob", Game: "pencil", Clock: "1+1"},
	} {
		if err := p.CreateSeek(ctx, sk); err != nil {
			t.Fatal(err)
		}
	}
	if err := p.AcceptSeek(ctx, "taken", "t1"); err != nil {
		t.Fatal(err)
	}
	newRatedTable(t, s, p, "t1", true, ann.ID, bob.ID)
	if err := p.Finish(ctx, "t1", 0, nil, store.Finished, "", final, winner(t)); err != nil {
		t.Fatal(err)
	}

	at := now.Add(time.Minute)
	if err := p.CloseAccount(ctx, ann.ID, at); err != nil {
		t.Fatal(err)
	}
	got, err := p.AccountByName(ctx, "ANN")
	if err != nil || got.PasswordHash != "" || !got.Closed.Equal(at) {
		t.Errorf("ann after closing = %+v, %v; want no password, closed at %v", got, err, at)
	}
	for i, kind := range []store.SessionKind{store.WebSession, store.BotToken, store.DeviceCookie} {
		if _, err := p.SessionAccount(ctx, fmt.Sprint("ann", i), kind, now); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("ann's %s session after closing: %v, want ErrNotFound", kind, err)
		}
		if a, err := p.SessionAccount(ctx, fmt.Sprint("bob", i), kind, now); err != nil || a.ID != bob.ID || !a.Closed.IsZero() {
			t.Errorf("bob's %s session after ann closed = %+v, %v; want bob's, open", kind, a, err)
		}
	}
	// A session made as the account closed (a sign-in racing the close) signs nobody in.
	late := store.Session{TokenHash: "late", Account: ann.ID, Kind: store.WebSession, Created: now, Expires: now.Add(time.Hour)}
	if err := p.CreateSession(ctx, late); err == nil {
		if _, err := p.SessionAccount(ctx, "late", store.WebSession, now); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("a session of a closed account: %v, want ErrNotFound", err)
		}
	}
	list, err := p.Seeks(ctx, before)
	if err != nil || len(list) != 1 || list[0].ID != "bobs" {
		t.Errorf("open seeks after ann closed = %+v, want bob's only", list)
	}
	if sk, err := p.Seek(ctx, "taken"); err != nil || sk.TableID != "t1" {
		t.Errorf("ann's accepted seek after closing = %+v, %v; want kept", sk, err)
	}
	if tables, err := p.PlayerTables(ctx, ann.ID, 10); err != nil || len(tables) != 1 {
		t.Errorf("ann's matches after closing = %+v, %v; want the one played", tables, err)
	}
	board, _ := p.Leaderboard(ctx, "centercourt", 10)
	if len(board) != 1 || board[0].Name != "bob" {
		t.Errorf("leaderboard after ann closed = %+v, want bob only", board)
	}
	if err := p.CreateAccount(ctx, &store.Account{Name: "Ann", PasswordHash: "h"}); !errors.Is(err, store.ErrExists) {
		t.Errorf("a new account under a closed one's name: %v, want ErrExists", err)
	}
	if err := p.CloseAccount(ctx, ann.ID, at); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("closing a closed account: %v, want ErrNotFound", err)
	}
	// What a request signed in before the close asks after it is not done.
	if err := p.SetPassword(ctx, ann.ID, "h2"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("a new password for a closed account: %v, want ErrNotFound", err)
	}
	if got, _ := p.AccountByID(ctx, ann.ID); got == nil || got.PasswordHash != "" {
		t.Errorf("a closed account's password hash after SetPassword: %+v", got)
	}
	if err := p.CreateSeek(ctx, &store.Seek{ID: "late", Account: ann.ID, Name: "ann", Game: "pencil", Clock: "1+1"}); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("a seek of a closed account: %v, want ErrNotFound", err)
	}
	if _, err := p.Seek(ctx, "late"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("the refused seek was stored: %v", err)
	}
	if err := p.CloseAccount(ctx, 99999, at); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("closing no account: %v, want ErrNotFound", err)
	}
}

// testAccountLike finds the account whose name reads as another, case and '-' against '_'
// aside, the oldest of several.
func testAccountLike(t *testing.T, _ store.Store, p store.Players) {
	ctx := context.Background()
	lee, bob := newAccount(t, p, "ann_lee"), newAccount(t, p, "bob-b")
	newAccount(t, p, "bob_b") // made before names were checked so: the older one is found
	for name, want := range map[string]int64{"Ann-Lee": lee.ID, "ann_lee": lee.ID, "ANN_LEE": lee.ID, "bob_b": bob.ID, "Bob-B": bob.ID} {
		if a, err := p.AccountLike(ctx, name); err != nil || a.ID != want {
			t.Errorf("AccountLike(%q) = %+v, %v; want account %d", name, a, err, want)
		}
	}
	for _, name := range []string{"annlee", "ann lee", "ann__lee", "ann"} {
		if a, err := p.AccountLike(ctx, name); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("AccountLike(%q) = %+v, %v; want ErrNotFound", name, a, err)
		}
	}
}
