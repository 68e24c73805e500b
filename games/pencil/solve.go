package pencil

import (
	"context"
	"fmt"
	"math"
	"runtime"
	"sync"
	"sync/atomic"
)

// MaxSolvePoints bounds the starting points Solve accepts. The work grows with about the fifth
// power of the points (0.03 s of one core at 50 each, 0.35 s at 100, 6.5 s at 200, under a
// minute at 300, where the solution takes 116 MB and the solve half a gigabyte at most), so
// larger games are refused rather than left to run for hours.
const MaxSolvePoints = 300

// Solution holds the exact solution of one game: the value of every position (from player 1's
// view, in the scoring's units) and an optimal mixed strategy for each player in every position
// where the match is not over.
//
// Memory: the values take 8 bytes per position, (Points1+1)(Points2+1)(2F+3) positions
// counting the two "beyond" rows. Strategies are stored sparsely, since most positions have a
// pure saddle point: 8 bytes per player and position, plus 10 bytes (the bid in 2, its
// probability in 8, kept in full so that the strategies stay exactly optimal) per bid played
// with positive probability in the mixed positions only, in two flat arrays (mirror positions
// share them). A solved 50-50 game takes 0.6 MB, 100-100 5 MB, 200-200 38 MB, most of it
// mixed strategies, whose supports grow with the points. Solving needs little more: a matrix
// of the largest position and a few simplex tableaux per worker.
//
// A Solution is read-only once Solve returns, and safe for concurrent use.
type Solution struct {
	params Params
	// values[((ball+F+1)*(Points1+1)+a)*(Points2+1)+b] is the value of (a, b, ball), for every
	// ball from -(F+1) to F+1.
	values []float64
	// strat[2*k+seat] is seat's strategy in the k-th position with the ball on the court:
	// k = ((ball+F)*(Points1+1)+a)*(Points2+1)+b.
	strat []stratRef
	// The mixed strategies, one after the other in two flat arrays: bids[i] is played with
	// probability probs[i] (a bid fits in 16 bits: MaxSolvePoints is far below 65,536).
	bids  []uint16
	probs []float64
	stats SolveStats
}

// stratRef is a strategy: the single bid off when n == 0 (a pure strategy), otherwise the
// bids bids[off:off+n] with probabilities probs[off:off+n].
type stratRef struct{ off, n int32 }

// BidProb is one bid of a mixed strategy and its probability.
type BidProb struct {
	Bid int     `json:"bid"`
	P   float64 `json:"p"`
}

// SolveStats count the work of a solve.
type SolveStats struct {
	// Positions is the number of positions solved (mirror images not counted);
	// Mixed the number without a pure saddle point, solved by linear programming.
	Positions, Mixed int
	// Pivots counts the simplex pivots over all mixed positions.
	Pivots int
	// MaxSupport is the largest support of a mixed strategy.
	MaxSupport int
	// Rounds counts the restricted games solved, Whole the mixed positions whose game was
	// solved on the whole matrix at last, and Fallbacks the (restricted) games that needed
	// the double-double simplex.
	Rounds, Whole, Fallbacks int
	// Guessed counts the mixed positions solved directly on a neighbour's support.
	Guessed int
}

// Solve computes the value and optimal strategies of every position of the game p, on as many
// goroutines as GOMAXPROCS allows (see SolveWorkers).
func Solve(p Params) (*Solution, error) {
	return SolveWorkers(p, runtime.GOMAXPROCS(0))
}

// SolveWorkers is Solve on the given number of goroutines (at least one). The result does not
// depend on the number.
//
// Positions are solved by backward induction. A position (a, b, ball) is a matrix game: the
// rows are player 1's bids (1..a, or 0 when a = 0), the columns player 2's, and the entries the
// values of the positions the bids lead to. Every successor has fewer points in all (a round
// with points left costs at least one), so positions are solved by increasing a+b, and the
// positions with the same a+b, independent of each other, are shared among the workers. The
// rules are symmetric, so V(b, a, -ball) = -V(a, b, ball) with the players' strategies
// exchanged: of two mirror positions only one is solved.
//
// Most positions have a pure saddle point (the largest row minimum equals the smallest column
// maximum), found in one pass over the matrix; among several optimal bids the one that does
// best against a uniformly random opponent is kept, so the strategy also profits from
// mistakes. The others are mixed. Their optimal strategies bid low and change little between
// neighbouring positions, so the solver first tries (a-1, b)'s support as the exact support
// (one k x k linear solve; it is right about half the time), then the double oracle method
// seeded with the neighbours' supports and with (a-1, b-1)'s shifted by one bid (that game is
// this one without the bids of 1), and at last the whole matrix; every linear program is
// solved by a dense simplex method (see matrixGame). Every mixed solution is certified against
// its whole matrix: each strategy guarantees the value to 1e-10, or Solve fails.
//
// Each diagonal's positions are handed to the workers one at a time, those with the ball on a
// last field (the largest supports) first, so that the workers finish a diagonal together.
func SolveWorkers(p Params, workers int) (*Solution, error) {
	return SolveContext(context.Background(), p, workers)
}

