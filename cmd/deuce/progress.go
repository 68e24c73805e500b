package main

import (
	"fmt"
	"io"
	"os"
	"strings"
	"time"
)

// progress shows how far a run is: a bar redrawn in place when w is a terminal, a plain line
// every few seconds otherwise (a log, a batch scheduler's output file).
type progress struct {
	w     io.Writer
	label string
	// unit names what is counted ("matches" when empty).
	unit  string
	tty   bool
	every time.Duration

	start time.Time
	first int // matches done when the run started (resumed ones)
	// taken is how many matches the run takes without playing them (kept ahead by an
	// interrupted run): they are done in no time and would make the rate a lie. They are
	// counted as the first ones done.
	taken     int
	last      time.Time
	done      int
	total     int
	drawn     bool
	startedAt bool
}

func newProgress(w io.Writer, label string) *progress {
	p := &progress{w: w, label: label, every: 5 * time.Second}
	if f, ok := w.(*os.File); ok {
		if st, err := f.Stat(); err == nil && st.Mode()&os.ModeCharDevice != 0 {
			p.tty, p.every = true, 200*time.Millisecond
		}
	}
	return p
}

// update records that done of total matches are done, and shows it when it is time.
func (p *progress) update(done, total int) {
	now := time.Now()
	if !p.startedAt {
		p.startedAt = true
		p.start, p.last, p.first = now, now, done-1
	}
	p.done, p.total = done, total
	due := now.Sub(p.last) >= p.every
	if !due && (done < total || !p.tty && !p.drawn) {
		return // a short run, in a log, shows nothing
	}
	p.last = now
	p.show(now)
}

func (p *progress) show(now time.Time) {
	elapsed := now.Sub(p.start).Seconds()
	played := max(p.done-p.first-p.taken, 0) // till every taken match is done, no rate
	rate := 0.0
	if elapsed > 0 {
		rate = float64(played) / elapsed
	}
	left := "?"
	if rate > 0 {
		left = time.Duration(float64(p.total-p.done) / rate * float64(time.Second)).Round(time.Second).String()
	}
	frac := float64(p.done) / float64(max(p.total, 1))
	unit := p.unit
	if unit == "" {
		unit = "matches"
	}
	if p.tty {
		const width = 30
		n := int(frac * width)
		bar := strings.Repeat("=", n) + strings.Repeat(" ", width-n)
		fmt.Fprintf(p.w, "\r%s [%s] %5.1f%% %d/%d  %s  %s left\x1b[K", p.label, bar, 100*frac, p.done, p.total, rateText(rate, unit), left)
		p.drawn = true
		return
	}
	fmt.Fprintf(p.w, "%s: %d/%d %s (%.1f%%), %s, %s left\n", p.label, p.done, p.total, unit, 100*frac, rateText(rate, unit), left)
	p.drawn = true
}

// rateText writes rate, in units a second, so that it reads at every speed: a run of search
// bots finishing a match every 20 s shows "3.0 matches/min", not "0 matches/s".
func rateText(rate float64, unit string) string {
	switch {
	case rate >= 10:
		return fmt.Sprintf("%.0f %s/s", rate, unit)
	case rate >= 1:
		return fmt.Sprintf("%.1f %s/s", rate, unit)
	case rate*60 >= 1:
		return fmt.Sprintf("%.1f %s/min", rate*60, unit)
	case rate > 0:
		return fmt.Sprintf("%.1f %s/h", rate*3600, unit)
	}
	return fmt.Sprintf("0 %s/s", unit)
}

// finish ends the bar's line.
func (p *progress) finish() {
	if p.drawn && p.tty {
		fmt.Fprintln(p.w)
	}
}
