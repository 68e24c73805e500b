package alakaslam

import (
	"slices"

	"deuce/engine"
	"deuce/score"
)

// Formats of play.
const (
	Singles  = 0 // one against one on 4 rows x 3 columns
	Doubles  = 1 // two against two on 4 rows x 4 columns, no Enchant-1s
	Canadian = 2 // player 2 alone against players 1 and 3 on 4 rows x 4 columns
)

var formatNames = [...]string{"singles", "doubles", "canadian"}

// The court has 4 rows, two on each side of the net. Team 0 (players 1 and 3) defends rows 0
// and 1, team 1 (players 2 and 4) rows 2 and 3. Column 0 is the red side, the last column the
// blue side: red and blue are fixed sides of the court, the same for both teams.
const (
	numRows  = 4
	maxCols  = 4
	maxSeats = 4
	maxPicks = 3 // cards in one player's hit
	// maxTakeBacks is the most cards a player may take back while picking one hit (see doc.go).
	maxTakeBacks = 64
	handSize     = 8
)

// Characters.
const (
	Austin = iota
	Laurie
	Rich
	Toots
	Josephias
	Simon
	Sarissia
	Wendolyn
	numChars
)

// charKeys are the characters' option values; charNames their full names.
var (
	charKeys  = [numChars]string{"austin", "laurie", "rich", "toots", "josephias", "simon", "sarissia", "wendolyn"}
	charNames = [numChars]string{"Æthermancer Austin", "Kismetician Laurie", "Mægister Rich", "Meddlemagus Toots",
		"Morticimagician Josephias", "Shapeshifter Simon", "Sorceress Sarissia", "Witch Wendolyn"}
)

// Character option modes besides a fixed character.
const (
	charChoose = -1 // the seat chooses a character during set-up
	charRandom = -2 // a character is dealt at random
	charNone   = -3 // not assigned yet
)

// Actions. Decisions are below 200 and chance outcomes from 200 up.
const (
	pickBase       engine.Action = 0   // pick card kind k for the hit: pickBase+k
	straightBase   engine.Action = 16  // pick a Hit-2 to go straight (Æthermancer Austin): straightBase+k
	actUnpick      engine.Action = 30  // take back the last card picked
	actHit         engine.Action = 31  // play the cards picked
	actDone        engine.Action = 33  // end a movement or a discard
	actLaurie      engine.Action = 34  // Kismetician Laurie: hit with one of three cards drawn
	actKeep        engine.Action = 35  // keep the hand
	actMulligan    engine.Action = 36  // discard the hand, draw one card fewer
	actCallRed     engine.Action = 37  // call red for the first serve
	actCallBlue    engine.Action = 38  // call blue
	actCornerRed   engine.Action = 39  // serve from the red back corner
	actCornerBlue  engine.Action = 40  // serve from the blue back corner
	actDrawNormal  engine.Action = 41  // Morticimagician Josephias draws as usual
	moveBase       engine.Action = 44  // move one space: moveBase+dir
	spendBase      engine.Action = 48  // discard an Enchantment for movement: spendBase+k
	discardBase    engine.Action = 64  // discard kind k: discardBase+k
	takeBase       engine.Action = 80  // Josephias takes kind k from the discards: takeBase+k
	tootsBase      engine.Action = 96  // Meddlemagus Toots makes seat redraw: tootsBase+seat
	targetBase     engine.Action = 100 // aim the Enchantment at seat: targetBase+seat
	effectBase     engine.Action = 104 // the Enchantment of seat takes effect: effectBase+seat
	lauriePlayBase engine.Action = 108 // Laurie plays kind k of the three: lauriePlayBase+k
	chooseBase     engine.Action = 120 // choose character c: chooseBase+c
	copyBase       engine.Action = 130 // Shapeshifter Simon copies character c: copyBase+c
	actConcede     engine.Action = 190 // do not hit: the other side wins the point (last, out of the way)
	drawBase       engine.Action = 200 // chance: a card of kind k is drawn: drawBase+k
	revealBase     engine.Action = 220 // chance: the top card revealed is kind k: revealBase+k
	dealCharBase   engine.Action = 240 // chance: character c is dealt: dealCharBase+c
	actionLimit    engine.Action = 250 // every action is below
)

// Directions of a move, as the mover sees them.
const (
	dirForward = iota // toward the net
	dirBack           // away from the net
	dirRed            // toward the red side
	dirBlue           // toward the blue side
	numDirs
)

