package alakaslam

import (
	"slices"

	"deuce/engine"
)

// Apply plays a; an illegal a returns an error matching engine.ErrIllegal and changes nothing.
func (s *State) Apply(a engine.Action) error {
	if err := s.check(a); err != nil {
		return err
	}
	s.apply(a)
	return nil
}

// isLegal reports whether a is in the legal list, without building the list where the phase
// allows: Apply checks every action, so this is on the path of every step of play.
func (s *State) isLegal(a engine.Action) bool {
	seat := s.cur
	switch s.phase {
	case phDraw, phLaurieDraw:
		k := a - drawBase
		return k >= 0 && k < numKinds && s.pile()[k] > 0
	case phReveal:
		k := a - revealBase
		return k >= 0 && k < numKinds && s.pile()[k] > 0
	case phDiscardDown, phWendolyn:
		k := a - discardBase
		return k >= 0 && k < numKinds && s.hands[seat][k] > 0
	case phLoserDiscard:
		k := a - discardBase
		return a == actDone || s.discarded < 3 && k >= 0 && k < numKinds && s.hands[seat][k] > 0
	case phMulligan:
		return a == actKeep || a == actMulligan && s.hands[seat].total() > 0
	case phCall:
		return a == actCallRed || a == actCallBlue
	case phCorner:
		return a == actCornerRed || a == actCornerBlue
	case phTurn, phTeamMove, phAfter, phPick:
		return s.turnLegal(seat, a)
	}
	var buf [64]engine.Action
	_, ok := slices.BinarySearch(s.Legal(buf[:0]), a)
	return ok
}

// turnLegal is isLegal in a phase of a turn: the conditions under which Legal lists a.
func (s *State) turnLegal(seat int8, a engine.Action) bool {
	ph := s.phase
	hitting := ph == phTurn || ph == phPick
	moving := ph == phTurn || ph == phTeamMove || ph == phAfter
	switch {
	case a >= pickBase && a < pickBase+numKinds:
		return hitting && s.mayHit(seat) && s.canPick(seat, int(a-pickBase))
	case a >= straightBase && a < straightBase+numKinds:
		k := int(a - straightBase)
		return hitting && isHit(k) && value(k) == 2 && s.ability[seat] == Austin && s.mayHit(seat) && s.canPick(seat, k)
	case a == actLaurie:
		return hitting && s.mayHit(seat) && s.canLaurie(seat)
	case a >= moveBase && a < moveBase+numDirs:
		return moving && s.mayMove(seat) && s.canStep(seat, int(a-moveBase))
	case a >= spendBase+numHitKinds && a < spendBase+numKinds:
		return moving && s.mayMove(seat) && s.hands[seat][a-spendBase] > 0
	case a >= tootsBase && a < tootsBase+engine.Action(s.nseats):
		return (moving || ph == phPick) && s.canToots(seat, ph) && s.hands[a-tootsBase].total() > 0
	case a == actUnpick:
		return ph == phPick && s.mayUnpick(seat)
	case a == actHit:
		return ph == phPick && s.canConfirm(seat)
	case a == actConcede:
		return ph == phTurn || ph == phPick && seat == s.hitter
	case a == actDone:
		return (ph == phTeamMove || ph == phAfter) && s.mayFinish(seat)
	}
	return false
}

