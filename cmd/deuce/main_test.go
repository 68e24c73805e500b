package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"net"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"testing"

	"deuce/engine"
	"deuce/sim"
)

// deuce runs the command with args and stdin, and returns stdout, stderr and the error.
func deuce(t *testing.T, stdin string, args ...string) (string, string, error) {
	t.Helper()
	t.Setenv("DEUCE_DATA", t.TempDir())
	var out, errOut bytes.Buffer
	err := run(context.Background(), args, strings.NewReader(stdin), &out, &errOut)
	return out.String(), errOut.String(), err
}

func TestUsageErrors(t *testing.T) {
	tests := []struct {
		name string
		args []string
		want []string // words the error must hold, so a person knows what to type instead
	}{
		{"no command", nil, []string{"no command"}},
		{"unknown command", []string{"smash"}, []string{"unknown command", "play", "sim"}},
		{"mistyped command", []string{"simm"}, []string{`unknown command "simm": did you mean sim?`}},
		{"mistyped command with a letter swapped", []string{"sreve"}, []string{"did you mean serve?"}},
		{"mistyped version", []string{"verison"}, []string{"did you mean version?"}},
		{"unknown game", []string{"rules", "squash"}, []string{"squash", "centercourt", "pencil"}},
		{"no game", []string{"play"}, []string{"name a game", "centercourt"}},
		{"unknown option", []string{"sim", "pencil", "--bots", "random,random", "--option", "speed=9"}, []string{"speed", "points", "fields"}},
		{"bad option value", []string{"play", "centercourt", "--option", "format=marathon"}, []string{"marathon", "tiebreak"}},
		{"bad free-form value", []string{"sim", "pencil", "--bots", "random,random", "--option", "points=-3"}, []string{"points"}},
		{"unknown variant", []string{"play", "pencil", "--variant", "doubles"}, []string{"doubles", "standard"}},
		{"unknown bot", []string{"sim", "pencil", "--bots", "random,genius"}, []string{"genius", "heuristic", "equilibrium"}},
		{"one bot", []string{"sim", "centercourt", "--bots", "random"}, []string{"two bot levels"}},
		{"bad seat", []string{"play", "pencil", "--seat", "3"}, []string{"seats 1 to 2"}},
		{"bad vs", []string{"play", "pencil", "--vs", "genius"}, []string{"genius", "human"}},
		{"bad flag", []string{"sim", "pencil", "--matchez", "3"}, []string{"unknown flag --matchez", "deuce sim --help"}},
		{"matches not a number", []string{"sim", "pencil", "--matches", "abc"}, []string{`--matches takes a whole number, not "abc"`, "deuce sim --help"}},
		{"negative seed", []string{"sim", "pencil", "--seed", "-1"}, []string{`--seed takes a whole number from 0, not "-1"`}},
		{"bad matches", []string{"sim", "pencil", "--bots", "random,random", "--matches", "0"}, []string{"at least 1"}},
		{"replay nothing", []string{"replay"}, []string{"one record file"}},
		{"bench unknown", []string{"bench", "nothing"}, []string{"serve"}},
		{"bench bad level", []string{"bench", "search", "--level", "genius"}, []string{"hard"}},
		{"bench bad time", []string{"bench", "engine", "--time", "0s"}, []string{"--time"}},
		{"bench no tables", []string{"bench", "serve", "--tables", "0"}, []string{"at least 1"}},
		{"solve another game", []string{"solve", "centercourt"}, []string{"deuce solve pencil"}},
		{"solve bad state", []string{"solve", "pencil", "--points", "5", "--state", "1,2"}, []string{"P1,P2,BALL"}},
		{"solve outside", []string{"solve", "pencil", "--points", "5", "--state", "9,2,0"}, []string{"outside the game"}},
		{"serve bad level", []string{"serve", "--log-level", "loud"}, []string{"debug, info"}},
		{"serve bad proxy", []string{"serve", "--trusted-proxies", "10.0.0.0/99"}, []string{"10.0.0.0/99"}},
		{"serve bad lease", []string{"serve", "--lease-time", "1ms"}, []string{"--lease-time"}},
		{"equilibrium too large", []string{"play", "pencil", "--vs", "equilibrium", "--option", "points=500"}, []string{"at most 300 points", "500"}},
		{"sim equilibrium too large", []string{"sim", "pencil", "--bots", "random,equilibrium", "--option", "points=301"}, []string{"at most 300 points", "301"}},
		{"seat of a solo match", []string{"play", "worldwide", "--option", "solo=yes", "--seat", "2"}, []string{"one seat", "--seat 1"}},
		{"opponent of a solo match", []string{"play", "worldwide", "--variant", "solo", "--vs", "hard"}, []string{"one seat", "drop --vs"}},
		{"option against its variant", []string{"play", "centercourt", "--variant", "best-of-3", "--option", "format=tiebreak"}, []string{"best-of-3", "format=tiebreak", "drop one"}},
		{"option against the first variant", []string{"play", "centercourt", "--variant", "set", "--option", "format=tiebreak"}, []string{"--variant set", "format=tiebreak", "drop one"}},
		{"option against singles", []string{"play", "alakaslam", "--variant", "singles", "--option", "format=doubles"}, []string{"--variant singles", "format=doubles"}},
		{"serve bare port", []string{"serve", "--addr", "8124"}, []string{"127.0.0.1:8124", ":8124"}},
		{"serve bad addr", []string{"serve", "--addr", "localhost"}, []string{"host:port"}},
		{"serve analysis share past a core", []string{"serve", "--analysis-share", "5"}, []string{"--analysis-share 5", "at most 1"}},
		{"serve cert without key", []string{"serve", "--tls-cert", "cert.pem"}, []string{"--tls-cert and --tls-key go together"}},
		{"serve bad metrics addr", []string{"serve", "--metrics-addr", "9090"}, []string{"--metrics-addr", "127.0.0.1:9090"}},
		{"serve metrics at the pages' addr", []string{"serve", "--addr", ":8124", "--metrics-addr", ":8124"}, []string{"leave it out"}},
		{"bench nodes without postgres", []string{"bench", "serve", "--nodes", "3"}, []string{"--postgres"}},
		{"bench too many nodes", []string{"bench", "serve", "--nodes", "99"}, []string{"1 to 16"}},
		// A record that could not be written is refused before the match, not after it.
		{"record and no record", []string{"play", "pencil", "--record", "x.json", "--no-record"}, []string{"choose one"}},
		{"record in no directory", []string{"play", "pencil", "--record", "/nonexistent/dir/x.json"}, []string{"no directory /nonexistent/dir"}},
		{"record is a directory", []string{"play", "pencil", "--record", os.TempDir()}, []string{"is a directory", "match.json"}},
		{"join record in no directory", []string{"join", "--record", "/nonexistent/x.json", "http://127.0.0.1:1/t/abc#seat=1&token=t"}, []string{"no directory /nonexistent"}},
		{"solve out before solving", []string{"solve", "pencil", "--out", "sol.txt"}, []string{".json or .csv"}},
		{"solve points past the solver", []string{"solve", "pencil", "--points", "5000"}, []string{"1 to 300 points"}},
		{"option given twice", []string{"sim", "pencil", "--bots", "random,random", "--option", "points=30", "--option", "points=40"}, []string{"--option points is given twice, as 30 and as 40"}},
		{"option that changes nothing", []string{"play", "worldwide", "--option", "sets=5"}, []string{"sets=5 makes no difference here: it matters only with mode=match"}},
		{"sim all games as JSON", []string{"sim", "--all-games", "--plots", "p", "--json"}, []string{"drop --json"}},
		{"sim too many workers", []string{"sim", "pencil", "--bots", "random,random", "--workers", "100000"}, []string{"1 to 256"}},
		{"solve too many workers", []string{"solve", "pencil", "--workers", "100000"}, []string{"1 to 256"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, stderr, err := deuce(t, "", tt.args...)
			if err == nil {
				t.Fatal("no error")
			}
			// A mistake gets its error, not the whole help, which would scroll it away.
			if strings.Contains(stderr, "Usage:") || strings.Contains(stderr, "Flags:") {
				t.Errorf("a usage error printed the help:\n%.300s", stderr)
			}
			if code := exitCode(err); code != 2 {
				t.Errorf("exit code %d, want 2 for a usage error (%v)", code, err)
			}
			for _, w := range tt.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q does not mention %q", err, w)
				}
			}
		})
	}
}

