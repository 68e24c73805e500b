package lmn

import "deuce/engine"

var _ engine.Tennis = (*State)(nil)

// TennisFacts reports the match's points, service games held (a point is a game), rally
// lengths (the serve and every return; a pass in doubles strikes nothing) and lead changes. A
// rally of 47 shots or more is counted as 47.
func (s *State) TennisFacts() engine.TennisFacts { return s.facts.TennisFacts(&s.score) }
