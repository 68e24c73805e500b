package centercourt

import (
	"fmt"
	"maps"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"deuce/engine"
)

// The worked examples of the rules text (shared/rules/center-court.txt), replayed with the
// numbers the text gives.

// printedReturnTable is the text's return table as printed: for each Volley Value, the
// combinations "To return you must play".
var printedReturnTable = map[int][]string{
	1: {"1", "2-2", "3-3-3", "4-4-4-4", "5-5-5-5-5", "6-6-6-6-6-6"},
	2: {"1-1", "2", "3-3", "4-4-4", "5-5-5-5", "6-6-6-6-6"},
	3: {"1-1-1", "2-2", "3", "4-4", "5-5-5", "6-6-6-6"},
	4: {"1-1-1-1", "2-2-2", "3-3", "4", "6-6-6"},
	5: {"1-1-1-1-1", "2-2-2-2", "3-3-3", "4-4", "5", "6-6"},
	6: {"1-1-1-1-1-1", "2-2-2-2-2", "3-3-3-3", "2-2-2", "5-5", "6"},
}

// returnTableMisprints are the rows where the printed table departs from the rule it
// illustrates ("the # of cards needed is 1+ the difference between their value and the Volley
// Value"); the game follows the rule (see doc.go). printed is what the row shows in place of
// rule ("" for a combination the row leaves out).
var returnTableMisprints = []struct {
	volley        int
	printed, rule string
}{
	{4, "", "5-5"},        // row 4 leaves out two 5s
	{6, "2-2-2", "4-4-4"}, // row 6 prints three 2s (five 2s stand two lines above) for three 4s
}

// combination writes n cards of value w as the table does: "5-5".
func combination(w, n int) string {
	return strings.TrimSuffix(strings.Repeat(fmt.Sprintf("%d-", w), n), "-")
}

// TestExampleReturnTable replays every combination of the printed table as a return of its
// Volley Value: each one the rule allows returns and becomes the new Volley Value; each
// misprinted one is refused, and the one a row leaves out returns. The misprints listed are
// exactly where the table and the rule differ.
func TestExampleReturnTable(t *testing.T) {
	for v := 1; v <= 6; v++ {
		// The rule, read from the text: one card of v, or 1 + |v - w| cards of w.
		rule := map[string]int{}
		for w := 1; w <= 6; w++ {
			n := 1 + max(v-w, w-v)
			rule[combination(w, n)] = w
		}
		printed := map[string]bool{}
		for _, c := range printedReturnTable[v] {
			printed[c] = true
		}
		for _, m := range returnTableMisprints {
			if m.volley != v {
				continue
			}
			if m.printed != "" {
				if !printed[m.printed] {
					t.Errorf("row %d: the misprint %s is not in the printed row", v, m.printed)
				}
				delete(printed, m.printed)
				rules.Case(t, fmt.Sprintf("v=%d hand=%s: return %s -> illegal v=%d", v, strings.ReplaceAll(m.printed, "-", ""), m.printed, v))
			}
			if printed[m.rule] {
				t.Errorf("row %d: %s is listed as missing but printed", v, m.rule)
			}
			printed[m.rule] = true
		}
		if got, want := slices.Sorted(maps.Keys(printed)), slices.Sorted(maps.Keys(rule)); !slices.Equal(got, want) {
			t.Errorf("row %d corrected by the misprints: %v; the rule gives %v", v, got, want)
		}
		for c, w := range rule {
			line := fmt.Sprintf("v=%d hand=%s: return %s -> ok v=%d hand=- table=%s", v, strings.ReplaceAll(c, "-", ""), c, w,
				strings.ReplaceAll(c, "-", ""))
			t.Run(line, func(t *testing.T) { rules.Case(t, line) })
		}
	}
}

// TestExampleServiceDie checks the Service Die (faces 1, 1, 2, 5, 6, 6): a serve of 1, 2, 5
// or 6 rolls it and faults when the face equals the serve, so with the odds 2, 1, 1 and 2 in
// 6; a serve of 3 or 4 rolls nothing and is in.
func TestExampleServiceDie(t *testing.T) {
	faces := []int{1, 1, 2, 5, 6, 6}
	for w := 1; w <= 6; w++ {
		s := rules.State(t, fmt.Sprintf("refill=no hand=%d: serve %d", w, w))
		if w == 3 || w == 4 {
			if s.phase != phaseReturn || s.volley != int8(w) {
				t.Errorf("serve %d: phase %d, Volley Value %d; want the return of %d", w, s.phase, s.volley, w)
			}
			continue
		}
		want := map[engine.Action]int{}
		for _, f := range faces {
			want[Die(f)]++
		}
		got := map[engine.Action]int{}
		for _, o := range s.Chances(nil) {
			got[o.Action] = o.Weight
		}
		if !maps.Equal(got, want) {
			t.Errorf("serve %d: die outcomes %v, want %v", w, got, want)
		}
		faults := 0
		for _, f := range faces {
			line := fmt.Sprintf("refill=no hand=%d: serve %d; die %d -> ok phase=return v=%d", w, w, f, w)
			if f == w {
				faults++
				line = fmt.Sprintf("refill=no hand=%d: serve %d; die %d -> ok phase=draw drawer=0 v=0", w, w, f)
			}
			rules.Case(t, line)
		}
		if want := map[int]int{1: 2, 2: 1, 5: 1, 6: 2}[w]; faults != want {
			t.Errorf("serve %d: %d faulting faces of 6, want %d", w, faults, want)
		}
	}
}

// TestExampleDeal checks the components and the deal: 36 cards, six of each value 1 to 6,
// eight dealt to each player.
func TestExampleDeal(t *testing.T) {
	for seed := range uint64(5) {
		s := newMatch(t, "set")
		rng := rand.New(rand.NewPCG(seed, 1))
		for s.phase == phaseDeal {
			step(t, s, rng, randomPolicy)
		}
		var total counts
		for w := 1; w <= numValues; w++ {
			total[w] = s.draw[w] + s.hands[0][w] + s.hands[1][w]
		}
		if total != (counts{0, 6, 6, 6, 6, 6, 6}) {
			t.Fatalf("seed %d: the deck holds %v, want six of each value", seed, total)
		}
		if s.hands[0].total() != 8 || s.hands[1].total() != 8 || s.draw.total() != 20 {
			t.Fatalf("seed %d: dealt %d and %d, %d left; want 8, 8 and 20", seed, s.hands[0].total(), s.hands[1].total(), s.draw.total())
		}
	}
}
