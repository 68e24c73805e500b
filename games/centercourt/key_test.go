package centercourt

import (
	"testing"

	"deuce/engine/enginetest"
)

// TestKeys checks the information-set keys over every variant. With the race detector or
// -short it leaves out best-of-5, the costliest check of the package under the race detector,
// whose observations differ from best-of-3's only in a third set to win: best-of-3 keeps the
// keys of sets won and of a set after the first checked.
func TestKeys(t *testing.T) {
	cfg := enginetest.Config{}
	if raceEnabled || testing.Short() {
		cfg.Variants = []string{"tiebreak", "set", "best-of-3"}
	}
	enginetest.Keys(t, Game, cfg)
}
