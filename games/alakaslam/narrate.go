package alakaslam

import (
	"fmt"
	"strings"

	"deuce/engine"
)

// Narrate describes a, about to be applied, as seat may learn of it: cards drawn into another
// hand, cards placed facedown by another player and the cards Laurie draws are "a card";
// everything else is public. When the action reveals a shot or ends a point, that is told too.
func (s *State) Narrate(a engine.Action, seat engine.Seat) string {
	if s.check(a) != nil {
		return s.ActionString(a)
	}
	who := engine.Seat(s.cur)
	says := func(you, other string) string {
		if who == seat {
			return "you " + you
		}
		return engine.PlayerName(who, seat) + " " + other
	}
	var text string
	switch {
	case s.phase == phDraw || s.phase == phLaurieDraw:
		k := int(a - drawBase)
		prefix := ""
		if s.deck.total() == 0 {
			prefix = "the discards are shuffled into a new deck; "
		}
		what := "a card"
		if who == seat {
			what = cardName(k)
		}
		text = prefix + says("draw "+what, "draws "+what)
	case s.phase == phReveal:
		k := int(a - revealBase)
		text = "the top card is revealed: " + cardName(k)
		if isEnchant(k) {
			hits := 0
			for j := range numHitKinds {
				hits += int(s.deck[j] + s.discard[j])
			}
			if hits > 0 {
				text += ", an Enchantment: reveal again"
			} else {
				text += ", an Enchantment, and no Hit card is left to reveal"
			}
		}
	case s.phase == phDealChar:
		c := int(a - dealCharBase)
		text = says("are dealt "+charNames[c], "is dealt "+charNames[c])
	case s.phase == phChar:
		c := int(a - chooseBase)
		text = says("choose "+charNames[c], "chooses "+charNames[c])
	case s.phase == phSimon:
		c := int(a - copyBase)
		text = says("copy ", "copies ") + charNames[c] + " for this point"
	case a < straightBase+numKinds:
		k := int(a - pickBase)
		straight := ""
		if a >= straightBase {
			k, straight = int(a-straightBase), " to go straight"
		}
		// Only the player sees its picks (seesPicks): the others hear that a card was picked.
		switch {
		case !s.facedown() && who == seat:
			text = "you pick " + cardName(k) + straight
		case !s.facedown():
			text = engine.PlayerName(who, seat) + " picks a card"
		case who == seat:
			text = "you place " + cardName(k) + straight + " facedown"
		default:
			text = engine.PlayerName(who, seat) + " places a card facedown"
		}
	case a == actUnpick:
		p := s.picks[s.cur][s.npicks[s.cur]-1]
		if who != seat {
			text = engine.PlayerName(who, seat) + " takes back a card"
		} else {
			text = "you take back " + cardName(int(p.k))
		}
	case a == actHit:
		n := s.npicks[s.cur]
		if s.facedown() {
			text = says("play ", "plays ") + fmt.Sprintf("%d %s facedown", n, plural(int(n), "card"))
		} else {
			text = says("hit", "hits") // the resolution names the cards, picked out of sight
		}
	case a == actConcede:
		if s.serving {
			text = says("do not serve", "does not serve")
		} else {
			text = says("decline to hit", "declines to hit")
		}
		if why := s.declineReason(seat); why != "" {
			text += " (" + why + ")"
		}
	case a == actLaurie:
		text = says("use ", "uses ") + "Kismetician Laurie's ability: three cards drawn, one played"
	case a >= lauriePlayBase && a < lauriePlayBase+numKinds:
		k := int(a - lauriePlayBase)
		rest := s.laurie
		rest[k]--
		discards := cardList(cardsOf(&rest))
		if s.facedown() && who != seat {
			text = engine.PlayerName(who, seat) + " plays one of the three facedown and discards " + discards
		} else {
			text = says("play ", "plays ") + cardName(k) + " and discard" + map[bool]string{true: "", false: "s"}[who == seat] + " " + discards
		}
	case a >= moveBase && a < moveBase+numDirs:
		to, _ := s.stepTarget(s.cur, int(a-moveBase))
		text = says("move ", "moves ") + dirNames[a-moveBase] + " to " + cellName(Cell{int(to.r), int(to.c)})
	case a >= spendBase && a < spendBase+numKinds:
		n := s.spacesPerEnchant(s.cur)
		text = says("discard ", "discards ") + cardName(int(a-spendBase)) + fmt.Sprintf(" to move %d more %s", n, plural(n, "space"))
	case a >= tootsBase && a < tootsBase+maxSeats:
		t := engine.Seat(a - tootsBase)
		text = says("make ", "makes ") + engine.PlayerName(t, seat) + " discard the whole hand and draw as many (Toots)"
	case a >= targetBase && a < targetBase+maxSeats:
		text = says("aim ", "aims ") + "the Enchantment at " + engine.PlayerName(engine.Seat(a-targetBase), seat)
	case a >= effectBase && a < effectBase+maxSeats:
		text = says("let ", "lets ") + possessive(engine.PlayerName(engine.Seat(a-effectBase), seat)) + " Enchantment take effect"
	case a >= discardBase && a < discardBase+numKinds:
		text = says("discard ", "discards ") + cardName(int(a-discardBase))
	case a >= takeBase && a < takeBase+numKinds:
		text = says("take ", "takes ") + cardName(int(a-takeBase)) + " from the discards"
	case a == actDone:
		switch s.phase {
		case phLoserDiscard:
			text = says("discard no more", "discards no more")
		default:
			text = says("end your move", "ends the move")
		}
	case a == actDrawNormal:
		text = says("draw as usual", "draws as usual")
	case a == actKeep:
		text = says("keep your hand", "keeps the hand")
	case a == actMulligan:
		n := s.hands[s.cur].total()
		text = says("mulligan", "mulligans") + fmt.Sprintf(": %d cards discarded, %d to draw", n, n-1)
	case a == actCallRed || a == actCallBlue:
		text = says("call ", "calls ") + strings.TrimPrefix(actionText(a), "call ") + " for the first serve"
	case a == actCornerRed || a == actCornerBlue:
		text = says("serve ", "serves ") + "from the " + strings.TrimPrefix(actionText(a), "corner ") + " corner"
	default:
		text = says(actionText(a), actionText(a))
	}
	if who == seat {
		// The player's own hand tells whether the move leaves it a hit; nobody else is told.
		if note := s.moveNote(a); note != "" {
			text += " (" + note + ")"
		}
	}
	c := *s
	c.apply(a)
	if s.needCall && !c.needCall {
		text += ", so " + c.serverText(seat)
	}
	if c.shots > s.shots {
		text += "; " + c.shotText(seat)
	}
	if c.score.PointsPlayed() > s.score.PointsPlayed() {
		lp := c.lastPoint
		text += fmt.Sprintf("; point to %s (%s), %s", c.teamLabel(lp.winner, seat), howNames[lp.how], c.score.String())
		if c.score.Over() {
			text += ": game, set and match"
		}
	}
	return text
}