// SolveContext is SolveWorkers that gives up, returning ctx's error, once ctx is done: it looks
// between the diagonals of positions, each a small part of the work.
func SolveContext(ctx context.Context, p Params, workers int) (*Solution, error) {
	if err := p.Validate(); err != nil {
		return nil, err
	}
	if p.Points1 > MaxSolvePoints || p.Points2 > MaxSolvePoints {
		return nil, fmt.Errorf("solve %d-%d: the solver takes at most %d points a player", p.Points1, p.Points2, MaxSolvePoints)
	}
	workers = max(workers, 1)
	f, na, nb := p.Fields, p.Points1+1, p.Points2+1
	sol := &Solution{
		params: p,
		values: make([]float64, (2*f+3)*na*nb),
		strat:  make([]stratRef, 2*(2*f+1)*na*nb),
	}
	win := 1.0
	if p.Scoring == Knockout {
		win = 2
	}
	plane := na * nb
	for i := range plane {
		sol.values[i] = -win              // ball beyond player 1's field
		sol.values[(2*f+2)*plane+i] = win // ball beyond player 2's field
	}
	for ball := -f; ball <= f; ball++ {
		sol.values[sol.index(0, 0, ball)] = float64(sign(ball))
	}
	ws := make([]*workspace, workers)
	for i := range ws {
		ws[i] = newWorkspace(na, nb)
	}
	var tasks []task
	for sum := 1; sum <= p.Points1+p.Points2; sum++ {
		if err := ctx.Err(); err != nil {
			return nil, fmt.Errorf("solve %d-%d: %w", p.Points1, p.Points2, err)
		}
		tasks = tasks[:0]
		// One task a position: the largest (with the ball on a last field, whose strategies
		// have the largest supports) first, so that the workers finish together.
		for _, ball := range balls(f) {
			for a := max(0, sum-p.Points2); a <= min(p.Points1, sum); a++ {
				b := sum - a
				if a < b && b <= p.Points1 && a <= p.Points2 {
					continue // the mirror of (b, a)
				}
				tasks = append(tasks, task{a: a, b: b, ball: ball})
			}
		}
		for _, w := range ws {
			w.bids, w.probs = w.bids[:0], w.probs[:0]
		}
		var next atomic.Int64
		var wg sync.WaitGroup
		for _, w := range ws[:min(workers, len(tasks))] {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for {
					i := int(next.Add(1)) - 1
					if i >= len(tasks) {
						return
					}
					t := &tasks[i]
					t.w = w
					if t.err = w.solvePosition(sol, t); t.err != nil {
						t.err = fmt.Errorf("solve position (%d, %d, %s): %w", t.a, t.b, position(t.ball), t.err)
						return
					}
				}
			}()
		}
		wg.Wait()
		for i := range tasks {
			if err := sol.commit(&tasks[i]); err != nil {
				return nil, err
			}
		}
	}
	for _, w := range ws {
		sol.stats.add(w)
	}
	// Drop the spare capacity of the strategies' arrays.
	sol.bids = append(make([]uint16, 0, len(sol.bids)), sol.bids...)
	sol.probs = append(make([]float64, 0, len(sol.probs)), sol.probs...)
	return sol, nil
}

// balls lists the ball positions on a court of f fields a side, the last fields first.
func balls(f int) []int {
	var bs []int
	for d := f; d >= 0; d-- {
		bs = append(bs, -d)
		if d > 0 {
			bs = append(bs, d)
		}
	}
	return bs
}

// task is the solving of one position (a, b, ball) by one worker.
type task struct {
	a, b, ball int
	w          *workspace
	err        error
	value      float64
	// The strategies; one with n > 0 points into the worker's arrays.
	strat [2]stratRef
}

