package pencil

import (
	"reflect"
	"testing"

	"deuce/engine"
)

// TestStepStart checks that StepStart takes back player 1's secret bid and nothing else, and
// leaves the match it is called on unchanged.
func TestStepStart(t *testing.T) {
	s, err := New(DefaultParams)
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range []engine.Action{3, 5, 4} { // a round, then player 1's secret bid of 4
		if err := s.Apply(a); err != nil {
			t.Fatal(err)
		}
	}
	before := s.Clone()
	start := s.StepStart().(*State)
	if !reflect.DeepEqual(s, before) {
		t.Fatalf("StepStart changed the match: %+v, was %+v", s, before)
	}
	if start.ToMove() != 0 || start.pending != 0 || start.Points(0) != 47 || start.Points(1) != 45 || start.Ball() != s.Ball() || start.Rounds() != 1 {
		t.Fatalf("StepStart: %+v, want the match after the first round with player 1 to bid", start)
	}
	if err := start.Apply(9); err != nil || start.pending != 9 || s.pending != 4 {
		t.Fatalf("the round's start is not its own match: pending %d there, %d here (%v)", start.pending, s.pending, err)
	}
	again := start.StepStart().(*State)
	if again.ToMove() != 0 || again.pending != 0 {
		t.Fatalf("StepStart at a round's start: %+v", again)
	}
}

// TestCopyInto checks that CopyInto gives an equal match whose history is its own, over a
// pencil state or over nothing.
func TestCopyInto(t *testing.T) {
	s, err := New(DefaultParams)
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range []engine.Action{3, 5, 6} {
		if err := s.Apply(a); err != nil {
			t.Fatal(err)
		}
	}
	small, err := New(Params{Points1: 2, Points2: 2, Fields: 1, Jump: true})
	if err != nil {
		t.Fatal(err)
	}
	for _, dst := range []engine.State{nil, small} {
		c := s.CopyInto(dst).(*State)
		if c == s || !reflect.DeepEqual(c.Observe(0), s.Observe(0)) || c.pending != s.pending || c.params != s.params {
			t.Fatalf("CopyInto(%T): %+v, want a copy of %+v", dst, c, s)
		}
		if err := c.Apply(2); err != nil {
			t.Fatal(err)
		}
		if s.Rounds() != 1 || s.ToMove() != 1 {
			t.Fatalf("playing on the copy changed the original: %+v", s)
		}
	}
}
