//go:build race

package centercourt

// raceEnabled reports a build with the race detector, under which the checks of the kit run
// about ten times slower: TestKeys then leaves out the longest formats.
const raceEnabled = true
