package alakaslam

import (
	"fmt"

	"deuce/engine"
)

// Whether a player can still hit. A player moves before the hit (the free space, and one more
// per Enchantment discarded, two for the lone player of Canadian doubles) and hits only from the
// ball's space, with a hit its hand can make; a move can leave the ball out of reach, or spend a
// card the hit needs. The player to move is told so on each such move (Observation.Notes), from
// what it may know: its own hand and the board. A teammate's hand is hidden, so only its size
// counts: the team is told it loses the point only when the teammate could not reach the ball
// even if every card it holds were an Enchantment.

// Why a player cannot hit (the result of hitLeft).
const (
	canHit    = iota
	outReach  // the ball is too far for the moves left and the Enchantments held
	noHitLeft // the ball is within reach, but the hand makes no legal hit there
)

// distance counts the moves from a to b: a space at a time, never diagonally. A player's side of
// the court is a rectangle, so for a lone player the count is exact; a teammate who may not be
// stepped on (team-move=one-by-one) can only lengthen the way, so a note may then be missing,
// never wrong.
func distance(a, b pos) int {
	return int(abs8(a.r-b.r)) + int(abs8(a.c-b.c))
}

// spacesPerEnchant is how far an Enchantment discarded for movement moves seat: two spaces for
// the lone player of Canadian doubles, else one.
func (s *State) spacesPerEnchant(seat int8) int {
	if s.format == Canadian && s.partner(seat) < 0 {
		return 2
	}
	return 1
}

// hitLeft reports whether seat, standing on at with moves spaces of movement left and holding
// h, can still reach the ball and hit it. It reads seat's own hand and the board only. While
// Meddlemagus Toots may still redraw her own hand, any of her cards may become an Enchantment
// and any hit may become possible: then only distance counts.
func (s *State) hitLeft(seat int8, at pos, moves int, h *counts) int {
	need := 0
	if d := distance(at, s.ball); d > moves {
		n := s.spacesPerEnchant(seat)
		need = (d - moves + n - 1) / n
	}
	redraw := s.ability[seat] == Toots && s.used[seat]&usedToots == 0 && h.total() > 0
	enchants := h.enchants()
	if redraw {
		enchants = h.total()
	}
	switch {
	case need > enchants:
		return outReach
	case redraw:
		return canHit
	}
	// Enchantments are alike in a hit (at most one, of any value), so which are spent to move
	// makes no difference.
	rest := *h
	for k := numHitKinds; k < numKinds && need > 0; k++ {
		n := min(int(rest[k]), need)
		rest[k] -= int8(n)
		need -= n
	}
	if !s.canPlayWith(seat, &rest) {
		return noHitLeft
	}
	return canHit
}

// movesLeft is the movement seat has left this turn: the spaces earned and the free move.
func (s *State) movesLeft(seat int8) int {
	n := int(s.earned[seat])
	if s.free {
		n++
	}
	return n
}

// mateMayHit reports whether seat's teammate p might still be the one at the ball, from what seat
// sees: p stands on it, or plans after seat and could reach it with free (the team's free move
// left), the spaces p earned and every card it holds.
func (s *State) mateMayHit(seat, p int8, free bool) bool {
	at := s.where(p)
	if at == s.ball {
		return true
	}
	if !s.mateToCome(seat) {
		return false
	}
	moves := int(s.earned[p]) + s.hands[p].total()
	if free {
		moves++
	}
	return distance(at, s.ball) <= moves
}

