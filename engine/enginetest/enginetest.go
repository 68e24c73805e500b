// Package enginetest checks that a game keeps the engine contract, the way testing/fstest
// checks a file system.
//
// A game's tests call it with one line:
//
//	func TestConformance(t *testing.T) { enginetest.Run(t, centercourt.Game, enginetest.Config{}) }
//
// Run plays many seeded random matches of every variant and checks, at every step: the seat to
// move is valid; legal lists are strictly ascending, non-empty until the end, and equal to the
// chance outcomes at chance nodes, whose weights are positive; every legal action applies to a
// clone; illegal actions (gaps, out-of-range and extreme numbers) fail with engine.ErrIllegal
// and change nothing; reading methods change nothing; clones are independent; notation
// round-trips; observations encode to JSON and have a text form; every determinization keeps the
// determinizing seat's observation and legal actions, keeps the spectator's observation (so no
// seat's secrets reach a spectator or another seat), depends on that observation only, and
// changes nothing; results appear exactly at the end; the match ends within a bound; the same
// seed gives the same transcript; the record replays to the same final state. All violations
// are reported, not just the first (each kind is reported a few times at most).
//
// The package also holds the harness the games' own tests share, so that a new game gets it,
// and its strictness, by filling in a struct:
//
//   - Cases runs rules cases written one line each, "setup: actions -> ok|illegal key=value...",
//     from the game's Setup (reading Words) and Describe; a line it cannot read fails.
//   - Player plays checked matches with chosen players (Matches: random, heuristic against
//     random, heuristic) and records golden matches (Record, Golden, Narration).
//   - States collects the states met in random matches, on which CheckRefusals,
//     CheckNotation, CheckDeterminized and CheckObservations check the contract with the state
//     compared as a whole value.
//   - Perft and CheckPerft pin a game tree; RunVariants and RunOptions run Run per variant and
//     on option sets.
package enginetest

import (
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"hash/maphash"
	"math"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"

	"deuce/engine"
)

// Config tunes Run. The zero value is a sensible default.
type Config struct {
	// Matches is the number of random matches per variant (default 300). With -short or the
	// race detector a quarter of them are played (at least one).
	Matches int
	// Seed is the base seed (default 1).
	Seed uint64
	// MaxActions bounds a match's length (default 200,000 actions).
	MaxActions int
	// Variants restricts the run to these variants (default: all of them).
	Variants []string
	// Invariant, when set, is checked after every action; it returns an error describing a
	// game-specific violation (card conservation, hand limits, score monotonicity).
	Invariant func(s engine.State) error
	// DeepEvery runs the costly checks (apply every legal action, determinize for every seat)
	// on one step in DeepEvery (default 1: every step).
	DeepEvery int
}

func (c Config) withDefaults() Config {
	if c.Matches <= 0 {
		c.Matches = 300
	}
	if testing.Short() || raceEnabled {
		c.Matches = max(1, c.Matches/4)
	}
	if c.Seed == 0 {
		c.Seed = 1
	}
	if c.MaxActions <= 0 {
		c.MaxActions = 200_000
	}
	if c.DeepEvery <= 0 {
		c.DeepEvery = 1
	}
	return c
}

// Run checks g against the engine contract over every variant (or cfg.Variants).
func Run(t *testing.T, g engine.Game, cfg Config) {
	t.Helper()
	cfg = cfg.withDefaults()
	if g.Name == "" || g.Title == "" || g.New == nil {
		t.Fatalf("game %q: Name, Title and New are required", g.Name)
	}
	variants, err := selectVariants(g, cfg.Variants)
	if err != nil {
		t.Fatal(err)
	}
	for _, v := range variants {
		t.Run(v.Name, func(t *testing.T) {
			for _, violation := range CheckVariant(g, v.Options, cfg) {
				t.Error(violation)
			}
		})
	}
}

