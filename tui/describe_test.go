package tui

import (
	"strings"
	"testing"

	"deuce/engine"
)

// TestCharacterAbilities checks that the status line states the ability of the AlakaSLAM
// character under the cursor.
func TestCharacterAbilities(t *testing.T) {
	local, _, _ := localMatch(t, "alakaslam", engine.Options{"format": "singles"}, 1, 0)
	h := newHarness(t, newModelT(t, local))
	h.settle(myTurn)
	if got := h.m.statusLine(); !strings.Contains(got, "choose austin: Æthermancer Austin: Hit-2s may go straight") {
		t.Errorf("status line %q, want Austin's ability", got)
	}
	h.press("down")
	if got := h.m.statusLine(); !strings.Contains(got, "Kismetician Laurie") {
		t.Errorf("status line after ↓ %q, want Laurie's ability", got)
	}
}
