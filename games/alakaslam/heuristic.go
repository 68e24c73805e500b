package alakaslam

import (
	"math/rand/v2"

	"deuce/engine"
)

// charRank orders the characters from the one the heuristic likes best: for choosing a
// character and for Simon's copy.
var charRank = [...]int{Sarissia, Laurie, Josephias, Rich, Toots, Wendolyn, Austin, Simon}

// Heuristic is a cheap, casual policy for the seat to move in s, a state already determinized
// for that seat (it reads the other hands as sampled).
//
// To hit, it tries every legal set of cards it could still complete and plays the one whose
// landing is in and farthest beyond the sampled opponents' reach (one free space plus their
// Enchantments), spending few cards and keeping Enchantments; a support completes the shot
// from where the (sampled) first player's cards leave the ball. With no shot that lands it
// uses Laurie's draw or Toots's redraw on itself if it can, else declines. Not at the ball, it
// walks there (discarding Enchantment-1s before Enchant-2s for extra spaces) when it can reach
// it and declines when it cannot; in a team the teammate nearer the ball goes. After a hit it
// uses its free move to step toward the middle of its half. It keeps Hit-3s and Enchant-2s,
// discards Hit-0s first, calls the colour it has seen less of, and takes an Enchant-2 or Hit-3
// from the discards with Josephias.
func Heuristic(st engine.State, rng *rand.Rand) engine.Action {
	s, ok := st.(*State)
	if ok && (s.phase == phTurn || s.phase == phPick) && s.hasChoice() {
		// Where it plans hits, the heuristic asks about single actions: no list is built.
		return s.heuristicHit(s.cur, rng)
	}
	var buf [64]engine.Action
	var legal []engine.Action
	if ok {
		legal = s.Legal(buf[:0]) // the concrete call keeps buf off the heap
	} else {
		legal = st.Legal(nil)
	}
	if !ok || len(legal) <= 1 || s.ToMove() == engine.Chance {
		if len(legal) == 0 {
			return actConcede
		}
		return legal[rng.IntN(len(legal))]
	}
	seat := s.cur
	has := func(a engine.Action) bool {
		for _, x := range legal {
			if x == a {
				return true
			}
		}
		return false
	}
	switch s.phase {
	case phChar, phSimon:
		base := chooseBase
		if s.phase == phSimon {
			base = copyBase
		}
		for _, c := range charRank {
			if has(base + engine.Action(c)) {
				return base + engine.Action(c)
			}
		}
	case phDiscardDown, phWendolyn:
		return discardBase + engine.Action(worstCard(&s.hands[seat]))
	case phLoserDiscard:
		for _, k := range []int{hitKind(0, red), hitKind(0, blue)} {
			if has(discardBase + engine.Action(k)) {
				return discardBase + engine.Action(k)
			}
		}
		return actDone
	case phMulligan:
		h := &s.hands[seat]
		if h.total() >= 6 && h.total()-h.enchants() < 2 {
			return actMulligan
		}
		return actKeep
	case phCall:
		var seen [2]int
		for k := range numHitKinds {
			seen[color(k)] += int(s.hands[seat][k] + s.discard[k])
		}
		if seen[red] > seen[blue] {
			return actCallBlue
		}
		return actCallRed
	case phCorner:
		return legal[rng.IntN(len(legal))]
	case phDrawChoice:
		for _, k := range []int{enchantKind(3), enchantKind(2), hitKind(3, red), hitKind(3, blue)} {
			if has(takeBase + engine.Action(k)) {
				return takeBase + engine.Action(k)
			}
		}
		return actDrawNormal
	case phTarget:
		best, bestD := legal[0], 100
		for _, a := range legal {
			if d := dist(s.where(int8(a-targetBase)), s.ball); d < bestD {
				best, bestD = a, d
			}
		}
		return best
	case phEffect:
		best, bestV := legal[0], 100
		for _, a := range legal {
			for _, e := range s.ench {
				if e.seat == int8(a-effectBase) {
					v := int(e.value)
					if e.lock {
						v += 10
					}
					if v < bestV {
						best, bestV = a, v
					}
				}
			}
		}
		return best
	case phLauriePlay:
		best, bestScore := legal[0], -1<<30
		for _, a := range legal {
			p := plan{n: 1}
			p.cards[0] = pick{k: int8(a - lauriePlayBase)}
			if sc := s.score1(seat, p); sc > bestScore {
				best, bestScore = a, sc
			}
		}
		return best
	case phTeamMove:
		return s.heuristicTeamMove(seat, has)
	case phAfter:
		return s.heuristicAfter(seat, has)
	}
	return legal[rng.IntN(len(legal))]
}

