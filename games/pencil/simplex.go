package pencil

import (
	"errors"
	"math"
	"slices"
)

// matrixGame solves zero-sum matrix games with the simplex method in Tucker's compact tableau
// (as in T. S. Ferguson, Game Theory, part II, section 4.5): after shifting the payoffs to be
// positive, the column player's problem "maximise the sum of w subject to A w <= 1, w >= 0"
// starts feasible at w = 0 and needs no first phase; the row player's optimal strategy is the
// dual solution, read off the same tableau. A pivot costs O(m n).
//
// The positions' matrices are hard on floating point: their rows are near-copies of each other
// shifted by one bid, so simplex paths pass through nearly singular bases even where the
// optimal basis is well conditioned. Hence: steepest-edge pricing (Dantzig's rule as a second
// try), Harris's ratio test (the largest pivot among near-ties), Bland's rule after a run of
// degenerate pivots (no cycling); once optimal, or after m+n+20 pivots, the strategies read
// off the tableau are checked against the whole matrix and, unless they are exact to readTol,
// recomputed from the basis and the original payoffs by an LU factorisation and checked
// again, and the tableau is rebuilt from the payoffs if the check fails; and, as a last
// resort, the same method in double-double arithmetic. The answer is always certified: each
// strategy guarantees the value to certTol.
//
// The workspace is reused from game to game; a matrixGame is not safe for concurrent use.
type matrixGame struct {
	t         []float64 // (m+1) x (n+1) tableau, row-major
	left, top []int     // labels: 0..n-1 are the column player's strategies, n..n+m-1 the row player's
	x, y      []float64
	// refinement buffers
	rowsR, colsJ, perm []int
	lu, rhs, norm      []float64
	pivots             int // pivots made, over all games solved
	steepest           bool
	cand               []int // the columns that may enter
	exact              ddSimplex
	fallbacks          int // games solved by the double-double fallback
	cert               certifier
	zbuf               []float64 // scratch of luSolve and luSolveT
}

var errSimplex = errors.New("simplex did not converge")

const (
	simplexEps = 1e-12
	// pivotEps is the smallest pivot taken.
	pivotEps = 1e-9
	// feasTol is the most negative right-hand side taken as zero.
	feasTol = 1e-11
	// harrisTol is the slack of Harris's ratio test.
	harrisTol = 1e-11
	// certTol is the largest gap between what the two strategies guarantee.
	certTol = 1e-10
	// readTol is the largest such gap of strategies read off the final tableau without
	// recomputing them from the basis: much tighter than certTol, so that the rounding of the
	// pivots never adds up over the positions (the values stay within 1e-13 of those
	// recomputed every time).
	readTol = 1e-13
	// maxRounds bounds the rounds of pivoting, each followed by a certificate check and a
	// rebuild of the tableau.
	maxRounds = 20
	// maxDegenerate is the run of degenerate pivots after which Bland's rule takes over.
	maxDegenerate = 20
)

// solve returns the value of the m x n game a (row-major; the row player maximises) and optimal
// strategies x (rows) and y (columns), which alias the workspace until the next call. The
// strategies are certified against a: x guarantees at least value-tol against every column and
// y at most value+tol against every row, with tol below 1e-10, or solve returns an error.
func (g *matrixGame) solve(a []float64, m, n int) (value float64, x, y []float64, err error) {
	lowest := math.Inf(1)
	for _, v := range a[:m*n] {
		if v < lowest { // not min, which also orders zeros and NaNs, at a cost
			lowest = v
		}
	}
	shift := 1 - lowest // every shifted payoff is at least 1, so the value is positive
	g.t = grow(g.t, (m+1)*(n+1))
	g.left = growInt(g.left, m)
	g.top = growInt(g.top, n)
	g.x = grow(g.x, m)
	g.y = grow(g.y, n)
	// Steepest-edge pricing first; Dantzig's rule takes another path through the bases if
	// rounding defeats the first.
	for _, steepest := range []bool{true, false} {
		g.steepest = steepest
		g.reset(a, m, n, shift)
		if v, ok := g.run(a, m, n, shift); ok {
			return v, g.x, g.y, nil
		}
	}
	// Last resort: the same method in double-double arithmetic.
	if g.exact.solve(a, m, n, shift, g.x, g.y) {
		g.fallbacks++
		lo, hi := g.cert.certify(a, m, n, g.x, g.y, math.Inf(1))
		if hi-lo <= certTol {
			return (lo + hi) / 2, g.x, g.y, nil
		}
	}
	return 0, nil, nil, errSimplex
}

