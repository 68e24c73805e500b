//go:build race

package pencil

// raceEnabled reports a build with the race detector, which slows the solver tenfold.
const raceEnabled = true
