package centercourt

import (
	"math/rand/v2"
	"reflect"
	"testing"

	"deuce/engine"
	"deuce/score"
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
					var want engine.TennisFacts
					rally, lead := 0, -1
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
						server, winner := before.score.Server(), int(s.lastPoint.winner)
						want.Points++
						want.PointsWon[winner]++
						want.ServicePoints[server]++
						if winner == server {
							want.ServicePointsWon[server]++
						}
						if !before.score.InTiebreak() && s.score.GamesCompleted() > before.score.GamesCompleted() {
							want.ServiceGames[server]++
							if winner == server {
								want.Holds[server]++
							}
						}
						want.Games = s.score.GamesCompleted()
						for len(want.Shots) <= rally {
							want.Shots = append(want.Shots, 0)
						}
						want.Shots[rally]++
						rally = 0
						if l := score.Leader(&s.score); l >= 0 {
							if lead >= 0 && l != lead {
								want.LeadChanges++
							}
							lead = l
						}
					}
					if got := s.TennisFacts(); !reflect.DeepEqual(got, want) {
						t.Errorf("seed %d: TennisFacts() = %+v, want %+v", seed, got, want)
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
