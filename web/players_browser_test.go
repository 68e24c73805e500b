package web_test

import (
	"context"
	"math"
	"path/filepath"
	"testing"

	"deuce/rating"
	"deuce/store"
	"deuce/store/sqlite"
	"deuce/web"
)

// TestBrowserPlayers runs e2e/players.mjs: two people sign up in two browser contexts, meet
// through a seek, chat, and play a rated 1+1 Center Court tiebreak until one runs out of time.
// It then checks that both ratings moved exactly as Glicko-2 says. The clock is real here: the
// test takes a little over a minute.
func TestBrowserPlayers(t *testing.T) {
	if testing.Short() {
		t.Skip("the browser test of a rated match waits a minute for the flag")
	}
	ctx := context.Background()
	st, err := sqlite.Open(ctx, filepath.Join(t.TempDir(), "deuce.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	runBrowser(t, "e2e/players.mjs", web.Main{Store: st})

	winner, _ := rating.Update(rating.New(), []rating.Result{{Opponent: rating.New(), Score: 1}}, 0)
	loser, _ := rating.Update(rating.New(), []rating.Result{{Opponent: rating.New(), Score: 0}}, 0)
	wins := 0
	for _, name := range []string{"ann", "bob"} {
		a, err := st.AccountByName(ctx, name)
		if err != nil {
			t.Fatal(err)
		}
		rs, err := st.Ratings(ctx, a.ID)
		if err != nil {
			t.Fatal(err)
		}
		byGame := map[string]store.GameRating{}
		for _, r := range rs {
			byGame[r.Game] = r
		}
		// Ann also resigned a rated bidding game against the random bot before moving: a loss.
		if p, ok := byGame["pencil"]; name == "ann" && (!ok || p.Games != 1 || p.Rating.Rating >= 1500) || name == "bob" && ok {
			t.Errorf("%s's bidding-game rating %+v (rated %v); want ann's one loss, none for bob", name, p, ok)
		}
		cc, ok := byGame["centercourt"]
		if !ok || cc.Games != 1 || len(rs) != map[string]int{"ann": 2, "bob": 1}[name] {
			t.Fatalf("%s's ratings %+v; want one rated Center Court match", name, rs)
		}
		got := cc.Rating
		switch {
		case near(got, winner):
			wins++
		case near(got, loser):
		default:
			t.Errorf("%s's rating %+v is neither Glicko-2's win %+v nor its loss %+v", name, got, winner, loser)
		}
	}
	if wins != 1 {
		t.Errorf("%d winners, want 1", wins)
	}
}

func near(a, b rating.Rating) bool {
	return math.Abs(a.Rating-b.Rating) < 1e-6 && math.Abs(a.RD-b.RD) < 1e-6 && math.Abs(a.Volatility-b.Volatility) < 1e-9
}
