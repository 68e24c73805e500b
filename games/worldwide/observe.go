package worldwide

import (
	"fmt"
	"strings"

	"deuce/engine"
	"deuce/score"
)

// Observation is what one seat may know: everything on the table, its own hand, and for the
// seat to move the odds of each shot it may commit, with their reasons, and what its other
// moves do. The other hand and both decks are hidden (their sizes are shown, and the cards
// every player knows to be in a hand). A spectator sees no hand, no odds and no moves.
type Observation struct {
	// Seat is the observing seat, or -3 for a spectator.
	Seat int  `json:"seat"`
	Solo bool `json:"solo"`
	// Mode is "tiebreak" or "match" (best of BestOf sets); Surface "clay", "hard", "grass" or
	// "indoor"; Rules "initiation", "basic" or "advanced".
	Mode        string `json:"mode"`
	BestOf      int    `json:"bestOf,omitempty"`
	Surface     string `json:"surface"`
	Rules       string `json:"rules"`
	Challenges  bool   `json:"challenges"`
	PlayerCards bool   `json:"playerCards"`
	// RallyChallenges reports challenges kept to rally shots (serves not challenged);
	// SecondServeAny a second serve free to use the first serve's card.
	RallyChallenges bool `json:"rallyChallenges,omitempty"`
	SecondServeAny  bool `json:"secondServeAny,omitempty"`
	// Score is the tennis score in notation; Tennis is the same, structured.
	Score        string     `json:"score"`
	Tennis       score.View `json:"tennis"`
	PointsPlayed int        `json:"pointsPlayed"`
	// Server serves the point in play (a side: in solo play side 1 is the automaton). ToMove
	// is the seat to act, -1 for chance, -2 once over; Actor the side the state waits for.
	Server int `json:"server"`
	ToMove int `json:"toMove"`
	Actor  int `json:"actor"`
	// Phase names the step: "player card", "deal", "toss", "side", "serve", "serve effect",
	// "serve stars", "automaton effect", "serve roll", "move", "shot", "roll choice", "stars",
	// "shot roll", "challenge", "ball in", "target", "position", "position discard",
	// "automaton draw", "automaton target", "end draws", "change of ends", "recovery draw",
	// "tactical plan", "hand limit" or "over". Prompt says it in words.
	Phase  string `json:"phase"`
	Prompt string `json:"prompt"`
	// Task is the same for the actor, in the imperative ("choose a shot").
	Task string `json:"task"`
	// ServeDir is the receiver's zone for the serve ("FH" or "BH"); SecondServe reports a
	// second serve; Faulted is the serve card of the first-serve fault, 0 if none.
	ServeDir    string `json:"serveDir"`
	SecondServe bool   `json:"secondServe"`
	Faulted     int    `json:"faulted,omitempty"`
	// BallSide and Ball are the half (a side) and zone the ball is in during a rally; BallSide
	// is -1 when no ball is in play.
	BallSide int    `json:"ballSide"`
	Ball     string `json:"ball,omitempty"`
	// LastShot is the last good shot (a serve included) and LastBy its side; nil before the
	// serve is in.
	LastShot *CardView `json:"lastShot,omitempty"`
	LastBy   int       `json:"lastBy"`
	// InPlay is the card being served or played, with the stars paid and the d20 needed (0
	// before it is known).
	InPlay *CardView `json:"inPlay,omitempty"`
	Bet    int       `json:"bet"`
	Need   int       `json:"need"`
	Effect string    `json:"effect,omitempty"`
	// D6 is the automaton's last d6 for a serve effect, 0 before the first.
	D6 int `json:"d6,omitempty"`
	// ChangeOfEnds reports that the point just played sends the players to change ends.
	ChangeOfEnds bool        `json:"changeOfEnds"`
	Sides        [2]SideView `json:"sides"`
	// Hand is the observing seat's cards in ascending order; nil for a spectator.
	Hand []CardView `json:"hand,omitempty"`
	// Rally is the log of the point in play; LastRally that of the last point played.
	Rally     []ShotView `json:"rally"`
	LastRally []ShotView `json:"lastRally,omitempty"`
	LastPoint *PointView `json:"lastPoint,omitempty"`
	// Odds holds, for the seat to move only, the d20 each legal serve or shot action needs and
	// its chance (ShotOdds).
	Odds []OddsView `json:"odds,omitempty"`
	// Moves explains, for the seat to move only, the legal moves whose notation says too
	// little (recovery, concentration, a tactical plan, the position after a shot...), in the
	// order of the legal moves; the cards played and served are explained by their Text.
	Moves []MoveView `json:"moves,omitempty"`
	// Serves are the five serve cards, in ascending difficulty.
	Serves []CardView `json:"serves"`
	// Automaton is the solo opponent's table; nil in a two-player match.
	Automaton *AutoView `json:"automaton,omitempty"`
	// PlayerCardList lists the player cards when the rule is in play.
	PlayerCardList []PlayerCardView `json:"playerCardList,omitempty"`
	// Stats counts service games (held and played, tiebreaks aside) and service points.
	Stats StatsView `json:"stats"`
}

// CardView is one card as printed, with its malus on the match's surface.
type CardView struct {
	ID    int    `json:"id"`
	Name  string `json:"name"`
	Type  string `json:"type"`
	Color string `json:"color"`
	// Difficulty is the printed one; a Winner's is 22 minus what its owner validated in the
	// point.
	Difficulty int      `json:"difficulty"`
	Start      []string `json:"start"`
	Targets    []string `json:"targets,omitempty"`
	Malus      int      `json:"malus"`
	Stars      int      `json:"stars,omitempty"`
	Draw       int      `json:"draw"`
	Effect     string   `json:"effect,omitempty"`
	Net        bool     `json:"net,omitempty"`
	Cost       int      `json:"cost,omitempty"`
	Condition  string   `json:"condition,omitempty"`
	// Serves: the ACE range ("18-20", "" for none) and the cost of topspin and slice.
	Ace         string `json:"ace,omitempty"`
	TopspinCost int    `json:"topspinCost,omitempty"`
	SliceCost   int    `json:"sliceCost,omitempty"`
	// Text is the card in words for a newcomer, to follow its number and name: groups of
	// phrases separated by "; ", the colour, difficulty and surface malus first, then where it
	// is played from and sends the ball, then its icons as the rules level reads them: "orange,
	// difficulty 5, surface malus 4; from backhand or centre to backhand; +1 card after the
	// point".
	Text string `json:"text"`
}

