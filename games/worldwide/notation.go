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
		// The choices offered, as Legal has them: no rush from the net, no recentring from
		// the centre.
		switch rush, recentre := s.canRush(), s.canRecentre(); {
		case rush && recentre:
			return "stay, rush the net or recentre"
		case rush:
			return "stay or rush the net"
		case recentre:
			return "stay or recentre"
		}
		return "stay where you are"
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

// Legend explains the words and codes of Worldwide Tennis's cards and views in one line, for a
// newcomer.
func Legend() string {
	return "Zones: backhand (BH), centre (N, the neutral zone), forehand (FH) and the net (V, the volley zone). " +
		"A shot needs a d20 of at least its difficulty plus the surface malus of the card it answers; " +
		"a blue or orange shot answering a blue one needs no roll. " +
		"Colours: blue prudent, orange risky, red bold. " +
		"+1 card: drawn at the end of the point."
}

// glossary explains the moves whose meaning does not depend on the position, by notation.
var glossary = map[string]string{
	"recovery":        "draw a card",
	"concentration":   "gain 2 stars, up to your star slots",
	"no plan":         "take no card back from your discards, and keep your stars",
	"stay":            "stay in your zone",
	"rush the net":    "move up to the net: you volley next, and must answer a lob with a Smash",
	"recentre":        "pay a star to move back to the centre zone (and a card from the net)",
	"concede":         "lose the point",
	"auto":            "take the validation without a roll",
	"roll":            "roll the d20 anyway, for the player card's Winner",
	"challenge":       "dispute the call: the Ball-in token, a coin toss, decides; out loses the point and the Challenge token",
	"accept the call": "accept the miss",
	"flat":            "serve without an effect",
	"topspin":         "the receiver must pay a card to rush the net after the return",
	"slice":           "the return is 2 harder, and an orange return must roll too (not from the net)",
}

// DescribeAction explains a move of Worldwide Tennis by its notation, in words a newcomer
// understands, where that does not depend on the position: "recovery" draws a card, "plan
// #25" pays a star to take the card back from the discards. It returns "" for the others.
func DescribeAction(text string) string {
	t := strings.Join(strings.Fields(strings.ToLower(text)), " ")
	if d, ok := glossary[t]; ok {
		return d
	}
	if strings.HasPrefix(t, "plan #") {
		return "pay a star to take this card back from your discards into your hand"
	}
	return ""
}

// moveViews explains the legal moves of the actor (Observation.Moves).
func (s *State) moveViews() []MoveView {
	var out []MoveView
	var buf [numShots + 4]engine.Action
	for _, a := range s.Legal(buf[:0]) {
		if d := s.describeMove(a); d != "" {
			out = append(out, MoveView{Action: int(a), Text: s.ActionString(a), Detail: d})
		}
	}
	return out
}

// describeMove explains the legal move a of the actor in words, with what the position adds
// (the stars held, the zone), or returns "" where the notation says enough.
func (s *State) describeMove(a engine.Action) string {
	sd := &s.sides[s.actor]
	switch s.phase {
	case phEnds:
		if a == actConcentration {
			gain := min(int(sd.starCap-sd.stars), 2)
			return "gain 2 stars, up to your " + itoa(int(sd.starCap)) + " star slots (you hold " + itoa(int(sd.stars)) +
				": +" + itoa(gain) + ")"
		}
		switch {
		case sd.deck == 0 && sd.discard == 0:
			return "draw a card: none is left in your deck or discards"
		case sd.deck == 0:
			return "draw a card (your discards are shuffled into a new deck first)"
		}
	case phPlan:
		if a != actNoPlan {
			return "pay a star (you hold " + itoa(int(sd.stars)) + ") to take this card back from your discards into your hand"
		}
	case phPosition:
		switch a {
		case actStay:
			return "stay in the " + zoneNames[sd.pos] + " zone"
		case actNet:
			if sd.topspin {
				return glossary["rush the net"] + "; the topspin makes it cost a card"
			}
		case actRecentre:
			if sd.pos == zV {
				return "pay a star and a card to move back from the net to the centre zone"
			}
			return "pay a star to move to the centre zone"
		}
	case phShot:
		if a == actConcede {
			return "no card in your hand can be played from the " + zoneNames[sd.pos] + " zone: lose the point"
		}
		return ""
	case phMove:
		if a == actConcede {
			return "refuse to move to the " + zoneNames[s.dest] + " zone and lose the point"
		}
		return ""
	case phRollChoice:
		if a == actAuto {
			return "take the validation without a roll (" + noRollReason(int(s.last), int(s.card)) + ")"
		}
		if p := s.pcard(s.actor); p != nil {
			return "roll the d20 instead: " + itoa(p.winLo) + "-" + itoa(p.winHi) + " wins the point, below " +
				itoa(s.shotNeed(s.actor, int(s.card), 0)) + " misses"
		}
	case phChallenge:
		c := int(s.card)
		switch {
		case a == actChallenge && !s.serving() && (data.cards[c].kind == kWinner || s.winnerOnHit(s.actor, c, int(s.roll))):
			return "dispute the call: the Ball-in token, a coin toss, decides; in wins the point, out loses it and the Challenge token"
		case a == actChallenge:
			return "dispute the call: the Ball-in token, a coin toss, decides; in replays the point, out loses it and the Challenge token"
		case s.serving() && !s.second:
			return "accept the fault and serve again"
		case s.serving():
			return "accept the double fault and lose the point"
		}
		return "accept the miss and lose the point"
	case phSide:
		return "receive the deciding point in your " + zoneNames[a-actSide] + " zone"
	case phPlayerCard:
		return playerCardView(int(a - actPlayer)).Powers
	case phServeSpin:
	case phStars, phServeStars:
		n := int(a - actStars)
		if n == 0 {
			return "keep your stars"
		}
		bonus := rallyBonus[n]
		if s.phase == phServeStars {
			bonus = serveBonus[n]
		}
		return "pay " + plural(n, "star") + " to take " + itoa(bonus) + " off the d20 needed"
	default:
		return "" // cards, discards and targets: the notation and the task say enough
	}
	return glossary[s.ActionString(a)]
}
