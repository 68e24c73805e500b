package worldwide

import (
	"math/bits"

	"deuce/engine"
	"deuce/score"
)

const (
	handLimit  = 12 // the hand limit without a player card
	maxHand    = 14 // the largest hand limit a player card may give
	startStars = 4  // stars face up at the start
	starSlots  = 5  // star tokens at the start: 4 face up, 1 face down (an empty slot)
	maxStars   = 6  // the largest star capacity a player card may give (12 tokens, 2 players)
	challenges = 2  // Challenge tokens at the start (optional rule 17)
	winnerBase = 22 // a Winner's difficulty is 22 minus the difficulties validated before it
	maxRally   = 40 // shots kept in the rally log: a hand of 14 bounds a point far below this
	maxShots   = 40 // rally lengths counted one by one, the last bucket open-ended
)

// Actions. Decisions are below 400, chance outcomes from 400 up, so the two never mix. Card
// numbers are those printed (#1-#60 shots, #61-#65 serves).
const (
	actCard          engine.Action = 0   // +n: play shot #n, or serve with serve #n
	actDiscard       engine.Action = 100 // +n: discard #n (a move's cost, a hand over the limit)
	actPlan          engine.Action = 200 // +n: tactical plan, take #n back from the discards
	actPlayer        engine.Action = 300 // +k: choose player card k+1
	actStars         engine.Action = 320 // +n: pay n stars for a bonus on the roll
	actSpin          engine.Action = 330 // +e: serve flat, with topspin or with slice
	actTarget        engine.Action = 340 // +z: send the ball to zone z
	actSide          engine.Action = 350 // +z: receive the deciding point in zone z (BH or FH)
	actStay          engine.Action = 360
	actNet           engine.Action = 361
	actRecentre      engine.Action = 362
	actConcede       engine.Action = 364
	actAuto          engine.Action = 365 // take the automatic validation (Winner on XX)
	actRoll          engine.Action = 366 // roll anyway (Winner on XX)
	actChallenge     engine.Action = 367
	actAccept        engine.Action = 368
	actRecovery      engine.Action = 369
	actConcentration engine.Action = 370
	actNoPlan        engine.Action = 371
	actDraw          engine.Action = 400 // +n: card #n drawn (a deck, or an automaton's pile)
	actD20           engine.Action = 500 // +f: the d20 shows f
	actD6            engine.Action = 530 // +f: the d6 shows f (the automaton's serve effect)
	actCoin          engine.Action = 540 // +side: the toss makes side serve first
	actParity        engine.Action = 550 // +0 even, +1 odd: the automaton's d20 for a side
	actBall          engine.Action = 560 // +0 out, +1 in: the Ball-in token
)

// Exported constructors of actions, for tests and front ends.

// Card is the action playing shot #n, or serving with serve #n (61 to 65).
func Card(n int) engine.Action { return actCard + engine.Action(n) }

// Discard is the action discarding shot #n.
func Discard(n int) engine.Action { return actDiscard + engine.Action(n) }

// D20 is the chance outcome of the d20 showing f.
func D20(f int) engine.Action { return actD20 + engine.Action(f) }

// Draw is the chance outcome drawing card #n.
func Draw(n int) engine.Action { return actDraw + engine.Action(n) }

type phase uint8