// worstCard is the card the heuristic discards first: a Hit-0, then the lowest Hit, keeping
// Enchantments.
func worstCard(h *counts) int {
	for k := range numHitKinds {
		if h[k] > 0 {
			return k
		}
	}
	for k := numHitKinds; k < numKinds; k++ {
		if h[k] > 0 {
			return k
		}
	}
	return 0
}

func dist(a, b pos) int {
	d := int(a.r) - int(b.r)
	if d < 0 {
		d = -d
	}
	e := int(a.c) - int(b.c)
	if e < 0 {
		e = -e
	}
	return d + e
}

// reach is how far seat can move in its next turn: the free space plus its Enchantments.
func (s *State) reach(seat int8) int {
	mult := 1
	if s.format == Canadian && s.partner(seat) < 0 {
		mult = 2
	}
	return 1 + mult*s.hands[seat].enchants()
}

// plan is a set of cards for a hit.
type plan struct {
	cards [maxPicks]pick
	n     int
}

// heuristicHit walks to the ball, then picks the cards of the best shot, one by one.
func (s *State) heuristicHit(seat int8, rng *rand.Rand) engine.Action {
	has := s.isLegal
	if s.phase == phTurn && s.where(seat) != s.ball {
		if a, ok := s.stepToward(seat, s.ball, true, has); ok {
			return a
		}
		return actConcede
	}
	best, score, ok := s.bestPlan(seat, rng)
	n := int(s.npicks[seat])
	if ok && score > -500 {
		if best.n > n {
			p := best.cards[n]
			if p.straight {
				return straightBase + engine.Action(p.k)
			}
			return pickBase + engine.Action(p.k)
		}
		if has(actHit) {
			return actHit
		}
	}
	switch {
	case has(actLaurie):
		return actLaurie
	case s.canToots(seat, s.phase) && s.hands[seat].total() > 0 && has(tootsBase+engine.Action(seat)):
		return tootsBase + engine.Action(seat)
	case has(actConcede):
		if n > 0 && has(actUnpick) {
			return actUnpick // back out of a bad shot before declining
		}
		return actConcede
	}
	// A support must play: the least bad shot.
	if ok && best.n > n {
		p := best.cards[n]
		if p.straight {
			return straightBase + engine.Action(p.k)
		}
		return pickBase + engine.Action(p.k)
	}
	if has(actHit) {
		return actHit
	}
	var buf [64]engine.Action
	return s.Legal(buf[:0])[0]
}

// stepToward moves seat one space toward target if it can get there this turn; spend allows
// discarding Enchantments for the spaces beyond the free one.
func (s *State) stepToward(seat int8, target pos, spend bool, has func(engine.Action) bool) (engine.Action, bool) {
	d := dist(s.where(seat), target)
	if d == 0 {
		return 0, false
	}
	moves := int(s.earned[seat])
	if s.free {
		moves++
	}
	mult := 1
	if s.format == Canadian && s.partner(seat) < 0 {
		mult = 2
	}
	if !spend && moves == 0 {
		return 0, false
	}
	if spend && d > moves+mult*s.hands[seat].enchants() {
		return 0, false
	}
	if moves == 0 {
		for v := 1; v <= maxEnchant; v++ {
			if a := spendBase + engine.Action(enchantKind(v)); has(a) {
				return a, true
			}
		}
		return 0, false
	}
	for dir := range numDirs {
		a := moveBase + engine.Action(dir)
		if !has(a) {
			continue
		}
		if to, _ := s.stepTarget(seat, dir); dist(to, target) < d {
			return a, true
		}
	}
	return 0, false
}

