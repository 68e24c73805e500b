package lmn

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"deuce/engine"
	"deuce/engine/enginetest"
)

// overlapPosition plays to player 2's end of turn after a regular shot: his preparation area
// holds 24 (BR+FR), his hand 20 (FC+FR) and 1. The set-up lay-out of 4 and 24 did not overlap.
func overlapPosition(t *testing.T, overlap string) *State {
	t.Helper()
	s := scripted(t, Options{Overlap: overlap}, []int{11, 5, 15, 7, 10, 2}, []int{8, 4, 24, 20, 1})
	play(t, s, "prep 4; prep 24; done; prep 15; prep 7; prep 10; done; serve 11; done")
	play(t, s, "defend 8; aim 4; hit")
	if s.phase != phaseManage || s.mover != 1 || s.p[1].prep != bit(24) {
		t.Fatalf("phase %d, player %d, preparation area %s: want player 2 ending his turn with 24 laid out",
			s.phase, s.mover+1, s.p[1].prep.ids())
	}
	return s
}

// TestOverlapSetup: at the set-up no reading lets preparation cards overlap.
func TestOverlapSetup(t *testing.T) {
	for _, overlap := range []string{OverlapNever, OverlapAfterSetup} {
		t.Run(overlap, func(t *testing.T) {
			s := scripted(t, Options{Overlap: overlap}, []int{11, 5, 15, 7, 10, 2}, []int{8, 4, 24, 20, 1})
			play(t, s, "prep 24")
			before := *s
			err := s.Apply(Prep(20))
			if !errors.Is(err, engine.ErrIllegal) || !strings.Contains(err.Error(), "set-up") {
				t.Fatalf("prep 20 over 24 at the set-up: %v, want refused for the set-up", err)
			}
			if *s != before {
				t.Fatal("the refused move changed the state")
			}
			if slices.Contains(s.Legal(nil), Prep(20)) {
				t.Fatal("prep 20 is listed as legal at the set-up")
			}
		})
	}
}

// TestOverlapEndOfTurn: at the end of a turn, overlap=never refuses a card overlapping the
// preparation area; overlap=after-setup takes it, and the two overlapping cards then make a
// safe return with only the placement from the hand.
func TestOverlapEndOfTurn(t *testing.T) {
	t.Run(OverlapNever, func(t *testing.T) {
		s := overlapPosition(t, OverlapNever)
		before := *s
		err := s.Apply(Prep(20))
		if !errors.Is(err, engine.ErrIllegal) || !strings.Contains(err.Error(), "overlap=never") {
			t.Fatalf("prep 20 over 24: %v, want refused under overlap=never", err)
		}
		if *s != before {
			t.Fatal("the refused move changed the state")
		}
		if legal := s.Legal(nil); slices.Contains(legal, Prep(20)) || !slices.Contains(legal, Prep(1)) {
			t.Fatalf("legal %v: want prep 1 and not prep 20", legal)
		}
	})
	t.Run(OverlapAfterSetup, func(t *testing.T) {
		s := overlapPosition(t, OverlapAfterSetup)
		if !slices.Contains(s.Legal(nil), Prep(20)) {
			t.Fatal("prep 20 is not listed as legal")
		}
		play(t, s, "prep 20; done")
		if s.p[1].prep != bit(20)|bit(24) {
			t.Fatalf("preparation area %s, want 20 and 24", s.p[1].prep.ids())
		}
		drawAll(t, s)
		// Player 1 plays a special shot to FR (7 and 10): player 2 covers FR twice from the
		// preparation area and places with 1 from the hand.
		play(t, s, "defend 5; aim 7; aim 10; hit; done")
		drawAll(t, s)
		play(t, s, "defend 20; defend 24; aim 1; hit")
		if s.last.kind != kindSafeReturn || s.last.hand != 1 {
			t.Fatalf("a %s with card %d from the hand, want a safe return with 1 from the hand", kindNames[s.last.kind], s.last.hand)
		}
	})
}

