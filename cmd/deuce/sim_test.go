package main

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"deuce/games"
	"deuce/sim"
)

// deuce sim --help names every setting a bot spec may carry.
func TestSimHelpNamesEverySetting(t *testing.T) {
	for _, name := range games.SpecSettings() {
		if !regexp.MustCompile(`(?m)^  ` + name + `=`).MatchString(simUsage) {
			t.Errorf("deuce sim --help does not list the setting %s", name)
		}
	}
}

func TestSimUsageErrors(t *testing.T) {
	base := []string{"sim", "pencil", "--bots", "random,heuristic", "--matches", "10"}
	tests := []struct {
		name string
		args []string
		want []string
	}{
		{"shard past the end", []string{"--shard", "5/4"}, []string{"--shard 5/4", "0 to N-1"}},
		{"shard not a fraction", []string{"--shard", "x"}, []string{"--shard \"x\"", "I/N"}},
		{"shard of nothing", []string{"--shard", "0/0"}, []string{"N, the number of slices, is at least 1"}},
		{"more shards than matches", []string{"--shard", "0/11"}, []string{"only 10 matches"}},
		{"resume without a file", []string{"--resume"}, []string{"--resume needs --results"}},
		{"two formats", []string{"--json", "--csv"}, []string{"choose one"}},
		{"bad pairing", []string{"--pairs", "random-genius"}, []string{"random-genius", "A-B"}},
		{"pairing with itself", []string{"--pairs", "1-1"}, []string{"itself"}},
		{"variant twice", []string{"--variant", "standard,standard"}, []string{"twice"}},
		{"unknown variant", []string{"--variant", "standard,doubles"}, []string{"doubles", "knockout"}},
		{"vary one value", []string{"--vary", "fields=2"}, []string{"--vary", "two values"}},
		{"vary a bad value", []string{"--vary", "fields=2|9"}, []string{"9", "fields"}},
		{"vary what a variant sets", []string{"--variant", "knockout", "--vary", "scoring=winloss|knockout"}, []string{"variant knockout sets scoring=knockout itself"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, _, err := deuce(t, "", append(slices.Clone(base), tt.args...)...)
			if err == nil {
				t.Fatal("no error")
			}
			if code := exitCode(err); code != 2 {
				t.Errorf("exit code %d, want 2 (%v)", code, err)
			}
			for _, w := range tt.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q does not mention %q", err, w)
				}
			}
		})
	}
}

