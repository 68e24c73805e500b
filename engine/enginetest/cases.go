package enginetest

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"

	"deuce/engine"
)

// Rules cases are a game's rules written one line each, the way chess tests write (position,
// move) pairs:
//
//	SETUP: ACTIONS -> VERDICT EXPECTATIONS
//
// SETUP is a list of words, "key" or "key=value", that the game's Setup turns into a state. It
// must read every word: a word it leaves unread, or one given twice, makes the line unreadable.
//
// ACTIONS (possibly none) are separated by ";". Each is the game's notation, "#N" for the raw
// action number N, "~" for the first outcome of every chance node until a player is to move, or
// a KEY=VALUE check of the state at that point of the sequence.
//
// VERDICT is required: "ok" when every action applies, "illegal" when the last one is refused
// with an engine.ErrIllegal error and changes nothing (no action may follow a refused one). The
// EXPECTATIONS that follow are KEY=VALUE checks of the final state, read by the game's Describe;
// "_" stands for a space in a value. "reason=WORDS" is built in: the refusal's text contains
// WORDS.
//
// A line the harness cannot read (no "->", no verdict, an empty action, an expectation that is
// not KEY=VALUE, a key Describe does not know, an unread setup word) fails: no line is ever
// skipped or taken as checked when it checks nothing.

// ErrUnreadable marks a rules case the harness cannot read.
var ErrUnreadable = errors.New("unreadable rules case")

// ErrFailed marks a rules case that does not hold.
var ErrFailed = errors.New("rules case fails")

// Cases runs a game's rules cases. S is the game's state type and P its pointer, the
// engine.State. A refused action must change nothing: the whole value is compared, slices and
// pointers followed.
type Cases[S any, P interface {
	*S
	engine.State
}] struct {
	// Setup builds the state the setup words describe. It reads each word through w, reports a
	// bad value with w.Errorf and may then return nil.
	Setup func(w *Words) P
	// Describe renders one property of the state for a KEY=VALUE check; ok is false for a key
	// it does not know.
	Describe func(s P, key string) (value string, ok bool)
	// Invariant, when set, must hold after the setup and after every action.
	Invariant func(engine.State) error
}

// Run runs each line as a subtest named by the line.
func (c Cases[S, P]) Run(t *testing.T, lines []string) {
	t.Helper()
	if len(lines) == 0 {
		t.Fatal("no rules cases")
	}
	for _, line := range lines {
		t.Run(line, func(t *testing.T) { c.Case(t, line) })
	}
}

// Case runs one rules case, failing t when it cannot be read or does not hold.
func (c Cases[S, P]) Case(t testing.TB, line string) {
	t.Helper()
	if err := c.Check(line); err != nil {
		t.Error(err)
	}
}

// State returns the state "SETUP" or "SETUP: ACTIONS" describes, after the actions, each of
// which must apply; it fails t otherwise. It serves tests that start from a described state
// without a verdict of their own (a heuristic's choice, a parser's refusal).
func (c Cases[S, P]) State(t testing.TB, text string) P {
	t.Helper()
	setupText, actions, _ := strings.Cut(text, ":")
	s, err := c.setup(setupText)
	if err != nil {
		t.Fatal(err)
	}
	items, err := splitActions(actions)
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range items {
		if err := c.apply(s, a); err != nil {
			t.Fatalf("%q: %s: %v", text, a, err)
		}
	}
	return s
}

// Unparsable checks that ParseAction refuses text in the state setup describes ("SETUP" or
// "SETUP: ACTIONS") with an ErrIllegal error, changing nothing.
func (c Cases[S, P]) Unparsable(t *testing.T, setup, text string) {
	t.Helper()
	s := c.State(t, setup)
	before := snapshot(s)
	a, err := s.ParseAction(text)
	if !errors.Is(err, engine.ErrIllegal) {
		t.Errorf("ParseAction(%q) = %d, %v; want an ErrIllegal error", text, a, err)
	}
	if snapshot(s) != before {
		t.Errorf("ParseAction(%q) changed the state", text)
	}
}

// Choice checks that choose (a game's heuristic, with a fixed random source) picks the legal
// action written want in the state setup describes ("SETUP" or "SETUP: ACTIONS").
func (c Cases[S, P]) Choice(t *testing.T, setup string, choose func(engine.State, *rand.Rand) engine.Action, want string) {
	t.Helper()
	s := c.State(t, setup)
	a := choose(s, rand.New(rand.NewPCG(1, 1)))
	if got := s.ActionString(a); got != want {
		t.Errorf("%s: got %s, want %s", setup, got, want)
	}
	if !slices.Contains(s.Legal(nil), a) {
		t.Errorf("%s: %s is not legal", setup, s.ActionString(a))
	}
}

