package games

import (
	"testing"

	"deuce/engine"
	"deuce/games/alakaslam"
	"deuce/games/centercourt"
	"deuce/games/lmn"
	"deuce/games/pencil"
	"deuce/games/worldwide"
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

// A header names the variant a table's options make and only what differs from it.
func TestBriefOptions(t *testing.T) {
	resolve := func(g engine.Game, variant string, extra engine.Options) engine.Options {
		t.Helper()
		opts, err := g.Variant(variant)
		if err != nil {
			t.Fatal(err)
		}
		for k, v := range extra {
			opts[k] = v
		}
		if opts, err = g.Resolve(opts); err != nil {
			t.Fatal(err)
		}
		return opts
	}
	for _, tt := range []struct {
		g       engine.Game
		variant string
		extra   engine.Options
		seats   int
		want    string
	}{
		{centercourt.Game, "", nil, 2, "set"},
		{centercourt.Game, "tiebreak", nil, 2, "tiebreak"},
		{centercourt.Game, "best-of-3", engine.Options{"server-refill": "no"}, 2, "best-of-3, server-refill=no"},
		{worldwide.Game, "clay", nil, 2, "clay"},
		{worldwide.Game, "", engine.Options{"surface": "grass"}, 2, "tiebreak, surface=grass"},
		// sets is moot in a tiebreak (When), and said in a full match.
		{worldwide.Game, "", engine.Options{"sets": "5"}, 2, "tiebreak"},
		{worldwide.Game, "match", engine.Options{"sets": "5"}, 2, "match, sets=5"},
		{lmn.Game, "doubles", nil, 4, "doubles"},
		{lmn.Game, "", nil, 2, "singles"},
	} {
		opts := resolve(tt.g, tt.variant, tt.extra)
		if got := BriefOptions(tt.g, opts, tt.seats); got != tt.want {
			t.Errorf("%s %s %v: %q, want %q (options %v)", tt.g.Name, tt.variant, tt.extra, got, tt.want, opts)
		}
	}
}
