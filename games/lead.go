package games

import (
	"fmt"
	"math/rand/v2"
	"slices"

	"gonum.org/v1/gonum/mat"

	"deuce/engine"
	"deuce/games/alakaslam"
	"deuce/games/centercourt"
	"deuce/games/worldwide"
	"deuce/score"
)

// A leadModel values a state between two points of a card game: side 0's expected lead in the
// points to come, in points, as a linear function of features of the hands (and resources)
// each side keeps and of who serves next. Expert adds it to the points its playouts count at
// the horizon (ismcts.Options.Leaf), so that a point won by spending the cards the next points
// need is worth less than one won cheaply: a horizon of one or two points cannot see that.
//
// The coefficients are fitted by least squares (fitLead) on the points of matches between the
// game's heuristic and itself, the policy the playouts follow; the fitted values are committed
// in leadModels, and TestLeadCoefficients refits them from their seed.
type leadModel struct {
	game    engine.Game
	variant string
	// side writes the features of one side (seat i plays for side i%2), k of them. The
	// model's features (features) are the serving side's sign, then that sign times the
	// server's side features, then that sign times the receiver's: each changes sign when the
	// sides swap, so the model, which has no intercept, values both sides alike.
	side func(s engine.State, side int, dst []float64)
	k    int
	// Fitting: matches of heuristic play from seed, the target being side 0's lead over the
	// next ahead points.
	seed    uint64
	matches int
	ahead   int
	coef    []float64
}

// maxLeadFeatures bounds a model's features, so that lead needs no allocation.
const maxLeadFeatures = 32

// scored is implemented by the card games' states: the tennis score names the next server.
type scored interface {
	Score() score.Match
}

// n is the number of the model's features.
func (m *leadModel) n() int { return 1 + 2*m.k }

// features writes the model's features of s to dst, m.n() long.
func (m *leadModel) features(s engine.State, dst []float64) {
	clear(dst)
	sc, ok := s.(scored)
	if !ok {
		return
	}
	srv := sc.Score().Server()
	sign := 1.0
	if srv == 1 {
		sign = -1
	}
	dst[0] = sign
	for i, side := range [2]int{srv, 1 - srv} {
		f := dst[1+i*m.k : 1+(i+1)*m.k]
		m.side(s, side, f)
		for j := range f {
			f[j] *= sign
		}
	}
}

// lead returns side 0's predicted lead in the points to come from s.
func (m *leadModel) lead(s engine.State) float64 {
	var buf [maxLeadFeatures]float64
	f := buf[:m.n()]
	m.features(s, f)
	v := 0.0
	for i, c := range m.coef {
		v += c * f[i]
	}
	return v
}

// weighted returns the lead times w, as ismcts.Options.Leaf takes it.
func (m *leadModel) weighted(w float64) func(engine.State) float64 {
	return func(s engine.State) float64 { return w * m.lead(s) }
}

// judge returns ismcts.Options.Judge for the model at weight w: a playout's end is valued by
// side 0's chance of winning the match (score.Match.WinChance) when the next m.ahead points are
// won at the rate the weighted lead predicts (a lead of L over them is a rate of 1/2 + L/2a,
// kept within 1% and 99%) and the points after them are coin tosses. The chance is put in units
// of the point in play at the root: winning it with no lead after is +1, losing it -1, so that a
// point that decides the match and one that hardly matters are both searched at UCB1's scale,
// while the lead counts for more where the point in play matters less. The value is kept
// within ±maxJudged. A root whose point cannot change the match gets no judge.
func (m *leadModel) judge(w float64) func(root engine.State) func(engine.State) float64 {
	return func(root engine.State) func(engine.State) float64 {
		sc, ok := root.(scored)
		if !ok {
			return nil
		}
		won, lost := sc.Score(), sc.Score()
		won.PointWon(0)
		lost.PointWon(1)
		hi, lo := won.WinChance(), lost.WinChance()
		if hi-lo < 1e-9 {
			return nil
		}
		return func(s engine.State) float64 {
			at, ok := s.(scored)
			if !ok {
				return 0
			}
			rate := 0.5
			if w != 0 {
				rate = min(max(0.5+w*m.lead(s)/float64(2*m.ahead), 0.01), 0.99)
			}
			v := (2*chanceAhead(at.Score(), rate, m.ahead) - hi - lo) / (hi - lo)
			return min(max(v, -maxJudged), maxJudged)
		}
	}
}

// maxJudged bounds a judged return, in points at the root, so that a point that hardly matters
// cannot make the lead swamp UCB1's exploration.
const maxJudged = 4

// chanceAhead is side 0's chance of winning the match from sc when side 0 wins each of the next
// n points with probability rate, and the points after them are coin tosses.
func chanceAhead(sc score.Match, rate float64, n int) float64 {
	if n == 0 || sc.Over() {
		return sc.WinChance()
	}
	won, lost := sc, sc
	won.PointWon(0)
	lost.PointWon(1)
	return rate*chanceAhead(won, rate, n-1) + (1-rate)*chanceAhead(lost, rate, n-1)
}

// leadGames lists the games with a fitted lead.
func leadGames() []string {
	var names []string
	for _, g := range All() {
		if leadModels[g.Name] != nil {
			names = append(names, g.Name)
		}
	}
	return names
}