// selectVariants returns the variants of g that names lists (all of them when it is empty; a game
// without variants has one, "default"). A name g does not have is an error, so that a misspelt
// name fails the run instead of checking nothing.
func selectVariants(g engine.Game, names []string) ([]engine.Variant, error) {
	variants := g.Variants
	if len(variants) == 0 {
		variants = []engine.Variant{{Name: "default", Options: engine.Options{}}}
	}
	if len(names) == 0 {
		return variants, nil
	}
	var out []engine.Variant
	for _, name := range names {
		i := slices.IndexFunc(variants, func(v engine.Variant) bool { return v.Name == name })
		if i < 0 {
			return nil, fmt.Errorf("game %s has no variant %q", g.Name, name)
		}
		out = append(out, variants[i])
	}
	return out, nil
}

// CheckVariant plays cfg.Matches checked random matches of g with opts and returns every
// violation found (the first few of each kind, then a count).
func CheckVariant(g engine.Game, opts engine.Options, cfg Config) []Violation {
	cfg = cfg.withDefaults()
	r := &reporter{seen: map[string]int{}, groups: map[string]uint64{}}
	for i := range cfg.Matches {
		checkMatch(r, g, opts, cfg.Seed+uint64(i), cfg, i%10 == 0)
	}
	return r.violations()
}

// checkMatch plays one checked random match; with reproduce it also replays the seed and the
// record and compares.
func checkMatch(r *reporter, g engine.Game, opts engine.Options, seed uint64, cfg Config, reproduce bool) {
	rec, final := playChecked(r, g, opts, seed, cfg)
	if rec != nil && reproduce {
		checkReproducible(r, g, opts, seed, cfg, rec, final)
	}
}

// Fuzz plays one fully checked random match of g per fuzz input (a seed and a variant index).
// Call it from a fuzz target: func FuzzRules(f *testing.F) { enginetest.Fuzz(f, Game, enginetest.Config{}) }.
func Fuzz(f *testing.F, g engine.Game, cfg Config) {
	f.Helper()
	cfg = cfg.withDefaults()
	variants := g.Variants
	if len(variants) == 0 {
		variants = []engine.Variant{{Name: "default", Options: engine.Options{}}}
	}
	// The seed corpus runs as a plain test too: with -short or the race detector it holds the
	// default variant only (fuzzing still reaches every variant through the variant byte).
	for i := range variants {
		if i > 0 && (testing.Short() || raceEnabled) {
			break
		}
		f.Add(uint64(i)+1, uint8(i))
	}
	f.Fuzz(func(t *testing.T, seed uint64, variant uint8) {
		v := variants[int(variant)%len(variants)]
		r := &reporter{seen: map[string]int{}, groups: map[string]uint64{}}
		checkMatch(r, g, v.Options, seed, cfg, true)
		for _, violation := range r.violations() {
			t.Errorf("variant %s: %v", v.Name, violation)
		}
	})
}

// Violation is one breach of the contract.
type Violation struct {
	Kind string // "legal", "illegal", "hidden", "determinize", ...
	Text string
}

func (v Violation) String() string { return v.Kind + ": " + v.Text }

// reporter collects violations by kind, keeping the first few of each and counting the rest.
type reporter struct {
	kept []Violation
	seen map[string]int
	// groups maps a seat's observation (and the seat to move) to the determinization drawn
	// with a fixed seed from the first state that showed it: every later state showing the same
	// must determinize to the same.
	groups map[string]uint64
}

const maxGroups = 50_000

const perKind = 3

func (r *reporter) errorf(kind, format string, args ...any) {
	r.seen[kind]++
	if r.seen[kind] <= perKind {
		r.kept = append(r.kept, Violation{Kind: kind, Text: fmt.Sprintf(format, args...)})
	}
}

func (r *reporter) violations() []Violation {
	out := slices.Clone(r.kept)
	kinds := make([]string, 0, len(r.seen))
	for k := range r.seen {
		kinds = append(kinds, k)
	}
	slices.Sort(kinds)
	for _, k := range kinds {
		if n := r.seen[k]; n > perKind {
			out = append(out, Violation{Kind: k, Text: fmt.Sprintf("%d violations in all (first %d shown)", n, perKind)})
		}
	}
	return out
}