var dirNames = [numDirs]string{"forward", "back", "red", "blue"}

// Pick is the action picking a card of kind k for a hit.
func Pick(k int) engine.Action { return pickBase + engine.Action(k) }

// Draw is the chance outcome drawing a card of kind k.
func Draw(k int) engine.Action { return drawBase + engine.Action(k) }

type phase uint8

const (
	phChar         phase = iota // cur chooses a character
	phDealChar                  // chance: cur is dealt a character
	phSimon                     // cur (Simon) copies a character in play
	phDiscardDown               // cur discards down to the hand size
	phDraw                      // chance: cur draws drawLeft cards, then cont
	phMulligan                  // cur keeps or mulligans
	phCall                      // cur calls red or blue for the first serve
	phReveal                    // chance: the top card is revealed
	phCorner                    // the server chooses the back corner
	phTurn                      // a lone player's turn: move, then hit (or serve)
	phTeamMove                  // cur, one of a team, moves before the hit
	phPick                      // cur picks the cards of a hit
	phLaurieDraw                // chance: Laurie draws three
	phLauriePlay                // Laurie plays one of the three
	phTarget                    // cur aims an Enchantment at an opponent
	phEffect                    // the lone player chooses which Enchantment takes effect
	phAfter                     // cur moves after the hit
	phDrawChoice                // Josephias: draw, or take a card from the discards
	phWendolyn                  // Wendolyn discards a card before drawing
	phLoserDiscard              // cur, who lost the point, discards up to 3
	phOver
)

// What a draw continues with.
type cont uint8

const (
	contRefill    cont = iota // the refill before a point, seat by seat
	contMulligan              // the same seat decides again whether to mulligan
	contReturn                // back to retPhase and retCur (after Toots's redraw)
	contDrawPhase             // the draw phase of the next teammate, or the next turn
)

// How a point ended.
const (
	howNone      int8 = iota
	howConceded       // the striker chose not to hit
	howUnreached      // no player of the team could reach the ball
	howNet            // the ball did not cross the net
	howOut            // the ball landed outside the court
	howStraight       // a serve landed in the column it started in
	howNoServe        // the server chose not to serve
)

var howNames = [...]string{"", "not returned", "ball not reached", "into the net", "out", "serve not across", "no serve"}

// Once-per-point abilities used, as bits of used.
const (
	usedLaurie uint8 = 1 << iota
	usedToots
	usedJosephias
)

type pos struct{ r, c int8 }

var noPos = pos{-1, -1}

// pick is one card picked for a hit; straight marks an Austin Hit-2 sent straight.
type pick struct {
	k        int8
	straight bool
}

// enchant is an Enchantment revealed in a shot, waiting for its target.
type enchant struct {
	seat  int8 // who played it; -1 for none
	value int8
	lock  bool // Mægister Rich's Enchant-2: no Enchantment in the return
}

var noEnchant = enchant{seat: -1}

// shot is the last shot played, as everyone saw it once revealed.
type shot struct {
	team   int8
	seats  [2]int8 // the player at the ball and the support (-1 in singles)
	cards  [2][maxPicks]pick
	n      [2]int8
	laurie [2]bool // played with Kismetician Laurie's ability
	from   pos
	mid    pos // where the first player's cards left the ball
	to     pos
	how    int8 // howNone when the ball landed in
	serve  bool
	number int16 // shots played in the match, from 1
}

// pointEnd is how the last point ended.
type pointEnd struct {
	winner int8 // team
	how    int8
	number int16 // points played when it ended, from 1
}