// SideView is one side of the table as everyone sees it; only KnownText is worded for the
// observing seat.
type SideView struct {
	Name string `json:"name"`
	// Position is the zone code: "BH", "N", "FH" or "V".
	Position   string `json:"position"`
	Stars      int    `json:"stars"`
	StarCap    int    `json:"starCap"`
	Challenges int    `json:"challenges"`
	HandSize   int    `json:"handSize"`
	HandLimit  int    `json:"handLimit"`
	Deck       int    `json:"deck"`
	// Discard, Played (in the point in play), Known (known to be in the hand) and Removed
	// (by a player card) list card numbers. DeckFrom lists the cards the deck was formed from
	// at its last reshuffle (none before the first).
	Discard []int `json:"discard"`
	Played  []int `json:"played"`
	Known   []int `json:"known"`
	// KnownText says the Known cards and why they are known, worded for the observing seat:
	// "Cards you know they hold: #1 #13 (every player starts with them), #37 (a Winner comes
	// back after each point)"; "" when none is known. The reason is read from the card, not
	// kept: a starting-hand card played and then taken back by a tactical plan is said to be
	// known as a starting card (keeping why would be new state and a new key field for a
	// reason that names the same card either way).
	KnownText  string `json:"knownText,omitempty"`
	Removed    []int  `json:"removed,omitempty"`
	DeckFrom   []int  `json:"deckFrom,omitempty"`
	Reshuffles int    `json:"reshuffles"`
	// Validated is the sum of the difficulties validated in the point; Winner the difficulty a
	// Winner would have now.
	Validated  int             `json:"validated"`
	Winner     int             `json:"winner"`
	Effects    []string        `json:"effects,omitempty"`
	PlayerCard *PlayerCardView `json:"playerCard,omitempty"`
}

// ShotView is one entry of a rally log.
type ShotView struct {
	Side   int      `json:"side"`
	Card   CardView `json:"card"`
	Stars  int      `json:"stars,omitempty"`
	Effect string   `json:"effect,omitempty"`
	Need   int      `json:"need"`
	Roll   int      `json:"roll"`
	Target string   `json:"target,omitempty"`
	// Why says why a shot was validated without a roll: "blue answering blue" or "orange
	// answering blue"; "" for any other entry.
	Why string `json:"why,omitempty"`
	// Result is "good", "fault", "ace", "winner", "pending", "discarded" (an automaton card
	// it could not play), "set aside" (an active Smash) or "called out".
	Result string `json:"result"`
}

// PointView is how the last point ended.
type PointView struct {
	// Winner is the side that won it, -1 for a let.
	Winner int `json:"winner"`
	// How is "ace", "double fault", "winner", "fault", "refused to move", "no shot",
	// "direct fault", "automatic winner", "pile exhausted" or "let".
	How    string `json:"how"`
	Number int    `json:"number"`
}

// OddsView is what one legal action needs on the d20.
type OddsView struct {
	Action int    `json:"action"`
	Text   string `json:"text"`
	// Need is the d20 to reach, 0 when no roll is needed; Chance the probability of success;
	// Ace, for a serve, the probability of an ACE.
	Need   int     `json:"need"`
	Chance float64 `json:"chance"`
	Ace    float64 `json:"ace,omitempty"`
	// Why says what Need is made of, or why no roll is needed (OddsReason): "difficulty 2 +
	// malus 3 of the orange shot you answer", "no roll: blue answering blue".
	Why string `json:"why"`
}

// MoveView explains one legal move in words, where its notation says too little.
type MoveView struct {
	Action int    `json:"action"`
	Text   string `json:"text"`
	// Detail is what the move does: "draw a card" for recovery, "gain 2 stars, up to your 5
	// star slots (you hold 4: +1)" for concentration, "pay a star (you hold 3) to take this card
	// back from your discards into your hand" for a tactical plan.
	Detail string `json:"detail"`
}

// AutoView is the solo automaton's table.
type AutoView struct {
	// Piles are the cards left in the forehand, backhand, attack, defence and volley piles.
	Piles   [numPiles]int `json:"piles"`
	Discard []int         `json:"discard"`
	// Smash is the active Smash set aside, 0 for none; Penalty the movement penalty of the
	// point.
	Smash   int `json:"smash"`
	Penalty int `json:"penalty"`
}

// PlayerCardView is one player card.
type PlayerCardView struct {
	Number int    `json:"number"`
	Name   string `json:"name"`
	Hand   int    `json:"hand"`
	Stars  int    `json:"stars"`
	Slots  int    `json:"slots"`
	Remove []int  `json:"remove,omitempty"`
	Powers string `json:"powers"`
}

// StatsView are the service statistics, per side.
type StatsView struct {
	GamesHeld    [2]int `json:"gamesHeld"`
	GamesServed  [2]int `json:"gamesServed"`
	PointsWon    [2]int `json:"pointsWon"`
	PointsServed [2]int `json:"pointsServed"`
}

var phaseNames = [...]string{
	phPlayerCard: "player card", phDeal: "deal", phCoin: "toss", phSide: "side", phAutoSide: "automaton side",
	phServeCard: "serve", phServeSpin: "serve effect", phServeStars: "serve stars", phAutoSpin: "automaton effect",
	phServeRoll: "serve roll", phMove: "move", phShot: "shot", phRollChoice: "roll choice", phStars: "stars",
	phShotRoll: "shot roll", phChallenge: "challenge", phBallIn: "ball in", phTarget: "target", phPosition: "position",
	phPosDiscard: "position discard", phAutoDraw: "automaton draw", phAutoParity: "automaton target",
	phEndDraw: "end draws", phEnds: "change of ends", phEndsDraw: "recovery draw", phPlan: "tactical plan",
	phTrim: "hand limit", phOver: "over",
}