const (
	phPlayerCard phase = iota // actor chooses a player card
	phDeal                    // chance: actor draws a card of the starting hand
	phCoin                    // chance: the toss for the first server
	phSide                    // the receiver chooses the side of a deciding point
	phAutoSide                // chance: the automaton's d20 chooses the side of a deciding point
	phServeCard               // the server chooses a serve card
	phServeSpin               // the server announces an effect (advanced rules)
	phServeStars              // the server pays stars (advanced rules)
	phAutoSpin                // chance: the automaton's d6 for its serve effect
	phServeRoll               // chance: the d20 for the serve
	phMove                    // the striker pays a card to move, or refuses
	phShot                    // the striker chooses a card, or cannot play
	phRollChoice              // Winner on XX: roll anyway or take the automatic validation
	phStars                   // the striker pays stars (advanced rules)
	phShotRoll                // chance: the d20 for the shot
	phChallenge               // the striker, one short, challenges the call or accepts it
	phBallIn                  // chance: the Ball-in token
	phTarget                  // the striker chooses among the card's target zones
	phPosition                // stay, rush the net or recentre
	phPosDiscard              // the striker pays the card that rushing (topspin) or recentring costs
	phAutoDraw                // chance: the automaton draws from a pile
	phAutoParity              // chance: the automaton's d20 chooses the target side
	phEndDraw                 // chance: actor draws the cards the point's icons give
	phEnds                    // change of ends: recovery or concentration
	phEndsDraw                // chance: the recovery card
	phPlan                    // change of ends: tactical plan
	phTrim                    // actor discards down to the hand limit
	phOver
)

// How points end.
const (
	howNone        int8 = iota
	howAce              // the server served an ACE
	howDoubleFault      // the server double-faulted
	howWinner           // a Winner was validated
	howFault            // a shot missed
	howRefused          // a player refused to move (or could not pay the move)
	howNoShot           // a player could not play a card from the zone
	howDirectFault      // the automaton drew two unplayable defence cards (rule 20f)
	howAutoWinner       // the automaton drew a Winner (rule 20e)
	howExhausted        // the automaton's pile and its discards were empty
	howLet              // a challenge showed a ball in: the point is replayed
)

// Results of one entry in the rally log.
const (
	resGood      int8 = iota // validated
	resFault                 // missed
	resAce                   // an ACE
	resWinner                // a validated Winner, or a Winner on XX
	resPending               // being played
	resDiscarded             // an automaton card that could not be played
	resSetAside              // an automaton Smash set aside as active
	resCalledOut             // one short: a challenge may follow
)

// shot is one entry of the rally log, packed one field a byte (fSide to fResult) so that the
// state stays small and cheap to copy: the side, the card, the stars paid, the serve effect,
// the d20 needed (0 when no roll was needed), the d20 rolled (0 when none), the target zone
// (-1 for none) and the result.
type shot uint64

const (
	fSide = iota
	fCard
	fStars
	fSpin
	fNeed
	fRoll
	fTarget
	fResult
)

func (e shot) get(f int) int8 { return int8(e >> (8 * f)) }

func (e *shot) set(f int, v int8) {
	*e = *e&^(0xff<<(8*f)) | shot(uint8(v))<<(8*f)
}

// newShot is a log entry for side's card with no roll and no target yet.
func newShot(side, card, result int8) shot {
	var e shot
	e.set(fSide, side)
	e.set(fCard, card)
	e.set(fTarget, -1)
	e.set(fResult, result)
	return e
}

// pointEnd is how the last point ended.
type pointEnd struct {
	winner int8
	how    int8 // howNone before the first point ends
	number int16
}

// side is one player's (or the automaton's) half of the table.
type side struct {
	// Shot cards by place. played holds the cards used in the point in play; known the cards
	// every player knows to be in the hand (the starting-hand cards, a recycled Winner, a card
	// taken back by a tactical plan) until they leave it; removed the cards a player card took
	// out; origin the deck as last formed (the deal, or the discards at the last reshuffle).
	hand, deck, discard, played, known, removed, origin cardSet
	pos                                                 zone
	stars                                               int8
	starCap                                             int8
	challenges                                          int8
	limit                                               int8
	pcard                                               int8 // player card index + 1, 0 for none
	reshuffles                                          int8
	validated                                           int16 // printed difficulties validated in the point, serves aside
	drawsDue                                            int8  // end-of-point draws still to take
	// Effects on this side's next shot.
	topspin bool // rushing the net costs a card
	slice   bool // orange and red shots roll, difficulty +2
	noRush  bool // the first shot after retreating from a lob
	nszl    bool // no start-zone limitation (after a drop shot)
	retreat bool // the move in play is a retreat from a lob
}

