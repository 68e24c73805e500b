// Command deuce plays, simulates, solves and replays tennis tabletop games.
//
// Usage:
//
//	deuce serve [--addr 127.0.0.1:8080]  play in the browser
//	deuce list                          the games and their variants
//	deuce rules GAME                    a readable summary of a game's rules and options
//	deuce play GAME [flags]             play in the terminal against a bot or a friend
//	deuce sim GAME --bots A,B [flags]   round robins of bots: win rates, ratings, balance
//	deuce join LINK                     play a seat of a server's table from the terminal
//	deuce watch LINK                    watch a server's table
//	deuce login SERVER                  sign in to a server's account; logout signs out
//	deuce seek SERVER --game G          seek an opponent and play the table; seeks lists them
//	deuce replay FILE                   step through a recorded match, point by point
//	deuce analyze FILE                  judge every decision of a recorded match
//	deuce solve pencil [flags]          solve the bidding game exactly
//	deuce bots [GAME]                   the bot levels each game offers
//	deuce bench [engine|search|solver]  measure engine steps, search iterations, solver time
//	deuce bench serve [--tables 1000]   measure the browser server under load
//
// Every subcommand has --help.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime/debug"
	"strings"
	"syscall"
	"time"
)

func main() {
	// A batch scheduler stops a job with SIGTERM: a simulation then keeps what it has played.
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	err := run(ctx, os.Args[1:], os.Stdin, os.Stdout, os.Stderr)
	if err != nil && !errors.Is(err, flag.ErrHelp) {
		fmt.Fprintln(os.Stderr, "deuce:", errorText(ctx, err))
		os.Exit(exitCode(err))
	}
}

// errInterrupted is the error of a command stopped by a signal that has said already what it
// kept.
var errInterrupted = errors.New("interrupted")

// interruptedf is the error of a command stopped by a signal, saying what it kept; it is
// errInterrupted (errors.Is) for the exit code.
func interruptedf(format string, args ...any) error { return interrupted(fmt.Sprintf(format, args...)) }

type interrupted string

func (e interrupted) Error() string      { return string(e) }
func (interrupted) Is(target error) bool { return target == errInterrupted }

// errorText is err as a person reads it: a command stopped by Ctrl-C (or SIGTERM) says it was
// interrupted, not Go's "context canceled".
func errorText(ctx context.Context, err error) string {
	text := err.Error()
	if ctx.Err() == nil || !errors.Is(err, context.Canceled) {
		return text
	}
	if text = strings.TrimSuffix(text, ": context canceled"); text == "context canceled" {
		return "interrupted"
	}
	return text + ": interrupted"
}

// usageError is a mistake in how deuce was called; it exits with status 2.
type usageError struct{ msg string }

func (e usageError) Error() string { return e.msg }

func usagef(format string, args ...any) error { return usageError{fmt.Sprintf(format, args...)} }

func exitCode(err error) int {
	var u usageError
	switch {
	case errors.As(err, &u):
		return 2
	case errors.Is(err, errInterrupted), errors.Is(err, context.Canceled):
		return 130 // as a shell reports a command ended by Ctrl-C; SIGTERM too, for one code of interruption
	}
	return 1
}

type command struct {
	name    string
	summary string
	run     func(ctx context.Context, args []string, env *env) error
}

// env is what a subcommand reads and writes.
type env struct {
	stdin          io.Reader
	stdout, stderr io.Writer
}

func commands() []command {
	return []command{
		{"serve", "serve deuce in the browser", runServe},
		{"list", "list the games and their variants", runList},
		{"rules", "show a game's rules, options and the choices deuce made", runRules},
		{"play", "play a match in the terminal", runPlay},
		{"sim", "play many matches between bots and report", runSim},
		{"join", "play a seat of a table on a server, from its seat link", runJoin},
		{"watch", "watch a table on a server", runWatch},
		{"login", "sign in to a server's account and keep the session", runLogin},
		{"logout", "sign out of a server and forget the session", runLogout},
		{"seek", "post a seek on a server (or accept one) and play the table", runSeek},
		{"seeks", "list a server's open seeks", runSeeks},
		{"learn", "learn a game step by step, as the browser's lessons teach it", runLearn},
		{"replay", "step through a recorded match, point by point", runReplay},
		{"analyze", "judge every decision of a recorded match", runAnalyze},
		{"solve", "solve the bidding game exactly", runSolve},
		{"bots", "list the bot levels", runBots},
		{"bench", "measure the engine, the search, the solver, or the browser server under load", runBench},
	}
}

func run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	e := &env{stdin: stdin, stdout: stdout, stderr: stderr}
	if len(args) == 0 || args[0] == "-h" || args[0] == "--help" || args[0] == "help" {
		if len(args) > 1 && args[0] == "help" {
			return run(ctx, []string{args[1], "--help"}, stdin, stdout, stderr)
		}
		printUsage(stdout)
		if len(args) == 0 {
			return usagef("no command given")
		}
		return nil
	}
	if args[0] == "version" || args[0] == "--version" || args[0] == "-version" {
		fmt.Fprintln(stdout, "deuce", version())
		return nil
	}
	for _, c := range commands() {
		if c.name == args[0] {
			return c.run(ctx, args[1:], e)
		}
	}
	var names []string
	for _, c := range commands() {
		names = append(names, c.name)
	}
	names = append(names, "version")
	if near := closest(args[0], names); near != "" {
		return usagef("unknown command %q: did you mean %s? (deuce --help lists the commands)", args[0], near)
	}
	return usagef("unknown command %q; commands: %s (deuce --help for more)", args[0], strings.Join(names, ", "))
}