var resultNames = [...]string{"good", "fault", "ace", "winner", "pending", "discarded", "set aside", "called out"}

var howNames = [...]string{"", "ace", "double fault", "winner", "fault", "refused to move", "no shot", "direct fault",
	"automatic winner", "pile exhausted", "let"}

// cardView describes card n; owner's validated difficulties give a Winner's difficulty.
func (s *State) cardView(n int, owner int8) CardView {
	v := s.cardFields(n, owner)
	if data.cards[n].kind == kWinner {
		v.Text = s.cardWords(n, v)
	} else {
		v.Text = cardTexts[s.cfg.level()][s.cfg.surface][n]
	}
	return v
}

// cardTexts holds CardView.Text of every card but the Winners, whose difficulty changes within
// a point, by rules level and surface; it is computed once and only read.
var cardTexts = func() (t [len(levelNames)][numSurfaces][numCards + 1]string) {
	for level := range t {
		for surf := range t[level] {
			s := &State{cfg: config{advanced: level == int(advanced), starGains: level != int(initiation), surface: int8(surf)}}
			for n := 1; n <= numCards; n++ {
				t[level][surf][n] = s.cardWords(n, s.cardFields(n, 0))
			}
		}
	}
	return t
}()

// cardFields is cardView without the text.
func (s *State) cardFields(n int, owner int8) CardView {
	k := &data.cards[n]
	v := CardView{
		ID: n, Name: k.name, Type: kindCodes[k.kind], Color: colorNames[k.color], Difficulty: k.diff,
		Malus: k.malus[s.cfg.surface], Stars: k.stars, Draw: k.draw, Net: k.net, Cost: k.cost,
		Condition: condCodes[k.cond],
	}
	if k.kind == kWinner {
		v.Difficulty = winnerBase - int(s.sides[owner&1].validated)
	}
	for _, z := range k.start.list() {
		v.Start = append(v.Start, zoneCodes[z])
	}
	if k.kind != kServe {
		for _, z := range k.targets.list() {
			v.Targets = append(v.Targets, zoneCodes[z])
		}
	}
	if k.effect != noEffect {
		v.Effect = effectNames[k.effect]
	}
	if k.kind == kServe {
		v.TopspinCost, v.SliceCost = k.spinCost[topspin], k.spinCost[slice]
		switch {
		case k.aceLo == 0:
		case k.aceLo == k.aceHi:
			v.Ace = itoa(k.aceLo)
		default:
			v.Ace = itoa(k.aceLo) + "-" + itoa(k.aceHi)
		}
	}
	return v
}

// cardWords is CardView.Text for card n, whose view v is otherwise complete. The icons the
// rules level ignores are left out: the effects below the advanced rules, the stars won in the
// initiation match.
func (s *State) cardWords(n int, v CardView) string {
	k := &data.cards[n]
	diff := "difficulty " + itoa(v.Difficulty)
	if k.kind == kWinner {
		diff = "difficulty 22 minus the difficulties validated in the point (now " + itoa(v.Difficulty) + ")"
	}
	groups := []string{v.Color + ", " + diff + ", surface malus " + itoa(v.Malus)}
	if k.kind == kServe {
		if v.Ace != "" {
			groups = append(groups, "ACE on "+v.Ace)
		}
		if s.cfg.advanced {
			groups = append(groups, fmt.Sprintf("topspin +%d, slice +%d to the difficulty", v.TopspinCost, v.SliceCost))
		}
		return strings.Join(groups, "; ")
	}
	zones := "from " + zoneWords(k.start) + " to " + zoneWords(k.targets)
	if k.kind == kWinner {
		zones = "from " + zoneWords(k.start) + ", wins the point"
	}
	groups = append(groups, zones)
	var icons []string
	if k.kind == kSmash {
		icons = append(icons, "only against a lob at the net")
	}
	if k.effect != noEffect && s.cfg.advanced {
		icons = append(icons, effectNames[k.effect])
	}
	if k.stars > 0 && s.cfg.starGains {
		icons = append(icons, "+"+plural(k.stars, "star")+" when validated")
	}
	if k.cost > 0 {
		icons = append(icons, "costs "+plural(k.cost, "star"))
	}
	switch k.cond {
	case backcourt:
		icons = append(icons, "only if the opponent is at the baseline")
	case atNet:
		icons = append(icons, "only if the opponent is at the net")
	}
	if k.draw > 0 {
		icons = append(icons, "+"+plural(k.draw, "card")+" after the point")
	}
	if len(icons) > 0 {
		groups = append(groups, strings.Join(icons, ", "))
	}
	return strings.Join(groups, "; ")
}

// zoneWords names the zones of zs for a card's text: "backhand or centre", "the net".
func zoneWords(zs zones) string {
	var names []string
	for _, z := range zs.list() {
		if z == zV {
			names = append(names, "the net")
			continue
		}
		names = append(names, zoneNames[z])
	}
	return strings.Join(names, " or ")
}

// ballAt returns the half and zone of the ball in a rally, side -1 when none is in play.
func (s *State) ballAt() (int, zone) {
	switch s.phase {
	case phChallenge, phBallIn:
		if s.serving() {
			return -1, 0 // a serve called out: no ball in play yet
		}
		return int(s.actor), s.ball
	case phMove, phShot, phRollChoice, phStars, phShotRoll, phTarget, phAutoDraw, phAutoParity:
		return int(s.actor), s.ball
	case phPosition, phPosDiscard:
		return int(1 - s.actor), s.ball
	}
	return -1, 0
}

// Observe returns what seat may know; any seat other than a player's is a spectator.
func (s *State) Observe(seat engine.Seat) engine.Observation { return s.observe(seat) }