// heuristicTeamMove sends the teammate who can reach the ball most cheaply to it.
func (s *State) heuristicTeamMove(seat int8, has func(engine.Action) bool) engine.Action {
	mate := s.partner(seat)
	cost := func(x int8) int {
		d := dist(s.where(x), s.ball)
		if d > s.reach(x)+int(s.earned[x]) {
			return 1000 + d
		}
		return d
	}
	if cost(seat) <= cost(mate) || s.stage > s.memberIndex(mate) {
		if a, ok := s.stepToward(seat, s.ball, true, has); ok {
			return a
		}
	}
	return doneOrLeave(has)
}

// doneOrLeave ends the movement, or, on the teammate's space where a movement planned together
// may not end, takes the first move that leads off it.
func doneOrLeave(has func(engine.Action) bool) engine.Action {
	if has(actDone) {
		return actDone
	}
	for a := moveBase; a < spendBase+numKinds; a++ {
		if has(a) {
			return a
		}
	}
	return actDone
}

// heuristicAfter steps toward the middle of the player's half with the free move only.
func (s *State) heuristicAfter(seat int8, has func(engine.Action) bool) engine.Action {
	home := s.where(seat)
	home.c = (s.cols - 1) / 2
	if s.cols == maxCols {
		// Four columns: a lone player takes the nearer middle column, teammates one each.
		p := s.partner(seat)
		switch {
		case p >= 0 && (s.where(seat).c > s.where(p).c || (s.where(seat).c == s.where(p).c && seat > p)):
			home.c++
		case p < 0 && s.where(seat).c > home.c:
			home.c++
		}
	}
	if a, ok := s.stepToward(seat, home, false, has); ok && a < spendBase {
		return a
	}
	return doneOrLeave(has)
}

// bestPlan returns the best legal set of cards that extends seat's picks, its score, and
// whether any exists. In a team the support, who cannot see the first player's facedown cards,
// plays its most neutral cards (a lone Enchantment, else the smallest move), and the player at
// the ball aims for the landing after that, averaged over several samples of the support's hand.
func (s *State) bestPlan(seat int8, rng *rand.Rand) (plan, int, bool) {
	var cur plan
	cur.n = int(s.npicks[seat])
	copy(cur.cards[:], s.picks[seat][:cur.n])
	if seat == s.support && s.hitter >= 0 {
		return s.neutralPlan(seat, cur)
	}
	var follow [supportSamples]effect
	nfollow := 0
	if x := s.support; seat == s.hitter && x >= 0 {
		// Before the support has picked cards (it plays after the player at the ball), all a
		// determinization changes for it is its hand.
		var d State
		for i := range supportSamples {
			from, h := s, &s.hands[x]
			var sample counts
			switch {
			case i == 0:
			case s.npicks[x] == 0:
				sample = s.sampleHand(engine.Seat(seat), x, rng)
				h = &sample
			default:
				s.determinize(&d, engine.Seat(seat), rng)
				from, h = &d, &d.hands[x]
			}
			if from.canPlayWith(x, h) {
				if p, _, ok := from.neutralPlanWith(x, h, plan{}); ok {
					follow[nfollow] = effectOf(p)
					nfollow++
				}
			}
		}
	}
	// Many sets of cards do the same: rate each effect once, with its cheapest set.
	var set optionSet
	s.hitOptions(seat, cur, &set)
	opts := set.opts[:set.n]
	if len(set.extra) > 0 {
		opts = append(opts[:len(opts):len(opts)], set.extra...)
	}
	sc := s.newScorer(teamOf(seat))
	ce := effectOf(cur)
	best, bestScore := -1, -1<<30
	for i, o := range opts {
		e := ce.plus(o.e)
		b := shift(s.ball, sc.t, e)
		var v int
		if nfollow == 0 {
			v = sc.land(b, int(e.ench))
		} else {
			for _, f := range follow[:nfollow] {
				v += sc.land(shift(b, sc.t, f), int(max(e.ench, f.ench)))
			}
			v /= nfollow
		}
		// A little noise: two heuristics never settle into a rally that repeats for ever.
		v -= int(e.cost) - int(rng.Uint64()&3) // rng.IntN(4), without the general case
		if best < 0 || v > bestScore {
			best, bestScore = i, v
		}
	}
	if best < 0 {
		return plan{}, bestScore, false
	}
	return cur.join(opts[best].plan()), bestScore, true
}

