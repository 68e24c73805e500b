package alakaslam

import (
	"fmt"
	"strconv"
	"strings"

	"deuce/engine"
)

// Observation is what one seat may know: everything but the other hands, cards played
// facedown by others, the cards Laurie drew (to anyone but her) and the draw pile. A spectator
// sees no hand.
type Observation struct {
	// Seat is the observing seat, or -3 for a spectator.
	Seat   int    `json:"seat"`
	Format string `json:"format"`
	// Rows and Cols are the court's size. Row 0 is player 1's baseline, row 3 player 2's;
	// column 0 is the red side, column Cols-1 the blue side.
	Rows int    `json:"rows"`
	Cols int    `json:"cols"`
	Deck string `json:"deck"`
	// Target is the points that win; Points each team's points (team 0: players 1 and 3).
	Target int    `json:"target"`
	Points [2]int `json:"points"`
	Score  string `json:"score"`
	// Phase names the step of play; ToMove is the seat to act, -1 for chance, -2 once over;
	// Doing says what it is doing.
	Phase  string `json:"phase"`
	ToMove int    `json:"toMove"`
	Doing  string `json:"doing"`
	// Stage is how far the seat-by-seat step in play has come.
	Stage int `json:"stage"`
	// Server serves the point; Serving reports that the serve is still to be struck, from
	// ServeCol. Striking is the team whose turn it is; Hitter the player at the ball and
	// Support its teammate (-1 when none).
	Server   int  `json:"server"`
	Serving  bool `json:"serving"`
	ServeCol int  `json:"serveCol"`
	Striking int  `json:"striking"`
	Hitter   int  `json:"hitter"`
	Support  int  `json:"support"`
	// Ball is where the ball is, nil before the first serve is placed.
	Ball *Cell `json:"ball,omitempty"`
	// FreeMove reports that the striking team's free move is unused. Planning reports that the
	// striking team is planning a movement together (option team-move=together): its players'
	// At are the spaces they will stand on when both are done, and may coincide until then.
	FreeMove bool         `json:"freeMove"`
	Planning bool         `json:"planning,omitempty"`
	Players  []PlayerView `json:"players"`
	// Hand is the observing seat's cards; Picked the cards it picked for the hit in progress;
	// Drawn the three cards Laurie drew, for her. While the seat is to hit, each card of Hand
	// it may not pick now says why (Card.Why).
	Hand   []Card `json:"hand,omitempty"`
	Picked []Card `json:"picked,omitempty"`
	Drawn  []Card `json:"drawn,omitempty"`
	// DrawPile counts the draw pile; Discards lists the discards (public), Table the cards of
	// the last shot still on the table.
	DrawPile   int    `json:"drawPile"`
	Discards   []Card `json:"discards"`
	Table      []Card `json:"table"`
	Reshuffles int    `json:"reshuffles"`
	// Drawing is the seat drawing at a chance node (-1 otherwise), Left the cards still to
	// draw, After what the draw leads to.
	Drawing int    `json:"drawing"`
	Left    int    `json:"left"`
	After   string `json:"after,omitempty"`
	// Aim previews where the cards picked so far would send the ball, when the observer sees
	// them and they are the first (or only) cards of the shot.
	Aim *AimView `json:"aim,omitempty"`
	// Pending are the Enchantments of the shot waiting to be aimed.
	Pending []EnchantView `json:"pending,omitempty"`
	// Discarded counts the cards discarded after the lost point by the player discarding.
	Discarded int `json:"discarded"`
	// Call is the colour player 1 called ("" before), Revealed the last card revealed for it.
	Call     string `json:"call,omitempty"`
	Revealed string `json:"revealed,omitempty"`
	NeedCall bool   `json:"needCall"`
	// NextServe and NextReceive are the member (0 or 1) of each team who serves its next serve
	// and who stands in the back corner when it next receives.
	NextServe   [2]int     `json:"nextServe"`
	NextReceive [2]int     `json:"nextReceive"`
	LastShot    *ShotView  `json:"lastShot,omitempty"`
	LastPoint   *PointView `json:"lastPoint,omitempty"`
	// Winner is the winning team once the match is over, else -1.
	Winner int `json:"winner"`
	// Notes are shown to the seat to move only, while it moves before its hit: the moves
	// after which it can no longer hit, judged from its own hand and the board, each with what
	// that costs.
	Notes []MoveNote `json:"notes,omitempty"`
}