// leadModels are the fitted evaluations, by game name.
var leadModels = map[string]*leadModel{
	centercourt.Game.Name: {
		game: centercourt.Game, variant: "set", side: centercourt.LeadSideFeatures, k: centercourt.LeadSideFeatureCount,
		seed: 1, matches: 2000, ahead: 4,
		coef: []float64{2.024739371862634, -0.04088650775399943, -0.08599220824343164, -0.14023854866123872, -0.15113499166810002, -0.12321599558349965, -0.09793604341284509, 0.016660547966997917, -0.14108380855086225, -0.133447932193508, -0.09938942759909075, -0.10643276546225339, -0.08812366993402428, -0.09986847373691726, 0.11709130588235205},
	},
	worldwide.Game.Name: {
		game: worldwide.Game, variant: "tiebreak", side: worldwide.LeadSideFeatures, k: worldwide.LeadSideFeatureCount,
		seed: 1, matches: 4000, ahead: 3,
		coef: []float64{-0.7033692146494841, -0.003332785958731599, 0.12244679785409902, -0.015599513157872981, 0.5525212787960904, 0.46440672552081824, 0.06644554973520539, 0.11379331266048151, -0.05779206479334848, -0.03485622745678168, -0.1074606835804576, 0.017240735838556724, -0.5333692959226151, -0.24160491984123986, -0.07647226082017167, -0.10025523662262348, 0.06926681519022472},
	},
	alakaslam.Game.Name: {
		game: alakaslam.Game, variant: "singles", side: alakaslam.LeadSideFeatures, k: alakaslam.LeadSideFeatureCount,
		seed: 1, matches: 10000, ahead: 1,
		coef: []float64{0.31271618093721276, 0.010881462546099794, 0.0339039149534001, 0.02013938607527188, 0.015234733695645711, 0.004281679022439111, 0.008414485089745682, -0.06576878069022694, -0.06101730163989362, 0.202862815566026, 0.21737209965973728, 0, -0.05790473090678942, -0.08637887306148467, -0.07105949948601534, -0.06502252355430514, -0.037189219494639776, -0.02344879206101593, 0.017057994346490368, 0.023122127316089595, -0.2593434233205519, -0.2605140324260022, 0},
	},
}

// fitLead fits m's coefficients: it plays m.matches matches of m.game's variant between the
// game's heuristic and itself from m.seed, takes the features of every state where a point has
// just ended and at least m.ahead points follow, and solves the least-squares problem of
// predicting side 0's points won minus lost over those next points. It returns the
// coefficients and the number of states fitted on.
func fitLead(m *leadModel) ([]float64, int, error) {
	g := m.game
	opts, err := g.Variant(m.variant)
	if err != nil {
		return nil, 0, err
	}
	rng := rand.New(rand.NewPCG(m.seed, 0))
	n := m.n()
	xtx := mat.NewSymDense(n, nil)
	xty := mat.NewVecDense(n, nil)
	rows := 0
	f := make([]float64, n)
	var feats [][]float64
	var at []int
	var won []int // per point: +1 when side 0 won it, -1 otherwise
	var buf []engine.Action
	var cbuf []engine.ChanceOutcome
	for range m.matches {
		s, _, err := g.Start(opts)
		if err != nil {
			return nil, 0, err
		}
		feats, at, won = feats[:0], at[:0], won[:0]
		pts, ok := s.(engine.Points)
		if !ok {
			return nil, 0, fmt.Errorf("%s does not count points", g.Name)
		}
		last := pts.PointsWon()
		for s.ToMove() != engine.Nobody {
			var a engine.Action
			if s.ToMove() == engine.Chance {
				cbuf = s.Chances(cbuf)
				a = engine.SampleChance(rng, cbuf)
			} else {
				a = g.Heuristic(s, rng)
				buf = s.Legal(buf)
				if !slices.Contains(buf, a) {
					a = buf[rng.IntN(len(buf))]
				}
			}
			if err := s.Apply(a); err != nil {
				return nil, 0, fmt.Errorf("%s: fitting: %w", g.Name, err)
			}
			now := pts.PointsWon()
			if now == last {
				continue
			}
			for range now[0] - last[0] {
				won = append(won, 1)
			}
			for range now[1] - last[1] {
				won = append(won, -1)
			}
			last = now
			if s.ToMove() != engine.Nobody {
				m.features(s, f)
				feats = append(feats, append([]float64(nil), f...))
				at = append(at, len(won))
			}
		}
		for k, x := range feats {
			if at[k]+m.ahead > len(won) {
				break
			}
			y := 0
			for _, w := range won[at[k] : at[k]+m.ahead] {
				y += w
			}
			for i := range n {
				xty.SetVec(i, xty.AtVec(i)+x[i]*float64(y))
				for j := i; j < n; j++ {
					xtx.SetSym(i, j, xtx.At(i, j)+x[i]*x[j])
				}
			}
			rows++
		}
	}
	// A little ridge keeps features that never vary (a value no hand lacks) from making the
	// system singular.
	for i := range n {
		xtx.SetSym(i, i, xtx.At(i, i)+1e-6*float64(rows)+1e-9)
	}
	var beta mat.VecDense
	if err := beta.SolveVec(xtx, xty); err != nil {
		return nil, rows, fmt.Errorf("%s: fitting the lead: %w", g.Name, err)
	}
	return beta.RawVector().Data, rows, nil
}