func TestHelp(t *testing.T) {
	for _, c := range commands() {
		t.Run(c.name, func(t *testing.T) {
			// On stdout, to be paged as deuce --help is.
			out, stderr, err := deuce(t, "", c.name, "--help")
			if !errors.Is(err, flag.ErrHelp) {
				t.Fatalf("error %v, want flag.ErrHelp", err)
			}
			if !strings.Contains(out, "Usage: deuce "+c.name) || stderr != "" {
				t.Errorf("help %q lacks the usage line, or stderr has %q", out, stderr)
			}
		})
	}
	out, _, err := deuce(t, "", "--help")
	if err != nil || !strings.Contains(out, "Usage: deuce COMMAND") {
		t.Errorf("deuce --help: %v %q", err, out)
	}
}

// deuce version (or --version) names the build and its Go.
func TestVersion(t *testing.T) {
	for _, arg := range []string{"version", "--version"} {
		out, _, err := deuce(t, "", arg)
		if err != nil || !strings.HasPrefix(out, "deuce ") || !strings.Contains(out, runtime.Version()) {
			t.Errorf("deuce %s: %v %q", arg, err, out)
		}
	}
}

func TestListRulesBots(t *testing.T) {
	out, _, err := deuce(t, "", "list")
	if err != nil || !strings.Contains(out, "Center Court") || !strings.Contains(out, "pencil") {
		t.Errorf("list: %v\n%s", err, out)
	}
	out, _, err = deuce(t, "", "rules", "centercourt")
	if err != nil || !strings.Contains(out, "server-refill") || !strings.Contains(out, "Variants") {
		t.Errorf("rules: %v\n%s", err, out)
	}
	// An option another can make moot says when it matters.
	out, _, err = deuce(t, "", "rules", "worldwide")
	if err != nil || !regexp.MustCompile(`(?m)^  sets=.*\n      .*best of 5 sets \(only with mode=match\)$`).MatchString(out) {
		t.Errorf("rules worldwide: %v\n%s", err, out)
	}
	// An option and its words under it, wrapped: no line past 80 columns.
	options := out[strings.Index(out, "\nOptions"):]
	for _, l := range strings.Split(options, "\n") {
		if len([]rune(l)) > 80 {
			t.Errorf("rules worldwide: a line of %d columns: %q", len([]rune(l)), l)
		}
	}
	out, _, err = deuce(t, "", "bots", "pencil")
	if err != nil || !strings.Contains(out, "equilibrium") {
		t.Errorf("bots: %v\n%s", err, out)
	}
}

