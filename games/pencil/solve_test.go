package pencil

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"math"
	"math/rand/v2"
	"reflect"
	"strings"
	"sync"
	"testing"

	"deuce/engine"
)

// successorValue is the value of the position after bids i and j in (a, b, ball), computed
// from the rules and the solution's stored values.
func successorValue(s *Solution, a, b, ball, i, j int) float64 {
	return s.Value(a-i, b-j, push(ball, i, j, s.params.Jump))
}

// checkCertificates checks every position of s: both strategies are probability vectors over
// legal bids, the row player's guarantees at least the value against every bid of player 2 and
// the column player's concedes at most the value against every bid of player 1, within 1e-9.
func checkCertificates(t *testing.T, s *Solution) {
	t.Helper()
	const tol = 1e-9
	p := s.params
	bad := 0
	report := func(format string, args ...any) {
		t.Helper()
		if bad++; bad <= 5 {
			t.Errorf(format, args...)
		}
	}
	for a := 0; a <= p.Points1; a++ {
		for b := 0; b <= p.Points2; b++ {
			for ball := -p.Fields; ball <= p.Fields; ball++ {
				v := s.Value(a, b, ball)
				x, y := s.Strategy(a, b, ball, 0), s.Strategy(a, b, ball, 1)
				if a == 0 && b == 0 {
					if v != float64(sign(ball)) || x != nil || y != nil {
						report("(0, 0, %d): value %v, strategies %v %v", ball, v, x, y)
					}
					continue
				}
				lo1, n1 := bidRange(a)
				lo2, n2 := bidRange(b)
				for _, st := range []struct {
					x      []BidProb
					lo, hi int
				}{{x, lo1, lo1 + n1 - 1}, {y, lo2, lo2 + n2 - 1}} {
					sum := 0.0
					for k, bp := range st.x {
						if bp.Bid < st.lo || bp.Bid > st.hi || !(bp.P > 0) || (k > 0 && bp.Bid <= st.x[k-1].Bid) {
							report("(%d, %d, %d): strategy %v is not over the bids %d..%d", a, b, ball, st.x, st.lo, st.hi)
						}
						sum += bp.P
					}
					if math.Abs(sum-1) > 1e-12 {
						report("(%d, %d, %d): probabilities add up to %v", a, b, ball, sum)
					}
				}
				for j := lo2; j < lo2+n2; j++ {
					got := 0.0
					for _, bp := range x {
						got += bp.P * successorValue(s, a, b, ball, bp.Bid, j)
					}
					if got < v-tol {
						report("(%d, %d, %d): player 1's strategy earns %v < value %v against bid %d", a, b, ball, got, v, j)
					}
				}
				for i := lo1; i < lo1+n1; i++ {
					got := 0.0
					for _, bp := range y {
						got += bp.P * successorValue(s, a, b, ball, i, bp.Bid)
					}
					if got > v+tol {
						report("(%d, %d, %d): player 2's strategy concedes %v > value %v against bid %d", a, b, ball, got, v, i)
					}
				}
			}
		}
	}
}

// checkSymmetry checks V(a, b, ball) = -V(b, a, -ball) wherever both are in the game.
func checkSymmetry(t *testing.T, s *Solution) {
	t.Helper()
	p := s.params
	for a := 0; a <= min(p.Points1, p.Points2); a++ {
		for b := 0; b <= min(p.Points1, p.Points2); b++ {
			for ball := -p.Fields; ball <= p.Fields; ball++ {
				if v, w := s.Value(a, b, ball), s.Value(b, a, -ball); math.Abs(v+w) > 1e-9 {
					t.Errorf("V(%d, %d, %d) = %v but V(%d, %d, %d) = %v", a, b, ball, v, b, a, -ball, w)
				}
			}
		}
	}
}

func mustSolve(t testing.TB, p Params) *Solution {
	t.Helper()
	s, err := Solve(p)
	if err != nil {
		t.Fatalf("solve %+v: %v", p, err)
	}
	return s
}

func TestCertificatesSmall(t *testing.T) {
	for _, fields := range []int{1, 2, 3} {
		for _, jump := range []bool{true, false} {
			for _, scoring := range []Scoring{WinLoss, Knockout} {
				for _, pts := range [][2]int{{10, 10}, {10, 7}, {3, 9}, {1, 1}} {
					p := Params{Points1: pts[0], Points2: pts[1], Fields: fields, Scoring: scoring, Jump: jump}
					s := mustSolve(t, p)
					checkCertificates(t, s)
					checkSymmetry(t, s)
				}
			}
		}
	}
}

