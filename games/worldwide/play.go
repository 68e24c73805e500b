package worldwide

import (
	"deuce/engine"
	"deuce/score"
)

// serveBonus and rallyBonus are what 0 to 3 stars take off a roll's difficulty (rule 15).
var (
	serveBonus = [3]int{0, 2, 4}
	rallyBonus = [4]int{0, 3, 5, 7}
)

// winners are the Winner cards; smashes the Smash cards.
var winners, smashes = func() (w, sm cardSet) {
	for id := 1; id <= numShots; id++ {
		switch data.cards[id].kind {
		case kWinner:
			w.add(id)
		case kSmash:
			sm.add(id)
		}
	}
	return w, sm
}()

// newState starts a match: the player cards are chosen first when they are in play, then the
// decks are dealt.
func newState(cfg config) *State {
	f := score.Format{Kind: score.SingleTiebreak, TiebreakPoints: 7}
	if cfg.match {
		f = score.Format{Kind: score.BestOfSets, BestOf: int(cfg.bestOf), Game: score.TwoPoint, SetRule: score.TiebreakSet}
	}
	m, err := score.NewMatch(f, 0)
	if err != nil {
		panic("worldwide: " + err.Error()) // the formats above are valid
	}
	s := &State{cfg: cfg, score: m}
	for i := range s.sides {
		sd := &s.sides[i]
		sd.pos = zN
		if !s.human(int8(i)) {
			continue
		}
		sd.stars, sd.starCap, sd.limit = startStars, starSlots, handLimit
		if cfg.challenges {
			sd.challenges = challenges
		}
	}
	if cfg.playerCards {
		s.phase = phPlayerCard
		return s
	}
	s.setupDecks()
	return s
}

// pcard returns side's player card, or nil.
func (s *State) pcard(side int8) *playerCard {
	if k := s.sides[side].pcard; k > 0 {
		return &data.players[k-1]
	}
	return nil
}

// choosePlayerCard gives the actor player card k: its hand, its stars and its deck (rule 18).
func (s *State) choosePlayerCard(k int) {
	sd := &s.sides[s.actor]
	p := &data.players[k]
	sd.pcard = int8(k + 1)
	sd.stars, sd.starCap, sd.limit = int8(p.starsUp), int8(p.starsUp+p.starsDown), int8(p.hand)
	sd.removed = p.remove
	if s.actor == 0 && s.human(1) {
		s.actor = 1
		return
	}
	s.setupDecks()
}

// setupDecks takes the starting-hand cards into each hand and forms each deck (rule 7h-i);
// the automaton's five piles hold its whole deck (rule 19g). The deal follows.
func (s *State) setupDecks() {
	for i := range s.sides {
		sd := &s.sides[i]
		if !s.human(int8(i)) {
			continue
		}
		full := allShots &^ sd.removed
		sd.hand = data.startHand & full
		sd.known = sd.hand
		sd.deck = full &^ sd.hand
		sd.origin = sd.deck
	}
	if s.cfg.solo {
		s.auto.piles = allShots
	}
	s.actor = 0
	s.nextDeal()
}

// nextDeal draws the next starting card, side 0's hand first, then tosses for the serve.
func (s *State) nextDeal() {
	for ; s.actor < 2; s.actor++ {
		sd := &s.sides[s.actor]
		if s.human(s.actor) && sd.hand.count() < int(sd.limit) && sd.deck != 0 {
			s.phase = phDeal
			return
		}
	}
	s.actor = 0
	s.phase = phCoin
}

// drawInto moves card c from side's deck to its hand; an empty deck is first formed again from
// the discards (rule 11b).
func (s *State) drawInto(side int8, c int) {
	sd := &s.sides[side]
	if sd.deck == 0 {
		sd.deck, sd.discard = sd.discard, 0
		sd.origin = sd.deck
		sd.reshuffles++
	}
	sd.deck.del(c)
	sd.hand.add(c)
}

// discardFrom moves card c from actor's hand to the discards.
func (s *State) discardFrom(c int) {
	sd := &s.sides[s.actor]
	sd.hand.del(c)
	sd.known.del(c)
	sd.discard.add(c)
}