func TestPlayAgainstBotAndReplay(t *testing.T) {
	recPath := filepath.Join(t.TempDir(), "match.json")
	// A typo, an out-of-range number, help, then the first listed move until the end.
	input := "smash\n99\n?\n" + strings.Repeat("1\n", 400)
	out, _, err := deuce(t, input, "play", "pencil", "--vs", "random", "--option", "points=6", "--seed", "4", "--record", recPath)
	if err != nil {
		t.Fatalf("play: %v\n%s", err, out)
	}
	for _, want := range []string{"Your moves:", "There is no move 99", "(? for help)", "Type the number of a move", "Match record: " + recPath} {
		if !strings.Contains(out, want) {
			t.Errorf("play output lacks %q:\n%s", want, out)
		}
	}
	if !strings.Contains(out, "You win!") && !strings.Contains(out, "bot wins") && !strings.Contains(out, "A draw") {
		t.Errorf("play output names no result:\n%s", out)
	}
	replay, _, err := deuce(t, "", "replay", recPath)
	if err != nil {
		t.Fatalf("replay: %v", err)
	}
	rec := readRecordFile(t, recPath)
	if !strings.Contains(replay, rec.Result.Score) || strings.Count(replay, "bid ") != len(rec.Moves) {
		t.Errorf("replay does not show the %d moves and score %q:\n%s", len(rec.Moves), rec.Result.Score, replay)
	}
}

