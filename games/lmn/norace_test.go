//go:build !race

package lmn

const raceEnabled = false