// commit stores a task's results, and their mirror images, in the solution.
func (s *Solution) commit(t *task) error {
	if t.err != nil {
		return t.err
	}
	var refs [2]stratRef
	for seat, ref := range t.strat {
		if ref.n > 0 {
			off := len(s.bids)
			s.bids = append(s.bids, t.w.bids[ref.off:ref.off+ref.n]...)
			s.probs = append(s.probs, t.w.probs[ref.off:ref.off+ref.n]...)
			ref.off = int32(off)
		}
		refs[seat] = ref
	}
	ball := t.ball
	s.values[s.index(t.a, t.b, ball)] = t.value
	k := s.stratIndex(t.a, t.b, ball, 0)
	s.strat[k], s.strat[k+1] = refs[0], refs[1]
	if t.a != t.b && t.b <= s.params.Points1 && t.a <= s.params.Points2 {
		// The mirror: players and sides exchanged.
		s.values[s.index(t.b, t.a, -ball)] = -t.value
		k := s.stratIndex(t.b, t.a, -ball, 0)
		s.strat[k], s.strat[k+1] = refs[1], refs[0]
	}
	return nil
}

func sign(x int) int {
	switch {
	case x > 0:
		return 1
	case x < 0:
		return -1
	}
	return 0
}

// index locates (a, b, ball) in values.
func (s *Solution) index(a, b, ball int) int {
	na, nb := s.params.Points1+1, s.params.Points2+1
	return ((ball+s.params.Fields+1)*na+a)*nb + b
}

// stratIndex locates seat's strategy in (a, b, ball) in strat; the ball is on the court.
func (s *Solution) stratIndex(a, b, ball, seat int) int {
	na, nb := s.params.Points1+1, s.params.Points2+1
	return 2*(((ball+s.params.Fields)*na+a)*nb+b) + seat
}

// workspace holds one worker's buffers.
type workspace struct {
	m                      []float64 // the position's matrix, row-major
	rowMin, colMax, colSum []float64
	or                     oracle
	// The mixed strategies of the current diagonal, as in Solution.
	bids         []uint16
	probs        []float64
	seedR, seedC []int
	stats        SolveStats
}

func newWorkspace(na, nb int) *workspace {
	return &workspace{
		m:      make([]float64, na*nb),
		rowMin: make([]float64, na),
		colMax: make([]float64, nb),
		colSum: make([]float64, nb),
	}
}

func (st *SolveStats) add(w *workspace) {
	st.Positions += w.stats.Positions
	st.Mixed += w.stats.Mixed
	st.Guessed += w.stats.Guessed
	st.MaxSupport = max(st.MaxSupport, w.stats.MaxSupport)
	st.Pivots += w.or.lp.pivots
	st.Fallbacks += w.or.lp.fallbacks
	st.Rounds += w.or.rounds
	st.Whole += w.or.full
}

// bidRange returns the lowest bid and the number of bids of a player with n points.
func bidRange(n int) (lo, count int) {
	if n == 0 {
		return 0, 1
	}
	return 1, n
}

// fill writes the matrix of (a, b, ball) into w.m (rows: player 1's bids from lo1, columns:
// player 2's from lo2) with its row minima and column maxima, in one pass.
func (w *workspace) fill(s *Solution, a, b, ball int) (rows, cols int) {
	p := s.params
	lo1, rows := bidRange(a)
	lo2, cols := bidRange(b)
	plane := (p.Points1 + 1) * (p.Points2 + 1)
	nb := p.Points2 + 1
	off := func(pos int) int { return (pos + p.Fields + 1) * plane }
	up := s.values[off(push(ball, 1, 0, p.Jump)):]
	same := s.values[off(ball):]
	down := s.values[off(push(ball, 0, 1, p.Jump)):]
	colMax := w.colMax[:cols]
	for c := range colMax {
		colMax[c] = math.Inf(-1)
	}
	for r := range rows {
		i := r + lo1
		base := (a-i)*nb + b // (a-i, b-j) is at base - j
		row := w.m[r*cols : r*cols+cols]
		rmin := math.Inf(1)
		// j < i: player 1 outbids and pushes; j == i: the ball stays; j > i: player 2 pushes.
		// Bid j reads (a-i, b-j) at base-j: each part of the row is a stretch of a plane's
		// row, backwards.
		if hi := min(i-1, b); hi >= lo2 {
			rmin = reverseFill(row[:hi-lo2+1], up[base-hi:base-lo2+1], colMax[:hi-lo2+1], rmin)
		}
		if j := i - lo2; i >= lo2 && i <= b {
			v := same[base-i]
			row[j] = v
			if v < rmin {
				rmin = v
			}
			if v > colMax[j] {
				colMax[j] = v
			}
		}
		if j0 := max(i+1, lo2); j0 <= b {
			rmin = reverseFill(row[j0-lo2:cols], down[base-b:base-j0+1], colMax[j0-lo2:cols], rmin)
		}
		w.rowMin[r] = rmin
	}
	return rows, cols
}

