// Package scoretest helps the tests of games scored by score.Match check what they report.
package scoretest

import (
	"deuce/engine"
	"deuce/score"
)

// Facts adds up, from outside a game, the engine.TennisFacts its match should report: a test
// calls Point after every point, with the score before and after it, and compares Want with
// what the game says.
type Facts struct {
	Want engine.TennisFacts
	lead int // the side last ahead on the scoreboard plus one; 0 before anyone was
}

// Point counts a point won by side winner and served by side server, in which the ball was
// struck shots times; before and after are the match's score around it.
func (f *Facts) Point(before, after *score.Match, winner, server, shots int) {
	w := &f.Want
	w.Points++
	w.PointsWon[winner]++
	w.ServicePoints[server]++
	if winner == server {
		w.ServicePointsWon[server]++
	}
	if !before.InTiebreak() && after.GamesCompleted() > before.GamesCompleted() {
		w.ServiceGames[server]++
		if winner == server {
			w.Holds[server]++
		}
	}
	w.Games = after.GamesCompleted()
	for len(w.Shots) <= shots {
		w.Shots = append(w.Shots, 0)
	}
	w.Shots[shots]++
	if l := score.Leader(after); l >= 0 {
		if f.lead != 0 && l+1 != f.lead {
			w.LeadChanges++
		}
		f.lead = l + 1
	}
}
