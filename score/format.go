package score

import (
	"errors"
	"fmt"
)

// MaxSets is the longest match a Format describes: best of five sets.
const MaxSets = 5

// Kind says what a match is made of.
type Kind uint8

const (
	// BestOfSets is a match of games and sets, won by the first side to win most of BestOf sets.
	BestOfSets Kind = iota
	// FirstToPoints is a match won by the first side to win Points points. It has no games or
	// sets, and the server changes only when the game says so with Match.SetServer.
	FirstToPoints
	// SingleTiebreak is a match of one tiebreak game to TiebreakPoints points by two, served
	// and with ends changed as a tiebreak is.
	SingleTiebreak
)

// String returns the kind's name, as in "first to points".
func (k Kind) String() string {
	switch k {
	case BestOfSets:
		return "best of sets"
	case FirstToPoints:
		return "first to points"
	case SingleTiebreak:
		return "single tiebreak"
	}
	return fmt.Sprintf("Kind(%d)", uint8(k))
}

// GameRule says how points make a game.
type GameRule uint8

const (
	// Advantage is the standard game: 0, 15, 30, 40, game; from 40-40 (deuce) a side needs two
	// points in a row.
	Advantage GameRule = iota
	// DecidingPoint is the "no-ad" game: at 40-40 the next point decides the game, and the
	// receiver chooses the side to receive it from.
	DecidingPoint
	// TwoPoint is Worldwide Tennis's game: 0, 40, game; at 40-40 the next point decides the game,
	// received as with DecidingPoint.
	TwoPoint
	// OnePoint is Love Means Nothing's game: the point is the game.
	OnePoint
)

// String returns the rule's name, as in "deciding point".
func (r GameRule) String() string {
	switch r {
	case Advantage:
		return "advantage"
	case DecidingPoint:
		return "deciding point"
	case TwoPoint:
		return "two point"
	case OnePoint:
		return "one point"
	}
	return fmt.Sprintf("GameRule(%d)", uint8(r))
}

// pointsToWin is the number of points that wins a game from love.
func (r GameRule) pointsToWin() int {
	switch r {
	case TwoPoint:
		return 2
	case OnePoint:
		return 1
	}
	return 4
}

// SetRule says how a set is decided once both sides have GamesPerSet games. Its zero value
// means the default of the Format field that holds it.
type SetRule uint8

const (
	// TiebreakSet decides the set with one tiebreak game.
	TiebreakSet SetRule = iota + 1
	// AdvantageSet plays on until a side leads by two games, as in 8-6.
	AdvantageSet
)

// String returns the rule's name, as in "tiebreak set".
func (r SetRule) String() string {
	switch r {
	case 0:
		return "default"
	case TiebreakSet:
		return "tiebreak set"
	case AdvantageSet:
		return "advantage set"
	}
	return fmt.Sprintf("SetRule(%d)", uint8(r))
}

// Format describes how a match is scored. Zero fields take the defaults given below, so the
// zero Format is a best-of-three match of advantage games and tiebreak sets.
type Format struct {
	Kind Kind
	// Game is how points make a game (BestOfSets only).
	Game GameRule
	// BestOf is the number of sets: 1, 3 or 5 (BestOfSets only; 0 means 3).
	BestOf int
	// GamesPerSet is the number of games that wins a set, by two (BestOfSets only; 0 means 6).
	GamesPerSet int
	// SetRule decides sets at GamesPerSet games all, except perhaps the deciding set
	// (BestOfSets only; 0 means TiebreakSet).
	SetRule SetRule
	// FinalSetRule decides the deciding set: the only set of one, the third of three, the
	// fifth of five (BestOfSets only; 0 means SetRule).
	FinalSetRule SetRule
	// TiebreakPoints is the number of points that wins a tiebreak, by two: in the sets of
	// BestOfSets, and the whole match in SingleTiebreak (0 means 7).
	TiebreakPoints int
	// FinalTiebreakPoints is the number of points that wins a tiebreak in the deciding set
	// (BestOfSets only; 0 means TiebreakPoints).
	FinalTiebreakPoints int
	// Points is the number of points that wins the match (FirstToPoints only, at least 1).
	Points int
}

// ErrFormat matches, with errors.Is, every error for a Format that describes no match.
var ErrFormat = errors.New("invalid score format")

// Validate reports, as an error matching ErrFormat, why f describes no match, or returns nil.
// Fields that f's Kind does not use are not checked.
func (f Format) Validate() error {
	bad := func(format string, args ...any) error {
		return fmt.Errorf("%w: %s", ErrFormat, fmt.Sprintf(format, args...))
	}
	switch f.Kind {
	case BestOfSets:
		if f.Game > OnePoint {
			return bad("unknown game rule %d", f.Game)
		}
		switch f.BestOf {
		case 0, 1, 3, 5:
		default:
			return bad("best of %d sets: want 1, 3 or 5", f.BestOf)
		}
		if f.GamesPerSet < 0 {
			return bad("%d games per set", f.GamesPerSet)
		}
		if f.SetRule > AdvantageSet {
			return bad("unknown set rule %d", f.SetRule)
		}
		if f.FinalSetRule > AdvantageSet {
			return bad("unknown final set rule %d", f.FinalSetRule)
		}
		if f.TiebreakPoints < 0 {
			return bad("tiebreak to %d points", f.TiebreakPoints)
		}
		if f.FinalTiebreakPoints < 0 {
			return bad("final tiebreak to %d points", f.FinalTiebreakPoints)
		}
	case FirstToPoints:
		if f.Points < 1 {
			return bad("first to %d points: want at least 1", f.Points)
		}
	case SingleTiebreak:
		if f.TiebreakPoints < 0 {
			return bad("tiebreak to %d points", f.TiebreakPoints)
		}
	default:
		return bad("unknown kind %d", f.Kind)
	}
	return nil
}

// bestOf is the number of sets in a BestOfSets match.
func (f Format) bestOf() int {
	if f.BestOf == 0 {
		return 3
	}
	return f.BestOf
}

// setsToWin is the number of sets that wins a BestOfSets match.
func (f Format) setsToWin() int { return f.bestOf()/2 + 1 }

func (f Format) gamesPerSet() int {
	if f.GamesPerSet == 0 {
		return 6
	}
	return f.GamesPerSet
}

func (f Format) tiebreakPoints() int {
	if f.TiebreakPoints == 0 {
		return 7
	}
	return f.TiebreakPoints
}

// isFinal reports whether the set with index set is the deciding set.
func (f Format) isFinal(set int) bool { return set == f.bestOf()-1 }

// setRule is the rule of the set with index set.
func (f Format) setRule(set int) SetRule {
	r := f.SetRule
	if r == 0 {
		r = TiebreakSet
	}
	if f.isFinal(set) && f.FinalSetRule != 0 {
		r = f.FinalSetRule
	}
	return r
}

// setTiebreakPoints is the target of a tiebreak in the set with index set.
func (f Format) setTiebreakPoints(set int) int {
	if f.isFinal(set) && f.FinalTiebreakPoints != 0 {
		return f.FinalTiebreakPoints
	}
	return f.tiebreakPoints()
}