// join returns p followed by the cards of q.
func (p plan) join(q plan) plan {
	p.n += copy(p.cards[p.n:], q.cards[:q.n])
	return p
}

// hitOptions puts in set the options of seat's hit beyond the cards it has picked, cur: for
// each effect the cards added to cur can have, in the order the enumeration below first finds
// it, the cheapest cards having it (the first of equals), as the cards added and their effect
// alone. With cur's effect added to every option, these are the options of the sets of cards
// extending cur: the same effects, found in the same order, the same cards the cheapest. The
// sets are enumerated depth first, a set before its extensions, adding cards of the hand in
// ascending order of kind (an Austin Hit-2 as it is, then straight), at most one Enchantment
// and only if the hit allows one: the order decides ties between options, so it must not
// change (TestPlanWalk checks it against a plain recursive enumeration). Three loops, one in
// another, do it without a call a set: this is where the heuristic spends most of its time.
func (s *State) hitOptions(seat int8, cur plan, set *optionSet) {
	lo, hi, enchOK := s.limits(seat)
	for _, p := range cur.cards[:cur.n] {
		if isEnchant(int(p.k)) {
			enchOK = false
		}
	}
	lo, hi = max(0, lo-int8(cur.n)), hi-int8(cur.n)
	h := s.hands[seat]
	var list [numKinds]int8
	kinds := list[:listKinds(&list, &h, enchOK)]
	austin := s.ability[seat] == Austin
	// variants is 2 for a kind an Austin Hit-2 sent straight doubles.
	variants := func(k int) int {
		if austin && isHit(k) && value(k) == 2 {
			return 2
		}
		return 1
	}
	if lo == 0 {
		set.add(0, effect{})
	}
	if hi == 0 {
		return
	}
	for i1, k1 := range kinds {
		k1 := int(k1)
		h[k1]--
		for v1 := range variants(k1) {
			c1, e1 := packCard(k1, v1 == 1)<<2|1, packedEffects[k1][v1]
			if lo <= 1 {
				set.add(c1, unpackEffect(e1, 1))
			}
			if hi < 2 {
				continue
			}
			for i2 := i1; i2 < len(kinds); i2++ {
				k2 := int(kinds[i2])
				if h[k2] == 0 || k2 >= numHitKinds && k1 >= numHitKinds {
					continue
				}
				h[k2]--
				for v2 := range variants(k2) {
					c2, e2 := c1+(packCard(k2, v2 == 1)<<(2+packCardBits))+1, e1+packedEffects[k2][v2]
					if lo <= 2 {
						set.add(c2, unpackEffect(e2, 2))
					}
					if hi < 3 {
						continue
					}
					for i3 := i2; i3 < len(kinds); i3++ {
						k3 := int(kinds[i3])
						if h[k3] == 0 || k3 >= numHitKinds && (k1 >= numHitKinds || k2 >= numHitKinds) {
							continue
						}
						for v3 := range variants(k3) {
							set.add(c2+(packCard(k3, v3 == 1)<<(2+2*packCardBits))+1, unpackEffect(e2+packedEffects[k3][v3], 3))
						}
					}
				}
				h[k2]++
			}
		}
		h[k1]++
	}
}

