package centercourt

import (
	"math/rand/v2"
	"reflect"
	"testing"

	"deuce/engine"
	"deuce/score"
	"deuce/score/scoretest"
)

// TestTennisFacts plays whole matches and checks the facts against counts taken from outside:
// the score before and after every point, and the serves that landed and returns played.
func TestTennisFacts(t *testing.T) {
	for _, format := range []string{"tiebreak", "set", "best-of-3"} {
		for _, p := range []struct {
			name string
			p    policy
		}{{"random", randomPolicy}, {"heuristic", heuristicPolicy}} {
			t.Run(format+"/"+p.name, func(t *testing.T) {
				for seed := range uint64(4) {
					s := newMatch(t, format)
					rng := rand.New(rand.NewPCG(seed, 7))
					var want scoretest.Facts
					rally := 0
					for s.ToMove() != engine.Nobody {
						before := *s
						a := step(t, s, rng, p.p)
						switch {
						case a >= returnBase && a <= returnBase+numValues:
							rally++
						case before.phase == phaseServe && dieWeights[a-serveBase] == 0:
							rally++ // a 3 or a 4 is always in
						case before.phase == phaseDie && int8(a-dieBase) != before.serve:
							rally++
						}
						if s.score.PointsPlayed() == before.score.PointsPlayed() {
							continue
						}
						want.Point(&before.score, &s.score, int(s.lastPoint.winner), before.score.Server(), rally)
						rally = 0
					}
					if got := s.TennisFacts(); !reflect.DeepEqual(got, want.Want) {
						t.Errorf("seed %d: TennisFacts() = %+v, want %+v", seed, got, want.Want)
					}
				}
			})
		}
	}
}

func TestLeader(t *testing.T) {
	s := newMatch(t, "set")
	for _, tt := range []struct {
		winner, want int
	}{
		{0, -1}, // 15-0 in the first game: games level
		{0, -1},
		{0, -1},
		{0, 0}, // 1-0
		{1, 0},
		{1, 0},
		{1, 0},
		{1, -1}, // 1-1
		{1, -1},
		{1, -1},
		{1, -1},
		{1, 1}, // 1-2
	} {
		s.score.PointWon(tt.winner)
		if got := score.Leader(&s.score); got != tt.want {
			t.Fatalf("after %d points (%s): leader = %d, want %d", s.score.PointsPlayed(), s.score, got, tt.want)
		}
	}
}