func (s *State) observe(seat engine.Seat) *Observation {
	if seat < 0 || int(seat) >= s.NumSeats() {
		seat = engine.Spectator
	}
	o := &Observation{
		Seat: int(seat), Solo: s.cfg.solo, Mode: "tiebreak", Surface: surfaceNames[s.cfg.surface], Rules: levelNames[s.cfg.level()],
		Challenges: s.cfg.challenges, PlayerCards: s.cfg.playerCards,
		RallyChallenges: s.cfg.challenges && s.cfg.rallyOnly, SecondServeAny: s.cfg.secondAny,
		Score: s.score.String(), Tennis: s.score.View(), PointsPlayed: s.score.PointsPlayed(),
		Server: int(s.server), ToMove: int(s.ToMove()), Actor: int(s.actor), Phase: phaseNames[s.phase],
		Prompt: s.what(), Task: s.task(), ServeDir: zoneCodes[s.serveDir], SecondServe: s.second, Faulted: int(s.faulted),
		LastBy: int(s.lastBy), D6: int(s.d6), Bet: int(s.bet), Need: int(s.need), ChangeOfEnds: s.ends,
		Rally: s.rallyViews(s.rally[:s.nRally]),
	}
	if s.cfg.match {
		o.Mode, o.BestOf = "match", int(s.cfg.bestOf)
	}
	if s.phase == phOver {
		o.Actor = -1
	}
	side, z := s.ballAt()
	o.BallSide = side
	if side >= 0 {
		o.Ball = zoneCodes[z]
	}
	if s.last != 0 {
		v := s.cardView(int(s.last), s.lastBy)
		o.LastShot = &v
	}
	if s.card != 0 && s.phase != phOver {
		v := s.cardView(int(s.card), s.actor)
		o.InPlay = &v
		if s.phase == phServeStars || s.phase == phServeRoll || s.phase == phAutoSpin {
			o.Effect = spinWords[s.spin]
		}
	}
	for i := range s.sides {
		o.Sides[i] = s.sideView(int8(i))
		o.Sides[i].KnownText = knownText(s.sides[i].known, int8(i), seat)
	}
	if seat >= 0 {
		sd := &s.sides[seat]
		o.Hand = make([]CardView, 0, sd.hand.count())
		for _, n := range sd.hand.ids() {
			o.Hand = append(o.Hand, s.cardView(n, int8(seat)))
		}
		if s.ToMove() == seat {
			o.Odds = s.odds()
			o.Moves = s.moveViews()
		}
	}
	if s.nLast > 0 {
		o.LastRally = s.rallyViews(s.lastRally[:s.nLast])
	}
	if p := s.lastPoint; p.how != howNone {
		o.LastPoint = &PointView{Winner: int(p.winner), How: howNames[p.how], Number: int(p.number)}
	}
	for id := firstServ; id <= numCards; id++ {
		o.Serves = append(o.Serves, s.cardView(id, s.server))
	}
	if s.cfg.solo {
		a := &AutoView{Discard: s.auto.discard.ids(), Smash: int(s.auto.smash), Penalty: int(s.auto.penalty)}
		for p := range numPiles {
			a.Piles[p] = (s.auto.piles & data.piles[p]).count()
		}
		o.Automaton = a
	}
	if s.cfg.playerCards {
		for k := range data.players {
			o.PlayerCardList = append(o.PlayerCardList, playerCardView(k))
		}
	}
	for i := range 2 {
		o.Stats.GamesHeld[i], o.Stats.GamesServed[i] = int(s.gamesHeld[i]), int(s.gamesServed[i])
		o.Stats.PointsWon[i], o.Stats.PointsServed[i] = int(s.pointsWon[i]), int(s.pointsServed[i])
	}
	return o
}

func playerCardView(k int) PlayerCardView {
	p := &data.players[k]
	v := PlayerCardView{Number: k + 1, Name: p.name, Hand: p.hand, Stars: p.starsUp, Slots: p.starsUp + p.starsDown}
	if p.remove != 0 {
		v.Remove = p.remove.ids()
	}
	var powers []string
	if p.winnerOn != 0 {
		var ids []string
		for _, n := range p.winnerOn.ids() {
			ids = append(ids, "#"+itoa(n))
		}
		powers = append(powers, fmt.Sprintf("Winner on %d-%d with %s", p.winLo, p.winHi, strings.Join(ids, " ")))
	}
	if p.serve != 0 {
		powers = append(powers, fmt.Sprintf("serves %+d", p.serve))
	}
	for surf, d := range p.surface {
		if d != 0 {
			powers = append(powers, fmt.Sprintf("%+d on %s", d, surfaceNames[surf]))
		}
	}
	if p.net != 0 {
		powers = append(powers, fmt.Sprintf("%+d at the net", p.net))
	}
	v.Powers = strings.Join(powers, "; ") + " (invented example card)"
	return v
}

// sideView is side i's view, KnownText aside.
func (s *State) sideView(i int8) SideView {
	sd := &s.sides[i]
	v := SideView{
		Name: s.who(i), Position: zoneCodes[sd.pos], Stars: int(sd.stars), StarCap: int(sd.starCap),
		Challenges: int(sd.challenges), HandSize: sd.hand.count(), HandLimit: int(sd.limit), Deck: sd.deck.count(),
		Discard: sd.discard.ids(), Played: sd.played.ids(), Known: sd.known.ids(), Reshuffles: int(sd.reshuffles),
		Validated: int(sd.validated), Winner: winnerBase - int(sd.validated),
	}
	if s.cfg.solo && i == 1 {
		v.Played = s.auto.played.ids()
	}
	if sd.removed != 0 {
		v.Removed = sd.removed.ids()
	}
	if sd.reshuffles > 0 {
		v.DeckFrom = sd.origin.ids()
	}
	if s.cfg.advanced && sd.topspin {
		v.Effects = append(v.Effects, "topspin")
	}
	if s.sliceOn(i) {
		v.Effects = append(v.Effects, "slice")
	}
	if sd.noRush {
		v.Effects = append(v.Effects, "no rush")
	}
	if sd.nszl {
		v.Effects = append(v.Effects, "any start zone")
	}
	if sd.pcard > 0 {
		pv := playerCardView(int(sd.pcard - 1))
		v.PlayerCard = &pv
	}
	return v
}