// saddleTol is how far apart the largest row minimum and the smallest column maximum may be
// for a position to count as having a pure saddle point (they are computed from the same
// stored values, so they are equal or clearly apart).
const saddleTol = 1e-12

// solvePosition solves (t.a, t.b, t.ball) into t, reading only positions with fewer points.
func (w *workspace) solvePosition(s *Solution, t *task) error {
	a, b, ball := t.a, t.b, t.ball
	rows, cols := w.fill(s, a, b, ball)
	lo1, _ := bidRange(a)
	lo2, _ := bidRange(b)
	w.stats.Positions++
	lower, upper := math.Inf(-1), math.Inf(1)
	maximin, minimax := 0, 0
	for r, v := range w.rowMin[:rows] {
		if v > lower {
			lower, maximin = v, r
		}
	}
	for c, v := range w.colMax[:cols] {
		if v < upper {
			upper, minimax = v, c
		}
	}
	if upper-lower <= saddleTol {
		// Pure saddle point: among the optimal bids, the best against a random opponent.
		// The sums, in the order of a sum along the row and down the column.
		br, bc := -1, -1
		bestSum := 0.0
		for r := range rows {
			if w.rowMin[r] < lower-saddleTol {
				continue
			}
			sum := 0.0
			for _, v := range w.m[r*cols : r*cols+cols] {
				sum += v
			}
			if br < 0 || sum > bestSum {
				br, bestSum = r, sum
			}
		}
		// The column sums row by row, two columns an instruction (axpy with f = -1 adds
		// exactly): where a column is optimal, nearly every column is.
		colSum := w.colSum[:cols]
		clear(colSum)
		for r := range rows {
			axpy(colSum, w.m[r*cols:r*cols+cols], -1)
		}
		for c, sum := range colSum {
			if w.colMax[c] <= upper+saddleTol && (bc < 0 || sum < bestSum) {
				bc, bestSum = c, sum
			}
		}
		t.value = w.m[br*cols+bc]
		t.strat = [2]stratRef{{off: int32(br + lo1)}, {off: int32(bc + lo2)}}
		return nil
	}
	w.stats.Mixed++
	m := w.m[:rows*cols]
	var (
		v    float64
		x, y []float64
		err  error
		ok   bool
	)
	lowest := math.Inf(1) // the least entry
	for _, v := range w.rowMin[:rows] {
		lowest = min(lowest, v)
	}
	// Neighbours with a point less (solved on earlier diagonals): the square support of (a-1,
	// b) is often exactly optimal here (those of the others less often than it pays to try
	// them); their supports seed the double oracle otherwise. Bids of 1 and more sit at index
	// bid-1 in every such matrix.
	w.seedR, w.seedC = w.seedR[:0], w.seedC[:0]
	for nbi, nb := range [...][2]int{{a - 1, b}, {a - 1, b - 1}, {a, b - 1}} {
		if nb[0] < 1 || nb[1] < 1 {
			continue
		}
		r0, c0 := len(w.seedR), len(w.seedC)
		w.seedR = s.appendSupport(w.seedR, nb[0], nb[1], ball, 0)
		w.seedC = s.appendSupport(w.seedC, nb[0], nb[1], ball, 1)
		sr, sc := w.seedR[r0:], w.seedC[c0:]
		if nbi == 0 && len(sr) > 1 && len(sr) == len(sc) {
			if v, ok = w.or.lp.tryBasis(m, rows, cols, lowest, sr, sc); ok {
				x, y = w.or.lp.x[:rows], w.or.lp.y[:cols]
				w.stats.Guessed++
				break
			}
		}
	}
	if !ok {
		// The game of (a-1, b-1) is this one without the bids of 1, every other bid one less:
		// its rows and columns are this game's from the second on. Its support shifted by one
		// bid, and the bids of 1, seed the double oracle too.
		if a >= 2 && b >= 2 {
			r0, c0 := len(w.seedR), len(w.seedC)
			w.seedR = s.appendSupport(w.seedR, a-1, b-1, ball, 0)
			w.seedC = s.appendSupport(w.seedC, a-1, b-1, ball, 1)
			for i := r0; i < len(w.seedR); i++ {
				w.seedR[i]++
			}
			for i := c0; i < len(w.seedC); i++ {
				w.seedC[i]++
			}
			w.seedR = append(w.seedR, 0)
			w.seedC = append(w.seedC, 0)
		}
		v, x, y, err = w.or.solve(m, rows, cols, w.seedR, w.seedC, maximin, minimax)
		if err != nil {
			return err
		}
	}
	t.value = v
	t.strat = [2]stratRef{w.addMixed(x, lo1), w.addMixed(y, lo2)}
	return nil
}

