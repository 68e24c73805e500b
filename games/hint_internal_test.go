package games

import (
	"strings"
	"testing"
)

// TestHintWhy: the explanation states the share of the move advised with its margin, and says
// why the bot does not take a move that shows a higher share.
func TestHintWhy(t *testing.T) {
	moves := []AdviceMove{{Move: "serve 3", P: 0.4, Win: 0.43}, {Move: "serve 4", P: 0.3, Win: 0.45}}
	got := hintWhy(Advice{Best: "serve 3", Moves: moves}, 1000, 400)
	for _, want := range []string{"would choose serve 3", "1000 continuations", "won about 43%", "serve 4 45%", "serve 3 is within about ±5 points", "steadier than the shares"} {
		if !strings.Contains(got, want) {
			t.Errorf("%q lacks %q", got, want)
		}
	}
	moves[1].Win = 0.40
	got = hintWhy(Advice{Best: "serve 3", Moves: moves}, 1000, 100)
	if !strings.Contains(got, "within about ±10 points") || strings.Contains(got, "steadier") {
		t.Errorf("%q: want a margin of 10 points and no word on a higher share", got)
	}
}

// A move that is itself a choice is not chosen twice: "would choose sarissia".
func TestHintOfAChoice(t *testing.T) {
	got := hintWhy(Advice{Best: "choose sarissia", Moves: []AdviceMove{{Move: "choose sarissia", P: 1, Win: 0.6}}}, 100, 100)
	if !strings.HasPrefix(got, "The hard bot would choose sarissia. ") {
		t.Errorf("hint of a choice: %q", got)
	}
}
