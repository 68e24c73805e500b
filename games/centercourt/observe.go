package centercourt

import (
	"fmt"
	"strconv"
	"strings"

	"deuce/engine"
	"deuce/score"
)

// Observation is what one seat may know: everything but the other hand's cards and the order
// of nothing (the draw pile has no order). A spectator sees no hand at all.
type Observation struct {
	// Seat is the observing seat, or -3 for a spectator.
	Seat int `json:"seat"`
	// Score is the tennis score in notation ("6-4 3-2, 30-15"); Tennis is the same, structured.
	Score  string     `json:"score"`
	Tennis score.View `json:"tennis"`
	// PointsPlayed counts the points played in the match.
	PointsPlayed int `json:"pointsPlayed"`
	// Format and ServerRefill are the match's options.
	Format       string `json:"format"`
	ServerRefill bool   `json:"serverRefill"`
	// Server serves the point in play; ToMove is the seat to act, -1 for chance, -2 once over.
	Server int `json:"server"`
	ToMove int `json:"toMove"`
	// Phase is "dealing", "drawing", "serving", "second serve", "service die", "returning" or
	// "over".
	Phase string `json:"phase"`
	// SecondServe reports that the serve in play is a second serve.
	SecondServe bool `json:"secondServe"`
	// Drawer is the seat drawing while Phase is "drawing", else -1; Next is what follows the
	// draw ("serving", "second serve" or "returning") and Striker the seat that will serve or
	// return then. Outside a draw, Striker is the seat to serve or return, -1 when none.
	Drawer  int    `json:"drawer"`
	Next    string `json:"next,omitempty"`
	Striker int    `json:"striker"`
	// Volley is the Volley Value to return, 0 while no serve is in.
	Volley int `json:"volley"`
	// Served is the card served while the Service Die is rolled, else 0.
	Served int `json:"served"`
	// Hand is the observing seat's cards in ascending order; absent for a spectator.
	Hand []int `json:"hand,omitempty"`
	// HandSizes are the number of cards in each seat's hand.
	HandSizes [2]int `json:"handSizes"`
	// DrawPile is the number of cards in the draw pile.
	DrawPile int `json:"drawPile"`
	// Discards and Table count the cards of each value 1 to 6 (index 0 is value 1) in the
	// discard pile and played in the point in play.
	Discards [numValues]int `json:"discards"`
	Table    [numValues]int `json:"table"`
	// Reshuffles counts the times the discards became the draw pile.
	Reshuffles int `json:"reshuffles"`
	// LastPlay, LastRoll and LastPoint are the latest serve or return, Service Die roll and
	// point ended; nil before the first.
	LastPlay  *PlayEvent  `json:"lastPlay,omitempty"`
	LastRoll  *RollEvent  `json:"lastRoll,omitempty"`
	LastPoint *PointEvent `json:"lastPoint,omitempty"`
}

// PlayEvent is a serve or a return.
type PlayEvent struct {
	Seat   int  `json:"seat"`
	Serve  bool `json:"serve"`
	Second bool `json:"second,omitempty"` // a second serve
	Value  int  `json:"value"`
	Count  int  `json:"count"`
}

// RollEvent is a roll of the Service Die.
type RollEvent struct {
	Seat  int  `json:"seat"`
	Serve int  `json:"serve"`
	Face  int  `json:"face"`
	Fault bool `json:"fault"`
}

// PointEvent is the end of a point.
type PointEvent struct {
	Winner int `json:"winner"`
	// How is "double fault" or "not returned".
	How string `json:"how"`
	// Volley is the Volley Value that was not returned (0 after a double fault).
	Volley int `json:"volley,omitempty"`
	// Number is the point's number in the match, from 1.
	Number int `json:"number"`
}

var phaseNames = [...]string{
	phaseDeal:   "dealing",
	phaseDraw:   "drawing",
	phaseServe:  "serving",
	phaseDie:    "service die",
	phaseReturn: "returning",
	phaseOver:   "over",
}

// Observe returns what seat may know; any seat other than 0 and 1 is a spectator.
func (s *State) Observe(seat engine.Seat) engine.Observation {
	return s.observe(seat)
}

