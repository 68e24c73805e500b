package lmn

import (
	"fmt"
	"strconv"
	"strings"

	"deuce/engine"
	"deuce/score"
)

// Observation is what one seat may know: its own hand, and everything on the table (every
// preparation area, the cards played and discarded this point, the size of every hand and
// reserve pile, the hand cards everybody saw taken back from a preparation area). A spectator
// sees no hand.
type Observation struct {
	// Seat is the observing seat, or -3 for a spectator.
	Seat int `json:"seat"`
	// Seats is 2 in singles and 4 in doubles; teams are the even and the odd seats.
	Seats int `json:"seats"`
	// Score is the tennis score in notation ("6-4 3-2"); Tennis is the same, structured.
	Score        string     `json:"score"`
	Tennis       score.View `json:"tennis"`
	Format       string     `json:"format"`
	PointsPlayed int        `json:"pointsPlayed"`
	// Server serves the point in play; ToMove is the seat to act, -1 for chance, -2 once over.
	Server int `json:"server"`
	ToMove int `json:"toMove"`
	// Phase is "dealing", "preparing", "serving", "ending turn", "drawing", "returning" or
	// "over".
	Phase string `json:"phase"`
	// Mover is the seat deciding, or the seat dealt or drawing cards; -1 once over.
	Mover int `json:"mover"`
	// Draws counts the cards Mover takes: still to be dealt or drawn, or drawn at the end of
	// the turn being ended.
	Draws int `json:"draws"`
	// Next is the seat that returns the ball once the turn being ended (and its draw) is over;
	// -1 outside those phases.
	Next int `json:"next"`
	// Ball is where the ball is; nil before the serve.
	Ball *BallView `json:"ball,omitempty"`
	// Passed reports that the ball was passed to the striker by his partner.
	Passed bool `json:"passed"`
	// Defence and Aim are the cards the striker has chosen so far for the shot he is making.
	Defence []CardView `json:"defence"`
	Aim     []CardView `json:"aim"`
	// Moved are the cards already moved in the turn being ended (or the setup): each moves once.
	Moved []int `json:"moved"`
	// Shots counts the card plays of the rally, the serve included.
	Shots   int          `json:"shots"`
	Players []PlayerView `json:"players"`
	// LastPlay is the latest serve, shot or pass; LastPoint the latest point ended. Nil before
	// the first.
	LastPlay  *PlayView  `json:"lastPlay,omitempty"`
	LastPoint *PointView `json:"lastPoint,omitempty"`
}

// CardView is one card: its number, the zones its defence covers and where it places the ball.
type CardView struct {
	ID      int      `json:"id"`
	Defence []string `json:"defence"`
	Shot    string   `json:"shot"`
}

// BallView is the ball: in Zone of the half of Side (0 for seats 1 and 3, 1 for seats 2 and 4),
// for Seat to return. Special reports a special shot.
type BallView struct {
	Zone    string `json:"zone"`
	Side    int    `json:"side"`
	Seat    int    `json:"seat"`
	Special bool   `json:"special"`
}

// PlayerView is one seat's cards as the observer sees them.
type PlayerView struct {
	Seat int `json:"seat"`
	// Hand is the observer's own hand; absent for every other seat.
	Hand     []CardView `json:"hand,omitempty"`
	HandSize int        `json:"handSize"`
	// Known are the hand cards everybody saw taken back from the preparation area.
	Known   []CardView `json:"known"`
	Prep    []CardView `json:"prep"`
	Reserve int        `json:"reserve"`
	// Court are the cards played this point; Discarded those discarded by passing.
	Court     []CardView `json:"court"`
	Discarded []CardView `json:"discarded"`
	// Short counts the cards the hand has lost for the rest of the rally (off balance, passes).
	Short int `json:"short"`
}

// PlayView is a serve, a shot or a pass.
type PlayView struct {
	Seat int `json:"seat"`
	// Kind is "serve", "regular shot", "special shot", "safe return", "off-balance return",
	// "safe counter-attack", "off-balance counter-attack" or "pass".
	Kind    string `json:"kind"`
	Defence []int  `json:"defence"`
	Aim     []int  `json:"aim"`
	// FromHand is the card played from the hand, 0 if none; Discarded the card a pass discarded.
	FromHand  int    `json:"fromHand"`
	Discarded int    `json:"discarded,omitempty"`
	Zone      string `json:"zone"`
	Draws     int    `json:"draws"`
}

