package worldwide

import (
	"strconv"
	"strings"

	"deuce/engine"
)

func itoa(n int) string { return strconv.Itoa(n) }

// cardText names card n as "#25 Forehand attack", a serve as "#63 difficulty 10".
func cardText(n int) string {
	if n < 1 || n > numCards {
		return "#" + itoa(n)
	}
	k := &data.cards[n]
	if k.kind == kServe {
		return "#" + itoa(n) + " difficulty " + itoa(k.diff)
	}
	return "#" + itoa(n) + " " + k.name
}

var spinWords = [3]string{"flat", "topspin", "slice"}

// fixed are the actions without an argument and their notation.
var fixed = []struct {
	a    engine.Action
	text string
}{
	{actStay, "stay"},
	{actNet, "rush the net"},
	{actRecentre, "recentre"},
	{actConcede, "concede"},
	{actAuto, "auto"},
	{actRoll, "roll"},
	{actChallenge, "challenge"},
	{actAccept, "accept the call"},
	{actRecovery, "recovery"},
	{actConcentration, "concentration"},
	{actNoPlan, "no plan"},
	{actParity, "d20 even"},
	{actParity + 1, "d20 odd"},
	{actBall, "ball out"},
	{actBall + 1, "ball in"},
}

// aliases are other accepted spellings of fixed actions.
var aliases = map[string]engine.Action{
	"net": actNet, "rush": actNet, "volley": actNet, "recenter": actRecentre, "centre": actRecentre,
	"center": actRecentre, "accept": actAccept, "even": actParity, "odd": actParity + 1, "in": actBall + 1,
	"out": actBall, "plan none": actNoPlan, "none": actNoPlan, "automatic": actAuto,
}

// ActionString renders a in the game's notation: "serve #63 difficulty 10", "topspin",
// "stars 2", "play #25 Forehand attack", "to backhand", "rush the net", "discard #3 Baseline
// defence (FH)", "d20 14", "draw #12 Forehand crosscourt", ...
func (s *State) ActionString(a engine.Action) string {
	for _, f := range fixed {
		if f.a == a {
			return f.text
		}
	}
	n := int(a)
	switch {
	case a > actCard && a <= actCard+numCards:
		if n >= firstServ {
			return "serve " + cardText(n)
		}
		return "play " + cardText(n)
	case a > actDiscard && a <= actDiscard+numShots:
		return "discard " + cardText(n-int(actDiscard))
	case a > actPlan && a <= actPlan+numShots:
		return "plan " + cardText(n-int(actPlan))
	case a >= actPlayer && a < actPlayer+engine.Action(len(data.players)):
		k := n - int(actPlayer)
		return "player card " + itoa(k+1) + " " + data.players[k].name
	case a >= actStars && a <= actStars+3:
		return "stars " + itoa(n-int(actStars))
	case a >= actSpin && a <= actSpin+2:
		return spinWords[a-actSpin]
	case a >= actTarget && a < actTarget+engine.Action(numZones):
		return "to " + zoneNames[a-actTarget]
	case a == actSide+engine.Action(zBH) || a == actSide+engine.Action(zFH):
		return "receive " + zoneNames[a-actSide]
	case a > actDraw && a <= actDraw+numShots:
		return "draw " + cardText(n-int(actDraw))
	case a > actD20 && a <= actD20+20:
		return "d20 " + itoa(n-int(actD20))
	case a > actD6 && a <= actD6+6:
		return "d6 " + itoa(n-int(actD6))
	case a == actCoin || a == actCoin+1:
		return "toss " + itoa(n-int(actCoin)+1)
	}
	return "action " + itoa(n)
}