// automaton is the solo opponent's material: five piles and no hand (rules 19-20).
type automaton struct {
	piles   cardSet // cards in the five piles; a card's pile follows from its number
	discard cardSet
	played  cardSet
	smash   int8    // the active Smash set aside, 0 for none
	penalty int8    // the cumulative movement penalty of the point (rule 20g)
	pile    pile    // the pile being drawn from
	aside   cardSet // cards drawn and not played in the turn in play; discarded after it
	lob     bool    // the draw answers a lob from the net
	redrawn bool    // a defence card already proved unplayable for this shot
}

// Rules levels (option rules): the initiation match of rule 14, the basic rules of rules 8-13
// with the stars that card icons give, and the advanced rules of rules 15-16.
const (
	initiation int8 = iota
	basic
	advanced
)

var levelNames = [...]string{"initiation", "basic", "advanced"}

// config holds a match's options.
type config struct {
	match    bool // full-match mode; false for the tiebreak mode
	bestOf   int8
	surface  int8
	advanced bool // the advanced rules: the star bonus (rule 15), topspin and slice (rule 16)
	// starGains: validated cards give the stars of their icons, in the basic and the advanced
	// rules, not in the initiation match (rule 14).
	starGains   bool
	challenges  bool
	rallyOnly   bool // challenges apply to rally shots only, not to serves
	secondAny   bool // the second serve may use the card of the first
	playerCards bool
	solo        bool
}

// level is the rules level: initiation, basic or advanced.
func (c config) level() int8 {
	switch {
	case c.advanced:
		return advanced
	case c.starGains:
		return basic
	}
	return initiation
}

// State is one match of Worldwide Tennis. It is plain data (fixed arrays and integers, no
// pointers), so a value copy is a deep copy.
type State struct {
	cfg   config
	score score.Match
	sides [2]side
	auto  automaton

	phase    phase
	actor    int8 // the side deciding or drawing: the server, the striker, or a side between points
	server   int8
	ball     zone // where the ball is on the striker's side
	dest     zone // where a paid move goes (phMove)
	posMove  int8 // what phPosDiscard completes: actNet or actRecentre
	last     int8 // the card of the last good shot (a serve included), 0 before the serve is in
	lastBy   int8 // the side that played it
	card     int8 // the card being played or served
	bet      int8 // stars paid for the roll in play
	spin     int8 // the serve effect announced
	need     int8 // the d20 target of the roll in play
	roll     int8 // the last d20
	d6       int8 // the automaton's last d6
	forced   bool // Winner on XX: the player chose to roll
	second   bool // the serve in play is a second serve
	faulted  int8 // the serve card of a first-serve fault
	serveDir zone // the receiver's zone for the serve
	ends     bool // the point just played sends the players to change ends
	let      bool // the point just played is replayed

	rally     [maxRally]shot
	nRally    int8
	lastRally [maxRally]shot // the log of the last point played
	nLast     int8
	lastPoint pointEnd

	// Statistics, per side: service games held and served (tiebreaks aside), points won on
	// serve and served, points won; points by balls struck; lead changes.
	gamesHeld, gamesServed  [2]int16
	pointsWon, pointsServed [2]int16
	wonBy                   [2]int16
	shots                   [maxShots]uint16
	lead                    int8 // the side last ahead on the scoreboard plus one; 0 before anyone was
	leadChanges             int16
}

var (
	_ engine.State        = (*State)(nil)
	_ engine.Determinizer = (*State)(nil)
	_ engine.Narrator     = (*State)(nil)
)

// NumSeats returns 2, or 1 in solo play.
func (s *State) NumSeats() int {
	if s.cfg.solo {
		return 1
	}
	return 2
}

// human reports whether side is a person's (every side but the solo automaton).
func (s *State) human(side int8) bool { return !s.cfg.solo || side == 0 }

// isChance reports whether p is a chance node.
func (p phase) isChance() bool {
	switch p {
	case phDeal, phCoin, phAutoSide, phAutoSpin, phServeRoll, phShotRoll, phBallIn, phAutoDraw, phAutoParity,
		phEndDraw, phEndsDraw:
		return true
	}
	return false
}