// State is one match of AlakaSLAM. It is plain data: fixed arrays and small integers, so a value
// copy is a deep copy.
type State struct {
	format   int8
	nseats   int8
	cols     int8
	teamSize [2]int8
	team     [2][2]int8 // the seats of each team
	deckName string

	total   counts // every card of the match
	deck    counts // the draw pile; it has no order
	discard counts
	table   counts // the cards of the last shot, until the next shot or the end of the point
	hands   [maxSeats]counts
	picks   [maxSeats][maxPicks]pick
	npicks  [maxSeats]int8
	undone  [maxSeats]int8 // cards taken back while picking the hit in progress
	viaL    [maxSeats]bool // the seat's pick was played with Laurie's ability
	laurie  counts         // the cards Laurie drew, before she plays one
	lSeat   int8           // the seat holding laurie, -1

	charOpt [maxSeats]int8 // character options: a character, charChoose or charRandom
	chars   [maxSeats]int8
	ability [maxSeats]int8 // the ability used this point: the character's, or Simon's copy

	pos  [maxSeats]pos
	ball pos
	// plan is where the striking team's players will stand when their movement, planned one
	// teammate after the other, is applied to both at once (option team-move=together);
	// planning reports that such a movement is in progress.
	plan     [maxSeats]pos
	planning bool

	// The rule options (see options.go).
	tootsTurn     bool // toots=turn: Toots acts at any of her decisions before she picks and after her hit
	together      bool // team-move=together: teammates move simultaneously
	discardAtOnce bool // played=after-hit: a shot's cards go to the discards once it is resolved

	score score.Match

	phase    phase
	cur      int8 // the seat to act, or to draw at a chance node
	stage    int8 // how far a seat-by-seat stage has come
	cont     cont
	left     int8 // cards still to draw in phDraw and phLaurieDraw
	retPhase phase
	retCur   int8

	server      int8
	serving     bool // the serve has not been struck yet
	serveCol    int8
	striking    int8 // the team whose turn it is
	hitter      int8 // the player at the ball
	support     int8 // the teammate, -1 when alone
	free        bool // the turn's free move is unused
	earned      [maxSeats]int8
	moved       [maxSeats]bool
	before      [maxSeats]bool // the seat moved before the hit (set when the hit is resolved)
	req         [maxSeats]int8 // an Enchantment on the seat: its next hit uses exactly req cards
	lock        [maxSeats]bool // Rich's lock: no Enchantment in the seat's next hit
	used        [maxSeats]uint8
	ench        [2]enchant // Enchantments of the shot being resolved: player at the ball, support
	discarded   int8       // cards discarded so far after a lost point
	loser       int8       // the team that lost the last point
	needCall    bool       // the first server is still to be called
	called      int8       // the colour called, -1 before
	revealed    int8       // the last card revealed for the call, -1 before
	nextServe   [2]int8    // the member of each team to serve its next serve
	nextReceive [2]int8    // the member of each team to stand in the back corner when receiving
	reshuffles  int16
	shots       int16
	lastShot    shot
	lastPoint   pointEnd
	facts       facts // for simulations; no observation shows them
}

var (
	_ engine.State        = (*State)(nil)
	_ engine.Determinizer = (*State)(nil)
	_ engine.Narrator     = (*State)(nil)
	_ engine.Simultaneous = (*State)(nil)
)

// NumSeats returns 2 in singles, 3 in Canadian doubles, 4 in doubles.
func (s *State) NumSeats() int { return int(s.nseats) }

// ToMove returns the seat to act, Chance while a card or character is dealt, or Nobody.
func (s *State) ToMove() engine.Seat {
	switch s.phase {
	case phDealChar, phDraw, phReveal, phLaurieDraw:
		return engine.Chance
	case phOver:
		return engine.Nobody
	}
	return engine.Seat(s.cur)
}

// Pending lists the seat to move while it plays cards facedown (doubles): the choice is secret.
// The support decides after seeing how many cards the player at the ball played, so the two
// facedown plays are consecutive, never taken in any order.
func (s *State) Pending() []engine.Seat {
	if (s.phase == phPick || s.phase == phLauriePlay) && s.facedown() {
		return []engine.Seat{engine.Seat(s.cur)}
	}
	return nil
}

// facedown reports that the striking side plays its cards facedown: a team of two.
func (s *State) facedown() bool { return s.teamSize[s.striking] == 2 }

// seesPicks reports whether seat sees the cards x has picked for the hit in progress: only x
// does. In doubles they are played facedown; in singles the text plays a hit's cards at once,
// and picking them card by card (and taking one back) is only how the engine records that
// play, so what a player tried and took back was never shown on the table. Everyone sees how
// many are picked, and the cards once the hit is played.
func (s *State) seesPicks(x int8, seat engine.Seat) bool { return engine.Seat(x) == seat }

// teamOf returns the team of seat.
func teamOf(seat int8) int8 { return seat % 2 }