// TestSimRoundRobin plays three bots in two variants and reads the report in every format.
func TestSimRoundRobin(t *testing.T) {
	args := []string{"sim", "pencil", "--bots", "random,heuristic,equilibrium", "--variant", "standard,knockout", "--option", "points=8", "--matches", "20"}
	out, _, err := deuce(t, "", append(args, "--json")...)
	if err != nil {
		t.Fatal(err)
	}
	var rep sim.Report
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatal(err)
	}
	if rep.Matches != 120 || len(rep.Players) != 3 || len(rep.Pairings) != 3 || len(rep.Breakdowns) != 2 {
		t.Errorf("report of %d matches, %d players, %d pairings, %d breakdowns; want 120, 3, 3, 2",
			rep.Matches, len(rep.Players), len(rep.Pairings), len(rep.Breakdowns))
	}
	for _, p := range rep.Players {
		if p.Matches != 80 {
			t.Errorf("%s played %d matches, want 80", p.Name, p.Matches)
		}
	}

	out, _, err = deuce(t, "", append(args, "--csv")...)
	if err != nil {
		t.Fatal(err)
	}
	rows, err := csv.NewReader(strings.NewReader(out)).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(rows[0], sim.CSVColumns) || len(rows) != 1+3+3+1+2 {
		t.Errorf("CSV header %v and %d rows, want %v and 10", rows[0], len(rows), sim.CSVColumns)
	}

	out, _, err = deuce(t, "", append(args, "--pairs", "random-heuristic,3-1")...)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"random vs heuristic", "equilibrium vs random", "by variant:", "rating"} {
		if !strings.Contains(out, want) {
			t.Errorf("text report lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "heuristic vs equilibrium") {
		t.Errorf("--pairs left out heuristic-equilibrium, but the report has it:\n%s", out)
	}

	// A bot no pairing names is left out of the report, and the others keep their pairings.
	out, _, err = deuce(t, "", append(args, "--pairs", "equilibrium-random", "--json")...)
	if err != nil {
		t.Fatal(err)
	}
	rep = sim.Report{}
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, p := range rep.Players {
		names = append(names, p.Name)
	}
	if want := []string{"random", "equilibrium"}; !slices.Equal(names, want) {
		t.Errorf("players %v, want %v", names, want)
	}
	if len(rep.Pairings) != 1 || rep.Pairings[0].Players != [2]string{"equilibrium", "random"} {
		t.Errorf("pairings %+v, want equilibrium vs random", rep.Pairings)
	}
}

// TestSimVary crosses two variants with two values of an option: the report breaks the
// matches down by variant and by each option.
func TestSimVary(t *testing.T) {
	out, _, err := deuce(t, "", "sim", "pencil", "--bots", "random,heuristic", "--variant", "standard,knockout", "--vary", "fields=1|3", "--matches", "10", "--json")
	if err != nil {
		t.Fatal(err)
	}
	var rep sim.Report
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, b := range rep.Breakdowns {
		got = append(got, b.Key+"="+b.Value)
		if b.Key == "option fields" && b.Balance.Matches != 20 {
			t.Errorf("%s=%s has %d matches, want 20", b.Key, b.Value, b.Balance.Matches)
		}
	}
	want := []string{"variant=standard fields=1", "variant=standard fields=3", "variant=knockout fields=1", "variant=knockout fields=3",
		"option fields=1", "option fields=3", "option scoring=winloss", "option scoring=knockout"}
	if !slices.Equal(got, want) {
		t.Errorf("breakdowns %q, want %q", got, want)
	}
}

// TestSimShardsMerge splits a run into four shards and merges their files: the JSON is the
// same as one run's, byte for byte. Shards of another run are refused.
func TestSimShardsMerge(t *testing.T) {
	dir := t.TempDir()
	args := []string{"sim", "centercourt", "--variant", "tiebreak", "--bots", "random,heuristic,random", "--matches", "6", "--seed", "5"}
	want, _, err := deuce(t, "", append(args, "--json")...)
	if err != nil {
		t.Fatal(err)
	}
	var files []string
	for _, shard := range []string{"0/4", "1/4", "2/4", "3/4"} {
		file := filepath.Join(dir, "shard"+shard[:1]+".json")
		if _, _, err := deuce(t, "", append(args, "--shard", shard, "--out", file)...); err != nil {
			t.Fatal(err)
		}
		files = append(files, file)
	}
	got, _, err := deuce(t, "", append([]string{"sim", "merge", "--json"}, files...)...)
	if err != nil {
		t.Fatal(err)
	}
	if got != want {
		t.Errorf("merged shards:\n%s\none run:\n%s", got, want)
	}

	other := filepath.Join(dir, "other.json")
	if _, _, err := deuce(t, "", "sim", "centercourt", "--variant", "tiebreak", "--bots", "random,heuristic,random", "--matches", "6", "--seed", "6", "--shard", "3/4", "--out", other); err != nil {
		t.Fatal(err)
	}
	_, _, err = deuce(t, "", append([]string{"sim", "merge"}, append(files[:3], other)...)...)
	if err == nil || exitCode(err) != 2 || !strings.Contains(err.Error(), "seed") {
		t.Errorf("merge of another run's shard: %v, want a usage error naming the seed", err)
	}
	_, _, err = deuce(t, "", append([]string{"sim", "merge"}, files[:3]...)...)
	if err == nil || !strings.Contains(err.Error(), "missing shards: 3/4") {
		t.Errorf("merge without a shard: %v", err)
	}
}

// TestSimResume cuts a results file in the middle of a line, as a run killed mid-write leaves
// it, and resumes: the report is the uninterrupted run's.
func TestSimResume(t *testing.T) {
	dir := t.TempDir()
	args := []string{"sim", "centercourt", "--variant", "tiebreak", "--bots", "heuristic,random", "--matches", "30", "--json"}
	full := filepath.Join(dir, "full.jsonl")
	want, _, err := deuce(t, "", append(args, "--results", full)...)
	if err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(full)
	if err != nil {
		t.Fatal(err)
	}
	if n := bytes.Count(data, []byte("\n")); n != 31 {
		t.Fatalf("results file has %d lines, want the spec and 30 matches", n)
	}
	cut := filepath.Join(dir, "cut.jsonl")
	os.WriteFile(cut, data[:len(data)*2/5], 0o644)
	got, stderr, err := deuce(t, "", append(args, "--results", cut, "--resume")...)
	if err != nil {
		t.Fatal(err)
	}
	if got != want {
		t.Errorf("resumed run:\n%s\nuninterrupted:\n%s", got, want)
	}
	if !strings.Contains(stderr, "resuming") {
		t.Errorf("stderr %q does not say the run resumed", stderr)
	}
	if resumed, _ := os.ReadFile(cut); !bytes.Equal(resumed, data) {
		t.Error("the resumed results file differs from the uninterrupted one")
	}

	_, _, err = deuce(t, "", "sim", "centercourt", "--variant", "tiebreak", "--bots", "heuristic,random", "--matches", "30", "--seed", "2", "--results", cut, "--resume")
	if !errors.Is(err, sim.ErrMismatch) || !strings.Contains(err.Error(), "seed 2 here, 1 there") {
		t.Errorf("resume with another seed: %v, want ErrMismatch naming the seeds", err)
	}
	_, _, err = deuce(t, "", append(args, "--results", cut)...)
	if err == nil || !strings.Contains(err.Error(), "already holds results") {
		t.Errorf("a new run over a results file: %v", err)
	}
}

func TestSimPlots(t *testing.T) {
	dir := t.TempDir()
	_, stderr, err := deuce(t, "", "sim", "centercourt", "--variant", "tiebreak,set", "--bots", "random,heuristic", "--matches", "4", "--plots", dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"win-rates", "ratings", "match-length", "rally-length", "variant-seat-one", "variant-hold-rate"} {
		for _, ext := range []string{".svg", ".png"} {
			if st, err := os.Stat(filepath.Join(dir, name+ext)); err != nil || st.Size() == 0 {
				t.Errorf("%s%s: %v", name, ext, err)
			}
		}
	}
	if !strings.Contains(stderr, "charts in") || strings.Contains(stderr, "earlier run") {
		t.Errorf("stderr %q", stderr)
	}
	// A run of one variant draws no variant charts: those of the first run are said to be left.
	_, stderr, err = deuce(t, "", "sim", "centercourt", "--variant", "tiebreak", "--bots", "random,heuristic", "--matches", "2", "--plots", dir)
	if err != nil || !strings.Contains(stderr, "charts this run did not draw (such as variant-") {
		t.Errorf("a second run into the same plots: %v %q", err, stderr)
	}
}

func TestSimAllGames(t *testing.T) {
	if testing.Short() {
		t.Skip("plays every game")
	}
	dir := t.TempDir()
	out, _, err := deuce(t, "", "sim", "--all-games", "--bots", "random,random", "--matches", "2", "--plots", dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range []string{"centercourt", "pencil"} {
		for _, f := range []string{"report.txt", "report.json", "report.csv", "win-rates.png", "match-length.svg"} {
			if _, err := os.Stat(filepath.Join(dir, g, f)); err != nil {
				t.Errorf("%s/%s: %v", g, f, err)
			}
		}
		if !strings.Contains(out, g+": ") {
			t.Errorf("output does not list %s:\n%s", g, out)
		}
	}
}

// TestSimBotSpecs plays bots with settings by name, and refuses a bad setting as a usage
// error that says what is accepted.
func TestSimBotSpecs(t *testing.T) {
	out, _, err := deuce(t, "", "sim", "centercourt", "--variant", "tiebreak", "--bots", "hard:iterations=20,expert:iterations=40:trees=1:lead=1", "--matches", "2", "--json")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`"hard:iterations=20"`, `"expert:iterations=40:trees=1:lead=1"`} {
		if !strings.Contains(out, want) {
			t.Errorf("report lacks the player %s:\n%.600s", want, out)
		}
	}
	_, _, err = deuce(t, "", "sim", "centercourt", "--bots", "hard,expert:trees=99", "--matches", "2")
	if err == nil || exitCode(err) != 2 || !strings.Contains(err.Error(), "trees=99 is out of range: 1 to 64") {
		t.Errorf("a tree count out of range: %v", err)
	}
}

// TestSimSolo plays Worldwide's solo game with one bot against the automaton, and refuses what
// such a run cannot do as usage errors.
func TestSimSolo(t *testing.T) {
	out, _, err := deuce(t, "", "sim", "worldwide", "--option", "solo=yes", "--bots", "random", "--matches", "6", "--quiet")
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range []string{"every bot plays the automaton", "random vs automaton", "automaton  automaton"} {
		if !strings.Contains(out, w) {
			t.Errorf("report does not say %q:\n%s", w, out)
		}
	}
	// "all" leaves the one-seat variant out of a run of two-seat ones; named, it plays alone.
	out, _, err = deuce(t, "", "sim", "worldwide", "--variant", "all", "--bots", "random,heuristic", "--matches", "1", "--quiet")
	if err != nil {
		t.Fatal(err)
	}
	if first, _, _ := strings.Cut(out, "\n"); !strings.Contains(first, "variants tiebreak") || strings.Contains(first, "solo") {
		t.Errorf("--variant all plays %q, want the two-seat variants only", first)
	}
	out, _, err = deuce(t, "", "sim", "worldwide", "--variant", "solo", "--bots", "random", "--matches", "1", "--quiet")
	if err != nil || !strings.Contains(out, "random vs automaton") {
		t.Errorf("--variant solo: %v\n%s", err, out)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--bots", "random"}, "two bot levels"},
		{[]string{"--bots", "random,heuristic", "--variant", "solo,tiebreak"}, "cannot mix"},
		{[]string{"--bots", "random,heuristic", "--option", "solo=yes", "--pairs", "1-2"}, "pairings do not apply"},
		{[]string{"--bots", "random,heuristic", "--vary", "solo=yes|no"}, "cannot mix"},
	} {
		_, _, err := deuce(t, "", append([]string{"sim", "worldwide", "--matches", "2"}, c.args...)...)
		if code := exitCode(err); code != 2 || !strings.Contains(fmt.Sprint(err), c.want) {
			t.Errorf("%v: %v (exit %d), want a usage error saying %q", c.args, err, code, c.want)
		}
	}
}

// TestSimMergePartial reports the matches a results file of an unfinished run holds, with
// --partial only, saying so.
func TestSimMergePartial(t *testing.T) {
	path := filepath.Join(t.TempDir(), "run.jsonl")
	if _, _, err := deuce(t, "", "sim", "pencil", "--bots", "random,heuristic", "--matches", "10", "--results", path, "--quiet"); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.SplitAfter(string(b), "\n")
	if err := os.WriteFile(path, []byte(strings.Join(lines[:5], "")), 0o644); err != nil { // the spec and 4 matches
		t.Fatal(err)
	}
	if _, _, err := deuce(t, "", "sim", "merge", path); err == nil || !strings.Contains(err.Error(), "4 of its 10 matches") {
		t.Errorf("merge of an unfinished run: %v", err)
	}
	out, _, err := deuce(t, "", "sim", "merge", "--partial", path)
	if err != nil || !strings.Contains(out, "part of a run: 4 of its 10 matches") {
		t.Errorf("merge --partial: %v\n%s", err, out)
	}
	if _, _, err := deuce(t, "", "sim", "merge", "--partial", "--out", filepath.Join(t.TempDir(), "x.json"), path); exitCode(err) != 2 {
		t.Errorf("merge --partial --out: %v, want a usage error", err)
	}
}

// TestSimResumeTakesMatchesAhead resumes a run whose stop kept matches finished ahead of the
// results file (the .ahead file beside it): they are folded in their turn, not played again,
// and the file goes once the run is whole. A kept line that is not the run's match is refused;
// a new run in the place of an old one removes the old one's.
func TestSimResumeTakesMatchesAhead(t *testing.T) {
	dir := t.TempDir()
	args := []string{"sim", "centercourt", "--variant", "tiebreak", "--bots", "heuristic,random", "--matches", "30", "--json"}
	full := filepath.Join(dir, "full.jsonl")
	os.WriteFile(full+".ahead", []byte("left by a run whose results file is gone\n"), 0o644)
	want, _, err := deuce(t, "", append(args, "--results", full)...)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(full + ".ahead"); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("a new run left an old run's ahead file in place: %v", err)
	}
	data, _ := os.ReadFile(full)
	lines := strings.SplitAfter(string(data), "\n") // the spec, then match i on line i+1
	if len(lines) != 32 || lines[31] != "" {
		t.Fatalf("results file has %d lines, want the spec and 30 matches", len(lines)-1)
	}
	prefix := strings.Join(lines[:11], "") // matches 0 to 9
	// Matches 5 (in the results file already: a run stopped again after it folded it), 15, 16.
	kept := lines[0] + lines[6] + lines[16] + lines[17]

	// As kept: the report and the results file are the uninterrupted run's.
	cut, ahead := filepath.Join(dir, "cut.jsonl"), filepath.Join(dir, "cut.jsonl.ahead")
	os.WriteFile(cut, []byte(prefix), 0o644)
	os.WriteFile(ahead, []byte(kept), 0o644)
	got, stderr, err := deuce(t, "", append(args, "--results", cut, "--resume")...)
	if err != nil {
		t.Fatal(err)
	}
	if got != want {
		t.Errorf("resumed run:\n%s\nuninterrupted:\n%s", got, want)
	}
	if !strings.Contains(stderr, "10 of 30 matches are already in") || !strings.Contains(stderr, "2 more in "+ahead) {
		t.Errorf("stderr %q does not say what the run resumed from", stderr)
	}
	if resumed, _ := os.ReadFile(cut); !bytes.Equal(resumed, data) {
		t.Error("the resumed results file differs from the uninterrupted one")
	}
	if _, err := os.Stat(ahead); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the ahead file is still there once the run is whole: %v", err)
	}

	// Not played again: a kept line says match 16 took 9999 actions, and so does the file.
	os.WriteFile(cut, []byte(prefix), 0o644)
	changed := regexp.MustCompile(`"actions":\d+`).ReplaceAllString(lines[17], `"actions":9999`)
	os.WriteFile(ahead, []byte(lines[0]+changed), 0o644)
	if _, _, err := deuce(t, "", append(args, "--results", cut, "--resume")...); err != nil {
		t.Fatal(err)
	}
	if resumed, _ := os.ReadFile(cut); !strings.Contains(string(resumed), `"i":16,`) || !strings.Contains(string(resumed), `"actions":9999`) {
		t.Errorf("match 16 was played again rather than taken from the ahead file:\n%s", resumed)
	}

	// A kept line with its sides swapped is not this run's match 15.
	os.WriteFile(cut, []byte(prefix), 0o644)
	swapped := strings.Replace(lines[16], `"sides":[1,0]`, `"sides":[0,1]`, 1)
	if swapped == lines[16] {
		swapped = strings.Replace(lines[16], `"sides":[0,1]`, `"sides":[1,0]`, 1)
	}
	os.WriteFile(ahead, []byte(lines[0]+swapped), 0o644)
	_, _, err = deuce(t, "", append(args, "--results", cut, "--resume")...)
	if !errors.Is(err, sim.ErrMismatch) || !strings.Contains(err.Error(), ahead+": line 2") || !strings.Contains(err.Error(), "remove it") {
		t.Errorf("an ahead file with a match of another seating: %v, want ErrMismatch naming the file and line", err)
	}
	if after, _ := os.ReadFile(cut); string(after) != prefix {
		t.Error("a refused resume changed the results file")
	}
}