// ToMove returns the seat to act, Chance for draws, dice and tosses, or Nobody.
func (s *State) ToMove() engine.Seat {
	switch {
	case s.phase == phOver:
		return engine.Nobody
	case s.phase.isChance():
		return engine.Chance
	}
	return engine.Seat(s.actor)
}

// drawPile is where actor's next draw comes from: the deck, or the discards that will be
// shuffled into it when it is empty.
func (s *State) drawPile(sd *side) cardSet {
	if sd.deck != 0 {
		return sd.deck
	}
	return sd.discard
}

// autoPile is where the automaton's next draw comes from: the pile, or that pile's cards in
// the discards when it is empty (rule 20c).
func (s *State) autoPile() cardSet {
	if p := s.auto.piles & data.piles[s.auto.pile]; p != 0 {
		return p
	}
	return s.auto.discard & data.piles[s.auto.pile]
}

// Legal appends the legal actions in ascending order to buf[:0].
func (s *State) Legal(buf []engine.Action) []engine.Action {
	buf = buf[:0]
	sd := &s.sides[s.actor&1]
	addSet := func(base engine.Action, c cardSet) {
		for x := c; x != 0; x &= x - 1 {
			buf = append(buf, base+engine.Action(x.nth(0)))
		}
	}
	switch s.phase {
	case phPlayerCard:
		taken := s.sides[1-s.actor].pcard
		for k := range data.players {
			if int8(k+1) != taken {
				buf = append(buf, actPlayer+engine.Action(k))
			}
		}
	case phDeal, phEndDraw, phEndsDraw:
		addSet(actDraw, s.drawPile(sd))
	case phCoin:
		buf = append(buf, actCoin, actCoin+1)
	case phSide:
		buf = append(buf, actSide+engine.Action(zBH), actSide+engine.Action(zFH))
	case phAutoSide, phAutoParity:
		buf = append(buf, actParity, actParity+1)
	case phServeCard:
		for id := firstServ; id <= numCards; id++ {
			if int8(id) != s.faulted || s.cfg.secondAny {
				buf = append(buf, actCard+engine.Action(id))
			}
		}
	case phServeSpin:
		buf = append(buf, actSpin, actSpin+1, actSpin+2)
	case phServeStars:
		for n := range min(2, int(sd.stars)) + 1 {
			buf = append(buf, actStars+engine.Action(n))
		}
	case phStars:
		for n := range min(3, int(sd.stars)) + 1 {
			buf = append(buf, actStars+engine.Action(n))
		}
	case phAutoSpin:
		for f := 1; f <= 6; f++ {
			buf = append(buf, actD6+engine.Action(f))
		}
	case phServeRoll, phShotRoll:
		for f := 1; f <= 20; f++ {
			buf = append(buf, actD20+engine.Action(f))
		}
	case phMove:
		addSet(actDiscard, sd.hand)
		buf = append(buf, actConcede)
	case phShot:
		addSet(actCard, s.playable())
		if len(buf) == 0 {
			buf = append(buf, actConcede)
		}
	case phRollChoice:
		buf = append(buf, actAuto, actRoll)
	case phChallenge:
		buf = append(buf, actChallenge, actAccept)
	case phBallIn:
		buf = append(buf, actBall, actBall+1)
	case phTarget:
		for z := range numZones {
			if data.cards[s.card].targets.has(z) {
				buf = append(buf, actTarget+engine.Action(z))
			}
		}
	case phPosition:
		buf = append(buf, actStay)
		if s.canRush() {
			buf = append(buf, actNet)
		}
		if s.canRecentre() {
			buf = append(buf, actRecentre)
		}
	case phPosDiscard, phTrim:
		addSet(actDiscard, sd.hand)
	case phAutoDraw:
		addSet(actDraw, s.autoPile())
	case phEnds:
		buf = append(buf, actRecovery, actConcentration)
	case phPlan:
		addSet(actPlan, sd.discard)
		buf = append(buf, actNoPlan)
	}
	return buf
}

