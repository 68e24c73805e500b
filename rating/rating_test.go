package rating

import (
	"errors"
	"fmt"
	"math"
	"testing"
)

// TestPaperExample is the worked example of Glickman's paper: a 1500/200/0.06 player beats a
// 1400/30 player and loses to 1550/100 and 1700/300 players, with τ = 0.5.
func TestPaperExample(t *testing.T) {
	r := Rating{Rating: 1500, RD: 200, Volatility: 0.06}
	got, err := Update(r, []Result{
		{Opponent: Rating{1400, 30, 0.06}, Score: 1},
		{Opponent: Rating{1550, 100, 0.06}, Score: 0},
		{Opponent: Rating{1700, 300, 0.06}, Score: 0},
	}, 0.5)
	if err != nil {
		t.Fatal(err)
	}
	want := Rating{Rating: 1464.06, RD: 151.52, Volatility: 0.05999}
	if math.Abs(got.Rating-want.Rating) > 0.01 || math.Abs(got.RD-want.RD) > 0.01 || math.Abs(got.Volatility-want.Volatility) > 0.00001 {
		t.Errorf("Update = %+v, want about %+v", got, want)
	}
}

func TestUpdate(t *testing.T) {
	tests := []struct {
		name  string
		score float64
		check func(t *testing.T, before, after Rating)
	}{
		{"a win raises the rating", 1, func(t *testing.T, b, a Rating) {
			if a.Rating <= b.Rating {
				t.Errorf("rating %v after a win, was %v", a.Rating, b.Rating)
			}
		}},
		{"a loss lowers the rating", 0, func(t *testing.T, b, a Rating) {
			if a.Rating >= b.Rating {
				t.Errorf("rating %v after a loss, was %v", a.Rating, b.Rating)
			}
		}},
		{"a draw between equals keeps the rating", 0.5, func(t *testing.T, b, a Rating) {
			if math.Abs(a.Rating-b.Rating) > 1e-9 {
				t.Errorf("rating %v after a draw, was %v", a.Rating, b.Rating)
			}
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			before := New()
			after, err := Update(before, []Result{{Opponent: New(), Score: tt.score}}, 0)
			if err != nil {
				t.Fatal(err)
			}
			tt.check(t, before, after)
			if after.RD >= before.RD {
				t.Errorf("RD %v after a game, was %v: a game must make the rating surer", after.RD, before.RD)
			}
		})
	}
}

func TestNoGamesWidensDeviation(t *testing.T) {
	r := Rating{Rating: 1600, RD: 60, Volatility: 0.06}
	got, err := Update(r, nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	want := math.Sqrt(60*60 + (0.06*scale)*(0.06*scale))
	if got.Rating != 1600 || math.Abs(got.RD-want) > 1e-9 || got.Volatility != 0.06 {
		t.Errorf("Update with no games = %+v, want 1600/%.4f/0.06", got, want)
	}
}

func TestProvisional(t *testing.T) {
	r := New()
	if !r.Provisional() || r.String() != "1500?" {
		t.Errorf("new rating: provisional %v, %q; want true, 1500?", r.Provisional(), r.String())
	}
	// A steady run against equal opposition settles the rating.
	for i := range 20 {
		var err error
		if r, err = Update(r, []Result{{Opponent: Rating{1500, 60, 0.06}, Score: float64(i % 2)}}, 0); err != nil {
			t.Fatal(err)
		}
	}
	if r.Provisional() {
		t.Errorf("after 20 games RD is %.1f, still provisional", r.RD)
	}
	if r.RD < MinRD {
		t.Errorf("RD %.1f below the floor %v", r.RD, float64(MinRD))
	}
}

func TestInvalid(t *testing.T) {
	tests := []struct {
		name    string
		r       Rating
		results []Result
	}{
		{"NaN rating", Rating{math.NaN(), 100, 0.06}, nil},
		{"zero RD", Rating{1500, 0, 0.06}, nil},
		{"score above 1", New(), []Result{{New(), 2}}},
		{"negative score", New(), []Result{{New(), -1}}},
		{"infinite opponent", New(), []Result{{Rating{math.Inf(1), 100, 0.06}, 1}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Update(tt.r, tt.results, 0)
			if !errors.Is(err, ErrInvalid) {
				t.Errorf("err = %v, want ErrInvalid", err)
			}
			if got != tt.r && !math.IsNaN(tt.r.Rating) {
				t.Errorf("rating changed to %+v on an error", got)
			}
		})
	}
}

func TestExpected(t *testing.T) {
	if e := Expected(New(), New()); math.Abs(e-0.5) > 1e-12 {
		t.Errorf("Expected between equals = %v, want 0.5", e)
	}
	strong, weak := Rating{1900, 50, 0.06}, Rating{1500, 50, 0.06}
	if e := Expected(strong, weak); e < 0.85 || e > 0.95 {
		t.Errorf("Expected(1900, 1500) = %v, want about 0.9", e)
	}
}

func ExampleUpdate() {
	r := Rating{Rating: 1500, RD: 200, Volatility: 0.06}
	r, _ = Update(r, []Result{
		{Opponent: Rating{1400, 30, 0.06}, Score: 1},
		{Opponent: Rating{1550, 100, 0.06}, Score: 0},
		{Opponent: Rating{1700, 300, 0.06}, Score: 0},
	}, 0.5)
	fmt.Printf("%.2f %.2f %.6f\n", r.Rating, r.RD, r.Volatility)
	// Output: 1464.05 151.52 0.059996
}

func BenchmarkUpdate(b *testing.B) {
	r := New()
	results := []Result{{Opponent: Rating{1400, 30, 0.06}, Score: 1}}
	b.ReportAllocs()
	for b.Loop() {
		_, _ = Update(r, results, 0)
	}
}
