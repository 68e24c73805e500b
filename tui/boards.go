package tui

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"github.com/charmbracelet/lipgloss"

	"deuce/engine"
	"deuce/games"
	"deuce/games/alakaslam"
	"deuce/games/centercourt"
	"deuce/games/lmn"
	"deuce/games/pencil"
	"deuce/games/worldwide"
	"deuce/score"
)

// Board is what one game adds to the interface: reading its observation from the wire and
// drawing it. Everything else (moves, log, help, the score line) is the same for every game.
type Board struct {
	// Decode reads the game's observation from its JSON form.
	Decode func(data []byte) (engine.Observation, error)
	// Draw draws the table as view shows it: the score, the court, the cards played, and the
	// observer's hand as cards. Lines may be wider than width; the caller cuts them.
	Draw func(d *drawing, view engine.Observation) []string
	// Hand draws the observer's own hidden cards (a replay shows every seat's); none when the
	// view holds no hand.
	Hand func(d *drawing, view engine.Observation) []string
}

// drawing is what a board draws with.
type drawing struct {
	st    *styles
	names []string
	width int
	// compact draws cards one line high, when the board would not fit otherwise.
	compact bool
}

// cards draws labels as cards: boxes three lines high, or one line of [label]s when compact.
func (d *drawing) cards(labels []string, width int, style func(i int) lipgloss.Style) []string {
	if !d.compact {
		return cards(labels, width, style)
	}
	var out []string
	line, used := "", 0
	for i, l := range labels {
		w := len([]rune(l)) + 3
		if used > 0 && used+w > width {
			out = append(out, line)
			line, used = "", 0
		}
		line += style(i).Render("["+l+"]") + " "
		used += w
	}
	if used > 0 {
		out = append(out, line)
	}
	return out
}

// name names seat for the observer: "you" for the observer's own seat.
func (d *drawing) name(seat, observer int) string {
	if seat == observer && observer >= 0 {
		return "you"
	}
	if seat >= 0 && seat < len(d.names) {
		return d.names[seat]
	}
	return fmt.Sprintf("player %d", seat+1)
}

// boardOf returns a game's board by the game's name.
func boardOf(name string) (Board, engine.Game, error) {
	g, err := games.Lookup(name)
	if err != nil {
		return Board{}, g, err
	}
	b, ok := boards[g.Name]
	if !ok {
		b = Board{Draw: textBoard, Hand: noHand}
	}
	if b.Decode == nil {
		b.Decode = func([]byte) (engine.Observation, error) { return nil, fmt.Errorf("%s has no board", g.Name) }
	}
	return b, g, nil
}

var boards = map[string]Board{
	centercourt.Game.Name: {Decode: decoder[centercourt.Observation](), Draw: centerCourtBoard, Hand: centerCourtHand},
	pencil.Game.Name:      {Decode: decoder[pencil.Observation](), Draw: pencilBoard, Hand: noHand},
	lmn.Game.Name:         {Decode: decoder[lmn.Observation](), Draw: lmnBoard, Hand: lmnHand},
	alakaslam.Game.Name:   {Decode: decoder[alakaslam.Observation](), Draw: alakaBoard, Hand: alakaHand},
	worldwide.Game.Name:   {Decode: decoder[worldwide.Observation](), Draw: worldwideBoard, Hand: worldwideHand},
}

// decoder reads a game's observation type T from JSON, as a *T like the game's Observe.
func decoder[T any, PT interface {
	*T
	engine.Observation
}]() func([]byte) (engine.Observation, error) {
	return func(data []byte) (engine.Observation, error) {
		v := PT(new(T))
		if err := json.Unmarshal(data, v); err != nil {
			return nil, err
		}
		return v, nil
	}
}

// textBoard draws a view by its text form, for a game without a board of its own.
func textBoard(_ *drawing, view engine.Observation) []string {
	return strings.Split(strings.TrimRight(view.String(), "\n"), "\n")
}

func noHand(*drawing, engine.Observation) []string { return nil }

// scoreboard draws a tennis score: one line a side, the server marked, sets then points.
func scoreboard(d *drawing, v score.View, observer int, sideName func(side int) string) []string {
	var out []string
	for side := range 2 {
		mark := "  "
		if v.Server == side {
			mark = d.st.ok.Render("● ")
		}
		var cols []string
		for _, s := range v.Sets {
			g := strconv.Itoa(s.Games[side])
			if s.Tiebreak && s.TiebreakPoints != [2]int{} {
				g += "(" + strconv.Itoa(s.TiebreakPoints[side]) + ")"
			}
			cols = append(cols, fmt.Sprintf("%2s", g))
		}
		pts := v.Points[side]
		if pts != "" {
			pts = d.st.bold.Render(fmt.Sprintf("%3s", pts))
		}
		name := sideName(side)
		if v.Over && v.Winner == side {
			name += " ✓"
		}
		out = append(out, fmt.Sprintf("%s%-22s %s  %s", mark, trimTo(name, 22), strings.Join(cols, " "), pts))
	}
	return out
}

