package pencil

import (
	"bufio"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
)

// solutionHeader is the first object of WriteJSON's output.
type solutionHeader struct {
	Game    string `json:"game"`
	Points1 int    `json:"points1"`
	Points2 int    `json:"points2"`
	Fields  int    `json:"fields"`
	Scoring string `json:"scoring"`
	Jump    bool   `json:"jump"`
	// Count is the number of positions that follow.
	Count int `json:"count"`
}

// PositionSolution is one position of a solution as WriteJSON writes it.
type PositionSolution struct {
	Points1 int     `json:"points1"`
	Points2 int     `json:"points2"`
	Ball    int     `json:"ball"`
	Value   float64 `json:"value"`
	// Player1 and Player2 are the optimal strategies: the bids with positive probability,
	// ascending. Both are empty once the match is over (both players out of points).
	Player1 []BidProb `json:"player1"`
	Player2 []BidProb `json:"player2"`
}

// Positions calls visit for every position with the ball on the court, by increasing points of
// player 1, then of player 2, then ball.
func (s *Solution) Positions(visit func(PositionSolution) error) error {
	f := s.params.Fields
	for a := 0; a <= s.params.Points1; a++ {
		for b := 0; b <= s.params.Points2; b++ {
			for ball := -f; ball <= f; ball++ {
				ps := PositionSolution{Points1: a, Points2: b, Ball: ball, Value: exported(s.Value(a, b, ball)),
					Player1: s.Strategy(a, b, ball, 0), Player2: s.Strategy(a, b, ball, 1)}
				if ps.Player1 == nil {
					ps.Player1, ps.Player2 = []BidProb{}, []BidProb{}
				}
				if err := visit(ps); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

// WriteJSON writes the solution as JSON: {"game": ..., settings, "count": N, "positions": [...]}, one
// position per line, with every value and probability in full float64 precision (encoding/json
// writes the shortest decimal that reads back to the same float64).
func (s *Solution) WriteJSON(w io.Writer) error {
	bw := bufio.NewWriter(w)
	p := s.params
	f := p.Fields
	head, err := json.Marshal(solutionHeader{Game: Game.Name, Points1: p.Points1, Points2: p.Points2, Fields: f,
		Scoring: p.Scoring.String(), Jump: p.Jump, Count: (p.Points1 + 1) * (p.Points2 + 1) * (2*f + 1)})
	if err != nil {
		return err
	}
	bw.Write(head[:len(head)-1])
	bw.WriteString(`,"positions":[`)
	first := true
	err = s.Positions(func(ps PositionSolution) error {
		line, err := json.Marshal(ps)
		if err != nil {
			return err
		}
		if !first {
			bw.WriteByte(',')
		}
		first = false
		bw.WriteString("\n")
		_, err = bw.Write(line)
		return err
	})
	if err != nil {
		return fmt.Errorf("write solution: %w", err)
	}
	bw.WriteString("\n]}\n")
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("write solution: %w", err)
	}
	return nil
}

// WriteCSV writes the solution as CSV with the header points1,points2,ball,value,player1,player2;
// a strategy is written "bid:probability" pairs separated by spaces, in full float64
// precision ("1:0.25 2:0.75"), empty once the match is over.
func (s *Solution) WriteCSV(w io.Writer) error {
	cw := csv.NewWriter(w)
	if err := cw.Write([]string{"points1", "points2", "ball", "value", "player1", "player2"}); err != nil {
		return fmt.Errorf("write solution: %w", err)
	}
	err := s.Positions(func(ps PositionSolution) error {
		return cw.Write([]string{strconv.Itoa(ps.Points1), strconv.Itoa(ps.Points2), strconv.Itoa(ps.Ball),
			strconv.FormatFloat(ps.Value, 'g', -1, 64), strategyText(ps.Player1), strategyText(ps.Player2)})
	})
	if err != nil {
		return fmt.Errorf("write solution: %w", err)
	}
	cw.Flush()
	if err := cw.Error(); err != nil {
		return fmt.Errorf("write solution: %w", err)
	}
	return nil
}

func strategyText(x []BidProb) string {
	parts := make([]string, len(x))
	for i, bp := range x {
		parts[i] = strconv.Itoa(bp.Bid) + ":" + strconv.FormatFloat(bp.P, 'g', -1, 64)
	}
	return strings.Join(parts, " ")
}

// exported is a value as the files write it: the linear programs' rounding error, such as
// -6.2e-19 for a fair position's 0, is written as the 0 it is. Values are multiples of no
// smaller unit than the solver's certified 1e-10.
func exported(v float64) float64 {
	if math.Abs(v) < 1e-12 {
		return 0
	}
	return v
}
