package chart_test

import (
	"context"
	"image/png"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"deuce/bot"
	"deuce/engine"
	"deuce/games/centercourt"
	"deuce/sim"
	"deuce/sim/chart"
)

func TestWrite(t *testing.T) {
	rep, err := sim.Run(context.Background(), sim.Config{
		Game: centercourt.Game, Matches: 4, Seed: 1,
		Variants: []sim.Variant{
			{Name: "tiebreak", Options: engine.Options{"format": "tiebreak"}},
			{Name: "set", Options: engine.Options{"format": "set"}},
		},
		Players: []sim.Player{{Name: "random", Bot: bot.Random{}}, {Name: "heuristic", Bot: bot.Heuristic{Policy: centercourt.Heuristic}}},
	})
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	files, err := chart.Write(dir, rep)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, f := range files {
		names = append(names, filepath.Base(f))
	}
	for _, want := range []string{"win-rates", "ratings", "match-length", "rally-length", "variant-seat-one", "variant-hold-rate", "variant-serve-points"} {
		for _, ext := range []string{".svg", ".png"} {
			if !slices.Contains(names, want+ext) {
				t.Errorf("no %s%s among %v", want, ext, names)
			}
		}
	}
	f, err := os.Open(filepath.Join(dir, "win-rates.png"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	cfg, err := png.DecodeConfig(f)
	if err != nil {
		t.Fatal(err)
	}
	if cfg.Width != 1200 || cfg.Height < 400 {
		t.Errorf("win-rates.png is %dx%d, want 1200 wide", cfg.Width, cfg.Height)
	}
}
