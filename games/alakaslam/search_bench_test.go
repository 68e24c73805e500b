package alakaslam_test

import (
	"context"
	"fmt"
	"hash/fnv"
	"math/rand/v2"
	"testing"

	"deuce/bot/ismcts"
	"deuce/engine"
	"deuce/games"
	"deuce/games/alakaslam"
)

// searchPositions are the decisions of a heuristic match of a variant with more than one legal
// action, every step-th of them: the mix of positions a search bot meets in a match.
func searchPositions(b testing.TB, variant string, step int) []engine.State {
	b.Helper()
	opts, err := alakaslam.Game.Variant(variant)
	if err != nil {
		b.Fatal(err)
	}
	s, _, err := alakaslam.Game.Start(opts)
	if err != nil {
		b.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(5, 5))
	var out []engine.State
	decisions := 0
	for s.ToMove() != engine.Nobody {
		var a engine.Action
		if s.ToMove() == engine.Chance {
			a = engine.SampleChance(rng, s.Chances(nil))
		} else {
			if len(s.Legal(nil)) > 1 {
				if decisions%step == 0 {
					out = append(out, s.Clone())
				}
				decisions++
			}
			a = alakaslam.Heuristic(engine.Determinize(s, s.ToMove(), rng), rng)
		}
		if err := s.Apply(a); err != nil {
			b.Fatal(err)
		}
	}
	return out
}

// BenchmarkSearch runs the hard level's search (its playouts, prior, bias and horizon, on one
// worker) from the decisions of a heuristic match of each variant, and reports the iterations
// a second: the figure that decides what a strength table of AlakaSLAM costs.
func BenchmarkSearch(b *testing.B) {
	for _, v := range alakaslam.Game.Variants {
		b.Run(v.Name, func(b *testing.B) {
			hard, err := games.NewBot(alakaslam.Game, "hard")
			if err != nil {
				b.Fatal(err)
			}
			o := hard.(*ismcts.Bot).Options()
			o.Iterations, o.Trees, o.Workers = 200, 1, 1
			bot := ismcts.New(o)
			positions := searchPositions(b, v.Name, 3)
			rng := rand.New(rand.NewPCG(1, 2))
			ctx := context.Background()
			total := 0
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				s := positions[i%len(positions)]
				i++
				an, err := bot.Search(ctx, s, s.ToMove(), rng)
				if err != nil {
					b.Fatal(err)
				}
				total += an.Iterations
			}
			b.ReportMetric(float64(total)/b.Elapsed().Seconds(), "iterations/s")
		})
	}
}

// searchDigests pin the hard level's search (root visits and values at 200 iterations) from
// the decisions of heuristic matches: the game's speed-ups must leave the search's moves and
// random draws as they were, or the strength tables measured before them no longer hold. A
// change of the search itself (package ismcts, the level's options) changes them too. The
// doubles and Canadian ones changed with the rule that a team plans on what both teammates
// know (not an Enchantment the teammate holds): singles, the strength table's, did not.
var searchDigests = map[string]uint64{
	"singles":  0xe04f299dfd556477,
	"doubles":  0x563e93dfbc999a67,
	"canadian": 0xcc89d91914fc5328,
}

func TestSearchFixed(t *testing.T) {
	if testing.Short() {
		t.Skip("searches at a hundred positions")
	}
	got := map[string]uint64{}
	for _, v := range alakaslam.Game.Variants {
		hard, err := games.NewBot(alakaslam.Game, "hard")
		if err != nil {
			t.Fatal(err)
		}
		o := hard.(*ismcts.Bot).Options()
		o.Iterations = 200
		bot := ismcts.New(o)
		h := fnv.New64a()
		for i, s := range searchPositions(t, v.Name, 4) {
			an, err := bot.Search(context.Background(), s, s.ToMove(), rand.New(rand.NewPCG(uint64(i), 3)))
			if err != nil {
				t.Fatal(err)
			}
			fmt.Fprintf(h, "%d %d %d", i, an.Action, an.Nodes)
			for _, m := range an.Moves {
				fmt.Fprintf(h, " %d:%d:%.6f", m.Action, m.Visits, m.Value)
			}
			fmt.Fprintln(h)
		}
		got[v.Name] = h.Sum64()
	}
	for name, sum := range got {
		if want, ok := searchDigests[name]; !ok || sum != want {
			t.Errorf("%s: digest %#x, want %#x", name, sum, want)
		}
	}
	if t.Failed() {
		t.Logf("digests now: %#v (if the search itself, package ismcts, or the hard level changed on purpose, these are the new values)", got)
	}
}
