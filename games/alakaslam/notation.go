package alakaslam

import (
	"strconv"
	"strings"

	"deuce/engine"
)

// check returns nil if a is legal now, or an engine.ErrIllegal error saying why not.
func (s *State) check(a engine.Action) error {
	if s.isLegal(a) {
		return nil
	}
	if a < 0 || a >= actionLimit {
		return engine.Illegal(a, "", "no AlakaSLAM action has number %d", a)
	}
	return engine.Illegal(a, s.ActionString(a), "%s", s.why(a))
}

// why explains why a, an action of the game, is not legal now. It is called only on failure.
func (s *State) why(a engine.Action) string {
	if s.phase == phOver {
		return "the match is over"
	}
	chance := a >= drawBase
	if s.ToMove() == engine.Chance {
		if !chance {
			return "no player is to move: " + s.waiting()
		}
		if a >= dealCharBase {
			return "that character is taken"
		}
		return "that card is not in the pile the card comes from"
	}
	if chance {
		return s.ActionString(a) + " is a chance outcome, but " + player(s.cur) + " is to " + s.waiting()
	}
	seat := s.cur
	h := &s.hands[seat]
	switch {
	case a < straightBase+numKinds && (s.phase == phTurn || s.phase == phPick):
		k := int(a - pickBase)
		if a >= straightBase {
			k = int(a - straightBase)
			if value(k) != 2 || !isHit(k) {
				return "only a Hit-2 can be sent straight"
			}
			if s.ability[seat] != Austin {
				return "only Æthermancer Austin's Hit-2s may go straight"
			}
		}
		if k >= numKinds {
			return "no such card"
		}
		lo, hi, enchOK := s.limits(seat)
		switch {
		case !s.mayHit(seat):
			return s.offBall(seat)
		case s.viaL[seat]:
			return "your card is played"
		case h[k] == 0:
			return "you hold no " + cardName(k)
		case s.npicks[seat] >= hi && s.req[seat] > 0:
			return "an Enchantment on you: your hit must use exactly " + strconv.Itoa(int(lo)) + " cards"
		case s.npicks[seat] >= hi:
			return "a hit uses at most 3 cards"
		case isEnchant(k) && !enchOK:
			return "Mægister Rich's Enchant-2: you may not use an Enchantment in this return"
		case isEnchant(k) && s.pickedEnchants(seat) > 0:
			return "only one Enchantment per hit"
		case isEnchant(k):
			// Only Hit cards may follow an Enchantment.
			return "you would have too few Hit cards left to make the " + strconv.Itoa(int(lo)) + " cards your hit must use"
		}
		return "you would have too few cards left to make the " + strconv.Itoa(int(lo)) + " cards your hit must use"
	case a == actHit && s.phase == phPick:
		lo, _, _ := s.limits(seat)
		if s.req[seat] > 0 {
			return "an Enchantment on you: your hit must use exactly " + strconv.Itoa(int(lo)) + " cards"
		}
		return "pick at least one card first"
	case a == actHit && s.phase == phTurn:
		return "pick the cards of your hit first"
	case a == actUnpick && s.npicks[seat] > 0 && s.phase == phPick:
		return "you have taken back " + strconv.Itoa(maxTakeBacks) + " cards while picking this hit, the most allowed: hit, or pick another card"
	case a == actUnpick:
		return "you have picked no card"
	case a == actDone && (s.phase == phTeamMove || s.phase == phAfter):
		return "you and your teammate may not end the movement on one space: step off it"
	case a == actConcede && s.phase == phPick:
		return "only the player at the ball may decline to hit"
	case a == actLaurie:
		switch {
		case s.ability[seat] != Laurie:
			return "only Kismetician Laurie draws three"
		case s.used[seat]&usedLaurie != 0:
			return "Laurie's ability is used once per point"
		case s.npicks[seat] > 0:
			return "take back your cards first"
		case !s.mayHit(seat):
			return s.offBall(seat)
		}
		return "no card is left to draw"
	case a >= moveBase && a < moveBase+numDirs:
		d := int(a - moveBase)
		switch {
		case s.phase == phTurn && s.serving:
			return "the server must hit before moving"
		case !s.mayMove(seat):
			return "you may not move now: " + s.waiting()
		case s.earned[seat] == 0 && !s.free:
			return "you have no movement left: discard an Enchantment to move one more space"
		}
		if _, ok := s.stepTarget(seat, d); !ok {
			return "that would leave your side of the court"
		}
		if s.planning {
			return "your teammate's space: you would have no move left to step off it, and teammates may not end their movement on one space"
		}
		return "your teammate stands there"
	case a >= spendBase && a < spendBase+numKinds:
		k := int(a - spendBase)
		switch {
		case !isEnchant(k):
			return "only Enchantments can be discarded for movement"
		case !s.mayMove(seat):
			return "you may not move now: " + s.waiting()
		}
		return "you hold no " + cardName(k)
	case a >= tootsBase && a < tootsBase+maxSeats:
		t := int8(a - tootsBase)
		switch {
		case s.ability[seat] != Toots:
			return "only Meddlemagus Toots forces a redraw"
		case s.used[seat]&usedToots != 0:
			return "Toots's ability is used once per point"
		case t >= s.nseats:
			return "there is no player " + strconv.Itoa(int(t)+1)
		case s.hands[t].total() == 0:
			return player(t) + " holds no card"
		case s.sharing(seat):
			return "step off your teammate's space first"
		case !s.tootsTurn && (s.phase == phPick || s.phase == phAfter):
			return "under option toots=moves Toots uses her ability only when she may move"
		case s.phase == phPick && s.npicks[seat] > 0:
			return "Toots uses her ability before she picks cards or after her hit: take back your cards first"
		}
		return "not now: " + s.waiting()
	case a >= targetBase && a < targetBase+maxSeats && s.phase == phTarget:
		return "aim your Enchantment at an opponent"
	case a >= discardBase && a < discardBase+numKinds && (s.phase == phLoserDiscard || s.phase == phDiscardDown || s.phase == phWendolyn):
		if s.phase == phLoserDiscard && s.discarded >= 3 {
			return "you may discard at most 3 cards"
		}
		return "you hold no " + cardName(int(a-discardBase))
	case a >= takeBase && a < takeBase+numKinds && s.phase == phDrawChoice:
		return "no " + cardName(int(a-takeBase)) + " is in the discards"
	case a >= lauriePlayBase && a < lauriePlayBase+numKinds && s.phase == phLauriePlay:
		return "that card is not among the three you drew"
	case a >= chooseBase && a < chooseBase+numChars && s.phase == phChar:
		return "that character is taken"
	case a >= copyBase && a < copyBase+numChars && s.phase == phSimon:
		return "Simon copies another character in play"
	case a == actMulligan && s.phase == phMulligan:
		return "you hold no card to mulligan"
	}
	return player(seat) + " is to " + s.waiting()
}

