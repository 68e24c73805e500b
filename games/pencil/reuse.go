package pencil

import (
	"math/rand/v2"

	"deuce/engine"
)

var _ engine.DeterminizerInto = (*State)(nil)

// DeterminizeInto is Determinize written over dst when dst is another pencil state, whose
// round history's storage it reuses when large enough.
func (s *State) DeterminizeInto(dst engine.State, seat engine.Seat, rng *rand.Rand) engine.State {
	d, ok := dst.(*State)
	if !ok || d == nil || d == s {
		return s.Determinize(seat, rng)
	}
	rounds := d.rounds[:0]
	if need := len(s.rounds) + s.points[0] + s.points[1]; cap(rounds) < need {
		rounds = make([]bids, 0, need)
	}
	*d = *s
	d.rounds = append(rounds, s.rounds...)
	d.redraw(seat, rng)
	return d
}
