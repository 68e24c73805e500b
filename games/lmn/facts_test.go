package lmn

import (
	"math/rand/v2"
	"reflect"
	"testing"

	"deuce/engine"
	"deuce/score/scoretest"
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
					var want scoretest.Facts
					rally := 0
					for s.ToMove() != engine.Nobody {
						before := *s
						a := step(t, s, rng, p.p)
						if before.ToMove() >= 0 && (a == Hit || a > serveBase && a <= serveBase+24) {
							rally++
						}
						if s.score.PointsPlayed() == before.score.PointsPlayed() {
							continue
						}
						winner := 0
						if s.score.PointsWon()[1] > before.score.PointsWon()[1] {
							winner = 1
						}
						want.Point(&before.score, &s.score, winner, side(before.server), rally)
						rally = 0
					}
					w := want.Want
					if w.Points == 0 || w.Holds[0]+w.Holds[1] == 0 || w.ServiceGames != w.ServicePoints || len(w.Shots) < 3 {
						t.Fatalf("seed %d: a match of %d points, %v holds of %v service games, rallies %v: a point is a game; too little to check",
							seed, w.Points, w.Holds, w.ServiceGames, w.Shots)
					}
					if got := s.TennisFacts(); !reflect.DeepEqual(got, w) {
						t.Errorf("seed %d: TennisFacts() = %+v, want %+v", seed, got, w)
					}
				}
			})
		}
	}
}