// waiting says what the seat to move (or the chance node) is doing.
func (s *State) waiting() string {
	switch s.phase {
	case phChar:
		return "choose a character"
	case phDealChar:
		return "a character is being dealt"
	case phSimon:
		return "choose the character Simon copies"
	case phDiscardDown:
		return "discard down to " + strconv.Itoa(s.handTarget(s.cur)) + " cards"
	case phDraw:
		return player(s.cur) + " is drawing"
	case phMulligan:
		return "keep the hand or mulligan (discard it and draw one card fewer)"
	case phCall:
		return "call red or blue for the first serve: the caller's side serves first if the top card is that colour"
	case phReveal:
		return "the top card is being revealed"
	case phCorner:
		return "choose the corner to serve from"
	case phTurn:
		switch {
		case s.serving:
			return "serve"
		case s.pos[s.cur] != s.ball:
			// Everyone sees that the player must move first: cards are picked on the ball only.
			return "move onto the ball's space, then hit"
		}
		return "move and hit"
	case phTeamMove:
		if s.planning {
			return "move before the hit, together with the teammate: the moves take effect when both are done"
		}
		return "move before the hit"
	case phPick:
		if s.facedown() {
			return "play cards facedown"
		}
		return "pick the cards of the hit"
	case phLaurieDraw:
		return "Laurie is drawing three"
	case phLauriePlay:
		return "play one of the three cards drawn"
	case phTarget:
		return "aim the Enchantment at an opponent"
	case phEffect:
		return "choose which Enchantment takes effect"
	case phAfter:
		if s.planning {
			return "move after the hit, together with the teammate: the moves take effect when both are done"
		}
		return "move after the hit"
	case phDrawChoice:
		return "draw, or take a card from the discards"
	case phWendolyn:
		return "discard a card before drawing"
	case phLoserDiscard:
		return "discard up to 3 cards"
	}
	return "wait"
}

