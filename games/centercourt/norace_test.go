//go:build !race

package centercourt

const raceEnabled = false
