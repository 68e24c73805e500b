// Package rating computes Glicko-2 ratings, after Mark Glickman's "Example of the Glicko-2
// system" (2013): pure functions over ratings and results, standard library only.
//
// A Rating is kept on the Glicko scale (1500 is average, the deviation RD in the same points).
// Update runs one rating period; deuce makes every rated match its own period, so a player's
// rating moves after each match, as on Lichess. A rating whose deviation is above
// ProvisionalRD is provisional: too few recent games to mean much.
package rating

import (
	"errors"
	"fmt"
	"math"
)

// Rating is a player's Glicko-2 rating on the Glicko scale.
type Rating struct {
	// Rating is the estimate of strength; 1500 is the starting value.
	Rating float64 `json:"rating"`
	// RD is the rating deviation: the uncertainty of Rating, in rating points.
	RD float64 `json:"rd"`
	// Volatility is the expected fluctuation of the rating (σ).
	Volatility float64 `json:"volatility"`
}

// Defaults of a new player and of the system, as Glickman suggests.
const (
	DefaultRating     = 1500
	DefaultRD         = 350
	DefaultVolatility = 0.06
	// DefaultTau constrains the change of volatility; the paper suggests 0.3 to 1.2.
	DefaultTau = 0.5
	// ProvisionalRD is the deviation above which a rating is shown as provisional ("1500?").
	ProvisionalRD = 110
	// MinRD keeps a very active player's deviation from shrinking to nothing, so the rating
	// still follows changes in strength.
	MinRD = 45
)

// scale converts between the Glicko scale and Glicko-2's internal one (step 2 of the paper).
const scale = 173.7178

// convergence is ε of step 5: the precision of the new volatility.
const convergence = 0.000001

// New returns the rating of a new player.
func New() Rating {
	return Rating{Rating: DefaultRating, RD: DefaultRD, Volatility: DefaultVolatility}
}

// Provisional reports whether the rating is still uncertain.
func (r Rating) Provisional() bool { return r.RD > ProvisionalRD }

// String shows the rating rounded, with "?" when provisional.
func (r Rating) String() string {
	if r.Provisional() {
		return fmt.Sprintf("%.0f?", r.Rating)
	}
	return fmt.Sprintf("%.0f", r.Rating)
}

// Valid reports whether r can be used in a computation.
func (r Rating) Valid() bool {
	return finite(r.Rating) && finite(r.RD) && finite(r.Volatility) && r.RD > 0 && r.Volatility > 0
}

func finite(x float64) bool { return !math.IsNaN(x) && !math.IsInf(x, 0) }

// Result is one game of a rating period: the opponent's rating before the period and the
// player's score (1 a win, 0.5 a draw, 0 a loss).
type Result struct {
	Opponent Rating
	Score    float64
}

// ErrInvalid is returned for ratings or scores outside their domain.
var ErrInvalid = errors.New("invalid rating input")

func g(phi float64) float64 { return 1 / math.Sqrt(1+3*phi*phi/(math.Pi*math.Pi)) }

func expected(mu, muj, phij float64) float64 { return 1 / (1 + math.Exp(-g(phij)*(mu-muj))) }

// Expected returns the probability that a beats b (a draw counting half).
func Expected(a, b Rating) float64 {
	return expected((a.Rating-DefaultRating)/scale, (b.Rating-DefaultRating)/scale, b.RD/scale)
}

// Update returns r after one rating period with the given results and system constant tau
// (DefaultTau when 0 or less). With no results only the deviation grows (step 6 of the paper).
// The deviation never exceeds DefaultRD nor falls below MinRD.
func Update(r Rating, results []Result, tau float64) (Rating, error) {
	if !r.Valid() {
		return r, fmt.Errorf("%w: rating %+v", ErrInvalid, r)
	}
	if tau <= 0 {
		tau = DefaultTau
	}
	mu, phi, sigma := (r.Rating-DefaultRating)/scale, r.RD/scale, r.Volatility
	if len(results) == 0 {
		return clampRD(Rating{Rating: r.Rating, RD: math.Sqrt(phi*phi+sigma*sigma) * scale, Volatility: sigma}), nil
	}
	// Steps 3 and 4: the estimated variance v and improvement Δ.
	var vinv, sum float64
	for _, res := range results {
		o := res.Opponent
		if !o.Valid() || res.Score < 0 || res.Score > 1 || math.IsNaN(res.Score) {
			return r, fmt.Errorf("%w: result %+v", ErrInvalid, res)
		}
		muj, phij := (o.Rating-DefaultRating)/scale, o.RD/scale
		gj, e := g(phij), expected(mu, muj, phij)
		vinv += gj * gj * e * (1 - e)
		sum += gj * (res.Score - e)
	}
	v := 1 / vinv
	delta := v * sum
	// Step 5: the new volatility, by the Illinois algorithm.
	sigma2 := volatility(phi, v, delta, sigma, tau)
	// Steps 6 to 8.
	phiStar := math.Sqrt(phi*phi + sigma2*sigma2)
	phi2 := 1 / math.Sqrt(1/(phiStar*phiStar)+1/v)
	mu2 := mu + phi2*phi2*sum
	return clampRD(Rating{Rating: mu2*scale + DefaultRating, RD: phi2 * scale, Volatility: sigma2}), nil
}

func clampRD(r Rating) Rating {
	r.RD = min(max(r.RD, MinRD), DefaultRD)
	return r
}

// volatility is step 5 of the paper.
func volatility(phi, v, delta, sigma, tau float64) float64 {
	a := math.Log(sigma * sigma)
	f := func(x float64) float64 {
		ex := math.Exp(x)
		d := phi*phi + v + ex
		return ex*(delta*delta-phi*phi-v-ex)/(2*d*d) - (x-a)/(tau*tau)
	}
	A := a
	var B float64
	if delta*delta > phi*phi+v {
		B = math.Log(delta*delta - phi*phi - v)
	} else {
		k := 1.0
		for f(a-k*tau) < 0 {
			k++
		}
		B = a - k*tau
	}
	fA, fB := f(A), f(B)
	// The iteration converges quickly; the bound only guards against a pathological input.
	for i := 0; math.Abs(B-A) > convergence && i < 100; i++ {
		C := A + (A-B)*fA/(fB-fA)
		fC := f(C)
		if fC*fB <= 0 {
			A, fA = B, fB
		} else {
			fA /= 2
		}
		B, fB = C, fC
	}
	return math.Exp(A / 2)
}
