package centercourt

import (
	"math/rand/v2"

	"deuce/engine"
)

var _ engine.DeterminizerInto = (*State)(nil)

// DeterminizeInto is Determinize written over dst when dst is another centercourt state.
func (s *State) DeterminizeInto(dst engine.State, seat engine.Seat, rng *rand.Rand) engine.State {
	d, ok := dst.(*State)
	if !ok || d == nil || d == s {
		return s.Determinize(seat, rng)
	}
	s.determinize(d, seat, rng)
	return d
}

var _ engine.Lister = (*State)(nil)

// ApplyListed plays a, taken from the state's own legal list or chance outcomes, without
// checking it again.
func (s *State) ApplyListed(a engine.Action) { s.apply(a) }