// partner returns seat's teammate, or -1.
func (s *State) partner(seat int8) int8 {
	t := teamOf(seat)
	if s.teamSize[t] < 2 {
		return -1
	}
	if s.team[t][0] == seat {
		return s.team[t][1]
	}
	return s.team[t][0]
}

// memberIndex returns seat's index within its team.
func (s *State) memberIndex(seat int8) int8 {
	if s.team[teamOf(seat)][0] == seat {
		return 0
	}
	return 1
}

// backRow and forward give a team's baseline and the direction of the net from it.
func backRow(t int8) int8 {
	if t == 0 {
		return 0
	}
	return numRows - 1
}

func forward(t int8) int8 {
	if t == 0 {
		return 1
	}
	return -1
}

// onSide reports whether row r is on team t's side of the net.
func onSide(t, r int8) bool {
	if t == 0 {
		return r == 0 || r == 1
	}
	return r == 2 || r == 3
}

// pile returns the cards a draw comes from: the draw pile, or the discards that will be
// shuffled into it when it is empty.
func (s *State) pile() *counts {
	if s.deck.total() > 0 {
		return &s.deck
	}
	return &s.discard
}

// takeFromPile removes a card of kind k from the draw pile, shuffling the discards into it
// first when it is empty.
func (s *State) takeFromPile(k int) {
	if s.deck.total() == 0 {
		s.deck, s.discard = s.discard, counts{}
		s.reshuffles++
	}
	s.deck[k]--
}

// handTarget is the hand size seat refills to before a point.
func (s *State) handTarget(seat int8) int {
	n := handSize
	if s.ability[seat] == Sarissia {
		n += 2
	}
	if s.chars[seat] == Simon && s.partner(seat) >= 0 {
		n--
	}
	return n
}

// drawCount is the number of cards seat draws at the end of its turn.
func (s *State) drawCount(seat int8) int8 {
	if s.partner(seat) >= 0 {
		return 1
	}
	return 2
}

// inPlay reports whether character c belongs to a seat.
func (s *State) inPlay(c int) bool {
	for seat := range s.nseats {
		if int(s.chars[seat]) == c {
			return true
		}
	}
	return false
}

// charFree reports whether character c can still be chosen or dealt: nobody has it and no
// seat's option names it.
func (s *State) charFree(c int) bool {
	for seat := range s.nseats {
		if int(s.chars[seat]) == c || int(s.charOpt[seat]) == c {
			return false
		}
	}
	return true
}

// Legal appends the legal actions in ascending order to buf[:0].
func (s *State) Legal(buf []engine.Action) []engine.Action {
	buf = buf[:0]
	seat := s.cur
	switch s.phase {
	case phChar, phDealChar:
		base := chooseBase
		if s.phase == phDealChar {
			base = dealCharBase
		}
		for c := range numChars {
			if s.charFree(c) {
				buf = append(buf, base+engine.Action(c))
			}
		}
	case phSimon:
		for c := range numChars {
			if c != Simon && s.inPlay(c) {
				buf = append(buf, copyBase+engine.Action(c))
			}
		}
	case phDiscardDown, phWendolyn:
		buf = s.appendHand(buf, seat, discardBase)
	case phLoserDiscard:
		buf = append(buf, actDone)
		if s.discarded < 3 {
			buf = s.appendHand(buf, seat, discardBase)
		}
	case phDraw, phLaurieDraw, phReveal:
		p := s.pile()
		for k := range numKinds {
			if p[k] > 0 {
				buf = append(buf, drawBase+engine.Action(k))
			}
		}
		if s.phase == phReveal {
			for i := range buf {
				buf[i] += revealBase - drawBase
			}
		}
	case phMulligan:
		buf = append(buf, actKeep)
		if s.hands[seat].total() > 0 {
			buf = append(buf, actMulligan)
		}
	case phCall:
		buf = append(buf, actCallRed, actCallBlue)
	case phCorner:
		buf = append(buf, actCornerRed, actCornerBlue)
	case phTurn:
		buf = s.appendPicks(buf, seat)
		buf = s.appendLaurie(buf, seat)
		buf = s.appendMoves(buf, seat)
		buf = append(buf, actConcede)
	case phTeamMove, phAfter:
		if s.mayFinish(seat) {
			buf = append(buf, actDone)
		}
		buf = s.appendMoves(buf, seat)
	case phPick:
		// Laurie's ability needs no card picked, taking back and hitting a card picked: the
		// list is in ascending order either way.
		buf = s.appendPicks(buf, seat)
		if s.mayUnpick(seat) {
			buf = append(buf, actUnpick)
		}
		if s.canConfirm(seat) {
			buf = append(buf, actHit)
		}
		buf = s.appendLaurie(buf, seat)
		buf = s.appendToots(buf, seat)
		if seat == s.hitter {
			buf = append(buf, actConcede)
		}
	case phLauriePlay:
		for k := range numKinds {
			if s.laurie[k] > 0 {
				buf = append(buf, lauriePlayBase+engine.Action(k))
			}
		}
	case phTarget:
		// Any opponent: when both players of a team enchant, the second Enchantment goes to the
		// other opponent by itself, so the two are never aimed at the same player.
		for _, o := range s.team[1-s.striking][:s.teamSize[1-s.striking]] {
			buf = append(buf, targetBase+engine.Action(o))
		}
	case phEffect:
		for _, e := range s.ench {
			if e.seat >= 0 {
				buf = append(buf, effectBase+engine.Action(e.seat))
			}
		}
		slices.Sort(buf) // the player at the ball may have the higher number
	case phDrawChoice:
		buf = append(buf, actDrawNormal)
		for k := range numKinds {
			if s.discard[k] > 0 {
				buf = append(buf, takeBase+engine.Action(k))
			}
		}
	}
	return buf
}