// knownText is SideView.KnownText for side i's known cards, as seat sees them.
func knownText(known cardSet, i int8, seat engine.Seat) string {
	if known == 0 {
		return ""
	}
	var start, back, plan []string
	for _, n := range known.ids() {
		id := "#" + itoa(n)
		switch {
		case data.cards[n].kind == kWinner:
			back = append(back, id)
		case data.startHand.has(n):
			start = append(start, id)
		default:
			plan = append(plan, id)
		}
	}
	var groups []string
	for _, g := range []struct {
		ids []string
		why string
	}{
		{start, "every player starts with them"},
		{back, "a Winner comes back after each point"},
		{plan, "taken back from the discards with a tactical plan"},
	} {
		if len(g.ids) > 0 {
			groups = append(groups, strings.Join(g.ids, " ")+" ("+g.why+")")
		}
	}
	who := "Cards known to be in this hand: "
	switch {
	case seat == engine.Seat(i):
		who = "Cards your opponent knows you hold: "
	case seat >= 0:
		who = "Cards you know they hold: "
	}
	return who + strings.Join(groups, ", ")
}

// answeredIn is the card that log[i] answers: the last good shot or serve before it from the
// other side, 0 when the log no longer holds it.
func answeredIn(log []shot, i int) int {
	side := log[i].get(fSide)
	for j := i - 1; j >= 0; j-- {
		if e := log[j]; e.get(fSide) != side && e.get(fResult) == resGood {
			return int(e.get(fCard))
		}
	}
	return 0
}

func (s *State) rallyViews(log []shot) []ShotView {
	out := make([]ShotView, 0, len(log))
	for i, e := range log {
		side, card := e.get(fSide), int(e.get(fCard))
		v := ShotView{Side: int(side), Card: s.cardView(card, side), Stars: int(e.get(fStars)), Need: int(e.get(fNeed)),
			Roll: int(e.get(fRoll)), Result: resultNames[e.get(fResult)]}
		if e.get(fResult) == resGood && e.get(fRoll) == 0 && data.cards[card].kind != kServe {
			if last := answeredIn(log, i); last != 0 {
				v.Why = noRollReason(last, card)
			}
		}
		if spin := e.get(fSpin); data.cards[card].kind == kServe && spin != 0 {
			v.Effect = spinWords[spin]
		}
		if t := e.get(fTarget); t >= 0 {
			v.Target = zoneCodes[t]
		}
		out = append(out, v)
	}
	return out
}

// odds lists ShotOdds for every legal action that has them.
func (s *State) odds() []OddsView {
	var out []OddsView
	var buf [numShots + 4]engine.Action
	for _, a := range s.Legal(buf[:0]) {
		need, p, ok := s.ShotOdds(a)
		if !ok {
			continue
		}
		v := OddsView{Action: int(a), Text: s.ActionString(a), Need: need, Chance: p, Why: s.OddsReason(a)}
		switch s.phase {
		case phServeCard:
			v.Ace = aceChance(int(a-actCard), need)
		case phServeSpin, phServeStars:
			v.Ace = aceChance(int(s.card), need)
		}
		out = append(out, v)
	}
	return out
}

