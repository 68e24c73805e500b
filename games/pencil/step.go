package pencil

import "deuce/engine"

// StepStart returns a copy of the match at the start of the current round: player 1's secret
// bid, if he has made it, is taken back. It reads nothing secret (ismcts.StepStarter): a
// search for player 2 starts from there, so that player 1's bid is one of the searched
// choices rather than a uniformly random guess.
func (s *State) StepStart() engine.State {
	c := s.Clone().(*State)
	if c.toMove == 1 {
		c.pending, c.toMove = 0, 0
	}
	return c
}

// CopyInto returns a copy of s written over dst when dst is another pencil state, reusing its
// round history's storage (ismcts.Copier); otherwise it returns a clone.
func (s *State) CopyInto(dst engine.State) engine.State {
	d, ok := dst.(*State)
	if !ok || d == nil || d == s {
		return s.Clone()
	}
	rounds := d.rounds[:0]
	if need := len(s.rounds) + s.points[0] + s.points[1]; cap(rounds) < need {
		rounds = make([]bids, 0, need)
	}
	*d = *s
	d.rounds = append(rounds, s.rounds...)
	return d
}