// appendHand appends base+k for every kind k in seat's hand.
func (s *State) appendHand(buf []engine.Action, seat int8, base engine.Action) []engine.Action {
	for k := range numKinds {
		if s.hands[seat][k] > 0 {
			buf = append(buf, base+engine.Action(k))
		}
	}
	return buf
}

// appendPicks appends the cards seat may pick now, then the Hit-2s Æthermancer Austin may send
// straight.
func (s *State) appendPicks(buf []engine.Action, seat int8) []engine.Action {
	if !s.mayHit(seat) {
		return buf
	}
	r := s.pickRule(seat)
	switch {
	case r.none:
		return buf
	case r.need <= 0:
		// No more cards needed: any card in hand, an Enchantment if one may be added.
		for k := range numKinds {
			if r.h[k] > 0 && (k < numHitKinds || r.enchOK) {
				buf = append(buf, pickBase+engine.Action(k))
			}
		}
	default:
		for k := range numKinds {
			if r.allows(k) {
				buf = append(buf, pickBase+engine.Action(k))
			}
		}
	}
	if s.ability[seat] == Austin {
		for c := range 2 {
			if k := hitKind(2, c); r.allows(k) {
				buf = append(buf, straightBase+engine.Action(k))
			}
		}
	}
	return buf
}

// appendLaurie appends Kismetician Laurie's ability when seat may use it now.
func (s *State) appendLaurie(buf []engine.Action, seat int8) []engine.Action {
	if s.mayHit(seat) && s.canLaurie(seat) {
		buf = append(buf, actLaurie)
	}
	return buf
}

// appendMoves appends seat's moves, Enchantments it may discard for movement, and Toots's
// ability.
func (s *State) appendMoves(buf []engine.Action, seat int8) []engine.Action {
	if s.mayMove(seat) {
		for d := range numDirs {
			if s.canStep(seat, d) {
				buf = append(buf, moveBase+engine.Action(d))
			}
		}
		for k := numHitKinds; k < numKinds; k++ {
			if s.hands[seat][k] > 0 {
				buf = append(buf, spendBase+engine.Action(k))
			}
		}
	}
	return s.appendToots(buf, seat)
}

// appendToots appends Meddlemagus Toots's ability on every player holding a card, when seat
// may use it now.
func (s *State) appendToots(buf []engine.Action, seat int8) []engine.Action {
	if s.canToots(seat, s.phase) {
		for t := range s.nseats {
			if s.hands[t].total() > 0 {
				buf = append(buf, tootsBase+engine.Action(t))
			}
		}
	}
	return buf
}

// mayHit reports whether seat may play cards now: the player at the ball must stand on it; the
// support plays from wherever it stands.
func (s *State) mayHit(seat int8) bool {
	switch s.phase {
	case phTurn:
		return s.pos[seat] == s.ball
	case phPick:
		return seat == s.support || s.pos[seat] == s.ball
	}
	return false
}