// run pivots from the current tableau to a certified optimum, in rounds each followed by a
// certificate check and a rebuild of the tableau from the payoffs; it reports false if it gives
// up.
func (g *matrixGame) run(a []float64, m, n int, shift float64) (float64, bool) {
	for range maxRounds {
		_, err := g.iterate(m, n, m+n+20)
		if err != nil {
			return 0, false
		}
		// The tableau's own strategies are usually good to a few ulps; where they are not,
		// those of the basis, recomputed from the payoffs, are.
		g.read(m, n)
		if lo, hi := g.cert.certify(a, m, n, g.x, g.y, readTol); hi-lo <= readTol {
			return (lo + hi) / 2, true
		}
		if !g.refine(a, m, n, shift) {
			g.read(m, n)
		}
		lo, hi := g.cert.certify(a, m, n, g.x, g.y, certTol)
		if hi-lo <= certTol {
			return (lo + hi) / 2, true
		}
		// Not optimal yet, or rounding has misled the pivots: rebuild the tableau of the
		// current basis from the payoffs and go on.
		if !g.rebuild(a, m, n, shift) {
			return 0, false
		}
	}
	return 0, false
}

// reset writes the starting tableau: the shifted payoffs, a column of ones and a row of minus
// ones, with every row player's label on the left and every column player's on top.
func (g *matrixGame) reset(a []float64, m, n int, shift float64) {
	w := n + 1
	t := g.t
	for r := range m {
		row := t[r*w : r*w+w]
		for c := range n {
			row[c] = a[r*n+c] + shift
		}
		row[n] = 1
		g.left[r] = n + r
	}
	last := t[m*w : m*w+w]
	for c := range n {
		last[c] = -1
		g.top[c] = c
	}
	last[n] = 0
}

// iterate pivots until the tableau is optimal: no reduced cost (bottom row) is negative and no
// right-hand side is. A tableau rebuilt after rounding trouble may start slightly infeasible;
// dual simplex pivots repair that while the bottom row stays non-negative.
func (g *matrixGame) iterate(m, n, budget int) (optimal bool, err error) {
	w := n + 1
	t := g.t
	last := t[m*w : m*w+w]
	bland, degenerate := false, 0
	for range budget {
		pc := -1
		if bland || !g.steepest {
			for c := range n {
				if last[c] >= -simplexEps {
					continue
				}
				if pc < 0 || (bland && g.top[c] < g.top[pc]) || (!bland && last[c] < last[pc]) {
					pc = c
				}
			}
		} else {
			g.cand = g.cand[:0]
			for c := range n {
				if last[c] < -simplexEps {
					g.cand = append(g.cand, c)
				}
			}
			switch {
			case len(g.cand) == 1:
				pc = g.cand[0] // no choice to make
			case 4*len(g.cand) <= n:
				// A few candidates: their norms only, down each column (the same sums, in
				// the same order, as row by row).
				g.norm = grow(g.norm, len(g.cand))
				norm := g.norm
				col := t[:m*w]
				for i, c := range g.cand {
					sum := 1.0
					for k := c; k < len(col); k += w {
						v := col[k]
						sum += v * v
					}
					norm[i] = sum
				}
				bestScore := 0.0
				for i, c := range g.cand {
					if score := last[c] * last[c] / norm[i]; pc < 0 || score > bestScore {
						pc, bestScore = c, score
					}
				}
			case len(g.cand) > 1:
				g.norm = grow(g.norm, n)
				norm := g.norm
				for c := range n {
					norm[c] = 1
				}
				for r := range m {
					addSquares(norm, t[r*w:r*w+n])
				}
				bestScore := 0.0
				for _, c := range g.cand {
					if score := last[c] * last[c] / norm[c]; pc < 0 || score > bestScore {
						pc, bestScore = c, score
					}
				}
			}
		}
		if pc < 0 {
			// Dual feasible. Repair the most negative right-hand side, if any.
			pr, worst := -1, -feasTol
			for r := range m {
				if v := t[r*w+n]; v < worst {
					pr, worst = r, v
				}
			}
			if pr < 0 {
				return true, nil
			}
			row := t[pr*w : pr*w+w]
			theta := math.Inf(1)
			for c := range n {
				if p := -row[c]; p > pivotEps {
					theta = min(theta, (max(last[c], 0)+harrisTol)/p)
				}
			}
			best := 0.0
			for c := range n {
				if p := -row[c]; p > pivotEps && max(last[c], 0)/p <= theta && p > best {
					pc, best = c, p
				}
			}
			if pc < 0 {
				return false, errSimplex // infeasible: impossible, w = 0 is feasible
			}
			g.pivot(m, n, pr, pc)
			g.pivots++
			continue
		}
		pr := -1
		if bland {
			// Exact ratio test, ties to the smallest label: no cycling.
			best := 0.0
			for r := range m {
				p := t[r*w+pc]
				if p <= pivotEps {
					continue
				}
				ratio := max(t[r*w+n], 0) / p
				if pr < 0 || ratio < best || (ratio == best && g.left[r] < g.left[pr]) {
					pr, best = r, ratio
				}
			}
		} else {
			// Harris's ratio test: among the rows whose ratio is within a small tolerance of
			// the least, the largest pivot, which keeps rounding small.
			// (Comparisons rather than min and max, which also order zeros and NaNs, at a
			// cost here: a negative zero taken as is makes the same ratios and choices.)
			theta := math.Inf(1)
			for r := range m {
				if p := t[r*w+pc]; p > pivotEps {
					rhs := t[r*w+n]
					if rhs < 0 {
						rhs = 0
					}
					if ratio := (rhs + harrisTol) / p; ratio < theta {
						theta = ratio
					}
				}
			}
			best := 0.0
			for r := range m {
				if p := t[r*w+pc]; p > pivotEps && p > best {
					rhs := t[r*w+n]
					if rhs < 0 {
						rhs = 0
					}
					if rhs/p <= theta {
						pr, best = r, p
					}
				}
			}
		}
		if pr < 0 {
			return false, errSimplex // unbounded: impossible with positive payoffs
		}
		if t[pr*w+n] <= simplexEps {
			degenerate++
			if degenerate > maxDegenerate {
				bland = true
			}
		} else {
			degenerate = 0
		}
		g.pivot(m, n, pr, pc)
		g.pivots++
	}
	return false, nil
}