// apply plays a legal action.
func (s *State) apply(a engine.Action) {
	seat := s.cur
	switch s.phase {
	case phChar, phDealChar:
		c := a - chooseBase
		if s.phase == phDealChar {
			c = a - dealCharBase
		}
		s.chars[seat] = int8(c)
		s.ability[seat] = int8(c)
		s.stage++
		s.charStage()
	case phSimon:
		s.ability[seat] = int8(a - copyBase)
		s.stage++
		s.simonStage()
	case phDiscardDown:
		s.discardCard(seat, int(a-discardBase))
		if s.hands[seat].total() <= s.handTarget(seat) {
			s.stage++
			s.refillStage()
		}
	case phDraw:
		k := int(a - drawBase)
		s.takeFromPile(k)
		s.hands[seat][k]++
		s.left--
		s.settleDraw()
	case phLaurieDraw:
		k := int(a - drawBase)
		s.takeFromPile(k)
		s.laurie[k]++
		s.left--
		s.settleLaurie()
	case phMulligan:
		if a == actKeep {
			s.stage++
			s.mulliganStage()
			return
		}
		n := s.hands[seat].total()
		s.discard.add(&s.hands[seat])
		s.hands[seat] = counts{}
		s.startDraw(seat, int8(n-1), contMulligan)
	case phCall:
		s.called = red
		if a == actCallBlue {
			s.called = blue
		}
		s.phase = phReveal
	case phReveal:
		k := int(a - revealBase)
		s.takeFromPile(k)
		s.discard[k]++
		s.revealed = int8(k)
		if isHit(k) {
			t := int8(1) - teamOf(seat) // seat 0 called
			if color(k) == int(s.called) {
				t = teamOf(seat)
			}
			s.firstServe(t)
			return
		}
		// An Enchantment: reveal again, unless no Hit card is left to reveal.
		hits := 0
		for j := range numHitKinds {
			hits += int(s.deck[j] + s.discard[j])
		}
		if hits == 0 {
			s.firstServe(teamOf(seat))
		}
	case phCorner:
		col := int8(0)
		if a == actCornerBlue {
			col = s.cols - 1
		}
		s.placePlayers(col)
		s.startTurn(teamOf(s.server), true)
	case phTurn, phTeamMove, phAfter, phPick:
		s.applyTurn(seat, a)
	case phLauriePlay:
		k := int(a - lauriePlayBase)
		s.laurie[k]--
		s.picks[seat][0] = pick{k: int8(k)}
		s.npicks[seat] = 1
		s.viaL[seat] = true
		s.discard.add(&s.laurie)
		s.laurie = counts{}
		s.lSeat = -1
		s.confirm(seat)
	case phTarget:
		s.aim(seat, int8(a-targetBase))
	case phEffect:
		from := int8(a - effectBase)
		for i, e := range s.ench {
			if e.seat == from {
				s.enchantSeat(e, seat)
			}
			s.ench[i] = noEnchant
		}
		s.afterHit()
	case phDrawChoice:
		if a == actDrawNormal {
			s.startDraw(seat, s.drawCount(seat), contDrawPhase)
			return
		}
		k := int(a - takeBase)
		s.discard[k]--
		s.hands[seat][k]++
		s.used[seat] |= usedJosephias
		s.stage++
		s.drawStage()
	case phWendolyn:
		s.discardCard(seat, int(a-discardBase))
		s.startDraw(seat, s.drawCount(seat)+1, contDrawPhase)
	case phLoserDiscard:
		if a == actDone {
			s.stage++
			s.discarded = 0
			s.loserStage()
			return
		}
		s.discardCard(seat, int(a-discardBase))
		s.discarded++
		if s.discarded == 3 || s.hands[seat].total() == 0 {
			s.stage++
			s.discarded = 0
			s.loserStage()
		}
	}
}

// applyTurn plays an action of a turn: moving, picking, hitting, conceding, abilities.
func (s *State) applyTurn(seat int8, a engine.Action) {
	switch {
	case a >= moveBase && a < moveBase+numDirs:
		to, _ := s.stepTarget(seat, int(a-moveBase))
		if s.earned[seat] > 0 {
			s.earned[seat]--
		} else {
			s.free = false
		}
		if s.planning {
			s.plan[seat] = to
		} else {
			s.pos[seat] = to
		}
		s.moved[seat] = true
	case a >= spendBase && a < spendBase+numKinds:
		s.discardCard(seat, int(a-spendBase))
		s.earned[seat] += int8(s.spacesPerEnchant(seat))
		s.moved[seat] = true
	case a >= tootsBase && a < tootsBase+maxSeats:
		t := int8(a - tootsBase)
		s.used[seat] |= usedToots
		n := s.hands[t].total()
		s.discard.add(&s.hands[t])
		s.hands[t] = counts{}
		s.retPhase, s.retCur = s.phase, seat
		s.startDraw(t, int8(n), contReturn)
	case a < straightBase+numKinds:
		k := int(a - pickBase)
		straight := false
		if a >= straightBase {
			k, straight = int(a-straightBase), true
		}
		s.hands[seat][k]--
		s.picks[seat][s.npicks[seat]] = pick{k: int8(k), straight: straight}
		s.npicks[seat]++
		s.phase = phPick
	case a == actUnpick:
		s.undone[seat]++
		s.npicks[seat]--
		p := s.picks[seat][s.npicks[seat]]
		s.picks[seat][s.npicks[seat]] = pick{}
		s.hands[seat][p.k]++
	case a == actHit:
		s.confirm(seat)
	case a == actLaurie:
		s.used[seat] |= usedLaurie
		s.lSeat = seat
		s.left = 3
		s.phase = phLaurieDraw
		s.settleLaurie()
	case a == actConcede:
		s.returnPicks(seat)
		how := howConceded
		if s.serving {
			how = howNoServe
		}
		s.pointTo(1-teamOf(seat), how)
	case a == actDone:
		s.stage++
		if s.phase == phTeamMove {
			s.teamMoveStage()
		} else {
			s.afterStage()
		}
	}
}