// neutralPlan is the set of cards extending cur that moves the ball least, then costs least.
func (s *State) neutralPlan(seat int8, cur plan) (plan, int, bool) {
	return s.neutralPlanWith(seat, &s.hands[seat], cur)
}

// neutralPlanWith is neutralPlan with seat holding h.
func (s *State) neutralPlanWith(seat int8, h *counts, cur plan) (plan, int, bool) {
	w := s.newNeutralWalk(seat, h, cur)
	w.walk(0, w.enchants)
	return unpack(w.best), 0, w.found
}

func abs8(x int8) int8 {
	if x < 0 {
		return -x
	}
	return x
}

// supportSamples is how many deals of the support's hand the player at the ball weighs.
const supportSamples = 4

// option is a set of cards for a hit (packed, as packedPlan) with its effect.
type option struct {
	code uint32
	e    effect
}

func (o option) plan() plan { return unpack(o.code) }

// A plan packed in 32 bits: the number of cards in bits 0-1, then 5 bits a card (its kind, and
// 16 for a Hit-2 sent straight), so that a walk keeps the set it builds in a register.
const (
	packCardBits = 5
	packStraight = 16
)

func (p plan) pack() uint32 {
	code := uint32(p.n)
	for i, c := range p.cards[:p.n] {
		code |= packCard(int(c.k), c.straight) << (2 + packCardBits*i)
	}
	return code
}

func packCard(k int, straight bool) uint32 {
	if straight {
		return uint32(k) | packStraight
	}
	return uint32(k)
}

func unpack(code uint32) plan {
	p := plan{n: int(code & 3)}
	for i := range p.n {
		c := code >> (2 + packCardBits*i) & (1<<packCardBits - 1)
		p.cards[i] = pick{k: int8(c &^ packStraight), straight: c&packStraight != 0}
	}
	return p
}

// Effects index optionSet.slots: rows 0 to 3·maxHitValue, columns -maxPicks to maxPicks, an
// Enchantment of value 0 (none) to maxEnchant.
const (
	effectCols  = 2*maxPicks + 1
	effectSlots = (maxPicks*maxHitValue + 1) * effectCols * (maxEnchant + 1)
)

// optionSet holds one option per effect, in the order the effects are first found, each with
// its cheapest set of cards (the first found among equals). The first len(opts) effects are
// kept that way; beyond them every set found is kept as it comes.
type optionSet struct {
	slots [effectSlots]uint8 // index+1 in opts of an effect's option, 0 for none yet
	opts  [64]option
	n     int
	extra []option
}

// add records the set of cards code (packed) with effect e.
func (o *optionSet) add(code uint32, e effect) {
	slot := (int(e.dr)*effectCols+int(e.dc)+maxPicks)*(maxEnchant+1) + int(e.ench)
	if i := o.slots[slot]; i > 0 {
		if x := &o.opts[i-1]; e.cost < x.e.cost {
			*x = option{code, e}
		}
		return
	}
	if o.n < len(o.opts) {
		o.opts[o.n] = option{code, e}
		o.n++
		o.slots[slot] = uint8(o.n)
		return
	}
	o.overflow(code, e)
}

// overflow keeps an option beyond the first len(o.opts) effects.
func (o *optionSet) overflow(code uint32, e effect) {
	o.extra = append(o.extra, option{code, e})
}

// neutralWalk finds the most neutral set of cards for a seat that extends the cards it has
// picked (cur): the first, in the order below, that moves the ball least, then costs least. It
// enumerates every legal complete set depth first, a set before its extensions, adding cards of
// the hand in ascending order of kind (an Austin Hit-2 as it is, then straight), at most one
// Enchantment and only if the hit allows one, every set of lo to hi cards visited; the order
// decides ties, so it must not change. The set being built and its effect are kept as it goes,
// and a set whose extensions cannot beat the best found is not extended.
type neutralWalk struct {
	h              counts
	kinds          [numKinds]int8 // the kinds the walk may add, ascending
	nkinds         int
	lo, hi         int8
	enchOK, austin bool
	enchants       int    // Enchantments in cur
	n              int    // cards in the set being built
	code           uint32 // the set, packed
	e              effect // its effect

	best               uint32 // packed
	bestMove, bestCost int
	found              bool
}

