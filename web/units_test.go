package web_test

import (
	"os"
	"os/exec"
	"testing"
)

// TestPageUnits runs e2e/units.mjs, node checks of the pages' text helpers (how results name
// the players, how a rules text is reflowed) that need no browser. Without node it is skipped,
// except in CI (CI=true), where it fails.
func TestPageUnits(t *testing.T) {
	node, err := exec.LookPath("node")
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("node is missing (apt-get install nodejs)")
		}
		t.Skip("node is missing: the page units need it (apt-get install nodejs)")
	}
	out, err := exec.Command(node, "e2e/units.mjs").CombinedOutput()
	if err != nil {
		t.Fatalf("e2e/units.mjs: %v\n%s", err, out)
	}
}
