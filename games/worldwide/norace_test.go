//go:build !race

package worldwide

const raceEnabled = false