// discardCard moves one card of kind k from seat's hand to the discards.
func (s *State) discardCard(seat int8, k int) {
	s.hands[seat][k]--
	s.discard[k]++
}

// returnPicks puts seat's picks back in its hand.
func (s *State) returnPicks(seat int8) {
	for i := range s.npicks[seat] {
		s.hands[seat][s.picks[seat][i].k]++
	}
	s.picks[seat] = [maxPicks]pick{}
	s.npicks[seat], s.undone[seat] = 0, 0
	s.viaL[seat] = false
}

// mayUnpick reports whether seat may take back its last card picked: it has one, and has not
// taken back maxTakeBacks cards in this hit.
func (s *State) mayUnpick(seat int8) bool {
	return s.npicks[seat] > 0 && s.undone[seat] < maxTakeBacks
}

// startDraw makes seat draw n cards, then play continues with c.
func (s *State) startDraw(seat, n int8, c cont) {
	s.cur = seat
	s.left = n
	s.cont = c
	s.phase = phDraw
	s.settleDraw()
}

// settleDraw ends a draw once the cards are drawn or nothing is left to draw.
func (s *State) settleDraw() {
	if s.left > 0 && s.deck.total()+s.discard.total() > 0 {
		return
	}
	s.left = 0
	switch s.cont {
	case contRefill:
		s.stage++
		s.refillStage()
	case contMulligan:
		s.phase = phMulligan
	case contReturn:
		s.phase, s.cur = s.retPhase, s.retCur
		s.retPhase, s.retCur = 0, 0
	case contDrawPhase:
		s.stage++
		s.drawStage()
	}
}

// settleLaurie ends Laurie's draw of three.
func (s *State) settleLaurie() {
	if s.left > 0 && s.deck.total()+s.discard.total() > 0 {
		return
	}
	s.left = 0
	s.phase = phLauriePlay
	s.cur = s.lSeat
}

// charStage assigns characters seat by seat: fixed ones first (at New), then chosen or dealt.
func (s *State) charStage() {
	for ; s.stage < s.nseats; s.stage++ {
		seat := s.stage
		if s.chars[seat] != charNone {
			continue
		}
		s.cur = seat
		if s.charOpt[seat] == charRandom {
			s.phase = phDealChar
		} else {
			s.phase = phChar
		}
		return
	}
	s.beginPoint(true)
}

// beginPoint prepares a point: Simon's choice, the refill, the mulligans, then the call for
// the first serve or the corner.
func (s *State) beginPoint(first bool) {
	s.used = [maxSeats]uint8{}
	if !first {
		t := s.loser
		m := s.nextServe[t]
		s.server = s.team[t][m]
		s.score.SetServer(int(t))
	}
	s.stage = 0
	s.simonStage()
}

// simonStage lets each Shapeshifter Simon copy a character in play; with a single candidate
// the copy is made without asking.
func (s *State) simonStage() {
	for ; s.stage < s.nseats; s.stage++ {
		seat := s.stage
		if s.chars[seat] != Simon {
			continue
		}
		n, last := 0, int8(Simon)
		for c := range numChars {
			if c != Simon && s.inPlay(c) {
				n++
				last = int8(c)
			}
		}
		if n > 1 {
			s.cur = seat
			s.phase = phSimon
			return
		}
		s.ability[seat] = last
	}
	s.stage = 0
	s.refillStage()
}