// TestCertificates50 checks every position of the standard 50-50 game in both scorings.
func TestCertificates50(t *testing.T) {
	for _, scoring := range []Scoring{WinLoss, Knockout} {
		p := DefaultParams
		p.Scoring = scoring
		s := mustSolve(t, p)
		checkCertificates(t, s)
		checkSymmetry(t, s)
		if v := s.Value(50, 50, 0); math.Abs(v) > 1e-9 {
			t.Errorf("%v: V(50, 50, 0) = %v, want 0 (a symmetric position)", scoring, v)
		}
	}
}

// TestCertificatesLarger checks every position of an unequal knockout game on three fields:
// 100-90, and with the race detector or -short (where 100-90 takes half a minute) the same
// shape smaller, 40-35, so that the check still runs there.
func TestCertificatesLarger(t *testing.T) {
	p := DefaultParams
	p.Points1, p.Points2, p.Scoring, p.Fields = 100, 90, Knockout, 3
	if testing.Short() || raceEnabled {
		p.Points1, p.Points2 = 40, 35
	}
	checkCertificates(t, mustSolve(t, p))
}

// TestHandDerived checks values worked out by hand.
func TestHandDerived(t *testing.T) {
	wl := mustSolve(t, Params{Points1: 12, Points2: 12, Fields: 2, Scoring: WinLoss, Jump: true})
	ko := mustSolve(t, Params{Points1: 12, Points2: 12, Fields: 2, Scoring: Knockout, Jump: true})
	nj := mustSolve(t, Params{Points1: 12, Points2: 12, Fields: 2, Scoring: WinLoss, Jump: false})
	for _, tc := range []struct {
		name    string
		s       *Solution
		a, b, p int
		want    float64
	}{
		{"both out on the centre line: draw", wl, 0, 0, 0, 0},
		{"both out on player 2's side", wl, 0, 0, 1, 1},
		{"both out on player 1's side, knockout", ko, 0, 0, -2, -1},
		{"one point each: the bids tie, a draw", wl, 1, 1, 0, 0},
		{"two against one: player 1 pushes", wl, 2, 1, 0, 1},
		// Ball on the opponent's last field and at least as many points: bid them all.
		{"last field, equal points", wl, 5, 5, 2, 1},
		{"last field, more points", wl, 9, 5, 2, 1},
		{"last field, more points, knockout: outbid all", ko, 9, 5, 2, 2},
		{"opponent out of points: three pushes from the centre", wl, 3, 0, 0, 1},
		{"opponent out of points, knockout: pushed out", ko, 3, 0, 0, 2},
		{"opponent out of points, too few to push out, knockout", ko, 2, 0, 0, 1},
		{"own side, opponent out, jump: 1 push over, 2 more", ko, 3, 0, -2, 2},
		{"own side, opponent out, no jump: 5 pushes needed, 3 points", nj, 3, 0, -2, 1},
		{"no jump, 2 points from -1: ends at +1", nj, 2, 0, -1, 1},
		{"no jump, 1 point from -1: ends on the centre line", nj, 1, 0, -1, 0},
		{"symmetric position", wl, 12, 12, 0, 0},
		{"mirror of last field", wl, 5, 9, -2, -1},
	} {
		if got := tc.s.Value(tc.a, tc.b, tc.p); math.Abs(got-tc.want) > 1e-12 {
			t.Errorf("%s: V(%d, %d, %d) = %v, want %v", tc.name, tc.a, tc.b, tc.p, got, tc.want)
		}
	}
	// Knockout, last field, equal points: bidding everything wins at least 1; mixing does better.
	if v := ko.Value(5, 5, 2); v < 1 || v > 2 {
		t.Errorf("knockout V(5, 5, 2) = %v, want 1 to 2", v)
	}
	if !math.IsNaN(wl.Value(13, 0, 0)) {
		t.Errorf("a position outside the game has a value")
	}
	if _, err := wl.At(-1, 0, 0); err == nil {
		t.Errorf("At outside the game: no error")
	}
	st, err := wl.At(5, 5, 2)
	if err != nil || len(st.Player1) != 6 || len(st.Player2) != 6 || st.Value != 1 {
		t.Errorf("At(5, 5, 2) = %+v, %v", st, err)
	}
	if st, _ := wl.At(0, 0, 0); st.Player1 != nil {
		t.Errorf("At(0, 0, 0) has strategies: %+v", st)
	}
}