// Chances appends the outcomes of the chance node, every one of weight 1: the cards of a deck
// or pile, the faces of a die, the sides of a coin or token, in the order Legal lists them.
func (s *State) Chances(buf []engine.ChanceOutcome) []engine.ChanceOutcome {
	buf = buf[:0]
	var cards cardSet
	switch s.phase {
	case phDeal, phEndDraw, phEndsDraw:
		cards = s.drawPile(&s.sides[s.actor&1])
	case phAutoDraw:
		cards = s.autoPile()
	case phCoin:
		return append(buf, coinFaces...)
	case phAutoSide, phAutoParity:
		return append(buf, parityFaces...)
	case phAutoSpin:
		return append(buf, d6Faces...)
	case phServeRoll, phShotRoll:
		return append(buf, d20Faces...)
	case phBallIn:
		return append(buf, ballFaces...)
	default:
		return buf
	}
	n := cards.count()
	if cap(buf) < n {
		buf = make([]engine.ChanceOutcome, 0, max(n, numShots+4))
	}
	buf = buf[:n]
	for i, x := 0, cards; x != 0; i, x = i+1, x&(x-1) {
		buf[i] = engine.ChanceOutcome{Action: actDraw + engine.Action(bits.TrailingZeros64(uint64(x))), Weight: 1}
	}
	return buf
}

// The outcomes of the coin, the automaton's d20 for a side, the d6, the d20 and the Ball-in
// token, each of weight 1.
var (
	coinFaces   = faces(actCoin, 2)
	parityFaces = faces(actParity, 2)
	d6Faces     = faces(actD6+1, 6)
	d20Faces    = faces(actD20+1, 20)
	ballFaces   = faces(actBall, 2)
)

// faces is the n outcomes first, first+1, ..., each of weight 1.
func faces(first engine.Action, n int) []engine.ChanceOutcome {
	out := make([]engine.ChanceOutcome, n)
	for k := range out {
		out[k] = engine.ChanceOutcome{Action: first + engine.Action(k), Weight: 1}
	}
	return out
}

// isLegal reports whether a is in Legal, phase by phase without listing them all.
func (s *State) isLegal(a engine.Action) bool {
	sd := &s.sides[s.actor&1]
	in := func(base engine.Action, n int) bool { return a >= base && a <= base+engine.Action(n) }
	switch s.phase {
	case phPlayerCard:
		k := int(a - actPlayer)
		return a >= actPlayer && k < len(data.players) && int8(k+1) != s.sides[1-s.actor].pcard
	case phDeal, phEndDraw, phEndsDraw:
		return s.drawPile(sd).has(int(a - actDraw))
	case phCoin:
		return in(actCoin, 1)
	case phSide:
		return a == actSide+engine.Action(zBH) || a == actSide+engine.Action(zFH)
	case phAutoSide, phAutoParity:
		return in(actParity, 1)
	case phServeCard:
		return in(actCard+firstServ, numCards-firstServ) && (int8(a-actCard) != s.faulted || s.cfg.secondAny)
	case phServeSpin:
		return in(actSpin, 2)
	case phServeStars:
		return in(actStars, min(2, int(sd.stars)))
	case phStars:
		return in(actStars, min(3, int(sd.stars)))
	case phAutoSpin:
		return in(actD6+1, 5)
	case phServeRoll, phShotRoll:
		return in(actD20+1, 19)
	case phMove:
		return a == actConcede || sd.hand.has(int(a-actDiscard))
	case phShot:
		p := s.playable()
		if a == actConcede {
			return p == 0
		}
		return p.has(int(a - actCard))
	case phRollChoice:
		return a == actAuto || a == actRoll
	case phChallenge:
		return a == actChallenge || a == actAccept
	case phBallIn:
		return in(actBall, 1)
	case phTarget:
		return in(actTarget, int(numZones)-1) && data.cards[s.card].targets.has(zone(a-actTarget))
	case phPosition:
		return a == actStay || a == actNet && s.canRush() || a == actRecentre && s.canRecentre()
	case phPosDiscard, phTrim:
		return sd.hand.has(int(a - actDiscard))
	case phAutoDraw:
		return s.autoPile().has(int(a - actDraw))
	case phEnds:
		return a == actRecovery || a == actConcentration
	case phPlan:
		return a == actNoPlan || sd.discard.has(int(a-actPlan))
	}
	return false
}

