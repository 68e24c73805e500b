package games_test

import (
	"fmt"
	"strings"
	"testing"

	"deuce/bot/ismcts"
	"deuce/engine"
	"deuce/games"
	"deuce/games/centercourt"
	"deuce/games/lmn"
	"deuce/games/worldwide"
)

// TestBotSpec checks that a bot spec changes exactly the settings it names, keeps the level's
// others, and is named as written.
func TestBotSpec(t *testing.T) {
	g := centercourt.Game
	base, err := games.NewBot(g, "expert")
	if err != nil {
		t.Fatal(err)
	}
	want := base.(*ismcts.Bot).Options()
	b, err := games.NewBotSpec(g, " Expert:iterations=2000:trees=8:c=1.5:bias=3:horizon=0:determinizations=2:lead=0 ")
	if err != nil {
		t.Fatal(err)
	}
	if b.Name() != "expert:iterations=2000:trees=8:c=1.5:bias=3:horizon=0:determinizations=2:lead=0" {
		t.Errorf("named %q", b.Name())
	}
	o := b.(*ismcts.Bot).Options()
	if o.Iterations != 2000 || o.Trees != 8 || o.Exploration != 1.5 || o.Bias != 3 || o.Horizon != 0 ||
		o.Determinizations != 2 || o.Leaf != nil {
		t.Errorf("settings not applied: %+v", o)
	}
	if o.Time != want.Time || !o.Spend || o.Playout == nil || o.Prior == nil {
		t.Errorf("the level's other settings lost: %+v", o)
	}
	h, err := games.NewBotSpec(g, "hard:lead=1")
	if err != nil {
		t.Fatal(err)
	}
	if h.(*ismcts.Bot).Options().Leaf == nil {
		t.Error("hard:lead=1 has no leaf")
	}
	plain, err := games.NewBotSpec(g, "hard")
	if err != nil {
		t.Fatal(err)
	}
	if plain.Name() != "hard" || plain.(*ismcts.Bot).Options().Iterations != 1000 {
		t.Errorf("a plain level through NewBotSpec: %q %+v", plain.Name(), plain.(*ismcts.Bot).Options())
	}
}

// TestBotSpecErrors checks that every malformed spec is refused with an error that says what
// is accepted, and that servers' NewBot takes no spec at all.
func TestBotSpecErrors(t *testing.T) {
	tests := []struct{ spec, want string }{
		{"expert:depth=3", `no setting "depth"; settings: iterations, trees, c, bias, horizon, determinizations, single, own, lead`},
		{"expert:iterations", `want key=value`},
		{"expert:", `want key=value`},
		{"expert:iterations=", `want key=value`},
		{"expert:iterations=0", "out of range: 1 to 1000000"},
		{"expert:iterations=1000001", "out of range"},
		{"expert:iterations=2.5", "want a whole number"},
		{"expert:trees=x", "want a whole number from 1 to 64"},
		{"expert:c=0", "out of range"},
		{"expert:c=NaN", "want a number"},
		{"expert:bias=-1", "out of range"},
		{"expert:horizon=21", "out of range"},
		{"expert:lead=11", "out of range"},
		{"expert:single=2", "out of range"},
		{"expert:trees=2:trees=3", "given twice"},
		{"expert:judge=2", "out of range"},
		{"expert:judge=1:horizon=0", "give a horizon of 1 or more"},
		{"random:iterations=10", "only the search levels"},
		{"grandmaster:iterations=10", "only the search levels"},
	}
	for _, tt := range tests {
		_, err := games.NewBotSpec(centercourt.Game, tt.spec)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%q: error %v, want one containing %q", tt.spec, err, tt.want)
		}
	}
	if _, err := games.NewBotSpec(lmn.Game, "expert:lead=1"); err == nil || !strings.Contains(err.Error(), "has no fitted lead") {
		t.Errorf("lead in a game without a model: %v", err)
	}
	if _, err := games.NewBotSpec(lmn.Game, "expert:infer=1"); err == nil || !strings.Contains(err.Error(), "games that infer: centercourt") {
		t.Errorf("infer in a game that does not: %v", err)
	}
	if b, err := games.NewBotSpec(centercourt.Game, "hard:infer=1"); err != nil || !b.(*ismcts.Bot).Options().Infer {
		t.Errorf("hard:infer=1 in Center Court: %v", err)
	}
	if _, err := games.NewBot(centercourt.Game, "expert:trees=64"); err == nil {
		t.Error("NewBot took a spec")
	}
}