func (s *State) observe(seat engine.Seat) *Observation {
	if seat != 0 && seat != 1 {
		seat = engine.Spectator
	}
	o := &Observation{
		Seat:         int(seat),
		Score:        s.score.String(),
		Tennis:       s.score.View(),
		PointsPlayed: s.score.PointsPlayed(),
		Format:       formatName(s.score.Format()),
		ServerRefill: s.serverRefill,
		Server:       int(s.server),
		ToMove:       int(s.ToMove()),
		Phase:        phaseNames[s.phase],
		SecondServe:  s.second,
		Drawer:       -1,
		Striker:      -1,
		Volley:       int(s.volley),
		Served:       int(s.serve),
		HandSizes:    [2]int{s.hands[0].total(), s.hands[1].total()},
		DrawPile:     s.draw.total(),
		Reshuffles:   int(s.reshuffles),
	}
	if s.phase == phaseServe && s.second {
		o.Phase = "second serve"
	}
	switch s.phase {
	case phaseDraw:
		o.Drawer = int(s.drawer)
		o.Next = phaseNames[s.next]
		if s.next == phaseServe && s.second {
			o.Next = "second serve"
		}
		o.Striker = int(s.striker)
	case phaseServe, phaseReturn:
		o.Striker = int(s.striker)
	}
	for w := 1; w <= numValues; w++ {
		o.Discards[w-1] = int(s.discard[w])
		o.Table[w-1] = int(s.table[w])
	}
	if seat != engine.Spectator {
		h := &s.hands[seat]
		o.Hand = make([]int, 0, h.total())
		for w := 1; w <= numValues; w++ {
			for range h[w] {
				o.Hand = append(o.Hand, w)
			}
		}
	}
	if p := s.lastPlay; p.count > 0 {
		o.LastPlay = &PlayEvent{Seat: int(p.seat), Serve: p.serve, Second: p.second, Value: int(p.value), Count: int(p.count)}
	}
	if r := s.lastRoll; r.face > 0 {
		o.LastRoll = &RollEvent{Seat: int(r.seat), Serve: int(r.serve), Face: int(r.face), Fault: r.fault}
	}
	if p := s.lastPoint; p.how != endNone {
		how := "not returned"
		if p.how == endDoubleFault {
			how = "double fault"
		}
		o.LastPoint = &PointEvent{Winner: int(p.winner), How: how, Volley: int(p.volley), Number: int(p.number)}
	}
	return o
}

// formatName is the format option naming f.
func formatName(f score.Format) string {
	if f.Kind == score.SingleTiebreak {
		return "tiebreak"
	}
	switch f.BestOf {
	case 3:
		return "best-of-3"
	case 5:
		return "best-of-5"
	}
	return "set"
}