// ActionString renders a in the notation; it does not depend on the state. It returns "" for
// a number that names no action.
func (s *State) ActionString(a engine.Action) string {
	return actionText(a)
}

func actionText(a engine.Action) string {
	in := func(base engine.Action, n int) (int, bool) {
		if a >= base && a < base+engine.Action(n) {
			return int(a - base), true
		}
		return 0, false
	}
	if k, ok := in(pickBase, numKinds); ok {
		return "pick " + cardName(k)
	}
	if k, ok := in(straightBase, numKinds); ok && isHit(k) && value(k) == 2 {
		return "pick " + cardName(k) + " straight"
	}
	switch a {
	case actUnpick:
		return "take back"
	case actHit:
		return "hit"
	case actConcede:
		return "concede"
	case actDone:
		return "done"
	case actLaurie:
		return "draw three"
	case actKeep:
		return "keep"
	case actMulligan:
		return "mulligan"
	case actCallRed:
		return "call red"
	case actCallBlue:
		return "call blue"
	case actCornerRed:
		return "corner red"
	case actCornerBlue:
		return "corner blue"
	case actDrawNormal:
		return "draw"
	}
	if d, ok := in(moveBase, numDirs); ok {
		return "move " + dirNames[d]
	}
	if k, ok := in(spendBase, numKinds); ok && isEnchant(k) {
		return "spend " + cardName(k)
	}
	if k, ok := in(discardBase, numKinds); ok {
		return "discard " + cardName(k)
	}
	if k, ok := in(takeBase, numKinds); ok {
		return "take " + cardName(k)
	}
	if t, ok := in(tootsBase, maxSeats); ok {
		return "toots player " + strconv.Itoa(t+1)
	}
	if t, ok := in(targetBase, maxSeats); ok {
		return "enchant player " + strconv.Itoa(t+1)
	}
	if t, ok := in(effectBase, maxSeats); ok {
		return "accept player " + strconv.Itoa(t+1)
	}
	if k, ok := in(lauriePlayBase, numKinds); ok {
		return "play " + cardName(k)
	}
	if c, ok := in(chooseBase, numChars); ok {
		return "choose " + charKeys[c]
	}
	if c, ok := in(copyBase, numChars); ok {
		return "copy " + charKeys[c]
	}
	if k, ok := in(drawBase, numKinds); ok {
		return "draw " + cardName(k)
	}
	if k, ok := in(revealBase, numKinds); ok {
		return "reveal " + cardName(k)
	}
	if c, ok := in(dealCharBase, numChars); ok {
		return "deal " + charKeys[c]
	}
	return ""
}

// lowerTexts holds every action's notation in lower case, for parsing.
var lowerTexts = func() (out [actionLimit]string) {
	for a := range actionLimit {
		out[a] = strings.ToLower(actionText(a))
	}
	return out
}()

