package score_test

import (
	"encoding/json"
	"testing"

	"deuce/score"
)

// fuzzFormat maps fuzzed bytes onto a valid Format.
func fuzzFormat(kind, rule, bestOf, setRule, finalRule, games, tiebreak, finalTiebreak, points uint8) score.Format {
	return score.Format{
		Kind:                score.Kind(kind % 3),
		Game:                score.GameRule(rule % 4),
		BestOf:              [...]int{0, 1, 3, 5}[bestOf%4],
		GamesPerSet:         int(games % 8),
		SetRule:             score.SetRule(setRule % 3),
		FinalSetRule:        score.SetRule(finalRule % 3),
		TiebreakPoints:      int(tiebreak % 12),
		FinalTiebreakPoints: int(finalTiebreak % 12),
		Points:              int(points%10) + 1,
	}
}

// FuzzPointWon plays random points, each byte of seq one point won by side seq[i]&1; a byte
// with its high bit set first calls SetServer(seq[i]>>1&1). Every score reached must keep the
// invariants of checkMatch, and giving side 0 every point afterwards must end the match soon.
func FuzzPointWon(f *testing.F) {
	f.Add(uint8(0), uint8(0), uint8(0), uint8(0), uint8(0), uint8(0), uint8(0), uint8(0), uint8(0), false,
		[]byte("AAAABBBBABABABAB"))
	f.Add(uint8(0), uint8(1), uint8(3), uint8(2), uint8(1), uint8(6), uint8(7), uint8(10), uint8(0), true,
		[]byte{0, 1, 0, 1, 0, 1, 0, 1, 1, 1, 0, 0})
	f.Add(uint8(1), uint8(0), uint8(0), uint8(0), uint8(0), uint8(0), uint8(0), uint8(0), uint8(2), false,
		[]byte{0x80, 1, 0x82, 0, 1})
	f.Add(uint8(2), uint8(0), uint8(0), uint8(0), uint8(0), uint8(0), uint8(10), uint8(0), uint8(0), true,
		[]byte("ABABABABABABABABABABAB"))
	f.Add(uint8(0), uint8(3), uint8(1), uint8(2), uint8(2), uint8(1), uint8(1), uint8(1), uint8(0), false,
		[]byte("ABABABABBA"))
	f.Fuzz(func(t *testing.T, kind, rule, bestOf, setRule, finalRule, games, tiebreak, finalTiebreak,
		points uint8, server bool, seq []byte) {
		format := fuzzFormat(kind, rule, bestOf, setRule, finalRule, games, tiebreak, finalTiebreak, points)
		first := 0
		if server {
			first = 1
		}
		m := newMatch(t, format, first)
		checkMatch(t, m)
		for _, b := range seq {
			if b&0x80 != 0 {
				m.SetServer(int(b >> 1 & 1))
				checkMatch(t, m)
			}
			prev := m
			m.PointWon(int(b & 1))
			checkMatch(t, m)
			checkStep(t, prev, m)
		}
		// From any score, a side winning every point wins within this many points: a set needs
		// at most GamesPerSet+2 games of at most 4 points, or a tiebreak of at most its target
		// plus 2, and a match at most 3 sets.
		n, tb := 6, 7
		if format.GamesPerSet != 0 {
			n = format.GamesPerSet
		}
		if format.TiebreakPoints != 0 {
			tb = format.TiebreakPoints
		}
		tb = max(tb, format.FinalTiebreakPoints)
		bound := 3 * ((n+2)*4 + tb + 2)
		if format.Kind == score.FirstToPoints {
			bound = format.Points
		}
		for range bound {
			prev := m
			m.PointWon(0)
			checkMatch(t, m)
			checkStep(t, prev, m)
		}
		if !m.Over() {
			t.Fatalf("%+v: not over after %d more points to side 0: %v", format, bound, m)
		}
	})
}