// ParseAction reads the notation of ActionString, case-insensitive: a card may be written by
// its number alone ("play #25", "play 25", "#25" for the card step in play), a serve also by
// its difficulty ("serve 10"), a zone by its code ("to fh"), and the card's name may follow its
// number. Text naming no legal action returns an engine.ErrIllegal error.
func (s *State) ParseAction(text string) (engine.Action, error) {
	t := strings.Join(strings.Fields(strings.ToLower(text)), " ")
	a, ok := s.parse(t)
	if !ok {
		return 0, engine.Illegal(0, text, "not a move here; %s", s.movesHint())
	}
	if !s.isLegal(a) {
		return 0, s.illegal(a)
	}
	return a, nil
}

// parse reads normalised text into an action, legal or not.
func (s *State) parse(t string) (engine.Action, bool) {
	for _, f := range fixed {
		if t == f.text {
			return f.a, true
		}
	}
	if a, ok := aliases[t]; ok {
		return a, true
	}
	if spin := indexOf(spinWords[:], t); spin >= 0 {
		return actSpin + engine.Action(spin), true
	}
	word, rest, _ := strings.Cut(t, " ")
	if strings.HasPrefix(word, "#") {
		// A bare card number: the card step of the phase in play.
		word, rest = "", t
	}
	switch word {
	case "", "play", "serve", "discard", "plan", "draw":
		return s.parseCard(word, rest)
	case "stars", "star":
		n, err := strconv.Atoi(rest)
		if err != nil || n < 0 || n > 3 {
			return 0, false
		}
		return actStars + engine.Action(n), true
	case "to", "target":
		z := parseZone(rest)
		if z < 0 {
			return 0, false
		}
		return actTarget + engine.Action(z), true
	case "receive":
		z := parseZone(rest)
		if z != zBH && z != zFH {
			return 0, false
		}
		return actSide + engine.Action(z), true
	case "d20":
		f, err := strconv.Atoi(rest)
		if err != nil || f < 1 || f > 20 {
			return 0, false
		}
		return actD20 + engine.Action(f), true
	case "d6":
		f, err := strconv.Atoi(rest)
		if err != nil || f < 1 || f > 6 {
			return 0, false
		}
		return actD6 + engine.Action(f), true
	case "toss":
		n, err := strconv.Atoi(rest)
		if err != nil || n < 1 || n > 2 {
			return 0, false
		}
		return actCoin + engine.Action(n-1), true
	case "player":
		rest = strings.TrimPrefix(rest, "card ")
		num, name, _ := strings.Cut(rest, " ")
		k, err := strconv.Atoi(num)
		if err != nil || k < 1 || k > len(data.players) {
			return 0, false
		}
		if name != "" && name != strings.ToLower(data.players[k-1].name) {
			return 0, false
		}
		return actPlayer + engine.Action(k-1), true
	}
	return 0, false
}

// parseZone reads a zone name or code.
func parseZone(t string) zone {
	if z := indexOf(zoneNames[:], t); z >= 0 {
		return zone(z)
	}
	if z := indexOf(zoneCodes[:], t); z >= 0 {
		return zone(z)
	}
	switch t {
	case "center", "neutral":
		return zN
	case "volley":
		return zV
	}
	return -1
}

// parseCard reads "#25", "25" or "#25 Forehand attack" after verb ("" for the card step of the
// phase in play); after "serve", a plain number is a difficulty.
func (s *State) parseCard(verb, rest string) (engine.Action, bool) {
	num, name, _ := strings.Cut(rest, " ")
	hash := strings.HasPrefix(num, "#")
	n, err := strconv.Atoi(strings.TrimPrefix(num, "#"))
	if err != nil {
		return 0, false
	}
	if verb == "serve" && !hash {
		// "serve 10": the serve card of that difficulty.
		found := false
		for id := firstServ; id <= numCards; id++ {
			if data.cards[id].diff == n {
				n, found = id, true
				break
			}
		}
		if !found || name != "" {
			return 0, false
		}
	}
	if n < 1 || n > numCards {
		return 0, false
	}
	if name != "" && name != strings.ToLower(strings.TrimPrefix(cardText(n), "#"+itoa(n)+" ")) {
		return 0, false
	}
	if verb == "" {
		verb = s.cardVerb()
	}
	switch verb {
	case "play":
		if n >= firstServ {
			return 0, false
		}
		return actCard + engine.Action(n), true
	case "serve":
		if n < firstServ {
			return 0, false
		}
		return actCard + engine.Action(n), true
	case "discard":
		if n > numShots {
			return 0, false
		}
		return actDiscard + engine.Action(n), true
	case "plan":
		if n > numShots {
			return 0, false
		}
		return actPlan + engine.Action(n), true
	case "draw":
		if n > numShots {
			return 0, false
		}
		return actDraw + engine.Action(n), true
	}
	return 0, false
}

