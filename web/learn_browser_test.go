package web_test

import (
	"testing"
	"time"

	"deuce/web"
)

// TestBrowserLearn checks in a real browser what helps people understand the games: the
// replay's analysis, hints, tutorials and the newcomer's table (e2e/learn.mjs). It needs what
// TestBrowser needs, and is skipped without it the same way.
func TestBrowserLearn(t *testing.T) {
	lim := roomyLimits()
	lim.AbandonAfter = time.Second
	lim.AnalysisIterations, lim.AnalysisShare = 200, 1
	lim.ActiveWithin = 2 * time.Second // a table idle for 3 s has left "Live now"
	runBrowser(t, "e2e/learn.mjs", web.Main{Limits: lim})
}