// read takes the strategies from the tableau: a row player's label on top gets its bottom
// entry, a column player's label on the left its right-hand side, both divided by the corner.
func (g *matrixGame) read(m, n int) {
	w := n + 1
	t := g.t
	last := t[m*w : m*w+w]
	d := last[n]
	clear(g.x)
	clear(g.y)
	for c := range n {
		if l := g.top[c]; l >= n {
			g.x[l-n] = last[c] / d
		}
	}
	for r := range m {
		if l := g.left[r]; l < n {
			g.y[l] = t[r*w+n] / d
		}
	}
	normalize(g.x)
	normalize(g.y)
}

// rebuild recomputes the tableau of the current basis from the payoffs: it starts afresh and
// pivots the same labels across, choosing the largest available pivot each time (Gaussian
// elimination with partial pivoting). It reports false if the basis is singular.
func (g *matrixGame) rebuild(a []float64, m, n int, shift float64) bool {
	g.rowsR, g.colsJ = g.rowsR[:0], g.colsJ[:0]
	for c := range n {
		if l := g.top[c]; l >= n {
			g.rowsR = append(g.rowsR, l-n) // row player's labels that belong on top
		}
	}
	for r := range m {
		if l := g.left[r]; l < n {
			g.colsJ = append(g.colsJ, l) // column player's labels that belong on the left
		}
	}
	g.reset(a, m, n, shift)
	w := n + 1
	t := g.t
	for _, c := range g.colsJ {
		// After reset, column c still carries label c until it is pivoted.
		pr, best := -1, 0.0
		for _, r := range g.rowsR {
			if g.left[r] != n+r {
				continue // already pivoted
			}
			if v := math.Abs(t[r*w+c]); v > best {
				pr, best = r, v
			}
		}
		if pr < 0 || best < 1e-15 {
			return false
		}
		g.pivot(m, n, pr, c)
	}
	for r := range m {
		if v := t[r*w+n]; v < 0 && v > -1e-9 {
			t[r*w+n] = 0
		}
	}
	return true
}

// certify returns the least x guarantees against any column and the most y concedes against
// any row; if x or y is not a probability vector, it returns lo = -Inf and hi = +Inf.
func certify(a []float64, m, n int, x, y []float64) (lo, hi float64) {
	var c certifier
	return c.certify(a, m, n, x, y, math.Inf(1))
}

// certifier holds the buffers of certify.
type certifier struct {
	pay []float64 // each column's payoff against x
	nz  []int
}