// checkStep checks what one call of PointWon may change.
func checkStep(t *testing.T, prev, m score.Match) {
	t.Helper()
	if prev.Over() {
		if m != prev {
			t.Fatalf("PointWon changed a match that was over: %v to %v", prev, m)
		}
		return
	}
	if got, want := m.PointsPlayed(), prev.PointsPlayed()+1; got != want {
		t.Fatalf("%v: PointsPlayed() = %d, want %d", m, got, want)
	}
	if a, b := prev.PointsWon(), m.PointsWon(); b[0]+b[1] != m.PointsPlayed() || b[0] < a[0] || b[1] < a[1] {
		t.Fatalf("%v: PointsWon() went from %v to %v with %d points played", m, a, b, m.PointsPlayed())
	}
	if d := m.GamesCompleted() - prev.GamesCompleted(); d != 0 && d != 1 {
		t.Fatalf("%v: GamesCompleted() went from %d to %d", m, prev.GamesCompleted(), m.GamesCompleted())
	}
	a, b := prev.SetsWon(), m.SetsWon()
	if d := b[0] + b[1] - a[0] - a[1]; d != 0 && d != 1 || b[0] < a[0] || b[1] < a[1] {
		t.Fatalf("%v: SetsWon() went from %v to %v", m, a, b)
	}
}

// checkMatch checks the invariants of every score.
func checkMatch(t *testing.T, m score.Match) {
	t.Helper()
	f := m.Format()
	if m.String() == "" {
		t.Fatalf("%#v: String() is empty", m)
	}
	if m.Board([2]string{"A", "B"}) == "" {
		t.Fatalf("%v: Board() is empty", m)
	}
	if _, err := json.Marshal(m); err != nil {
		t.Fatalf("%v: json.Marshal: %v", m, err)
	}
	if s := m.Server(); s != 0 && s != 1 || m.Receiver() != 1-s {
		t.Fatalf("%v: Server() = %d, Receiver() = %d", m, s, m.Receiver())
	}
	if w := m.Winner(); m.Over() != (w != -1) || w < -1 || w > 1 {
		t.Fatalf("%v: Over() = %v, Winner() = %d", m, m.Over(), w)
	}
	if m.Over() && (m.ChangeEnds() || m.InTiebreak() || m.DecidingPoint()) {
		t.Fatalf("%v: over, but ChangeEnds, InTiebreak, DecidingPoint = %v, %v, %v",
			m, m.ChangeEnds(), m.InTiebreak(), m.DecidingPoint())
	}
	if m.DecidingPoint() && (f.Kind != score.BestOfSets || m.InTiebreak() ||
		f.Game != score.DecidingPoint && f.Game != score.TwoPoint) {
		t.Fatalf("%v: DecidingPoint() in format %+v", m, f)
	}
	p := m.PointsInGame()
	if p[0] < 0 || p[1] < 0 {
		t.Fatalf("%v: PointsInGame() = %v", m, p)
	}
	switch f.Kind {
	case score.FirstToPoints:
		if m.Over() != (max(p[0], p[1]) == f.Points) || max(p[0], p[1]) > f.Points {
			t.Fatalf("%v: first to %d, Over() = %v", m, f.Points, m.Over())
		}
	case score.SingleTiebreak:
		target := f.TiebreakPoints
		if target == 0 {
			target = 7
		}
		if m.Over() != tiebreakDone(p, target) {
			t.Fatalf("%v: tiebreak to %d, Over() = %v", m, target, m.Over())
		}
	case score.BestOfSets:
		checkSets(t, m)
	}
}

// tiebreakDone reports whether points finish a tiebreak to target, with no point too many.
func tiebreakDone(p [2]int, target int) bool {
	hi, lo := max(p[0], p[1]), min(p[0], p[1])
	return hi == max(target, lo+2)
}

