package pencil

import (
	"cmp"
	"slices"
)

// oracle solves a large matrix game whose optimal strategies use few of its rows and columns,
// by the double oracle method: it solves the game restricted to a set of rows and columns
// (seeded with a neighbouring position's supports), computes both players' best responses to
// the restricted solution in the whole matrix, and adds the rows and columns that do better
// than the restricted value, until the restricted solution is certified optimal for the whole
// game. Each round costs the small restricted game plus O((k+l)(m+n)) for the responses.
type oracle struct {
	lp       matrixGame
	sub      []float64 // the restricted matrix
	inR, inC []bool
	R, C     []int
	x, y     []float64 // full strategies
	rowPay   []float64 // payoff of each row against y
	colPay   []float64 // payoff of each column against x
	cand     []int
	rounds   int // restricted games solved, over all games
	full     int // games that fell back to the whole matrix
}

// maxAdd is the most rows (and columns) added to the restricted game per round.
const maxAdd = 8

// solve returns the value and optimal strategies (aliasing the oracle's buffers) of the m x n
// game a, certified against the whole matrix. seedR and seedC are rows and columns to start
// from (out-of-range entries are ignored; the sets are completed with a maximin row and a
// minimax column).
func (o *oracle) solve(a []float64, m, n int, seedR, seedC []int, maximin, minimax int) (float64, []float64, []float64, error) {
	o.inR = growBool(o.inR, m)
	o.inC = growBool(o.inC, n)
	clear(o.inR)
	clear(o.inC)
	o.R, o.C = o.R[:0], o.C[:0]
	addR := func(r int) {
		if r >= 0 && r < m && !o.inR[r] {
			o.inR[r] = true
			o.R = append(o.R, r)
		}
	}
	addC := func(c int) {
		if c >= 0 && c < n && !o.inC[c] {
			o.inC[c] = true
			o.C = append(o.C, c)
		}
	}
	addR(maximin)
	addC(minimax)
	for _, r := range seedR {
		addR(r)
	}
	for _, c := range seedC {
		addC(c)
	}
	o.x = grow(o.x, m)
	o.y = grow(o.y, n)
	o.rowPay = grow(o.rowPay, m)
	o.colPay = grow(o.colPay, n)
	for len(o.R) < m || len(o.C) < n {
		k, l := len(o.R), len(o.C)
		o.sub = grow(o.sub, k*l)
		for i, r := range o.R {
			row := a[r*n : r*n+n]
			for j, c := range o.C {
				o.sub[i*l+j] = row[c]
			}
		}
		o.rounds++
		v, xs, ys, err := o.lp.solve(o.sub, k, l)
		if err != nil {
			break
		}
		clear(o.x)
		clear(o.y)
		for i, r := range o.R {
			o.x[r] = xs[i]
		}
		for j, c := range o.C {
			o.y[c] = ys[j]
		}
		lo, hi := o.responses(a, m, n)
		if hi-lo <= certTol {
			return (lo + hi) / 2, o.x, o.y, nil
		}
		added := false
		// Columns that hold the row player below the restricted value, the most first.
		o.cand = o.cand[:0]
		for c := range n {
			if !o.inC[c] && o.colPay[c] < v-certTol/4 {
				o.cand = append(o.cand, c)
			}
		}
		slices.SortFunc(o.cand, func(p, q int) int { return cmp.Compare(o.colPay[p], o.colPay[q]) })
		for _, c := range o.cand[:min(len(o.cand), maxAdd)] {
			addC(c)
			added = true
		}
		o.cand = o.cand[:0]
		for r := range m {
			if !o.inR[r] && o.rowPay[r] > v+certTol/4 {
				o.cand = append(o.cand, r)
			}
		}
		slices.SortFunc(o.cand, func(p, q int) int { return cmp.Compare(o.rowPay[q], o.rowPay[p]) })
		for _, r := range o.cand[:min(len(o.cand), maxAdd)] {
			addR(r)
			added = true
		}
		if !added {
			break // rounding: the restricted solution misses the value inside its own support
		}
	}
	// The whole matrix.
	o.full++
	v, x, y, err := o.lp.solve(a, m, n)
	if err != nil {
		return 0, nil, nil, err
	}
	copy(o.x, x[:m])
	copy(o.y, y[:n])
	return v, o.x, o.y, nil
}

// responses fills colPay and rowPay with every column's payoff against x and every row's
// against y, and returns the least and the most: what x guarantees and what y concedes.
func (o *oracle) responses(a []float64, m, n int) (lo, hi float64) {
	clear(o.colPay)
	for _, r := range o.R {
		p := o.x[r]
		if p == 0 {
			continue
		}
		axpy(o.colPay, a[r*n:r*n+n], -p) // colPay[c] += p * a[r][c], rounded alike
	}
	for r := range m {
		row := a[r*n : r*n+n]
		sum := 0.0
		for _, c := range o.C {
			sum += row[c] * o.y[c]
		}
		o.rowPay[r] = sum
	}
	lo, hi = o.colPay[0], o.rowPay[0]
	for _, v := range o.colPay {
		lo = min(lo, v)
	}
	for _, v := range o.rowPay {
		hi = max(hi, v)
	}
	return lo, hi
}

func growBool(b []bool, n int) []bool {
	if cap(b) < n {
		return make([]bool, n)
	}
	return b[:n]
}
