package alakaslam

import (
	"math/rand/v2"
	"slices"
	"testing"

	"deuce/engine"
)

// Prune drops "take back" and nothing else, over the positions of random matches, and keeps a
// list that has only it.
func TestPrune(t *testing.T) {
	seen := 0
	for seed := range uint64(20) {
		rng := rand.New(rand.NewPCG(seed, 7))
		st, _, err := Game.Start(nil)
		if err != nil {
			t.Fatal(err)
		}
		for steps := 0; !st.Result().Over && steps < 5000; steps++ {
			var a engine.Action
			if st.ToMove() == engine.Chance {
				ch := st.Chances(nil)
				a = ch[rng.IntN(len(ch))].Action
			} else {
				legal := st.Legal(nil)
				pruned := st.(*State).Prune(slices.Clone(legal))
				want := slices.DeleteFunc(slices.Clone(legal), func(x engine.Action) bool { return x == actUnpick && len(legal) > 1 })
				if !slices.Equal(pruned, want) {
					t.Fatalf("seed %d step %d: Prune(%v) = %v, want %v", seed, steps, legal, pruned, want)
				}
				if len(pruned) < len(legal) {
					seen++
				}
				a = legal[rng.IntN(len(legal))]
			}
			if err := st.Apply(a); err != nil {
				t.Fatal(err)
			}
		}
	}
	if seen == 0 {
		t.Fatal("no position offered a take back to prune")
	}
}