// At the line prompt the beginning of one move's text plays it, and the beginning of several
// names them and plays nothing.
func TestPlayTypedBeginning(t *testing.T) {
	out, _, err := deuce(t, "simon\nchoose s\nchoose WEN\nq\n", "play", "alakaslam", "--plain", "--seed", "1", "--no-record")
	if err != nil && !strings.Contains(out, "Match abandoned") {
		t.Fatalf("play: %v\n%s", err, out)
	}
	// Text that is no move is answered with moves of the list, not the game's examples.
	for _, want := range []string{`"simon" is not a move: type one as the list writes it (choose austin, choose laurie, choose rich, …) or its number.`,
		`"choose s" could be choose simon or choose sarissia: type more of it.`, "you choose Witch Wendolyn"} {
		if !strings.Contains(out, want) {
			t.Errorf("the output lacks %q:\n%s", want, out)
		}
	}
}

func TestPlayCenterCourtToTheEnd(t *testing.T) {
	input := strings.Repeat("1\n", 3000)
	out, _, err := deuce(t, input, "play", "centercourt", "--variant", "tiebreak", "--seed", "9", "--no-record")
	if err != nil {
		t.Fatalf("play: %v", err)
	}
	if !strings.Contains(out, "You win!") && !strings.Contains(out, "Easy bot wins.") {
		t.Errorf("no result at the end:\n%s", out[max(0, len(out)-2000):])
	}
	// What came before the first move is the deal, not what followed a move.
	if strings.Count(out, "So far:") != 1 || strings.Index(out, "So far:") > strings.Index(out, "Since your last move:") {
		t.Errorf("the first log is not headed \"So far:\", or not once:\n%.1500s", out)
	}
	// A move with no choice (a serve's roll, a point's acknowledgement) is played for the player.
	if !strings.Contains(out, "Your only move, played for you: ") {
		t.Errorf("no forced move played for the player:\n%s", out[max(0, len(out)-2000):])
	}
	// The boards, the log and the result name the players; the notation's legend is said once.
	if n := strings.Count(out, "player 1") + strings.Count(out, "player 2"); n != 1 {
		t.Errorf("%d mentions of seats by number, want only the introduction's:\n%s", n, out[max(0, len(out)-2000):])
	}
	if n := strings.Count(out, "VALUE×NUMBER"); n != 1 {
		t.Errorf("the legend is printed %d times, want once", n)
	}
	if strings.Contains(out, "Match record") {
		t.Error("--no-record wrote a record")
	}
}

func TestPlayHotseatPassesTheDevice(t *testing.T) {
	input := strings.Repeat("1\n", 100)
	out, _, err := deuce(t, input, "play", "pencil", "--vs", "human", "--option", "points=3", "--no-record")
	if err != nil {
		t.Fatalf("play: %v", err)
	}
	if !strings.Contains(out, "Pass the device to player 2") || !strings.Contains(out, "Pass the device to player 1") {
		t.Errorf("no pass-the-device screens:\n%s", out)
	}
}

