package games

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"deuce/engine"
	"deuce/engine/enginetest"
)

// TestLeadCoefficients refits every committed lead model from its seed and checks that the
// committed coefficients are the fit's: the evaluation expert plays with is reproducible from
// the data and code here. On a change of features or fitting, the failure prints the new
// coefficients to commit.
func TestLeadCoefficients(t *testing.T) {
	if testing.Short() {
		t.Skip("refitting plays thousands of heuristic matches")
	}
	for _, g := range All() {
		m := leadModels[g.Name]
		if m == nil {
			continue
		}
		got, rows, err := fitLead(m)
		if err != nil {
			t.Fatalf("%s: %v", g.Name, err)
		}
		if rows < 10*m.n() {
			t.Errorf("%s: fitted on %d states, too few for %d coefficients", g.Name, rows, m.n())
		}
		same := len(got) == m.n() && len(m.coef) == m.n()
		for i := 0; same && i < len(got); i++ {
			same = math.Abs(got[i]-m.coef[i]) <= 1e-9*max(1, math.Abs(got[i]))
		}
		if !same {
			t.Errorf("%s: committed coefficients differ from the fit; commit\n\t\tcoef: %s,", g.Name, literal(got))
		}
	}
}

func literal(c []float64) string {
	parts := make([]string, len(c))
	for i, v := range c {
		parts[i] = fmt.Sprint(v)
	}
	return "[]float64{" + strings.Join(parts, ", ") + "}"
}

// TestLeadAtPoints plays a random match of each game with a lead model and checks, at every
// point's end, that the serving side's feature is its sign (+1 for side 0, -1 for side 1, as
// the score says), that the lead is the coefficients' linear value of the features, and that
// the model predicts something (the lead is not 0 at every point).
func TestLeadAtPoints(t *testing.T) {
	for _, g := range All() {
		m := leadModels[g.Name]
		if m == nil {
			continue
		}
		s, _, err := g.Start(mustVariant(t, g, m.variant))
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(3, 0))
		nonzero := false
		for s.ToMove() != engine.Nobody {
			if before, after := randomStep(t, s, rng); after == before || s.ToMove() == engine.Nobody {
				continue
			}
			f := make([]float64, m.n())
			m.features(s, f)
			v := 0.0
			for i := range f {
				v -= m.coef[i] * f[i]
			}
			if got := m.lead(s); math.Abs(got+v) > 1e-12 {
				t.Errorf("%s: lead %v, want the features' linear value %v", g.Name, got, -v)
			}
			if want := 1 - 2*float64(s.(scored).Score().Server()); f[0] != want {
				t.Errorf("%s: server feature %v, want %v", g.Name, f[0], want)
			}
			nonzero = nonzero || m.lead(s) != 0
		}
		if !nonzero {
			t.Errorf("%s: the lead was 0 at every point of a match", g.Name)
		}
	}
}

// randomStep plays one random action of s (chance by its odds), and returns the points each
// side had won before and after it.
func randomStep(t *testing.T, s engine.State, rng *rand.Rand) (before, after [2]int) {
	t.Helper()
	before = s.(engine.Points).PointsWon()
	if err := s.Apply(enginetest.Sample(s, rng, nil, nil)); err != nil {
		t.Fatal(err)
	}
	return before, s.(engine.Points).PointsWon()
}

func mustVariant(t *testing.T, g engine.Game, name string) engine.Options {
	t.Helper()
	o, err := g.Variant(name)
	if err != nil {
		t.Fatal(err)
	}
	return o
}

// TestJudgeAtPoints plays a random match of each game with a lead model and judges each point's
// end from the position where the point began (the judge of ismcts.Options.Judge): without the
// lead, a point won is +1 and a point lost -1 exactly, whatever the score; with it, the value
// moves from that by the lead's sign; a point that ends the match is ±1 whatever the lead.
func TestJudgeAtPoints(t *testing.T) {
	for _, g := range All() {
		m := leadModels[g.Name]
		if m == nil {
			continue
		}
		s, _, err := g.Start(mustVariant(t, g, m.variant))
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(5, 0))
		plain, led := m.judge(0)(s), m.judge(1)(s)
		points, moved := 0, 0
		for s.ToMove() != engine.Nobody {
			before, after := randomStep(t, s, rng)
			if after == before {
				continue
			}
			points++
			want := 1.0
			if after[1] > before[1] {
				want = -1
			}
			sc := s.(scored).Score()
			if got := plain(s); math.Abs(got-want) > 1e-9 {
				t.Errorf("%s at %v: judged %v without the lead, want %v", g.Name, sc, got, want)
			}
			got, lead := led(s), m.lead(s)
			switch {
			case sc.Over() && math.Abs(got-want) > 1e-9:
				t.Errorf("%s: the match's last point judged %v with the lead, want %v", g.Name, got, want)
			case !sc.Over() && (got-want)*lead < 0:
				t.Errorf("%s at %v: judged %v with a lead of %v, want it moved from %v the lead's way", g.Name, sc, got, lead, want)
			case got < -maxJudged || got > maxJudged:
				t.Errorf("%s at %v: judged %v, outside ±%v", g.Name, sc, got, maxJudged)
			}
			if math.Abs(got-want) > 1e-9 {
				moved++
			}
			plain, led = m.judge(0)(s), m.judge(1)(s)
		}
		if moved == 0 || points < 3 {
			t.Errorf("%s: the lead moved %d of %d points' values", g.Name, moved, points)
		}
	}
}