// TestSimInterruptedAndResumed interrupts a real deuce sim process, as Ctrl-C does, once it
// has written some matches, then resumes the run: the results file must come out as the
// uninterrupted run's, byte for byte, whatever the interrupted run kept ahead of the file.
func TestSimInterruptedAndResumed(t *testing.T) {
	if testing.Short() {
		t.Skip("runs deuce sim as its own process")
	}
	dir := t.TempDir()
	args := []string{"sim", "centercourt", "--variant", "tiebreak", "--bots", "hard:iterations=30,random", "--matches", "150", "--workers", "2", "--quiet"}
	full := filepath.Join(dir, "full.jsonl")
	if _, _, err := deuce(t, "", append(args, "--results", full)...); err != nil {
		t.Fatal(err)
	}
	want, _ := os.ReadFile(full)

	cut := filepath.Join(dir, "cut.jsonl")
	cmd := process(t, nil, append(args, "--results", cut)...)
	var stderr strings.Builder
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	// Results reach the file at least every second (sim.FlushEvery).
	for deadline := time.Now().Add(time.Minute); ; time.Sleep(20 * time.Millisecond) {
		if b, _ := os.ReadFile(cut); bytes.Count(b, []byte("\n")) > 3 || time.Now().After(deadline) {
			break
		}
	}
	if err := cmd.Process.Signal(os.Interrupt); err != nil {
		t.Fatal(err)
	}
	if err := cmd.Wait(); err == nil {
		t.Log("the run ended before the interrupt reached it")
	} else if !strings.Contains(stderr.String(), "stopped after") {
		t.Fatalf("interrupted run: %v; stderr:\n%s", err, stderr.String())
	}
	b, _ := os.ReadFile(cut + ".ahead")
	t.Logf("interrupted: %s; ahead file: %d lines", strings.TrimSpace(stderr.String()), bytes.Count(b, []byte("\n")))
	if _, _, err := deuce(t, "", append(args, "--results", cut, "--resume")...); err != nil {
		t.Fatal(err)
	}
	if got, _ := os.ReadFile(cut); !bytes.Equal(got, want) {
		t.Errorf("interrupted and resumed, the results file differs from the uninterrupted run's")
	}
	if _, err := os.Stat(cut + ".ahead"); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the ahead file is still there once the run is whole: %v", err)
	}
}

