package worldwide

import (
	"testing"

	"deuce/engine"
	"deuce/engine/enginetest"
)

func TestKeys(t *testing.T) {
	enginetest.Keys(t, Game, enginetest.Config{})
	enginetest.KeysOptions(t, Game, enginetest.Config{Matches: 60},
		engine.Options{"rules": "advanced", "challenges": "rally", "second-serve": "any"},
		engine.Options{"rules": "basic", "challenges": "yes", "player-cards": "yes"})
}
