package main

import (
	"strings"
	"testing"
)

// TestBenchBots runs every benchmark of deuce bench briefly and checks that each prints its
// figures.
func TestBenchBots(t *testing.T) {
	out, _, err := deuce(t, "", "bench", "--time", "1ms", "--games", "pencil,centercourt", "--points", "5")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"GOMAXPROCS", "pencil", "centercourt", "actions/s", "iterations/s", "speed-up", "solver", "worker(s)",
		"engine loop, random", "sim random,random 1 worker(s)", "sim heuristic,random", "a CPU second"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
}