// MoveNote warns of a legal move: Move is its notation ("move blue"), Note what it leads to
// ("the ball out of reach: you lose the point").
type MoveNote struct {
	Move string `json:"move"`
	Note string `json:"note"`
}

// Cell is a space of the court.
type Cell struct {
	Row int `json:"row"`
	Col int `json:"col"`
}

// Card is one card, or a count of cards of one kind.
type Card struct {
	Kind  int    `json:"kind"`
	Name  string `json:"name"`
	Short string `json:"short"`
	// Value is the Hit value or the Enchant value; Color is "red", "blue" or "" (Enchant).
	Value    int    `json:"value"`
	Color    string `json:"color,omitempty"`
	Enchant  bool   `json:"enchant,omitempty"`
	Straight bool   `json:"straight,omitempty"`
	Count    int    `json:"count,omitempty"`
	// Why says, on a card of the observer's hand while it is to hit, why the card may not be
	// picked now ("move to the ball first: you must stand on it to hit"); empty when it may.
	Why string `json:"why,omitempty"`
}

// PlayerView is what everyone knows of a player.
type PlayerView struct {
	Seat int `json:"seat"`
	Team int `json:"team"`
	// Character is the option value ("laurie"), Name the full name; Ability the character
	// whose ability the player uses this point (Simon's copy). Empty before set-up assigns one.
	// Mode is how the character is assigned: "choose", "random" or "fixed".
	Character string `json:"character,omitempty"`
	Name      string `json:"name,omitempty"`
	Ability   string `json:"ability,omitempty"`
	Mode      string `json:"mode"`
	// At is the player's space, nil before the first serve; during a movement planned together,
	// the space the player will stand on.
	At       *Cell `json:"at,omitempty"`
	HandSize int   `json:"handSize"`
	// Picked counts the cards picked for the hit in progress; PickedCards shows them when they
	// are played face up (a lone player), or to their owner.
	Picked      int    `json:"picked"`
	PickedCards []Card `json:"pickedCards,omitempty"`
	// TakenBack counts the cards taken back while picking the hit in progress (everyone sees a
	// card go back, face down in team play): after 64, none more may be.
	TakenBack int `json:"takenBack,omitempty"`
	// Laurie counts the cards drawn with Laurie's ability, not yet played.
	Laurie int `json:"laurie,omitempty"`
	// Required is the exact number of cards an Enchantment on the player demands of its next
	// hit (0: none); Locked forbids an Enchantment in it (Rich's Enchant-2).
	Required int  `json:"required"`
	Locked   bool `json:"locked"`
	// Earned are movement spaces bought with Enchantments this turn; Moved reports a move
	// this turn; MovedBefore, once the hit of the turn is resolved, that the player moved
	// before it (so it does not move after it); Used lists the once-per-point abilities used.
	Earned      int      `json:"earned"`
	Moved       bool     `json:"moved"`
	MovedBefore bool     `json:"movedBefore,omitempty"`
	Used        []string `json:"used,omitempty"`
	// HandTarget is the hand size the player refills to before a point.
	HandTarget int `json:"handTarget"`
}

// AimView is where the picked cards would land the ball: Result is "in", "into the net",
// "out" or "serve not across".
type AimView struct {
	To     Cell   `json:"to"`
	Result string `json:"result"`
}

// EnchantView is an Enchantment waiting to be aimed.
type EnchantView struct {
	Seat  int  `json:"seat"`
	Value int  `json:"value"`
	Lock  bool `json:"lock"`
}

// ShotView is the last shot, as revealed.
type ShotView struct {
	Team   int  `json:"team"`
	Serve  bool `json:"serve"`
	Number int  `json:"number"`
	// Plays are the player at the ball's cards, then the support's.
	Plays []PlayView `json:"plays"`
	From  Cell       `json:"from"`
	Mid   Cell       `json:"mid"`
	To    Cell       `json:"to"`
	// Result is "in", "into the net", "out" or "serve not across".
	Result string `json:"result"`
}