// certify is the function certify, in time proportional to the supports of x and y times the
// matrix's side: each column's payoff against x is accumulated row by row over x's support
// (the same additions, in the same order, as a sum down the column), and each row's against y
// over y's support. It stops early, returning hi = +Inf, once a row shows hi - lo > gap.
func (cf *certifier) certify(a []float64, m, n int, x, y []float64, gap float64) (lo, hi float64) {
	if !isDistribution(x[:m]) || !isDistribution(y[:n]) {
		return math.Inf(-1), math.Inf(1)
	}
	cf.pay = grow(cf.pay, n)
	pay := cf.pay
	clear(pay)
	for r, p := range x[:m] {
		if p == 0 {
			continue
		}
		axpy(pay, a[r*n:r*n+n], -p) // pay[c] += p * a[r][c], rounded alike
	}
	lo, hi = math.Inf(1), math.Inf(-1)
	for _, v := range pay {
		lo = min(lo, v)
	}
	cf.nz = cf.nz[:0]
	for c, p := range y[:n] {
		if p != 0 {
			cf.nz = append(cf.nz, c)
		}
	}
	for r := range m {
		sum := 0.0
		row := a[r*n : r*n+n]
		for _, c := range cf.nz {
			sum += y[c] * row[c]
		}
		hi = max(hi, sum)
		if hi-lo > gap {
			return lo, math.Inf(1)
		}
	}
	return lo, hi
}

// refine recomputes the optimal strategies from the final basis and the original payoffs,
// which undoes the rounding accumulated over the pivots. The binding rows R (row player's
// labels on top) and basic columns J (column player's labels on the left) are equally many,
// and the shifted payoffs A' restricted to them form a nonsingular square matrix B: the
// column player's w solves B w = 1 and the row player's u solves u B = 1. It reports false if
// B is singular to working precision or a solution is clearly negative.
func (g *matrixGame) refine(a []float64, m, n int, shift float64) bool {
	g.basis(m, n)
	return g.solveBasis(a, n, shift)
}

// basis lists the current basis in rowsR (the row player's labels on top) and colsJ (the
// column player's labels on the left), ascending.
func (g *matrixGame) basis(m, n int) {
	g.rowsR, g.colsJ = g.rowsR[:0], g.colsJ[:0]
	for c := range n {
		if l := g.top[c]; l >= n {
			g.rowsR = append(g.rowsR, l-n)
		}
	}
	for r := range m {
		if l := g.left[r]; l < n {
			g.colsJ = append(g.colsJ, l)
		}
	}
	slices.Sort(g.rowsR)
	slices.Sort(g.colsJ)
}

// tryBasis solves the game on the guessed basis (rows, cols): it reports whether the
// strategies found there are certified optimal for the whole m x n game a, whose least entry
// is lowest.
func (g *matrixGame) tryBasis(a []float64, m, n int, lowest float64, rows, cols []int) (value float64, ok bool) {
	if len(rows) != len(cols) || len(rows) == 0 {
		return 0, false
	}
	g.x = grow(g.x, m)
	g.y = grow(g.y, n)
	g.rowsR = append(g.rowsR[:0], rows...)
	g.colsJ = append(g.colsJ[:0], cols...)
	if !g.solveBasis(a, n, 1-lowest) {
		return 0, false
	}
	lo, hi := g.cert.certify(a, m, n, g.x, g.y, certTol)
	return (lo + hi) / 2, hi-lo <= certTol
}

// solveBasis computes the strategies of the basis in rowsR and colsJ into x and y; it reports
// false if the basis is singular or a strategy clearly negative.
func (g *matrixGame) solveBasis(a []float64, n int, shift float64) bool {
	k := len(g.rowsR)
	if k != len(g.colsJ) || k == 0 {
		return false
	}
	g.lu = grow(g.lu, k*k)
	g.perm = growInt(g.perm, k)
	for p, r := range g.rowsR {
		row := a[r*n : r*n+n]
		lu := g.lu[p*k : p*k+k]
		for q, c := range g.colsJ {
			lu[q] = row[c] + shift
		}
	}
	if !luFactor(g.lu, g.perm, k) {
		return false
	}
	g.rhs = grow(g.rhs, k)
	g.zbuf = grow(g.zbuf, k)
	// Column player: B w = 1.
	for i := range g.rhs {
		g.rhs[i] = 1
	}
	luSolve(g.lu, g.perm, k, g.rhs, g.zbuf)
	clear(g.y)
	for q, c := range g.colsJ {
		if g.rhs[q] < -1e-12 {
			return false
		}
		g.y[c] = g.rhs[q]
	}
	// Row player: B^T u = 1.
	for i := range g.rhs {
		g.rhs[i] = 1
	}
	luSolveT(g.lu, g.perm, k, g.rhs, g.zbuf)
	clear(g.x)
	for p, r := range g.rowsR {
		if g.rhs[p] < -1e-12 {
			return false
		}
		g.x[r] = g.rhs[p]
	}
	normalize(g.x)
	normalize(g.y)
	return true
}