// mayMove reports whether seat may move in the phase in play: never before the serve, never
// after the hit once it moved before.
func (s *State) mayMove(seat int8) bool {
	switch s.phase {
	case phTurn:
		return !s.serving
	case phTeamMove:
		return true
	case phAfter:
		return !s.before[seat]
	}
	return false
}

// canStep reports whether seat can move one space in direction d: it has a move left and the
// space is on its side of the court. Moving one teammate after the other, the space may not be
// the teammate's; moving together, it may be, as long as the two do not end up sharing it
// (stepOnMate).
func (s *State) canStep(seat int8, d int) bool {
	if s.earned[seat] == 0 && !s.free {
		return false
	}
	to, ok := s.stepTarget(seat, d)
	if !ok {
		return false
	}
	p := s.partner(seat)
	switch {
	case p < 0 || s.where(p) != to:
		return true
	case !s.planning:
		return false
	}
	return s.stepOnMate(seat)
}

// stepTarget is the space one step from seat in direction d, and whether it is on seat's side.
func (s *State) stepTarget(seat int8, d int) (pos, bool) {
	p := s.where(seat)
	t := teamOf(seat)
	switch d {
	case dirForward:
		p.r += forward(t)
	case dirBack:
		p.r -= forward(t)
	case dirRed:
		p.c--
	case dirBlue:
		p.c++
	}
	return p, p.c >= 0 && p.c < s.cols && onSide(t, p.r)
}

// limits returns the fewest and most cards seat's hit may use, and whether it may include an
// Enchantment.
func (s *State) limits(seat int8) (lo, hi int8, enchantOK bool) {
	if r := s.req[seat]; r > 0 {
		return r, r, !s.lock[seat]
	}
	return 1, maxPicks, !s.lock[seat]
}

// pickedEnchants counts the Enchantments among seat's picks.
func (s *State) pickedEnchants(seat int8) int8 {
	var n int8
	for _, p := range s.picks[seat][:s.npicks[seat]] {
		if isEnchant(int(p.k)) {
			n++
		}
	}
	return n
}

// canPick reports whether seat can add a card of kind k to its hit and still complete a legal
// hit from the cards left in hand.
func (s *State) canPick(seat int8, k int) bool {
	r := s.pickRule(seat)
	return r.allows(k)
}

// pickRule is what decides which cards a seat may add to its hit, read once for all kinds.
type pickRule struct {
	h              *counts
	none           bool // no card may be added: the hit is full, or played with Laurie's ability
	need           int  // cards still needed after this one to reach the fewest the hit may use
	enchOK         bool // an Enchantment may be added
	hits, enchants int  // Hit cards and Enchantments in hand
}

func (s *State) pickRule(seat int8) pickRule {
	return s.pickRuleWith(seat, &s.hands[seat])
}

// pickRuleWith is pickRule with seat holding h.
func (s *State) pickRuleWith(seat int8, h *counts) pickRule {
	lo, hi, enchOK := s.limits(seat)
	n := s.npicks[seat] + 1
	r := pickRule{h: h, none: s.viaL[seat] || n > hi, need: int(lo - n), enchOK: enchOK && s.pickedEnchants(seat) == 0}
	if r.need > 0 {
		for j := range numHitKinds {
			r.hits += int(h[j])
		}
		r.enchants = h.enchants()
	}
	return r
}

// allows reports whether a card of kind k may be added: it is in hand, and a legal hit can
// still be completed from the cards left.
func (r *pickRule) allows(k int) bool {
	if r.none || r.h[k] == 0 {
		return false
	}
	if isEnchant(k) {
		if !r.enchOK {
			return false
		}
		// The Enchantment is picked: only Hit cards may follow.
		return r.need <= 0 || r.hits >= r.need
	}
	if r.need <= 0 {
		return true
	}
	usable := r.hits - 1
	if r.enchOK && r.enchants > 0 {
		usable++
	}
	return usable >= r.need
}

// canConfirm reports whether seat's picks make a legal hit.
func (s *State) canConfirm(seat int8) bool {
	lo, hi, _ := s.limits(seat)
	n := s.npicks[seat]
	return n >= lo && n <= hi
}

// canLaurie reports whether seat may use Kismetician Laurie's ability now.
func (s *State) canLaurie(seat int8) bool {
	return s.ability[seat] == Laurie && s.used[seat]&usedLaurie == 0 && s.npicks[seat] == 0 &&
		s.deck.total()+s.discard.total() > 0
}

