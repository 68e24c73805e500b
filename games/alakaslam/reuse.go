package alakaslam

import (
	"math/rand/v2"

	"deuce/engine"
)

var _ engine.DeterminizerInto = (*State)(nil)

// DeterminizeInto is Determinize written over dst when dst is another alakaslam state.
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

// CopyInto returns a copy of s written over dst when dst is another alakaslam state, which a
// simulation or a search reuses from one match to the next; otherwise it returns a clone.
func (s *State) CopyInto(dst engine.State) engine.State {
	d, ok := dst.(*State)
	if !ok || d == nil || d == s {
		return s.Clone()
	}
	*d = *s
	return d
}

var _ engine.Returner = (*State)(nil)

// AppendReturns appends the returns of Result to buf[:0], without its score text.
func (s *State) AppendReturns(buf []float64) []float64 {
	buf = buf[:0]
	if !s.score.Over() {
		return buf
	}
	w := int8(s.score.Winner())
	for seat := range s.nseats {
		if teamOf(seat) == w {
			buf = append(buf, 1)
		} else {
			buf = append(buf, -1)
		}
	}
	return buf
}