// log appends an entry to the rally log and returns it.
func (s *State) log(e shot) *shot {
	if int(s.nRally) == maxRally {
		copy(s.rally[:], s.rally[1:])
		s.nRally--
	}
	s.rally[s.nRally] = e
	s.nRally++
	return &s.rally[s.nRally-1]
}

// current is the rally log's last entry, the shot or serve in play.
func (s *State) current() *shot {
	if s.nRally == 0 {
		return s.log(newShot(0, 0, resPending))
	}
	return &s.rally[s.nRally-1]
}

// startPoint places the players for the next point (rule 8): the server in the neutral zone,
// the receiver in the zone the score names, or the one the receiver chooses on a deciding
// point.
func (s *State) startPoint() {
	s.server = int8(s.score.Server())
	for i := range s.sides {
		sd := &s.sides[i]
		sd.validated, sd.drawsDue = 0, 0
		sd.topspin, sd.slice, sd.noRush, sd.nszl, sd.retreat = false, false, false, false, false
	}
	s.auto.penalty, s.auto.smash, s.auto.lob, s.auto.redrawn, s.auto.aside = 0, 0, false, false, 0
	s.nRally, s.last, s.card, s.bet, s.spin, s.need = 0, 0, 0, 0, 0, 0
	s.forced, s.second, s.faulted, s.ends, s.let = false, false, 0, false, false
	recv := 1 - s.server
	s.sides[s.server].pos = zN
	if s.score.DecidingPoint() {
		s.actor = recv
		s.sides[recv].pos = zN
		if s.human(recv) {
			s.phase = phSide
		} else {
			s.phase = phAutoSide
		}
		return
	}
	s.serveDir = s.defaultServeDir()
	s.beginServe()
}

// defaultServeDir is the receiver's zone by the score (rule 6): in a tiebreak, the forehand
// when the points played are even and the backhand when odd; in a game of the full match, the
// forehand for its first point and the backhand for its second.
func (s *State) defaultServeDir() zone {
	p := s.score.PointsInGame()
	if s.cfg.match && !s.score.InTiebreak() {
		if p[0]+p[1] == 0 {
			return zFH
		}
		return zBH
	}
	if (p[0]+p[1])%2 == 0 {
		return zFH
	}
	return zBH
}

// beginServe asks for a serve: the player's choice, or the automaton's 10 then 4 (rule 20b).
func (s *State) beginServe() {
	s.sides[1-s.server].pos = s.serveDir
	s.sides[s.server].pos = zN
	s.actor = s.server
	s.card, s.bet, s.spin = 0, 0, 0
	if s.human(s.server) {
		s.phase = phServeCard
		return
	}
	s.card = int8(data.autoFirst)
	if s.second {
		s.card = int8(data.autoSecond)
	}
	s.log(newShot(s.server, s.card, resPending))
	if s.cfg.advanced {
		s.phase = phAutoSpin
		return
	}
	s.commitServe()
}

// serveNeed is the d20 a serve with card c, effect e and n stars must reach.
func (s *State) serveNeed(side int8, c int, e effect, n int) int {
	k := &data.cards[c]
	d := k.diff + k.spinCost[e] - serveBonus[n]
	if p := s.pcard(side); p != nil {
		d += p.serve
	}
	return d
}

// commitServe sets the serve's difficulty; the d20 follows.
func (s *State) commitServe() {
	s.need = int8(s.serveNeed(s.server, int(s.card), effect(s.spin), int(s.bet)))
	e := s.current()
	e.set(fNeed, s.need)
	e.set(fStars, s.bet)
	e.set(fSpin, s.spin)
	s.phase = phServeRoll
}