// String renders the observation for the terminal.
func (o *Observation) String() string {
	var b strings.Builder
	me := engine.Seat(o.Seat)
	name := func(side int) string {
		if o.Solo && side == 1 {
			return "the automaton"
		}
		return engine.PlayerName(engine.Seat(side), me)
	}
	rules := o.Rules + " rules"
	if o.Challenges {
		rules += ", challenges"
		if o.RallyChallenges {
			rules += " (rally shots only)"
		}
	}
	if o.SecondServeAny {
		rules += ", any second serve"
	}
	if o.PlayerCards {
		rules += ", player cards"
	}
	mode := "tiebreak to 7"
	if o.Mode == "match" {
		mode = fmt.Sprintf("best of %d sets", o.BestOf)
	}
	fmt.Fprintf(&b, "Worldwide Tennis: %s, %s court, %s\n", mode, o.Surface, rules)
	fmt.Fprintf(&b, "Score %s", o.Score)
	if o.Phase != "over" {
		fmt.Fprintf(&b, " (%s serving)", name(o.Server))
	}
	b.WriteString("\n")
	// The court, each half as its player sees it from the baseline: backhand, centre,
	// forehand, net.
	fmt.Fprintf(&b, "  %-16s  BH  N   FH  NET  stars  hand deck disc", "")
	if o.Challenges {
		b.WriteString(" chal")
	}
	b.WriteString("\n")
	for i, sd := range o.Sides {
		label := name(i)
		cells := [4]string{" . ", " . ", " . ", " . "}
		at := indexOf(zoneCodes[:], sd.Position)
		if at >= 0 {
			cells[at] = " P "
		}
		if o.BallSide == i && o.Ball != "" {
			if z := indexOf(zoneCodes[:], o.Ball); z >= 0 {
				if z == at {
					cells[z] = " P*"
				} else {
					cells[z] = " * "
				}
			}
		}
		hand, deck := fmt.Sprint(sd.HandSize), fmt.Sprint(sd.Deck)
		if o.Solo && i == 1 {
			hand, deck = "-", "-"
		}
		stars := fmt.Sprintf("%d/%d", sd.Stars, sd.StarCap)
		fmt.Fprintf(&b, "  %-16s %s %s %s %s  %-6s %4s %4s %4d", label, cells[0], cells[1], cells[2], cells[3],
			stars, hand, deck, len(sd.Discard))
		if o.Challenges {
			fmt.Fprintf(&b, " %4d", sd.Challenges)
		}
		if len(sd.Effects) > 0 {
			fmt.Fprintf(&b, "  [%s]", strings.Join(sd.Effects, ", "))
		}
		if sd.PlayerCard != nil {
			fmt.Fprintf(&b, "  %s", sd.PlayerCard.Name)
		}
		b.WriteString("\n")
	}
	if a := o.Automaton; a != nil {
		fmt.Fprintf(&b, "  automaton piles: FH %d, BH %d, attack %d, defence %d, volley %d; penalty +%d",
			a.Piles[0], a.Piles[1], a.Piles[2], a.Piles[3], a.Piles[4], a.Penalty)
		if a.Smash != 0 {
			fmt.Fprintf(&b, "; active Smash #%d", a.Smash)
		}
		b.WriteString("\n")
	}
	if len(o.Rally) > 0 {
		b.WriteString("Rally:\n")
		writeRally(&b, o.Rally, name)
	} else if o.LastPoint != nil {
		p := o.LastPoint
		if p.Winner < 0 {
			fmt.Fprintf(&b, "Last point: a let, replayed\n")
		} else {
			fmt.Fprintf(&b, "Last point (%d): won by %s (%s)\n", p.Number, name(p.Winner), p.How)
		}
		writeRally(&b, o.LastRally, name)
	}
	if o.LastShot != nil && o.BallSide >= 0 {
		c := o.LastShot
		fmt.Fprintf(&b, "Ball: in %s %s zone; last shot %s: #%d %s (%s, malus %d on %s)\n",
			possessive(name(o.BallSide)), zoneWord(o.Ball), name(o.LastBy), c.ID, c.Name, c.Color, c.Malus, o.Surface)
	}
	if o.Seat >= 0 && o.Seat < len(o.Sides) {
		sd := o.Sides[o.Seat]
		fmt.Fprintf(&b, "Your hand (%d of %d), Winner now needs %d:\n", len(o.Hand), sd.HandLimit, sd.Winner)
		if len(o.Hand) > 0 {
			b.WriteString("  " + handHeader + "\n")
		}
		for _, c := range o.Hand {
			b.WriteString("  " + cardLine(c, o.Rules) + "\n")
		}
		if len(o.Hand) > 0 {
			b.WriteString("  " + handLegend + "\n")
		}
	}
	if o.Phase == "over" {
		b.WriteString("Match over.\n")
	} else {
		if o.ToMove == o.Seat {
			fmt.Fprintf(&b, "Your move: %s\n", o.Task)
		} else {
			fmt.Fprintf(&b, "Now: %s\n", o.Prompt)
		}
	}
	if len(o.Odds) > 0 {
		b.WriteString("Odds:")
		for _, v := range o.Odds {
			if v.Need == 0 {
				fmt.Fprintf(&b, "\n  %-40s %s", v.Text, v.Why)
				continue
			}
			fmt.Fprintf(&b, "\n  %-40s d20 >= %2d  %3.0f%%", v.Text, v.Need, 100*v.Chance)
			if v.Ace > 0 {
				fmt.Fprintf(&b, "  (ACE %.0f%%)", 100*v.Ace)
			}
			fmt.Fprintf(&b, "  %s", v.Why)
		}
		b.WriteString("\n")
	}
	if len(o.Moves) > 0 {
		b.WriteString("Moves:")
		for _, v := range o.Moves {
			fmt.Fprintf(&b, "\n  %-40s %s", v.Text, v.Detail)
		}
		b.WriteString("\n")
	}
	return b.String()
}

func possessive(name string) string {
	if name == "you" {
		return "your"
	}
	return name + "'s"
}

func zoneWord(code string) string {
	if z := indexOf(zoneCodes[:], code); z >= 0 {
		return zoneNames[z]
	}
	return code
}

// handHeader names the columns of cardLine and handLegend explains them, in 80 columns; the
// zones have the court's codes, which the court's header above spells out (NET for the volley
// zone V).
var (
	handHeader = fmt.Sprintf("%-31s%-6s %10s %5s  %-6s%-6s%s", "card", "colour", "difficulty", "malus", "from", "to",
		"icons")
	handLegend = "(BH backhand, N centre, FH forehand, NET net; +1 card: drawn after the point;\n" +
		"   a roll must reach the difficulty plus the malus of the card answered)"
)

// cardLine is one card of a hand, under handHeader: "#25 Forehand attack  orange  4  4  N/FH
// BH/FH  topspin, +1 card"; the icons the rules level ignores are left out: the effects below
// the advanced rules, the stars won in the initiation match.
func cardLine(c CardView, rules string) string {
	to := zoneCodeList(c.Targets)
	if to == "" {
		to = "point"
	}
	line := fmt.Sprintf("#%-2d %-26s %-6s %10d %5d  %-5s %-5s", c.ID, c.Name, c.Color, c.Difficulty, c.Malus,
		zoneCodeList(c.Start), to)
	var extra []string
	if c.Effect != "" && rules == levelNames[advanced] {
		extra = append(extra, c.Effect)
	}
	if c.Stars > 0 && rules != levelNames[initiation] {
		extra = append(extra, "+"+plural(c.Stars, "star"))
	}
	if c.Cost > 0 {
		extra = append(extra, "costs "+plural(c.Cost, "star"))
	}
	if c.Condition == "net" {
		extra = append(extra, "opponent at net")
	}
	if c.Condition == "backcourt" {
		extra = append(extra, "opponent at baseline")
	}
	if c.Draw > 0 {
		extra = append(extra, "+"+plural(c.Draw, "card"))
	}
	if len(extra) > 0 {
		line += " " + strings.Join(extra, ", ")
	}
	return strings.TrimRight(line, " ")
}

// zoneCodeList writes zone codes as the court's header does: "BH/N", "NET".
func zoneCodeList(codes []string) string {
	out := make([]string, len(codes))
	for i, c := range codes {
		out[i] = c
		if c == zoneCodes[zV] {
			out[i] = "NET"
		}
	}
	return strings.Join(out, "/")
}