// cardVerb is what a bare card number does in the phase in play.
func (s *State) cardVerb() string {
	switch s.phase {
	case phServeCard:
		return "serve"
	case phMove, phPosDiscard, phTrim:
		return "discard"
	case phPlan:
		return "plan"
	case phDeal, phEndDraw, phEndsDraw, phAutoDraw:
		return "draw"
	}
	return "play"
}

// movesHint lists the notation of the legal actions, shortened.
func (s *State) movesHint() string {
	var buf [numShots + 4]engine.Action
	legal := s.Legal(buf[:0])
	if len(legal) == 0 {
		return "the match is over"
	}
	var texts []string
	for i, a := range legal {
		if i == 6 {
			texts = append(texts, "...")
			break
		}
		texts = append(texts, strconv.Quote(s.ActionString(a)))
	}
	return "moves: " + strings.Join(texts, ", ")
}

// illegal returns the error for an action that is not legal now, with a reason.
func (s *State) illegal(a engine.Action) error {
	text := ""
	if !strings.HasPrefix(s.ActionString(a), "action ") {
		text = s.ActionString(a)
	}
	return engine.Illegal(a, text, "%s", s.whyNot(a))
}

// whyNot says why a is not legal now.
func (s *State) whyNot(a engine.Action) string {
	if s.phase == phOver {
		return "the match is over"
	}
	chance := a >= actDraw
	switch {
	case s.phase.isChance() && !chance:
		return "no player is to move: " + s.what()
	case !s.phase.isChance() && chance:
		return "that is a chance outcome, but " + s.what()
	}
	sd := &s.sides[s.actor]
	n := int(a - actCard)
	switch s.phase {
	case phShot:
		switch {
		case a == actConcede:
			return "you can play a card, so you cannot concede: a point is lost by conceding only when no card can be played"
		case n < 1 || n > numShots:
		case !sd.hand.has(n):
			return "you do not hold #" + itoa(n)
		default:
			if why := s.whyNotPlay(n); why != "" {
				return why
			}
		}
	case phMove, phPosDiscard, phTrim:
		if d := int(a - actDiscard); d >= 1 && d <= numShots && !sd.hand.has(d) {
			return "you do not hold #" + itoa(d)
		}
	case phPlan:
		if d := int(a - actPlan); d >= 1 && d <= numShots && !sd.discard.has(d) {
			return "#" + itoa(d) + " is not in your discards"
		}
	case phServeCard:
		if int8(n) == s.faulted && n >= firstServ {
			return "the second serve takes another serve card than the first"
		}
	case phStars, phServeStars:
		if k := int(a - actStars); k >= 0 && k <= 3 {
			if k > int(sd.stars) {
				return "you have " + plural(int(sd.stars), "star")
			}
			return "a serve takes at most 2 stars"
		}
	case phPosition:
		switch a {
		case actNet:
			return s.whyNotRush()
		case actRecentre:
			switch {
			case sd.pos == zN:
				return "you are already in the centre"
			case sd.stars < 1:
				return "recentring costs a star and you have none"
			}
			return "recentring from the net costs a card and your hand is empty"
		}
	case phTarget:
		if z := a - actTarget; z >= 0 && z < engine.Action(numZones) {
			return data.cards[s.card].name + " goes to " + zoneList(data.cards[s.card].targets, " or ")
		}
	case phPlayerCard:
		return "that player card is taken or does not exist"
	}
	return "not a move now: " + s.what()
}

