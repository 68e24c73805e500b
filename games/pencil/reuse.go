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

var _ engine.Returner = (*State)(nil)

// AppendReturns appends the returns of Result to buf[:0].
func (s *State) AppendReturns(buf []float64) []float64 {
	buf = buf[:0]
	if s.toMove != engine.Nobody {
		return buf
	}
	w := 1.0
	if s.params.Scoring == Knockout && s.beyond() {
		w = 2
	}
	switch {
	case s.ball > 0:
		return append(buf, w, -w)
	case s.ball < 0:
		return append(buf, -w, w)
	}
	return append(buf, 0, 0)
}

var _ engine.Lister = (*State)(nil)

// ApplyListed plays a, taken from the state's own legal list, without checking it again.
func (s *State) ApplyListed(a engine.Action) { s.apply(a) }
