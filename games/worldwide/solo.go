package worldwide

// The automaton of solo play (rules 19-20) is side 1. It has no hand and no stars: its
// deterministic decisions are taken inside Apply, and its draws and dice are chance nodes.

// autoWinner is the card that wins the automaton the point as soon as it is drawn from the
// attack pile, without a roll (rule 20e: « la carte WINNER #37 »). The other Winner of the pile
// is played like any card: the d20 must reach its difficulty.
const autoWinner = 37

// autoSpin is the automaton's serve effect for a d6 (rule 20b): 1-2 none, 3-4 topspin, 5-6
// slice.
func autoSpin(f int) effect {
	switch {
	case f >= 5:
		return slice
	case f >= 3:
		return topspin
	}
	return noEffect
}

// autoZone is the automaton's target among targets for a d20 of parity p (rule 20d): even (0)
// the forehand, odd (1) the backhand; a set without that zone gives its first zone.
func autoZone(p int, targets zones) zone {
	z := zFH
	if p == 1 {
		z = zBH
	}
	if targets.has(z) {
		return z
	}
	return targets.first()
}

// autoTurn plays the automaton's move and chooses its pile (rule 20c): at the net it draws from
// the volley pile (or plays its active Smash against a lob), with the person at the net from
// the defence pile, otherwise from the pile of the zone the person targeted (the attack pile,
// which rule 20c calls the neutral pile, for the centre). A move that would cost a card adds
// 1 to its difficulties for the rest of the point (rule 20g).
func (s *State) autoTurn() {
	a := &s.sides[1]
	s.auto.redrawn, s.auto.lob = false, false
	if a.pos == zV {
		if data.cards[s.last].kind == kLob {
			if c := int(s.auto.smash); c != 0 {
				s.auto.smash = 0
				s.autoPlay(c)
				return
			}
			s.auto.lob = true
		}
		s.auto.pile = pileVOL
		s.toAutoDraw()
		return
	}
	if moveCost(a.pos, s.ball) {
		s.auto.penalty++
	}
	a.pos = s.ball
	s.auto.pile = s.autoPileChoice()
	s.toAutoDraw()
}

// autoPileChoice is the pile the automaton draws from, by rule 20c's priorities.
func (s *State) autoPileChoice() pile {
	switch {
	case s.sides[1].pos == zV:
		return pileVOL
	case s.sides[0].pos == zV:
		return pileDEF
	case s.ball == zFH:
		return pileFH
	case s.ball == zBH:
		return pileBH
	}
	return pileATT
}

// toAutoDraw draws from the automaton's pile, or, when neither the pile nor its discards hold a
// card, gives the person the point.
func (s *State) toAutoDraw() {
	if s.autoPile() == 0 {
		s.autoDiscardAside()
		s.pointTo(0, howExhausted)
		return
	}
	s.phase = phAutoDraw
}

// autoDiscardAside discards the cards the automaton drew and could not play this turn.
func (s *State) autoDiscardAside() {
	s.auto.discard |= s.auto.aside
	s.auto.aside = 0
}

// autoDrew handles card c drawn by the automaton: the answer to a lob (rule 20i), Winner #37
// (rule 20e), a Smash set aside (rule 20i), an unplayable card (rule 20f) or a card to play.
func (s *State) autoDrew(c int) {
	au := &s.auto
	if mask := data.piles[au.pile]; au.piles&mask == 0 {
		// The pile is formed again from its cards in the discards (rule 20c).
		au.piles |= au.discard & mask
		au.discard &^= mask
	}
	au.piles.del(c)
	k := &data.cards[c]
	a := &s.sides[1]
	if au.lob {
		au.lob = false
		if k.kind == kSmash {
			s.autoPlay(c)
			return
		}
		// Any other card is discarded and the automaton goes back to the baseline, where the
		// lob landed, a move that costs it 1 (rule 20g); it cannot rush the net on that shot.
		au.aside.add(c)
		s.log(newShot(1, int8(c), resDiscarded))
		a.pos = s.ball
		a.noRush = true
		au.penalty++
		au.pile = s.autoPileChoice()
		s.toAutoDraw()
		return
	}
	switch {
	case c == autoWinner:
		au.played.add(c)
		s.autoDiscardAside()
		s.log(newShot(1, int8(c), resWinner))
		s.pointTo(1, howAutoWinner)
		return
	case k.kind == kSmash:
		if au.smash == 0 {
			au.smash = int8(c)
			s.log(newShot(1, int8(c), resSetAside))
		} else {
			au.aside.add(c)
			s.log(newShot(1, int8(c), resDiscarded))
		}
		s.toAutoDraw()
		return
	case !s.autoCanPlay(c):
		au.aside.add(c)
		s.log(newShot(1, int8(c), resDiscarded))
		if au.pile == pileDEF {
			if au.redrawn {
				s.autoDiscardAside()
				s.pointTo(0, howDirectFault)
				return
			}
			au.redrawn = true
		}
		s.toAutoDraw()
		return
	}
	s.autoPlay(c)
}

// autoCanPlay reports whether the automaton can play c: its start zone holds the ball (unless
// a drop shot lifted that) and the person's position suits it; stars are not its concern.
func (s *State) autoCanPlay(c int) bool {
	return s.blockIn(s.ctxOf(1), c) == playOK
}

// autoPlay plays the automaton's card c: validated without a roll, or rolled like a player's
// with its movement penalty.
func (s *State) autoPlay(c int) {
	s.auto.played.add(c)
	s.autoDiscardAside()
	s.card = int8(c)
	s.log(newShot(1, int8(c), resPending))
	if s.noRoll(1, c) {
		s.shotGood(0)
		return
	}
	s.toShotRoll()
}

// autoPosition rushes the automaton to the net after a card with the net icon (rule 20h),
// unless the person is there or it just retreated from a lob; under a topspin the rush is a
// move that would cost a card, so it adds 1 to its penalty.
func (s *State) autoPosition() {
	a, me := &s.sides[1], &s.sides[0]
	if data.cards[s.card].net && a.pos != zV && me.pos != zV && !a.noRush {
		if a.topspin {
			s.auto.penalty++
		}
		a.pos = zV
	}
	s.endTurn()
}