// serveRolled resolves a serve's d20 (rule 8): an ACE, a serve in, a fault or a double fault.
func (s *State) serveRolled(f int) {
	s.roll = int8(f)
	k := &data.cards[s.card]
	e := s.current()
	e.set(fRoll, int8(f))
	if f < int(s.need) {
		e.set(fResult, resFault)
		if s.mayChallenge(f) {
			e.set(fResult, resCalledOut)
			s.phase = phChallenge
			return
		}
		s.serveFault()
		return
	}
	if k.aceLo > 0 && f >= k.aceLo && f <= k.aceHi {
		e.set(fResult, resAce)
		s.pointTo(s.server, howAce)
		return
	}
	e.set(fResult, resGood)
	e.set(fTarget, int8(s.serveDir))
	s.last, s.lastBy = s.card, s.server
	s.ball = s.serveDir
	if s.cfg.advanced {
		recv := &s.sides[1-s.server]
		recv.topspin, recv.slice = effect(s.spin) == topspin, effect(s.spin) == slice
	}
	if !s.human(s.server) {
		// The automaton rushes the net on a 15 or 16 (rule 20b).
		if f == 15 || f == 16 {
			s.sides[s.server].pos = zV
		}
		s.beginTurn(1 - s.server)
		return
	}
	s.actor = s.server
	s.phase = phPosition
}

// serveFault follows a serve that is out: a second serve, or a double fault.
func (s *State) serveFault() {
	if s.second {
		s.pointTo(1-s.server, howDoubleFault)
		return
	}
	s.second, s.faulted = true, s.card
	s.beginServe()
}

// serving reports whether the card in play is a serve.
func (s *State) serving() bool { return data.cards[s.card].kind == kServe }

// mayChallenge reports whether the actor may challenge a d20 of f for the card in play (rule
// 17): challenges in play, a token left, a person's roll one short of the need, and a rally
// shot, or a serve unless the option keeps challenges to rally shots.
func (s *State) mayChallenge(f int) bool {
	return s.cfg.challenges && s.human(s.actor) && s.sides[s.actor].challenges > 0 && f == int(s.need)-1 &&
		(!s.serving() || !s.cfg.rallyOnly)
}

// moveCost reports whether moving from a to b costs a card (rule 9A): a move to or from the
// volley zone, or across two baseline zones.
func moveCost(a, b zone) bool {
	if a == b {
		return false
	}
	if a == zV || b == zV {
		return true
	}
	return a-b == 2 || b-a == 2
}

// beginTurn starts side's turn after a good shot of the other side: the move (rule 9A), or
// the answer to a lob at the net (rule 10).
func (s *State) beginTurn(side int8) {
	s.actor = side
	s.card, s.bet, s.forced = 0, 0, false
	if !s.human(side) {
		s.autoTurn()
		return
	}
	sd := &s.sides[side]
	if sd.pos == zV {
		// At the net a player does not move: volleys answer anything but a lob, which a Smash
		// answers; without a Smash the player retreats to the baseline, paying a card.
		if data.cards[s.last].kind == kLob && sd.hand&smashes == 0 {
			sd.retreat = true
			s.dest = s.ball
			s.phase = phMove
			return
		}
		s.phase = phShot
		return
	}
	if moveCost(sd.pos, s.ball) {
		s.dest = s.ball
		s.phase = phMove
		return
	}
	sd.pos = s.ball
	s.phase = phShot
}

// moved completes a paid move.
func (s *State) moved() {
	sd := &s.sides[s.actor]
	sd.pos = s.dest
	if sd.retreat {
		sd.retreat, sd.noRush = false, true
	}
	s.phase = phShot
}

// playable is the set of cards the actor may play now (rules 9B, 10, 13).
func (s *State) playable() cardSet {
	return s.playableIn(s.ctxOf(s.actor), s.sides[s.actor].hand)
}

// playableIn is the cards of set that may be played in x: those for which blockIn says
// playOK, found with the card data's indexes instead of card by card.
func (s *State) playableIn(x shotCtx, set cardSet) cardSet {
	if x.pos == zV && data.cards[x.last].kind == kLob {
		return set & smashes
	}
	set &^= smashes
	if !x.nszl {
		set &= data.startFrom[x.pos]
	}
	if x.oppPos == zV {
		set &^= data.backcourt
	} else {
		set &^= data.net
	}
	if s.human(x.side) {
		set &= data.affordable(x.stars)
	}
	return set
}