func writeRally(b *strings.Builder, rally []ShotView, name func(int) string) {
	for i, e := range rally {
		fmt.Fprintf(b, "  %2d. %-14s #%-2d %-26s", i+1, name(e.Side), e.Card.ID, e.Card.Name)
		switch {
		case e.Result == "discarded" || e.Result == "set aside":
			fmt.Fprintf(b, " %s", e.Result)
		case e.Roll > 0:
			fmt.Fprintf(b, " d20 %2d vs %2d", e.Roll, e.Need)
			if e.Stars > 0 {
				fmt.Fprintf(b, " (%s)", plural(e.Stars, "star"))
			}
			fmt.Fprintf(b, " %s", e.Result)
		case e.Result == "pending" && e.Need > 0:
			fmt.Fprintf(b, " needs %d", e.Need)
		case e.Result == "pending":
		default:
			fmt.Fprintf(b, " %s", map[bool]string{true: "no roll", false: e.Result}[e.Result == "good"])
		}
		if e.Effect != "" {
			fmt.Fprintf(b, ", %s", e.Effect)
		}
		if e.Target != "" {
			fmt.Fprintf(b, " -> %s", zoneWord(e.Target))
		}
		// The reason comes last, where a narrow screen cuts it rather than the target.
		if e.Why != "" {
			fmt.Fprintf(b, " (%s)", e.Why)
		}
		b.WriteString("\n")
	}
}

// Narrate describes a, about to be applied, as seat may learn of it: a card drawn into another
// player's hand is "a card"; everything else is public.
func (s *State) Narrate(a engine.Action, seat engine.Seat) string {
	if !s.isLegal(a) {
		return s.ActionString(a)
	}
	text := s.narrate(a, seat)
	if s.cfg.solo {
		after := *s
		after.apply(a)
		drawn := 0
		if s.phase == phAutoDraw {
			drawn = int(a - actDraw)
		}
		text += s.autoStory(&after, seat, drawn)
	}
	return text
}

// autoStory tells what the automaton did on its own as a consequence of an action, taking
// the state from s to after: the cards it played or put aside (drawn is the card the action
// drew, called "it"), where it sent the ball, its moves and penalty, and how the point ended
// when it ended on the automaton's account. The text continues the action's narration.
func (s *State) autoStory(after *State, seat engine.Seat, drawn int) string {
	var b strings.Builder
	say := func(phrase string, continues bool) {
		if continues && b.Len() == 0 {
			b.WriteString(" and " + phrase)
			return
		}
		b.WriteString("; the automaton " + phrase)
	}
	log, n := after.rally[:after.nRally], s.nRally
	ended := after.lastPoint != s.lastPoint
	if ended {
		log = after.lastRally[:after.nLast]
	}
	you := engine.PlayerName(0, seat)
	for i := max(int(n)-1, 0); i < len(log); i++ {
		e := log[i]
		c := int(e.get(fCard))
		if e.get(fSide) != 1 || data.cards[c].kind == kServe {
			continue
		}
		var old shot
		fresh := i >= int(n)
		if !fresh {
			if old = s.rally[i]; old == e {
				continue
			}
		}
		name, cont := cardText(c), fresh && c == drawn
		if cont {
			name = "it"
		}
		var what string
		switch e.get(fResult) {
		case resDiscarded:
			what = "cannot play " + name + ": discarded"
		case resSetAside:
			what = "sets " + name + " aside as its active Smash"
		case resWinner:
			what = "wins the point with the Winner"
		case resPending:
			what = "plays " + name + ", needing " + itoa(int(e.get(fNeed)))
		case resGood:
			switch {
			case fresh && e.get(fRoll) == 0:
				what = "plays " + name + ", validated without a roll"
				if last := answeredIn(log, i); last != 0 {
					what += ": " + noRollReason(last, c)
				}
			case fresh:
				what = "plays " + name
			}
		}
		if t := e.get(fTarget); t >= 0 && (fresh || old.get(fTarget) != t) && s.phase != phAutoParity {
			if what == "" {
				what = "sends the ball"
			} else {
				what += ","
			}
			what += " to " + possessive(you) + " " + zoneNames[t] + " zone"
		}
		if what != "" {
			say(what, cont)
		}
	}
	if !ended && after.nRally > 0 && after.nRally >= s.nRally {
		from, to := s.sides[1].pos, after.sides[1].pos
		switch {
		case from == to:
		case to == zV:
			say("rushes the net", false)
		case from == zV:
			say("retreats to its "+zoneNames[to]+" zone", false)
		default:
			say("moves to its "+zoneNames[to]+" zone", false)
		}
		if d := after.auto.penalty - s.auto.penalty; d > 0 {
			say(fmt.Sprintf("pays that move with +%d (now +%d on its rolls this point)", d, after.auto.penalty), false)
		}
	}
	if ended {
		switch after.lastPoint.how {
		case howDirectFault:
			b.WriteString("; a second unplayable defence card: direct fault, " + you + " win" + sIf(seat != 0) + " the point")
		case howExhausted:
			b.WriteString("; the automaton has no card it can play: " + you + " win" + sIf(seat != 0) + " the point")
		}
	}
	return b.String()
}