func TestSolveLimits(t *testing.T) {
	for _, p := range []Params{
		{Points1: 0, Points2: 5, Fields: 2},
		{Points1: 5, Points2: 5, Fields: 0},
		{Points1: MaxSolvePoints + 1, Points2: 5, Fields: 2},
	} {
		if _, err := Solve(p); err == nil {
			t.Errorf("Solve(%+v): no error", p)
		}
	}
}

// TestWorkers checks that the result does not depend on the number of workers.
func TestWorkers(t *testing.T) {
	p := Params{Points1: 30, Points2: 25, Fields: 2, Scoring: Knockout, Jump: true}
	one, err := SolveWorkers(p, 1)
	if err != nil {
		t.Fatal(err)
	}
	three, err := SolveWorkers(p, 3)
	if err != nil {
		t.Fatal(err)
	}
	var a, b bytes.Buffer
	if err := one.WriteJSON(&a); err != nil {
		t.Fatal(err)
	}
	if err := three.WriteJSON(&b); err != nil {
		t.Fatal(err)
	}
	if a.String() != b.String() {
		t.Errorf("1 and 3 workers give different solutions")
	}
}

func TestExport(t *testing.T) {
	p := Params{Points1: 8, Points2: 6, Fields: 1, Scoring: WinLoss, Jump: true}
	s := mustSolve(t, p)
	var js bytes.Buffer
	if err := s.WriteJSON(&js); err != nil {
		t.Fatal(err)
	}
	var doc struct {
		solutionHeader
		Positions []PositionSolution `json:"positions"`
	}
	if err := json.Unmarshal(js.Bytes(), &doc); err != nil {
		t.Fatalf("WriteJSON output does not decode: %v", err)
	}
	if n := 9 * 7 * 3; len(doc.Positions) != n || doc.Count != n || doc.Points1 != 8 || doc.Scoring != "winloss" {
		t.Fatalf("JSON: %d positions, header %+v", len(doc.Positions), doc.solutionHeader)
	}
	for _, ps := range doc.Positions {
		want := PositionSolution{Points1: ps.Points1, Points2: ps.Points2, Ball: ps.Ball,
			Value:   exported(s.Value(ps.Points1, ps.Points2, ps.Ball)),
			Player1: s.Strategy(ps.Points1, ps.Points2, ps.Ball, 0), Player2: s.Strategy(ps.Points1, ps.Points2, ps.Ball, 1)}
		if want.Player1 == nil {
			want.Player1, want.Player2 = []BidProb{}, []BidProb{}
		}
		if !reflect.DeepEqual(ps, want) {
			t.Fatalf("JSON does not round-trip exactly: got %+v, want %+v", ps, want)
		}
	}
	var cs bytes.Buffer
	if err := s.WriteCSV(&cs); err != nil {
		t.Fatal(err)
	}
	records, err := csv.NewReader(&cs).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if len(records) != 1+9*7*3 || strings.Join(records[0], ",") != "points1,points2,ball,value,player1,player2" {
		t.Fatalf("CSV: %d records, header %v", len(records), records[0])
	}
	// A fair position is worth 0, written so: not the linear program's -6e-19.
	fair := mustSolve(t, Params{Points1: 20, Points2: 20, Fields: 2, Scoring: WinLoss, Jump: true})
	fair.Positions(func(ps PositionSolution) error {
		if ps.Points1 == ps.Points2 && ps.Ball == 0 && ps.Value != 0 {
			t.Errorf("position %d-%d, ball 0: value %g, want 0", ps.Points1, ps.Points2, ps.Value)
		}
		return nil
	})
}

// TestEquilibriumPolicy plays the equilibrium bot against random bids.
func TestEquilibriumPolicy(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	wins, losses := 0, 0
	const n = 300
	for i := range n {
		s := start(t, []string{"points=20", "points=15/20 jump=no", "points=20 scoring=knockout fields=3"}[i%3])
		hero := engine.Seat(i % 2)
		for s.ToMove() != engine.Nobody {
			var a engine.Action
			if s.ToMove() == hero {
				var err error
				if a, err = EquilibriumPolicy(s, hero, rng); err != nil {
					t.Fatal(err)
				}
			} else {
				legal := s.Legal(nil)
				a = legal[rng.IntN(len(legal))]
			}
			if err := s.Apply(a); err != nil {
				t.Fatalf("equilibrium bid: %v", err)
			}
		}
		switch s.Result().Winner {
		case hero:
			wins++
		case 1 - hero:
			losses++
		}
	}
	if wins < n*8/10 {
		t.Errorf("the equilibrium won %d and lost %d of %d matches against random bids", wins, losses, n)
	}
}

