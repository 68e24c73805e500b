package alakaslam

import (
	"flag"
	"fmt"
	"hash/fnv"
	"math/rand/v2"
	"os"
	"testing"

	"deuce/engine"
)

var heuristicTrace = flag.String("heuristic-trace", "", "write every choice TestHeuristicFixed checks to this file")

// heuristicDigests pin Heuristic's choices, and the random numbers it draws, at the decisions
// of seeded matches (heuristicDecisions): search bots play it in every playout and as their
// prior, and strength tables measured on one version of the code must stay valid on the next,
// so a change of these figures is a change of play, to be made on purpose.
var heuristicDigests = map[string]uint64{
	"canadian/12": 0x9312a0ed6cf954ce,
	"canadian/6":  0xba57fb435b31cb70,
	"canadian/7":  0x9cce5d33bf485c3f,
	"canadian/8":  0x7954a38fa1259f9b,
	"doubles/11":  0x8e527612fa98dd8d,
	"doubles/4":   0xf9ea43fefcc1084d,
	"doubles/5":   0xad18528457b325f5,
	"doubles/9":   0x2cf6b177461370b0,
	"singles/0":   0x734c02433a47eee6,
	"singles/1":   0xbe60e7045599bfd6,
	"singles/10":  0x41d25343051377c8,
	"singles/2":   0xba7155cbdb394130,
	"singles/3":   0x24a28edc0abaa5ce,
}

// heuristicDecisions plays the matches of opts (the heuristic on what the seat knows, one move
// in five at random) and calls fn at every decision.
func heuristicDecisions(t *testing.T, opts engine.Options, seed uint64, fn func(s *State)) {
	s := newMatch(t, opts)
	rng := rand.New(rand.NewPCG(seed, 99))
	for n := 0; s.ToMove() != engine.Nobody; n++ {
		if n > 20000 {
			t.Fatal("match too long")
		}
		if s.ToMove() != engine.Chance {
			fn(s)
		}
		p := heuristicPolicy
		if rng.IntN(5) == 0 {
			p = randomPolicy
		}
		step(t, s, rng, p)
	}
}

// TestHeuristicFixed checks Heuristic against heuristicDigests: its choice and the next number
// of its random stream, on the full state as a playout sees it and on a determinization for
// the seat to move, at every decision of seeded matches of every format and character.
func TestHeuristicFixed(t *testing.T) {
	var trace *os.File
	if *heuristicTrace != "" {
		f, err := os.Create(*heuristicTrace)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		trace = f
	}
	sets := append(characterOptions(),
		engine.Options{"format": "doubles", "toots": "moves", "team-move": "one-by-one", "played": "after-hit", "character1": "toots"},
		engine.Options{"format": "singles", "deck": "enchant-3", "character1": "rich", "character2": "austin"},
		engine.Options{"format": "doubles", "deck": "enchant-3", "character1": "austin", "character2": "rich"},
		engine.Options{"format": "canadian", "deck": "enchant-3", "character2": "austin", "character1": "laurie"},
	)
	got := map[string]uint64{}
	for i, opts := range sets {
		name := fmt.Sprint(opts["format"], "/", i)
		h := fnv.New64a()
		for seed := range uint64(12) {
			k := 0
			heuristicDecisions(t, opts, seed+uint64(10*i), func(s *State) {
				before := *s
				for j, d := range []*State{s, s.Determinize(s.ToMove(), rand.New(rand.NewPCG(seed, uint64(k)))).(*State)} {
					rng := rand.New(rand.NewPCG(uint64(k), uint64(j)))
					a := Heuristic(d, rng)
					next := rng.Uint64()
					fmt.Fprintf(h, "%d %d %d\n", k, a, next)
					if trace != nil {
						fmt.Fprintf(trace, "%s seed %d decision %d state %d: %s (%d), next %d\n", name, seed, k, j, d.ActionString(a), a, next)
					}
				}
				if *s != before {
					t.Fatalf("%s: Heuristic changed the state", name)
				}
				k++
			})
		}
		got[name] = h.Sum64()
	}
	for name, sum := range got {
		if want, ok := heuristicDigests[name]; !ok || sum != want {
			t.Errorf("%s: digest %#x, want %#x", name, sum, want)
		}
	}
	if t.Failed() {
		t.Logf("digests now: %#v", got)
	}
}