// Sample returns the next action of a random match: a weighted chance outcome at chance nodes,
// a uniformly random legal action otherwise.
func Sample(s engine.State, rng *rand.Rand, buf []engine.Action, cbuf []engine.ChanceOutcome) engine.Action {
	if s.ToMove() == engine.Chance {
		return engine.SampleChance(rng, s.Chances(cbuf))
	}
	legal := s.Legal(buf)
	return legal[rng.IntN(len(legal))]
}

// RandomMatch plays a whole random match of g with opts from seed and returns its record and
// final state. It stops with an error after maxActions actions.
func RandomMatch(g engine.Game, opts engine.Options, seed uint64, maxActions int) (*engine.Record, engine.State, error) {
	s, resolved, err := g.Start(opts)
	if err != nil {
		return nil, nil, err
	}
	rec := engine.NewRecord(g, resolved, nil)
	rec.Seed = seed
	rng := rand.New(rand.NewPCG(seed, 0x5eed))
	var buf []engine.Action
	var cbuf []engine.ChanceOutcome
	for n := 0; s.ToMove() != engine.Nobody; n++ {
		if n >= maxActions {
			return rec, s, fmt.Errorf("match with seed %d not over after %d actions", seed, maxActions)
		}
		if err := rec.Apply(s, Sample(s, rng, buf, cbuf)); err != nil {
			return rec, s, err
		}
	}
	return rec, s, nil
}

func playChecked(r *reporter, g engine.Game, opts engine.Options, seed uint64, cfg Config) (*engine.Record, engine.State) {
	s, resolved, err := g.Start(opts)
	if err != nil {
		r.errorf("start", "variant options %v: %v", opts, err)
		return nil, nil
	}
	rec := engine.NewRecord(g, resolved, nil)
	rec.Seed = seed
	rng := rand.New(rand.NewPCG(seed, 0x5eed))
	drng := rand.New(rand.NewPCG(seed, 0xde7e))
	n := s.NumSeats()
	if n < 1 {
		r.errorf("seats", "NumSeats() = %d", n)
		return nil, nil
	}
	for step := 0; ; step++ {
		to := s.ToMove()
		if to == engine.Nobody {
			break
		}
		if step >= cfg.MaxActions {
			r.errorf("termination", "seed %d: not over after %d actions", seed, step)
			return nil, nil
		}
		ctx := fmt.Sprintf("seed %d step %d (%v to move)", seed, step, to)
		if to != engine.Chance && (to < 0 || int(to) >= n) {
			r.errorf("to-move", "%s: ToMove() = %d with %d seats", ctx, to, n)
			return nil, nil
		}
		if !checkStep(r, s, ctx, step%cfg.DeepEvery == 0, drng) {
			return nil, nil
		}
		a := Sample(s, rng, nil, nil)
		before := s.Clone()
		if err := rec.Apply(s, a); err != nil {
			r.errorf("apply", "%s: legal action %d (%s) failed: %v", ctx, a, before.ActionString(a), err)
			return nil, nil
		}
		if reflect.DeepEqual(before, s) {
			r.errorf("apply", "%s: action %d (%s) changed nothing", ctx, a, before.ActionString(a))
		}
		if cfg.Invariant != nil {
			if err := cfg.Invariant(s); err != nil {
				r.errorf("invariant", "%s after %s: %v", ctx, before.ActionString(a), err)
			}
		}
	}
	res := s.Result()
	if !res.Over {
		r.errorf("result", "seed %d: match over but Result().Over is false", seed)
	}
	if len(res.Returns) != n {
		r.errorf("result", "seed %d: %d returns for %d seats", seed, len(res.Returns), n)
	}
	for _, v := range res.Returns {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			r.errorf("result", "seed %d: return %v", seed, v)
		}
	}
	if res.Winner != engine.Nobody && (res.Winner < 0 || int(res.Winner) >= n) {
		r.errorf("result", "seed %d: winner %d", seed, res.Winner)
	}
	if res.Score == "" {
		r.errorf("result", "seed %d: empty score", seed)
	}
	if legal := s.Legal(nil); len(legal) != 0 {
		r.errorf("legal", "seed %d: %d legal actions after the end", seed, len(legal))
	}
	if err := s.Apply(0); err == nil || !isIllegal(err) {
		r.errorf("illegal", "seed %d: Apply after the end returned %v, want an ErrIllegal error", seed, err)
	}
	checkObservations(r, s, fmt.Sprintf("seed %d end", seed))
	return rec, s
}

