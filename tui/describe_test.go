package tui

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"deuce/engine"
	"deuce/games/centercourt"
)

// TestCharacterAbilities checks that the status line states the ability of the AlakaSLAM
// character under the cursor.
func TestCharacterAbilities(t *testing.T) {
	local, _, _ := localMatch(t, "alakaslam", engine.Options{"format": "singles"}, 1, 0)
	h := newHarness(t, newModelT(t, local))
	h.settle(myTurn)
	if got := h.m.statusLine(1000); !strings.Contains(got, "choose austin: Æthermancer Austin: Hit-2s may go straight") {
		t.Errorf("status line %q, want Austin's ability", got)
	}
	h.press("down")
	if got := h.m.statusLine(1000); !strings.Contains(got, "Kismetician Laurie") {
		t.Errorf("status line after ↓ %q, want Laurie's ability", got)
	}
}

// TestCenterCourtCardNotation: Center Court's board counts the discards and the cards in play
// as VALUE×CARDS and says so on the line ("discards (value×cards): 5×2" is two 5s), as the
// browser's discard bars do. The match is played until a discarded value's count differs from
// the value, so that the order of the two numbers shows.
func TestCenterCourtCardNotation(t *testing.T) {
	local, _, _ := localMatch(t, "centercourt", engine.Options{"format": "tiebreak"}, 11, 0)
	h := newHarness(t, newModelT(t, local))
	var o *centercourt.Observation
	for {
		h.settle(func(m *Model) bool { return myTurn(m) || over(m) })
		o = h.m.frame.View.(*centercourt.Observation)
		if slices.ContainsFunc([]int{0, 1, 2, 3, 4, 5}, func(i int) bool { return o.Discards[i] > 0 && o.Discards[i] != i+1 }) || h.m.ended {
			break
		}
		h.press("enter")
		h.settle(func(m *Model) bool { return !m.busy })
	}
	var counts []string
	for i, n := range o.Discards {
		if n > 0 {
			counts = append(counts, fmt.Sprintf("%d×%d", i+1, n))
		}
	}
	if len(counts) == 0 {
		t.Fatal("the match ended with no discards")
	}
	want := "discards (value×cards): " + strings.Join(counts, " ") + ";"
	if v := h.m.View(); !strings.Contains(v, want) {
		t.Errorf("the board lacks %q; discards by value %v:\n%s", want, o.Discards, v)
	}
}

// TestStatusGivesWayToTheScreen: a match's end says "Press q to leave." after the result when
// the line has room, and keeps the result whole by dropping that hint when it has not (the
// keys line says q quits).
func TestStatusGivesWayToTheScreen(t *testing.T) {
	local, _, _ := localMatch(t, "pencil", engine.Options{"points": "3"}, 1, 0)
	h := newHarness(t, newModelT(t, local))
	h.settle(myTurn)
	result := "A draw. draw: ball on the centre line, both out of points, after a long match"
	h.m.setStatus(result+leaveHint, false)
	if got := h.m.statusLine(200); got != result+leaveHint {
		t.Errorf("a wide status line %q, want %q", got, result+leaveHint)
	}
	if got := h.m.statusLine(80); got != result {
		t.Errorf("an 80-column status line %q, want the result alone, %q", got, result)
	}
	if got := h.m.View(); !strings.Contains(got, result) {
		t.Errorf("the frame lacks the whole result %q:\n%s", result, got)
	}
}