// refillStage brings every hand to its size, seat by seat: drawing, or discarding by choice.
func (s *State) refillStage() {
	for ; s.stage < s.nseats; s.stage++ {
		seat := s.stage
		h, t := s.hands[seat].total(), s.handTarget(seat)
		switch {
		case h < t && s.deck.total()+s.discard.total() > 0:
			s.startDraw(seat, int8(t-h), contRefill)
			return
		case h > t:
			s.cur = seat
			s.phase = phDiscardDown
			return
		}
	}
	s.stage = 0
	s.mulliganStage()
}

// mulliganStage offers each seat with cards the mulligan, seat by seat.
func (s *State) mulliganStage() {
	for ; s.stage < s.nseats; s.stage++ {
		if s.hands[s.stage].total() > 0 {
			s.cur = s.stage
			s.phase = phMulligan
			return
		}
	}
	if s.needCall {
		s.cur = 0
		s.phase = phCall
		return
	}
	s.cur = s.server
	s.phase = phCorner
}

// firstServe gives the first serve to team t, its first member serving.
func (s *State) firstServe(t int8) {
	s.needCall = false
	s.server = s.team[t][0]
	s.score.SetServer(int(t))
	s.cur = s.server
	s.phase = phCorner
}

// placePlayers sets everyone on the serve positions, the server in the back corner of column
// col: its teammate one row forward and two columns across; the other side mirrors them.
func (s *State) placePlayers(col int8) {
	st := teamOf(s.server)
	rt := 1 - st
	s.pos[s.server] = pos{backRow(st), col}
	s.ball = s.pos[s.server]
	s.serveCol = col
	s.serving = true
	across := func(c int8) int8 {
		if c == 0 {
			return 2
		}
		return s.cols - 3
	}
	if p := s.partner(s.server); p >= 0 {
		s.pos[p] = pos{backRow(st) + forward(st), across(col)}
	}
	back := s.team[rt][0]
	if s.teamSize[rt] == 2 {
		back = s.team[rt][s.nextReceive[rt]]
		s.nextReceive[rt] = 1 - s.nextReceive[rt]
	}
	rc := s.cols - 1 - col
	s.pos[back] = pos{backRow(rt), rc}
	if p := s.partner(back); p >= 0 {
		s.pos[p] = pos{backRow(rt) + forward(rt), across(rc)}
	}
	if s.teamSize[st] == 2 {
		s.nextServe[st] = 1 - s.memberIndex(s.server)
	}
}

// startTurn begins team t's turn: a free move, then the hit.
func (s *State) startTurn(t int8, serve bool) {
	s.striking = t
	s.free = true
	s.earned = [maxSeats]int8{}
	s.moved = [maxSeats]bool{}
	s.before = [maxSeats]bool{}
	s.hitter, s.support = -1, -1
	s.serving = serve
	if s.teamSize[t] == 1 {
		s.hitter = s.team[t][0]
		s.cur = s.hitter
		s.phase = phTurn
		return
	}
	if serve {
		// The server hits before anyone of the team moves.
		s.hitter, s.support = s.server, s.partner(s.server)
		s.cur = s.hitter
		s.phase = phPick
		return
	}
	s.stage = 0
	s.beginPlan()
	s.teamMoveStage()
}

// hasMoves reports whether seat has anything to do in movement phase ph but end it.
func (s *State) hasMoves(seat int8, ph phase) bool {
	if s.canToots(seat, ph) {
		return true
	}
	if ph == phAfter && s.before[seat] {
		return false
	}
	if s.hands[seat].enchants() > 0 {
		return true
	}
	for d := range numDirs {
		if s.canStep(seat, d) {
			return true
		}
	}
	return false
}

// teamMoveStage lets each teammate move before the hit, then finds the player at the ball.
func (s *State) teamMoveStage() {
	t := s.striking
	for ; s.stage < s.teamSize[t]; s.stage++ {
		seat := s.team[t][s.stage]
		if s.hasMoves(seat, phTeamMove) {
			s.cur = seat
			s.phase = phTeamMove
			return
		}
	}
	s.applyPlan()
	for _, seat := range s.team[t] {
		if s.pos[seat] == s.ball {
			s.hitter, s.support = seat, s.partner(seat)
			s.cur = seat
			s.phase = phPick
			return
		}
	}
	s.pointTo(1-t, howUnreached)
}

