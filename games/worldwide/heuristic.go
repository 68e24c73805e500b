package worldwide

import (
	"math/rand/v2"

	"deuce/engine"
)

// Heuristic is a cheap, casual policy for the seat to move in s, a state already determinized
// for that seat (it reads the other hand as sampled).
//
// It values a good shot by how hard it makes the answer: a shot validated with chance p whose
// best answer succeeds with chance q is worth p(1 - q/2), a Winner p. Serving, it weighs each
// serve card (and effect) by its chance to be in, its ACE range, the receiver's best answer and,
// on a first serve, the second serve left. It pays stars when they raise the value of the roll
// by more than a star's worth, sends the ball where the answer is hardest (then farthest from
// the opponent), rushes the net after an attack when it holds volleys, recentres when stars are
// plentiful, pays moves with its least useful card (Winners are never paid: they come back),
// and concedes only when no card could be played after the move. It challenges every call but a
// first serve's, where the Ball-in token out would lose the point and accepting keeps a second
// serve.
func Heuristic(st engine.State, rng *rand.Rand) engine.Action {
	s, ok := st.(*State)
	if !ok {
		legal := st.Legal(nil)
		return legal[rng.IntN(len(legal))]
	}
	var buf [numShots + 4]engine.Action
	legal := s.Legal(buf[:0])
	if len(legal) == 0 {
		return actConcede
	}
	switch s.phase {
	case phSide:
		return s.hSide()
	case phServeCard:
		return s.hServeCard()
	case phServeSpin:
		_, e := s.serveValue(int(s.card), s.second)
		return actSpin + engine.Action(e)
	case phServeStars:
		return s.hServeStars()
	case phMove:
		return s.hMove()
	case phShot:
		if len(legal) == 1 {
			return legal[0]
		}
		return s.hShot()
	case phRollChoice:
		return s.hRollChoice()
	case phStars:
		return s.hStars()
	case phChallenge:
		if s.serving() && !s.second {
			// Out would lose the point where accepting leaves a second serve.
			return actAccept
		}
		return actChallenge
	case phTarget:
		z, _ := s.bestTarget(int(s.card))
		return actTarget + engine.Action(z)
	case phPosition:
		return s.hPosition()
	case phPosDiscard, phTrim:
		return Discard(s.worstCard(s.sides[s.actor].hand))
	case phEnds:
		sd := &s.sides[s.actor]
		if sd.hand.count() >= int(sd.limit)-1 && sd.stars+2 <= sd.starCap {
			return actConcentration
		}
		return actRecovery
	case phPlan:
		return s.hPlan()
	}
	return legal[0]
}

// starWorth is what one star is worth, in points, when spending it.
const starWorth = 0.06

// kindWorth is how much a card of each kind is worth keeping.
var kindWorth = [numKinds]float64{kDefence: 3, kDownTheLine: 4, kCrosscourt: 4, kAttack: 6, kPassing: 5,
	kVolley: 4, kDropShot: 4, kDropVolley: 4, kLob: 5, kSmash: 6, kWinner: 100}

// cardWorth values card c in hand h: its kind, and how few other cards of h cover its start
// zones.
func cardWorth(c int, h cardSet) float64 {
	k := &data.cards[c]
	v := kindWorth[k.kind]
	for z := range numZones {
		if !k.start.has(z) {
			continue
		}
		n := 0
		for x := h; x != 0; x &= x - 1 {
			if data.cards[x.nth(0)].start.has(z) {
				n++
			}
		}
		v += 4 / float64(max(n, 1))
	}
	return v
}

// worstCard is the least useful card of set, which must not be empty.
func (s *State) worstCard(set cardSet) int {
	h := s.sides[s.actor].hand
	best, bestV := 0, 0.0
	for x := set; x != 0; x &= x - 1 {
		c := x.nth(0)
		if v := cardWorth(c, h); best == 0 || v < bestV {
			best, bestV = c, v
		}
	}
	return best
}

// replyChance estimates the chance that side answers card last sent to its zone z, from zone
// from, the striker standing in zone at: its best card (with the stars it would pay), or for
// the automaton the average over the pile it would draw from. It is 0 when side could not
// answer.
func (s *State) replyChance(side int8, last int, z, from, at zone, e effect) float64 {
	pos, move := from, false
	if from == zV {
		if data.cards[last].kind == kLob && (!s.human(side) || s.sides[side].hand&smashes == 0) && s.auto.smash == 0 {
			pos, move = z, true
		}
	} else if moveCost(from, z) {
		pos, move = z, true
	}
	sd := &s.sides[side]
	x := shotCtx{side: side, pos: pos, oppPos: at, last: last, nszl: z == zV,
		slice: s.cfg.advanced && e == slice && pos != zV, stars: int(sd.stars)}
	if !s.human(side) {
		return s.autoReplyChance(x, move)
	}
	if move && sd.hand.count() < 2 {
		return 0
	}
	best := 0.0
	for h := s.playableIn(x, sd.hand); h != 0; h &= h - 1 {
		c := h.nth(0)
		p := 1.0
		if !noRollIn(x, c) {
			n := 0
			if s.cfg.advanced {
				n = min(3, x.stars)
			}
			p = chanceOf(s.needIn(x, c, n))
		}
		best = max(best, p)
	}
	return best
}