// whyNotPlay says why the actor may not play held card c, or returns "".
func (s *State) whyNotPlay(c int) string {
	return s.whyNotIn(s.ctxOf(s.actor), c)
}

// shotCtx is what decides whether a card may be played and what its roll needs: the
// striker, its zone and the opponent's, the card it answers and the effects on it.
type shotCtx struct {
	side   int8
	pos    zone
	oppPos zone
	last   int  // the card answered
	nszl   bool // no start-zone limitation (after a drop shot)
	slice  bool // a slice acts on the shot
	stars  int  // the stars the striker holds
}

// ctxOf is side's shot context in the state as it is.
func (s *State) ctxOf(side int8) shotCtx {
	sd := &s.sides[side]
	return shotCtx{side: side, pos: sd.pos, oppPos: s.sides[1-side].pos, last: int(s.last), nszl: sd.nszl,
		slice: s.sliceOn(side), stars: int(sd.stars)}
}

// Why a card cannot be played (blockIn).
const (
	playOK = iota
	blockLob
	blockSmash
	blockZone
	blockBaseline
	blockNet
	blockStars
)

// blockIn says whether card c may be played in x, playOK, or why not (rules 9B, 10, 13): a
// Smash answers a lob at the net and nothing else; the start zone must hold the ball unless a
// drop shot lifted that condition; the opponent's position must suit the card; its star cost
// must be paid.
func (s *State) blockIn(x shotCtx, c int) int {
	k := &data.cards[c]
	lobAtNet := data.cards[x.last].kind == kLob && x.pos == zV
	switch {
	case lobAtNet && k.kind != kSmash:
		return blockLob
	case lobAtNet:
		return playOK
	case k.kind == kSmash:
		return blockSmash
	case !x.nszl && !k.start.has(x.pos):
		return blockZone
	case k.cond == backcourt && x.oppPos == zV:
		return blockBaseline
	case k.cond == atNet && x.oppPos != zV:
		return blockNet
	case s.human(x.side) && x.stars < k.cost:
		return blockStars
	}
	return playOK
}

// whyNotIn says why card c may not be played in x, or returns "".
func (s *State) whyNotIn(x shotCtx, c int) string {
	k := &data.cards[c]
	switch s.blockIn(x, c) {
	case blockLob:
		return "at the net, a lob must be answered with a Smash"
	case blockSmash:
		return "a Smash answers only a lob played while you are at the net"
	case blockZone:
		return "it is played from " + zoneList(k.start, " or ") + " and you are at " + zoneNames[x.pos]
	case blockBaseline:
		return "it can be played only when the opponent is at the baseline"
	case blockNet:
		return "it can be played only when the opponent is at the net"
	case blockStars:
		return "it costs " + plural(k.cost, "star") + " and you have " + plural(x.stars, "star")
	}
	return ""
}

// sliceOn reports whether a slice acts on side's shot: advanced rules, and side not at the net
// (rule 16).
func (s *State) sliceOn(side int8) bool {
	sd := &s.sides[side]
	return s.cfg.advanced && sd.slice && sd.pos != zV
}

// noRoll reports whether side's card c is validated without a roll.
func (s *State) noRoll(side int8, c int) bool { return noRollIn(s.ctxOf(side), c) }

// noRollIn reports whether card c is validated without a roll in x (rule 9B): the card
// answered is blue and c is blue, or orange unless a slice acts (rule 16).
func noRollIn(x shotCtx, c int) bool {
	if data.cards[x.last].color != blue {
		return false
	}
	switch data.cards[c].color {
	case blue:
		return true
	case orange:
		return !x.slice
	}
	return false
}

// shotNeed is the d20 side's card c must reach with n stars.
func (s *State) shotNeed(side int8, c int, n int) int { return s.needIn(s.ctxOf(side), c, n) }