// moveNote says, for an action of the lone player's turn or of a team's movement before the hit,
// what it costs when after it the player can no longer hit ("the ball out of reach: you lose
// the point"); it returns "" otherwise, and for actions that do not move the player. In team
// play the note is given only when the teammate cannot be at the ball either.
func (s *State) moveNote(a engine.Action) string {
	seat := s.cur
	if !(s.phase == phTurn && !s.serving || s.phase == phTeamMove) {
		return ""
	}
	at, h := s.where(seat), s.hands[seat]
	free, earned := s.free, int(s.earned[seat])
	done := false
	switch {
	case a >= moveBase && a < moveBase+numDirs:
		at, _ = s.stepTarget(seat, int(a-moveBase))
		if earned > 0 {
			earned--
		} else {
			free = false
		}
	case a >= spendBase+numHitKinds && a < spendBase+numKinds:
		h[a-spendBase]--
		earned += s.spacesPerEnchant(seat)
	case a == actDone && s.phase == phTeamMove:
		done = true
	default:
		return ""
	}
	moves := earned
	switch {
	case done:
		moves = 0
	case free:
		moves++
	}
	why := s.hitLeft(seat, at, moves, &h)
	if why == canHit {
		return ""
	}
	text := "the ball out of reach"
	if why == noHitLeft {
		text = "no legal hit left"
	}
	p := s.partner(seat)
	if p < 0 {
		return text + ": you lose the point"
	}
	if s.mateMayHit(seat, p, free) {
		return ""
	}
	return text + ": your team loses the point"
}

// moveNotes lists the moves of the seat to move after which it can no longer hit, for that seat
// only. A step onto the teammate's space is left out: whether a team's plan allows it can
// depend on the teammate's hand, which the seat does not see (and the teammate is not at the
// ball then, or the step would not be needed).
func (s *State) moveNotes(seat engine.Seat) []MoveNote {
	if seat < 0 || s.ToMove() != seat || !(s.phase == phTurn && !s.serving || s.phase == phTeamMove) {
		return nil
	}
	me := s.cur
	var cands [numDirs + numKinds + 1]engine.Action
	n := 0
	if s.movesLeft(me) > 0 {
		p := s.partner(me)
		for d := range numDirs {
			to, ok := s.stepTarget(me, d)
			if ok && (p < 0 || to != s.where(p)) {
				cands[n] = moveBase + engine.Action(d)
				n++
			}
		}
	}
	for k := numHitKinds; k < numKinds; k++ {
		if s.hands[me][k] > 0 {
			cands[n] = spendBase + engine.Action(k)
			n++
		}
	}
	if s.phase == phTeamMove && !s.sharing(me) {
		cands[n] = actDone
		n++
	}
	var out []MoveNote
	for _, a := range cands[:n] {
		if note := s.moveNote(a); note != "" {
			out = append(out, MoveNote{Move: actionText(a), Note: note})
		}
	}
	return out
}

// offBall explains to a player away from the ball why no card can be picked: in a lone
// player's turn, whether the ball is still within reach.
func (s *State) offBall(seat int8) string {
	if s.phase != phTurn {
		return "you must stand on the ball to hit it"
	}
	switch s.hitLeft(seat, s.where(seat), s.movesLeft(seat), &s.hands[seat]) {
	case outReach:
		return "the ball is out of your reach: you cannot hit it this turn"
	case noHitLeft:
		return "your cards make no legal hit, even from the ball's space"
	}
	return "move to the ball first: you must stand on it to hit"
}

// declineReason says why the player to move declines to hit, as viewer may know it: "" when
// that is not known to viewer, or the player could have hit. Everyone sees where the players
// and the ball are, the moves left and the size of each hand; only the player knows its cards.
func (s *State) declineReason(viewer engine.Seat) string {
	who := s.cur
	if s.npicks[who] > 0 || s.viaL[who] {
		return ""
	}
	own := engine.Seat(who) == viewer
	h := &s.hands[who]
	if s.where(who) != s.ball {
		// Only the lone player declines away from the ball.
		moves := s.movesLeft(who)
		if !s.mayMove(who) {
			moves = 0
		}
		if distance(s.where(who), s.ball) > moves+s.spacesPerEnchant(who)*h.total() {
			return "cannot reach the ball"
		}
		if own {
			switch s.hitLeft(who, s.where(who), moves, h) {
			case outReach:
				return "cannot reach the ball"
			case noHitLeft:
				return "no legal hit"
			}
		}
		return ""
	}
	if !s.canLaurie(who) {
		switch lo, _, _ := s.limits(who); {
		case h.total() == 0:
			return "no card to hit with"
		case h.total() < int(lo):
			return fmt.Sprintf("fewer cards than the %d the Enchantment demands", lo)
		}
	}
	if own && !s.canPlay(who) {
		return "no legal hit"
	}
	return ""
}