// shotText describes the last shot, revealed: each player's cards, then where the ball went
// ("Hit-2 blue from you: the ball lands on row 3 col 2").
func (s *State) shotText(seat engine.Seat) string {
	sh := s.lastShot
	var parts []string
	for i, x := range sh.seats {
		if x < 0 {
			continue
		}
		parts = append(parts, cardList(picksOf(sh.cards[i][:sh.n[i]]))+" from "+engine.PlayerName(engine.Seat(x), seat))
	}
	res := "the ball lands on " + cellName(Cell{int(sh.to.r), int(sh.to.c)})
	switch sh.how {
	case howNone:
	case howNet:
		res = "the ball does not cross the net"
	case howOut:
		res = "the ball lands outside the court"
	case howStraight:
		res = "the serve lands in the column it started in"
	default:
		res = howNames[sh.how]
	}
	return strings.Join(parts, " and ") + ": " + res
}

// serverText says who serves first, for seat: "you serve first", "player 2 serves first",
// "players 1 and 3 serve first".
func (s *State) serverText(seat engine.Seat) string {
	t := teamOf(s.server)
	who := s.teamLabel(t, seat)
	if who == "you" || s.teamSize[t] == 2 && who != "your team" {
		return who + " serve first"
	}
	return who + " serves first"
}

// teamLabel names team t for seat.
func (s *State) teamLabel(t int8, seat engine.Seat) string {
	if s.teamSize[t] == 1 {
		return engine.PlayerName(engine.Seat(s.team[t][0]), seat)
	}
	a, b := s.team[t][0], s.team[t][1]
	if engine.Seat(a) == seat || engine.Seat(b) == seat {
		return "your team"
	}
	return fmt.Sprintf("players %d and %d", a+1, b+1)
}

func possessive(name string) string {
	if name == "you" {
		return "your"
	}
	return name + "'s"
}