// whyNotRush says why the actor may not rush the net.
func (s *State) whyNotRush() string {
	sd, opp := &s.sides[s.actor], &s.sides[1-s.actor]
	switch {
	case sd.pos == zV:
		return "you are already at the net"
	case opp.pos == zV:
		return "you cannot rush the net while your opponent is there"
	case sd.noRush:
		return "on the first shot after retreating from a lob you cannot rush the net"
	}
	return "under a topspin rushing the net costs a card and your hand is empty"
}

// who names side as people do: "player 1", or "the automaton".
func (s *State) who(side int8) string {
	if !s.human(side) {
		return "the automaton"
	}
	return engine.PlayerName(engine.Seat(side), engine.Spectator)
}

// what says what the state waits for, in words for every seat.
func (s *State) what() string {
	if s.phase == phOver || s.phase.isChance() {
		return s.task()
	}
	return s.who(s.actor) + " is to " + s.task()
}

// task is what the actor must do, in the imperative ("choose a shot"), or at a chance node
// what is drawn or rolled.
func (s *State) task() string {
	switch s.phase {
	case phPlayerCard:
		return "choose a player card"
	case phDeal:
		return s.who(s.actor) + " draws the starting hand"
	case phCoin:
		return "the toss decides who serves first"
	case phSide:
		return "choose the side to receive the deciding point: receive forehand or receive backhand"
	case phAutoSide:
		return "the automaton's d20 chooses the side to receive the deciding point"
	case phServeCard:
		if s.second {
			return "choose a serve card for the second serve"
		}
		return "choose a serve card"
	case phServeSpin:
		return "announce the serve's effect: flat, topspin or slice"
	case phServeStars:
		return "pay 0 to 2 stars for the serve (each takes 2 off the difficulty)"
	case phAutoSpin:
		return "the automaton's d6 decides its serve's effect"
	case phServeRoll:
		return s.who(s.server) + " rolls the d20 for the serve, needing " + itoa(int(s.need))
	case phMove:
		if s.sides[s.actor].retreat {
			return "retreat from the net to the " + zoneNames[s.dest] + " zone, discarding a card, or concede the point"
		}
		return "discard a card to move to the " + zoneNames[s.dest] + " zone, or refuse and concede the point"
	case phShot:
		return "choose a shot"
	case phRollChoice:
		return "take the automatic validation or roll for a Winner"
	case phStars:
		return "pay 0 to 3 stars for the roll (bonus 3, 5, 7)"
	case phShotRoll:
		return s.who(s.actor) + " rolls the d20 for the shot, needing " + itoa(int(s.need))
	case phChallenge:
		return "challenge the call (one short) or accept it"
	case phBallIn:
		return "the Ball-in token is tossed"
	case phTarget:
		return "choose where to send the ball"
	case phPosition:
		return "stay, rush the net or recentre"
	case phPosDiscard:
		if s.posMove == int8(actNet-actStay) {
			return "discard a card to rush the net under the topspin"
		}
		return "discard a card to recentre from the net"
	case phAutoDraw:
		return "the automaton draws from its " + pileNames[s.auto.pile] + " pile"
	case phAutoParity:
		return "the automaton's d20 chooses its target"
	case phEndDraw:
		return s.who(s.actor) + " draws the cards the point's icons give"
	case phEnds:
		return "change ends: recovery (draw a card) or concentration (2 stars)"
	case phEndsDraw:
		return s.who(s.actor) + " draws a card (recovery)"
	case phPlan:
		return "pay a star to take a card back from the discards (tactical plan), or no plan"
	case phTrim:
		return "discard down to the hand limit of " + itoa(int(s.sides[s.actor].limit))
	}
	return "the match is over"
}
