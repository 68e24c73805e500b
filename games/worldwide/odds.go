package worldwide

import "deuce/engine"

// chanceOf is the probability that a d20 reaches need.
func chanceOf(need int) float64 {
	return float64(min(max(21-need, 0), 20)) / 20
}

// ShotOdds tells, before a player commits, the d20 an action needs and its chance of success:
// for a serve card, an effect or the stars of a serve, for a shot, the choice to roll, or the
// stars of a shot. Stars already chosen count; a card not yet committed is valued without
// stars. A shot validated without a roll has target 0 and chance 1. ok is false for any other
// action, and for actions that are not legal now.
func (s *State) ShotOdds(a engine.Action) (target int, chance float64, ok bool) {
	if !s.isLegal(a) {
		return 0, 0, false
	}
	switch s.phase {
	case phServeCard:
		target = s.serveNeed(s.actor, int(a-actCard), noEffect, 0)
	case phServeSpin:
		target = s.serveNeed(s.actor, int(s.card), effect(a-actSpin), 0)
	case phServeStars:
		target = s.serveNeed(s.actor, int(s.card), effect(s.spin), int(a-actStars))
	case phShot:
		if a == actConcede {
			return 0, 0, false
		}
		c := int(a - actCard)
		if s.noRoll(s.actor, c) {
			return 0, 1, true
		}
		target = s.shotNeed(s.actor, c, 0)
	case phRollChoice:
		if a == actAuto {
			return 0, 1, true
		}
		target = s.shotNeed(s.actor, int(s.card), 0)
	case phStars:
		target = s.shotNeed(s.actor, int(s.card), int(a-actStars))
	default:
		return 0, 0, false
	}
	return target, chanceOf(target), true
}

// aceChance is the chance that serve c, needing need, is an ACE.
func aceChance(c, need int) float64 {
	k := &data.cards[c]
	if k.aceLo == 0 {
		return 0
	}
	lo := max(k.aceLo, need, 1)
	if lo > k.aceHi {
		return 0
	}
	return float64(k.aceHi-lo+1) / 20
}
