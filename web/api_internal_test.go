package web

import (
	"slices"
	"testing"
	"time"

	"deuce/engine"
	"deuce/games"
)

func TestSpokenDuration(t *testing.T) {
	for _, tc := range []struct {
		d    time.Duration
		want string
	}{
		{30 * time.Minute, "30 minutes"},
		{time.Minute, "1 minute"},
		{2 * time.Hour, "2 hours"},
		{90 * time.Second, "90 seconds"},
		{time.Second, "1 second"},
		{1500 * time.Millisecond, "2 seconds"},
	} {
		if got := spokenDuration(tc.d); got != tc.want {
			t.Errorf("spokenDuration(%v) = %q, want %q", tc.d, got, tc.want)
		}
	}
}

// TestSeatsWhen checks the seats the lobby is told an option's values make: Worldwide's solo
// makes one seat, and an option that changes no seat count is not listed.
func TestSeatsWhen(t *testing.T) {
	got := seatsWhen()
	t.Logf("%v", got)
	if ww := got["worldwide"]["solo"]; ww["yes"] != 1 || ww["no"] != 2 {
		t.Errorf("worldwide's solo makes %v seats, want yes 1 and no 2", ww)
	}
	if _, ok := got["worldwide"]["surface"]; ok {
		t.Errorf("worldwide's surface is listed as changing the seats: %v", got["worldwide"])
	}
}

// TestRefusedWhen checks the option values the lobby is told a seat count rules out: Love Means
// Nothing's first servers 3 and 4 in singles, none in doubles, and nothing in a game whose
// options all work with its seats.
func TestRefusedWhen(t *testing.T) {
	got := refusedWhen()
	t.Logf("%v", got)
	if v := got["lmn"][2]["first-server"]; !slices.Equal(v, []string{"3", "4"}) {
		t.Errorf("lmn singles refuses first servers %v, want [3 4]", v)
	}
	if v, ok := got["lmn"][4]; ok {
		t.Errorf("lmn doubles refuses %v, want nothing", v)
	}
	// AlakaSLAM's formats and Worldwide's solo change the seats, and every option value works
	// with each.
	for _, g := range []string{"alakaslam", "worldwide"} {
		if v, ok := got[g]; ok {
			t.Errorf("%s refuses %v, want nothing", g, v)
		}
	}
}

// Every level that searches makes a table of bots pause between moves (Limits.BotTableDelay)
// and takes a turn among the server's thinkers: expert, the costliest, once did not pause.
func TestSearchingLevels(t *testing.T) {
	want := map[string]bool{"random": false, "heuristic": false, "easy": false, "medium": true, "hard": true, "expert": true, "equilibrium": true}
	seen := 0
	for _, g := range games.All() {
		for _, level := range games.BotNames(g) {
			w, ok := want[level]
			if !ok {
				t.Errorf("%s: level %s has no expectation here", g.Name, level)
			}
			if got := searches(g, level); got != w {
				t.Errorf("%s %s: searches %v, want %v", g.Name, level, got, w)
			}
			seen++
		}
	}
	// A game without a heuristic would play easy as a small search.
	if !searches(engine.Game{Name: "bare"}, "easy") {
		t.Error("easy without a heuristic does not search")
	}
	if seen < 5*6 {
		t.Errorf("%d levels checked", seen)
	}
}
