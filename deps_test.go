// Package deuce_test holds the checks that span the whole module.
package deuce_test

import (
	"bufio"
	"bytes"
	"io/fs"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"strings"
	"testing"
)

// allowed lists, for each layer of the module, the module packages it may import; the standard
// library is always allowed, third-party modules only where listed. Dependencies point inward:
// engine <- score, games/* <- bot, sim, match <- store, web <- cmd.
var layers = []struct {
	pattern string   // a package path relative to the module, "*" matching one element
	allowed []string // patterns of module packages and third-party prefixes it may import
}{
	{"engine", nil},
	{"engine/enginetest", []string{"engine"}},
	{"score", []string{"engine"}},
	{"score/scoretest", []string{"engine", "score"}},
	{"rating", nil},
	{"clock", nil},
	{"timesource", nil},
	{"examples/*", []string{"github.com/coder/websocket"}},
	{"games/*", []string{"engine", "score"}},
	{"games", []string{"engine", "score", "games/*", "bot", "bot/*", "gonum.org/v1/gonum"}},
	{"bot", []string{"engine"}},
	{"bot/*", []string{"engine", "bot"}},
	{"sim", []string{"engine", "bot"}},
	{"sim/chart", []string{"sim", "gonum.org/v1/plot"}},
	{"match", []string{"engine", "bot", "clock", "timesource"}},
	{"analysis", []string{"engine", "games", "games/*", "bot", "bot/*"}},
	{"tutorial", []string{"engine", "games", "games/*", "match"}},
	{"store", []string{"engine", "rating"}},
	{"store/storetest", []string{"engine", "rating", "store"}},
	{"store/sqlstore", []string{"engine", "rating", "store"}},
	{"store/sqlite", []string{"engine", "store", "store/sqlstore", "modernc.org/sqlite"}},
	{"store/postgres", []string{"engine", "store", "store/sqlstore", "github.com/jackc/pgx/v5"}},
	{"store/postgres/pgtest", []string{"github.com/jackc/pgx/v5"}},
	{"cluster", []string{"engine", "store", "store/postgres"}},
	{"web", []string{"analysis", "tutorial", "timesource", "engine", "games", "games/*", "bot", "bot/*", "match", "store", "store/*", "clock", "rating", "github.com/coder/websocket", "golang.org/x/time/rate", "golang.org/x/crypto", "golang.org/x/text/unicode/norm", "cluster", "github.com/prometheus/client_golang"}},
	{"web/loadtest", []string{"github.com/coder/websocket"}},
	{"protocol", []string{"engine"}},
	{"client", []string{"engine", "protocol", "github.com/coder/websocket"}},
	{"client/clienttest", []string{"client", "store/sqlite", "web", "github.com/coder/websocket"}},
	{"tui", []string{"engine", "score", "games", "games/*", "bot", "protocol", "client", "tutorial", "github.com/charmbracelet/bubbletea", "github.com/charmbracelet/bubbles", "github.com/charmbracelet/lipgloss", "github.com/charmbracelet/x/ansi"}},
	{"cmd/deuce", []string{"cluster", "analysis", "tutorial", "engine", "games", "games/*", "bot", "bot/*", "sim", "sim/*", "store", "store/*", "web", "web/*", "protocol", "client", "tui", "github.com/charmbracelet/x/term"}},
}

func TestImportGraph(t *testing.T) {
	touchSources(t)
	out, err := exec.Command("go", "list", "-f", `{{.ImportPath}}{{range .Imports}} {{.}}{{end}}`, "./...").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	const module = "deuce"
	sc := bufio.NewScanner(bytes.NewReader(out))
	checked := 0
	for sc.Scan() {
		fields := strings.Fields(sc.Text())
		pkg := strings.TrimPrefix(strings.TrimPrefix(fields[0], module), "/")
		if pkg == "" {
			continue // this test's own package
		}
		rules, ok := rulesFor(pkg)
		if !ok {
			t.Errorf("package %s has no layer: add it to the table in deps_test.go", pkg)
			continue
		}
		checked++
		for _, imp := range fields[1:] {
			if isStandard(imp) {
				continue
			}
			rel := imp
			if imp == module || strings.HasPrefix(imp, module+"/") {
				rel = strings.TrimPrefix(strings.TrimPrefix(imp, module), "/")
			}
			if !allowedBy(rules, rel) {
				t.Errorf("%s imports %s, which its layer does not allow", pkg, imp)
			}
		}
	}
	if checked < 10 {
		t.Fatalf("checked only %d packages: is go list working?", checked)
	}
}

// touchSources reads every Go file of the module. The imports come from go list, a child
// process whose reads go test's result cache cannot see; reading the files here makes any edit
// to them run this test again instead of replaying a cached pass.
func touchSources(t *testing.T) {
	t.Helper()
	err := filepath.WalkDir(".", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && p != "." && (strings.HasPrefix(d.Name(), ".") || d.Name() == "node_modules" || d.Name() == "testdata") {
			return filepath.SkipDir
		}
		if !d.IsDir() && (strings.HasSuffix(p, ".go") || d.Name() == "go.mod") {
			_, err = os.ReadFile(p)
		}
		return err
	})
	if err != nil {
		t.Fatalf("reading the sources: %v", err)
	}
}

func rulesFor(pkg string) ([]string, bool) {
	for _, l := range layers {
		if ok, _ := path.Match(l.pattern, pkg); ok {
			return l.allowed, true
		}
	}
	return nil, false
}

func allowedBy(rules []string, imp string) bool {
	for _, r := range rules {
		if ok, _ := path.Match(r, imp); ok || imp == r || strings.HasPrefix(imp, r+"/") && strings.Contains(r, ".") {
			return true
		}
	}
	return false
}

// isStandard reports a standard-library import: its first element has no dot.
func isStandard(imp string) bool {
	first, _, _ := strings.Cut(imp, "/")
	return !strings.Contains(first, ".") && first != "deuce"
}

// TestOtherSystems builds the command for systems other than this one's: Linux-only calls
// (epoll, sysinfo, getrusage) must sit behind build tags with a fallback elsewhere.
func TestOtherSystems(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the command twice more; skipped with -short")
	}
	touchSources(t)
	for _, goos := range []string{"darwin", "windows"} {
		cmd := exec.Command("go", "build", "-o", os.DevNull, "./cmd/deuce")
		cmd.Env = append(os.Environ(), "GOOS="+goos, "GOARCH=amd64", "CGO_ENABLED=0")
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Errorf("GOOS=%s go build ./cmd/deuce: %v\n%s", goos, err, out)
		}
	}
}