// autoReplyChance is the automaton's average chance over the pile it would draw from in x.
func (s *State) autoReplyChance(x shotCtx, move bool) float64 {
	p := pileATT
	switch {
	case x.pos == zV:
		p = pileVOL
	case x.oppPos == zV:
		p = pileDEF
	case x.pos == zFH:
		p = pileFH
	case x.pos == zBH:
		p = pileBH
	}
	extra := 0
	if move {
		extra = 1
	}
	pool := s.auto.piles & data.piles[p]
	if pool == 0 {
		pool = s.auto.discard & data.piles[p]
	}
	sum, n := 0.0, 0
	ok := s.playableIn(x, pool)
	for h := pool; h != 0; h &= h - 1 {
		c := h.nth(0)
		k := &data.cards[c]
		switch {
		case k.kind == kWinner:
			sum++
			n++
			continue
		case !ok.has(c):
			continue
		}
		n++
		if noRollIn(x, c) {
			sum++
			continue
		}
		sum += chanceOf(s.needIn(x, c, 0) + extra)
	}
	if n == 0 {
		return 0
	}
	return sum / float64(n)
}

// bestTarget is the actor's best zone for card c, and the answer's chance there: the hardest
// answer, then the zone farthest from the opponent.
func (s *State) bestTarget(c int) (zone, float64) {
	opp := 1 - s.actor
	oz := s.sides[opp].pos
	k := &data.cards[c]
	bestZ, bestQ, bestD := zone(-1), 2.0, -1
	for z := range numZones {
		if !k.targets.has(z) {
			continue
		}
		q := s.replyChance(opp, c, z, oz, s.sides[s.actor].pos, k.effect)
		d := int(z - oz)
		if d < 0 {
			d = -d
		}
		if oz == zV || z == zV {
			d = 1
		}
		if q < bestQ-1e-9 || (q < bestQ+1e-9 && d > bestD) {
			bestZ, bestQ, bestD = z, q, d
		}
	}
	if bestZ < 0 {
		return zN, 1
	}
	return bestZ, bestQ
}

// shotWorth is what a good shot with card c is worth: 1 for a Winner, else 1 - q/2 for the
// answer's chance q at the best target.
func (s *State) shotWorth(c int) float64 {
	if data.cards[c].kind == kWinner {
		return 1 + 1e-6 // a point won beats an answer that cannot come
	}
	_, q := s.bestTarget(c)
	return 1 - q/2
}

// bestStars is the number of stars to pay for card c in x, and the value of the roll then.
func (s *State) bestStars(x shotCtx, c int, worth float64, most int) (int, float64) {
	best, bestV := 0, -1.0
	for n := 0; n <= most; n++ {
		v := chanceOf(s.needIn(x, c, n))*worth - starWorth*float64(n)
		if v > bestV+1e-9 {
			best, bestV = n, v
		}
	}
	return best, bestV
}

func (s *State) hShot() engine.Action {
	x := s.ctxOf(s.actor)
	best, bestV := engine.Action(actConcede), -1.0
	for h := s.playable(); h != 0; h &= h - 1 {
		c := h.nth(0)
		k := &data.cards[c]
		worth := s.shotWorth(c)
		var v float64
		if noRollIn(x, c) {
			v = worth
		} else {
			most := 0
			if s.cfg.advanced {
				most = min(3, x.stars-k.cost)
			}
			_, v = s.bestStars(x, c, worth, most)
		}
		v -= starWorth * float64(k.cost)
		if v > bestV+1e-9 {
			best, bestV = Card(c), v
		}
	}
	return best
}

func (s *State) hStars() engine.Action {
	c := int(s.card)
	worth := s.shotWorth(c)
	if s.winnerOn(s.actor, c) {
		worth = 1
	}
	n, _ := s.bestStars(s.ctxOf(s.actor), c, worth, min(3, int(s.sides[s.actor].stars)))
	return actStars + engine.Action(n)
}

func (s *State) hRollChoice() engine.Action {
	c := int(s.card)
	p := s.pcard(s.actor)
	need := s.shotNeed(s.actor, c, 0)
	worth := s.shotWorth(c)
	lo := max(need, p.winLo)
	hit := 0.0
	if lo <= p.winHi {
		hit = float64(p.winHi-lo+1) / 20
	}
	if hit+(chanceOf(need)-hit)*worth > worth {
		return actRoll
	}
	return actAuto
}

