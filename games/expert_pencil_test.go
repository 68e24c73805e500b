package games

import (
	"context"
	"math"
	"math/rand/v2"
	"reflect"
	"testing"

	"deuce/bot/ismcts"
	"deuce/engine"
	"deuce/games/pencil"
)

// expertStrategy returns expert's root strategy for seat at s in the bidding game: the
// average strategy its move is drawn from, by bid.
func expertStrategy(t *testing.T, s engine.State, seat engine.Seat, seed uint64) map[engine.Action]float64 {
	t.Helper()
	b, err := NewBot(pencil.Game, "expert")
	if err != nil {
		t.Fatal(err)
	}
	an, err := b.(*ismcts.Bot).Search(context.Background(), s, seat, rand.New(rand.NewPCG(seed, 7)))
	if err != nil {
		t.Fatal(err)
	}
	x := map[engine.Action]float64{}
	total := 0.0
	for _, m := range an.Moves {
		if m.Strategy > 0 {
			x[m.Action] = m.Strategy
			total += m.Strategy
		}
	}
	if math.Abs(total-1) > 1e-9 {
		t.Fatalf("expert's strategy sums to %v, want 1: %+v", total, an.Moves)
	}
	if x[an.Action] == 0 {
		t.Fatalf("expert bid %d, which its strategy never plays: %+v", an.Action, an.Moves)
	}
	return x
}

// strategyGaps returns, for seat's mixed strategy x at s (the start of a round), its
// exploitability (the position's value for seat less what x earns against the opponent's best
// reply, by the solved game's values) and its expected loss against the equilibrium (the value
// less what x earns against the opponent's optimal strategy).
func strategyGaps(t *testing.T, sol *pencil.Solution, s *pencil.State, seat engine.Seat, x map[engine.Action]float64) (exploit, loss float64) {
	t.Helper()
	eq, err := sol.At(s.Points(0), s.Points(1), s.Ball())
	if err != nil {
		t.Fatal(err)
	}
	sign, opp := 1.0, eq.Player2
	if seat == 1 {
		sign, opp = -1, eq.Player1
	}
	earn := func(mine, theirs engine.Action) float64 {
		c := s.Clone()
		first, second := mine, theirs
		if seat == 1 {
			first, second = theirs, mine
		}
		if err := c.Apply(first); err != nil {
			t.Fatal(err)
		}
		if err := c.Apply(second); err != nil {
			t.Fatal(err)
		}
		cs := c.(*pencil.State)
		return sign * sol.Value(cs.Points(0), cs.Points(1), cs.Ball())
	}
	value := sign * eq.Value
	worst := math.Inf(1)
	for _, j := range replies(s, 1-seat) {
		u := 0.0
		for i, p := range x {
			u += p * earn(i, j)
		}
		worst = min(worst, u)
		loss += opp[j] * (value - u)
	}
	return value - worst, loss
}

// replies lists seat's legal bids at s, the start of a round.
func replies(s *pencil.State, seat engine.Seat) []engine.Action {
	n := s.Points(seat)
	if n == 0 {
		return []engine.Action{0}
	}
	var bids []engine.Action
	for a := 1; a <= n; a++ {
		bids = append(bids, engine.Action(a))
	}
	return bids
}

