package tutorial

import (
	"strings"
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
			// The learner's points before each move, and after the last.
			var won []int
			final, err := engine.Replay(tu.game, tu.rec, func(i int, s engine.State) { won = append(won, learnerPoints(s)) })
			if err != nil {
				t.Fatal(err)
			}
			n := len(tu.rec.Moves)
			if n > 0 && !final.Result().Over && won[n] <= won[n-1] {
				t.Errorf("%s seed %d: the lesson's last move (%q) won the learner no point (%d before, %d after)", def.Game, d.Seed, tu.rec.Moves[n-1].Text, won[n-1], won[n])
			}
		}
	}
}

// TestAlakaSLAMConcedeSaysWhy: a lesson's step that concedes a point says why it is lost. The
// lesson's own deal ends on a point the learner wins before any concession, so the deal of seed
// 2, where the learner concedes, is built for the check.
func TestAlakaSLAMConcedeSaysWhy(t *testing.T) {
	for _, def := range definitions {
		if def.Game != "alakaslam" {
			continue
		}
		def.Seed, def.MinSteps = 2, 30 // on to its step limit: past its concessions
		tu := build(def)
		if tu.err != nil {
			t.Fatal(tu.err)
		}
		concedes := 0
		for step := range tu.Steps() {
			f, err := tu.Frame(step)
			if err != nil {
				t.Fatal(err)
			}
			if f.Expect.Text != "concede" {
				continue
			}
			concedes++
			if !strings.Contains(f.Lesson, "away") && !strings.Contains(f.Lesson, "no legal hit") && !strings.Contains(f.Lesson, "lands out") {
				t.Errorf("step %d: %q says not why the point is lost", step, f.Lesson)
			}
		}
		if concedes == 0 {
			t.Fatal("the deal of seed 2 has no concession: the check checks nothing")
		}
	}
}