func isIllegal(err error) bool {
	return err != nil && errors.Is(err, engine.ErrIllegal)
}

// checkStep runs every per-state check; it returns false when the match cannot go on.
func checkStep(r *reporter, s engine.State, ctx string, deep bool, drng *rand.Rand) bool {
	snap := snapshot(s)
	if !reflect.DeepEqual(s.Clone(), s) {
		r.errorf("clone", "%s: a fresh clone differs from the original", ctx)
	}
	to := s.ToMove()
	legal := s.Legal(nil)
	if len(legal) == 0 {
		r.errorf("legal", "%s: no legal action before the end", ctx)
		return false
	}
	for i := 1; i < len(legal); i++ {
		if legal[i] <= legal[i-1] {
			r.errorf("legal", "%s: Legal not strictly ascending: %v", ctx, legal)
			break
		}
	}
	buf := make([]engine.Action, 0, 1)
	if again := s.Legal(buf); !slices.Equal(again, legal) {
		r.errorf("legal", "%s: Legal with a buffer gave %v, without %v", ctx, again, legal)
	}
	chances := s.Chances(nil)
	if to == engine.Chance {
		if len(chances) != len(legal) {
			r.errorf("chance", "%s: %d chance outcomes but %d legal actions", ctx, len(chances), len(legal))
		} else {
			for i, c := range chances {
				if c.Action != legal[i] {
					r.errorf("chance", "%s: chance outcome %d is action %d, Legal has %d", ctx, i, c.Action, legal[i])
				}
				if c.Weight < 1 {
					r.errorf("chance", "%s: outcome %d has weight %d", ctx, c.Action, c.Weight)
				}
			}
		}
	} else if len(chances) != 0 {
		r.errorf("chance", "%s: %d chance outcomes at a decision node", ctx, len(chances))
	}
	if res := s.Result(); res.Over || res.Returns != nil {
		r.errorf("result", "%s: Result() = %+v before the end", ctx, res)
	}
	for _, a := range legal {
		text := s.ActionString(a)
		if text == "" {
			r.errorf("notation", "%s: action %d has no text", ctx, a)
			continue
		}
		got, err := s.ParseAction(text)
		if err != nil || got != a {
			r.errorf("notation", "%s: ParseAction(%q) = %d, %v; want %d", ctx, text, got, err, a)
		}
	}
	if _, err := s.ParseAction("\x00not an action\xff"); !isIllegal(err) {
		r.errorf("notation", "%s: ParseAction of garbage returned %v, want an ErrIllegal error", ctx, err)
	}
	checkObservations(r, s, ctx)
	checkIllegal(r, s, snap, legal, ctx)
	if deep {
		checkApplyAll(r, s, snap, legal, ctx)
		checkDeterminize(r, s, ctx, drng)
	}
	if snapshot(s) != snap {
		r.errorf("read-only", "%s: reading methods changed the state", ctx)
		return false
	}
	return true
}

