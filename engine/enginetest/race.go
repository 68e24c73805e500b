//go:build race

package enginetest

// raceEnabled reports a build with the race detector, under which the checks run about twenty
// times slower: the kit then plays a quarter of the matches, as with -short.
const raceEnabled = true
