package alakaslam_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"deuce/bot"
	"deuce/engine"
	"deuce/games/alakaslam"
	"deuce/sim"
)

// TestCharacterMatrix runs a small character-against-character table through package sim: each
// entry is how often character1 (seat 1) beat character2, the heuristic bot on both sides, the
// bots swapping seats every match. The whole table, with enough matches to read it, is the
// shell loop in the package documentation; a run with character1=random,character2=random
// reports every character's win rate at once.
func TestCharacterMatrix(t *testing.T) {
	chars := []string{"laurie", "rich", "sarissia"}
	matches := 40
	if testing.Short() {
		matches = 10
	}
	h := bot.Heuristic{Policy: alakaslam.Heuristic}
	var b strings.Builder
	fmt.Fprintf(&b, "%-9s", "p1 \\ p2")
	for _, c := range chars {
		fmt.Fprintf(&b, " %9s", c)
	}
	for _, c1 := range chars {
		fmt.Fprintf(&b, "\n%-9s", c1)
		for _, c2 := range chars {
			if c1 == c2 {
				fmt.Fprintf(&b, " %9s", "-")
				continue
			}
			rep, err := sim.Run(context.Background(), sim.Config{
				Game:    alakaslam.Game,
				Options: engine.Options{"character1": c1, "character2": c2},
				Players: []sim.Player{{Name: "A", Bot: h}, {Name: "B", Bot: h}},
				Matches: matches,
				Seed:    1,
			})
			if err != nil {
				t.Fatalf("%s against %s: %v", c1, c2, err)
			}
			if rep.Matches != matches || rep.SeatOneWins < 0 || rep.SeatOneWins > matches {
				t.Fatalf("%s against %s: %d matches, seat 1 won %d", c1, c2, rep.Matches, rep.SeatOneWins)
			}
			fmt.Fprintf(&b, " %8.0f%%", 100*float64(rep.SeatOneWins)/float64(rep.Matches))
		}
	}
	t.Logf("character1's win rate against character2 (%d matches each):\n%s", matches, b.String())
}
