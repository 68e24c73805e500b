package centercourt

import "deuce/engine"

var _ engine.Tennis = (*State)(nil)

// TennisFacts reports the match's points, serves held, rally lengths and lead changes. A rally
// of 47 shots or more is counted as 47.
func (s *State) TennisFacts() engine.TennisFacts { return s.facts.TennisFacts(&s.score) }
