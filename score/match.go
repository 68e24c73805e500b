package score

import "fmt"

// SetScore is the score of one set.
type SetScore struct {
	// Games are the games each side has won in the set; a set won in a tiebreak ends 7-6
	// (GamesPerSet+1 to GamesPerSet).
	Games [2]int `json:"games"`
	// Tiebreak reports that the set has reached its tiebreak.
	Tiebreak bool `json:"tiebreak"`
	// TiebreakPoints are the points each side has won in the set's tiebreak.
	TiebreakPoints [2]int `json:"tiebreakPoints"`
}

// Match is the score of one match: a plain value of fixed-size arrays and integers, so that
// assigning a Match copies it completely and == reports whether two scores are the same.
//
// The zero Match is a match of the zero Format with side 0 serving first. Sides are 0 and 1;
// in doubles a side is a team.
//
// Reading methods take a value receiver, as time.Time's do, so that a Match prints and
// marshals as a value; PointWon and SetServer take a pointer.
type Match struct {
	format  Format
	sets    [MaxSets]SetScore
	set     int    // index in sets of the set in play, or of the last set once the match is over
	setsWon [2]int // sets won
	// points are the points of the game in play; in FirstToPoints and SingleTiebreak, of the
	// match. In an advantage game, 40-40 is kept as 3-3 and an advantage as 4-3.
	points [2]int
	// server serves the game in play; in a tiebreak it served the tiebreak's first point.
	server int
	games  int    // games completed in the match, a tiebreak counting as one
	played int    // points played in the match
	won    [2]int // points each side won in the match
	ends   bool   // the last point played sent the players to change ends
	winner int    // the winning side plus one; 0 while the match is in play
}

// NewMatch starts a match of format f in which side firstServer serves first. It returns an
// error matching ErrFormat if f describes no match or firstServer is neither 0 nor 1.
func NewMatch(f Format, firstServer int) (Match, error) {
	if err := f.Validate(); err != nil {
		return Match{}, err
	}
	if firstServer != 0 && firstServer != 1 {
		return Match{}, fmt.Errorf("%w: first server %d: want 0 or 1", ErrFormat, firstServer)
	}
	return Match{format: f, server: firstServer}, nil
}

// checkSide panics if side names no side: game code passes sides it computed, so a bad one is a
// bug in that code.
func checkSide(side int) {
	if side != 0 && side != 1 {
		panic(fmt.Sprintf("score: side %d: want 0 or 1", side))
	}
}

// PointWon records that side won the point in play: it updates the score, the server and
// ChangeEnds. Once the match is over PointWon does nothing. It panics if side is neither 0
// nor 1.
func (m *Match) PointWon(side int) {
	checkSide(side)
	if m.winner != 0 {
		return
	}
	m.ends = false
	m.played++
	m.won[side]++
	switch m.format.Kind {
	case FirstToPoints:
		m.points[side]++
		if m.points[side] >= m.format.Points {
			m.winner = side + 1
		}
	case SingleTiebreak:
		m.points[side]++
		switch {
		case tiebreakWon(m.points, side, m.format.tiebreakPoints()):
			m.winner = side + 1
		case (m.points[0]+m.points[1])%6 == 0:
			m.ends = true
		}
	default:
		if m.sets[m.set].Tiebreak {
			m.tiebreakPointWon(side)
		} else {
			m.gamePointWon(side)
		}
	}
}

// tiebreakWon reports whether side, having just won a point, has won a tiebreak to target
// points by two.
func tiebreakWon(points [2]int, side, target int) bool {
	return points[side] >= target && points[side]-points[1-side] >= 2
}

// gamePointWon records a point won by side in a game.
func (m *Match) gamePointWon(side int) {
	rule := m.format.Game
	m.points[side]++
	p, q := m.points[side], m.points[1-side]
	switch {
	case p >= rule.pointsToWin() && (rule != Advantage || p-q >= 2):
		m.gameWon(side)
	case p == 4 && q == 4:
		// Back to deuce: an advantage lost is as if it had never been won.
		m.points = [2]int{3, 3}
	}
}

// gameWon records a game won by side, and the set if the game wins it.
func (m *Match) gameWon(side int) {
	m.points = [2]int{}
	m.games++
	m.server = 1 - m.server
	s := &m.sets[m.set]
	s.Games[side]++
	n := m.format.gamesPerSet()
	switch g := s.Games; {
	case g[side] >= n && g[side]-g[1-side] >= 2:
		m.setWon(side)
	default:
		if g[0] == n && g[1] == n && m.format.setRule(m.set) == TiebreakSet {
			s.Tiebreak = true
		}
		m.ends = (g[0]+g[1])%2 == 1
	}
}

// tiebreakPointWon records a point won by side in a set's tiebreak.
func (m *Match) tiebreakPointWon(side int) {
	s := &m.sets[m.set]
	s.TiebreakPoints[side]++
	if tiebreakWon(s.TiebreakPoints, side, m.format.setTiebreakPoints(m.set)) {
		// The tiebreak counts as one game: the side that received its first point serves next.
		m.games++
		m.server = 1 - m.server
		s.Games[side]++
		m.setWon(side)
		return
	}
	m.ends = (s.TiebreakPoints[0]+s.TiebreakPoints[1])%6 == 0
}

// setWon records the set in play as won by side, and the match if the set wins it.
func (m *Match) setWon(side int) {
	m.setsWon[side]++
	if m.setsWon[side] == m.format.setsToWin() {
		m.winner = side + 1
		return
	}
	g := m.sets[m.set].Games
	m.ends = (g[0]+g[1])%2 == 1
	m.set++
}

