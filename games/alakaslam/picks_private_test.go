package alakaslam_test

import (
	"encoding/json"
	"strings"
	"testing"

	"deuce/engine"
	"deuce/games/alakaslam"
)

// The cards a singles player picks for a hit are the player's own until the hit is played: the
// text plays a hit's cards at once, and picking them one by one (and taking one back) is how
// the engine records that play. The opponent and the spectators see how many are picked, never
// which, nor where they would send the ball, and a card taken back is never shown; the hit then
// shows the cards played.
func TestSinglesPicksArePrivate(t *testing.T) {
	s, err := alakaslam.New(alakaslam.Options{Format: alakaslam.Singles, Characters: [4]int{alakaslam.Austin, alakaslam.Rich}, FirstServer: 0})
	if err != nil {
		t.Fatal(err)
	}
	play := func(texts ...string) (said []map[engine.Seat]string) {
		t.Helper()
		for _, text := range texts {
			a, err := s.ParseAction(text)
			if err != nil {
				t.Fatal(err)
			}
			seen := map[engine.Seat]string{}
			for _, seat := range []engine.Seat{0, 1, engine.Spectator} {
				seen[seat] = engine.Narrate(s, a, seat)
			}
			said = append(said, seen)
			if err := s.Apply(a); err != nil {
				t.Fatal(err)
			}
		}
		return said
	}
	for _, card := range []string{"2b", "2r", "1b", "1r", "3b", "0r", "e2", "e1", "2r", "1b", "1r", "1r", "3r", "0b", "e1", "2b"} {
		play("draw " + card)
	}
	said := play("keep", "keep", "corner red", "pick 3b", "take back", "pick 2b")
	for i, card := range []string{"Hit-3 blue", "Hit-3 blue", "Hit-2 blue"} {
		got := said[3+i]
		if !strings.Contains(got[0], card) {
			t.Errorf("the picker is told %q, want %s named", got[0], card)
		}
		for _, seat := range []engine.Seat{1, engine.Spectator} {
			if strings.Contains(got[seat], "Hit") {
				t.Errorf("seat %d is told %q: a card picked or taken back named", seat, got[seat])
			}
		}
	}
	for _, seat := range []engine.Seat{1, engine.Spectator} {
		data, err := json.Marshal(s.Observe(seat))
		if err != nil {
			t.Fatal(err)
		}
		var o struct {
			Players []struct {
				Picked      int               `json:"picked"`
				PickedCards []json.RawMessage `json:"pickedCards"`
			} `json:"players"`
			Aim json.RawMessage `json:"aim"`
		}
		if err := json.Unmarshal(data, &o); err != nil {
			t.Fatal(err)
		}
		if p := o.Players[0]; p.Picked != 1 || len(p.PickedCards) != 0 || o.Aim != nil {
			t.Errorf("seat %d sees player 1's pick as %+v, aim %s: want the count only", seat, p, o.Aim)
		}
	}
	if o := s.Observe(0).(*alakaslam.Observation); len(o.Players[0].PickedCards) != 1 {
		t.Errorf("the picker sees its picks as %+v", o.Players[0].PickedCards)
	}
	// Played, the hit shows its card to everyone.
	if hit := play("hit")[0]; !strings.Contains(hit[1], "Hit-2 blue") || !strings.Contains(hit[engine.Spectator], "Hit-2 blue") {
		t.Errorf("the hit is told %q and %q: want its card named", hit[1], hit[engine.Spectator])
	}
}