// confirm ends seat's play: the support plays next, or the shot is resolved.
func (s *State) confirm(seat int8) {
	if seat == s.hitter && s.support >= 0 && s.canPlay(s.support) {
		s.cur = s.support
		s.phase = phPick
		return
	}
	s.resolve()
}

// resolve reveals the shot and moves the ball card by card: the player at the ball's cards,
// then the support's from where the first left it. A shot that does not land on the far side
// of the court loses the point.
func (s *State) resolve() {
	t := s.striking
	s.discard.add(&s.table)
	s.table = counts{}
	s.shots++
	sh := shot{team: t, seats: [2]int8{s.hitter, s.support}, from: s.ball, serve: s.serving, number: s.shots}
	var all [2 * maxPicks]pick
	n := 0
	s.ench = [2]enchant{noEnchant, noEnchant}
	for i, seat := range sh.seats {
		if seat < 0 {
			continue
		}
		for j, p := range s.picks[seat][:s.npicks[seat]] {
			k := int(p.k)
			s.table[k]++
			sh.cards[i][j] = p
			all[n] = p
			n++
			if isEnchant(k) {
				s.ench[i] = enchant{seat: seat, value: int8(value(k)), lock: s.ability[seat] == Rich && value(k) == 2}
			}
		}
		sh.n[i] = s.npicks[seat]
		sh.laurie[i] = s.viaL[seat]
		if i == 0 {
			sh.mid, _ = s.landing(all[:n])
		}
	}
	sh.to, sh.how = s.landing(all[:n])
	for _, seat := range s.team[t][:s.teamSize[t]] {
		// The Enchantments on this team are answered.
		s.req[seat], s.lock[seat] = 0, false
		s.picks[seat] = [maxPicks]pick{}
		s.npicks[seat], s.undone[seat] = 0, 0
		s.viaL[seat] = false
	}
	s.lastShot = sh
	if s.discardAtOnce {
		// Option played=after-hit: the shot's cards go to the discards before the draw phase.
		s.discard.add(&s.table)
		s.table = counts{}
	}
	if sh.how != howNone {
		s.ench = [2]enchant{noEnchant, noEnchant}
		s.pointTo(1-t, sh.how)
		return
	}
	s.ball = sh.to
	s.serving = false
	s.facts.rally++
	s.resolveEnchantments()
}

// landing returns where cards played from the ball by the striking team would land it, and
// howNone if that is in.
func (s *State) landing(cards []pick) (pos, int8) {
	return s.landingFrom(s.ball, cards)
}

// landingFrom is landing for a ball at b.
func (s *State) landingFrom(b pos, cards []pick) (pos, int8) {
	t := s.striking
	for _, p := range cards {
		k := int(p.k)
		if !isHit(k) {
			continue
		}
		b.r += forward(t) * int8(value(k))
		if !p.straight {
			if color(k) == red {
				b.c--
			} else {
				b.c++
			}
		}
	}
	switch {
	case (t == 0 && b.r < numRows/2) || (t == 1 && b.r >= numRows/2):
		return b, howNet
	case b.r < 0 || b.r >= numRows || b.c < 0 || b.c >= s.cols:
		return b, howOut
	case s.serving && b.c == s.serveCol:
		return b, howStraight
	}
	return b, howNone
}

// resolveEnchantments aims the shot's Enchantments: at the lone opponent (who, when both
// players of a team enchant, chooses which takes effect), or at the opponent each player
// chooses, the player at the ball first, never both at the same one.
func (s *State) resolveEnchantments() {
	e0, e1 := s.ench[0], s.ench[1]
	ot := 1 - s.striking
	switch {
	case e0.seat < 0 && e1.seat < 0:
		s.afterHit()
	case s.teamSize[ot] == 1 && e0.seat >= 0 && e1.seat >= 0:
		s.cur = s.team[ot][0]
		s.phase = phEffect
	case s.teamSize[ot] == 1:
		s.enchantSeat(e0, s.team[ot][0])
		s.enchantSeat(e1, s.team[ot][0])
		s.ench = [2]enchant{noEnchant, noEnchant}
		s.afterHit()
	case e0.seat >= 0:
		s.cur = e0.seat
		s.phase = phTarget
	default:
		s.cur = e1.seat
		s.phase = phTarget
	}
}

