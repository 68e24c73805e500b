package pencil

import (
	"compress/gzip"
	"encoding/binary"
	"flag"
	"math"
	"os"
	"testing"
)

var updateReference = flag.Bool("update-reference", false, "rewrite testdata/reference-values.bin.gz from the current solver")

// referenceBoards are the settings whose values testdata/reference-values.bin.gz holds, written
// by the solver of commit d78ac0e (before its speed-ups: every mixed position guessed from
// three neighbours, then the double oracle): every later version must agree with it to 1e-9.
// Rewrite the file only from a solver known to be right: go test ./games/pencil -run
// TestReferenceValues -args -update-reference.
var referenceBoards = []Params{
	{Points1: 40, Points2: 40, Fields: 2, Scoring: WinLoss, Jump: true},
	{Points1: 30, Points2: 25, Fields: 3, Scoring: Knockout, Jump: true},
	{Points1: 30, Points2: 30, Fields: 2, Scoring: WinLoss, Jump: false},
	{Points1: 25, Points2: 20, Fields: 1, Scoring: Knockout, Jump: true},
	{Points1: 12, Points2: 35, Fields: 2, Scoring: Knockout, Jump: false},
}

const referenceFile = "testdata/reference-values.bin.gz"

// TestReferenceValues compares the values of every position of the reference boards with the
// stored ones.
func TestReferenceValues(t *testing.T) {
	if *updateReference {
		f, err := os.Create(referenceFile)
		if err != nil {
			t.Fatal(err)
		}
		z := gzip.NewWriter(f)
		for _, p := range referenceBoards {
			if err := binary.Write(z, binary.LittleEndian, mustSolve(t, p).values); err != nil {
				t.Fatal(err)
			}
		}
		if err := z.Close(); err != nil {
			t.Fatal(err)
		}
		if err := f.Close(); err != nil {
			t.Fatal(err)
		}
	}
	f, err := os.Open(referenceFile)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	z, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range referenceBoards {
		s := mustSolve(t, p)
		want := make([]float64, (p.Points1+1)*(p.Points2+1)*(2*p.Fields+3))
		if err := binary.Read(z, binary.LittleEndian, want); err != nil {
			t.Fatalf("%+v: reading the reference: %v", p, err)
		}
		bad, worst := 0, 0.0
		for a := 0; a <= p.Points1; a++ {
			for b := 0; b <= p.Points2; b++ {
				for ball := -p.Fields - 1; ball <= p.Fields+1; ball++ {
					i := ((ball+p.Fields+1)*(p.Points1+1)+a)*(p.Points2+1) + b
					d := math.Abs(s.Value(a, b, ball) - want[i])
					worst = max(worst, d)
					if d > 1e-9 {
						if bad++; bad <= 5 {
							t.Errorf("%+v: V(%d, %d, %d) = %v, reference %v", p, a, b, ball, s.Value(a, b, ball), want[i])
						}
					}
				}
			}
		}
		t.Logf("%+v: largest difference from the reference %.3g", p, worst)
	}
}
