package sim

import (
	"math"
	"math/rand/v2"
	"slices"
	"strconv"
)

// z95 is the standard normal quantile of a two-sided 95% interval.
const z95 = 1.959963984540054

// Interval is a proportion with its 95% Wilson score interval.
type Interval struct {
	P  float64 `json:"p"`
	Lo float64 `json:"lo"`
	Hi float64 `json:"hi"`
}

// Mean is a sample mean with its 95% normal-approximation interval.
type Mean struct {
	Mean float64 `json:"mean"`
	Lo   float64 `json:"lo"`
	Hi   float64 `json:"hi"`
}

// Wilson returns the proportion k/n with its 95% Wilson score interval.
func Wilson(k, n int) Interval {
	if n == 0 {
		return Interval{}
	}
	p := float64(k) / float64(n)
	nn := float64(n)
	den := 1 + z95*z95/nn
	centre := (p + z95*z95/(2*nn)) / den
	half := z95 * math.Sqrt(p*(1-p)/nn+z95*z95/(4*nn*nn)) / den
	return Interval{P: p, Lo: math.Max(0, centre-half), Hi: math.Min(1, centre+half)}
}

// wilson64 is Wilson of int64 counts, nil when n is 0 (a measure the run has no data for).
func wilson64(k, n int64) *Interval {
	if n == 0 {
		return nil
	}
	w := Wilson(int(k), int(n))
	return &w
}

// meanOf returns the mean of n observations with sum and sum of squares sq, and its 95%
// interval.
func meanOf(n int64, sum, sq float64) Mean {
	if n == 0 {
		return Mean{}
	}
	nn := float64(n)
	mu := sum / nn
	if n < 2 {
		return Mean{Mean: mu, Lo: mu, Hi: mu}
	}
	v := (sq - nn*mu*mu) / (nn - 1)
	h := z95 * math.Sqrt(math.Max(v, 0)/nn)
	return Mean{Mean: mu, Lo: mu - h, Hi: mu + h}
}

// mean returns the mean of a count (actions, points, shots), whose interval stops at 0.
func (m Moments) mean() Mean {
	r := meanOf(m.N, float64(m.Sum), float64(m.Sq))
	r.Lo = math.Max(r.Lo, 0)
	return r
}

// mean returns the mean return. Values are summed in ascending order, so the result depends
// on the counts alone. The interval stops at the largest return seen either way: the games are
// zero-sum between two sides, so a side that can win by x can lose by x, and no mean lies
// beyond (a normal interval of 20 matches went past +1).
func (v Values) mean() Mean {
	type value struct {
		x float64
		n int64
	}
	var xs []value
	for s, n := range v {
		x, err := strconv.ParseFloat(s, 64)
		if err != nil {
			continue // not written by Values.add
		}
		xs = append(xs, value{x, n})
	}
	slices.SortFunc(xs, func(a, b value) int {
		switch {
		case a.x < b.x:
			return -1
		case a.x > b.x:
			return 1
		}
		return 0
	})
	var n int64
	var sum, sq, bound float64
	for _, x := range xs {
		n += x.n
		sum += x.x * float64(x.n)
		sq += x.x * x.x * float64(x.n)
		bound = math.Max(bound, math.Abs(x.x))
	}
	r := meanOf(n, sum, sq)
	r.Lo, r.Hi = math.Max(r.Lo, -bound), math.Min(r.Hi, bound)
	return r
}

// eloScale converts a Bradley-Terry log-strength (natural log) to Elo points: a difference of
// 400 Elo is odds of 10 to 1.
const eloScale = 400 / math.Ln10