// needIn is the d20 card c must reach in x with n stars: its difficulty (a Winner's is 22
// minus the difficulties its player validated in the point), plus the surface malus of the card
// answered, plus 2 under a slice, plus the automaton's movement penalty and a player card's
// powers, minus the stars' bonus (rule 15).
func (s *State) needIn(x shotCtx, c int, n int) int {
	k := &data.cards[c]
	d := k.diff
	if k.kind == kWinner {
		d = winnerBase - int(s.sides[x.side].validated)
	}
	d += data.cards[x.last].malus[s.cfg.surface]
	if x.slice {
		d += 2
	}
	if !s.human(x.side) {
		d += int(s.auto.penalty)
	}
	if p := s.pcard(x.side); p != nil {
		d += p.surface[s.cfg.surface]
		if x.pos == zV {
			d += p.net
		}
	}
	return min(max(d-rallyBonus[n], -99), 99)
}

// winnerOn reports whether side's player card makes card c a winner on some rolls.
func (s *State) winnerOn(side int8, c int) bool {
	p := s.pcard(side)
	return p != nil && p.winnerOn.has(c)
}

// winnerOnHit reports whether the d20 f makes side's card c a winner.
func (s *State) winnerOnHit(side int8, c, f int) bool {
	p := s.pcard(side)
	return p != nil && p.winnerOn.has(c) && f >= p.winLo && f <= p.winHi
}

// playCard puts the actor's card c in play: its star cost is paid, then it is validated
// without a roll, or the stars and the d20 follow.
func (s *State) playCard(c int) {
	sd := &s.sides[s.actor]
	k := &data.cards[c]
	sd.hand.del(c)
	sd.known.del(c)
	sd.played.add(c)
	sd.stars -= int8(k.cost)
	s.card, s.bet, s.forced = int8(c), 0, false
	s.log(newShot(s.actor, int8(c), resPending))
	if s.noRoll(s.actor, c) {
		if s.winnerOn(s.actor, c) {
			s.phase = phRollChoice
			return
		}
		s.shotGood(0)
		return
	}
	s.toStars()
}

// toStars offers stars before the roll (advanced rules), or rolls.
func (s *State) toStars() {
	if s.cfg.advanced && s.sides[s.actor].stars > 0 {
		s.phase = phStars
		return
	}
	s.toShotRoll()
}

func (s *State) toShotRoll() {
	s.need = int8(s.shotNeed(s.actor, int(s.card), int(s.bet)))
	e := s.current()
	e.set(fNeed, s.need)
	e.set(fStars, s.bet)
	s.phase = phShotRoll
}

// shotRolled resolves a shot's d20: good, or a fault that the striker may challenge when the
// d20 is one short (rule 17).
func (s *State) shotRolled(f int) {
	s.roll = int8(f)
	e := s.current()
	e.set(fRoll, int8(f))
	if f >= int(s.need) {
		s.shotGood(f)
		return
	}
	e.set(fResult, resFault)
	if s.mayChallenge(f) {
		e.set(fResult, resCalledOut)
		s.phase = phChallenge
		return
	}
	s.pointTo(1-s.actor, howFault)
}

// challengeAccepted follows an accepted call: a shot's point is lost, a serve is a fault.
func (s *State) challengeAccepted() {
	s.current().set(fResult, resFault)
	if s.serving() {
		s.serveFault()
		return
	}
	s.pointTo(1-s.actor, howFault)
}

// challenged resolves the Ball-in token: in, the striker keeps the token and wins a Winner's
// point or replays the point (a serve's too); out, the token is gone and the point lost, a
// first serve's included ("vous perdez le point").
func (s *State) challenged(in bool) {
	if !in {
		s.sides[s.actor].challenges--
		s.pointTo(1-s.actor, howFault)
		return
	}
	c := int(s.card)
	if data.cards[c].kind == kWinner || s.winnerOnHit(s.actor, c, int(s.roll)) {
		s.shotGood(int(s.roll))
		return
	}
	s.current().set(fResult, resGood)
	s.letPoint()
}

