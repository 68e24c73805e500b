package alakaslam

import (
	"testing"

	"deuce/engine"
	"deuce/engine/enginetest"
)

func TestKeys(t *testing.T) {
	enginetest.Keys(t, Game, enginetest.Config{})
	enginetest.KeysOptions(t, Game, enginetest.Config{Matches: 60},
		engine.Options{"format": "doubles", "toots": TootsMoves, "team-move": TeamOneByOne, "played": PlayedAfterHit},
		engine.Options{"format": "canadian", "deck": "enchant-3"})
}