// BradleyTerry fits the Bradley-Terry model, in which player i beats player j with probability
// 1/(1 + 10^((r_j - r_i)/400)), to the results of a round robin by maximum likelihood, and
// returns the ratings r on the Elo scale with mean 0. wins[i][j] is the number of times i beat
// j; a draw counts half a win to each. Every pairing that played also counts one extra draw, a
// weak prior that keeps the rating of a player who never won (or never lost) finite. Players
// in parts of the schedule that never meet are rated within their part only.
func BradleyTerry(wins [][]float64) []float64 {
	k := len(wins)
	gamma := make([]float64, k)
	for i := range gamma {
		gamma[i] = 1
	}
	if k == 0 {
		return nil
	}
	w := make([][]float64, k) // wins with the prior
	total := make([]float64, k)
	for i := range k {
		w[i] = make([]float64, k)
		for j := range k {
			if i == j {
				continue
			}
			w[i][j] = wins[i][j]
			if wins[i][j]+wins[j][i] > 0 {
				w[i][j] += 0.5
			}
			total[i] += w[i][j]
		}
	}
	next := make([]float64, k)
	// Hunter's minorization-maximization iteration converges monotonically to the maximum.
	for range 10000 {
		for i := range k {
			den := 0.0
			for j := range k {
				if n := w[i][j] + w[j][i]; j != i && n > 0 {
					den += n / (gamma[i] + gamma[j])
				}
			}
			next[i] = gamma[i]
			if den > 0 {
				next[i] = total[i] / den
			}
		}
		// Scale to a geometric mean of 1: only ratios are determined.
		logMean := 0.0
		for _, g := range next {
			logMean += math.Log(g)
		}
		logMean /= float64(k)
		change := 0.0
		for i := range k {
			g := next[i] / math.Exp(logMean)
			change = math.Max(change, math.Abs(math.Log(g/gamma[i])))
			gamma[i] = g
		}
		if change < 1e-12 {
			break
		}
	}
	r := make([]float64, k)
	for i, g := range gamma {
		r[i] = eloScale * math.Log(g)
	}
	return r
}

// bootstrapSamples is the number of resampled round robins behind a rating interval.
const bootstrapSamples = 200

// Rating is a player's Bradley-Terry rating on the Elo scale (mean 0 over the players), with a
// 95% interval from a bootstrap over matches.
type Rating struct {
	Elo float64 `json:"elo"`
	Lo  float64 `json:"lo"`
	Hi  float64 `json:"hi"`
}

// pairResult is one pairing's results for rating: players a and b, a's wins, b's wins, draws.
type pairResult struct {
	a, b          int
	winA, winB, d int64
}

// ratings fits Bradley-Terry ratings to the pairings' results and bounds each with the 2.5 and
// 97.5 percentiles of the ratings of bootstrapSamples resampled round robins. A resample
// redraws each pairing's matches, as many as it played, from its own results (a multinomial
// draw of wins, losses and draws), with a random source seeded by seed: the same counts always
// give the same intervals.
func ratings(players int, pairs []pairResult, seed uint64) []Rating {
	fit := func(pr []pairResult) []float64 {
		wins := make([][]float64, players)
		for i := range wins {
			wins[i] = make([]float64, players)
		}
		for _, p := range pr {
			wins[p.a][p.b] += float64(p.winA) + float64(p.d)/2
			wins[p.b][p.a] += float64(p.winB) + float64(p.d)/2
		}
		return BradleyTerry(wins)
	}
	point := fit(pairs)
	rng := rand.New(rand.NewPCG(seed, 0xb007))
	samples := make([][]float64, players)
	re := make([]pairResult, len(pairs))
	for range bootstrapSamples {
		for i, p := range pairs {
			n := p.winA + p.winB + p.d
			re[i] = p
			if n == 0 {
				continue
			}
			re[i].winA = binomial(rng, n, float64(p.winA)/float64(n))
			rest := n - re[i].winA
			if q := p.winB + p.d; q > 0 {
				re[i].winB = binomial(rng, rest, float64(p.winB)/float64(q))
			} else {
				re[i].winB = 0
			}
			re[i].d = rest - re[i].winB
		}
		for i, r := range fit(re) {
			samples[i] = append(samples[i], r)
		}
	}
	out := make([]Rating, players)
	for i := range out {
		slices.Sort(samples[i])
		out[i] = Rating{Elo: point[i], Lo: percentile(samples[i], 0.025), Hi: percentile(samples[i], 0.975)}
	}
	return out
}

// percentile returns the q-quantile of sorted xs, interpolating between neighbours.
func percentile(xs []float64, q float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	pos := q * float64(len(xs)-1)
	i := int(pos)
	if i+1 >= len(xs) {
		return xs[len(xs)-1]
	}
	f := pos - float64(i)
	return xs[i]*(1-f) + xs[i+1]*f
}

// binomial draws the number of successes in n trials of probability p: exactly for up to 1000
// trials, by the normal approximation (rounded and clamped) beyond.
func binomial(rng *rand.Rand, n int64, p float64) int64 {
	switch {
	case p <= 0:
		return 0
	case p >= 1:
		return n
	}
	if n <= 1000 {
		var k int64
		for range n {
			if rng.Float64() < p {
				k++
			}
		}
		return k
	}
	mu, sd := float64(n)*p, math.Sqrt(float64(n)*p*(1-p))
	k := int64(math.Round(mu + sd*rng.NormFloat64()))
	return min(max(k, 0), n)
}