// TestExpertNearEquilibrium checks expert's play in the bidding game against the solved game:
// at every decision of a few matches the equilibrium plays against itself, for both seats,
// expert's strategy (the average strategy of its regret matching, which its move is drawn
// from) must be hard to exploit and lose little against the equilibrium. Exploitability is
// what a best reply wins from the strategy, and the loss what the equilibrium's strategy wins
// from it, both computed exactly with the solved game's values. The bounds are about three
// times what the search reaches with its simulation budget (20-20, 30-30 and 50-50: mean
// exploitability 0.0007, 0.0022 and 0.0032 a decision, at most 0.006, 0.023 and 0.014; loss
// 0.0001, 0.0009 and 0.0008 a decision, 0.001, 0.008 and 0.005 a match): mean
// exploitability at most 0.01 a decision and 0.06 at any one, loss at most 0.004 a decision.
func TestExpertNearEquilibrium(t *testing.T) {
	const matches = 4
	for _, points := range []int{20, 30, 50} {
		p := pencil.DefaultParams
		p.Points1, p.Points2 = points, points
		sol, err := pencil.Solve(p)
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(uint64(points), 1))
		var sumExploit, sumLoss, maxExploit float64
		decisions := 0
		for m := range matches {
			s, err := pencil.New(p)
			if err != nil {
				t.Fatal(err)
			}
			for s.ToMove() != engine.Nobody {
				for _, seat := range []engine.Seat{0, 1} {
					if len(replies(s, seat)) == 1 {
						continue
					}
					// Player 2 is searched after player 1's secret bid, as in play.
					at := s.Clone()
					if seat == 1 {
						a, err := pencil.EquilibriumPolicy(at, 0, rng)
						if err != nil {
							t.Fatal(err)
						}
						if err := at.Apply(a); err != nil {
							t.Fatal(err)
						}
					}
					x := expertStrategy(t, at, seat, uint64(100*m+decisions))
					exploit, loss := strategyGaps(t, sol, s, seat, x)
					sumExploit += exploit
					sumLoss += loss
					maxExploit = max(maxExploit, exploit)
					decisions++
					if exploit > 0.06 {
						t.Errorf("%d-%d, player %d at %d-%d ball %d: exploitability %.3f, want at most 0.06; strategy %v",
							points, points, seat+1, s.Points(0), s.Points(1), s.Ball(), exploit, x)
					}
				}
				for _, seat := range []engine.Seat{0, 1} {
					a, err := pencil.EquilibriumPolicy(s, seat, rng)
					if err != nil {
						t.Fatal(err)
					}
					if err := s.Apply(a); err != nil {
						t.Fatal(err)
					}
				}
			}
		}
		meanExploit, meanLoss := sumExploit/float64(decisions), sumLoss/float64(decisions)
		// A match's decisions are both seats'; expert plays one seat of a match, each in turn.
		t.Logf("%d-%d: %d decisions, exploitability mean %.4f max %.4f, loss against the equilibrium %.4f a decision, %.4f a match",
			points, points, decisions, meanExploit, maxExploit, meanLoss, sumLoss/float64(2*matches))
		if meanExploit > 0.01 || meanLoss > 0.004 {
			t.Errorf("%d-%d: exploitability %.4f a decision (want at most 0.01), loss against the equilibrium %.4f (want at most 0.004)",
				points, points, meanExploit, meanLoss)
		}
	}
}

// TestExpertBeyondSolver checks that expert in a bidding game larger than exactLimit is the
// card games' search, move for move.
func TestExpertBeyondSolver(t *testing.T) {
	p := pencil.DefaultParams
	p.Points1, p.Points2 = exactLimit+1, 30
	s, err := pencil.New(p)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Apply(12); err != nil { // player 1's secret bid: player 2 searches
		t.Fatal(err)
	}
	var expert searchLevel
	for _, l := range searchLevels {
		if l.name == "expert" {
			expert = l
		}
	}
	plain := expert
	plain.bidding = false
	var got [2]ismcts.Analysis
	for i, l := range []searchLevel{expert, plain} {
		an, err := l.bot(pencil.Game).(*ismcts.Bot).Search(context.Background(), s, 1, rand.New(rand.NewPCG(3, 4)))
		if err != nil {
			t.Fatal(err)
		}
		got[i] = an
	}
	if got[0].Action != got[1].Action || got[0].Iterations != expertIterations || !reflect.DeepEqual(got[0].Moves, got[1].Moves) {
		t.Fatalf("expert at %d-%d: %+v; the plain search: %+v", p.Points1, p.Points2, got[0], got[1])
	}
}