// version names the build: the module's version and the commit it was built from, as Go
// records them in the binary (go build in a git checkout records the commit, unless
// -buildvcs=false; go run does not).
func version() string {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return "(no build information)"
	}
	v := info.Main.Version
	var rev, at, modified string
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.time":
			at = s.Value
		case "vcs.modified":
			if s.Value == "true" {
				modified = ", with uncommitted changes"
			}
		}
	}
	if rev != "" {
		v += fmt.Sprintf(" (commit %.12s of %s%s)", rev, at, modified)
	}
	return v + ", " + info.GoVersion
}

// closest is the name of names a mistyped word most likely meant: the nearest by edit distance,
// at most two edits away (one for words of three letters or fewer), or "".
func closest(word string, names []string) string {
	best, bestD := "", 3
	if len(word) <= 3 {
		bestD = 2
	}
	for _, n := range names {
		if d := editDistance(strings.ToLower(word), n); d < bestD {
			best, bestD = n, d
		}
	}
	return best
}

// editDistance is the Levenshtein distance of a and b, in bytes: the words are command names.
// No library in the module does it, and it is ten lines.
func editDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur := make([]int, len(b)+1)
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev = cur
	}
	return prev[len(b)]
}

func printUsage(w io.Writer) {
	fmt.Fprintln(w, "deuce plays, simulates, solves and replays tennis tabletop games.")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "Usage: deuce COMMAND [arguments]")
	fmt.Fprintln(w)
	for _, c := range commands() {
		fmt.Fprintf(w, "  %-8s %s\n", c.name, c.summary)
	}
	fmt.Fprintln(w)
	fmt.Fprintln(w, "Run deuce COMMAND --help for a command's flags, deuce version for the build. Start with: deuce list")
}

// flagProblem rewrites the flag package's "invalid value "abc" for flag -matches: parse error"
// to say what the flag takes.
func flagProblem(fs *flag.FlagSet, err error) string {
	msg := err.Error()
	if name, ok := strings.CutPrefix(msg, "flag provided but not defined: -"); ok {
		return "unknown flag --" + name
	}
	rest, ok := strings.CutPrefix(msg, "invalid value ")
	if !ok {
		return msg
	}
	_, name, ok := strings.Cut(rest, " for flag -")
	if !ok {
		return msg
	}
	name, _, _ = strings.Cut(name, ":")
	f := fs.Lookup(name)
	if f == nil {
		return msg
	}
	g, ok := f.Value.(flag.Getter)
	if !ok {
		return msg
	}
	want := ""
	switch g.Get().(type) {
	case int, int64:
		want = "a whole number"
	case uint, uint64:
		want = "a whole number from 0"
	case float64:
		want = "a number"
	case bool:
		want = "true or false"
	case time.Duration:
		want = "a duration such as 90s, 5m or 1h30m"
	}
	if want == "" {
		return msg
	}
	value, _, _ := strings.Cut(rest, " for flag -")
	return fmt.Sprintf("--%s takes %s, not %s", name, want, value)
}

// newFlags makes a subcommand's flag set whose errors go to e.stderr and whose help (--help)
// goes to e.stdout, as deuce --help's does, so that it can be paged: deuce sim --help | less.
func newFlags(e *env, name, usage string) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(e.stderr)
	fs.Usage = func() {
		out := fs.Output()
		fs.SetOutput(e.stdout)
		defer fs.SetOutput(out)
		fmt.Fprintf(e.stdout, "Usage: deuce %s %s\n", name, usage)
		hasFlags := false
		fs.VisitAll(func(*flag.Flag) { hasFlags = true })
		if hasFlags {
			fmt.Fprintln(e.stdout, "\nFlags:")
			fs.PrintDefaults()
		}
	}
	return fs
}

// parseFlags parses args, allowing flags before and after positional arguments, and wraps
// errors as usage errors. A mistake gets its error and where to find the flags, not the whole
// help, which would scroll the error away; --help gets the help.
func parseFlags(fs *flag.FlagSet, args []string) ([]string, error) {
	var pos []string
	for {
		help, out := fs.Usage, fs.Output()
		fs.Usage = func() {}
		fs.SetOutput(io.Discard)
		err := fs.Parse(args)
		fs.Usage = help
		fs.SetOutput(out)
		if err != nil {
			if errors.Is(err, flag.ErrHelp) {
				help()
				return nil, err
			}
			return nil, usageError{fmt.Sprintf("%s (deuce %s --help lists the flags)", flagProblem(fs, err), fs.Name())}
		}
		args = fs.Args()
		if len(args) == 0 {
			return pos, nil
		}
		pos = append(pos, args[0])
		args = args[1:]
	}
}
