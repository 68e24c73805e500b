package games

import (
	"testing"

	"deuce/engine"
	"deuce/games/alakaslam"
	"deuce/games/centercourt"
	"deuce/games/lmn"
	"deuce/games/pencil"
)

func TestDescribeMove(t *testing.T) {
	tests := []struct {
		game engine.Game
		text string
		want string
	}{
		{lmn.Game, "prep 13 BL+BC>BR", "defends back left and back centre, aims at back right"},
		{lmn.Game, "defend 5 FR>FC from hand", "defends front right, aims at front centre"},
		{lmn.Game, "done", ""},
		{alakaslam.Game, "choose sarissia", "Sorceress Sarissia: Starts each point with 2 extra cards."},
		{alakaslam.Game, "keep", ""},
		{centercourt.Game, "return 5-5", ""},
		{pencil.Game, "bid 3", ""},
	}
	for _, tc := range tests {
		t.Run(tc.game.Name+" "+tc.text, func(t *testing.T) {
			if got := DescribeMove(tc.game, tc.text); got != tc.want {
				t.Errorf("DescribeMove(%q) = %q, want %q", tc.text, got, tc.want)
			}
		})
	}
	if got := len(Glossary(alakaslam.Game)); got != len(alakaslam.CharacterKeys()) {
		t.Errorf("AlakaSLAM glossary has %d entries, want one per character", got)
	}
	if Legend(lmn.Game) == "" || Legend(centercourt.Game) == "" || Legend(pencil.Game) != "" {
		t.Error("legends: LMN and Center Court explain their notation, the bidding game has none")
	}
}

func TestShownOptions(t *testing.T) {
	opts := engine.Options{"character1": "choose", "character2": "austin", "character3": "choose", "character4": "choose", "format": "singles", "points": "3"}
	got := ShownOptions(opts, 2).String()
	if want := "character1=choose character2=austin format=singles points=3"; got != want {
		t.Errorf("singles: %q, want %q", got, want)
	}
	if got := ShownOptions(opts, 0); len(got) != len(opts) {
		t.Errorf("seats unknown keeps %v, want every option", got)
	}
	if got := ShownOptions(opts, 4); len(got) != len(opts) {
		t.Errorf("doubles keeps %v, want every option", got)
	}
}