// Check runs one rules case and returns why it cannot be read (an ErrUnreadable error) or does
// not hold (an ErrFailed error), or nil.
func (c Cases[S, P]) Check(line string) error {
	unreadable := func(format string, args ...any) error {
		return fmt.Errorf("%w: %q: %s", ErrUnreadable, line, fmt.Sprintf(format, args...))
	}
	left, expect, ok := strings.Cut(line, "->")
	if !ok {
		return unreadable(`no "->" before the expectations`)
	}
	setupText, actions, ok := strings.Cut(left, ":")
	if !ok {
		return unreadable(`no ":" after the setup`)
	}
	want := strings.Fields(expect)
	if len(want) == 0 || (want[0] != "ok" && want[0] != "illegal") {
		return unreadable(`the expectations start with neither "ok" nor "illegal"`)
	}
	illegal, want := want[0] == "illegal", want[1:]
	var checks [][2]string
	for _, kv := range want {
		k, v, ok := strings.Cut(kv, "=")
		if !ok || k == "" {
			return unreadable("expectation %q is not KEY=VALUE", kv)
		}
		if k == "reason" && !illegal {
			return unreadable("a reason is expected of an action that applies")
		}
		checks = append(checks, [2]string{k, v})
	}
	items, err := splitActions(actions)
	if err != nil {
		return unreadable("%v", err)
	}
	s, err := c.setup(setupText)
	if err != nil {
		if errors.Is(err, ErrUnreadable) {
			return fmt.Errorf("%q: %w", line, err)
		}
		return err
	}
	// Every key is checked to be known before anything runs, so that a misspelt key fails even
	// where an earlier failure stops the case.
	for _, kv := range checks {
		if kv[0] == "reason" {
			continue
		}
		if _, ok := c.Describe(s, kv[0]); !ok {
			return unreadable("unknown expectation key %q", kv[0])
		}
	}
	for _, a := range items {
		if k, _, ok := checkItem(a); ok {
			if _, known := c.Describe(s, k); !known {
				return unreadable("unknown check key %q", k)
			}
		}
	}
	var errs []error
	failf := func(format string, args ...any) {
		errs = append(errs, fmt.Errorf("%w: %q: %s", ErrFailed, line, fmt.Sprintf(format, args...)))
	}
	var refusal error
	for i, a := range items {
		if k, v, ok := checkItem(a); ok {
			if got, _ := c.Describe(s, k); got != v {
				failf("after %s: %s = %s, want %s", strings.Join(items[:i], "; "), k, got, v)
			}
			continue
		}
		before := snapshot(s)
		err := c.apply(s, a)
		if err == nil {
			if c.Invariant != nil {
				if ierr := c.Invariant(s); ierr != nil {
					failf("after %s: %v", a, ierr)
					return errors.Join(errs...)
				}
			}
			continue
		}
		if !errors.Is(err, engine.ErrIllegal) {
			failf("%s: error %v does not match engine.ErrIllegal", a, err)
			return errors.Join(errs...)
		}
		if snapshot(s) != before {
			failf("%s: refused (%v) but the state changed", a, err)
			return errors.Join(errs...)
		}
		if i < len(items)-1 {
			failf("%s: refused (%v), so %s never ran", a, err, strings.Join(items[i+1:], "; "))
			return errors.Join(errs...)
		}
		refusal = err
	}
	switch {
	case !illegal && refusal != nil:
		failf("got error %v, want ok", refusal)
		return errors.Join(errs...)
	case illegal && refusal == nil:
		failf("got ok, want illegal")
		return errors.Join(errs...)
	}
	for _, kv := range checks {
		k, v := kv[0], kv[1]
		if k == "reason" {
			if text := strings.ReplaceAll(refusal.Error(), " ", "_"); !strings.Contains(text, v) {
				failf("refusal %q does not mention %q", refusal, v)
			}
			continue
		}
		if got, _ := c.Describe(s, k); got != v {
			failf("%s = %s, want %s", k, got, v)
		}
	}
	return errors.Join(errs...)
}

// setup reads the setup words and builds the state.
func (c Cases[S, P]) setup(text string) (P, error) {
	w, err := ParseWords(text)
	if err != nil {
		return nil, err
	}
	s := c.Setup(w)
	if err := w.Close(); err != nil {
		return nil, err
	}
	if s == nil {
		return nil, fmt.Errorf("%w: setup %q built no state", ErrUnreadable, text)
	}
	if c.Invariant != nil {
		if err := c.Invariant(s); err != nil {
			return nil, fmt.Errorf("%w: setup %q: %v", ErrFailed, text, err)
		}
	}
	return s, nil
}

