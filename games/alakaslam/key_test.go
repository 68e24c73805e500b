package alakaslam

import (
	"testing"

	"deuce/engine/enginetest"
)

func TestKeys(t *testing.T) { enginetest.Keys(t, Game, enginetest.Config{}) }
