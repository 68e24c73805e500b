package match

import (
	"encoding/json"
	"math/rand/v2"
	"testing"

	"deuce/engine"
	"deuce/games/centercourt"
)

// A replica caught up move by move shows every seat what a match rebuilt from the whole record
// shows.
func TestReplicaCatchesUpLikeAReplay(t *testing.T) {
	g := centercourt.Game
	opts, err := g.Resolve(engine.Options{"format": "tiebreak"})
	if err != nil {
		t.Fatal(err)
	}
	s, err := g.New(opts)
	if err != nil {
		t.Fatal(err)
	}
	rec := &engine.Record{Version: engine.RecordVersion, Game: g.Name, Options: opts, Seats: []engine.SeatInfo{{Name: "a"}, {Name: "b"}}, Moves: []engine.Move{}}
	r, err := NewReplica(g, rec)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(3, 4))
	checked := 0
	for i := 0; s.ToMove() != engine.Nobody; i++ {
		var a engine.Action
		if s.ToMove() == engine.Chance {
			a = engine.SampleChance(rng, s.Chances(nil))
		} else {
			legal := s.Legal(nil)
			a = legal[rng.IntN(len(legal))]
		}
		rec.Moves = append(rec.Moves, engine.Move{Seat: s.ToMove(), Action: a, Text: s.ActionString(a)})
		if err := s.Apply(a); err != nil {
			t.Fatal(err)
		}
		if i%3 != 0 && s.ToMove() != engine.Nobody {
			continue // catch up several moves at once now and then
		}
		if err := r.Catch(rec.Moves); err != nil {
			t.Fatal(err)
		}
		checked++
		for _, seat := range []engine.Seat{0, 1, engine.Spectator} {
			want, err := View(g, rec, seat)
			if err != nil {
				t.Fatal(err)
			}
			got, _ := json.Marshal(r.View(seat))
			wantJSON, _ := json.Marshal(want)
			if string(got) != string(wantJSON) {
				t.Fatalf("after %d moves, seat %v: replica\n%s\nreplay\n%s", len(rec.Moves), seat, got, wantJSON)
			}
		}
	}
	if checked < 5 {
		t.Fatalf("compared the views %d times, want a whole match's worth", checked)
	}
}