// shotGood validates the card in play; f is its d20, 0 when none was rolled. A Winner wins
// the point; any other card sends the ball to its target zone.
func (s *State) shotGood(f int) {
	sd, opp := &s.sides[s.actor], &s.sides[1-s.actor]
	c := int(s.card)
	k := &data.cards[c]
	e := s.current()
	e.set(fResult, resGood)
	if s.cfg.starGains && s.human(s.actor) {
		sd.stars = min(sd.starCap, sd.stars+int8(k.stars))
	}
	if k.kind == kWinner || (f > 0 && s.winnerOnHit(s.actor, c, f)) {
		e.set(fResult, resWinner)
		s.pointTo(s.actor, howWinner)
		return
	}
	sd.validated += int16(k.diff)
	s.last, s.lastBy = int8(c), s.actor
	if s.cfg.advanced {
		opp.topspin, opp.slice = k.effect == topspin, k.effect == slice
	}
	if k.targets.count() == 1 {
		s.sendTo(k.targets.first())
		return
	}
	switch {
	case s.human(s.actor):
		s.phase = phTarget
	case f > 0:
		s.sendTo(autoZone(f%2, k.targets))
	default:
		s.phase = phAutoParity
	}
}

// sendTo sends the ball to zone z of the opponent's half. A ball in the volley zone (a drop
// shot) lifts the start-zone condition of the opponent's next shot (rule 13a).
func (s *State) sendTo(z zone) {
	s.ball = z
	s.current().set(fTarget, int8(z))
	s.sides[1-s.actor].nszl = z == zV
	if !s.human(s.actor) {
		s.autoPosition()
		return
	}
	s.phase = phPosition
}

// canRush reports whether the actor may rush the net (rules 9C, 10, 16): not from the net, not
// with the opponent there, not on the first shot after retreating from a lob, and under a
// topspin only with a card to pay.
func (s *State) canRush() bool {
	sd, opp := &s.sides[s.actor], &s.sides[1-s.actor]
	return sd.pos != zV && opp.pos != zV && !sd.noRush && (!sd.topspin || sd.hand != 0)
}

// canRecentre reports whether the actor may recentre: a star, and a card from the net.
func (s *State) canRecentre() bool {
	sd := &s.sides[s.actor]
	return sd.pos != zN && sd.stars >= 1 && (sd.pos != zV || sd.hand != 0)
}

// position applies the actor's choice of phase C.
func (s *State) position(a engine.Action) {
	sd := &s.sides[s.actor]
	switch a {
	case actNet:
		if sd.topspin {
			s.posMove, s.phase = int8(actNet-actStay), phPosDiscard
			return
		}
		sd.pos = zV
	case actRecentre:
		sd.stars--
		if sd.pos == zV {
			s.posMove, s.phase = int8(actRecentre-actStay), phPosDiscard
			return
		}
		sd.pos = zN
	}
	s.endTurn()
}

// posPaid completes a rush or a recentring once its card is paid.
func (s *State) posPaid() {
	sd := &s.sides[s.actor]
	if engine.Action(s.posMove)+actStay == actNet {
		sd.pos = zV
	} else {
		sd.pos = zN
	}
	s.endTurn()
}

// endTurn clears the effects the actor's turn used up and hands the ball to the opponent.
func (s *State) endTurn() {
	sd := &s.sides[s.actor]
	sd.topspin, sd.slice, sd.noRush, sd.nszl = false, false, false, false
	s.beginTurn(1 - s.actor)
}

// pointTo gives the point to side w (rule 11A), keeps the statistics and starts the end of
// the point, or ends the match.
func (s *State) pointTo(w int8, how int8) {
	s.clearEffects()
	// What the score was before the point: the score is too large to copy at every point.
	before := &s.score
	played, games, sets, tiebreak := before.PointsPlayed(), before.GamesCompleted(), before.SetsWon(), before.InTiebreak()
	s.lastPoint = pointEnd{winner: w, how: how, number: int16(played + 1)}
	server := int8(before.Server())
	s.pointsServed[server]++
	if w == server {
		s.pointsWon[server]++
	}
	s.wonBy[w]++
	struck := 0
	for _, e := range s.rally[:s.nRally] {
		switch e.get(fResult) {
		case resGood, resAce, resWinner:
			struck++
		}
	}
	s.shots[min(struck, maxShots-1)]++
	s.lastRally, s.nLast, s.nRally = s.rally, s.nRally, 0
	s.score.PointWon(int(w))
	after := &s.score
	if l := score.Leader(after); l >= 0 {
		if s.lead != 0 && int(s.lead) != l+1 {
			s.leadChanges++
		}
		s.lead = int8(l + 1)
	}
	gameDone := after.GamesCompleted() > games
	if s.cfg.match && gameDone && !tiebreak {
		s.gamesServed[server]++
		if w == server {
			s.gamesHeld[server]++
		}
	}
	setDone := after.SetsWon() != sets
	switch {
	case after.Over():
	case !s.cfg.match:
		s.ends = after.ChangeEnds()
	case setDone:
		s.ends = true
	case tiebreak:
		s.ends = after.ChangeEnds()
	case gameDone:
		g := after.GamesInSet()
		t := g[0] + g[1]
		s.ends = t%2 == 1 && t != 1
	}
	if setDone && s.cfg.challenges {
		for i := range s.sides {
			if s.human(int8(i)) {
				s.sides[i].challenges = min(s.sides[i].challenges+1, challenges)
			}
		}
	}
	if s.score.Over() {
		s.phase = phOver
		s.actor = 0
		return
	}
	s.finishPoint()
}

