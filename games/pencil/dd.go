package pencil

import "math"

// dd is a double-double number: hi + lo with |lo| <= ulp(hi)/2, about 106 bits of precision.
// The exact fallback of the matrix-game solver computes in it (Dekker, Knuth; see Hida, Li and
// Bailey, "Library for double-double and quad-double arithmetic", 2007).
type dd struct{ hi, lo float64 }

func twoSum(a, b float64) (s, e float64) {
	s = a + b
	bb := s - a
	e = (a - (s - bb)) + (b - bb)
	return s, e
}

func quickTwoSum(a, b float64) (s, e float64) {
	s = a + b
	e = b - (s - a)
	return s, e
}

func (a dd) add(b dd) dd {
	s, e := twoSum(a.hi, b.hi)
	t, f := twoSum(a.lo, b.lo)
	e += t
	s, e = quickTwoSum(s, e)
	e += f
	s, e = quickTwoSum(s, e)
	return dd{s, e}
}

func (a dd) neg() dd { return dd{-a.hi, -a.lo} }

func (a dd) sub(b dd) dd { return a.add(b.neg()) }

func (a dd) mul(b dd) dd {
	p := a.hi * b.hi
	e := math.FMA(a.hi, b.hi, -p)
	e += a.hi*b.lo + a.lo*b.hi
	p, e = quickTwoSum(p, e)
	return dd{p, e}
}

func (a dd) div(b dd) dd {
	q1 := a.hi / b.hi
	r := a.sub(b.mul(dd{q1, 0}))
	q2 := r.hi / b.hi
	r = r.sub(b.mul(dd{q2, 0}))
	q3 := r.hi / b.hi
	s, e := quickTwoSum(q1, q2)
	return dd{s, e}.add(dd{q3, 0})
}

// ddSimplex is the slow, exact-enough fallback of matrixGame: the same tableau method in
// double-double arithmetic with Bland's rule throughout, for the rare games whose pivots lose
// all precision in float64.
type ddSimplex struct {
	t         []dd
	left, top []int
}

// ddZero is the magnitude below which a double-double entry counts as zero.
const ddZero = 1e-24

// solve finds optimal strategies of the m x n game a (shifted by shift to positive payoffs)
// into x and y; it reports false if it gives up.
func (g *ddSimplex) solve(a []float64, m, n int, shift float64, x, y []float64) bool {
	w := n + 1
	if cap(g.t) < (m+1)*w {
		g.t = make([]dd, (m+1)*w)
	}
	g.t = g.t[:(m+1)*w]
	g.left = growInt(g.left, m)
	g.top = growInt(g.top, n)
	t := g.t
	for r := range m {
		for c := range n {
			t[r*w+c] = dd{a[r*n+c], 0}.add(dd{shift, 0})
		}
		t[r*w+n] = dd{1, 0}
		g.left[r] = n + r
	}
	for c := range n {
		t[m*w+c] = dd{-1, 0}
		g.top[c] = c
	}
	t[m*w+n] = dd{}
	for range 50*(m+n) + 1000 {
		pc := -1
		for c := range n {
			if t[m*w+c].hi < -ddZero && (pc < 0 || g.top[c] < g.top[pc]) {
				pc = c
			}
		}
		if pc < 0 {
			d := t[m*w+n]
			clear(x[:m])
			clear(y[:n])
			for c := range n {
				if l := g.top[c]; l >= n {
					x[l-n] = t[m*w+c].div(d).hi
				}
			}
			for r := range m {
				if l := g.left[r]; l < n {
					y[l] = t[r*w+n].div(d).hi
				}
			}
			normalize(x[:m])
			normalize(y[:n])
			return true
		}
		pr := -1
		var best dd
		for r := range m {
			p := t[r*w+pc]
			if p.hi <= ddZero {
				continue
			}
			rhs := t[r*w+n]
			if rhs.hi < 0 {
				rhs = dd{}
			}
			ratio := rhs.div(p)
			if pr < 0 {
				pr, best = r, ratio
				continue
			}
			diff := ratio.sub(best)
			if diff.hi < 0 || (diff.hi == 0 && g.left[r] < g.left[pr]) {
				pr, best = r, ratio
			}
		}
		if pr < 0 {
			return false
		}
		g.pivot(m, n, pr, pc)
	}
	return false
}

func (g *ddSimplex) pivot(m, n, pr, pc int) {
	w := n + 1
	t := g.t
	prow := t[pr*w : pr*w+w]
	inv := dd{1, 0}.div(prow[pc])
	for k := range prow {
		prow[k] = prow[k].mul(inv)
	}
	for i := 0; i <= m; i++ {
		if i == pr {
			continue
		}
		row := t[i*w : i*w+w]
		f := row[pc]
		if f.hi == 0 {
			continue
		}
		for k, v := range prow {
			if v.hi != 0 {
				row[k] = row[k].sub(f.mul(v))
			}
		}
		row[pc] = f.mul(inv).neg()
	}
	prow[pc] = inv
	g.left[pr], g.top[pc] = g.top[pc], g.left[pr]
}
