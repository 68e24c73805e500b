package worldwide

import (
	"strings"

	"deuce/engine"
)

// chanceOf is the probability that a d20 reaches need.
func chanceOf(need int) float64 {
	return float64(min(max(21-need, 0), 20)) / 20
}

// rollOf is what an action commits to: a serve (card c with effect e) or a shot (card c), with
// n stars, or a shot validated without a roll (noRoll). ok is false for an action that has no
// odds.
type rollOf struct {
	serve  bool
	c      int
	e      effect
	n      int
	noRoll bool
	// winnerRoll is a roll chosen over a validation without a roll, for a player card's Winner.
	winnerRoll bool
	ok         bool
}

// rollFor says what the legal action a commits to a roll, in the phase in play.
func (s *State) rollFor(a engine.Action) rollOf {
	if !s.isLegal(a) {
		return rollOf{}
	}
	switch s.phase {
	case phServeCard:
		return rollOf{serve: true, c: int(a - actCard), ok: true}
	case phServeSpin:
		return rollOf{serve: true, c: int(s.card), e: effect(a - actSpin), ok: true}
	case phServeStars:
		return rollOf{serve: true, c: int(s.card), e: effect(s.spin), n: int(a - actStars), ok: true}
	case phShot:
		if a == actConcede {
			return rollOf{}
		}
		c := int(a - actCard)
		return rollOf{c: c, noRoll: s.noRoll(s.actor, c), ok: true}
	case phRollChoice:
		return rollOf{c: int(s.card), noRoll: a == actAuto, winnerRoll: a == actRoll, ok: true}
	case phStars:
		return rollOf{c: int(s.card), n: int(a - actStars), ok: true}
	}
	return rollOf{}
}

// ShotOdds tells, before a player commits, the d20 an action needs and its chance of success:
// for a serve card, an effect or the stars of a serve, for a shot, the choice to roll, or the
// stars of a shot. Stars already chosen count; a card not yet committed is valued without
// stars. A shot validated without a roll has target 0 and chance 1. ok is false for any other
// action, and for actions that are not legal now.
func (s *State) ShotOdds(a engine.Action) (target int, chance float64, ok bool) {
	r := s.rollFor(a)
	switch {
	case !r.ok:
		return 0, 0, false
	case r.noRoll:
		return 0, 1, true
	case r.serve:
		target = s.serveNeed(s.actor, r.c, r.e, r.n)
	default:
		target = s.shotNeed(s.actor, r.c, r.n)
	}
	return target, chanceOf(target), true
}

// OddsReason says in words what ShotOdds' target is made of, for the player about to commit:
// why no roll is needed ("no roll: blue answering blue"), or the terms of the d20 needed
// ("difficulty 2 + malus 3 of the orange shot you answer", then the slice, a player card's
// powers and the stars' bonus where they apply). It returns "" where ShotOdds has no odds.
func (s *State) OddsReason(a engine.Action) string {
	r := s.rollFor(a)
	switch {
	case !r.ok:
		return ""
	case r.noRoll:
		return "no roll: " + noRollReason(int(s.last), r.c)
	case r.serve:
		return s.serveTerms(s.actor, r.c, r.e, r.n)
	}
	why := s.shotTerms(s.ctxOf(s.actor), r.c, r.n)
	if p := s.pcard(s.actor); r.winnerRoll && p != nil {
		why += "; " + itoa(p.winLo) + "-" + itoa(p.winHi) + " wins the point (player card)"
	}
	return why
}

// noRollReason says why card c answering card last is validated without a roll (rule 9B):
// "blue answering blue" or "orange answering blue".
func noRollReason(last, c int) string {
	return colorNames[data.cards[c].color] + " answering " + colorNames[data.cards[last].color]
}

// terms writes the parts of a d20 need: the first as it is, each other with its sign.
type terms struct{ b strings.Builder }

// add writes n between before and after: "malus " 3 " of the shot you answer".
func (t *terms) add(n int, before, after string) {
	if t.b.Len() > 0 {
		if n < 0 {
			t.b.WriteString(" - ")
			n = -n
		} else {
			t.b.WriteString(" + ")
		}
	}
	t.b.WriteString(before + itoa(n) + after)
}

// shotTerms are the terms of needIn(x, c, n), in words.
func (s *State) shotTerms(x shotCtx, c, n int) string {
	var t terms
	k := &data.cards[c]
	if k.kind == kWinner {
		after := ""
		if v := int(s.sides[x.side].validated); v != 0 {
			after = " (22 minus " + itoa(v) + " validated this point)"
		}
		t.add(int(winnerBase-s.sides[x.side].validated), "difficulty ", after)
	} else {
		t.add(k.diff, "difficulty ", "")
	}
	last := &data.cards[x.last]
	what := " shot"
	if last.kind == kServe {
		what = " serve"
	}
	t.add(last.malus[s.cfg.surface], "malus ", " of the "+colorNames[last.color]+what+" you answer")
	if x.slice {
		t.add(2, "", " for the slice")
	}
	if !s.human(x.side) && s.auto.penalty != 0 {
		t.add(int(s.auto.penalty), "", " for the automaton's costly moves")
	}
	if p := s.pcard(x.side); p != nil {
		if d := p.surface[s.cfg.surface]; d != 0 {
			t.add(d, "", " from the player card on "+surfaceNames[s.cfg.surface])
		}
		if x.pos == zV && p.net != 0 {
			t.add(p.net, "", " from the player card at the net")
		}
	}
	if n > 0 {
		t.add(-rallyBonus[n], "", " for "+plural(n, "star"))
	}
	return t.b.String()
}

// serveTerms are the terms of serveNeed(side, c, e, n), in words.
func (s *State) serveTerms(side int8, c int, e effect, n int) string {
	var t terms
	k := &data.cards[c]
	t.add(k.diff, "difficulty ", "")
	if d := k.spinCost[e]; d != 0 {
		t.add(d, "", " for the "+spinWords[e])
	}
	if p := s.pcard(side); p != nil && p.serve != 0 {
		t.add(p.serve, "", " from the player card")
	}
	if n > 0 {
		t.add(-serveBonus[n], "", " for "+plural(n, "star"))
	}
	return t.b.String()
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
