package web_test

import (
	"testing"

	"deuce/web"
)

// TestBrowserLearn checks in a real browser what helps people understand the games: the
// replay's analysis, hints, tutorials and the newcomer's table (e2e/learn.mjs). It needs what
// TestBrowser needs, and is skipped without it the same way.
func TestBrowserLearn(t *testing.T) {
	runBrowser(t, "e2e/learn.mjs", web.Main{AnalysisIterations: 200, AnalysisDuty: 1})
}