// newNeutralWalk prepares the walk of seat's sets extending cur, seat holding h.
func (s *State) newNeutralWalk(seat int8, h *counts, cur plan) neutralWalk {
	w := neutralWalk{h: *h, austin: s.ability[seat] == Austin, n: cur.n, code: cur.pack(), e: effectOf(cur)}
	w.lo, w.hi, w.enchOK = s.limits(seat)
	for _, p := range cur.cards[:cur.n] {
		if isEnchant(int(p.k)) {
			w.enchants++
		}
	}
	w.nkinds = listKinds(&w.kinds, &w.h, w.enchOK && w.enchants == 0)
	return w
}

// listKinds lists in kinds the kinds of h a hit may add, Enchantments only if enchOK, and
// returns how many.
func listKinds(kinds *[numKinds]int8, h *counts, enchOK bool) int {
	n := 0
	for k := range numKinds {
		if h[k] > 0 && (isHit(k) || enchOK) {
			kinds[n] = int8(k)
			n++
		}
	}
	return n
}

// walk visits the set being built and its extensions by kinds from w.kinds[from:].
func (w *neutralWalk) walk(from int, enchants int) {
	if w.found && !w.mayImprove() {
		return
	}
	if w.n >= int(w.lo) {
		move := int(w.e.dr) + int(abs8(w.e.dc))
		if cost := int(w.e.cost); !w.found || move < w.bestMove || (move == w.bestMove && cost < w.bestCost) {
			w.best, w.bestMove, w.bestCost, w.found = w.code, move, cost, true
		}
	}
	if w.n >= int(w.hi) {
		return
	}
	for i := from; i < w.nkinds; i++ {
		k := int(w.kinds[i])
		e := enchants
		if k >= numHitKinds {
			if enchants > 0 {
				continue
			}
			e++
		}
		if w.h[k] == 0 {
			continue
		}
		w.h[k]--
		w.push(i, k, false, e)
		if w.austin && isHit(k) && value(k) == 2 {
			w.push(i, k, true, e)
		}
		w.h[k]++
	}
}

// mayImprove reports whether the set being built or one of its extensions may move the ball
// less than the best set found, or as little for less: sets found later must do strictly
// better. Cards add rows (never take any away) and change the column by one each, and each
// costs at least 3.
func (w *neutralWalk) mayImprove() bool {
	left := int(w.hi) - w.n
	move := int(w.e.dr) + max(0, int(abs8(w.e.dc))-left)
	cost := int(w.e.cost) + 3*max(0, int(w.lo)-w.n)
	return move < w.bestMove || move == w.bestMove && cost < w.bestCost
}

// push adds a card of kind k, w.kinds[i], to the set, walks its extensions and takes the card
// off again.
func (w *neutralWalk) push(i, k int, straight bool, enchants int) {
	e, code := w.e, w.code
	w.code = (code | packCard(k, straight)<<(2+packCardBits*w.n)) + 1
	w.n++
	w.e.add(k, straight)
	w.walk(i, enchants)
	w.n--
	w.e, w.code = e, code
}

// effect is what a set of cards does: rows toward the other side, columns toward blue, the
// Enchantment played, and what spending the cards costs the heuristic.
type effect struct {
	dr, dc, ench, cost int8
}

// plus returns the effect of the cards of e and f together (one Enchantment at most).
func (e effect) plus(f effect) effect {
	return effect{dr: e.dr + f.dr, dc: e.dc + f.dc, ench: e.ench + f.ench, cost: e.cost + f.cost}
}