// parseCard reads a card: "Hit-2 red", "hit 2 red", "2 red", "2r", "h2r", "Enchant-1",
// "enchant 1", "e1".
func parseCard(t string) (int, bool) {
	t = strings.NewReplacer("-", "", " ", "", "_", "").Replace(t)
	t = strings.TrimPrefix(t, "hit")
	if len(t) > 1 && t[0] == 'h' && t[1] >= '0' && t[1] <= '9' {
		t = t[1:]
	}
	if v, ok := strings.CutPrefix(t, "enchant"); ok {
		t = "e" + v
	}
	if len(t) == 2 && t[0] == 'e' && t[1] >= '1' && t[1] <= '0'+maxEnchant {
		return enchantKind(int(t[1] - '0')), true
	}
	if len(t) < 2 || t[0] < '0' || t[0] > '0'+maxHitValue {
		return 0, false
	}
	v := int(t[0] - '0')
	switch t[1:] {
	case "r", "red":
		return hitKind(v, red), true
	case "b", "blue":
		return hitKind(v, blue), true
	}
	return 0, false
}

// cardVerbs maps a verb followed by a card to its action base.
var cardVerbs = map[string]engine.Action{
	"pick": pickBase, "discard": discardBase, "take": takeBase, "play": lauriePlayBase,
	"spend": spendBase, "draw": drawBase, "reveal": revealBase,
}

// ParseAction reads the notation of ActionString, case-insensitive, with short cards ("pick
// 2r", "2r straight", "discard e1") and a bare card ("2r") standing for the one legal action
// that plays, discards or takes it. Players may be written "player 2" or "2". Text naming no
// legal action returns an engine.ErrIllegal error.
func (s *State) ParseAction(text string) (engine.Action, error) {
	t := strings.Join(strings.Fields(strings.ToLower(text)), " ")
	a, ok := s.parse(t)
	if !ok {
		return 0, engine.Illegal(0, text, "not a move: write, for example, move forward, pick 2r, hit, done, concede (? lists the moves)")
	}
	if err := s.check(a); err != nil {
		return 0, err
	}
	return a, nil
}

func (s *State) parse(t string) (engine.Action, bool) {
	if t == "" {
		return 0, false
	}
	for a, x := range lowerTexts {
		if x != "" && x == t {
			return engine.Action(a), true
		}
	}
	verb, rest, _ := strings.Cut(t, " ")
	if base, ok := cardVerbs[verb]; ok {
		card, straight := strings.CutSuffix(rest, " straight")
		k, ok := parseCard(card)
		if !ok {
			return 0, false
		}
		if straight {
			if verb != "pick" {
				return 0, false
			}
			base = straightBase
		}
		return base + engine.Action(k), true
	}
	switch verb {
	case "toots", "enchant", "accept":
		n, err := strconv.Atoi(strings.TrimPrefix(rest, "player "))
		if err != nil || n < 1 || n > maxSeats {
			return 0, false
		}
		base := map[string]engine.Action{"toots": tootsBase, "enchant": targetBase, "accept": effectBase}[verb]
		return base + engine.Action(n-1), true
	case "choose", "copy", "deal":
		c, ok := CharacterIndex(rest)
		if !ok {
			return 0, false
		}
		base := map[string]engine.Action{"choose": chooseBase, "copy": copyBase, "deal": dealCharBase}[verb]
		return base + engine.Action(c), true
	case "move":
		for d, n := range dirNames {
			if rest == n {
				return moveBase + engine.Action(d), true
			}
		}
		return 0, false
	}
	// A bare card: the legal action that uses it.
	card, straight := strings.CutSuffix(t, " straight")
	k, ok := parseCard(card)
	if !ok {
		return 0, false
	}
	if straight {
		return straightBase + engine.Action(k), true
	}
	var buf [64]engine.Action
	for _, a := range s.Legal(buf[:0]) {
		for _, base := range [...]engine.Action{pickBase, discardBase, takeBase, lauriePlayBase, spendBase} {
			if a == base+engine.Action(k) {
				return a, true
			}
		}
	}
	return pickBase + engine.Action(k), true
}

// player names a seat as people do: "player 1".
func player(seat int8) string { return engine.PlayerName(engine.Seat(seat), engine.Spectator) }