// apply applies one action item: "~", "#N" or notation.
func (c Cases[S, P]) apply(s P, a string) error {
	if a == "~" {
		for n := 0; s.ToMove() == engine.Chance; n++ {
			if n == 10_000 {
				return errors.New("~: chance without end")
			}
			if err := s.Apply(s.Legal(nil)[0]); err != nil {
				return fmt.Errorf("~: %w", err)
			}
		}
		return nil
	}
	return ApplyText(s, a)
}

// ApplyText applies a notation or "#N" (the raw action number N) to s.
func ApplyText(s engine.State, text string) error {
	if n, ok := strings.CutPrefix(text, "#"); ok {
		if a, err := strconv.ParseInt(n, 10, 32); err == nil {
			return s.Apply(engine.Action(a))
		}
	}
	a, err := s.ParseAction(text)
	if err != nil {
		return err
	}
	return s.Apply(a)
}

// splitActions splits the actions of a case; an empty item between separators is an error.
func splitActions(text string) ([]string, error) {
	if strings.TrimSpace(text) == "" {
		return nil, nil
	}
	var items []string
	for a := range strings.SplitSeq(text, ";") {
		a = strings.TrimSpace(a)
		if a == "" {
			return nil, fmt.Errorf("an empty action in %q", text)
		}
		items = append(items, a)
	}
	return items, nil
}

// checkItem reports whether an action item is a KEY=VALUE check.
func checkItem(a string) (key, value string, ok bool) {
	if strings.HasPrefix(a, "#") || strings.ContainsAny(a, " \t") {
		return "", "", false
	}
	key, value, ok = strings.Cut(a, "=")
	return key, value, ok && key != ""
}

// Words are the setup words of a rules case. A game's Setup reads them through the methods
// below, each of which marks the word read; Close then refuses the words nobody read.
type Words struct {
	text    string
	order   []string
	values  map[string]string
	flagged map[string]bool // given without "="
	read    map[string]bool
	errs    []error
}

// ParseWords splits setup text into words, "key" or "key=value"; a key given twice is an error.
func ParseWords(text string) (*Words, error) {
	w := &Words{text: strings.TrimSpace(text), values: map[string]string{}, flagged: map[string]bool{}, read: map[string]bool{}}
	for _, f := range strings.Fields(text) {
		k, v, hasValue := strings.Cut(f, "=")
		if k == "" {
			return nil, fmt.Errorf("%w: setup word %q has no key", ErrUnreadable, f)
		}
		if _, dup := w.values[k]; dup {
			return nil, fmt.Errorf("%w: setup word %q given twice", ErrUnreadable, k)
		}
		w.order = append(w.order, k)
		w.values[k] = v
		w.flagged[k] = !hasValue
	}
	return w, nil
}

// Has reports whether the word key is given, with or without a value, and marks it read.
func (w *Words) Has(key string) bool {
	w.read[key] = true
	_, ok := w.values[key]
	return ok
}

// Flag reports whether the word key is given, and marks it read; a value given to it ("serve=1"
// for "serve") is reported.
func (w *Words) Flag(key string) bool {
	ok := w.Has(key)
	if ok && !w.flagged[key] {
		w.Errorf("%s=%s: %s takes no value", key, w.values[key], key)
	}
	return ok
}

// Value returns the value of key and whether key is given, and marks it read; the word given
// without a value ("hand" for "hand=...") is reported.
func (w *Words) Value(key string) (string, bool) {
	w.read[key] = true
	v, ok := w.values[key]
	if ok && w.flagged[key] {
		w.Errorf("%s: want %s=VALUE", key, key)
	}
	return v, ok
}

// Get returns the value of key, or def when key is not given.
func (w *Words) Get(key, def string) string {
	if v, ok := w.Value(key); ok {
		return v
	}
	return def
}

// Int returns the integer value of key, or def when key is not given; a value that is not an
// integer is reported.
func (w *Words) Int(key string, def int) int {
	v, ok := w.Value(key)
	if !ok {
		return def
	}
	n, err := strconv.Atoi(v)
	if err != nil {
		w.Errorf("%s=%s: not a number", key, v)
		return def
	}
	return n
}

// Errorf reports a setup word the game cannot read; the case then fails as unreadable.
func (w *Words) Errorf(format string, args ...any) {
	w.errs = append(w.errs, fmt.Errorf(format, args...))
}

// Close returns the errors reported and the words left unread, as one ErrUnreadable error, or
// nil.
func (w *Words) Close() error {
	errs := slices.Clone(w.errs)
	for _, k := range w.order {
		if !w.read[k] {
			errs = append(errs, fmt.Errorf("unknown setup word %q", k))
		}
	}
	if len(errs) == 0 {
		return nil
	}
	return fmt.Errorf("%w: setup %q: %w", ErrUnreadable, w.text, errors.Join(errs...))
}