func checkObservations(r *reporter, s engine.State, ctx string) {
	for _, seat := range seatsAndSpectator(s) {
		o := s.Observe(seat)
		if o == nil {
			r.errorf("observe", "%s: Observe(%v) is nil", ctx, seat)
			continue
		}
		if _, err := json.Marshal(o); err != nil {
			r.errorf("observe", "%s: Observe(%v) does not encode: %v", ctx, seat, err)
		}
		if o.String() == "" {
			r.errorf("observe", "%s: Observe(%v) has no text", ctx, seat)
		}
	}
	for _, bad := range []engine.Seat{engine.Seat(s.NumSeats()), engine.Seat(math.MaxInt32), engine.Chance, engine.Nobody} {
		func() {
			defer func() {
				if p := recover(); p != nil {
					r.errorf("observe", "%s: Observe(%d) panicked: %v", ctx, bad, p)
				}
			}()
			s.Observe(bad)
		}()
	}
}

func seatsAndSpectator(s engine.State) []engine.Seat {
	seats := make([]engine.Seat, 0, s.NumSeats()+1)
	for i := range s.NumSeats() {
		seats = append(seats, engine.Seat(i))
	}
	return append(seats, engine.Spectator)
}

// checkIllegal tries actions that are not legal: gaps in the legal list, numbers just outside
// it, negative and extreme values.
func checkIllegal(r *reporter, s engine.State, snap uint64, legal []engine.Action, ctx string) {
	candidates := []engine.Action{-1, legal[0] - 1, legal[len(legal)-1] + 1, legal[len(legal)-1] + 1000, math.MaxInt32, math.MinInt32}
	for i := 1; i < len(legal) && i < 50; i++ {
		if legal[i] > legal[i-1]+1 {
			candidates = append(candidates, legal[i-1]+1)
		}
	}
	for _, a := range candidates {
		if _, ok := slices.BinarySearch(legal, a); ok {
			continue
		}
		c := s.Clone()
		var err error
		func() {
			defer func() {
				if p := recover(); p != nil {
					err = fmt.Errorf("panic: %v", p)
				}
			}()
			err = c.Apply(a)
		}()
		if !isIllegal(err) {
			r.errorf("illegal", "%s: Apply(%d) of an unlisted action returned %v, want an ErrIllegal error", ctx, a, err)
			continue
		}
		if snapshot(c) != snap {
			r.errorf("illegal", "%s: refused Apply(%d) changed the state", ctx, a)
		}
	}
}

// checkApplyAll applies every legal action to its own clone and checks clone independence
// (against snap, the snapshot of s) and that narration tells no seat more than its observation
// after the action.
func checkApplyAll(r *reporter, s engine.State, snap uint64, legal []engine.Action, ctx string) {
	seats := seatsAndSpectator(s)
	// For each seat: observation after the action -> narration of the action.
	told := make([]map[string]string, len(seats))
	for i := range told {
		told[i] = map[string]string{}
	}
	for _, a := range legal {
		c := s.Clone()
		var narrations []string
		for _, seat := range seats {
			narrations = append(narrations, engine.Narrate(s, a, seat))
		}
		if err := c.Apply(a); err != nil {
			r.errorf("apply", "%s: legal action %d (%s) failed on a clone: %v", ctx, a, s.ActionString(a), err)
			continue
		}
		for i, seat := range seats {
			if narrations[i] == "" {
				r.errorf("narrate", "%s: Narrate(%s, %v) is empty", ctx, s.ActionString(a), seat)
			}
			obs := observationJSON(c, seat)
			if prev, ok := told[i][obs]; ok && prev != narrations[i] {
				r.errorf("hidden", "%s: %v is told %q and %q of two actions it cannot tell apart afterwards", ctx, seat, prev, narrations[i])
			}
			told[i][obs] = narrations[i]
		}
	}
	if snapshot(s) != snap {
		r.errorf("clone", "%s: applying legal actions to clones changed the original", ctx)
	}
}

