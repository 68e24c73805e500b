package engine

import (
	"fmt"
	"maps"
	"math/rand/v2"
	"slices"
	"sort"
	"strings"
)

// Game describes one game: its names, rules summary, options and named variants, and how to
// start a match. A game package exports one Game value.
type Game struct {
	// Name is the identifier used on the command line, in URLs and in records: "centercourt".
	Name string
	// Title is the name people know: "Center Court".
	Title string
	// Summary is one line for listings.
	Summary string
	// Rules is a readable summary of the rules, including every choice made where the source text
	// is silent and which data is reconstructed.
	Rules string
	// Options lists the settings a match accepts.
	Options []OptionSpec
	// Variants are named sets of options; the first is the default. Every option a variant leaves
	// out takes its default.
	Variants []Variant
	// New starts a match with fully resolved options (every option present and valid as far as
	// OptionSpec can tell). It returns an error a person can act on for values the game rejects.
	New func(opts Options) (State, error)
	// Heuristic, when set, chooses a reasonable action for the seat to move in s, a state that
	// the caller has already determinized for that seat (so reading any field is fair). It is
	// cheap enough to drive playouts.
	Heuristic func(s State, rng *rand.Rand) Action
	// Horizon, when positive, tells search bots how many points ahead are worth playing out: a
	// playout may stop once that many points have been played after the position searched, each
	// side scoring the share of them it won, instead of playing on to the end of the match. It
	// suits games whose points hardly depend on each other (hands dealt afresh each point), and
	// needs states that implement Points. Zero plays every playout to the end.
	Horizon int
}

// OptionSpec describes one option of a game.
type OptionSpec struct {
	Name    string `json:"name"`
	Default string `json:"default"`
	// Values lists the accepted values; empty means the game validates free-form values itself.
	Values []string `json:"values,omitempty"`
	Help   string   `json:"help"`
	// Labels says some values as a form shows them ("winloss" as "win or lose"); a value
	// without a label is shown as it is written. Keys are values of Values.
	Labels map[string]string `json:"labels,omitempty"`
	// When names the settings of other options under which this one matters, each option with
	// the values under which it does (Worldwide's sets only in a full match: {"mode":
	// ["match"]}); under others the game ignores it, and a form hides it. Empty: it always
	// matters.
	When map[string][]string `json:"when,omitempty"`
}

// Matters reports whether the option makes a difference under the resolved options opts
// (When).
func (s OptionSpec) Matters(opts Options) bool {
	for k, vs := range s.When {
		if !slices.Contains(vs, opts[k]) {
			return false
		}
	}
	return true
}

// Variant is a named set of option values.
type Variant struct {
	Name    string  `json:"name"`
	Summary string  `json:"summary"`
	Options Options `json:"options"`
}

// Options maps option names to values. A match record keeps the resolved options, so that a
// later change of a default never changes how a recorded match replays.
type Options map[string]string

// Clone returns an independent copy.
func (o Options) Clone() Options {
	c := make(Options, len(o))
	for k, v := range o {
		c[k] = v
	}
	return c
}

// String renders the options as sorted name=value pairs.
func (o Options) String() string {
	keys := make([]string, 0, len(o))
	for k := range o {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = k + "=" + o[k]
	}
	return strings.Join(parts, " ")
}

// ParseOptions reads "name=value" pairs separated by commas or spaces. A comma-separated part
// without "=" continues the value before it, so "points=50,40,fields=3" sets points to "50,40".
func ParseOptions(s string) (Options, error) {
	o := Options{}
	last := ""
	for _, f := range strings.FieldsFunc(s, func(r rune) bool { return r == ',' || r == ' ' }) {
		k, v, ok := strings.Cut(f, "=")
		if !ok && last != "" {
			o[last] += "," + f
			continue
		}
		if !ok || k == "" {
			return nil, fmt.Errorf("option %q: want name=value", f)
		}
		last = strings.ToLower(k)
		o[last] = v
	}
	return o, nil
}

// Option returns the spec of the named option.
func (g Game) Option(name string) (OptionSpec, bool) {
	for _, s := range g.Options {
		if s.Name == name {
			return s, true
		}
	}
	return OptionSpec{}, false
}

// OptionNames lists the game's option names.
func (g Game) OptionNames() []string {
	names := make([]string, len(g.Options))
	for i, s := range g.Options {
		names[i] = s.Name
	}
	return names
}

// VariantNames lists the game's variant names, the default first.
func (g Game) VariantNames() []string {
	names := make([]string, len(g.Variants))
	for i, v := range g.Variants {
		names[i] = v.Name
	}
	return names
}

// Variant returns the options of the named variant ("" is the default variant).
func (g Game) Variant(name string) (Options, error) {
	if name == "" {
		if len(g.Variants) == 0 {
			return Options{}, nil
		}
		return g.Variants[0].Options.Clone(), nil
	}
	for _, v := range g.Variants {
		if strings.EqualFold(v.Name, name) {
			return v.Options.Clone(), nil
		}
	}
	return nil, fmt.Errorf("%s has no variant %q; variants: %s", g.display(), name, strings.Join(g.VariantNames(), ", "))
}

// Resolve checks opts against the game's specs and fills in defaults. Unknown names and values
// outside a spec's list are errors that list what is accepted.
func (g Game) Resolve(opts Options) (Options, error) {
	out := make(Options, len(g.Options))
	for _, s := range g.Options {
		out[s.Name] = s.Default
	}
	// In order of name, so that the same options always get the same error.
	for _, k := range slices.Sorted(maps.Keys(opts)) {
		v := opts[k]
		s, ok := g.Option(strings.ToLower(k))
		if !ok {
			if len(g.Options) == 0 {
				return nil, fmt.Errorf("%s has no options (got %q)", g.display(), k)
			}
			return nil, fmt.Errorf("%s has no option %q; options: %s", g.display(), k, strings.Join(g.OptionNames(), ", "))
		}
		if len(s.Values) > 0 {
			i := slices.IndexFunc(s.Values, func(x string) bool { return strings.EqualFold(x, v) })
			if i < 0 {
				return nil, fmt.Errorf("%s option %s: %q is not one of %s", g.display(), s.Name, v, strings.Join(s.Values, ", "))
			}
			v = s.Values[i]
		}
		out[s.Name] = v
	}
	return out, nil
}

// Start resolves opts and starts a match. It returns the resolved options, which a record keeps.
func (g Game) Start(opts Options) (State, Options, error) {
	resolved, err := g.Resolve(opts)
	if err != nil {
		return nil, nil, err
	}
	s, err := g.New(resolved)
	if err != nil {
		return nil, nil, fmt.Errorf("%s: %w", g.display(), err)
	}
	return s, resolved, nil
}

// display is g's title, or its name where it has none: errors name a game as people know it,
// since the browser shows them to someone who never saw "pencil".
func (g Game) display() string {
	if g.Title != "" {
		return g.Title
	}
	return g.Name
}