// PointView is the end of a point.
type PointView struct {
	Number int `json:"number"`
	// Winner is the side that won (0: seats 1 and 3; 1: seats 2 and 4); Loser the seat that
	// could not return the ball in Zone.
	Winner int    `json:"winner"`
	Loser  int    `json:"loser"`
	Zone   string `json:"zone"`
	// How is "could not cover" or "no card to place a shot".
	How     string `json:"how"`
	Special bool   `json:"special"`
}

var phaseNames = [...]string{
	phaseDeal:   "dealing",
	phaseSetup:  "preparing",
	phaseServe:  "serving",
	phaseManage: "ending turn",
	phaseDraw:   "drawing",
	phaseShot:   "returning",
	phaseOver:   "over",
}

func cardView(c int) CardView {
	card := deck.Cards[c]
	v := CardView{ID: c, Shot: card.Shot.String(), Defence: []string{}}
	for z := range Zone(numZones) {
		if card.Defence.has(z) {
			v.Defence = append(v.Defence, z.String())
		}
	}
	return v
}

func cardViews(m cards) []CardView {
	out := make([]CardView, 0, m.count())
	for ; m != 0; m &= m - 1 {
		out = append(out, cardView(m.first()))
	}
	return out
}

// Observe returns what seat may know; any seat that is not in the match is a spectator.
func (s *State) Observe(seat engine.Seat) engine.Observation {
	return s.observe(seat)
}

func (s *State) observe(seat engine.Seat) *Observation {
	if seat < 0 || int(seat) >= int(s.n) {
		seat = engine.Spectator
	}
	o := &Observation{
		Seat:         int(seat),
		Seats:        int(s.n),
		Score:        s.score.String(),
		Tennis:       s.score.View(),
		Format:       formatName(s.score.Format()),
		PointsPlayed: s.score.PointsPlayed(),
		Server:       int(s.server),
		ToMove:       int(s.ToMove()),
		Phase:        phaseNames[s.phase],
		Mover:        int(s.mover),
		Next:         -1,
		Passed:       s.passed,
		Defence:      cardViews(s.def),
		Aim:          cardViews(s.aim),
		Moved:        s.moved.list(),
		Shots:        int(s.shots),
	}
	switch s.phase {
	case phaseOver:
		o.Mover = -1
	case phaseDeal, phaseDraw:
		o.Draws = int(s.left)
	case phaseManage:
		o.Draws = s.draws()
	}
	if s.phase == phaseManage || s.phase == phaseDraw {
		o.Next = int(s.next)
	}
	if s.ball >= 0 && s.phase != phaseOver {
		striker := s.mover
		if o.Next >= 0 {
			striker = s.next
		}
		o.Ball = &BallView{Zone: s.ball.String(), Side: side(striker), Seat: int(striker), Special: s.special}
	}
	for i := range s.n {
		p := &s.p[i]
		v := PlayerView{
			Seat:      int(i),
			HandSize:  p.hand.count(),
			Known:     cardViews(p.known),
			Prep:      cardViews(p.prep),
			Reserve:   p.reserve.count(),
			Court:     cardViews(p.court),
			Discarded: cardViews(p.out),
			Short:     int(p.short),
		}
		if engine.Seat(i) == seat {
			v.Hand = cardViews(p.hand)
		}
		o.Players = append(o.Players, v)
	}
	if l := s.last; l.kind != kindNone {
		v := &PlayView{Seat: int(l.seat), Kind: kindNames[l.kind], Defence: l.def.list(), Aim: l.aim.list(),
			FromHand: int(l.hand), Zone: l.zone.String(), Draws: int(l.draws)}
		if l.kind == kindPass {
			v.Defence, v.Discarded = []int{}, l.def.first()
		}
		o.LastPlay = v
	}
	if e := s.lastPoint; e.number > 0 {
		how := "could not cover"
		if e.placed {
			how = "no card to place a shot"
		}
		o.LastPoint = &PointView{Number: int(e.number), Winner: 1 - side(e.loser), Loser: int(e.loser),
			Zone: e.zone.String(), How: how, Special: e.special}
	}
	return o
}

