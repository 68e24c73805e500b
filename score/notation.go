package score

import (
	"encoding/json"
	"strconv"
	"strings"
	"unicode/utf8"
)

// String returns the score in tennis notation, side 0's number always first:
//
//	6-4 3-6 7-6(5) 2-1, 30-15   sets, the set in play, then the game in play
//	6-4 2-2, Deuce              40-40 in an advantage game; "Ad-40" and "40-Ad" name the side ahead
//	6-4 1-0, 40-40              40-40 in a DecidingPoint or TwoPoint game
//	6-4 6-6, Tiebreak 5-4       the points of a set's tiebreak
//	6-4 3-2                     OnePoint games have no points to show
//	6-4 6-7(5) 7-5              a match over: only its sets
//	2-1                         FirstToPoints and SingleTiebreak: the points of the match
//
// A set won in a tiebreak shows the loser's tiebreak points in parentheses: 7-6(5) or 6-7(5).
func (m Match) String() string {
	if m.format.Kind != BestOfSets {
		return pair(m.points[0], m.points[1])
	}
	var b strings.Builder
	for i := 0; i <= m.set; i++ {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(m.setString(i))
	}
	if m.winner != 0 {
		return b.String()
	}
	s := m.sets[m.set]
	switch {
	case s.Tiebreak:
		b.WriteString(", Tiebreak ")
		b.WriteString(pair(s.TiebreakPoints[0], s.TiebreakPoints[1]))
	case m.format.Game == OnePoint:
	case m.format.Game == Advantage && m.points[0] >= 3 && m.points[1] >= 3:
		b.WriteString(", ")
		switch {
		case m.points[0] > m.points[1]:
			b.WriteString("Ad-40")
		case m.points[0] < m.points[1]:
			b.WriteString("40-Ad")
		default:
			b.WriteString("Deuce")
		}
	default:
		c := m.calls()
		b.WriteString(", ")
		b.WriteString(c[0] + "-" + c[1])
	}
	return b.String()
}

// setString writes the set with index i: its games, and the loser's tiebreak points in
// parentheses once a tiebreak has decided it.
func (m Match) setString(i int) string {
	s := m.sets[i]
	out := pair(s.Games[0], s.Games[1])
	if loser, ok := m.tiebreakLoser(i); ok {
		out += "(" + strconv.Itoa(s.TiebreakPoints[loser]) + ")"
	}
	return out
}

// tiebreakLoser returns the side that lost the tiebreak that decided set i, if one did.
func (m Match) tiebreakLoser(i int) (int, bool) {
	s := m.sets[i]
	if !s.Tiebreak || (i == m.set && m.winner == 0) {
		return 0, false
	}
	if s.Games[0] > s.Games[1] {
		return 1, true
	}
	return 0, true
}

func pair(a, b int) string { return strconv.Itoa(a) + "-" + strconv.Itoa(b) }

// calls returns each side's points in the game or tiebreak in play as a scoreboard shows them:
// "0", "15", "30", "40" and "Ad" in games, "0" and "40" in TwoPoint games, numbers in
// tiebreaks and in matches without games. Once a BestOfSets match is over both are empty.
func (m Match) calls() [2]string {
	var c [2]string
	if m.format.Kind == BestOfSets && m.winner != 0 {
		return c
	}
	p := m.PointsInGame()
	for side := range c {
		c[side] = strconv.Itoa(p[side])
		if m.format.Kind != BestOfSets || m.sets[m.set].Tiebreak {
			continue
		}
		switch m.format.Game {
		case Advantage, DecidingPoint:
			c[side] = [...]string{"0", "15", "30", "40", "Ad"}[p[side]]
		case TwoPoint:
			c[side] = [...]string{"0", "40"}[p[side]]
		}
	}
	return c
}

// pointsShown reports whether the score has points in play to show: not once a match of sets
// is over, nor between the games of OnePoint, which have no points.
func (m Match) pointsShown() bool {
	if m.format.Kind != BestOfSets {
		return true
	}
	return m.winner == 0 && (m.format.Game != OnePoint || m.sets[m.set].Tiebreak)
}

// View is a Match as a JSON-ready value for user interfaces.
type View struct {
	// Score is the match in the notation of Match.String.
	Score string `json:"score"`
	// Sets are the completed sets and the set in play; none in matches without sets.
	Sets    []SetScore `json:"sets,omitempty"`
	SetsWon [2]int     `json:"setsWon"`
	// Points are each side's points in the game or tiebreak in play as a scoreboard shows
	// them: "0", "15", "30", "40" and "Ad" in a game ("0" and "40" in a TwoPoint game),
	// numbers in a tiebreak and in matches without games; empty once a match of sets is over.
	Points [2]string `json:"points"`
	// Server serves the point in play; it is -1 once the match is over.
	Server int `json:"server"`
	// Tiebreak, DecidingPoint, ChangeEnds, Over and Winner are the values of the Match
	// methods of the same names (InTiebreak for Tiebreak).
	Tiebreak      bool `json:"tiebreak"`
	DecidingPoint bool `json:"decidingPoint"`
	ChangeEnds    bool `json:"changeEnds"`
	Over          bool `json:"over"`
	Winner        int  `json:"winner"`
}

// View returns the match as a JSON-ready value.
func (m Match) View() View {
	v := View{
		Score:         m.String(),
		Sets:          m.Sets(),
		SetsWon:       m.setsWon,
		Points:        m.calls(),
		Server:        m.Server(),
		Tiebreak:      m.InTiebreak(),
		DecidingPoint: m.DecidingPoint(),
		ChangeEnds:    m.ChangeEnds(),
		Over:          m.Over(),
		Winner:        m.Winner(),
	}
	if v.Over {
		v.Server = -1
	}
	return v
}

// MarshalJSON encodes the match as its View.
func (m Match) MarshalJSON() ([]byte, error) { return json.Marshal(m.View()) }

// Board returns the score as a two-line scoreboard, one line per side with names[side], the
// games of every set (a tiebreak loser's points in parentheses) and the points in play; a "*"
// marks the server while the match is in play:
//
//	  Alice  6 6(5) 2 30
//	* Bob    4 7    1 15
func (m Match) Board(names [2]string) string {
	var cols [][2]string // columns after the names, each padded to its widest cell
	if m.format.Kind == BestOfSets {
		for i := 0; i <= m.set; i++ {
			s := m.sets[i]
			col := [2]string{strconv.Itoa(s.Games[0]), strconv.Itoa(s.Games[1])}
			if loser, ok := m.tiebreakLoser(i); ok {
				col[loser] += "(" + strconv.Itoa(s.TiebreakPoints[loser]) + ")"
			}
			cols = append(cols, col)
		}
	}
	if m.pointsShown() {
		cols = append(cols, m.calls())
	}
	cols = append([][2]string{names}, cols...)
	var lines [2]strings.Builder
	for side := range lines {
		if m.winner == 0 && m.Server() == side {
			lines[side].WriteString("* ")
		} else {
			lines[side].WriteString("  ")
		}
	}
	for i, col := range cols {
		w := max(utf8.RuneCountInString(col[0]), utf8.RuneCountInString(col[1]))
		for side := range lines {
			if i > 0 {
				lines[side].WriteByte(' ')
			}
			lines[side].WriteString(col[side])
			if i < len(cols)-1 {
				lines[side].WriteString(strings.Repeat(" ", w-utf8.RuneCountInString(col[side])))
			}
		}
	}
	return lines[0].String() + "\n" + lines[1].String()
}
