package lmn

import (
	"testing"

	"deuce/engine/enginetest"
)

// TestKeys checks the information-set keys over every variant. With the race detector or
// -short it leaves out best-of-5 and doubles-best-of-3, the costliest checks of the package
// under the race detector: their observations differ from best-of-3's (sets) and doubles' (four
// seats, passes) only in longer matches, and those two keep both checked.
func TestKeys(t *testing.T) {
	cfg := enginetest.Config{}
	if raceEnabled || testing.Short() {
		cfg.Variants = []string{"singles", "doubles", "best-of-3"}
	}
	enginetest.Keys(t, Game, cfg)
}
