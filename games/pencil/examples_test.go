package pencil

import (
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"deuce/engine"
)

// The two example games of the rules text (shared/rules/pencil-tennis.txt), replayed row by
// row with the numbers the text prints.

// printedRow is one row of an example table as printed: round t, the bids Z1 and Z2, the
// points left S1 and S2, the ball B and the comment.
type printedRow struct {
	t, z1, z2, s1, s2, ball int
	comment                 string
}

// printedExamples are the text's two tables, row 0 (the start) included.
var printedExamples = [][]printedRow{
	{
		{0, 0, 0, 50, 50, 0, "Start"},
		{1, 5, 10, 45, 40, -1, ""},
		{2, 5, 10, 40, 30, -2, ""},
		{3, 15, 10, 25, 20, 1, ""},
		{4, 15, 10, 10, 10, 2, ""},
		{5, 10, 10, 0, 0, 2, "Player 1 wins"},
	},
	{
		{0, 0, 0, 50, 50, 0, "Start"},
		{1, 11, 3, 39, 47, 1, ""},
		{2, 1, 10, 38, 37, -1, ""},
		{3, 15, 11, 23, 26, 1, ""},
		{4, 1, 9, 22, 17, -1, ""},
		{5, 3, 6, 19, 11, -2, ""},
		{6, 11, 3, 8, 8, 1, ""},
		{7, 4, 3, 4, 5, 2, ""},
		{8, 1, 5, 3, 0, -1, ""},
		{9, 2, 0, 1, 0, 1, ""},
		{10, 1, 0, 1, 0, 2, ""},
		{11, 1, 0, 0, 0, 3, "Player 1 wins"},
	},
}

// exampleMisprints are where a table contradicts its own arithmetic. The second example has
// player 1 spend 51 of his 50 points: in round 10 he bids his last point and the table still
// leaves him 1, which his bid in round 11 then spends. The game keeps the rule ("the number
// reduces the points"): round 10 leaves him 0, both players are out of points, the match ends
// there with the ball on player 2's side, and player 1 wins as the table says, though not by
// the ball beyond the field of its last row. doc.go says the same.
var exampleMisprints = []struct {
	example, round int    // the index in printedExamples (1: the second) and the round t
	column         string // "S1" for a misprinted count, "refused" for a round that cannot be played
	game           int    // the count the game gives
}{
	{1, 10, "S1", 0},
	{1, 11, "refused", 0},
}

// misprint returns the misprint of column in a round, if any.
func misprint(example, round int, column string) (int, bool) {
	for _, m := range exampleMisprints {
		if m.example == example && m.round == round && m.column == column {
			return m.game, true
		}
	}
	return 0, false
}

// row is one round as the game plays it: t, Z1, Z2, S1, S2, B.
type row [6]int

// playedRows returns the rounds of an example as the game plays them: the printed rounds, the
// misprints corrected, the refused ones left out.
func playedRows(example int) []row {
	var out []row
	for _, p := range printedExamples[example][1:] {
		if _, refused := misprint(example, p.t, "refused"); refused {
			continue
		}
		r := row{p.t, p.z1, p.z2, p.s1, p.s2, p.ball}
		if s1, ok := misprint(example, p.t, "S1"); ok {
			r[3] = s1
		}
		out = append(out, r)
	}
	return out
}

// checkRows plays rows and checks the points and the ball after each.
func checkRows(t *testing.T, s *State, rows []row) {
	t.Helper()
	for _, r := range rows {
		play(t, s, r[1], r[2])
		o := s.Observe(engine.Spectator).(*Observation)
		got := row{len(o.Rounds), o.Rounds[len(o.Rounds)-1].Bids[0], o.Rounds[len(o.Rounds)-1].Bids[1], o.Points[0], o.Points[1], o.Ball}
		if got != r {
			t.Fatalf("round %d: got (t, Z1, Z2, S1, S2, B) = %v, want %v", r[0], got, r)
		}
	}
}

// TestExamples replays both tables: every printed number holds but the misprints, each of which
// the game contradicts exactly as listed, and the comment's winner wins.
func TestExamples(t *testing.T) {
	for ex, rows := range printedExamples {
		t.Run(fmt.Sprintf("example %d", ex+1), func(t *testing.T) {
			s := start(t, "")
			o := s.Observe(engine.Spectator).(*Observation)
			if first := rows[0]; o.Points != [2]int{first.s1, first.s2} || o.Ball != first.ball {
				t.Fatalf("start: points %v, ball %d; the table prints %d %d %d", o.Points, o.Ball, first.s1, first.s2, first.ball)
			}
			for _, p := range rows[1:] {
				if _, refused := misprint(ex, p.t, "refused"); refused {
					before := s.Clone()
					err := s.Apply(engine.Action(p.z1))
					if !errors.Is(err, engine.ErrIllegal) {
						t.Fatalf("round %d, the text's bid %d: got %v, want it refused", p.t, p.z1, err)
					}
					var ie *engine.IllegalError
					if !errors.As(err, &ie) || !strings.Contains(ie.Reason, "player 1 has 0 points left") {
						t.Errorf("round %d: reason %q should say that player 1 has 0 points left", p.t, err)
					}
					if !reflect.DeepEqual(before, engine.State(s)) {
						t.Errorf("round %d: the refused bid changed the state", p.t)
					}
					continue
				}
				play(t, s, p.z1, p.z2)
				o := s.Observe(engine.Spectator).(*Observation)
				got := [3]int{o.Points[0], o.Points[1], o.Ball}
				want := [3]int{p.s1, p.s2, p.ball}
				if s1, ok := misprint(ex, p.t, "S1"); ok {
					if got[0] == p.s1 {
						t.Errorf("round %d: the misprinted S1 %d now comes out", p.t, p.s1)
					}
					want[0] = s1
				}
				if got != want {
					t.Fatalf("round %d: got (S1, S2, B) = %v, the table prints %v", p.t, got, [3]int{p.s1, p.s2, p.ball})
				}
			}
			last := rows[len(rows)-1]
			if last.comment != "Player 1 wins" || s.ToMove() != engine.Nobody || s.Result().Winner != 0 {
				t.Errorf("the table ends %q; the match: to move %v, result %+v", last.comment, s.ToMove(), s.Result())
			}
		})
	}
	// The first example ends as its text says: both out of points, the ball on the field.
	s := start(t, "")
	checkRows(t, s, playedRows(0))
	want := engine.Result{Over: true, Returns: []float64{1, -1}, Winner: 0, Score: "player 1 wins: ball at +2, both out of points"}
	if res := s.Result(); !reflect.DeepEqual(res, want) {
		t.Errorf("example 1 result: got %+v, want %+v", res, want)
	}
}

// TestExampleSpending checks the arithmetic the tables rest on: each player's bids add up to
// the points he spent, and only the misprinted table spends more than the 50 points a player
// starts with.
func TestExampleSpending(t *testing.T) {
	for ex, rows := range printedExamples {
		var spent [2]int
		for _, p := range rows[1:] {
			spent[0] += p.z1
			spent[1] += p.z2
		}
		over := spent[0] > 50 || spent[1] > 50
		if _, misprinted := misprint(ex, len(rows)-1, "refused"); over != misprinted {
			t.Errorf("example %d spends %v of 50 each; misprint listed: %v", ex+1, spent, misprinted)
		}
	}
}