func TestEquilibriumPolicyReproducible(t *testing.T) {
	sample := func() []engine.Action {
		s := start(t, "points=25")
		rng := rand.New(rand.NewPCG(3, 3))
		var bids []engine.Action
		for s.ToMove() != engine.Nobody {
			a, err := EquilibriumPolicy(s, s.ToMove(), rng)
			if err != nil {
				t.Fatal(err)
			}
			bids = append(bids, a)
			if err := s.Apply(a); err != nil {
				t.Fatal(err)
			}
		}
		return bids
	}
	if a, b := sample(), sample(); !reflect.DeepEqual(a, b) {
		t.Errorf("the same seed gave %v and %v", a, b)
	}
	// Player 2's bid does not depend on player 1's pending bid.
	s := start(t, "points=25")
	if err := s.Apply(3); err != nil {
		t.Fatal(err)
	}
	other := s.Clone().(*State)
	other.pending = 20
	b1, p1, err1 := EquilibriumStrategy(s, 1)
	b2, p2, err2 := EquilibriumStrategy(other, 1)
	if err1 != nil || err2 != nil || !reflect.DeepEqual(b1, b2) || !reflect.DeepEqual(p1, p2) {
		t.Errorf("player 2's strategy depends on player 1's secret bid")
	}
	if _, err := EquilibriumPolicy(s, 0, rand.New(rand.NewPCG(1, 1))); err == nil {
		t.Errorf("policy for the seat not to move: no error")
	}
}

func TestSolvedConcurrent(t *testing.T) {
	p := Params{Points1: 15, Points2: 15, Fields: 2, Scoring: WinLoss, Jump: false}
	var wg sync.WaitGroup
	got := make([]*Solution, 8)
	for i := range got {
		wg.Add(1)
		go func() {
			defer wg.Done()
			got[i], _ = Solved(p)
		}()
	}
	wg.Wait()
	for _, s := range got {
		if s == nil || s != got[0] {
			t.Fatalf("concurrent callers got different solutions")
		}
	}
}

// TestMatrixGames checks the simplex solver against random matrices, many of them with the
// few distinct payoffs that make the positions' games degenerate.
func TestMatrixGames(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	var g matrixGame
	var e ddSimplex
	for it := range 400 {
		m, n := 1+rng.IntN(30), 1+rng.IntN(30)
		a := make([]float64, m*n)
		for i := range a {
			if it%2 == 0 {
				a[i] = rng.Float64()*2 - 1
			} else {
				a[i] = float64(rng.IntN(3) - 1)
			}
		}
		v, x, y, err := g.solve(a, m, n)
		if err != nil {
			t.Fatalf("%dx%d: %v", m, n, err)
		}
		if lo, hi := certify(a, m, n, x, y); v < lo-1e-10 || v > hi+1e-10 || hi-lo > 1e-10 {
			t.Fatalf("%dx%d: value %v, strategies guarantee %v and %v", m, n, v, lo, hi)
		}
		x2, y2 := make([]float64, m), make([]float64, n)
		if !e.solve(a, m, n, 2, x2, y2) {
			t.Fatalf("%dx%d: double-double simplex gave up", m, n)
		}
		if lo, hi := certify(a, m, n, x2, y2); hi-lo > 1e-12 || math.Abs(lo-v) > 1e-10 {
			t.Fatalf("%dx%d: double-double strategies guarantee %v and %v, value %v", m, n, lo, hi, v)
		}
	}
}

func TestDoubleDouble(t *testing.T) {
	third := dd{1, 0}.div(dd{3, 0})
	if r := third.mul(dd{3, 0}).sub(dd{1, 0}); math.Abs(r.hi) > 1e-30 {
		t.Errorf("3 * (1/3) - 1 = %v", r)
	}
	// 1 + 2^-80 - 1 is lost in float64 but kept in double-double.
	tiny := math.Ldexp(1, -80)
	if r := (dd{1, 0}).add(dd{tiny, 0}).sub(dd{1, 0}); r.hi != tiny {
		t.Errorf("1 + 2^-80 - 1 = %v", r)
	}
}