// formatName is the format option naming f.
func formatName(f score.Format) string {
	switch f.BestOf {
	case 3:
		return "best-of-3"
	case 5:
		return "best-of-5"
	}
	return "set"
}

// letters name the doubles seats as the rules do.
const letters = "ABCD"

// name names seat for the observer: "you", "player 2"; in doubles with the rules' letter.
func (o *Observation) name(seat int) string {
	n := engine.PlayerName(engine.Seat(seat), engine.Seat(o.Seat))
	if o.Seats == 4 && seat >= 0 && seat < 4 {
		n += " (" + letters[seat:seat+1] + ")"
	}
	return n
}

func cardText(c CardView) string {
	return strconv.Itoa(c.ID) + " " + strings.Join(c.Defence, "+") + ">" + c.Shot
}

func cardsText(cs []CardView) string {
	if len(cs) == 0 {
		return "none"
	}
	parts := make([]string, len(cs))
	for i, c := range cs {
		parts[i] = "[" + cardText(c) + "]"
	}
	return strings.Join(parts, " ")
}

func intsText(ids []int) string {
	parts := make([]string, len(ids))
	for i, c := range ids {
		parts[i] = strconv.Itoa(c)
	}
	return strings.Join(parts, "+")
}

// String renders the observation for the terminal: the score, the court seen from the
// observer's end with the preparation cards covering each zone and the ball, every player's
// cards as far as the observer may see them, and whose turn it is.
func (o *Observation) String() string {
	var b strings.Builder
	me := o.Seat
	if me < 0 {
		me = 0
	}
	names := [2]string{o.name(0), o.name(1)}
	if o.Seats == 4 {
		names = [2]string{o.name(0) + " & " + o.name(2), o.name(1) + " & " + o.name(3)}
	}
	kind := "singles"
	if o.Seats == 4 {
		kind = "doubles"
	}
	fmt.Fprintf(&b, "Love Means Nothing, %s, %s. Score %s\n", kind, o.Format, o.Score)
	m := o.Tennis
	board := scoreBoard(names, m)
	b.WriteString(board)
	b.WriteString("\n\n")

	near, far := side(int8(me)), 1-side(int8(me))
	farSeats, nearSeats := o.sideSeats(far), o.sideSeats(near)
	for _, seat := range farSeats {
		o.playerLines(&b, seat)
	}
	o.court(&b, near)
	for _, seat := range nearSeats {
		o.playerLines(&b, seat)
	}
	b.WriteString("\n")
	o.status(&b)
	return b.String()
}

// sideSeats lists the seats of a team: [side] in singles, [side, side+2] in doubles.
func (o *Observation) sideSeats(team int) []int {
	if o.Seats == 4 {
		return []int{team, team + 2}
	}
	return []int{team}
}

func scoreBoard(names [2]string, v score.View) string {
	var lines [2]strings.Builder
	w := max(len(names[0]), len(names[1]))
	for side := range 2 {
		mark := "  "
		if !v.Over && v.Server >= 0 && v.Server == side {
			mark = "* "
		}
		fmt.Fprintf(&lines[side], "  %s%-*s", mark, w, names[side])
		for _, set := range v.Sets {
			fmt.Fprintf(&lines[side], " %2d", set.Games[side])
		}
		if v.Over && v.Winner == side {
			lines[side].WriteString("  won")
		}
	}
	return lines[0].String() + "\n" + lines[1].String()
}

// playerLines writes what the observer sees of seat's cards.
func (o *Observation) playerLines(b *strings.Builder, seat int) {
	p := o.Players[seat]
	fmt.Fprintf(b, "  %s: %d in hand, %d in reserve", o.name(seat), p.HandSize, p.Reserve)
	if p.Short > 0 {
		fmt.Fprintf(b, ", hand %d smaller this rally", p.Short)
	}
	b.WriteString("\n")
	fmt.Fprintf(b, "    preparation: %s\n", cardsText(p.Prep))
	if p.Hand != nil {
		fmt.Fprintf(b, "    hand:        %s\n", cardsText(p.Hand))
	} else if len(p.Known) > 0 {
		fmt.Fprintf(b, "    known hand:  %s\n", cardsText(p.Known))
	}
	if len(p.Court) > 0 || len(p.Discarded) > 0 {
		fmt.Fprintf(b, "    played:      %s", cardsText(p.Court))
		if len(p.Discarded) > 0 {
			fmt.Fprintf(b, "; discarded %s", cardsText(p.Discarded))
		}
		b.WriteString("\n")
	}
}