// packedEffects are the effects of one card of each kind, as it is and sent straight, packed a
// field a byte with the column moved by plus one, so that no field is negative and the effects
// of up to three cards add up as integers (unpackEffect).
var packedEffects [numKinds][2]uint32

func packEffect(e effect) uint32 {
	return uint32(uint8(e.dr)) | uint32(uint8(e.dc+1))<<8 | uint32(uint8(e.ench))<<16 | uint32(uint8(e.cost))<<24
}

// unpackEffect returns the effect of n cards whose packed effects add up to p.
func unpackEffect(p uint32, n int) effect {
	return effect{dr: int8(p), dc: int8(p>>8) - int8(n), ench: int8(p >> 16), cost: int8(p >> 24)}
}

// add adds a card of kind k (a Hit-2 sent straight if straight) to e.
func (e *effect) add(k int, straight bool) {
	c := &cardEffects[k]
	if straight {
		c = &straightEffect
	}
	e.dr += c.dr
	e.dc += c.dc
	e.ench += c.ench // one Enchantment at most in a set
	e.cost += c.cost
}

// cardEffects is the effect of one card of each kind; straightEffect that of a Hit-2 sent
// straight.
var (
	cardEffects    [numKinds]effect
	straightEffect = effect{dr: 2, cost: 3}
)

func init() {
	for k := range numKinds {
		e := &cardEffects[k]
		e.cost = 3
		if !isHit(k) {
			e.ench = int8(value(k))
			e.cost += 4
			continue
		}
		e.dr = int8(value(k))
		if value(k) == maxHitValue {
			e.cost++
		}
		if color(k) == red {
			e.dc = -1
		} else {
			e.dc = 1
		}
	}
	for k := range numKinds {
		packedEffects[k] = [2]uint32{packEffect(cardEffects[k]), packEffect(straightEffect)}
	}
}

func effectOf(p plan) effect {
	var e effect
	for _, pk := range p.cards[:p.n] {
		e.add(int(pk.k), pk.straight)
	}
	return e
}

// shift moves b by e for team t.
func shift(b pos, t int8, e effect) pos {
	b.r += forward(t) * e.dr
	b.c += e.dc
	return b
}

// moved1 moves b by cards played by team s.striking.
func (s *State) moved1(b pos, cards []pick) pos {
	var p plan
	p.n = copy(p.cards[:], cards)
	return shift(b, s.striking, effectOf(p))
}

// scorer rates landings of a shot by team t (landScore), with what it needs of the opponents
// read once.
type scorer struct {
	s     *State
	t     int8
	nopp  int
	opp   [2]int8
	where [2]pos
	reach [2]int
	memo  answerMemo
}

func (s *State) newScorer(t int8) scorer {
	sc := scorer{s: s, t: t}
	for _, o := range s.team[1-t][:s.teamSize[1-t]] {
		sc.opp[sc.nopp], sc.where[sc.nopp], sc.reach[sc.nopp] = o, s.where(o), s.reach(o)
		sc.nopp++
	}
	return sc
}

// landScore rates a ball landing on b after a shot by team t with an Enchantment of value
// ench: out of play is very bad; beyond every opponent's reach is best, then far from them.
func (s *State) landScore(t int8, b pos, ench int) int {
	sc := s.newScorer(t)
	return sc.land(b, ench)
}

// land is landScore for the scorer's team.
func (sc *scorer) land(b pos, ench int) int {
	s, t := sc.s, sc.t
	switch {
	case !onSide(1-t, b.r), b.c < 0, b.c >= s.cols, s.serving && b.c == s.serveCol:
		return -1000
	}
	v := 0
	gap := 1 << 10
	for i := range sc.nopp {
		gap = min(gap, dist(sc.where[i], b)-sc.reach[i])
		if ench > 0 && !sc.memo.canAnswer(s, i, sc.opp[i], b, ench) {
			v += 30 // an Enchantment the opponent cannot answer
		}
	}
	if gap > 0 {
		v += 100
	}
	v += 10 * (gap + 2)
	if ench > 0 {
		v += 4
	}
	return v
}