// PlayView is one player's cards in a shot.
type PlayView struct {
	Seat   int    `json:"seat"`
	Cards  []Card `json:"cards"`
	Laurie bool   `json:"laurie,omitempty"`
}

// PointView is the end of the last point.
type PointView struct {
	Winner int    `json:"winner"`
	How    string `json:"how"`
	Number int    `json:"number"`
}

var phaseNames = [...]string{
	phChar: "character", phDealChar: "dealing character", phSimon: "simon", phDiscardDown: "discard down",
	phDraw: "drawing", phMulligan: "mulligan", phCall: "call", phReveal: "reveal", phCorner: "corner",
	phTurn: "turn", phTeamMove: "team move", phPick: "hit", phLaurieDraw: "laurie draws",
	phLauriePlay: "laurie plays", phTarget: "aim", phEffect: "choose enchantment", phAfter: "move after hit",
	phDrawChoice: "josephias", phWendolyn: "wendolyn", phLoserDiscard: "discard after point", phOver: "over",
}

var contNames = [...]string{contRefill: "refill", contMulligan: "mulligan", contReturn: "toots", contDrawPhase: "draw phase"}

func cardOf(k int) Card {
	c := Card{Kind: k, Name: cardName(k), Short: cardShort(k), Value: value(k), Enchant: isEnchant(k)}
	if isHit(k) {
		c.Color = colorNames[color(k)]
	}
	return c
}

func cardsOf(h *counts) []Card {
	out := []Card{}
	for k := range numKinds {
		for range h[k] {
			out = append(out, cardOf(k))
		}
	}
	return out
}

func countsOf(h *counts) []Card {
	out := []Card{}
	for k := range numKinds {
		if h[k] > 0 {
			c := cardOf(k)
			c.Count = int(h[k])
			out = append(out, c)
		}
	}
	return out
}

func picksOf(p []pick) []Card {
	out := make([]Card, len(p))
	for i, x := range p {
		out[i] = cardOf(int(x.k))
		out[i].Straight = x.straight
	}
	return out
}

func cellOf(p pos) *Cell {
	if p == noPos {
		return nil
	}
	return &Cell{int(p.r), int(p.c)}
}

// Observe returns what seat may know; any seat outside the match is a spectator.
func (s *State) Observe(seat engine.Seat) engine.Observation { return s.observe(seat) }

