package tutorial

import (
	"testing"

	"deuce/engine"
)

// A lesson's record stops with the move that won its last point, whoever serves the next: the
// last frame shows that point's end, not the next one begun (Worldwide's lesson once ended with
// the bot's next serve in play). Checked over the lessons and twenty other deals of each.
func TestBuildStopsAtThePoint(t *testing.T) {
	for _, def := range definitions {
		for seed := range uint64(21) {
			d := def
			if seed > 0 {
				d.Seed = seed
			}
			tu := build(d)
			if tu.err != nil {
				t.Fatal(tu.err)
			}
			if len(tu.steps) == d.MaxSteps {
				continue // a lesson may stop at its most steps, mid-point
			}
			// The score before each move, and after the last.
			var scores []string
			final, err := engine.Replay(tu.game, tu.rec, func(i int, s engine.State) { scores = append(scores, s.Result().Score) })
			if err != nil {
				t.Fatal(err)
			}
			n := len(tu.rec.Moves)
			if n > 0 && !final.Result().Over && scores[n-1] == scores[n] {
				t.Errorf("%s seed %d: the lesson's last move (%q) left the score at %q: it does not end a point", def.Game, d.Seed, tu.rec.Moves[n-1].Text, scores[n])
			}
		}
	}
}
