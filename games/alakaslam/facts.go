package alakaslam

import (
	"slices"

	"deuce/engine"
)

// maxShots bounds the rally lengths counted one by one: a point of maxShots-1 shots or more is
// counted in the last bucket.
const maxShots = 48

// facts are the counts behind engine.TennisFacts, kept as plain data like the rest of State.
type facts struct {
	pointsWon        [2]int16
	servicePoints    [2]int16
	servicePointsWon [2]int16
	shots            [maxShots]uint16 // points by shots landed in, the last bucket open-ended
	rally            int16            // shots landed in during the point in play
	lead             int8             // the team last ahead plus one; 0 before anyone was
	leadChanges      int16
}

var _ engine.Tennis = (*State)(nil)

// point records a point won by team winner and served by team server; p are the points after it.
func (f *facts) point(winner, server int8, p [2]int) {
	f.pointsWon[winner]++
	f.servicePoints[server]++
	if winner == server {
		f.servicePointsWon[server]++
	}
	f.shots[min(int(f.rally), maxShots-1)]++
	f.rally = 0
	l := int8(0)
	switch {
	case p[0] > p[1]:
		l = 1
	case p[1] > p[0]:
		l = 2
	}
	if l != 0 {
		if f.lead != 0 && f.lead != l {
			f.leadChanges++
		}
		f.lead = l
	}
}

// TennisFacts reports the match's points, serves won, rally lengths (the serve and every return
// that landed in), lead changes, each player's character as a tag of its side, and in singles
// the matchup of characters, so that a simulation breaks its results down by character and by
// character against character.
func (s *State) TennisFacts() engine.TennisFacts {
	t := engine.TennisFacts{Shots: []int{}}
	s.TennisFactsInto(&t)
	return t
}

// TennisFactsInto writes the facts TennisFacts returns over *t, reusing the storage of its
// Shots and Tags, so that a simulation that folds in millions of matches allocates none for
// them.
func (s *State) TennisFactsInto(t *engine.TennisFacts) {
	f := &s.facts
	shots, tags := t.Shots[:0], t.Tags[:0]
	*t = engine.TennisFacts{Points: s.score.PointsPlayed(), LeadChanges: int(f.leadChanges)}
	for side := range 2 {
		t.PointsWon[side] = int(f.pointsWon[side])
		t.ServicePoints[side] = int(f.servicePoints[side])
		t.ServicePointsWon[side] = int(f.servicePointsWon[side])
	}
	n := len(f.shots)
	for n > 0 && f.shots[n-1] == 0 {
		n--
	}
	shots = slices.Grow(shots, n) // at once: a simulation's first matches grow it no further
	for k := range n {
		shots = append(shots, int(f.shots[k]))
	}
	t.Shots = shots
	for seat := range s.nseats {
		if c := s.chars[seat]; c >= 0 {
			tags = append(tags, engine.Tag{Key: "character", Value: charKeys[c], Side: int(teamOf(seat))})
		}
	}
	// In singles the pairing of characters is a tag of the match, the first named for seat 1:
	// its breakdown's seat-one win rate is that character's win rate against the other.
	if s.nseats == 2 && s.chars[0] >= 0 && s.chars[1] >= 0 {
		tags = append(tags, engine.Tag{Key: "matchup", Value: matchups[s.chars[0]][s.chars[1]], Side: engine.BothSides})
	}
	t.Tags = tags
}

// matchups are the values of the matchup tag: "austin vs rich".
var matchups = func() (m [numChars][numChars]string) {
	for a := range m {
		for b := range m[a] {
			m[a][b] = charKeys[a] + " vs " + charKeys[b]
		}
	}
	return m
}()