func (s *State) observe(seat engine.Seat) *Observation {
	if seat < 0 || seat >= engine.Seat(s.nseats) {
		seat = engine.Spectator
	}
	o := &Observation{
		Seat: int(seat), Format: formatNames[s.format], Rows: numRows, Cols: int(s.cols), Deck: s.deckName,
		Target: s.score.Format().Points, Score: s.score.String(),
		Phase: phaseNames[s.phase], ToMove: int(s.ToMove()), Doing: s.waiting(), Stage: int(s.stage),
		Server: int(s.server), Serving: s.serving, ServeCol: int(s.serveCol), Striking: int(s.striking),
		Hitter: int(s.hitter), Support: int(s.support), Ball: cellOf(s.ball), FreeMove: s.free, Planning: s.planning,
		DrawPile: s.deck.total(), Discards: countsOf(&s.discard), Table: countsOf(&s.table),
		Reshuffles: int(s.reshuffles), Drawing: -1, Discarded: int(s.discarded), NeedCall: s.needCall,
		NextServe:   [2]int{int(s.nextServe[0]), int(s.nextServe[1])},
		NextReceive: [2]int{int(s.nextReceive[0]), int(s.nextReceive[1])},
		Winner:      -1,
	}
	p := s.score.PointsInGame()
	o.Points = p
	if s.score.Over() {
		o.Winner = s.score.Winner()
	}
	if s.phase == phDraw || s.phase == phLaurieDraw {
		o.Drawing, o.Left = int(s.cur), int(s.left)
		if s.phase == phDraw {
			o.After = contNames[s.cont]
			if s.cont == contReturn {
				o.After += " " + strconv.Itoa(int(s.retCur)) + " " + phaseNames[s.retPhase]
			}
		}
	}
	if s.called >= 0 {
		o.Call = colorNames[s.called]
	}
	if s.revealed >= 0 {
		o.Revealed = cardName(int(s.revealed))
	}
	for _, e := range s.ench {
		if e.seat >= 0 {
			o.Pending = append(o.Pending, EnchantView{Seat: int(e.seat), Value: int(e.value), Lock: e.lock})
		}
	}
	for x := range s.nseats {
		v := PlayerView{
			Seat: int(x), Team: int(teamOf(x)), At: cellOf(s.where(x)), HandSize: s.hands[x].total(),
			Picked: int(s.npicks[x]), TakenBack: int(s.undone[x]), Required: int(s.req[x]), Locked: s.lock[x], Earned: int(s.earned[x]),
			Moved: s.moved[x], MovedBefore: s.before[x], Mode: "fixed",
		}
		switch s.charOpt[x] {
		case charChoose:
			v.Mode = "choose"
		case charRandom:
			v.Mode = "random"
		}
		if c := s.chars[x]; c >= 0 {
			v.Character, v.Name = charKeys[c], charNames[c]
			v.HandTarget = s.handTarget(x)
		}
		if c := s.ability[x]; c >= 0 {
			v.Ability = charKeys[c]
		}
		if s.npicks[x] > 0 && s.seesPicks(x, seat) {
			v.PickedCards = picksOf(s.picks[x][:s.npicks[x]])
		}
		if s.lSeat == x {
			v.Laurie = s.laurie.total()
		}
		for bit, name := range []string{"laurie", "toots", "josephias"} {
			if s.used[x]&(1<<bit) != 0 {
				v.Used = append(v.Used, name)
			}
		}
		o.Players = append(o.Players, v)
	}
	if seat != engine.Spectator {
		o.Hand = cardsOf(&s.hands[seat])
		s.explainHand(seat, o.Hand)
		o.Notes = s.moveNotes(seat)
		if n := s.npicks[seat]; n > 0 {
			o.Picked = picksOf(s.picks[seat][:n])
		}
		if s.lSeat == int8(seat) {
			o.Drawn = cardsOf(&s.laurie)
		}
	}
	if s.phase == phPick && s.cur == s.hitter && s.npicks[s.cur] > 0 && s.seesPicks(s.cur, seat) {
		to, how := s.landing(s.picks[s.cur][:s.npicks[s.cur]])
		o.Aim = &AimView{To: Cell{int(to.r), int(to.c)}, Result: "in"}
		if how != howNone {
			o.Aim.Result = howNames[how]
		}
	}
	if sh := s.lastShot; sh.number > 0 {
		v := &ShotView{Team: int(sh.team), Serve: sh.serve, Number: int(sh.number),
			From: *cellOf(sh.from), Mid: Cell{int(sh.mid.r), int(sh.mid.c)}, To: Cell{int(sh.to.r), int(sh.to.c)}, Result: "in"}
		if sh.how != howNone {
			v.Result = howNames[sh.how]
		}
		for i, x := range sh.seats {
			if x >= 0 {
				v.Plays = append(v.Plays, PlayView{Seat: int(x), Cards: picksOf(sh.cards[i][:sh.n[i]]), Laurie: sh.laurie[i]})
			}
		}
		o.LastShot = v
	}
	if lp := s.lastPoint; lp.how != howNone {
		o.LastPoint = &PointView{Winner: int(lp.winner), How: howNames[lp.how], Number: int(lp.number)}
	}
	return o
}

// explainHand sets Why on each card of seat's hand that seat may not pick now, while it is to
// hit: the reason the pick would be refused with.
func (s *State) explainHand(seat engine.Seat, hand []Card) {
	if s.ToMove() != seat || s.phase != phTurn && s.phase != phPick {
		return
	}
	var why [numKinds]string
	if !s.mayHit(s.cur) {
		// One reason for every card: the player is away from the ball.
		off := s.offBall(s.cur)
		for k := range why {
			why[k] = off
		}
	} else {
		for k := range numKinds {
			a := pickBase + engine.Action(k)
			if s.hands[seat][k] > 0 && !s.turnLegal(s.cur, a) && !s.turnLegal(s.cur, straightBase+engine.Action(k)) {
				why[k] = s.why(a)
			}
		}
	}
	for i := range hand {
		hand[i].Why = why[hand[i].Kind]
	}
}

