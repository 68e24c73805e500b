package score

import "deuce/engine"

// MaxShots bounds the rally lengths Facts counts one by one: a point of MaxShots-1 shots or
// more is counted in the last bucket.
const MaxShots = 48

// Facts counts what a simulation reports of a match scored by Match (engine.TennisFacts, which
// a game fills from them): the points each side won, served and won on serve, the games it
// served and held, the points by shots struck and the changes of lead. It is plain data, so a
// value copy is a deep copy, and a game keeps one in its state.
type Facts struct {
	PointsWon        [2]int16
	ServicePoints    [2]int16
	ServicePointsWon [2]int16
	ServiceGames     [2]int16
	Holds            [2]int16
	// Shots counts the points by shots struck, the last bucket open-ended.
	Shots [MaxShots]uint16
	// Rally is the shots struck in the point in play, which the game counts; Point resets it.
	Rally       int16
	LeadChanges int16
	lead        int8 // the side last ahead on the scoreboard plus one; 0 before anyone was
}

// Point records a point won by side winner, served by side server, of Rally shots; m is the
// score after it, and gameDone reports that the point completed a game that was not a
// tiebreak (every player serves in a tiebreak).
func (f *Facts) Point(winner, server int, gameDone bool, m *Match) {
	f.PointsWon[winner]++
	f.ServicePoints[server]++
	if winner == server {
		f.ServicePointsWon[server]++
	}
	if gameDone {
		f.ServiceGames[server]++
		if winner == server {
			f.Holds[server]++
		}
	}
	f.Shots[min(max(int(f.Rally), 0), MaxShots-1)]++
	f.Rally = 0
	if l := Leader(m); l >= 0 {
		if f.lead != 0 && int(f.lead) != l+1 {
			f.LeadChanges++
		}
		f.lead = int8(l + 1)
	}
}

// TennisFacts returns the facts of the match whose score is m: the counts, the points and
// games m has played, and the rallies up to the longest (a rally of MaxShots-1 shots or more
// counted as MaxShots-1).
func (f *Facts) TennisFacts(m *Match) engine.TennisFacts {
	t := engine.TennisFacts{Points: m.PointsPlayed(), Games: m.GamesCompleted(), LeadChanges: int(f.LeadChanges)}
	for side := range 2 {
		t.PointsWon[side] = int(f.PointsWon[side])
		t.ServicePoints[side] = int(f.ServicePoints[side])
		t.ServicePointsWon[side] = int(f.ServicePointsWon[side])
		t.ServiceGames[side] = int(f.ServiceGames[side])
		t.Holds[side] = int(f.Holds[side])
	}
	n := len(f.Shots)
	for n > 0 && f.Shots[n-1] == 0 {
		n--
	}
	t.Shots = make([]int, n)
	for k := range n {
		t.Shots[k] = int(f.Shots[k])
	}
	return t
}

// Leader returns the side ahead on the scoreboard (sets, then games in the set, then points in
// a tiebreak), or -1 when the score is level.
func Leader(m *Match) int {
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
	if m.Format().Kind == SingleTiebreak || m.InTiebreak() {
		return ahead(m.PointsInGame())
	}
	return -1
}