// SetServer makes side serve the point in play. In FirstToPoints, where the game decides who
// serves every point, the server stays side until the next call. Elsewhere the usual order
// continues from side: the server of a game serves the rest of it, and in a tiebreak the order
// of the remaining points is the one in which side serves this point. Call it between points;
// once the match is over it does nothing. It panics if side is neither 0 nor 1.
func (m *Match) SetServer(side int) {
	checkSide(side)
	if m.winner == 0 && m.Server() != side {
		m.server = 1 - m.server
	}
}

// Format returns the match's format as given to NewMatch.
func (m Match) Format() Format { return m.format }

// Server returns the side serving the point in play. Once the match is over it returns the
// side that would serve next.
func (m Match) Server() int {
	switch {
	case m.format.Kind == SingleTiebreak:
		return tiebreakServer(m.server, m.points[0]+m.points[1])
	case m.format.Kind == BestOfSets && m.sets[m.set].Tiebreak && m.winner == 0:
		tp := m.sets[m.set].TiebreakPoints
		return tiebreakServer(m.server, tp[0]+tp[1])
	}
	return m.server
}

// tiebreakServer returns the side serving a tiebreak point after played points, first having
// served the first: A, B B, A A, B B...
func tiebreakServer(first, played int) int {
	if (played+1)/2%2 == 0 {
		return first
	}
	return 1 - first
}

// Receiver returns the side receiving the point in play: the side that is not serving.
func (m Match) Receiver() int { return 1 - m.Server() }

// Over reports whether the match is over.
func (m Match) Over() bool { return m.winner != 0 }

// Winner returns the side that won the match, or -1 while it is in play.
func (m Match) Winner() int { return m.winner - 1 }

// InTiebreak reports whether the point in play is a tiebreak point, the match being a
// SingleTiebreak or a set having reached its tiebreak.
func (m Match) InTiebreak() bool {
	if m.winner != 0 {
		return false
	}
	switch m.format.Kind {
	case SingleTiebreak:
		return true
	case BestOfSets:
		return m.sets[m.set].Tiebreak
	}
	return false
}

// DecidingPoint reports whether the point in play decides a DecidingPoint or TwoPoint game at
// 40-40. Before such a point the receiver chooses the side of the court to receive it from.
func (m Match) DecidingPoint() bool {
	if m.winner != 0 || m.format.Kind != BestOfSets || m.sets[m.set].Tiebreak {
		return false
	}
	switch m.format.Game {
	case DecidingPoint:
		return m.points == [2]int{3, 3}
	case TwoPoint:
		return m.points == [2]int{1, 1}
	}
	return false
}

// ChangeEnds reports whether the players change ends after the point just played: after the
// odd games of each set, and after every six points of a tiebreak. It is false before the
// first point and once the match is over.
func (m Match) ChangeEnds() bool { return m.ends && m.winner == 0 }

// PointsInGame returns the points each side has won in the game in play, or in the tiebreak in
// play. An advantage game reports 40-40 and later deuces as 3-3 and an advantage as 4-3 or
// 3-4. In FirstToPoints and SingleTiebreak it returns the points of the match, and once a
// BestOfSets match is over it returns 0-0.
func (m Match) PointsInGame() [2]int {
	if m.format.Kind == BestOfSets && m.sets[m.set].Tiebreak && m.winner == 0 {
		return m.sets[m.set].TiebreakPoints
	}
	return m.points
}

// GamesInSet returns the games each side has won in the set in play, or in the last set once
// the match is over. It is 0-0 in matches without sets.
func (m Match) GamesInSet() [2]int { return m.sets[m.set].Games }

// SetsWon returns the sets each side has won.
func (m Match) SetsWon() [2]int { return m.setsWon }

// Sets returns the score of every set played: the completed sets and then, while the match is
// in play, the set in play. It returns nil in matches without sets.
func (m Match) Sets() []SetScore {
	if m.format.Kind != BestOfSets {
		return nil
	}
	n := m.set + 1
	return append([]SetScore(nil), m.sets[:n]...)
}

// GamesCompleted returns the number of games completed in the match, a tiebreak counting as
// one game. Sides serve games in turn, so in doubles it tells the game which member of a team
// serves, as does ServiceTurn within a set.
func (m Match) GamesCompleted() int { return m.games }

// PointsPlayed returns the number of points played in the match.
func (m Match) PointsPlayed() int { return m.played }

// PointsWon returns the number of points each side won in the match.
func (m Match) PointsWon() [2]int { return m.won }

// ServiceTurn returns the number of service turns completed in the set in play before the
// turn in play. A game is one turn; in a tiebreak, the first point is one turn and each later
// pair of points another. Turns alternate between the sides within a set, so in doubles the
// serving team's member is (ServiceTurn()/2)%2 in the order the team chose for the set. In a
// SingleTiebreak turns count as in a tiebreak; in FirstToPoints every point is a turn.
func (m Match) ServiceTurn() int {
	switch m.format.Kind {
	case FirstToPoints:
		return m.played
	case SingleTiebreak:
		return (m.points[0] + m.points[1] + 1) / 2
	}
	s := m.sets[m.set]
	t := s.Games[0] + s.Games[1]
	if s.Tiebreak && m.winner == 0 {
		t += (s.TiebreakPoints[0] + s.TiebreakPoints[1] + 1) / 2
	}
	return t
}
