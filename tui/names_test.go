package tui

import (
	"testing"

	"deuce/engine"
)

func TestWithNames(t *testing.T) {
	names := []string{"you", "heuristic bot", "Cleo", "Dan"}
	for _, c := range []struct{ in, want string }{
		{"round 5: you bid 1, player 2 bid 1; ball at 0", "round 5: you bid 1, heuristic bot bid 1; ball at 0"},
		{"player 1 wins the point", "you win the point"},
		{"Player 1 serves", "You serve"},
		{"ball beyond player 1's field", "ball beyond your field"},
		{"point to players 2 and 4", "point to heuristic bot & Dan"},
		{"player 3 draws Hit-3 red", "Cleo draws Hit-3 red"},
		{"player 2's hand", "heuristic bot's hand"},
		{"player 9 is nobody here", "player 9 is nobody here"},
		{"players 1 and 7", "players 1 and 7"},
		{"nothing to name", "nothing to name"},
		{"player 1", "you"},
		{"Player 1 to choose a character.", "Your turn to choose a character."},
		{"player 2 to move", "heuristic bot to move"},
	} {
		if got := WithNames(c.in, names, 0); got != c.want {
			t.Errorf("WithNames(%q) = %q, want %q", c.in, got, c.want)
		}
	}
	// A spectator's log names every seat by its name, the hot seat's "player N" stays.
	if got, want := WithNames("player 1 wins", []string{"Ann", "Bob"}, engine.Spectator), "Ann wins"; got != want {
		t.Errorf("spectator: got %q, want %q", got, want)
	}
	if got, want := WithNames("player 2 bids", []string{"player 1", "player 2"}, 0), "player 2 bids"; got != want {
		t.Errorf("hot seat: got %q, want %q", got, want)
	}
}

// A name in a board's padded column keeps the columns after it under their headings.
func TestWithNamesAligned(t *testing.T) {
	names := []string{"you", "heuristic bot"}
	for _, c := range []struct{ in, want string }{
		{"player 2          .   P   .", "heuristic bot     .   P   ."},
		{"player 1          .   P   .", "you               .   P   ."},
		{"player 2  x", "heuristic bot x"}, // a column too narrow for the name keeps one space
		{"To move: player 2, serving", "To move: heuristic bot, serving"},
		{"player 3     .", "player 3     ."}, // no such seat: as it was
	} {
		if got := withNamesAligned(c.in, names, 0); got != c.want {
			t.Errorf("withNamesAligned(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}
