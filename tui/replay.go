package tui

import (
	"context"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"deuce/engine"
	"deuce/games"
)

// Match is a recorded match replayed: the position after every move, every seat's view of it,
// and where each point starts.
type Match struct {
	Game   engine.Game
	Record *engine.Record
	// Names are the seats' names from the record.
	Names []string
	// Views[i] holds every seat's view after i moves, then the spectator's.
	Views [][]engine.Observation
	// Lines[i] tells move i in words, hands revealed.
	Lines []string
	// Results[i] is the standing after i moves.
	Results []engine.Result
	// Points[k] is the number of moves played when point k+1 starts; a point is a rally of a
	// tennis game (or a round of the bidding game) and ends where the score changes.
	Points []int
}

// ReplayRecord replays rec, keeping every position.
func ReplayRecord(rec *engine.Record) (*Match, error) {
	g, err := games.Lookup(rec.Game)
	if err != nil {
		return nil, err
	}
	m := &Match{Game: g, Record: rec, Points: []int{0}}
	var prevWon int
	var prevScore string
	final, err := engine.Replay(g, rec, func(i int, s engine.State) {
		m.keep(s)
		won, scored := pointsOf(s)
		sc := s.Result().Score
		if i > 0 && (won > prevWon || (!scored && sc != prevScore)) && i < len(rec.Moves) {
			m.Points = append(m.Points, i)
		}
		prevWon, prevScore = won, sc
		if i < len(rec.Moves) {
			m.Lines = append(m.Lines, m.tell(s, rec.Moves[i]))
		}
	})
	if err != nil {
		return nil, err
	}
	// The visit kept the final position (index len(rec.Moves)). A match that ended before
	// its moves played it out (a resignation) ends on its recorded result.
	n := len(rec.Moves)
	m.Results[n] = rec.FinalResult(m.Results[n])
	for i := range final.NumSeats() {
		// "player 2 (heuristic bot)": the log speaks of player numbers, people of names.
		name := fmt.Sprintf("player %d", i+1)
		if i < len(rec.Seats) && rec.Seats[i].Name != "" && rec.Seats[i].Name != name {
			name += " (" + rec.Seats[i].Name + ")"
		}
		m.Names = append(m.Names, name)
	}
	return m, nil
}

// pointsOf returns the points played, when the game counts them.
func pointsOf(s engine.State) (int, bool) {
	if p, ok := s.(engine.Points); ok {
		w := p.PointsWon()
		return w[0] + w[1], true
	}
	return 0, false
}

func (m *Match) keep(s engine.State) {
	var vs []engine.Observation
	for i := range s.NumSeats() {
		vs = append(vs, s.Observe(engine.Seat(i)))
	}
	m.Views = append(m.Views, append(vs, s.Observe(engine.Spectator)))
	m.Results = append(m.Results, s.Result())
}

// tell says move mv, about to be applied to s, with every hand revealed: a card dealt is named
// with the seat it goes to ("player 2 is dealt a 4"), a secret bid is shown.
func (m *Match) tell(s engine.State, mv engine.Move) string {
	if mv.Seat >= 0 {
		return fmt.Sprintf("player %d: %s", mv.Seat+1, mv.Text)
	}
	public := engine.Narrate(s, mv.Action, engine.Spectator)
	for seat := range s.NumSeats() {
		if t := engine.Narrate(s, mv.Action, engine.Seat(seat)); t != public {
			return thirdPerson(t, fmt.Sprintf("player %d", seat+1))
		}
	}
	if public == mv.Text {
		return "chance: " + public
	}
	return public
}

// thirdPerson rewrites a line told to one seat ("you are dealt a 5", "you draw Hit-2 red") as
// told of that seat ("player 1 is dealt a 5", "player 1 draws Hit-2 red").
func thirdPerson(line, who string) string {
	rest, ok := strings.CutPrefix(line, "you ")
	if !ok {
		return line
	}
	verb, tail, _ := strings.Cut(rest, " ")
	switch verb {
	case "are":
		verb = "is"
	case "have":
		verb = "has"
	default:
		verb += "s"
	}
	return strings.TrimSpace(who + " " + verb + " " + tail)
}

// point returns the point (from 1) that move index at belongs to.
func (m *Match) point(at int) int {
	k := 0
	for k < len(m.Points) && m.Points[k] <= at {
		k++
	}
	return max(k, 1)
}

// unit names what the match is stepped through by: the bidding game's rounds, the card games'
// points.
func (m *Match) unit() string {
	if m.Game.Name == "pencil" {
		return "round"
	}
	return "point"
}

// WritePlain prints the match point by point, each point's moves in words and then the score.
func (m *Match) WritePlain(w io.Writer) error {
	rec := m.Record
	fmt.Fprintf(w, "%s, %v\n", m.Game.Title, games.ShownOptions(rec.Options, len(rec.Seats)))
	for i, si := range rec.Seats {
		who := si.Name
		// A bot keeps its level's name ("easy bot") unless it was given another.
		if si.Bot != "" && si.Name != si.Bot+" bot" {
			who += " (" + si.Bot + " bot)"
		}
		fmt.Fprintf(w, "player %d: %s\n", i+1, who)
	}
	for k, start := range m.Points {
		end := len(rec.Moves)
		if k+1 < len(m.Points) {
			end = m.Points[k+1]
		}
		fmt.Fprintf(w, "\n%s %d (moves %d-%d)\n", capital(m.unit()), k+1, start+1, end)
		for _, l := range Compact(m.Lines[start:end]) {
			fmt.Fprintf(w, "  %s\n", l)
		}
		if sc := m.Results[end].Score; sc != "" {
			fmt.Fprintf(w, "  score: %s\n", sc)
		}
	}
	res := m.Results[len(m.Results)-1]
	text := endText(res, rec.Ended, engine.Spectator, func(seat engine.Seat) string { return m.Names[seat] })
	if !res.Over && rec.Ended == "" {
		text += " Score: " + res.Score
	}
	_, err := fmt.Fprintf(w, "\n%s\n", text)
	return err
}