// clearEffects ends the effects of a point that is over, and its Winner difficulty.
func (s *State) clearEffects() {
	for i := range s.sides {
		sd := &s.sides[i]
		sd.topspin, sd.slice, sd.noRush, sd.nszl, sd.retreat = false, false, false, false, false
		sd.validated = 0
	}
}

// letPoint ends the point without a score: it is replayed (rule 17).
func (s *State) letPoint() {
	s.clearEffects()
	s.lastPoint = pointEnd{winner: -1, how: howLet, number: int16(s.score.PointsPlayed() + 1)}
	s.lastRally, s.nLast, s.nRally = s.rally, s.nRally, 0
	s.let, s.ends = true, false
	s.finishPoint()
}

// finishPoint starts the procedure of rule 11B: a Winner played goes back to the hand, then
// each player draws what the icons of the cards played give.
func (s *State) finishPoint() {
	for i := range s.sides {
		sd := &s.sides[i]
		if !s.human(int8(i)) {
			continue
		}
		due := 0
		for x := sd.played; x != 0; x &= x - 1 {
			due += data.cards[x.nth(0)].draw
		}
		w := sd.played & winners
		sd.played &^= w
		sd.hand |= w
		sd.known |= w
		sd.drawsDue = int8(due)
	}
	s.actor = 0
	s.nextEndDraw()
}

// nextEndDraw asks for the next end-of-point draw; once all are taken, the cards played go
// to the discards and the change of ends or the hand limit follows.
func (s *State) nextEndDraw() {
	for ; s.actor < 2; s.actor++ {
		sd := &s.sides[s.actor]
		if sd.drawsDue > 0 && sd.deck|sd.discard != 0 {
			s.phase = phEndDraw
			return
		}
		sd.drawsDue = 0
	}
	for i := range s.sides {
		sd := &s.sides[i]
		sd.discard |= sd.played
		sd.played = 0
	}
	a := &s.auto
	a.discard |= a.played | a.aside
	if a.smash != 0 {
		a.discard.add(int(a.smash))
	}
	a.played, a.aside, a.smash = 0, 0, 0
	s.actor = 0
	if s.ends {
		s.nextEnds()
		return
	}
	s.nextTrim()
}

// nextEnds asks the next player for the choices of a change of ends (rule 12).
func (s *State) nextEnds() {
	for ; s.actor < 2; s.actor++ {
		if s.human(s.actor) {
			s.phase = phEnds
			return
		}
	}
	s.actor = 0
	s.nextTrim()
}

// toPlan offers the tactical plan when the actor has a star and a discard to take back.
func (s *State) toPlan() {
	sd := &s.sides[s.actor]
	if sd.stars >= 1 && sd.discard != 0 {
		s.phase = phPlan
		return
	}
	s.actor++
	s.nextEnds()
}

// nextTrim asks the next player over the hand limit to discard; then the next point starts.
func (s *State) nextTrim() {
	for ; s.actor < 2; s.actor++ {
		sd := &s.sides[s.actor]
		if sd.hand.count() > int(sd.limit) {
			s.phase = phTrim
			return
		}
	}
	s.startPoint()
}

