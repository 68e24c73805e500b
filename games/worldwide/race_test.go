//go:build race

package worldwide

// raceEnabled reports a build with the race detector, which slows the conformance kit
// twentyfold: the checked matches are then fewer.
const raceEnabled = true