// canToots reports whether seat may use Meddlemagus Toots's ability in phase ph of its team's
// turn. Under toots=turn (the text: "on your turn") she may at any of her decisions before she
// picks cards, the team serve included, and after her hit; under toots=moves only at her
// movement decisions: not before a team serve, not after the hit once she moved before it.
// Moving together, she first steps off her teammate's space.
func (s *State) canToots(seat int8, ph phase) bool {
	if s.ability[seat] != Toots || s.used[seat]&usedToots != 0 || s.sharing(seat) {
		return false
	}
	switch ph {
	case phTurn, phTeamMove:
		return true
	case phAfter:
		return s.tootsTurn || !s.before[seat]
	case phPick:
		return s.tootsTurn && s.npicks[seat] == 0 && !s.viaL[seat]
	}
	return false
}

// hasChoice reports whether Legal lists two actions or more, in the phases where cards are
// picked (phTurn, phPick), counting them as Legal finds them, no further than two.
func (s *State) hasChoice() bool {
	seat, ph := s.cur, s.phase
	n := 0
	if ph == phTurn || seat == s.hitter {
		n++ // concede
	}
	if ph == phPick && s.mayUnpick(seat) {
		n++ // take back
	}
	if ph == phPick && s.canConfirm(seat) {
		n++ // hit
	}
	if n < 2 && s.mayHit(seat) {
		r := s.pickRule(seat)
		for k := 0; k < numKinds && n < 2; k++ {
			if r.allows(k) {
				n++
				if s.ability[seat] == Austin && isHit(k) && value(k) == 2 {
					n++ // and straight
				}
			}
		}
		if s.canLaurie(seat) {
			n++
		}
	}
	if n < 2 && ph == phTurn && s.mayMove(seat) {
		for d := 0; d < numDirs && n < 2; d++ {
			if s.canStep(seat, d) {
				n++
			}
		}
		for k := numHitKinds; k < numKinds; k++ {
			if s.hands[seat][k] > 0 {
				n++ // spend it to move
			}
		}
	}
	if n < 2 && s.canToots(seat, ph) {
		for t := range s.nseats {
			if s.hands[t].total() > 0 {
				n++
			}
		}
	}
	return n >= 2
}

// canPlay reports whether seat has any legal hit.
func (s *State) canPlay(seat int8) bool {
	return s.canPlayWith(seat, &s.hands[seat])
}

// canPlayWith is canPlay with seat holding h.
func (s *State) canPlayWith(seat int8, h *counts) bool {
	if s.canLaurie(seat) {
		return true
	}
	r := s.pickRuleWith(seat, h)
	for k := range numKinds {
		if r.allows(k) {
			return true
		}
	}
	return false
}

// Chances appends the outcomes of the chance node: cards by count, or characters still free.
func (s *State) Chances(buf []engine.ChanceOutcome) []engine.ChanceOutcome {
	buf = buf[:0]
	switch s.phase {
	case phDealChar:
		for c := range numChars {
			if s.charFree(c) {
				buf = append(buf, engine.ChanceOutcome{Action: dealCharBase + engine.Action(c), Weight: 1})
			}
		}
	case phDraw, phLaurieDraw, phReveal:
		base := drawBase
		if s.phase == phReveal {
			base = revealBase
		}
		p := s.pile()
		for k := range numKinds {
			if p[k] > 0 {
				buf = append(buf, engine.ChanceOutcome{Action: base + engine.Action(k), Weight: int(p[k])})
			}
		}
	}
	return buf
}

// Clone returns an independent copy.
func (s *State) Clone() engine.State {
	c := *s
	return &c
}

// PointsWon returns the points each side has won so far (engine.Points).
func (s *State) PointsWon() [2]int { return s.score.PointsWon() }

var _ engine.Points = (*State)(nil)

// Result reports the returns and the score; in team play every seat of the winning team gets
// +1 and Winner is its first seat.
func (s *State) Result() engine.Result {
	r := engine.Result{Winner: engine.Nobody, Score: s.score.String()}
	if s.score.Over() {
		w := int8(s.score.Winner())
		r.Over = true
		r.Winner = engine.Seat(s.team[w][0])
		r.Returns = s.AppendReturns(make([]float64, 0, s.nseats))
	}
	return r
}

// Score returns the score: points per team.
func (s *State) Score() score.Match { return s.score }
