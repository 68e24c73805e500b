package enginetest

import (
	"strings"
	"testing"

	"deuce/engine"
)

// TestSelectVariants: Run checks the variants a Config names, all of them when it names none,
// and refuses a name the game does not have rather than check nothing.
func TestSelectVariants(t *testing.T) {
	g := engine.Game{Name: "g", Variants: []engine.Variant{{Name: "a"}, {Name: "b"}, {Name: "c"}}}
	names := func(vs []engine.Variant) string {
		var out []string
		for _, v := range vs {
			out = append(out, v.Name)
		}
		return strings.Join(out, ",")
	}
	for _, c := range []struct {
		names []string
		want  string
	}{
		{nil, "a,b,c"},
		{[]string{"b"}, "b"},
		{[]string{"c", "a"}, "c,a"},
	} {
		got, err := selectVariants(g, c.names)
		if err != nil || names(got) != c.want {
			t.Errorf("selectVariants(%v) = %s, %v; want %s", c.names, names(got), err, c.want)
		}
	}
	if got, err := selectVariants(engine.Game{Name: "bare"}, nil); err != nil || names(got) != "default" {
		t.Errorf("a game without variants: %s, %v; want the default one", names(got), err)
	}
	for _, bad := range [][]string{{"d"}, {"a", "B"}} {
		if got, err := selectVariants(g, bad); err == nil || !strings.Contains(err.Error(), "no variant") {
			t.Errorf("selectVariants(%v) = %s, %v; want an error naming the missing variant", bad, names(got), err)
		}
	}
}