// teamName names team t for the viewer: "your team", "player 2", "players 1 and 3".
func (o *Observation) teamName(t int) string {
	var seats []int
	for _, p := range o.Players {
		if p.Team == t {
			seats = append(seats, p.Seat)
		}
	}
	for _, x := range seats {
		if x == o.Seat {
			if len(seats) == 1 {
				return "you"
			}
			return "your team"
		}
	}
	if len(seats) == 1 {
		return fmt.Sprintf("player %d", seats[0]+1)
	}
	return fmt.Sprintf("players %d and %d", seats[0]+1, seats[1]+1)
}

func (o *Observation) name(seat int) string {
	return engine.PlayerName(engine.Seat(seat), engine.Seat(o.Seat))
}

// String renders the observation for the terminal: the score, the court with the net, the
// players (by number, "*" marking you) and the ball ("o"), then hands and what happened last.
func (o *Observation) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "AlakaSLAM %s, first to %d. Score %s (%s %d, %s %d)\n", o.Format, o.Target, o.Score,
		o.teamName(0), o.Points[0], o.teamName(1), o.Points[1])
	if o.Winner >= 0 {
		fmt.Fprintf(&b, "Match over: %s won.\n", o.teamName(o.Winner))
	}
	o.writeCourt(&b)
	for _, p := range o.Players {
		who := fmt.Sprintf("P%d", p.Seat+1)
		if p.Seat == o.Seat {
			who += " (you)"
		}
		ch := "no character yet"
		if p.Name != "" {
			ch = p.Name
			if p.Ability != "" && p.Ability != p.Character {
				ch += " copying " + charNames[mustChar(p.Ability)]
			}
		}
		fmt.Fprintf(&b, "  %-9s %s: %d cards", who, ch, p.HandSize)
		if p.Required > 0 {
			fmt.Fprintf(&b, ", ENCHANTED: next hit exactly %d cards", p.Required)
			if p.Locked {
				b.WriteString(", no Enchantment")
			}
		}
		if p.Picked > 0 {
			if len(p.PickedCards) > 0 {
				fmt.Fprintf(&b, ", picked %s", cardList(p.PickedCards))
			} else {
				fmt.Fprintf(&b, ", %d picked, not shown", p.Picked)
			}
		}
		if len(p.Used) > 0 {
			names := make([]string, len(p.Used))
			for i, u := range p.Used {
				names[i] = charNames[mustChar(u)]
			}
			fmt.Fprintf(&b, " (used %s's ability)", strings.Join(names, "'s and "))
		}
		b.WriteByte('\n')
	}
	if o.Seat >= 0 {
		fmt.Fprintf(&b, "Your hand: %s\n", cardList(o.Hand))
		writeUnplayable(&b, o.Hand)
		if len(o.Drawn) > 0 {
			fmt.Fprintf(&b, "Drawn with Laurie's ability: %s\n", cardList(o.Drawn))
		}
	}
	fmt.Fprintf(&b, "Deck %d, discards %d", o.DrawPile, countTotal(o.Discards))
	if len(o.Table) > 0 {
		fmt.Fprintf(&b, ", on the table %s", countList(o.Table))
	}
	b.WriteByte('\n')
	if a := o.Aim; a != nil {
		note := ""
		if o.Support >= 0 {
			note = ", before the support's cards"
		}
		fmt.Fprintf(&b, "The cards picked send the ball to %s: %s%s\n", cellName(a.To), a.Result, note)
	}
	if sh := o.LastShot; sh != nil {
		var parts []string
		for _, p := range sh.Plays {
			t := o.name(p.Seat) + " " + cardList(p.Cards)
			if p.Laurie {
				t += " (Laurie)"
			}
			parts = append(parts, t)
		}
		what := "Last shot"
		if sh.Serve {
			what = "Last serve"
		}
		fmt.Fprintf(&b, "%s: %s; %s -> %s, %s\n", what, strings.Join(parts, "; "), cellName(sh.From), cellName(sh.To), sh.Result)
	}
	if lp := o.LastPoint; lp != nil {
		fmt.Fprintf(&b, "Last point (%d): %s, to %s\n", lp.Number, lp.How, o.teamName(lp.Winner))
	}
	switch {
	case o.ToMove >= 0:
		line := fmt.Sprintf("To move: %s, %s", o.name(o.ToMove), o.Doing)
		if (o.Phase == "turn" && !o.Serving) || o.Phase == "team move" || o.Phase == "move after hit" {
			p := o.Players[o.ToMove]
			moves := p.Earned
			if o.FreeMove {
				moves++
			}
			line += fmt.Sprintf(" (%d %s left", moves, plural(moves, "move"))
			if o.Phase != "move after hit" {
				line += ", the ball is on " + cellName(*o.Ball)
			}
			line += ")"
		}
		b.WriteString(line + "\n")
		for _, n := range o.Notes {
			fmt.Fprintf(&b, "Careful: %s (%s)\n", n.Move, n.Note)
		}
	case o.ToMove == int(engine.Chance):
		fmt.Fprintf(&b, "Waiting: %s\n", o.Doing)
	}
	return b.String()
}

