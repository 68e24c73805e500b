package engine_test

import (
	"bytes"
	"errors"
	"fmt"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"deuce/engine"
)

var demo = engine.Game{
	Name: "demo",
	Options: []engine.OptionSpec{
		{Name: "format", Default: "set", Values: []string{"tiebreak", "set"}},
		{Name: "points", Default: "50"},
	},
	Variants: []engine.Variant{{Name: "quick", Options: engine.Options{"format": "tiebreak"}}},
}

func TestResolve(t *testing.T) {
	tests := []struct {
		name string
		in   engine.Options
		want engine.Options
		err  string // a word the error must contain, "" for none
	}{
		{"defaults", nil, engine.Options{"format": "set", "points": "50"}, ""},
		{"value case folded", engine.Options{"FORMAT": "TieBreak"}, engine.Options{"format": "tiebreak", "points": "50"}, ""},
		{"free form", engine.Options{"points": "7,9"}, engine.Options{"format": "set", "points": "7,9"}, ""},
		{"unknown option lists options", engine.Options{"speed": "1"}, nil, "format, points"},
		{"bad value lists values", engine.Options{"format": "marathon"}, nil, "tiebreak, set"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := demo.Resolve(tt.in)
			if tt.err != "" {
				if err == nil || !strings.Contains(err.Error(), tt.err) {
					t.Fatalf("Resolve(%v) error = %v, want one naming %q", tt.in, err, tt.err)
				}
				return
			}
			if err != nil || !reflect.DeepEqual(got, tt.want) {
				t.Errorf("Resolve(%v) = %v, %v; want %v", tt.in, got, err, tt.want)
			}
		})
	}
}

// Options of another game get the same error every time: the first unknown name in order, not
// whichever a map's iteration meets first.
func TestResolveErrorIsStable(t *testing.T) {
	opts := engine.Options{"jump": "yes", "fields": "2", "scoring": "winloss", "surface": "clay"}
	for range 30 {
		if _, err := demo.Resolve(opts); err == nil || !strings.Contains(err.Error(), `no option "fields"`) {
			t.Fatalf("Resolve(%v) error = %v, want the first unknown name, fields", opts, err)
		}
	}
}

func TestVariant(t *testing.T) {
	got, err := demo.Variant("QUICK")
	if err != nil || got["format"] != "tiebreak" {
		t.Errorf("Variant(QUICK) = %v, %v", got, err)
	}
	if _, err := demo.Variant("slow"); err == nil || !strings.Contains(err.Error(), "quick") {
		t.Errorf("Variant(slow) error = %v, want one listing the variants", err)
	}
}

func TestParseOptions(t *testing.T) {
	got, err := engine.ParseOptions("format=set, points=3,4,x=")
	want := engine.Options{"format": "set", "points": "3,4", "x": ""}
	if err != nil || !reflect.DeepEqual(got, want) {
		t.Errorf("ParseOptions = %v, %v; want %v", got, err, want)
	}
	if _, err := engine.ParseOptions("format"); err == nil {
		t.Error("ParseOptions(format) succeeded, want an error")
	}
}

func TestIllegalError(t *testing.T) {
	err := fmt.Errorf("play: %w", engine.Illegal(3, "bid 3", "you have %d points", 2))
	if !errors.Is(err, engine.ErrIllegal) {
		t.Errorf("errors.Is(%v, ErrIllegal) = false", err)
	}
	var ie *engine.IllegalError
	if !errors.As(err, &ie) || ie.Reason != "you have 2 points" {
		t.Errorf("errors.As gave %+v", ie)
	}
}

func TestSampleChanceFollowsWeights(t *testing.T) {
	outcomes := []engine.ChanceOutcome{{Action: 1, Weight: 2}, {Action: 2, Weight: 1}, {Action: 5, Weight: 1}, {Action: 6, Weight: 2}}
	rng := rand.New(rand.NewPCG(1, 2))
	counts := map[engine.Action]int{}
	const n = 60000
	for range n {
		counts[engine.SampleChance(rng, outcomes)]++
	}
	for _, o := range outcomes {
		want := float64(n) * float64(o.Weight) / 6
		if got := float64(counts[o.Action]); got < want*0.95 || got > want*1.05 {
			t.Errorf("outcome %d drawn %v times, want about %v", o.Action, got, want)
		}
	}
}

func TestReadRecordRejects(t *testing.T) {
	tests := map[string]string{
		"not json":      "{",
		"wrong version": `{"version": 9, "game": "demo", "moves": []}`,
		"no game":       `{"version": 1, "moves": []}`,
		"unknown field": `{"version": 1, "game": "demo", "moves": [], "extra": 1}`,
	}
	for name, in := range tests {
		t.Run(name, func(t *testing.T) {
			if _, err := engine.ReadRecord(strings.NewReader(in)); !errors.Is(err, engine.ErrBadRecord) {
				t.Errorf("ReadRecord error = %v, want ErrBadRecord", err)
			}
		})
	}
}

func TestRecordRoundTrip(t *testing.T) {
	rec := engine.NewRecord(demo, engine.Options{"format": "set"}, []engine.SeatInfo{{Name: "ann"}, {Name: "bot", Bot: "random"}})
	rec.Moves = append(rec.Moves, engine.Move{Seat: engine.Chance, Action: 4, Text: "draw 4"}, engine.Move{Seat: 1, Action: 2, Text: "bid 2"})
	var buf bytes.Buffer
	if err := engine.WriteRecord(&buf, rec); err != nil {
		t.Fatal(err)
	}
	got, err := engine.ReadRecord(&buf)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, rec) {
		t.Errorf("round trip = %+v, want %+v", got, rec)
	}
}

func ExampleGame_Resolve() {
	opts, err := demo.Resolve(engine.Options{"format": "tiebreak"})
	fmt.Println(opts, err)
	_, err = demo.Resolve(engine.Options{"format": "marathon"})
	fmt.Println(err)
	// Output:
	// format=tiebreak points=50 <nil>
	// demo option format: "marathon" is not one of tiebreak, set
}
