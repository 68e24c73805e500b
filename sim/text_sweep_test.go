package sim_test

import (
	"strings"
	"testing"

	"deuce/sim"
)

// A clean sweep's ratings stand on the fit's prior, and the report says so; a pairing with
// wins on both sides needs no such note.
func TestTextSaysASweepIsNotAMeasure(t *testing.T) {
	const note = "rated only as far as the fit's weak prior allows"
	for _, tt := range []struct {
		wins, losses int
		want         bool
	}{{30, 0, true}, {0, 30, true}, {20, 10, false}} {
		rep := &sim.Report{Game: "centercourt", Matches: 30, Players: []sim.PlayerStats{
			{Name: "a", Wins: tt.wins, Losses: tt.losses}, {Name: "b", Wins: tt.losses, Losses: tt.wins},
		}}
		var text strings.Builder
		if err := rep.WriteText(&text); err != nil {
			t.Fatal(err)
		}
		if got := strings.Contains(text.String(), note); got != tt.want {
			t.Errorf("%d-%d: note shown %v, want %v:\n%s", tt.wins, tt.losses, got, tt.want, text.String())
		}
	}
}