// replay is the stepping state of a Model showing a Match.
type replay struct {
	match *Match
	at    int // moves applied
	names []string
	lines []string
	board Board
}

// NewReplay returns the interface stepping through match, from its start.
func NewReplay(ctx context.Context, match *Match, opts Options) (*Model, error) {
	b, _, err := boardOf(match.Game.Name)
	if err != nil {
		return nil, err
	}
	info := Info{Game: match.Game, Options: match.Record.Options, Names: match.Names}
	m := newModel(ctx, info, b, opts, true)
	m.rp = &replay{match: match, names: match.Names, board: b}
	m.rp.lines = match.Lines
	m.goTo(0)
	return m, nil
}

func (m *Model) goTo(at int) {
	rp := m.rp
	rp.at = max(0, min(at, len(rp.match.Record.Moves)))
	views := rp.match.Views[rp.at]
	m.frame = Frame{Seq: rp.at, Seat: engine.Spectator, View: views[len(views)-1], Result: rp.match.Results[rp.at]}
	if rp.at == len(rp.match.Record.Moves) {
		m.frame.Ended = rp.match.Record.Ended
	}
	m.have = true
	m.scroll = 0
}

func (m *Model) replayKey(msg tea.KeyMsg) (tea.Model, tea.Cmd) {
	rp := m.rp
	switch {
	case key.Matches(msg, m.keys.Prev):
		m.goTo(rp.at - 1)
	case key.Matches(msg, m.keys.Next):
		m.goTo(rp.at + 1)
	case key.Matches(msg, m.keys.PrevPoint):
		k := rp.match.point(rp.at)
		start := rp.match.Points[k-1]
		if start == rp.at && k > 1 {
			start = rp.match.Points[k-2]
		}
		m.goTo(start)
	case key.Matches(msg, m.keys.NextPoint):
		k := rp.match.point(rp.at)
		if k < len(rp.match.Points) {
			m.goTo(rp.match.Points[k])
		} else {
			m.goTo(len(rp.match.Record.Moves))
		}
	case key.Matches(msg, m.keys.First):
		m.goTo(0)
	case key.Matches(msg, m.keys.Last):
		m.goTo(len(rp.match.Record.Moves))
	case isDigits(msg):
		m.number = strings.TrimLeft(m.number+msg.String(), "0")
		m.setStatus("", false)
	case m.editNumber(msg):
	case msg.Type == tea.KeyEnter:
		if m.number == "" {
			return m, nil
		}
		n, _ := strconv.Atoi(m.number)
		m.number = ""
		if n < 1 || n > len(rp.match.Points) {
			m.setStatus(fmt.Sprintf("There is no point %d: the match has points 1 to %d.", n, len(rp.match.Points)), true)
			return m, nil
		}
		m.setStatus("", false)
		m.goTo(rp.match.Points[n-1])
	}
	return m, nil
}

// panel says where the replay stands, and the move that comes next.
func (rp *replay) panel(m *Model) (string, []string) {
	n := len(rp.match.Record.Moves)
	out := []string{
		fmt.Sprintf(" move %d of %d", rp.at, n),
		fmt.Sprintf(" %s %d of %d", rp.match.unit(), rp.match.point(rp.at), len(rp.match.Points)),
	}
	if rp.at < n {
		out = append(out, " next: "+rp.lines[rp.at])
	} else {
		res, ended := rp.match.Results[n], rp.match.Record.Ended
		switch {
		case ended != "":
			// "Player 1 (Ann) resigned. Player 2 (Bob) wins. 1-0", wrapped to the pane's
			// narrowest width.
			text := endText(res, ended, engine.Spectator, func(seat engine.Seat) string { return rp.names[seat] })
			for _, line := range wrap(text, 22) {
				out = append(out, " "+strings.TrimSpace(line))
			}
		case res.Over && res.Winner >= 0:
			out = append(out, " "+capitalName(rp.names[res.Winner])+" wins.")
		default:
			out = append(out, " the end")
		}
	}
	return "Replay", out
}

// hands draws every seat's hidden cards, as the replay shows them all.
func (rp *replay) hands(d *drawing) []string {
	views := rp.match.Views[rp.at]
	var out []string
	for seat := range len(views) - 1 {
		h := rp.board.Hand(d, views[seat])
		if len(h) == 0 {
			continue
		}
		// One line a hand: the cards' faces without their top and bottom edges.
		for i := 1; i < len(h); i += 3 {
			label := strings.Repeat(" ", len([]rune(rp.names[seat]))+2)
			if i == 1 {
				label = rp.names[seat] + ": "
			}
			out = append(out, label+h[i])
		}
	}
	return out
}