// narrate describes a alone.
func (s *State) narrate(a engine.Action, seat engine.Seat) string {
	actor := s.actor
	who := func(side int8) string {
		if !s.human(side) {
			return "the automaton"
		}
		return engine.PlayerName(engine.Seat(side), seat)
	}
	p := who(actor)
	verb := func(you, other string) string {
		if engine.Seat(actor) == seat && s.human(actor) {
			return "you " + you
		}
		return p + " " + other
	}
	n := int(a)
	switch s.phase {
	case phPlayerCard:
		return verb("choose", "chooses") + " the player card " + data.players[a-actPlayer].name
	case phDeal, phEndDraw, phEndsDraw:
		c := n - int(actDraw)
		prefix := ""
		if s.sides[actor].deck == 0 {
			prefix = "the discards are shuffled into a new deck; "
		}
		if engine.Seat(actor) == seat {
			return prefix + "you draw " + cardText(c)
		}
		return prefix + p + " draws a card"
	case phCoin:
		return "the toss: " + who(int8(a-actCoin)) + " serve" + sIf(engine.Seat(a-actCoin) != seat || !s.human(int8(a-actCoin))) + " first"
	case phSide:
		return verb("receive", "receives") + " the deciding point in the " + zoneNames[a-actSide] + " zone"
	case phAutoSide:
		return "the automaton's d20 sends it to receive the deciding point in the " + zoneNames[autoZone(n-int(actParity), 1<<zBH|1<<zFH)] + " zone"
	case phServeCard:
		what := "serve"
		if s.second {
			what = "second serve"
		}
		return verb("choose", "chooses") + " a " + what + ": " + cardText(n)
	case phServeSpin:
		return verb("announce", "announces") + " a " + spinWords[a-actSpin] + " serve"
	case phServeStars:
		if n == int(actStars) {
			return verb("pay", "pays") + " no star for the serve"
		}
		return verb("pay", "pays") + " " + plural(n-int(actStars), "star") + " for the serve"
	case phAutoSpin:
		return fmt.Sprintf("the automaton's d6 shows %d: a %s serve", n-int(actD6), spinWords[autoSpin(n-int(actD6))])
	case phServeRoll:
		f := n - int(actD20)
		k := &data.cards[s.card]
		out := fmt.Sprintf("%s the d20 for the serve: %d, needing %d: ", verb("roll", "rolls"), f, s.need)
		switch {
		case f < int(s.need) && s.mayChallenge(f):
			return out + "out by a hair (a challenge is possible)"
		case f < int(s.need) && s.second:
			return out + "double fault, point to " + who(1-s.server)
		case f < int(s.need):
			return out + "fault"
		case k.aceLo > 0 && f >= k.aceLo && f <= k.aceHi:
			return out + "ACE, point to " + who(s.server)
		}
		return out + "in, to the " + zoneNames[s.serveDir] + " zone"
	case phMove:
		if a == actConcede {
			return verb("refuse", "refuses") + " to move and lose" + sIf(engine.Seat(actor) != seat) + " the point"
		}
		return verb("discard", "discards") + " " + cardText(n-int(actDiscard)) + " to move to the " + zoneNames[s.dest] + " zone"
	case phShot:
		if a == actConcede {
			return verb("cannot", "cannot") + " play a card from the " + zoneNames[s.sides[actor].pos] + " zone: the point is lost"
		}
		out := verb("play", "plays") + " " + cardText(n)
		if s.noRoll(actor, n) && !s.winnerOn(actor, n) {
			out += ", validated without a roll: " + noRollReason(int(s.last), n)
		}
		return out
	case phRollChoice:
		if a == actAuto {
			return verb("take", "takes") + " the validation without a roll: " + noRollReason(int(s.last), int(s.card))
		}
		return verb("roll", "rolls") + " for a Winner"
	case phStars:
		k := n - int(actStars)
		if k == 0 {
			return verb("pay", "pays") + " no star"
		}
		return fmt.Sprintf("%s %s (bonus %d)", verb("pay", "pays"), plural(k, "star"), rallyBonus[k])
	case phShotRoll:
		f := n - int(actD20)
		out := fmt.Sprintf("%s the d20 for %s: %d, needing %d: ", verb("roll", "rolls"), cardText(int(s.card)), f, s.need)
		switch {
		case f >= int(s.need) && (data.cards[s.card].kind == kWinner || s.winnerOnHit(actor, int(s.card), f)):
			return out + "a Winner, point to " + who(actor)
		case f >= int(s.need):
			return out + "good"
		case s.mayChallenge(f):
			return out + "out by a hair (a challenge is possible)"
		}
		return out + "fault, point to " + who(1-actor)
	case phChallenge:
		switch {
		case a != actAccept:
		case s.serving() && !s.second:
			return verb("accept", "accepts") + " the call: fault"
		case s.serving():
			return verb("accept", "accepts") + " the call: double fault, point to " + who(1-actor)
		default:
			return verb("accept", "accepts") + " the call and lose" + sIf(engine.Seat(actor) != seat) + " the point"
		}
		return verb("challenge", "challenges") + " the call"
	case phBallIn:
		if a == actBall {
			return "the Ball-in token: out. " + verb("lose", "loses") + " the point and the Challenge token"
		}
		return "the Ball-in token: in! " + verb("keep", "keeps") + " the Challenge token"
	case phTarget:
		return verb("send", "sends") + " the ball to " + possessive(who(1-actor)) + " " + zoneNames[a-actTarget] + " zone"
	case phPosition:
		switch a {
		case actNet:
			return verb("rush", "rushes") + " the net"
		case actRecentre:
			return verb("pay", "pays") + " a star to recentre"
		}
		return verb("stay", "stays") + " in the " + zoneNames[s.sides[actor].pos] + " zone"
	case phPosDiscard:
		return verb("discard", "discards") + " " + cardText(n-int(actDiscard)) + " to complete the move"
	case phAutoDraw:
		return "the automaton draws " + cardText(n-int(actDraw)) + " from its " + pileNames[s.auto.pile] + " pile"
	case phAutoParity:
		z := autoZone(n-int(actParity), data.cards[s.card].targets)
		return "the automaton's d20 sends the ball to " + possessive(who(0)) + " " + zoneNames[z] + " zone"
	case phEnds:
		if a == actRecovery {
			return verb("choose", "chooses") + " recovery (a card)"
		}
		return verb("choose", "chooses") + " concentration (2 stars)"
	case phPlan:
		if a == actNoPlan {
			return verb("make", "makes") + " no tactical plan"
		}
		return verb("pay", "pays") + " a star to take " + cardText(n-int(actPlan)) + " back from the discards"
	case phTrim:
		return verb("discard", "discards") + " " + cardText(n-int(actDiscard)) + " (hand limit)"
	}
	return s.ActionString(a)
}

// sIf returns "s" when cond holds, for verbs after "player 1" rather than "you".
func sIf(cond bool) string {
	if cond {
		return "s"
	}
	return ""
}