// court draws both halves, the near team's at the bottom: each zone with the preparation cards
// covering it and "(o)" for the ball.
func (o *Observation) court(b *strings.Builder, near int) {
	cell := func(team int, z Zone) string {
		var parts []string
		parts = append(parts, z.String())
		for _, seat := range o.sideSeats(team) {
			for _, c := range o.Players[seat].Prep {
				for _, d := range c.Defence {
					if d == z.String() {
						id := strconv.Itoa(c.ID)
						if o.Seats == 4 {
							id = letters[seat:seat+1] + id
						}
						parts = append(parts, id)
					}
				}
			}
		}
		if o.Ball != nil && o.Ball.Side == team && o.Ball.Zone == z.String() {
			parts = append(parts, "(o)")
		}
		return strings.Join(parts, " ")
	}
	w := 10
	if o.Seats == 4 {
		w = 14
	}
	rule := func(ch string) string {
		return "          +" + strings.Repeat(strings.Repeat(ch, w+2)+"+", 3) + "\n"
	}
	row := func(name string, team int, zs [3]Zone) {
		fmt.Fprintf(b, "   %6s |", name)
		for _, z := range zs {
			fmt.Fprintf(b, " %-*s |", w, cell(team, z))
		}
		b.WriteString("\n")
	}
	far := 1 - near
	b.WriteString(rule("-"))
	// The far team faces the observer: their left is on the observer's right.
	row("back", far, [3]Zone{BR, BC, BL})
	row("front", far, [3]Zone{FR, FC, FL})
	b.WriteString(strings.TrimSuffix(rule("="), "\n") + " net\n")
	row("front", near, [3]Zone{FL, FC, FR})
	row("back", near, [3]Zone{BL, BC, BR})
	b.WriteString(rule("-"))
}

// status writes the last play, the last point and whose turn it is.
func (o *Observation) status(b *strings.Builder) {
	if e := o.LastPoint; e != nil && (o.Shots == 0 || o.Phase == "over") {
		how := "could not cover " + e.Zone
		if e.How != "could not cover" {
			how = "could cover the ball but had no second card to place a shot with (one card a turn comes from the hand, the others from the preparation area)"
		}
		fmt.Fprintf(b, "Point %d: %s %s and lost the point.\n", e.Number, o.name(e.Loser), how)
	}
	if e := o.LastPlay; e != nil && o.Shots > 0 {
		switch e.Kind {
		case "serve":
			fmt.Fprintf(b, "Last: %s served card %d to %s.\n", o.name(e.Seat), e.Aim[0], e.Zone)
		case "pass":
			fmt.Fprintf(b, "Last: %s passed, discarding card %d.\n", o.name(e.Seat), e.Discarded)
		default:
			fmt.Fprintf(b, "Last: %s played %s to %s (defence %s, placement %s).\n",
				o.name(e.Seat), withArticle(e.Kind), e.Zone, intsText(e.Defence), intsText(e.Aim))
		}
	}
	who := o.name(o.Mover)
	switch o.Phase {
	case "over":
		fmt.Fprintf(b, "Match over: %s won %s.\n", o.teamName(o.Tennis.Winner), o.Score)
		return
	case "dealing":
		fmt.Fprintf(b, "Point %d: dealing (%s, %d more).\n", o.PointsPlayed+1, who, o.Draws)
		return
	case "drawing":
		fmt.Fprintf(b, "%s %s %d more.\n", who, verb(o.Mover == o.Seat, "draw", "draws"), o.Draws)
		return
	case "preparing":
		fmt.Fprintf(b, "Point %d, %s serving. To move: %s, laying out preparation cards (no two covering the same zone).\n",
			o.PointsPlayed+1, o.name(o.Server), who)
	case "serving":
		fmt.Fprintf(b, "To move: %s, serving: one card from the hand or the preparation area.\n", who)
	case "ending turn":
		fmt.Fprintf(b, "To move: %s, ending the turn: move cards between hand and preparation area, then done", who)
		if o.Draws > 0 {
			fmt.Fprintf(b, " (then draw %d)", o.Draws)
		}
		b.WriteString(".\n")
	case "returning":
		ball := o.Ball
		fmt.Fprintf(b, "To move: %s, returning the ball in %s", who, ball.Zone)
		if ball.Special {
			b.WriteString(" (a special shot: cover it twice, or be off balance)")
		}
		b.WriteString(".\n")
		if o.Passed {
			b.WriteString("The ball was passed: it cannot be passed again.\n")
		}
		if len(o.Defence) > 0 {
			fmt.Fprintf(b, "Chosen: defence %s", cardsText(o.Defence))
			if len(o.Aim) > 0 {
				fmt.Fprintf(b, ", placement %s", cardsText(o.Aim))
			}
			b.WriteString(".\n")
		}
		b.WriteString("One card per turn from the hand, the others from the preparation area.\n")
	}
}

