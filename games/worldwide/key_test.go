package worldwide

import (
	"bytes"
	"math/rand/v2"
	"testing"

	"deuce/engine"
	"deuce/engine/enginetest"
)

func TestKeys(t *testing.T) {
	enginetest.Keys(t, Game, enginetest.Config{})
	enginetest.KeysOptions(t, Game, enginetest.Config{Matches: 60},
		engine.Options{"rules": "advanced", "challenges": "rally", "second-serve": "any"},
		engine.Options{"rules": "basic", "challenges": "yes", "player-cards": "yes"})
}

// TestAbstractKeyLeavesOutTheFace checks that the abstract key merges what it says it merges:
// a shot rolled 19 or 20 against a need both reach goes on the same way, and the two states
// then differ in their keys (the log shows the face) but not in their abstract keys.
func TestAbstractKeyLeavesOutTheFace(t *testing.T) {
	merged := 0
	for seed := range uint64(20) {
		s, _, err := Game.Start(engine.Options{})
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(seed, 7))
		for s.ToMove() != engine.Nobody {
			st := s.(*State)
			if st.phase == phShotRoll && st.need <= 18 {
				a, b := st.Clone(), st.Clone()
				if err := a.Apply(D20(19)); err != nil {
					t.Fatal(err)
				}
				if err := b.Apply(D20(20)); err != nil {
					t.Fatal(err)
				}
				for seat := range engine.Seat(2) {
					ka, kb := a.(*State).AppendKey(nil, seat), b.(*State).AppendKey(nil, seat)
					if bytes.Equal(ka, kb) {
						t.Fatalf("seed %d seat %d: the keys after a 19 and a 20 are equal: the log lost the face", seed, seat)
					}
					aa, ab := a.(*State).AppendAbstractKey(nil, seat), b.(*State).AppendAbstractKey(nil, seat)
					if !bytes.Equal(aa, ab) {
						t.Fatalf("seed %d seat %d: the abstract keys after a 19 and a 20 differ", seed, seat)
					}
				}
				merged++
			}
			if err := s.Apply(enginetest.Sample(s, rng, nil, nil)); err != nil {
				t.Fatal(err)
			}
		}
	}
	if merged < 20 {
		t.Fatalf("only %d rolls checked", merged)
	}
}