// Quitting leaves with success; input that ends before the match does is a failure (exit 1), so
// that a script feeding too few moves notices. Both abandon the match and say so.
func TestPlayQuitAndEndOfInput(t *testing.T) {
	for _, input := range []string{"quit\n", ""} {
		out, _, err := deuce(t, input, "play", "pencil", "--no-record")
		switch {
		case input != "" && err != nil:
			t.Errorf("input %q: %v", input, err)
		case input == "" && (err == nil || exitCode(err) != 1 || !strings.Contains(err.Error(), "input ended")):
			t.Errorf("input ending first: %v, want exit 1 saying the input ended", err)
		}
		if !strings.Contains(out, "abandoned") {
			t.Errorf("input %q: %s", input, out)
		}
		// --no-record saves nothing, and nothing says otherwise.
		if strings.Contains(out, "record") || err != nil && strings.Contains(err.Error(), "record") {
			t.Errorf("input %q with --no-record speaks of a record: %s %v", input, out, err)
		}
	}
}

// Records saved in the same second by the same game and seed (two seats and a spectator of one
// server table on one machine) each get a file of their own: none overwrites another.
func TestSaveRecordNeverOverwrites(t *testing.T) {
	t.Setenv("DEUCE_DATA", t.TempDir())
	rec := engine.NewRecord(pencilGame(), engine.Options{"points": "5"}, []engine.SeatInfo{{Name: "Ann"}, {Name: "Bob"}})
	seen := map[string]bool{}
	for range 3 {
		path, err := saveRecord("", rec)
		if err != nil {
			t.Fatal(err)
		}
		if seen[path] {
			t.Fatalf("%s saved twice", path)
		}
		seen[path] = true
	}
	for path := range seen {
		if got := readRecordFile(t, path); got.Game != "pencil" {
			t.Errorf("%s holds a record of %q", path, got.Game)
		}
	}
	// Whatever the clock: the same name three times gives three files.
	base := filepath.Join(t.TempDir(), "same")
	var names []string
	for range 3 {
		f, path, err := createNew(base, ".json")
		if err != nil {
			t.Fatal(err)
		}
		f.Close()
		names = append(names, filepath.Base(path))
	}
	if strings.Join(names, " ") != "same.json same-2.json same-3.json" {
		t.Errorf("one name three times made %v", names)
	}
	// A record from a server names its game itself: that name never leads out of the
	// records' directory.
	hostile := *rec
	hostile.Game = "../../escaped"
	path, err := saveRecord("", &hostile)
	if err != nil {
		t.Fatal(err)
	}
	if dir := filepath.Join(os.Getenv("DEUCE_DATA"), "records"); filepath.Dir(path) != dir || strings.Contains(path, "escaped") {
		t.Errorf("a record of game %q was saved as %s, outside %s or named by it", hostile.Game, path, dir)
	}
}

// In the line interface a card game's hint is the hard bot's advice, against bots.
func TestPlayPlainHint(t *testing.T) {
	out, _, err := deuce(t, "hint\nquit\n", "play", "centercourt", "--variant", "tiebreak", "--plain", "--no-record")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out, "The hard bot would choose") {
		t.Errorf("no hint:\n%s", out)
	}
}

func TestSimIsIndependentOfWorkers(t *testing.T) {
	var reports [2]sim.Report
	for i, workers := range []string{"1", "2"} {
		out, _, err := deuce(t, "", "sim", "centercourt", "--variant", "tiebreak", "--bots", "heuristic,random", "--matches", "40", "--seed", "3", "--workers", workers, "--json")
		if err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal([]byte(out), &reports[i]); err != nil {
			t.Fatal(err)
		}
	}
	a, _ := json.Marshal(reports[0])
	b, _ := json.Marshal(reports[1])
	if !bytes.Equal(a, b) {
		t.Errorf("1 worker:\n%s\n2 workers:\n%s", a, b)
	}
	text, _, err := deuce(t, "", "sim", "pencil", "--bots", "heuristic,random", "--matches", "50")
	if err != nil || !strings.Contains(text, "95% interval") {
		t.Errorf("sim text: %v\n%s", err, text)
	}
}

