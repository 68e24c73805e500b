package alakaslam

import (
	"strings"
	"testing"

	"deuce/engine"
)

// TestDescribeEveryChoice offers every character at the start of a match and checks that each
// choice's button text names the character and states an ability.
func TestDescribeEveryChoice(t *testing.T) {
	s, _, err := Game.Start(engine.Options{"format": "singles"})
	if err != nil {
		t.Fatal(err)
	}
	seen := 0
	for _, a := range s.Legal(nil) {
		text := s.ActionString(a)
		key, ok := strings.CutPrefix(text, "choose ")
		if !ok {
			continue
		}
		seen++
		name, ability, ok := Character(key)
		if !ok || ability == "" {
			t.Errorf("%s: no character described", text)
			continue
		}
		if got := DescribeAction(text); got != name+": "+ability || !strings.Contains(strings.ToLower(name), key) {
			t.Errorf("DescribeAction(%q) = %q", text, got)
		}
	}
	if seen != numChars {
		t.Errorf("%d characters offered, want %d", seen, numChars)
	}
	for _, text := range []string{"keep", "choose nobody", ""} {
		if got := DescribeAction(text); got != "" {
			t.Errorf("DescribeAction(%q) = %q, want nothing", text, got)
		}
	}
}