// Apply plays a; an illegal a returns an error matching engine.ErrIllegal and changes nothing.
func (s *State) Apply(a engine.Action) error {
	if !s.isLegal(a) {
		return s.illegal(a)
	}
	s.apply(a)
	return nil
}

// Clone returns an independent copy.
func (s *State) Clone() engine.State {
	c := *s
	return &c
}

// PointsWon returns the points each side has won so far (engine.Points).
func (s *State) PointsWon() [2]int { return s.score.PointsWon() }

var _ engine.Points = (*State)(nil)

// Result reports the returns and the tennis score. In solo play the one seat's return is +1
// when the person beats the automaton, -1 otherwise, and Winner is Nobody when the automaton
// wins.
func (s *State) Result() engine.Result {
	r := engine.Result{Winner: engine.Nobody, Score: s.score.String()}
	if !s.score.Over() {
		return r
	}
	w := s.score.Winner()
	r.Over = true
	if s.cfg.solo {
		r.Returns = []float64{-1}
		if w == 0 {
			r.Returns[0], r.Winner = 1, 0
		}
		r.Score += map[bool]string{true: " (you beat the automaton)", false: " (the automaton wins)"}[w == 0]
		return r
	}
	r.Winner = engine.Seat(w)
	r.Returns = make([]float64, 2)
	r.Returns[w], r.Returns[1-w] = 1, -1
	return r
}

// Score returns the tennis score.
func (s *State) Score() score.Match { return s.score }

// ServiceGames reports, per side (side 1 is the automaton in solo play), the service games
// held and played, tiebreaks aside: a game counts once it is complete, held when its server won
// it. The tiebreak mode has no service games; see ServicePoints.
func (s *State) ServiceGames() (held, played [2]int) {
	for i := range 2 {
		held[i], played[i] = int(s.gamesHeld[i]), int(s.gamesServed[i])
	}
	return held, played
}

// ServicePoints reports, per side, the points won on serve and the points served, every point
// of the match counted (tiebreaks and lets aside: a replayed point is not counted).
func (s *State) ServicePoints() (won, played [2]int) {
	for i := range 2 {
		won[i], played[i] = int(s.pointsWon[i]), int(s.pointsServed[i])
	}
	return won, played
}

var _ engine.Tennis = (*State)(nil)

// TennisFacts reports the match's points, service games held (tiebreaks aside) and service
// points, rally lengths (balls struck in: the serve in, then every shot validated), lead
// changes, and the surface and rules as tags. Side 1 is the automaton in solo play. A replayed
// point (a challenge's let) is not counted.
func (s *State) TennisFacts() engine.TennisFacts {
	t := engine.TennisFacts{
		Points:      s.score.PointsPlayed(),
		Games:       s.score.GamesCompleted(),
		LeadChanges: int(s.leadChanges),
		Tags: []engine.Tag{
			{Key: "surface", Value: surfaceNames[s.cfg.surface], Side: engine.BothSides},
			{Key: "rules", Value: levelNames[s.cfg.level()], Side: engine.BothSides},
		},
	}
	if s.cfg.solo {
		t.Tags = append(t.Tags, engine.Tag{Key: "opponent", Value: "automaton", Side: 1})
	}
	for i := range 2 {
		t.PointsWon[i] = int(s.wonBy[i])
		t.ServicePoints[i], t.ServicePointsWon[i] = int(s.pointsServed[i]), int(s.pointsWon[i])
		t.ServiceGames[i], t.Holds[i] = int(s.gamesServed[i]), int(s.gamesHeld[i])
	}
	n := len(s.shots)
	for n > 0 && s.shots[n-1] == 0 {
		n--
	}
	t.Shots = make([]int, n)
	for k := range n {
		t.Shots[k] = int(s.shots[k])
	}
	return t
}