// String renders the observation for the terminal.
func (o *Observation) String() string {
	name := func(seat int) string { return engine.PlayerName(engine.Seat(seat), engine.Seat(o.Seat)) }
	var b strings.Builder
	if o.Phase == "over" {
		fmt.Fprintf(&b, "Score: %s (%s)\n", o.Score, o.Format) // nobody serves once it is over
	} else {
		fmt.Fprintf(&b, "Score: %s (%s, %s serving)\n", o.Score, o.Format, name(o.Server))
	}
	switch o.Phase {
	case "over":
		fmt.Fprintf(&b, "Match over: %s won\n", name(o.Tennis.Winner))
	case "dealing":
		b.WriteString("Dealing\n")
	case "drawing":
		fmt.Fprintf(&b, "Drawing: %s\n", name(o.Drawer))
	case "service die":
		fmt.Fprintf(&b, "Service Die: %s served %d\n", name(o.Server), o.Served)
	case "returning":
		fmt.Fprintf(&b, "To move: %s, returning Volley Value %d\n", name(o.ToMove), o.Volley)
	default:
		fmt.Fprintf(&b, "To move: %s, %s\n", name(o.ToMove), o.Phase)
	}
	if o.Seat == 0 || o.Seat == 1 {
		hand := make([]string, len(o.Hand))
		for i, w := range o.Hand {
			hand[i] = strconv.Itoa(w)
		}
		fmt.Fprintf(&b, "Your hand: %s (opponent: %d %s)\n", strings.Join(hand, " "), o.HandSizes[1-o.Seat], plural(o.HandSizes[1-o.Seat], "card"))
	} else {
		fmt.Fprintf(&b, "Hands: %d and %d cards\n", o.HandSizes[0], o.HandSizes[1])
	}
	fmt.Fprintf(&b, "Draw pile: %d %s; discards (value×cards): %s; in play: %s\n", o.DrawPile, plural(o.DrawPile, "card"), countsString(o.Discards), countsString(o.Table))
	if e := o.LastPlay; e != nil {
		what, note := "returned", ""
		if e.Serve {
			what = "served"
		}
		if e.Second {
			note = " (second serve)"
		}
		cards := strings.TrimSuffix(strings.Repeat(strconv.Itoa(e.Value)+"-", e.Count), "-")
		fmt.Fprintf(&b, "Last play: %s %s %s%s\n", name(e.Seat), what, cards, note)
	}
	if e := o.LastRoll; e != nil {
		verdict := "in"
		if e.Fault {
			verdict = "fault"
		}
		fmt.Fprintf(&b, "Last roll: %d on a serve of %d, %s\n", e.Face, e.Serve, verdict)
	}
	if e := o.LastPoint; e != nil {
		fmt.Fprintf(&b, "Last point (%d): won by %s, ", e.Number, name(e.Winner))
		if e.How == "double fault" {
			b.WriteString("double fault\n")
		} else {
			fmt.Fprintf(&b, "Volley Value %d not returned\n", e.Volley)
		}
	}
	return b.String()
}

// countsString writes counts per value as "1×2 3×1" (two 1s and a 3), or "none".
func countsString(c [numValues]int) string {
	var parts []string
	for i, n := range c {
		if n > 0 {
			parts = append(parts, fmt.Sprintf("%d×%d", i+1, n))
		}
	}
	if len(parts) == 0 {
		return "none"
	}
	return strings.Join(parts, " ")
}

// Narrate describes a, about to be applied, as seat may learn of it: a card drawn into the
// other hand is "a card", everything else is public.
func (s *State) Narrate(a engine.Action, seat engine.Seat) string {
	base, w, ok := valueOf(a)
	if !ok || s.check(a) != nil {
		return s.ActionString(a)
	}
	// says writes who and the verb for seat: "you serve", "player 1 serves".
	says := func(who engine.Seat, you, other string) string {
		if who == seat {
			return "you " + you
		}
		return engine.PlayerName(who, seat) + " " + other
	}
	switch base {
	case drawBase:
		who, you, other := engine.Seat(s.drawer), "draw", "draws"
		if s.phase == phaseDeal {
			who, you, other = engine.Seat(s.dealTarget()), "are dealt", "is dealt"
		}
		prefix := ""
		if s.phase == phaseDraw && s.draw.total() == 0 {
			prefix = "the discards are shuffled into a new draw pile; "
		}
		if who == seat {
			return fmt.Sprintf("%s%s a %d", prefix, says(who, you, other), w)
		}
		return prefix + says(who, you, other) + " a card"
	case dieBase:
		roll := says(engine.Seat(s.server), "roll", "rolls")
		switch {
		case int8(w) != s.serve:
			return fmt.Sprintf("%s the Service Die: %d, the serve of %d is in", roll, w, s.serve)
		case s.second:
			return fmt.Sprintf("%s the Service Die: %d, double fault", roll, w)
		}
		return fmt.Sprintf("%s the Service Die: %d, fault", roll, w)
	case serveBase:
		if s.second {
			return fmt.Sprintf("%s a second serve: %d", says(s.ToMove(), "play", "plays"), w)
		}
		return fmt.Sprintf("%s %d", says(s.ToMove(), "serve", "serves"), w)
	case returnBase:
		return says(s.ToMove(), "return", "returns") + strings.TrimPrefix(s.ActionString(a), "return")
	}
	return fmt.Sprintf("%s %d and lose%s the point", says(s.ToMove(), "cannot return", "cannot return"), s.volley,
		map[bool]string{true: "", false: "s"}[s.ToMove() == seat])
}
