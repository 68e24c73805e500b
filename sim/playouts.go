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
	var p playout
	for range matches {
		n, err := p.play(start.Clone(), rng, checked)
		actions += n
		if err != nil {
			return actions, err
		}
	}
	return actions, nil
}

// playout holds the buffers of random matches.
type playout struct {
	buf  []engine.Action
	cbuf []engine.ChanceOutcome
}

// play plays s to its end at random, as Playouts does, and returns the actions played.
func (p *playout) play(s engine.State, rng *rand.Rand, checked bool) (actions int, err error) {
	for to := s.ToMove(); to != engine.Nobody; to = s.ToMove() {
		var a engine.Action
		if to == engine.Chance {
			p.cbuf = s.Chances(p.cbuf)
			a = engine.SampleChance(rng, p.cbuf)
		} else {
			p.buf = s.Legal(p.buf)
			a = p.buf[rng.IntN(len(p.buf))]
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
	return actions, nil
}