// appendSupport appends the matrix indices (bid-1) of the bids that seat plays in (a, b,
// ball), a position already solved with a, b >= 1.
func (s *Solution) appendSupport(dst []int, a, b, ball, seat int) []int {
	ref := s.strat[s.stratIndex(a, b, ball, seat)]
	if ref.n == 0 {
		return append(dst, int(ref.off)-1)
	}
	for _, bid := range s.bids[ref.off : ref.off+ref.n] {
		dst = append(dst, int(bid)-1)
	}
	return dst
}

// addMixed stores a mixed strategy over bids lo, lo+1, ... in the worker's arena and returns
// its reference; a strategy that is pure after rounding is stored as such.
func (w *workspace) addMixed(p []float64, lo int) stratRef {
	off, n := len(w.bids), 0
	for i, v := range p {
		if v > 0 {
			w.bids = append(w.bids, uint16(i+lo))
			w.probs = append(w.probs, v)
			n++
		}
	}
	if n == 1 {
		bid := w.bids[off]
		w.bids, w.probs = w.bids[:off], w.probs[:off]
		return stratRef{off: int32(bid)}
	}
	w.stats.MaxSupport = max(w.stats.MaxSupport, n)
	return stratRef{off: int32(off), n: int32(n)}
}

// Params returns the settings solved.
func (s *Solution) Params() Params { return s.params }

// Stats returns the work the solve took.
func (s *Solution) Stats() SolveStats { return s.stats }

// Bytes is the memory the solution holds.
func (s *Solution) Bytes() int {
	return 8*cap(s.values) + 8*cap(s.strat) + 2*cap(s.bids) + 8*cap(s.probs)
}

// inRange reports whether (a, b, ball) is a position of the solved game.
func (s *Solution) inRange(a, b, ball int) bool {
	f := s.params.Fields
	return a >= 0 && a <= s.params.Points1 && b >= 0 && b <= s.params.Points2 && ball >= -f-1 && ball <= f+1
}

// Value returns the value of (a, b, ball) for player 1 (NaN outside the game): +1 is a sure
// win for player 1 (+2 with knockout scoring, ball beyond the field), -1 a sure loss.
func (s *Solution) Value(a, b, ball int) float64 {
	if !s.inRange(a, b, ball) {
		return math.NaN()
	}
	return s.values[s.index(a, b, ball)]
}

// Strategy returns an optimal strategy of seat (0 for player 1, 1 for player 2) in (a, b,
// ball): the bids it plays with positive probability, ascending. It is nil where the match is
// over or (a, b, ball) is outside the game.
func (s *Solution) Strategy(a, b, ball, seat int) []BidProb {
	f := s.params.Fields
	if !s.inRange(a, b, ball) || ball < -f || ball > f || (a == 0 && b == 0) || (seat != 0 && seat != 1) {
		return nil
	}
	ref := s.strat[s.stratIndex(a, b, ball, seat)]
	if ref.n == 0 {
		return []BidProb{{Bid: int(ref.off), P: 1}}
	}
	x := make([]BidProb, ref.n)
	for i := range x {
		x[i] = BidProb{Bid: int(s.bids[int(ref.off)+i]), P: s.probs[int(ref.off)+i]}
	}
	return x
}

// StateSolution is the solution of one position.
type StateSolution struct {
	Points1, Points2, Ball int
	// Value is the value for player 1.
	Value float64
	// Player1[i] and Player2[i] are the probabilities that player 1 and player 2 bid i, with
	// len(Player1) = Points1+1 and len(Player2) = Points2+1; nil once the match is over.
	Player1, Player2 []float64
}

// At returns the solution of (a, b, ball), or an error for a position outside the game.
func (s *Solution) At(a, b, ball int) (StateSolution, error) {
	if !s.inRange(a, b, ball) {
		f := s.params.Fields
		return StateSolution{}, fmt.Errorf("position (%d, %d, %d) is outside the game: points 0..%d and 0..%d, ball %d..%d",
			a, b, ball, s.params.Points1, s.params.Points2, -f-1, f+1)
	}
	st := StateSolution{Points1: a, Points2: b, Ball: ball, Value: s.Value(a, b, ball)}
	if x := s.Strategy(a, b, ball, 0); x != nil {
		st.Player1 = dense(x, a)
		st.Player2 = dense(s.Strategy(a, b, ball, 1), b)
	}
	return st, nil
}

func dense(x []BidProb, points int) []float64 {
	d := make([]float64, points+1)
	for _, bp := range x {
		d[bp.Bid] = bp.P
	}
	return d
}