// apply plays a legal action.
func (s *State) apply(a engine.Action) {
	sd := &s.sides[s.actor&1]
	switch s.phase {
	case phPlayerCard:
		s.choosePlayerCard(int(a - actPlayer))
	case phDeal:
		s.drawInto(s.actor, int(a-actDraw))
		s.nextDeal()
	case phCoin:
		s.score.SetServer(int(a - actCoin))
		s.startPoint()
	case phSide:
		s.serveDir = zone(a - actSide)
		s.beginServe()
	case phAutoSide:
		s.serveDir = autoZone(int(a-actParity), 1<<zBH|1<<zFH)
		s.beginServe()
	case phServeCard:
		s.card = int8(a - actCard)
		s.log(newShot(s.actor, s.card, resPending))
		if s.cfg.advanced {
			s.phase = phServeSpin
			return
		}
		s.commitServe()
	case phServeSpin:
		s.spin = int8(a - actSpin)
		if sd.stars > 0 {
			s.phase = phServeStars
			return
		}
		s.commitServe()
	case phServeStars:
		s.bet = int8(a - actStars)
		sd.stars -= s.bet
		s.commitServe()
	case phAutoSpin:
		s.d6 = int8(a - actD6)
		s.spin = int8(autoSpin(int(s.d6)))
		s.commitServe()
	case phServeRoll:
		s.serveRolled(int(a - actD20))
	case phMove:
		if a == actConcede {
			s.pointTo(1-s.actor, howRefused)
			return
		}
		s.discardFrom(int(a - actDiscard))
		s.moved()
	case phShot:
		if a == actConcede {
			s.pointTo(1-s.actor, howNoShot)
			return
		}
		s.playCard(int(a - actCard))
	case phRollChoice:
		if a == actAuto {
			s.shotGood(0)
			return
		}
		s.forced = true
		s.toStars()
	case phStars:
		s.bet = int8(a - actStars)
		sd.stars -= s.bet
		s.toShotRoll()
	case phShotRoll:
		s.shotRolled(int(a - actD20))
	case phChallenge:
		if a == actAccept {
			s.challengeAccepted()
			return
		}
		s.phase = phBallIn
	case phBallIn:
		s.challenged(a == actBall+1)
	case phTarget:
		s.sendTo(zone(a - actTarget))
	case phPosition:
		s.position(a)
	case phPosDiscard:
		s.discardFrom(int(a - actDiscard))
		s.posPaid()
	case phAutoDraw:
		s.autoDrew(int(a - actDraw))
	case phAutoParity:
		s.sendTo(autoZone(int(a-actParity), data.cards[s.card].targets))
	case phEndDraw:
		s.drawInto(s.actor, int(a-actDraw))
		sd.drawsDue--
		if sd.drawsDue == 0 {
			s.actor++
		}
		s.nextEndDraw()
	case phEnds:
		if a == actConcentration {
			sd.stars = min(sd.starCap, sd.stars+2)
			s.toPlan()
			return
		}
		if sd.deck|sd.discard != 0 {
			s.phase = phEndsDraw
			return
		}
		s.toPlan()
	case phEndsDraw:
		s.drawInto(s.actor, int(a-actDraw))
		s.toPlan()
	case phPlan:
		if a != actNoPlan {
			c := int(a - actPlan)
			sd.stars--
			sd.discard.del(c)
			sd.hand.add(c)
			sd.known.add(c)
		}
		s.actor++
		s.nextEnds()
	case phTrim:
		s.discardFrom(int(a - actDiscard))
		s.nextTrim()
	}
}

// plural writes n and word, with an s unless n is 1.
func plural(n int, word string) string {
	if n == 1 || n == -1 {
		return itoa(n) + " " + word
	}
	return itoa(n) + " " + word + "s"
}

// zoneList names the zones of zs joined by sep.
func zoneList(zs zones, sep string) string {
	out := ""
	for _, z := range zs.list() {
		if out != "" {
			out += sep
		}
		out += zoneNames[z]
	}
	return out
}
