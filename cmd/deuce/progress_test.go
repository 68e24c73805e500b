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

// Matches a resumed run takes from the ahead file are done at once: they count neither in the
// rate nor in the time left.
func TestProgressTakenMatches(t *testing.T) {
	start := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	for _, c := range []struct {
		done int
		want string
	}{
		// 8 taken at once: none played yet, no rate to tell the time left by.
		{760, "worldwide: 760/1000 matches (76.0%), 0 matches/s, ? left\n"},
		// 5 of the 8 taken: the 3 to come are no time.
		{757, "worldwide: 757/1000 matches (75.7%), 0 matches/s, ? left\n"},
		// 8 taken and 3 played: 237 to play at 3 a minute.
		{763, "worldwide: 763/1000 matches (76.3%), 3.0 matches/min, 1h19m0s left\n"},
	} {
		var b strings.Builder
		p := &progress{w: &b, label: "worldwide", every: time.Second, taken: 8}
		p.start, p.last, p.first, p.startedAt = start, start, 752, true
		p.done, p.total = c.done, 1000
		p.show(start.Add(time.Minute))
		if b.String() != c.want {
			t.Errorf("done %d: progress line\n got %q\nwant %q", c.done, b.String(), c.want)
		}
	}
}