func checkDeterminize(r *reporter, s engine.State, ctx string, drng *rand.Rand) {
	if _, ok := s.(engine.Determinizer); !ok {
		return
	}
	spectator := observationJSON(s, engine.Spectator)
	for _, seat := range seatsAndSpectator(s) {
		seed := drng.Uint64()
		d := engine.Determinize(s, seat, rand.New(rand.NewPCG(seed, 1)))
		if d == nil {
			r.errorf("determinize", "%s: Determinize(%v) returned nil", ctx, seat)
			continue
		}
		if got, want := observationJSON(d, seat), observationJSON(s, seat); got != want {
			r.errorf("determinize", "%s: Determinize(%v) changed that seat's observation:\n got %s\nwant %s", ctx, seat, got, want)
		}
		if got := observationJSON(d, engine.Spectator); got != spectator {
			r.errorf("hidden", "%s: the spectator's observation differs after Determinize(%v), so it shows something %v cannot see:\n got %s\nwant %s", ctx, seat, seat, got, spectator)
		}
		// The standing of a match under way is public: the server lists it beside the table.
		if res := s.Result(); !res.Over && !reflect.DeepEqual(d.Result(), res) {
			r.errorf("hidden", "%s: the standing (Result while the match goes on) differs after Determinize(%v), so it shows something %v cannot see:\n got %+v\nwant %+v", ctx, seat, seat, d.Result(), res)
		}
		if d.ToMove() != s.ToMove() {
			r.errorf("determinize", "%s: Determinize(%v) changed the seat to move", ctx, seat)
		}
		if s.ToMove() == seat && !slices.Equal(d.Legal(nil), s.Legal(nil)) {
			r.errorf("determinize", "%s: Determinize(%v) changed that seat's legal actions", ctx, seat)
		}
		key := fmt.Sprintf("%d %d %s", seat, s.ToMove(), observationJSON(s, seat))
		fixed := snapshot(engine.Determinize(s, seat, rand.New(rand.NewPCG(42, 42))))
		if prev, ok := r.groups[key]; ok && prev != fixed {
			r.errorf("determinize", "%s: two states with the same observation for %v determinize differently with the same seed, so Determinize reads hidden information", ctx, seat)
		} else if !ok && len(r.groups) < maxGroups {
			r.groups[key] = fixed
		}
		// Same observation and same random stream: same determinization.
		e1 := engine.Determinize(d, seat, rand.New(rand.NewPCG(seed, 2)))
		e2 := engine.Determinize(s, seat, rand.New(rand.NewPCG(seed, 2)))
		if snapshot(e1) != snapshot(e2) {
			r.errorf("determinize", "%s: Determinize(%v) depends on more than that seat's observation", ctx, seat)
		}
		checkInferred(r, s, seat, seed, spectator, ctx)
	}
}

// checkInferred checks an engine.Inferrer's inferred determinization for seat as Determinize
// is checked: seat's observation, the spectator's, the seat to move and its legal actions
// unchanged, s unchanged, and no hidden card read: dealing again from a state the first deal
// gave, which differs from s in nothing seat may know, gives the same deal.
func checkInferred(r *reporter, s engine.State, seat engine.Seat, seed uint64, spectator, ctx string) {
	if _, ok := s.(engine.Inferrer); !ok {
		return
	}
	snap := snapshot(s)
	d := engine.DeterminizeInferred(nil, s, seat, rand.New(rand.NewPCG(seed, 3)))
	if d == nil || d == s {
		r.errorf("infer", "%s: DeterminizeInferred(%v) returned nil or the state itself", ctx, seat)
		return
	}
	if snapshot(s) != snap {
		r.errorf("infer", "%s: DeterminizeInferred(%v) changed the state", ctx, seat)
	}
	if got, want := observationJSON(d, seat), observationJSON(s, seat); got != want {
		r.errorf("infer", "%s: DeterminizeInferred(%v) changed that seat's observation:\n got %s\nwant %s", ctx, seat, got, want)
	}
	if got := observationJSON(d, engine.Spectator); got != spectator {
		r.errorf("infer", "%s: the spectator's observation differs after DeterminizeInferred(%v):\n got %s\nwant %s", ctx, seat, got, spectator)
	}
	if d.ToMove() != s.ToMove() || (s.ToMove() == seat && !slices.Equal(d.Legal(nil), s.Legal(nil))) {
		r.errorf("infer", "%s: DeterminizeInferred(%v) changed the seat to move or its legal actions", ctx, seat)
	}
	e1 := engine.DeterminizeInferred(nil, d, seat, rand.New(rand.NewPCG(seed, 4)))
	e2 := engine.DeterminizeInferred(nil, s, seat, rand.New(rand.NewPCG(seed, 4)))
	if snapshot(e1) != snapshot(e2) {
		r.errorf("infer", "%s: DeterminizeInferred(%v) depends on cards that seat cannot see", ctx, seat)
	}
}

