package sim

import (
	"math/rand/v2"

	"deuce/engine"
)

// Playouts plays matches random matches from clones of start, with no bot, no record and no
// tally: the engine's own loop, the bound a simulation of random players is measured against.
// Chance outcomes are sampled by weight and decisions drawn uniformly from the legal list, both
// from rng; each action goes through Apply when checked is set, through engine.ApplyListed
// otherwise. It returns the actions played.
func Playouts(start engine.State, matches int, rng *rand.Rand, checked bool) (actions int, err error) {
	buf := make([]engine.Action, 0, 256)
	cbuf := make([]engine.ChanceOutcome, 0, 256)
	for range matches {
		s := start.Clone()
		for to := s.ToMove(); to != engine.Nobody; to = s.ToMove() {
			var a engine.Action
			if to == engine.Chance {
				cbuf = s.Chances(cbuf)
				a = engine.SampleChance(rng, cbuf)
			} else {
				buf = s.Legal(buf)
				a = buf[rng.IntN(len(buf))]
			}
			if checked {
				err = s.Apply(a)
			} else {
				err = engine.ApplyListed(s, a)
			}
			if err != nil {
				return actions, err
			}
			actions++
		}
	}
	return actions, nil
}