func trimTo(s string, n int) string {
	if r := []rune(s); len(r) > n {
		return string(r[:n-1]) + "…"
	}
	return s
}

// bodyOf is the text form of view without its first line (the title, which the interface
// shows), the lines starting with any of drop, and the rules between a court's rows.
func bodyOf(view engine.Observation, drop ...string) []string {
	lines := strings.Split(strings.TrimRight(view.String(), "\n"), "\n")
	var out []string
	for i, l := range lines {
		if i == 0 {
			continue
		}
		// Ruled lines between rows of a court ("+----+----+") cost a row each: the net's stays.
		skip := strings.HasPrefix(strings.TrimSpace(l), "+-")
		for _, p := range drop {
			if strings.HasPrefix(strings.TrimSpace(l), p) {
				skip = true
			}
		}
		if !skip {
			out = append(out, l)
		}
	}
	return out
}

// Center Court: the court with the ball's Volley Value, the cards in play, the hands.

func centerCourtBoard(d *drawing, view engine.Observation) []string {
	o := view.(*centercourt.Observation)
	name := func(seat int) string { return d.name(seat, o.Seat) }
	out := scoreboard(d, o.Tennis, o.Seat, name)
	// The court: the other hand face down, the point in play at the net, then the observer's
	// hand face up (a spectator sees both face down).
	other := 1
	if o.Seat == 1 {
		other = 0
	}
	me := 1 - other
	back := func(seat int) string {
		return fmt.Sprintf("%s: %d cards %s", name(seat), o.HandSizes[seat], d.st.back.Render(strings.Repeat("▒", min(o.HandSizes[seat], 20))))
	}
	out = append(out, back(other))
	net := "net"
	switch {
	case o.Phase == "over":
		net = "match over"
	case o.Volley > 0 && o.LastPlay != nil:
		p := o.LastPlay
		what := "returned"
		if p.Serve {
			what = "served"
		}
		played := strings.TrimSuffix(strings.Repeat(strconv.Itoa(p.Value)+"-", p.Count), "-")
		net = fmt.Sprintf("%s %s %s: Volley Value %s", name(p.Seat), what, d.st.orange.Render("["+played+"]"), d.st.bold.Render(strconv.Itoa(o.Volley)))
	case o.Served > 0:
		net = fmt.Sprintf("%s served %s: the Service Die decides", name(o.Server), d.st.orange.Render(fmt.Sprintf("[%d]", o.Served)))
	}
	out = append(out, d.st.dim.Render("═════ ")+net+d.st.dim.Render(" ═════"))
	if o.Seat >= 0 {
		out = append(out, fmt.Sprintf("%s: %d cards", name(me), o.HandSizes[me]))
		out = append(out, centerCourtHand(d, o)...)
	} else {
		out = append(out, back(me))
	}
	out = append(out, bodyOf(o, "Your hand", "Hands", "Last play", "To move", "Service Die", "Drawing", "Dealing", "Match over")...)
	return out
}

func centerCourtHand(d *drawing, view engine.Observation) []string {
	o := view.(*centercourt.Observation)
	labels := make([]string, len(o.Hand))
	for i, w := range o.Hand {
		labels[i] = strconv.Itoa(w)
	}
	return d.cards(labels, d.width, func(int) lipgloss.Style { return d.st.blue })
}

// The bidding game: the court with the ball, the points left, the rounds bid so far.

func pencilBoard(d *drawing, view engine.Observation) []string {
	o := view.(*pencil.Observation)
	var out []string
	out = append(out, fmt.Sprintf("%d points vs %d, %d fields a side, %s scoring", o.Start[0], o.Start[1], o.Fields, o.Scoring))
	out = append(out, "")
	court := strings.ReplaceAll(o.Court, "o", d.st.bold.Render("o"))
	out = append(out, fmt.Sprintf("  %s %s %s", trimTo(d.name(0, o.Seat), 14), court, trimTo(d.name(1, o.Seat), 14)))
	out = append(out, "")
	for seat := range 2 {
		bar := strings.Repeat("█", o.Points[seat]*20/max(o.Start[seat], 1))
		out = append(out, fmt.Sprintf("  %-14s %3d points left %s", trimTo(d.name(seat, o.Seat), 14), o.Points[seat], d.st.blue.Render(bar)))
	}
	if o.YourBid != nil {
		out = append(out, d.st.ok.Render(fmt.Sprintf("  your bid: %d (secret until the other bids)", *o.YourBid)))
	}
	if len(o.Rounds) > 0 {
		out = append(out, "", d.st.dim.Render("  round  bids      points left  ball"))
		for i, r := range o.Rounds {
			out = append(out, fmt.Sprintf("  %5d  %3d %3d   %5d %5d  %4d", i+1, r.Bids[0], r.Bids[1], r.Points[0], r.Points[1], r.Ball))
		}
	}
	return out
}

