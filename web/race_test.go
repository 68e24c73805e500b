//go:build race

package web_test

// raceEnabled reports a build with the race detector, which slows the server several times:
// the storm then checks that every request is answered, not how fast.
const raceEnabled = true
