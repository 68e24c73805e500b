package sim_test

import (
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"errors"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"strings"
	"testing"

	"deuce/bot"
	"deuce/engine"
	"deuce/games/centercourt"
	"deuce/games/pencil"
	"deuce/sim"
)

// tournament is a small round robin of Center Court tiebreaks in two variants, three players.
func tournament() sim.Config {
	h := bot.Heuristic{Policy: centercourt.Heuristic}
	return sim.Config{
		Game: centercourt.Game,
		Variants: []sim.Variant{
			{Name: "tiebreak", Options: engine.Options{"format": "tiebreak"}},
			{Name: "no refill", Options: engine.Options{"format": "tiebreak", "server-refill": "no"}},
		},
		Players: []sim.Player{{Name: "r1", Bot: bot.Random{}}, {Name: "h", Bot: h}, {Name: "r2", Bot: bot.Random{}}},
		Matches: 10,
		Seed:    7,
	}
}

func reportJSON(t *testing.T, r *sim.Report) []byte {
	t.Helper()
	b, err := json.MarshalIndent(r, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestSameReportWhateverTheSplit plays one run with one worker, with every core, and as four
// shards whose tallies travel through files and merge: the JSON must be the same byte for byte.
func TestSameReportWhateverTheSplit(t *testing.T) {
	ctx := context.Background()
	cfg := tournament()
	cfg.Workers = 1
	one, err := sim.Run(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	want := reportJSON(t, one)
	if one.Matches != 60 || len(one.Pairings) != 3 || len(one.Breakdowns) != 2 {
		t.Fatalf("report of %d matches, %d pairings, %d breakdowns; want 60, 3, 2", one.Matches, len(one.Pairings), len(one.Breakdowns))
	}

	cfg.Workers = max(runtime.GOMAXPROCS(0), 3)
	all, err := sim.Run(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	if got := reportJSON(t, all); !bytes.Equal(got, want) {
		t.Errorf("%d workers:\n%s\none worker:\n%s", cfg.Workers, got, want)
	}

	var shards []*sim.Tally
	for i := 3; i >= 0; i-- { // in any order
		c := tournament()
		c.Shard = sim.Shard{Index: i, Count: 4}
		tally, err := sim.NewTally(c)
		if err != nil {
			t.Fatal(err)
		}
		if err := sim.Play(ctx, c, tally); err != nil {
			t.Fatal(err)
		}
		var buf bytes.Buffer
		if err := sim.WriteTally(&buf, tally); err != nil {
			t.Fatal(err)
		}
		back, err := sim.ReadTally(&buf)
		if err != nil {
			t.Fatal(err)
		}
		shards = append(shards, back)
	}
	merged, err := sim.Merge(shards...)
	if err != nil {
		t.Fatal(err)
	}
	if got := reportJSON(t, merged.Report()); !bytes.Equal(got, want) {
		t.Errorf("four shards merged:\n%s\none run:\n%s", got, want)
	}
}

// TestTwoPlayersKeepTheirSeating pins the seating and seeding of a two-player run, which
// results elsewhere rely on: match i puts player i%2 in seat 0, seeded by (seed, i).
func TestTwoPlayersKeepTheirSeating(t *testing.T) {
	cfg := sim.Config{Game: pencil.Game, Matches: 6, Seed: 1,
		Players: []sim.Player{{Name: "a", Bot: bot.Random{}}, {Name: "b", Bot: bot.Random{}}}}
	tally, err := sim.NewTally(cfg)
	if err != nil {
		t.Fatal(err)
	}
	for i := range 6 {
		_, _, sides := tally.Spec.Seating(i)
		if want := [2]int{i % 2, 1 - i%2}; sides != want {
			t.Errorf("match %d: sides %v, want %v", i, sides, want)
		}
	}
}

// TestResume interrupts a run that streams its results, tears the file's last line, resumes,
// and compares with a run that was never interrupted.
func TestResume(t *testing.T) {
	ctx := context.Background()
	cfg := tournament()
	want, err := sim.Run(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}

	path := filepath.Join(t.TempDir(), "results.jsonl")
	first, cancel := context.WithCancel(ctx)
	tally, err := sim.NewTally(cfg)
	if err != nil {
		t.Fatal(err)
	}
	res, err := sim.CreateResults(path, tally.Spec)
	if err != nil {
		t.Fatal(err)
	}
	c := cfg
	seen := 0
	c.OnResult = func(r sim.MatchResult) error {
		seen++
		if seen == 23 {
			cancel()
		}
		return res.Write(r)
	}
	if err := sim.Play(first, c, tally); !errors.Is(err, context.Canceled) {
		t.Fatalf("interrupted run: %v, want context.Canceled", err)
	}
	if err := res.Close(); err != nil {
		t.Fatal(err)
	}
	// A run killed while writing leaves half a line.
	f, _ := os.OpenFile(path, os.O_APPEND|os.O_WRONLY, 0)
	f.WriteString(`{"i":999,"variant":`)
	f.Close()

	again, err := sim.NewTally(cfg)
	if err != nil {
		t.Fatal(err)
	}
	res, err = sim.ResumeResults(path, again)
	if err != nil {
		t.Fatal(err)
	}
	if again.Next < 23 || again.Next >= 60 {
		t.Fatalf("resumed at match %d, want 23 or more of 60", again.Next)
	}
	c.OnResult = res.Write
	if err := sim.Play(ctx, c, again); err != nil {
		t.Fatal(err)
	}
	if err := res.Close(); err != nil {
		t.Fatal(err)
	}
	if got, want := reportJSON(t, again.Report()), reportJSON(t, want); !bytes.Equal(got, want) {
		t.Errorf("resumed run:\n%s\nuninterrupted:\n%s", got, want)
	}
	// The file now holds the whole run, and reads as its tally.
	f, _ = os.Open(path)
	defer f.Close()
	fromFile, err := sim.ReadTally(f)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := reportJSON(t, fromFile.Report()), reportJSON(t, want); !bytes.Equal(got, want) {
		t.Errorf("tally of the results file:\n%s\nwant:\n%s", got, want)
	}
}

func TestResumeRefusesAnotherRun(t *testing.T) {
	cfg := tournament()
	tally, _ := sim.NewTally(cfg)
	path := filepath.Join(t.TempDir(), "results.jsonl")
	res, err := sim.CreateResults(path, tally.Spec)
	if err != nil {
		t.Fatal(err)
	}
	res.Close()
	if _, err := sim.CreateResults(path, tally.Spec); err != nil {
		// An empty run's file holds only its spec: starting it again is refused too.
		if !strings.Contains(err.Error(), "resume") {
			t.Errorf("CreateResults over a results file: %v", err)
		}
	} else {
		t.Error("CreateResults overwrote a results file")
	}
	for name, change := range map[string]func(*sim.Config){
		"seed":    func(c *sim.Config) { c.Seed++ },
		"matches": func(c *sim.Config) { c.Matches++ },
		"players": func(c *sim.Config) { c.Players = c.Players[:2] },
		"options": func(c *sim.Config) { c.Variants = c.Variants[:1] },
		"shard":   func(c *sim.Config) { c.Shard = sim.Shard{Index: 1, Count: 2} },
	} {
		t.Run(name, func(t *testing.T) {
			c := tournament()
			change(&c)
			other, err := sim.NewTally(c)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := sim.ResumeResults(path, other); !errors.Is(err, sim.ErrMismatch) {
				t.Errorf("resume with another %s: %v, want ErrMismatch", name, err)
			}
		})
	}
}

func TestMergeRefuses(t *testing.T) {
	ctx := context.Background()
	shard := func(seed uint64, i, n int, play bool) *sim.Tally {
		c := sim.Config{Game: pencil.Game, Matches: 8, Seed: seed, Shard: sim.Shard{Index: i, Count: n},
			Players: []sim.Player{{Name: "a", Bot: bot.Random{}}, {Name: "b", Bot: bot.Random{}}}}
		tally, err := sim.NewTally(c)
		if err != nil {
			t.Fatal(err)
		}
		if play {
			if err := sim.Play(ctx, c, tally); err != nil {
				t.Fatal(err)
			}
		}
		return tally
	}
	tests := []struct {
		name     string
		shards   []*sim.Tally
		mismatch bool
	}{
		{"different seeds", []*sim.Tally{shard(1, 0, 2, true), shard(2, 1, 2, true)}, true},
		{"different splits", []*sim.Tally{shard(1, 0, 2, true), shard(1, 1, 4, true)}, true},
		{"missing shard", []*sim.Tally{shard(1, 0, 2, true)}, false},
		{"shard twice", []*sim.Tally{shard(1, 0, 2, true), shard(1, 0, 2, true)}, false},
		{"unfinished shard", []*sim.Tally{shard(1, 0, 2, true), shard(1, 1, 2, false)}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := sim.Merge(tt.shards...)
			if err == nil {
				t.Fatal("merged")
			}
			if errors.Is(err, sim.ErrMismatch) != tt.mismatch {
				t.Errorf("error %v: matches ErrMismatch = %v, want %v", err, !tt.mismatch, tt.mismatch)
			}
		})
	}
}

func TestConfigErrors(t *testing.T) {
	players := []sim.Player{{Name: "a", Bot: bot.Random{}}, {Name: "b", Bot: bot.Random{}}}
	tests := map[string]sim.Config{
		"one player":     {Game: pencil.Game, Matches: 1, Players: players[:1]},
		"no matches":     {Game: pencil.Game, Players: players},
		"same names":     {Game: pencil.Game, Matches: 1, Players: []sim.Player{players[0], players[0]}},
		"self pairing":   {Game: pencil.Game, Matches: 1, Players: players, Pairs: [][2]int{{0, 0}}},
		"unknown player": {Game: pencil.Game, Matches: 1, Players: players, Pairs: [][2]int{{0, 2}}},
		"shard 5/4":      {Game: pencil.Game, Matches: 10, Players: players, Shard: sim.Shard{Index: 5, Count: 4}},
		"more shards":    {Game: pencil.Game, Matches: 2, Players: players, Shard: sim.Shard{Index: 0, Count: 3}},
		"bad option":     {Game: pencil.Game, Matches: 1, Players: players, Options: engine.Options{"fields": "9"}},
	}
	for name, cfg := range tests {
		t.Run(name, func(t *testing.T) {
			if _, err := sim.NewTally(cfg); err == nil {
				t.Error("accepted")
			}
		})
	}
}

// TestRatingsOfAKnownOrder plays a round robin of duel bots of strengths 1, 2, 4 and 8: in the
// Bradley-Terry model each doubling is worth 400·log10(2) ≈ 120 Elo.
func TestRatingsOfAKnownOrder(t *testing.T) {
	var players []sim.Player
	for _, k := range []int{2, 8, 1, 4} {
		players = append(players, sim.Player{Name: strength(k).Name(), Bot: strength(k)})
	}
	rep, err := sim.Run(context.Background(), sim.Config{Game: duel, Players: players, Matches: 3000, Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]float64{"s1": -180.6, "s2": -60.2, "s4": 60.2, "s8": 180.6}
	for _, p := range rep.Players {
		r := p.Rating
		if math.Abs(r.Elo-want[p.Name]) > 15 {
			t.Errorf("%s rated %+.1f, want about %+.1f", p.Name, r.Elo, want[p.Name])
		}
		if !(r.Lo < r.Elo && r.Elo < r.Hi) || r.Hi-r.Lo > 60 || r.Hi-r.Lo < 5 {
			t.Errorf("%s: interval %+.1f to %+.1f around %+.1f", p.Name, r.Lo, r.Hi, r.Elo)
		}
	}
	// The tags break the matches down: every surface, and each strength as a side's character.
	var chars []string
	for _, b := range rep.Breakdowns {
		if b.Key == "character" {
			chars = append(chars, b.Value)
			if !b.Side || b.Appearances != 3*3000 || b.Win == nil {
				t.Errorf("character %s: %+v", b.Value, b)
			}
		}
		if b.Key == "surface" && (b.Value != "grass" || b.Balance.Matches != 6*3000) {
			t.Errorf("surface breakdown %s of %d matches", b.Value, b.Balance.Matches)
		}
	}
	if !reflect.DeepEqual(chars, []string{"s1", "s2", "s4", "s8"}) {
		t.Errorf("characters %v", chars)
	}
	tb := rep.Balance.Tennis
	if tb == nil || tb.ServePoints == nil || tb.Rally == nil || tb.Rally.Mean != 1 || tb.Hold != nil {
		t.Errorf("tennis balance %+v", tb)
	}
}

func TestBradleyTerry(t *testing.T) {
	// Expected results of 10,000 matches per pair between players of known ratings.
	truth := []float64{-150, 0, 50, 100}
	n := len(truth)
	wins := make([][]float64, n)
	for i := range wins {
		wins[i] = make([]float64, n)
		for j := range n {
			if i != j {
				wins[i][j] = 10000 / (1 + math.Pow(10, (truth[j]-truth[i])/400))
			}
		}
	}
	got := sim.BradleyTerry(wins)
	for i := range n {
		if d := (got[i] - got[0]) - (truth[i] - truth[0]); math.Abs(d) > 0.5 {
			t.Errorf("player %d: %+.2f relative to player 0, want %+.2f", i, got[i]-got[0], truth[i]-truth[0])
		}
	}
	sum := 0.0
	for _, r := range got {
		sum += r
	}
	if math.Abs(sum) > 1e-9 {
		t.Errorf("ratings sum to %g, want 0", sum)
	}
	// A player who never wins still gets a finite rating, below the others.
	never := sim.BradleyTerry([][]float64{{0, 0}, {50, 0}})
	if math.IsInf(never[0], 0) || math.IsNaN(never[0]) || never[0] >= never[1] {
		t.Errorf("ratings %v for a player who lost every match", never)
	}
}

func TestWilson(t *testing.T) {
	const z2 = 1.959963984540054 * 1.959963984540054
	tests := []struct {
		k, n   int
		lo, hi float64
	}{
		{0, 10, 0, z2 / (10 + z2)}, // the closed forms at the ends
		{10, 10, 10 / (10 + z2), 1},
		{5, 10, 0.236593090512564, 0.7634069094874361},
		{81, 263, 0.2552885198782742, 0.36620957698280004},
		{0, 0, 0, 0},
	}
	for _, tt := range tests {
		got := sim.Wilson(tt.k, tt.n)
		if math.Abs(got.Lo-tt.lo) > 1e-12 || math.Abs(got.Hi-tt.hi) > 1e-12 {
			t.Errorf("Wilson(%d, %d) = %.6f - %.6f, want %.6f - %.6f", tt.k, tt.n, got.Lo, got.Hi, tt.lo, tt.hi)
		}
	}
}

func TestCSV(t *testing.T) {
	var players []sim.Player
	for _, k := range []int{1, 2, 4} {
		players = append(players, sim.Player{Name: strength(k).Name(), Bot: strength(k)})
	}
	cfg := sim.Config{Game: duel, Players: players, Matches: 20, Seed: 1,
		Variants: []sim.Variant{{Name: "grass"}, {Name: "clay", Options: engine.Options{"surface": "clay"}}}}
	rep, err := sim.Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := rep.WriteCSV(&buf); err != nil {
		t.Fatal(err)
	}
	rows, err := csv.NewReader(&buf).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(rows[0], sim.CSVColumns) {
		t.Fatalf("header %v, want %v", rows[0], sim.CSVColumns)
	}
	col := map[string]int{}
	for i, c := range rows[0] {
		col[c] = i
	}
	kinds := map[string]int{}
	for _, r := range rows[1:] {
		kinds[r[col["kind"]]+" "+r[col["key"]]]++
	}
	want := map[string]int{"player ": 3, "pairing ": 3, "all ": 1, "breakdown variant": 2, "breakdown surface": 2, "breakdown character": 3}
	if !reflect.DeepEqual(kinds, want) {
		t.Errorf("rows by kind %v, want %v", kinds, want)
	}
	for _, r := range rows[1:] {
		if r[col["key"]] == "character" && r[col["value"]] == "s4" {
			if r[col["matches"]] != "80" || r[col["win_rate"]] == "" || r[col["elo"]] != "" || len(r) != len(sim.CSVColumns) {
				t.Errorf("row of character s4: %v", r)
			}
		}
	}
}

// TestMemoryStaysFlat plays ten times more matches and checks that the memory held at the end
// of the run does not grow with them. The batch size, the one thing a run's length changes, does
// not change it either: batches folded whole keep no storage per match.
func TestMemoryStaysFlat(t *testing.T) {
	if testing.Short() {
		t.Skip("plays 220,000 matches")
	}
	heldAfter := func(matches int) uint64 {
		var held uint64
		cfg := sim.Config{Game: pencil.Game, Matches: matches, Seed: 1, Workers: 2,
			Players: []sim.Player{{Name: "a", Bot: bot.Random{}}, {Name: "b", Bot: bot.Random{}}},
			Progress: func(done, total int) {
				if done == total {
					var ms runtime.MemStats
					runtime.GC()
					runtime.ReadMemStats(&ms)
					held = ms.HeapAlloc
				}
			}}
		if _, err := sim.Run(context.Background(), cfg); err != nil {
			t.Fatal(err)
		}
		return held
	}
	heldAfter(200) // warm up
	small, large := heldAfter(20000), heldAfter(200000)
	if large > small+256<<10 {
		t.Errorf("heap held after 200,000 matches %d bytes, after 20,000 %d: it grows with the run", large, small)
	}
	t.Logf("heap held after 20,000 matches %d bytes, after 200,000 %d", small, large)
}