func TestSimRecordsReplay(t *testing.T) {
	dir := t.TempDir()
	if _, _, err := deuce(t, "", "sim", "pencil", "--bots", "heuristic,random", "--matches", "3", "--record", dir); err != nil {
		t.Fatal(err)
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*.json"))
	if len(files) != 3 {
		t.Fatalf("%d records, want 3", len(files))
	}
	// Another run of the same game and seed would overwrite them in part: refused, the records
	// unchanged; another seed writes beside them.
	before, _ := os.ReadFile(files[0])
	_, _, err := deuce(t, "", "sim", "pencil", "--bots", "equilibrium,random", "--matches", "2", "--record", dir)
	if err == nil || !strings.Contains(err.Error(), "already holds 2 records of pencil with seed 1 that this run would overwrite") {
		t.Errorf("a second run into the same records: %v", err)
	}
	if after, _ := os.ReadFile(files[0]); !bytes.Equal(before, after) {
		t.Error("a refused run changed a record")
	}
	if _, _, err := deuce(t, "", "sim", "pencil", "--bots", "equilibrium,random", "--matches", "2", "--seed", "2", "--record", dir); err != nil {
		t.Errorf("another seed's records: %v", err)
	}
	// The shards of one run write other matches: each records beside the others.
	shards := t.TempDir()
	for _, shard := range []string{"0/2", "1/2"} {
		if _, _, err := deuce(t, "", "sim", "pencil", "--bots", "heuristic,random", "--matches", "4", "--shard", shard, "--out", filepath.Join(shards, strings.Replace(shard, "/", "-", 1)+".json"), "--record", shards); err != nil {
			t.Errorf("shard %s: %v", shard, err)
		}
	}
	if files, _ := filepath.Glob(filepath.Join(shards, "pencil-1-*.json")); len(files) != 4 {
		t.Errorf("two shards of 4 matches recorded %d matches, want 4", len(files))
	}
	if out, _, err := deuce(t, "", "replay", files[0]); err != nil || !strings.Contains(out, "wins") && !strings.Contains(out, "draw") {
		t.Errorf("replay: %v\n%s", err, out)
	}
	bad := filepath.Join(dir, "bad.json")
	os.WriteFile(bad, []byte(`{"version":1,"game":"pencil","options":{},"moves":[{"seat":0,"action":999,"text":"bid 999"}]}`), 0o644)
	if _, _, err := deuce(t, "", "replay", bad); !errors.Is(err, engine.ErrBadRecord) {
		t.Errorf("replay of a broken record: %v, want ErrBadRecord", err)
	}
}

func TestPlaySolo(t *testing.T) {
	out, _, err := deuce(t, strings.Repeat("1\n", 3000), "play", "worldwide", "--variant", "solo", "--seed", "2", "--no-record")
	if err != nil {
		t.Fatalf("play: %v", err)
	}
	if !strings.Contains(out, "You play alone") || strings.Contains(out, "against the heuristic bot") {
		t.Errorf("solo introduction wrong:\n%s", out[:min(len(out), 400)])
	}
	if !strings.Contains(out, "You win!") && !strings.Contains(out, "You lose.") {
		t.Errorf("solo end names no result:\n%s", out[max(0, len(out)-800):])
	}
}

// readRecordFile reads the match record saved at path.
func readRecordFile(t *testing.T, path string) *engine.Record {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rec, err := engine.ReadRecord(f)
	if err != nil {
		t.Fatalf("read the record %s: %v", path, err)
	}
	return rec
}

// `deuce solve` says the game it solved in words, a fair position's value without a minus sign,
// and which way a position's ball lies.
func TestSolveOutput(t *testing.T) {
	out, _, err := deuce(t, "", "solve", "pencil", "--points", "5,5")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"points 5-5, 2 fields, winloss scoring, the ball jumps the centre line", "Value of the opening position for player 1: +0.000000"} {
		if !strings.Contains(out, want) {
			t.Errorf("solve output lacks %q:\n%s", want, out)
		}
	}
	for args, want := range map[string]string{
		"--no-jump":                "the ball moves one field (--no-jump)",
		"--no-jump --state 5,4,-1": "ball at -1 (1 into player 1's side)",
	} {
		out, _, err = deuce(t, "", append([]string{"solve", "pencil", "--points", "5,5"}, strings.Fields(args)...)...)
		if err != nil || !strings.Contains(out, want) {
			t.Errorf("solve %s: %v, output lacks %q:\n%s", args, err, want, out)
		}
	}
}