// writeCourt draws the court, row 3 (player 2's baseline) on top, the net across the middle.
func (o *Observation) writeCourt(b *strings.Builder) {
	const w = 7
	sep := "    +" + strings.Repeat(strings.Repeat("-", w)+"+", o.Cols) + "\n"
	net := "net =" + strings.Repeat(strings.Repeat("=", w)+"=", o.Cols) + "\n"
	width := (w+1)*o.Cols + 1
	fmt.Fprintf(b, "    %s%s%s\n", "<red", strings.Repeat(" ", width-len("<red")-len("blue>")), "blue>")
	for r := o.Rows - 1; r >= 0; r-- {
		if r == o.Rows/2-1 {
			b.WriteString(net)
		} else {
			b.WriteString(sep)
		}
		fmt.Fprintf(b, " %2d |", r+1)
		for c := range o.Cols {
			var cell string
			for _, p := range o.Players {
				if p.At != nil && p.At.Row == r && p.At.Col == c {
					cell += strconv.Itoa(p.Seat + 1)
					if p.Seat == o.Seat {
						cell += "*"
					}
				}
			}
			if o.Ball != nil && o.Ball.Row == r && o.Ball.Col == c {
				if cell != "" {
					cell += " "
				}
				cell += "o"
			}
			pad := w - len(cell)
			b.WriteString(strings.Repeat(" ", pad/2) + cell + strings.Repeat(" ", pad-pad/2) + "|")
		}
		b.WriteByte('\n')
	}
	b.WriteString(sep)
}

// cellName names a space: rows count from player 1's baseline, columns from the red side.
func cellName(c Cell) string {
	return fmt.Sprintf("row %d col %d", c.Row+1, c.Col+1)
}

func cardList(cs []Card) string {
	if len(cs) == 0 {
		return "none"
	}
	parts := make([]string, len(cs))
	for i, c := range cs {
		parts[i] = c.Name
		if c.Straight {
			parts[i] += " (straight)"
		}
	}
	return strings.Join(parts, ", ")
}

// countList names cards counted by kind: "Hit-2 red, Enchant-1 (2)".
func countList(cs []Card) string {
	parts := make([]string, len(cs))
	for i, c := range cs {
		parts[i] = c.Name
		if c.Count > 1 {
			parts[i] += fmt.Sprintf(" (%d)", c.Count)
		}
	}
	return strings.Join(parts, ", ")
}

// writeUnplayable writes the cards of hand that may not be picked now, grouped by reason:
// "Not playable now: Hit-2 red, Hit-0 blue (move to the ball first: ...)".
func writeUnplayable(b *strings.Builder, hand []Card) {
	var reasons []string
	byReason := map[string][]string{}
	for _, c := range hand {
		if c.Why == "" {
			continue
		}
		if _, ok := byReason[c.Why]; !ok {
			reasons = append(reasons, c.Why)
		}
		if names := byReason[c.Why]; len(names) == 0 || names[len(names)-1] != c.Name {
			byReason[c.Why] = append(names, c.Name)
		}
	}
	for _, r := range reasons {
		fmt.Fprintf(b, "Not playable now: %s (%s)\n", strings.Join(byReason[r], ", "), r)
	}
}

func countTotal(cs []Card) int {
	n := 0
	for _, c := range cs {
		n += c.Count
	}
	return n
}

func mustChar(key string) int {
	c, _ := CharacterIndex(key)
	return c
}

func plural(n int, word string) string {
	if n == 1 {
		return word
	}
	return word + "s"
}