func (o *Observation) teamName(team int) string {
	if o.Seats == 4 {
		return o.name(team) + " and " + o.name(team+2)
	}
	return o.name(team)
}

func verb(you bool, first, third string) string {
	if you {
		return first
	}
	return third
}

// Narrate describes a, about to be applied, as seat may learn of it: a card dealt or drawn into
// another hand is "a card", everything else is public.
func (s *State) Narrate(a engine.Action, seat engine.Seat) string {
	kind, c := split(a)
	if kind < 0 || s.why(a) != okay {
		return s.ActionString(a)
	}
	who := engine.Seat(s.mover)
	says := func(you, other string) string {
		if who == seat {
			return "you " + you
		}
		return engine.PlayerName(who, seat) + " " + other
	}
	src := s.source(c)
	switch kind {
	case drawBase:
		verbs := [2]string{"draw", "draws"}
		if s.phase == phaseDeal {
			verbs = [2]string{"are dealt", "is dealt"}
		}
		if who == seat {
			return says(verbs[0], verbs[1]) + " " + label(c)
		}
		return says(verbs[0], verbs[1]) + " a card"
	case prepBase:
		return says("lay out ", "lays out ") + label(c) + " as a preparation card"
	case takeBase:
		return says("take ", "takes ") + label(c) + " back into the hand"
	case Done:
		if s.phase == phaseSetup {
			return says("are ready", "is ready")
		}
		if n := s.draws(); n > 0 {
			return says("end the turn", "ends the turn") + fmt.Sprintf(" and will draw %d", n)
		}
		return says("end the turn", "ends the turn")
	case serveBase:
		return says("serve ", "serves ") + label(c) + " from the " + srcName(src) + " to " + deck.Cards[c].Shot.String()
	case defendBase:
		return says("cover ", "covers ") + s.ball.String() + " with " + label(c) + " from the " + srcName(src)
	case aimBase:
		return says("aim ", "aims ") + "at " + deck.Cards[c].Shot.String() + " with " + label(c) + " from the " + srcName(src)
	case passBase:
		return says("discard ", "discards ") + label(c) + " and " + verb(who == seat, "pass", "passes") + " to " +
			engine.PlayerName(engine.Seat(s.partner(s.mover)), seat)
	case Hit:
		return says("play ", "plays ") + withArticle(strings.TrimPrefix(s.ActionString(a), "hit "))
	}
	how := "cannot cover " + s.ball.String()
	if s.p[s.mover].held()&deck.covers[s.ball] != 0 {
		// Under the one-card-from-the-hand rule: a hand full of cards is no help once the
		// preparation area is empty.
		how = "has no second card to place a shot with (one card a turn from the hand, the others from the preparation area)"
		if who == seat {
			how = "have no second card to place a shot with (one card a turn from the hand, the others from the preparation area)"
		}
	}
	return says("", "") + how + " and " + verb(who == seat, "lose", "loses") + " the point"
}

// withArticle puts "a" or "an" before the name of a kind of shot.
func withArticle(kind string) string {
	if strings.HasPrefix(kind, "off") {
		return "an " + kind
	}
	return "a " + kind
}

func srcName(src string) string {
	if src == "prep" {
		return "preparation area"
	}
	return "hand"
}
