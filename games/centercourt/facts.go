package centercourt

import (
	"deuce/engine"
	"deuce/score"
)

// maxShots bounds the rally lengths counted one by one: a point of maxShots-1 shots or more is
// counted in the last bucket. Random play rarely passes 20.
const maxShots = 48

// facts are the counts behind engine.TennisFacts, kept as plain data like the rest of State.
type facts struct {
	pointsWon        [2]int16
	servicePoints    [2]int16
	servicePointsWon [2]int16
	serviceGames     [2]int16
	holds            [2]int16
	shots            [maxShots]uint16 // points by shots struck, the last bucket open-ended
	rally            int16            // shots struck in the point in play
	lead             int8             // the side last ahead on the scoreboard plus one; 0 before anyone was
	leadChanges      int16
}

var _ engine.Tennis = (*State)(nil)

// point records a point won by winner, served by server, as m (the score after it) shows it.
// gameDone reports that the point completed a game that was not a tiebreak.
func (f *facts) point(winner, server int, gameDone bool, m score.Match) {
	f.pointsWon[winner]++
	f.servicePoints[server]++
	if winner == server {
		f.servicePointsWon[server]++
	}
	if gameDone {
		f.serviceGames[server]++
		if winner == server {
			f.holds[server]++
		}
	}
	f.shots[min(int(f.rally), maxShots-1)]++
	f.rally = 0
	if l := leader(m); l >= 0 {
		if f.lead != 0 && int(f.lead) != l+1 {
			f.leadChanges++
		}
		f.lead = int8(l + 1)
	}
}

// leader returns the side ahead on the scoreboard (sets, then games in the set, then points in
// a tiebreak), or -1 when the score is level.
func leader(m score.Match) int {
	ahead := func(a [2]int) int {
		switch {
		case a[0] > a[1]:
			return 0
		case a[1] > a[0]:
			return 1
		}
		return -1
	}
	if l := ahead(m.SetsWon()); l >= 0 {
		return l
	}
	if l := ahead(m.GamesInSet()); l >= 0 {
		return l
	}
	if m.Format().Kind == score.SingleTiebreak || m.InTiebreak() {
		return ahead(m.PointsInGame())
	}
	return -1
}

// TennisFacts reports the match's points, serves held, rally lengths and lead changes. A rally
// of 47 shots or more is counted as 47.
func (s *State) TennisFacts() engine.TennisFacts {
	f := &s.facts
	t := engine.TennisFacts{
		Points:      s.score.PointsPlayed(),
		Games:       s.score.GamesCompleted(),
		LeadChanges: int(f.leadChanges),
	}
	for side := range 2 {
		t.PointsWon[side] = int(f.pointsWon[side])
		t.ServicePoints[side] = int(f.servicePoints[side])
		t.ServicePointsWon[side] = int(f.servicePointsWon[side])
		t.ServiceGames[side] = int(f.serviceGames[side])
		t.Holds[side] = int(f.holds[side])
	}
	n := len(f.shots)
	for n > 0 && f.shots[n-1] == 0 {
		n--
	}
	t.Shots = make([]int, n)
	for k := range n {
		t.Shots[k] = int(f.shots[k])
	}
	return t
}
