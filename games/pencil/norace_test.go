//go:build !race

package pencil

const raceEnabled = false