// snapshot fingerprints a state's whole value, the contents of its slices, maps and pointers
// included, so that a change is seen even when the game's own Clone shares memory with the
// original.
func snapshot(s engine.State) uint64 {
	f := fingerprinter{seen: map[uintptr]bool{}}
	f.h.SetSeed(fingerprintSeed)
	f.value(reflect.ValueOf(s))
	return f.h.Sum64()
}

var fingerprintSeed = maphash.MakeSeed()

type fingerprinter struct {
	h    maphash.Hash
	buf  [8]byte
	seen map[uintptr]bool // pointers already followed, against cycles
}

func (f *fingerprinter) uint(x uint64) {
	binary.LittleEndian.PutUint64(f.buf[:], x)
	f.h.Write(f.buf[:])
}

func (f *fingerprinter) value(v reflect.Value) {
	switch v.Kind() {
	case reflect.Invalid:
		f.uint(0)
	case reflect.Bool:
		if v.Bool() {
			f.uint(1)
		} else {
			f.uint(0)
		}
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		f.uint(uint64(v.Int()))
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		f.uint(v.Uint())
	case reflect.Float32, reflect.Float64:
		f.uint(math.Float64bits(v.Float()))
	case reflect.Complex64, reflect.Complex128:
		c := v.Complex()
		f.uint(math.Float64bits(real(c)))
		f.uint(math.Float64bits(imag(c)))
	case reflect.String:
		f.uint(uint64(v.Len()))
		f.h.WriteString(v.String())
	case reflect.Array:
		for i := range v.Len() {
			f.value(v.Index(i))
		}
	case reflect.Slice:
		f.uint(uint64(v.Len()))
		for i := range v.Len() {
			f.value(v.Index(i))
		}
	case reflect.Struct:
		for i := range v.NumField() {
			f.value(v.Field(i))
		}
	case reflect.Pointer, reflect.Interface:
		if v.IsNil() {
			f.uint(0)
			return
		}
		if v.Kind() == reflect.Pointer {
			if f.seen[v.Pointer()] {
				f.uint(2)
				return
			}
			f.seen[v.Pointer()] = true
		}
		f.uint(1)
		f.value(v.Elem())
	case reflect.Map:
		// Maps are hashed by content in an order-independent way: the sum of each entry's hash.
		f.uint(uint64(v.Len()))
		var sum uint64
		for it := v.MapRange(); it.Next(); {
			e := fingerprinter{seen: map[uintptr]bool{}}
			e.h.SetSeed(fingerprintSeed)
			e.value(it.Key())
			e.value(it.Value())
			sum += e.h.Sum64()
		}
		f.uint(sum)
	default:
		// Channels and functions have no content a game may keep: their identity stands in.
		f.uint(uint64(v.Pointer()))
	}
}

func observationJSON(s engine.State, seat engine.Seat) string {
	b, err := json.Marshal(s.Observe(seat))
	if err != nil {
		return "error: " + err.Error()
	}
	return string(b)
}