// An option that no variant of the run lets matter is played (a run of several variants may
// need it in some), and said to change nothing where it does not.
func TestSimMootOption(t *testing.T) {
	_, stderr, err := deuce(t, "", "sim", "worldwide", "--variant", "tiebreak,match", "--option", "sets=5", "--bots", "random,random", "--matches", "2")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(stderr, "note: --option sets=5 makes no difference here: it matters only with mode=match, in variant tiebreak") ||
		strings.Contains(stderr, "in variant match") {
		t.Errorf("stderr %q", stderr)
	}
}

// --bots all plays every level once: easy, which is the heuristic under another name where the
// game has one, is left out. One match a pairing is said to measure little.
func TestSimAllBots(t *testing.T) {
	out, _, err := deuce(t, "", "sim", "pencil", "--option", "points=12", "--bots", "all", "--matches", "1", "--quiet")
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(out, " easy ") || !strings.Contains(out, " heuristic ") || !strings.Contains(out, " expert ") {
		t.Errorf("--bots all:\n%s", out)
	}
	if !strings.Contains(out, "with 1 match a pairing") {
		t.Errorf("no word on one match a pairing:\n%s", out)
	}
}

// A breakdown by an option the game also tags its matches by is given once, as the tags'.
func TestSimBreakdownOnce(t *testing.T) {
	out, _, err := deuce(t, "", "sim", "worldwide", "--variant", "all", "--bots", "random,heuristic", "--matches", "2", "--quiet")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out, "\nby surface:") || strings.Contains(out, "by option surface") || !strings.Contains(out, "by option mode") {
		t.Errorf("breakdowns:\n%s", out)
	}
}

// A shard's own report says it is one shard, and which matches of the run it played.
func TestSimShardReportSaysSo(t *testing.T) {
	out, _, err := deuce(t, "", "sim", "pencil", "--bots", "random,heuristic", "--matches", "10", "--shard", "1/4", "--quiet")
	if err != nil || !strings.Contains(out, "shard 1/4 of a run: its matches 2 to 4 of 10") {
		t.Errorf("shard report: %v\n%s", err, out)
	}
}