// serveValue is the value of serving card c (a second serve when second), with its best
// effect: an ACE is a point, a serve in is worth 1 - q/2 for the receiver's answer q, and a
// first-serve fault leaves the best second serve.
func (s *State) serveValue(c int, second bool) (float64, effect) {
	recv := 1 - s.actor
	after := 0.0
	if !second {
		for id := firstServ; id <= numCards; id++ {
			if id != c || s.cfg.secondAny {
				v, _ := s.serveValue(id, true)
				after = max(after, v)
			}
		}
	}
	best, bestE := -1.0, noEffect
	for e := noEffect; e <= slice; e++ {
		if e != noEffect && !s.cfg.advanced {
			break
		}
		need := s.serveNeed(s.actor, c, e, 0)
		in, ace := chanceOf(need), aceChance(c, need)
		q := s.replyChance(recv, c, s.serveDir, s.serveDir, zN, e)
		v := ace + (in-ace)*(1-q/2) + (1-in)*after
		if v > best+1e-9 {
			best, bestE = v, e
		}
	}
	return best, bestE
}

func (s *State) hServeCard() engine.Action {
	best, bestV := 0, -1.0
	for id := firstServ; id <= numCards; id++ {
		if int8(id) == s.faulted && !s.cfg.secondAny {
			continue
		}
		if v, _ := s.serveValue(id, s.second); v > bestV+1e-9 {
			best, bestV = id, v
		}
	}
	return Card(best)
}

func (s *State) hServeStars() engine.Action {
	if !s.second {
		return actStars
	}
	c := int(s.card)
	q := s.replyChance(1-s.actor, c, s.serveDir, s.serveDir, zN, effect(s.spin))
	best, bestV := 0, -1.0
	for n := 0; n <= min(2, int(s.sides[s.actor].stars)); n++ {
		need := s.serveNeed(s.actor, c, effect(s.spin), n)
		in, ace := chanceOf(need), aceChance(c, need)
		v := ace + (in-ace)*(1-q/2) - starWorth*float64(n)
		if v > bestV+1e-9 {
			best, bestV = n, v
		}
	}
	return actStars + engine.Action(best)
}

func (s *State) hSide() engine.Action {
	h := s.sides[s.actor].hand
	var fh, bh int
	for x := h; x != 0; x &= x - 1 {
		k := &data.cards[x.nth(0)]
		if k.start.has(zFH) {
			fh++
		}
		if k.start.has(zBH) {
			bh++
		}
	}
	if bh > fh {
		return actSide + engine.Action(zBH)
	}
	return actSide + engine.Action(zFH)
}

// hMove pays the move with the least useful card that leaves a card to play, or concedes.
func (s *State) hMove() engine.Action {
	sd := &s.sides[s.actor]
	x := s.ctxOf(s.actor)
	x.pos = s.dest
	ok := s.playableIn(x, sd.hand)
	if ok == 0 || sd.hand.count() < 2 {
		return actConcede
	}
	if rest := sd.hand &^ ok &^ winners; rest != 0 {
		return Discard(s.worstCard(rest))
	}
	if ok.count() >= 2 {
		if nw := ok &^ winners; nw != 0 && (ok&winners != 0 || nw.count() >= 2) {
			return Discard(s.worstCard(nw))
		}
		return Discard(s.worstCard(ok))
	}
	return Discard(s.worstCard(sd.hand &^ ok))
}

func (s *State) hPosition() engine.Action {
	sd := &s.sides[s.actor]
	var volleys int
	for x := sd.hand; x != 0; x &= x - 1 {
		if k := &data.cards[x.nth(0)]; k.start.has(zV) && k.kind != kSmash {
			volleys++
		}
	}
	k := &data.cards[s.card]
	if s.phase == phPosition && s.canRush() && volleys >= 2 && (k.net || k.kind == kAttack || k.kind == kDropShot) &&
		(!sd.topspin || sd.hand.count() >= 6) {
		return actNet
	}
	if s.canRecentre() {
		switch {
		case sd.pos == zV && volleys == 0 && sd.hand.count() >= 3:
			return actRecentre
		case sd.pos != zV && sd.stars >= 3:
			return actRecentre
		}
	}
	return actStay
}

func (s *State) hPlan() engine.Action {
	sd := &s.sides[s.actor]
	if sd.stars < 3 {
		return actNoPlan
	}
	best, bestV := 0, 5.5
	for x := sd.discard; x != 0; x &= x - 1 {
		c := x.nth(0)
		if v := cardWorth(c, sd.hand|1<<uint(c)); v > bestV {
			best, bestV = c, v
		}
	}
	if best == 0 {
		return actNoPlan
	}
	return actPlan + engine.Action(best)
}