// checkSets checks the sets and games of a BestOfSets match.
func checkSets(t *testing.T, m score.Match) {
	t.Helper()
	f := m.Format()
	n, bestOf := 6, 3
	if f.GamesPerSet != 0 {
		n = f.GamesPerSet
	}
	if f.BestOf != 0 {
		bestOf = f.BestOf
	}
	sets := m.Sets()
	if len(sets) == 0 || len(sets) > bestOf {
		t.Fatalf("%v: %d sets in a best of %d", m, len(sets), bestOf)
	}
	var won [2]int
	games := 0
	for i, s := range sets {
		games += s.Games[0] + s.Games[1]
		w := 0
		if s.Games[1] > s.Games[0] {
			w = 1
		}
		hi, lo := s.Games[w], s.Games[1-w]
		final := i == bestOf-1
		rule := f.SetRule
		if final && f.FinalSetRule != 0 {
			rule = f.FinalSetRule
		}
		target := f.TiebreakPoints
		if final && f.FinalTiebreakPoints != 0 {
			target = f.FinalTiebreakPoints
		} else if target == 0 {
			target = 7
		}
		done := i < len(sets)-1 || m.Over()
		switch {
		case s.Tiebreak && rule == score.AdvantageSet:
			t.Fatalf("%v: set %d has a tiebreak under %v", m, i+1, rule)
		case s.Tiebreak && done:
			if hi != n+1 || lo != n || !tiebreakDone(s.TiebreakPoints, target) ||
				s.TiebreakPoints[w] < s.TiebreakPoints[1-w] {
				t.Fatalf("%v: set %d ended %v after a tiebreak %v to %d", m, i+1, s.Games, s.TiebreakPoints, target)
			}
		case s.Tiebreak:
			if hi != n || lo != n || tiebreakDone(s.TiebreakPoints, target) || m.PointsInGame() != s.TiebreakPoints {
				t.Fatalf("%v: set %d at %v in a tiebreak %v to %d", m, i+1, s.Games, s.TiebreakPoints, target)
			}
		case s.TiebreakPoints != [2]int{}:
			t.Fatalf("%v: set %d has tiebreak points %v without a tiebreak", m, i+1, s.TiebreakPoints)
		case done:
			if hi < n || hi-lo != 2 && !(hi == n && lo < n-1) {
				t.Fatalf("%v: set %d ended %v", m, i+1, s.Games)
			}
		default:
			if hi >= n && hi-lo >= 2 || rule != score.AdvantageSet && hi > n || rule != score.AdvantageSet && lo == n {
				t.Fatalf("%v: set %d in play at %v", m, i+1, s.Games)
			}
		}
		if done {
			won[w]++
		}
	}
	if got := m.SetsWon(); got != won {
		t.Fatalf("%v: SetsWon() = %v, want %v", m, got, won)
	}
	if got := m.GamesCompleted(); got != games {
		t.Fatalf("%v: GamesCompleted() = %d, want %d", m, got, games)
	}
	if need := bestOf/2 + 1; max(won[0], won[1]) > need || m.Over() != (max(won[0], won[1]) == need) {
		t.Fatalf("%v: sets won %v in a best of %d, Over() = %v", m, won, bestOf, m.Over())
	}
	if m.Over() || m.InTiebreak() {
		return
	}
	p := m.PointsInGame()
	switch f.Game {
	case score.Advantage:
		if max(p[0], p[1]) > 4 || max(p[0], p[1]) == 4 && min(p[0], p[1]) != 3 {
			t.Fatalf("%v: PointsInGame() = %v in an advantage game", m, p)
		}
	case score.DecidingPoint:
		if max(p[0], p[1]) > 3 {
			t.Fatalf("%v: PointsInGame() = %v in a deciding-point game", m, p)
		}
	case score.TwoPoint:
		if max(p[0], p[1]) > 1 {
			t.Fatalf("%v: PointsInGame() = %v in a two-point game", m, p)
		}
	case score.OnePoint:
		if p != [2]int{} {
			t.Fatalf("%v: PointsInGame() = %v in a one-point game", m, p)
		}
	}
}