// TestHardUnchanged checks that hard, the yardstick of every strength figure, is the plain
// search in every game: no fitted lead, multiple-observer keys, the game's horizon, and hard's
// budget and constants.
func TestHardUnchanged(t *testing.T) {
	for _, g := range games.All() {
		b, err := games.NewBot(g, "hard")
		if err != nil {
			t.Fatal(err)
		}
		o := b.(*ismcts.Bot).Options()
		if o.Leaf != nil || o.SingleObserver || o.Horizon != g.Horizon || o.Iterations != 1000 || o.Trees != 2 ||
			o.Exploration != 0.7 || o.Bias != 10 && g.Heuristic != nil || o.Determinizations != 1 {
			t.Errorf("%s: hard's options changed: %+v", g.Name, o)
		}
	}
}

// TestExpertSettings checks that expert values what a point leaves by the fitted lead in
// Worldwide, chooses on each seat's own deal in the playouts of Center Court and Love Means
// Nothing, and says so, and that it is hard's search with ten times the iterations elsewhere.
func TestExpertSettings(t *testing.T) {
	for _, g := range games.All() {
		b, err := games.NewBot(g, "expert")
		if err != nil {
			t.Fatal(err)
		}
		o := b.(*ismcts.Bot).Options()
		lead := g.Name == worldwide.Game.Name
		own := g.Name == centercourt.Game.Name || g.Name == lmn.Game.Name
		if (o.Leaf != nil) != lead || o.OwnView != own || o.SingleObserver {
			t.Errorf("%s: expert's leaf set %v, own views %v; want %v, %v", g.Name, o.Leaf != nil, o.OwnView, lead, own)
		}
		var summary string
		for _, info := range games.Bots(g) {
			if info.Name == "expert" {
				summary = info.Summary
			}
		}
		if strings.Contains(summary, "fitted model") != lead || strings.Contains(summary, "its own guess") != own {
			t.Errorf("%s: expert's summary %q", g.Name, summary)
		}
	}
}

// TestExpertBudgets checks expert's simulation budgets: 20,000 iterations in Center Court and
// Worldwide, the budgets of the strength table's runs (strength/, played as
// expert:iterations=20000, which must be expert itself), 10,000 elsewhere.
func TestExpertBudgets(t *testing.T) {
	for _, g := range []engine.Game{centercourt.Game, lmn.Game, worldwide.Game} {
		b, err := games.NewBot(g, "expert")
		if err != nil {
			t.Fatal(err)
		}
		o := b.(*ismcts.Bot).Options()
		want := 10_000
		if g.Name == centercourt.Game.Name || g.Name == worldwide.Game.Name {
			want = 20_000
			s, err := games.NewBotSpec(g, "expert:iterations=20000")
			if err != nil {
				t.Fatal(err)
			}
			so := s.(*ismcts.Bot).Options()
			if so.Iterations != o.Iterations || so.Trees != o.Trees || so.OwnView != o.OwnView || so.Infer != o.Infer ||
				so.Exploration != o.Exploration || so.Bias != o.Bias || so.Horizon != o.Horizon || (so.Leaf == nil) != (o.Leaf == nil) ||
				so.Abstract != o.Abstract {
				t.Errorf("expert:iterations=20000 in %s is not expert: %+v against %+v", g.Name, so, o)
			}
		}
		// Worldwide's expert keys its tree by the abstract key (the strength table's run).
		if o.Abstract != (g.Name == worldwide.Game.Name) {
			t.Errorf("%s: expert's abstract key %v", g.Name, o.Abstract)
		}
		if o.Iterations != want || o.Trees != 4 {
			t.Errorf("%s: expert's budget %d iterations in %d trees, want %d in 4", g.Name, o.Iterations, o.Trees, want)
		}
		// What deuce bots says of expert is its budget.
		for _, info := range games.Bots(g) {
			if info.Name == "expert" && !strings.Contains(info.Summary, fmt.Sprintf(": %d iterations a move", want)) {
				t.Errorf("%s: expert's summary does not give its %d iterations: %q", g.Name, want, info.Summary)
			}
		}
	}
}
