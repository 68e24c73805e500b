package pencil

import (
	"math/rand/v2"

	"deuce/engine"
)

// Heuristic bids like a sensible casual player: it spreads its points over the pushes it still
// needs, outbids the opponent's even spread when it can afford to, saves points when it
// cannot, and never wastes a won position: against an opponent with no points it bids 1, and
// with the ball on the opponent's last field and at least as many points it bids enough to
// push the ball out (or to end the match with the ball there). s must be a *State (the caller
// has determinized it for the seat to move; the heuristic reads public fields only).
func Heuristic(es engine.State, rng *rand.Rand) engine.Action {
	s, ok := es.(*State)
	if !ok || (s.toMove != 0 && s.toMove != 1) {
		legal := es.Legal(nil)
		if len(legal) == 0 {
			return 0
		}
		return legal[0]
	}
	me := s.toMove
	my, their := s.points[me], s.points[1-me]
	if my == 0 {
		return 0
	}
	if their == 0 {
		return 1
	}
	// d is the ball's position seen from the mover: positive on the opponent's side.
	d := s.ball
	if me == 1 {
		d = -d
	}
	f := s.params.Fields
	need := pushesToWin(d, f, s.params.Jump)
	danger := pushesToWin(-d, f, s.params.Jump)
	switch {
	case need == 1 && my >= their:
		// Outbid everything the opponent has, or tie with all of it: either way the match is
		// won with the ball on the opponent's side.
		return engine.Action(min(my, their+1))
	case danger == 1:
		if my > their {
			return engine.Action(their + 1)
		}
		return engine.Action(my)
	}
	// Outbid the opponent's even spread if that fits in a generous spread of our own.
	theirSpread := float64(their) / float64(danger)
	mySpread := float64(my) / float64(need)
	target := theirSpread + 1
	if target > 1.5*mySpread {
		// Too dear: concede the round cheaply and keep the points for later.
		target = 1 + 0.25*mySpread
	}
	target *= 0.8 + 0.4*rng.Float64()
	bid := int(target + 0.5)
	return engine.Action(max(1, min(my, bid)))
}

// pushesToWin is the number of rounds won in a row that push the ball from d (seen from the
// pusher, positive on the opponent's side) beyond the opponent's field.
func pushesToWin(d, fields int, jump bool) int {
	if jump && d < 0 {
		return fields + 1
	}
	return fields + 1 - d
}
