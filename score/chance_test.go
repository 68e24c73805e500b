package score_test

import (
	"math"
	"math/rand/v2"
	"testing"

	"deuce/score"
)

// TestWinChanceExact checks WinChance where it can be worked out by hand.
func TestWinChanceExact(t *testing.T) {
	tiebreak := score.Format{Kind: score.SingleTiebreak, TiebreakPoints: 7}
	cases := []struct {
		name   string
		format score.Format
		points []int // sides winning the points played, in order
		want   float64
	}{
		{"start of a tiebreak", tiebreak, nil, 0.5},
		// Side 1 must win six in a row to reach 6-6, and then the race is a coin toss.
		{"tiebreak at 6-0", tiebreak, []int{0, 0, 0, 0, 0, 0}, 1 - 1.0/128},
		{"tiebreak at 6-6", tiebreak, []int{0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1}, 0.5},
		{"tiebreak at 7-6", tiebreak, []int{0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0}, 0.75},
		{"tiebreak won", tiebreak, []int{0, 0, 0, 0, 0, 0, 0}, 1},
		{"first to 3 at 2-1", score.Format{Kind: score.FirstToPoints, Points: 3}, []int{0, 1, 0}, 0.75},
		{"first to 3 lost", score.Format{Kind: score.FirstToPoints, Points: 3}, []int{1, 1, 1}, 0},
		// A set all in a best of three: the last set is a coin toss, whatever its rules.
		{"best of 3 at a set all", score.Format{Kind: score.BestOfSets, BestOf: 3, Game: score.OnePoint, GamesPerSet: 1}, []int{0, 1}, 0.5},
	}
	for _, c := range cases {
		m := play(t, c.format, c.points)
		if got := m.WinChance(); math.Abs(got-c.want) > 1e-12 {
			t.Errorf("%s (%v): WinChance = %v, want %v", c.name, m, got, c.want)
		}
	}
}

// TestWinChanceAgreesWithPlay checks WinChance against matches played out by coin tosses, from
// scores of every kind: deuce, advantage, a set tiebreak, an advantage set going long.
func TestWinChanceAgreesWithPlay(t *testing.T) {
	formats := []struct {
		name   string
		format score.Format
	}{
		{"best of 3, advantage games", score.Format{Kind: score.BestOfSets, BestOf: 3, Game: score.Advantage}},
		{"best of 1, deciding point", score.Format{Kind: score.BestOfSets, BestOf: 1, Game: score.DecidingPoint}},
		{"best of 3, two-point games", score.Format{Kind: score.BestOfSets, BestOf: 3, Game: score.TwoPoint, GamesPerSet: 4}},
		{"advantage final set", score.Format{Kind: score.BestOfSets, BestOf: 3, Game: score.OnePoint, GamesPerSet: 3, FinalSetRule: score.AdvantageSet}},
		{"10-point final tiebreak", score.Format{Kind: score.BestOfSets, BestOf: 3, Game: score.TwoPoint, GamesPerSet: 2, FinalTiebreakPoints: 10}},
		{"single tiebreak to 10", score.Format{Kind: score.SingleTiebreak, TiebreakPoints: 10}},
		{"first to 5", score.Format{Kind: score.FirstToPoints, Points: 5}},
		{"best of 5, advantage sets", score.Format{Kind: score.BestOfSets, BestOf: 5, Game: score.OnePoint, GamesPerSet: 2, SetRule: score.AdvantageSet}},
	}
	rng := rand.New(rand.NewPCG(1, 2))
	const trials = 4000
	for _, tf := range formats {
		name, f := tf.name, tf.format
		for start := range 6 {
			// A score reached by a lopsided run of points, so that the chances are not all 0.5.
			m := newMatch(t, f, 0)
			for range 3 + 5*start {
				if m.Over() {
					break
				}
				side := 0
				if rng.Float64() < 0.35 {
					side = 1
				}
				m.PointWon(side)
			}
			want := m.WinChance()
			if want < 0 || want > 1 {
				t.Fatalf("%s, %v: WinChance = %v, outside [0, 1]", name, m, want)
			}
			wins := 0
			for range trials {
				p := m
				for !p.Over() {
					p.PointWon(rng.IntN(2))
				}
				if p.Winner() == 0 {
					wins++
				}
			}
			got := float64(wins) / trials
			// Five standard errors: the test fails by chance about once in 3 million runs, and
			// the seed is fixed, so it never does.
			if tol := 5 * math.Sqrt(want*(1-want)/trials); math.Abs(got-want) > tol+1e-9 {
				t.Errorf("%s, %v: side 0 won %.4f of %d matches played out, WinChance says %.4f", name, m, got, trials, want)
			}
		}
	}
}

// play starts a match of f with side 0 serving and plays the points given.
func play(t *testing.T, f score.Format, points []int) score.Match {
	t.Helper()
	m := newMatch(t, f, 0)
	for _, side := range points {
		m.PointWon(side)
	}
	return m
}

// TestWinChanceIsSymmetric checks that swapping the sides' points swaps their chances.
func TestWinChanceIsSymmetric(t *testing.T) {
	f := score.Format{Kind: score.BestOfSets, BestOf: 3, Game: score.Advantage, FinalSetRule: score.AdvantageSet}
	rng := rand.New(rand.NewPCG(3, 4))
	for range 200 {
		m, mirror := newMatch(t, f, 0), newMatch(t, f, 0)
		for n := rng.IntN(300); n > 0 && !m.Over(); n-- {
			side := rng.IntN(2)
			m.PointWon(side)
			mirror.PointWon(1 - side)
		}
		if a, b := m.WinChance(), mirror.WinChance(); math.Abs(a+b-1) > 1e-9 {
			t.Fatalf("%v: WinChance %v, mirrored %v: %v, want a sum of 1", m, a, mirror, b)
		}
	}
}

func BenchmarkWinChance(b *testing.B) {
	m, err := score.NewMatch(score.Format{Kind: score.BestOfSets, BestOf: 5}, 0)
	if err != nil {
		b.Fatal(err)
	}
	m.PointWon(0)
	m.WinChance()
	for b.Loop() {
		m.WinChance()
	}
}