// aim aims the Enchantment of seat at opponent o; the teammate's goes to the other opponent.
func (s *State) aim(seat, o int8) {
	ot := 1 - s.striking
	other := s.team[ot][0]
	if other == o {
		other = s.team[ot][1]
	}
	for i, e := range s.ench {
		switch {
		case e.seat == seat:
			s.enchantSeat(e, o)
		case e.seat >= 0:
			s.enchantSeat(e, other)
		}
		s.ench[i] = noEnchant
	}
	s.afterHit()
}

// enchantSeat puts Enchantment e on seat o: its next hit must use exactly e.value cards (and
// no Enchantment after Rich's Enchant-2).
func (s *State) enchantSeat(e enchant, o int8) {
	if e.seat < 0 {
		return
	}
	s.req[o] = e.value
	s.lock[o] = e.lock
}

// afterHit lets each teammate who has not moved move after the hit.
func (s *State) afterHit() {
	s.stage = 0
	s.before = s.moved
	s.beginPlan()
	s.afterStage()
}

func (s *State) afterStage() {
	t := s.striking
	for ; s.stage < s.teamSize[t]; s.stage++ {
		seat := s.team[t][s.stage]
		if s.hasMoves(seat, phAfter) {
			s.cur = seat
			s.phase = phAfter
			return
		}
	}
	s.applyPlan()
	s.stage = 0
	s.drawStage()
}

// drawStage is the draw at the end of the turn, teammate by teammate, then the other side's
// turn.
func (s *State) drawStage() {
	t := s.striking
	for ; s.stage < s.teamSize[t]; s.stage++ {
		seat := s.team[t][s.stage]
		switch {
		case s.ability[seat] == Josephias && s.discard.total() > 0 && s.josephiasAllowed(seat):
			s.cur = seat
			s.phase = phDrawChoice
			return
		case s.ability[seat] == Wendolyn && s.hands[seat].total() > 0:
			s.cur = seat
			s.phase = phWendolyn
			return
		case s.deck.total()+s.discard.total() > 0:
			s.startDraw(seat, s.drawCount(seat), contDrawPhase)
			return
		}
	}
	s.startTurn(1-t, false)
}

// josephiasAllowed reports whether seat may use Morticimagician Josephias's ability: always,
// except once per point for a player of the team in Canadian doubles.
func (s *State) josephiasAllowed(seat int8) bool {
	if s.format == Canadian && s.partner(seat) >= 0 {
		return s.used[seat]&usedJosephias == 0
	}
	return true
}

// pointTo gives the point to team t and starts the next one, or ends the match.
func (s *State) pointTo(t int8, how int8) {
	s.discard.add(&s.table)
	s.table = counts{}
	s.discard.add(&s.laurie)
	s.laurie, s.lSeat = counts{}, -1
	for seat := range s.nseats {
		s.returnPicks(seat)
		s.req[seat], s.lock[seat] = 0, false
		s.earned[seat], s.moved[seat] = 0, false
	}
	s.free = false
	s.planning = false
	s.before = [maxSeats]bool{}
	s.serving = false
	s.hitter, s.support = -1, -1
	s.ball = noPos
	s.lastPoint = pointEnd{winner: t, how: how, number: int16(s.score.PointsPlayed() + 1)}
	s.score.PointWon(int(t))
	s.facts.point(t, teamOf(s.server), s.score.PointsInGame())
	if s.score.Over() {
		s.phase = phOver
		s.cur = -1
		s.stage = 0
		return
	}
	s.loser = 1 - t
	s.stage = 0
	s.discarded = 0
	s.loserStage()
}

// loserStage lets each player of the team that lost the point discard up to 3 cards.
func (s *State) loserStage() {
	t := s.loser
	for ; s.stage < s.teamSize[t]; s.stage++ {
		seat := s.team[t][s.stage]
		if s.hands[seat].total() > 0 {
			s.cur = seat
			s.phase = phLoserDiscard
			return
		}
	}
	s.beginPoint(false)
}