// answerMemo remembers canAnswer's verdicts within one decision, where they depend on the
// opponent, the landing and the Enchantment alone: the heuristic rates many sets of cards that
// land the ball on the same few spots. It is indexed by the opponent's place in its team, the
// space on the court and the Enchantment's value.
type answerMemo [2 * numRows * maxCols * maxEnchant]uint8 // 0 unknown, 1 no, 2 yes

// canAnswer is s.canAnswer(o, b, ench) for o, the i-th player of its team, and b on the court.
func (m *answerMemo) canAnswer(s *State, i int, o int8, b pos, ench int) bool {
	slot := ((i*numRows+int(b.r))*maxCols+int(b.c))*maxEnchant + ench - 1
	if m[slot] == 0 {
		m[slot] = 1
		if s.canAnswer(o, b, ench) {
			m[slot] = 2
		}
	}
	return m[slot] == 2
}

// canAnswer reports whether opponent o, its next hit bound to exactly ench cards, holds a set
// of them that would land a ball at b back in play. An Enchantment (one at most, and none under
// Rich's lock) moves nothing, so the set is ench Hit cards, or ench-1 and an Enchantment; an
// Austin Hit-2 moves the ball a column or none, so a set reaches a range of columns.
func (s *State) canAnswer(o int8, b pos, ench int) bool {
	h := &s.hands[o]
	if h.total() < ench {
		return false
	}
	q := answerQuery{h: *h, austin: s.ability[o] == Austin, clo: -int(b.c), chi: int(s.cols-1) - int(b.c)}
	// The rows to move the ball by to land across the net, on the court.
	if teamOf(o) == 0 {
		q.dlo, q.dhi = numRows/2-int(b.r), numRows-1-int(b.r)
	} else {
		q.dlo, q.dhi = int(b.r)-(numRows/2-1), int(b.r)
	}
	return q.hits(ench, 0, 0, 0, 0) || ench > 0 && !s.lock[o] && h.enchants() > 0 && q.hits(ench-1, 0, 0, 0, 0)
}

// answerQuery looks for Hit cards in h that move a ball by dlo to dhi rows and clo to chi
// columns.
type answerQuery struct {
	h                  counts
	austin             bool
	dlo, dhi, clo, chi int
}

// hits reports whether n more Hit cards of the hand, of kinds from on, added to cards that
// move the ball by v rows and lo to hi columns, do.
func (q *answerQuery) hits(n, from, v, lo, hi int) bool {
	if n == 0 {
		return q.lands(v, lo, hi)
	}
	for k := from; k < numHitKinds; k++ {
		if q.h[k] == 0 {
			continue
		}
		q.h[k]--
		kv, klo, khi := q.card(k)
		ok := q.hits(n-1, k, v+kv, lo+klo, hi+khi)
		q.h[k]++
		if ok {
			return true
		}
	}
	return false
}

// card returns the rows a Hit card of kind k moves the ball by and the range of columns.
func (q *answerQuery) card(k int) (v, lo, hi int) {
	e := cardEffects[k]
	lo, hi = int(e.dc), int(e.dc)
	if q.austin && value(k) == 2 {
		lo, hi = min(lo, 0), max(hi, 0) // or straight
	}
	return int(e.dr), lo, hi
}

// lands reports whether moving by v rows and by a number of columns from lo to hi can land.
func (q *answerQuery) lands(v, lo, hi int) bool {
	return v >= q.dlo && v <= q.dhi && hi >= q.clo && lo <= q.chi
}

// score1 rates the shot seat's plan p would make on its own (Laurie's single card).
func (s *State) score1(seat int8, p plan) int {
	start := s.ball
	if seat == s.support && s.hitter >= 0 {
		start = s.moved1(start, s.picks[s.hitter][:s.npicks[s.hitter]])
	}
	e := effectOf(p)
	return s.landScore(teamOf(seat), shift(start, teamOf(seat), e), int(e.ench)) - int(e.cost)
}
