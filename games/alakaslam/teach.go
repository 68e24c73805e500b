package alakaslam

import (
	"fmt"

	"deuce/engine"
)

// Teach says why move a makes sense where it is played, for a lesson of singles: how far the
// ball is, where the cards picked so far would send it, where the opponent stands. It reads only
// what the player to move sees (its own hand and picks, the board), and returns "" where it has
// nothing to add or for a state of another game or format.
func Teach(st engine.State, a engine.Action) string {
	s, ok := st.(*State)
	if !ok || s.format != Singles || s.ToMove() < 0 {
		return ""
	}
	seat := s.cur
	opp := 1 - seat
	hitting := (s.phase == phTurn || s.phase == phPick) && s.hitter == seat
	switch {
	case hitting && a >= moveBase && a < moveBase+numDirs:
		at, _ := s.stepTarget(seat, int(a-moveBase))
		if d := distance(at, s.ball); d > 0 {
			return fmt.Sprintf("The ball is at %s, %s from you; after this step, %s.", s.cell(s.ball), spaces(distance(s.where(seat), s.ball)), spaces(d))
		}
		return fmt.Sprintf("This step puts you on the ball, at %s: you hit from where it is.", s.cell(s.ball))
	case hitting && a >= spendBase+numHitKinds && a < spendBase+numKinds:
		free := "more than your free space"
		if !s.free {
			free = "and your free space is used"
		}
		return fmt.Sprintf("The ball at %s is %s away, %s: each Enchantment discarded buys %s more.",
			s.cell(s.ball), spaces(distance(s.where(seat), s.ball)), free, spaces(s.spacesPerEnchant(seat)))
	case hitting && a < straightBase+numKinds:
		k, straight := int(a-pickBase), false
		if a >= straightBase {
			k, straight = int(a-straightBase), true
		}
		cards := append(s.picks[seat][:s.npicks[seat]:s.npicks[seat]], pick{k: int8(k), straight: straight})
		return "With it, " + s.landingText(cards, opp)
	case hitting && a == actHit:
		return "Played, " + s.landingText(s.picks[seat][:s.npicks[seat]], opp)
	case hitting && a == actConcede:
		h := s.hands[seat]
		switch s.hitLeft(seat, s.where(seat), s.movesLeft(seat), &h) {
		case outReach:
			return fmt.Sprintf("The ball at %s is %s away, and you move one space free and one more for each Enchantment you discard: you hold %s.",
				s.cell(s.ball), spaces(distance(s.where(seat), s.ball)), held(h.enchants()))
		case noHitLeft:
			return "Your hand makes no legal hit from here."
		}
		return "Every hit your cards make from here lands out or in the net: the point is lost either way."
	case s.phase == phAfter && a >= moveBase && a < moveBase+numDirs:
		return "After your hit, a free step: nearer the middle of your half, the next ball is nearer you."
	}
	return ""
}

// landingText says where cards played from the ball now would send it, and how far that is from
// player opp: "your cards send the ball to row 3 col 1, 2 spaces from your opponent."
func (s *State) landingText(cards []pick, opp int8) string {
	to, how := s.landing(cards)
	switch how {
	case howNone:
		d := distance(s.where(opp), to)
		text := fmt.Sprintf("your cards send the ball to %s, %s from your opponent", s.cell(to), spaces(d))
		if d > 1 {
			text += ", beyond the free space: to return it they must discard Enchantments to move"
		}
		return text + "."
	case howNet:
		return "your cards send the ball into the net: pick more, or higher."
	case howStraight:
		return "your serve would not cross into another column: a serve must."
	}
	return "your cards send the ball out, off the court."
}

// cell names a space as the board shows it: rows from player 1's baseline, columns from red.
func (s *State) cell(p pos) string { return cellName(Cell{Row: int(p.r), Col: int(p.c)}) }

// held counts the Enchantments held: "none", "1 Enchantment", "2 Enchantments".
func held(n int) string {
	if n == 0 {
		return "none"
	}
	return fmt.Sprintf("%d %s", n, plural(n, "Enchantment"))
}

// spaces counts spaces: "1 space", "2 spaces".
func spaces(n int) string { return fmt.Sprintf("%d %s", n, plural(n, "space")) }
