package games

import (
	"slices"
	"testing"

	"deuce/engine"
	"deuce/engine/enginetest"
)

// TestOptionLabelsAndWhen checks every game's option labels and conditions against its options:
// a label labels a value there is, a condition names another option and values it takes, and
// an option a condition calls moot is moot: matches that differ only in its value, where the
// condition fails, play the same.
func TestOptionLabelsAndWhen(t *testing.T) {
	labelled, moot := 0, 0
	for _, g := range All() {
		for _, o := range g.Options {
			for v, l := range o.Labels {
				labelled++
				if !slices.Contains(o.Values, v) {
					t.Errorf("%s option %s: label %q for %q, which is not one of its values %v", g.Name, o.Name, l, v, o.Values)
				}
				if l == "" {
					t.Errorf("%s option %s: empty label for %q", g.Name, o.Name, v)
				}
			}
			for k, vs := range o.When {
				other, ok := g.Option(k)
				if !ok || k == o.Name {
					t.Errorf("%s option %s: condition on %q, which is no other option", g.Name, o.Name, k)
					continue
				}
				for _, v := range vs {
					if !slices.Contains(other.Values, v) {
						t.Errorf("%s option %s: condition %s=%q, not one of %v", g.Name, o.Name, k, v, other.Values)
					}
				}
				// Under each value of k the condition leaves out, every value of o plays the
				// same matches.
				for _, off := range other.Values {
					if slices.Contains(vs, off) {
						continue
					}
					moot++
					for seed := range uint64(3) {
						var first []engine.Move
						for i, v := range o.Values {
							opts := engine.Options{k: off, o.Name: v}
							rec, _, err := enginetest.RandomMatch(g, opts, seed, 100_000)
							if err != nil {
								t.Fatalf("%s %v: %v", g.Name, opts, err)
							}
							if i == 0 {
								first = rec.Moves
							} else if !slices.Equal(first, rec.Moves) {
								t.Errorf("%s: %s=%s is said to make %s moot, but %s=%s plays another match (seed %d)", g.Name, k, off, o.Name, o.Name, v, seed)
							}
						}
					}
				}
			}
		}
	}
	if labelled == 0 || moot == 0 {
		t.Fatalf("%d labels and %d moot settings checked: the games lost them", labelled, moot)
	}
}