// TestOverlapOptionSpec: the option is described for the lobby and the rules, and a bad value
// is refused with the values that work.
func TestOverlapOptionSpec(t *testing.T) {
	spec, ok := Game.Option("overlap")
	if !ok || spec.Default != OverlapNever || !slices.Equal(spec.Values, []string{OverlapNever, OverlapAfterSetup}) || spec.Help == "" {
		t.Fatalf("option overlap: %+v, %v", spec, ok)
	}
	for _, v := range spec.Values {
		st, resolved, err := Game.Start(engine.Options{"overlap": v})
		if err != nil || resolved["overlap"] != v {
			t.Fatalf("overlap=%s: %v (resolved %v)", v, err, resolved)
		}
		if got := st.(*State).overlapOK; got != (v == OverlapAfterSetup) {
			t.Fatalf("overlap=%s: overlaps after the set-up %v", v, got)
		}
	}
	if _, _, err := Game.Start(engine.Options{"overlap": "sometimes"}); err == nil || !strings.Contains(err.Error(), "after-setup") {
		t.Fatalf("overlap=sometimes: %v, want an error naming the values", err)
	}
	if _, err := New(Options{Overlap: "sometimes"}); err == nil || !strings.Contains(err.Error(), "overlap") {
		t.Fatalf("New with overlap sometimes: %v", err)
	}
	if _, err := newGame(engine.Options{"overlap": "x"}); err == nil {
		t.Fatal("newGame took overlap=x")
	}
}

// overlapping reports whether two cards of m share a defence zone.
func overlapping(m cards) bool {
	for r := m; r != 0; r &= r - 1 {
		if c := r.first(); deck.overlaps[c]&m&^bit(c) != 0 {
			return true
		}
	}
	return false
}

// afterSetupInvariant checks under overlap=after-setup what invariant checks, on a copy whose
// preparation cards are counted in the hands (they may overlap there) and whose shot being
// chosen is set aside, and that the lay-out of the set-up never overlaps (it is whole when the
// serve is due).
func afterSetupInvariant(st engine.State) error {
	s := st.(*State)
	c := *s
	for i := range c.p {
		c.p[i].hand |= c.p[i].prep
		c.p[i].prep = 0
	}
	c.def, c.aim = 0, 0
	if err := invariant(&c); err != nil {
		return err
	}
	if s.phase == phaseSetup || s.phase == phaseServe {
		for i := range s.n {
			if p := s.p[i].prep; overlapping(p) {
				return fmt.Errorf("seat %d: set-up lay-out %s overlaps", i, p.ids())
			}
		}
	}
	return nil
}

// TestConformanceOverlap runs the conformance kit with overlaps allowed after the set-up, in
// singles and doubles.
func TestConformanceOverlap(t *testing.T) {
	for _, opts := range []engine.Options{
		{"players": "singles", "overlap": OverlapAfterSetup},
		{"players": "doubles", "overlap": OverlapAfterSetup},
		{"players": "singles", "overlap": OverlapNever, "format": "best-of-3"},
	} {
		t.Run(opts.String(), func(t *testing.T) {
			cfg := enginetest.Config{Invariant: afterSetupInvariant, Matches: 2, DeepEvery: 15}
			for _, v := range enginetest.CheckVariant(Game, opts, cfg) {
				t.Error(v)
			}
		})
	}
}

// TestOverlapChangesPlay: in random play the literal reading does lay out overlapping
// preparation cards, which the default never does.
func TestOverlapChangesPlay(t *testing.T) {
	for _, overlap := range []string{OverlapNever, OverlapAfterSetup} {
		s, err := New(Options{Overlap: overlap})
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(7, 1))
		overlapped := 0
		for step := 0; step < 20_000 && s.phase != phaseOver; step++ {
			if err := s.Apply(enginetest.Sample(s, rng, nil, nil)); err != nil {
				t.Fatal(err)
			}
			for i := range s.n {
				if overlapping(s.p[i].prep) {
					overlapped++
				}
			}
		}
		if (overlapped > 0) != (overlap == OverlapAfterSetup) {
			t.Errorf("overlap=%s: %d states with overlapping preparation cards", overlap, overlapped)
		}
	}
}
