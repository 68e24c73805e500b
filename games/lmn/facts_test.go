package lmn

import (
	"math/rand/v2"
	"reflect"
	"testing"

	"deuce/engine"
	"deuce/score"
)

// TestTennisFacts plays whole matches and checks the facts against counts taken from outside:
// the score before and after every point, and the serves and returns played.
func TestTennisFacts(t *testing.T) {
	for _, variant := range []string{"singles", "doubles"} {
		for _, p := range []struct {
			name string
			p    policy
		}{{"random", randomPolicy}, {"heuristic", heuristicPolicy}} {
			t.Run(variant+"/"+p.name, func(t *testing.T) {
				for seed := range uint64(3) {
					s := newMatch(t, variant)
					rng := rand.New(rand.NewPCG(seed, 11))
					var want engine.TennisFacts
					rally, lead := 0, -1
					for s.ToMove() != engine.Nobody {
						before := *s
						a := step(t, s, rng, p.p)
						if before.ToMove() >= 0 && (a == Hit || a > serveBase && a <= serveBase+24) {
							rally++
						}
						if s.score.PointsPlayed() == before.score.PointsPlayed() {
							continue
						}
						server := side(before.server)
						winner := 0
						if s.score.PointsWon()[1] > before.score.PointsWon()[1] {
							winner = 1
						}
						want.Points++
						want.PointsWon[winner]++
						want.ServicePoints[server]++
						if winner == server {
							want.ServicePointsWon[server]++
						}
						// A point is a game: every point is a service game.
						want.ServiceGames[server]++
						if winner == server {
							want.Holds[server]++
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
					if want.Points == 0 || want.Holds[0]+want.Holds[1] == 0 || len(want.Shots) < 3 {
						t.Fatalf("seed %d: a match of %d points, %v holds, rallies %v: too little to check", seed, want.Points, want.Holds, want.Shots)
					}
					if got := s.TennisFacts(); !reflect.DeepEqual(got, want) {
						t.Errorf("seed %d: TennisFacts() = %+v, want %+v", seed, got, want)
					}
				}
			})
		}
	}
}