// A solve stopped by Ctrl-C stops, says so and leaves no --out file behind, and a file already
// there as it was; an --out file that cannot be written is refused before the solve, not after
// it.
func TestSolveStops(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "sol.csv")
	kept := filepath.Join(dir, "kept.csv")
	if err := os.WriteFile(kept, []byte("precious"), 0o644); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var stdout, stderr bytes.Buffer
	err := run(ctx, []string{"solve", "pencil", "--points", "300", "--out", out}, strings.NewReader(""), &stdout, &stderr)
	if err == nil || !strings.Contains(errorText(ctx, err), "interrupted") || !strings.Contains(err.Error(), "nothing was written") {
		t.Fatalf("a stopped solve: %v", err)
	}
	if exitCode(err) != 130 {
		t.Errorf("exit code %d, want 130", exitCode(err))
	}
	if _, err := os.Stat(out); !os.IsNotExist(err) {
		t.Errorf("a stopped solve left %s (%v)", out, err)
	}
	err = run(ctx, []string{"solve", "pencil", "--points", "300", "--out", kept}, strings.NewReader(""), &stdout, &stderr)
	if b, _ := os.ReadFile(kept); err == nil || string(b) != "precious" {
		t.Errorf("a stopped solve into a file already there: %v, the file holds %q", err, b)
	}
	if files, _ := os.ReadDir(dir); len(files) != 1 {
		t.Errorf("a stopped solve left %d files, want only kept.csv", len(files))
	}
	if _, _, err := deuce(t, "", "solve", "pencil", "--points", "5", "--state", "3,3,0", "--out", kept); err == nil || !strings.Contains(err.Error(), "choose one") {
		t.Errorf("--state with --out: %v", err)
	}
	// 300 points take half a minute: refused at once, the directory missing.
	_, _, err = deuce(t, "", "solve", "pencil", "--points", "300", "--out", filepath.Join(dir, "no", "sol.csv"))
	if err == nil || !strings.Contains(err.Error(), "--out") {
		t.Errorf("--out in a missing directory: %v", err)
	}
	// Finished, the file is written.
	if _, _, err := deuce(t, "", "solve", "pencil", "--points", "5", "--out", out); err != nil {
		t.Fatal(err)
	}
	if b, err := os.ReadFile(out); err != nil || !bytes.HasPrefix(b, []byte("points1,")) {
		t.Errorf("--out after a solve: %v, %.40q", err, b)
	}
}

// A Ctrl-C reads as an interruption, not as Go's "context canceled".
func TestErrorText(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	plain := errors.New("no such file")
	if got := errorText(ctx, plain); got != "no such file" {
		t.Errorf("before a signal: %q", got)
	}
	cancel()
	for err, want := range map[error]string{
		context.Canceled: "interrupted",
		fmt.Errorf("analyze x.json: %w", context.Canceled): "analyze x.json: interrupted",
		plain: "no such file",
	} {
		if got := errorText(ctx, err); got != want {
			t.Errorf("%v: %q, want %q", err, got, want)
		}
	}
}

// An address already taken names the flag to change: --addr, or --metrics-addr.
func TestServeAddressTaken(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	taken := ln.Addr().String()
	for flag, args := range map[string][]string{
		"--addr":         {"serve", "--addr", taken},
		"--metrics-addr": {"serve", "--addr", "127.0.0.1:0", "--metrics-addr", taken},
	} {
		_, _, err := deuce(t, "", args...)
		if err == nil || !strings.Contains(err.Error(), "pick another "+flag+")") {
			t.Errorf("%s taken: %v", flag, err)
		}
	}
}
