package main

import (
	"context"
	"flag"
	"fmt"
	"maps"
	"slices"
	"strings"
	"text/tabwriter"

	"deuce/engine"
	"deuce/games"
	"deuce/tui"
)

func runList(_ context.Context, args []string, e *env) error {
	fs := newFlags(e, "list", "\n\nLists the games deuce plays, with their variants.")
	if pos, err := parseFlags(fs, args); err != nil {
		return err
	} else if len(pos) > 0 {
		return usagef("list takes no arguments (got %q)", pos[0])
	}
	tw := tabwriter.NewWriter(e.stdout, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "GAME\tTITLE\tVARIANTS\tABOUT")
	for _, g := range games.All() {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\n", g.Name, g.Title, strings.Join(g.VariantNames(), ", "), g.Summary)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	fmt.Fprintln(e.stdout, "\nMore: deuce rules GAME. Play: deuce play GAME.")
	return nil
}

func runRules(_ context.Context, args []string, e *env) error {
	fs := newFlags(e, "rules", "GAME\n\nPrints a game's rules, its options and variants, and the choices deuce made\nwhere the rules text is silent.")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	g, err := oneGame(pos)
	if err != nil {
		return err
	}
	w := e.stdout
	fmt.Fprintf(w, "%s (%s)\n%s\n\n", g.Title, g.Name, g.Summary)
	fmt.Fprintln(w, strings.TrimSpace(g.Rules))
	// Each option and variant on a line of its own, its words wrapped under it: a table of them
	// ran to 330 columns.
	const width = 80
	indented := func(text string) {
		for _, l := range tui.Wrap(text, width-6) {
			fmt.Fprintf(w, "      %s\n", l)
		}
	}
	if len(g.Options) > 0 {
		fmt.Fprintln(w, "\nOptions (deuce play|sim GAME --option name=value):")
		for _, o := range g.Options {
			values := "any value"
			if len(o.Values) > 0 {
				values = strings.Join(o.Values, "|")
			}
			head := fmt.Sprintf("  %s=%s (default %s)", o.Name, values, o.Default)
			if len(head) > width {
				head = fmt.Sprintf("  %s (default %s): %s", o.Name, o.Default, values)
			}
			for i, l := range tui.Wrap(head, width) {
				if i > 0 {
					l = "      " + strings.TrimLeft(l, " ")
				}
				fmt.Fprintln(w, l)
			}
			indented(o.Help + whenText(o))
		}
	}
	if len(g.Variants) > 0 {
		fmt.Fprintln(w, "\nVariants (--variant NAME; the first is the default):")
		for _, v := range g.Variants {
			fmt.Fprintf(w, "  %s\n", v.Name)
			indented(v.Summary)
		}
	}
	fmt.Fprintf(w, "\nBots: %s\n", strings.Join(games.BotNames(g), ", "))
	return nil
}

func runBots(_ context.Context, args []string, e *env) error {
	fs := newFlags(e, "bots", "[GAME]\n\nLists the bot levels, for one game or for all.")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	list := games.All()
	if len(pos) > 0 {
		g, err := oneGame(pos)
		if err != nil {
			return err
		}
		list = []engine.Game{g}
	}
	tw := tabwriter.NewWriter(e.stdout, 0, 0, 2, ' ', 0)
	for _, g := range list {
		for _, b := range games.Bots(g) {
			fmt.Fprintf(tw, "%s\t%s\t%s\n", g.Name, b.Name, b.Summary)
		}
	}
	return tw.Flush()
}

// oneGame reads the single GAME argument.
func oneGame(pos []string) (engine.Game, error) {
	switch len(pos) {
	case 0:
		return engine.Game{}, usagef("name a game: %s", strings.Join(games.Names(), ", "))
	case 1:
		g, err := games.Lookup(pos[0])
		if err != nil {
			return engine.Game{}, usageError{err.Error()}
		}
		return g, nil
	}
	return engine.Game{}, usagef("one game at a time (got %s)", strings.Join(pos, " "))
}

// optionFlags registers --variant and --option on fs.
type optionFlags struct {
	variant string
	options multiFlag
	// override lets an --option replace what the variant sets: sim's --option applies to
	// every variant of a run, --variant all included.
	override bool
	// moot collects, under override, the options given that a variant makes moot, for a note:
	// in a run of several variants an option may matter in some of them only.
	moot []string
}

func (o *optionFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&o.variant, "variant", "", "a named `variant` of the game (deuce rules GAME lists them)")
	fs.Var(&o.options, "option", "a game option as `name=value` (repeatable, or comma-separated)")
}

// resolve turns the flags into g's options: the variant's, overridden by each --option.
func (o *optionFlags) resolve(g engine.Game) (engine.Options, error) {
	opts, err := g.Variant(o.variant)
	if err != nil {
		return nil, usageError{err.Error()}
	}
	// What the named variant sets: an --option may add to it, not contradict it, which would
	// play another variant than the one named.
	defining := engine.Options{}
	if o.variant != "" && !o.override {
		for _, v := range g.Variants {
			if strings.EqualFold(v.Name, o.variant) {
				defining = v.Options
			}
		}
	}
	given := engine.Options{}
	for _, s := range o.options {
		extra, err := engine.ParseOptions(s)
		if err != nil {
			return nil, usageError{err.Error()}
		}
		for _, k := range slices.Sorted(maps.Keys(extra)) {
			v := extra[k]
			if want, ok := defining[k]; ok && !strings.EqualFold(want, v) {
				return nil, usagef("--variant %s sets %s=%s, and --option %s=%s contradicts it: drop one of them", o.variant, k, want, k, v)
			}
			if was, ok := given[strings.ToLower(k)]; ok && !strings.EqualFold(was, v) {
				return nil, usagef("--option %s is given twice, as %s and as %s: give it once", k, was, v)
			}
			given[strings.ToLower(k)] = v
			opts[k] = v
		}
	}
	resolved, err := g.Resolve(opts)
	if err != nil {
		return nil, usageError{err.Error()}
	}
	if _, err := g.New(resolved); err != nil {
		return nil, usagef("%s: %v", g.Name, err)
	}
	// An option given that the others make moot would be shown as played and change nothing.
	for _, k := range slices.Sorted(maps.Keys(given)) {
		spec, ok := g.Option(k)
		if !ok || spec.Matters(resolved) {
			continue
		}
		what := fmt.Sprintf("--option %s=%s makes no difference here: it matters%s", k, given[k], strings.TrimSuffix(whenText(spec), ")"))
		what = strings.Replace(what, "matters (only", "matters only", 1)
		if !o.override {
			return nil, usageError{what}
		}
		if o.variant != "" {
			what += ", in variant " + o.variant
		}
		o.moot = append(o.moot, what)
	}
	return resolved, nil
}

// multiFlag collects a repeatable string flag.
type multiFlag []string

func (m *multiFlag) String() string { return strings.Join(*m, ",") }

func (m *multiFlag) Set(s string) error {
	*m = append(*m, s)
	return nil
}

// whenText says when an option matters, where the others can make it moot: " (only with
// mode=match)".
func whenText(o engine.OptionSpec) string {
	if len(o.When) == 0 {
		return ""
	}
	var conds []string
	for _, k := range slices.Sorted(maps.Keys(o.When)) {
		conds = append(conds, k+"="+strings.Join(o.When[k], " or "+k+"="))
	}
	return " (only with " + strings.Join(conds, " and ") + ")"
}