// checkReproducible replays the same seed and the record and compares.
func checkReproducible(r *reporter, g engine.Game, opts engine.Options, seed uint64, cfg Config, rec *engine.Record, final engine.State) {
	rec2, final2, err := RandomMatch(g, opts, seed, cfg.MaxActions)
	if err != nil {
		r.errorf("determinism", "seed %d: second run: %v", seed, err)
		return
	}
	if !reflect.DeepEqual(rec.Moves, rec2.Moves) {
		r.errorf("determinism", "seed %d: the same seed gave a different transcript", seed)
	}
	if !reflect.DeepEqual(final, final2) {
		r.errorf("determinism", "seed %d: the same seed gave a different final state", seed)
	}
	replayed, err := engine.Replay(g, rec, nil)
	if err != nil {
		r.errorf("replay", "seed %d: %v", seed, err)
		return
	}
	if !reflect.DeepEqual(replayed, final) {
		r.errorf("replay", "seed %d: the record replays to a different final state", seed)
	}
}

// RandomState returns a state of g reached from seed: a random variant, then up to maxActions
// random actions (chance sampled by weight), stopping early at the end of the match.
func RandomState(g engine.Game, seed uint64, maxActions int) (engine.State, error) {
	rng := rand.New(rand.NewPCG(seed, 0xf022))
	variants := g.Variants
	if len(variants) == 0 {
		variants = []engine.Variant{{Name: "default", Options: engine.Options{}}}
	}
	s, _, err := g.Start(variants[rng.IntN(len(variants))].Options)
	if err != nil {
		return nil, err
	}
	for n := rng.IntN(maxActions + 1); n > 0 && s.ToMove() != engine.Nobody; n-- {
		if err := s.Apply(Sample(s, rng, nil, nil)); err != nil {
			return nil, err
		}
	}
	return s, nil
}

// FuzzParse checks ParseAction on any text in random states of g (see RandomState, with up to
// maxActions actions): it never panics or changes the state, refuses with an ErrIllegal error,
// and returns only legal actions. seeds are notation strings for the seed corpus.
func FuzzParse(f *testing.F, g engine.Game, maxActions int, seeds ...string) {
	f.Helper()
	for i, text := range seeds {
		f.Add(uint64(i+1), text)
	}
	f.Fuzz(func(t *testing.T, seed uint64, text string) {
		s, err := RandomState(g, seed, maxActions)
		if err != nil {
			t.Fatal(err)
		}
		before := snapshot(s)
		a, err := s.ParseAction(text)
		if snapshot(s) != before {
			t.Fatalf("ParseAction(%q) changed the state", text)
		}
		if err != nil {
			if !errors.Is(err, engine.ErrIllegal) {
				t.Fatalf("ParseAction(%q): %v is not an ErrIllegal error", text, err)
			}
			return
		}
		if !slices.Contains(s.Legal(nil), a) {
			t.Fatalf("ParseAction(%q) = %d, which is not legal", text, a)
		}
	})
}

// FuzzApply checks Apply with any number in random states of g (see RandomState): a legal
// action applies, anything else is refused with an ErrIllegal error and changes nothing, and
// cfg.Invariant holds afterwards. seeds are action numbers for the seed corpus.
func FuzzApply(f *testing.F, g engine.Game, cfg Config, maxActions int, seeds ...int32) {
	f.Helper()
	for i, a := range seeds {
		f.Add(uint64(i+1), a)
	}
	f.Fuzz(func(t *testing.T, seed uint64, a int32) {
		s, err := RandomState(g, seed, maxActions)
		if err != nil {
			t.Fatal(err)
		}
		before := snapshot(s)
		legal := slices.Contains(s.Legal(nil), engine.Action(a))
		err = s.Apply(engine.Action(a))
		switch {
		case legal && err != nil:
			t.Fatalf("legal Apply(%d): %v", a, err)
		case !legal && !errors.Is(err, engine.ErrIllegal):
			t.Fatalf("Apply(%d) of an unlisted action = %v, want an ErrIllegal error", a, err)
		case !legal && snapshot(s) != before:
			t.Fatalf("refused Apply(%d) changed the state", a)
		}
		if cfg.Invariant != nil {
			if err := cfg.Invariant(s); err != nil {
				t.Fatal(err)
			}
		}
	})
}