// luFactor factors the k x k matrix lu in place as P lu = L U with partial pivoting (L unit
// lower triangular below the diagonal, U on and above); perm[i] is the original row of row i.
// It reports false for a matrix singular to working precision.
func luFactor(lu []float64, perm []int, k int) bool {
	for i := range k {
		perm[i] = i
	}
	for col := range k {
		best, pr := 0.0, -1
		for r := col; r < k; r++ {
			if v := math.Abs(lu[r*k+col]); v > best {
				best, pr = v, r
			}
		}
		if best < 1e-13 {
			return false
		}
		if pr != col {
			for q := range k {
				lu[pr*k+q], lu[col*k+q] = lu[col*k+q], lu[pr*k+q]
			}
			perm[pr], perm[col] = perm[col], perm[pr]
		}
		piv := lu[col*k+col]
		prow := lu[col*k+col+1 : col*k+k]
		for r := col + 1; r < k; r++ {
			f := lu[r*k+col] / piv
			lu[r*k+col] = f
			if f == 0 {
				continue
			}
			axpy(lu[r*k+col+1:r*k+k], prow, f)
		}
	}
	return true
}

// luSolve solves B z = b in place, with B factored by luFactor.
func luSolve(lu []float64, perm []int, k int, b, z []float64) {
	z = z[:k]
	for i := range k {
		z[i] = b[perm[i]]
	}
	for i := range k {
		zi := z[i]
		for q, v := range lu[i*k : i*k+i] {
			zi -= v * z[q]
		}
		z[i] = zi
	}
	for i := k - 1; i >= 0; i-- {
		zi := z[i]
		row := lu[i*k+i+1 : i*k+k]
		for q, v := range z[i+1 : k] {
			zi -= row[q] * v
		}
		z[i] = zi / lu[i*k+i]
	}
	copy(b, z)
}

// luSolveT solves B^T z = b in place, with B factored by luFactor (P B = L U, so
// B^T = U^T L^T P).
func luSolveT(lu []float64, perm []int, k int, b, z []float64) {
	z = z[:k]
	copy(z, b)
	// U^T v = b, a row of U at a time: each z[i] takes the same subtractions, in the same
	// order, as by the rows of U^T.
	for q := range k {
		z[q] /= lu[q*k+q]
		zq := z[q]
		rest := z[q+1 : k]
		for i, v := range lu[q*k+q+1 : q*k+k] {
			rest[i] -= v * zq
		}
	}
	// L^T t = v.
	for i := k - 1; i >= 0; i-- {
		for q := i + 1; q < k; q++ {
			z[i] -= lu[q*k+i] * z[q]
		}
	}
	// P^T: the solution's component perm[i] is t[i].
	for i := range k {
		b[perm[i]] = z[i]
	}
}

// pivot exchanges the labels of row pr and column pc (Tucker's rule: the pivot p becomes 1/p,
// its row is divided by p, its column by -p, and every other entry q becomes q - r c / p).
func (g *matrixGame) pivot(m, n, pr, pc int) {
	w := n + 1
	t := g.t
	prow := t[pr*w : pr*w+w]
	p := prow[pc]
	inv := 1 / p
	for k := range prow {
		prow[k] *= inv
	}
	for i := 0; i <= m; i++ {
		if i == pr {
			continue
		}
		row := t[i*w : i*w+w]
		f := row[pc]
		if f == 0 {
			continue
		}
		axpy(row, prow, f)
		row[pc] = -f * inv
	}
	prow[pc] = inv
	g.left[pr], g.top[pc] = g.top[pc], g.left[pr]
}

// normalize clears rounding noise (negative or below 1e-15) and rescales to sum 1.
func normalize(p []float64) {
	sum := 0.0
	for i, v := range p {
		if v < 1e-15 {
			p[i] = 0
		}
		sum += p[i]
	}
	if sum > 0 {
		for i := range p {
			p[i] /= sum
		}
	}
}

func grow(b []float64, n int) []float64 {
	if cap(b) < n {
		return make([]float64, n)
	}
	return b[:n]
}

func growInt(b []int, n int) []int {
	if cap(b) < n {
		return make([]int, n)
	}
	return b[:n]
}

// isDistribution reports whether p is a probability vector (to 1e-12).
func isDistribution(p []float64) bool {
	sum := 0.0
	for _, v := range p {
		if !(v >= 0) {
			return false
		}
		sum += v
	}
	return math.Abs(sum-1) <= 1e-12
}
