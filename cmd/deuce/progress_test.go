package main

import (
	"strings"
	"testing"
	"time"
)

func TestRateText(t *testing.T) {
	for _, c := range []struct {
		rate float64
		want string
	}{
		{290000, "290000 matches/s"},
		{12.4, "12 matches/s"},
		{3.04, "3.0 matches/s"},
		{0.05, "3.0 matches/min"},
		{1.0 / 60, "1.0 matches/min"},
		{1.0 / 600, "6.0 matches/h"},
		{0, "0 matches/s"},
	} {
		if got := rateText(c.rate, "matches"); got != c.want {
			t.Errorf("rateText(%g) = %q, want %q", c.rate, got, c.want)
		}
	}
}

// A slow run's log line names a rate a person can read, never "0 matches/s".
func TestProgressSlowRun(t *testing.T) {
	var b strings.Builder
	p := &progress{w: &b, label: "worldwide", every: time.Second}
	start := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	p.start, p.last, p.first, p.startedAt = start, start, 9, true
	p.done, p.total = 12, 100
	p.show(start.Add(time.Minute)) // 3 matches in a minute
	want := "worldwide: 12/100 matches (12.0%), 3.0 matches/min, 29m20s left\n"
	if b.String() != want {
		t.Errorf("progress line\n got %q\nwant %q", b.String(), want)
	}
}