// Love Means Nothing: the score, the court and each player's cards, the hand as cards.

func lmnBoard(d *drawing, view engine.Observation) []string {
	o := view.(*lmn.Observation)
	out := scoreboard(d, o.Tennis, o.Seat, func(side int) string {
		if o.Seats == 4 {
			return d.name(side, o.Seat) + " & " + d.name(side+2, o.Seat)
		}
		return d.name(side, o.Seat)
	})
	body := bodyOf(o)
	// The text form's own score lines come first, up to the first blank line.
	for len(body) > 0 && strings.TrimSpace(body[0]) != "" {
		body = body[1:]
	}
	if len(body) > 0 {
		body = body[1:] // the blank line after them
	}
	for _, l := range body {
		if strings.HasPrefix(strings.TrimSpace(l), "hand:") {
			out = append(out, indent(lmnHand(d, o), "    ")...)
			continue
		}
		out = append(out, l)
	}
	return out
}

func lmnHand(d *drawing, view engine.Observation) []string {
	o := view.(*lmn.Observation)
	for _, p := range o.Players {
		if p.Seat == o.Seat && len(p.Hand) > 0 {
			labels := make([]string, len(p.Hand))
			for i, c := range p.Hand {
				labels[i] = fmt.Sprintf("%d %s>%s", c.ID, strings.Join(c.Defence, "+"), c.Shot)
			}
			return d.cards(labels, d.width-4, func(int) lipgloss.Style { return d.st.blue })
		}
	}
	return nil
}

func indent(lines []string, by string) []string {
	for i := range lines {
		lines[i] = by + lines[i]
	}
	return lines
}

// AlakaSLAM: the court grid of the game's text form, the hand as coloured cards.

func alakaBoard(d *drawing, view engine.Observation) []string {
	o := view.(*alakaslam.Observation)
	out := []string{fmt.Sprintf("first to %d: %s %d, %s %d", o.Target, d.teamName(0, o), o.Points[0], d.teamName(1, o), o.Points[1])}
	for _, l := range bodyOf(o) {
		if strings.HasPrefix(l, "Your hand:") {
			if len(o.Hand) > 0 {
				out = append(out, "Your hand:")
				out = append(out, alakaHand(d, o)...)
			}
			continue
		}
		out = append(out, l)
	}
	return out
}

func (d *drawing) teamName(team int, o *alakaslam.Observation) string {
	var names []string
	for _, p := range o.Players {
		if p.Team == team {
			names = append(names, d.name(p.Seat, o.Seat))
		}
	}
	if len(names) == 0 {
		return fmt.Sprintf("team %d", team+1)
	}
	return strings.Join(names, " & ")
}

func alakaHand(d *drawing, view engine.Observation) []string {
	o := view.(*alakaslam.Observation)
	labels := make([]string, len(o.Hand))
	for i, c := range o.Hand {
		// "Hit-3 red" shows as "3 red", "Enchant-2" as "Ench 2": the colour stays in words
		// for terminals without colours.
		labels[i] = strings.Replace(strings.TrimPrefix(c.Name, "Hit-"), "Enchant-", "Ench ", 1)
	}
	return d.cards(labels, d.width, func(i int) lipgloss.Style { return d.st.colour(o.Hand[i].Color) })
}

// Worldwide Tennis: the score, the sides' positions, the rally, the hand with its odds.

func worldwideBoard(d *drawing, view engine.Observation) []string {
	o := view.(*worldwide.Observation)
	out := scoreboard(d, o.Tennis, o.Seat, func(side int) string {
		if o.Solo && side == 1 {
			return "the automaton"
		}
		return d.name(side, o.Seat)
	})
	body := bodyOf(o)
	// Skip the text form's own score line.
	if len(body) > 0 && strings.HasPrefix(body[0], "Score") {
		body = body[1:]
	}
	inHand := false
	for _, l := range body {
		switch {
		case strings.HasPrefix(l, "Your hand"):
			inHand = true
			out = append(out, l)
			continue
		case inHand && strings.HasPrefix(l, "  #"):
			out = append(out, worldwideRow(d, o, l))
			continue
		}
		inHand = false
		out = append(out, l)
	}
	return out
}

// worldwideRow colours a hand row of the text form by its card's colour.
func worldwideRow(d *drawing, o *worldwide.Observation, row string) string {
	for _, c := range o.Hand {
		if strings.HasPrefix(strings.TrimSpace(row), fmt.Sprintf("#%d ", c.ID)) {
			return d.st.colour(c.Color).Render(row)
		}
	}
	return row
}

func worldwideHand(d *drawing, view engine.Observation) []string {
	o := view.(*worldwide.Observation)
	labels := make([]string, len(o.Hand))
	for i, c := range o.Hand {
		labels[i] = fmt.Sprintf("#%d %s", c.ID, c.Name)
	}
	return d.cards(labels, d.width, func(i int) lipgloss.Style { return d.st.colour(o.Hand[i].Color) })
}
