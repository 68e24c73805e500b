package enginetest

import (
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"deuce/engine"
)

// The helpers below are what the games' own tests share beyond the contract Run checks: playing
// matches with chosen players, collecting the states met on the way, and checking on those
// states the properties Run samples (refusals, notation, determinization, observations) more
// strictly, with the state compared as a whole value. S is a game's state type, plain
// comparable data; P its pointer, the engine.State.

// Policy chooses the action of the seat to move.
type Policy[P engine.State] func(s P, rng *rand.Rand) engine.Action

// RandomPolicy chooses a legal action uniformly.
func RandomPolicy[P engine.State](s P, rng *rand.Rand) engine.Action {
	var buf [64]engine.Action
	legal := s.Legal(buf[:0])
	return legal[rng.IntN(len(legal))]
}

// Determinized returns the policy that plays choose (a game's heuristic) on a determinization
// for the seat to move, so that choose sees only what that seat may know.
func Determinized[P engine.State](choose func(s engine.State, rng *rand.Rand) engine.Action) Policy[P] {
	return func(s P, rng *rand.Rand) engine.Action {
		return choose(engine.Determinize(s, s.ToMove(), rng), rng)
	}
}

// Policies returns the two players the games' tests use: random moves, and heuristic (a game's
// Heuristic) played on what the seat to move may know.
func Policies[P engine.State](heuristic func(s engine.State, rng *rand.Rand) engine.Action) (random, determinized Policy[P]) {
	return RandomPolicy[P], Determinized[P](heuristic)
}

// Invariant adapts a check of a game's own state type to Config.Invariant and the other hooks
// of the kit; a state of another type is an error.
func Invariant[P engine.State](check func(s P) error) func(engine.State) error {
	return func(st engine.State) error {
		s, ok := st.(P)
		if !ok {
			return fmt.Errorf("state is %T", st)
		}
		return check(s)
	}
}

// Step applies one action to s, a chance outcome sampled by weight or p's choice, and returns
// it; it fails t when the action is refused.
func Step[P engine.State](t testing.TB, s P, rng *rand.Rand, p Policy[P]) engine.Action {
	t.Helper()
	var a engine.Action
	if s.ToMove() == engine.Chance {
		var cbuf [64]engine.ChanceOutcome
		a = engine.SampleChance(rng, s.Chances(cbuf[:0]))
	} else {
		a = p(s, rng)
	}
	if err := s.Apply(a); err != nil {
		t.Fatalf("apply %s: %v", s.ActionString(a), err)
	}
	return a
}

// Start starts a match of g with opts, failing t on an error.
func Start[P engine.State](t testing.TB, g engine.Game, opts engine.Options) P {
	t.Helper()
	s, _, err := g.Start(opts)
	if err != nil {
		t.Fatal(err)
	}
	return s.(P)
}

// New calls g.New with opts and fails t unless it succeeds exactly when accept says; it returns
// the state and true when the options are accepted. It serves the table of a game's options.
func New[P engine.State](t *testing.T, g engine.Game, opts engine.Options, accept bool) (P, bool) {
	t.Helper()
	var zero P
	st, err := g.New(opts)
	if (err == nil) != accept {
		t.Fatalf("New(%v): error %v, want accepted %v", opts, err, accept)
	}
	if err != nil {
		return zero, false
	}
	return st.(P), true
}

// CheckVariantsStart checks that every variant of g starts.
func CheckVariantsStart(t *testing.T, g engine.Game) {
	t.Helper()
	for _, v := range g.Variants {
		if _, _, err := g.Start(v.Options); err != nil {
			t.Errorf("variant %s: %v", v.Name, err)
		}
	}
}

// VariantOptions returns the options of every variant of g, then extra.
func VariantOptions(g engine.Game, extra ...engine.Options) []engine.Options {
	var out []engine.Options
	for _, v := range g.Variants {
		out = append(out, v.Options)
	}
	return append(out, extra...)
}

// RunVariants runs Run on each variant of g with its own number of matches (matches, by
// variant name; cfg.Matches for the others). With -short a fifth of them are played (at least
// one).
func RunVariants(t *testing.T, g engine.Game, cfg Config, matches map[string]int) {
	t.Helper()
	for name := range matches {
		if !slices.ContainsFunc(g.Variants, func(v engine.Variant) bool { return v.Name == name }) {
			t.Fatalf("matches given for %q, which is no variant of %s", name, g.Name)
		}
	}
	for _, v := range g.Variants {
		c := cfg
		c.Variants = []string{v.Name}
		if n, ok := matches[v.Name]; ok {
			c.Matches = n
		}
		if testing.Short() {
			c.Matches = max(1, c.Matches/5)
		}
		Run(t, g, c)
	}
}

// RunOptions runs the contract checks of Run on option sets no variant names, one subtest each.
func RunOptions(t *testing.T, g engine.Game, cfg Config, sets ...engine.Options) {
	t.Helper()
	if len(sets) == 0 {
		t.Fatal("no option sets")
	}
	for _, opts := range sets {
		t.Run(opts.String(), func(t *testing.T) {
			for _, v := range CheckVariant(g, opts, cfg) {
				t.Error(v)
			}
		})
	}
}

// Player plays whole matches of a game, checking every step.
type Player[S comparable, P interface {
	*S
	engine.State
}] struct {
	Game engine.Game
	// Invariant, when set, must hold after every action.
	Invariant func(engine.State) error
	// Side maps the seat to move to the policy that plays it (default: the seat itself).
	Side func(s P, seat engine.Seat) int
	// Step, when set, checks one step: before is the state before the action.
	Step func(before, after P) error
	// End, when set, checks the final state.
	End func(s P) error
	// MaxActions bounds a match (default 200,000).
	MaxActions int
}

// Play plays one match of p.Game with opts from seed, seat i's decisions by policies[Side(i)]
// (taken modulo their number; random moves when none is given), and returns its final state.
func (p Player[S, P]) Play(t testing.TB, opts engine.Options, seed uint64, policies ...Policy[P]) P {
	t.Helper()
	s := Start[P](t, p.Game, opts)
	p.play(t, s, rand.New(rand.NewPCG(seed, 7)), seed, nil, policies)
	return s
}

// play plays s to the end with rng, appending the actions to rec when it is not nil.
func (p Player[S, P]) play(t testing.TB, s P, rng *rand.Rand, seed uint64, rec *engine.Record, policies []Policy[P]) {
	t.Helper()
	limit := p.MaxActions
	if limit <= 0 {
		limit = 200_000
	}
	if len(policies) == 0 {
		policies = []Policy[P]{RandomPolicy[P]}
	}
	var cbuf [64]engine.ChanceOutcome
	for n := 0; s.ToMove() != engine.Nobody; n++ {
		if n == limit {
			t.Fatalf("seed %d: not over after %d actions", seed, n)
		}
		before := *s
		var a engine.Action
		if to := s.ToMove(); to == engine.Chance {
			a = engine.SampleChance(rng, s.Chances(cbuf[:0]))
		} else {
			i := int(to)
			if p.Side != nil {
				i = p.Side(s, to)
			}
			a = policies[i%len(policies)](s, rng)
		}
		var err error
		if rec != nil {
			err = rec.Apply(s, a)
		} else {
			err = s.Apply(a)
		}
		if err != nil {
			t.Fatalf("seed %d action %d: apply %s: %v", seed, n, P(&before).ActionString(a), err)
		}
		if p.Invariant != nil {
			if err := p.Invariant(s); err != nil {
				t.Fatalf("seed %d action %d: %v", seed, n, err)
			}
		}
		if p.Step != nil {
			if err := p.Step(&before, s); err != nil {
				t.Fatalf("seed %d action %d: %v", seed, n, err)
			}
		}
	}
	if p.End != nil {
		if err := p.End(s); err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
	}
}

// Matches plays seeds matches of each option set three ways, one subtest each: random moves on
// both sides, heuristic against random, and heuristic on both sides.
func (p Player[S, P]) Matches(t *testing.T, heuristic Policy[P], seeds uint64, sets ...engine.Options) {
	t.Helper()
	if seeds == 0 || len(sets) == 0 {
		t.Fatal("no matches to play")
	}
	random := Policy[P](RandomPolicy[P])
	for _, opts := range sets {
		for _, pair := range []struct {
			name     string
			policies []Policy[P]
		}{
			{"random", []Policy[P]{random}},
			{"heuristic-vs-random", []Policy[P]{heuristic, random}},
			{"heuristic", []Policy[P]{heuristic}},
		} {
			t.Run(opts.String()+"/"+pair.name, func(t *testing.T) {
				for seed := range seeds {
					p.Play(t, opts, seed, pair.policies...)
				}
			})
		}
	}
}

// Score is the part of a tennis score (score.Match) that only moves forward.
type Score interface {
	PointsPlayed() int
	GamesCompleted() int
	SetsWon() [2]int
}

// ScoreForward checks that a tennis score went from before to after in at most one point and
// never back: no games or sets are lost, and it changes only when a point is played (or, with
// setup, before the first point: the choice of the first server).
func ScoreForward[T interface {
	comparable
	Score
}](before, after T, setup bool) error {
	switch d := after.PointsPlayed() - before.PointsPlayed(); {
	case d == 0 && after != before && !(setup && before.PointsPlayed() == 0):
		return errors.New("the score changed without a point played")
	case d < 0 || d > 1:
		return fmt.Errorf("points played went from %d to %d", before.PointsPlayed(), after.PointsPlayed())
	}
	b, a := before.SetsWon(), after.SetsWon()
	if a[0] < b[0] || a[1] < b[1] || after.GamesCompleted() < before.GamesCompleted() {
		return fmt.Errorf("score went back from %v to %v", before, after)
	}
	return nil
}

// States plays one match for each option set (seeded by its index), up to per*every actions,
// and returns a clone of the state every every actions and the last state; the actions are
// chosen by the policies in turn (random when none is given).
func States[P engine.State](t testing.TB, g engine.Game, sets []engine.Options, per, every int, policies ...Policy[P]) []P {
	t.Helper()
	if len(policies) == 0 {
		policies = []Policy[P]{RandomPolicy[P]}
	}
	if per < 1 || every < 1 || len(sets) == 0 {
		t.Fatalf("States: %d option sets, %d states every %d actions: nothing to collect", len(sets), per, every)
	}
	var out []P
	for i, opts := range sets {
		s := Start[P](t, g, opts)
		rng := rand.New(rand.NewPCG(uint64(i), 3))
		for n := 0; s.ToMove() != engine.Nobody && n < per*every; n++ {
			if n%every == 0 {
				out = append(out, s.Clone().(P))
			}
			Step(t, s, rng, policies[n%len(policies)])
		}
		out = append(out, s.Clone().(P))
	}
	return out
}

// CheckRefusals applies to each state every candidate action it does not list as legal: each
// must be refused with an ErrIllegal error that gives a reason, the state unchanged as a whole
// value.
func CheckRefusals[S comparable, P interface {
	*S
	engine.State
}](t *testing.T, states []P, candidates []engine.Action) {
	t.Helper()
	mustHaveStates(t, len(states))
	refused := 0
	for i, s := range states {
		legal := s.Legal(nil)
		for _, a := range candidates {
			if slices.Contains(legal, a) {
				continue
			}
			refused++
			before := *s
			err := s.Apply(a)
			if !errors.Is(err, engine.ErrIllegal) {
				t.Fatalf("state %d: Apply(%d) = %v, want ErrIllegal", i, a, err)
			}
			if *s != before {
				t.Fatalf("state %d: refused Apply(%d) changed the state", i, a)
			}
			if err.Error() == "" {
				t.Fatalf("state %d: Apply(%d): empty reason", i, a)
			}
		}
	}
	if refused == 0 {
		t.Fatal("no candidate action is illegal in any state: nothing was checked")
	}
}

// Candidates returns the actions from..to-1 by step, then edges.
func Candidates(from, to, step engine.Action, edges ...engine.Action) []engine.Action {
	var out []engine.Action
	for a := from; a < to; a += step {
		out = append(out, a)
	}
	return append(out, edges...)
}

// CheckNotation checks that every legal action of each state reads back from its notation, in
// upper case and padded with spaces, and from the other forms forms gives (nil for none).
func CheckNotation[P engine.State](t *testing.T, states []P, forms func(s P, a engine.Action) []string) {
	t.Helper()
	mustHaveStates(t, len(states))
	for i, s := range states {
		for _, a := range s.Legal(nil) {
			text := s.ActionString(a)
			all := []string{text, strings.ToUpper(text), "  " + text + " "}
			if forms != nil {
				all = append(all, forms(s, a)...)
			}
			for _, f := range all {
				got, err := s.ParseAction(f)
				if err != nil || got != a {
					t.Errorf("state %d: ParseAction(%q) = %d, %v; want %d (%s)", i, f, got, err, a, text)
				}
			}
		}
	}
}

// CheckDeterminized checks determinization on each state, for every seat, the spectator and a
// seat out of range (which sees what the spectator sees): it changes nothing; two states with
// the same observation determinize alike with the same random source; a determinization keeps
// that observation, the spectator's and, for the seat to move, the legal actions; invariant
// holds on it. Where the game is an engine.Inferrer, its inferred determinizations are checked
// the same way, and dealt again from one another alike.
func CheckDeterminized[S comparable, P interface {
	*S
	engine.State
}](t *testing.T, states []P, invariant func(engine.State) error) {
	t.Helper()
	mustHaveStates(t, len(states))
	for i, s := range states {
		n := engine.Seat(s.NumSeats())
		seats := []engine.Seat{engine.Spectator, n + 3}
		for seat := range n {
			seats = append(seats, seat)
		}
		for _, seat := range seats {
			obsSeat := seat
			if seat >= n || seat < 0 {
				obsSeat = engine.Spectator
			}
			orig, obs := *s, Observations(s)
			// Another state with the same observation for seat: the hidden information dealt again.
			twin := engine.Determinize(s, seat, rand.New(rand.NewPCG(uint64(i), 99))).(P)
			d1 := engine.Determinize(s, seat, rand.New(rand.NewPCG(5, 5))).(P)
			d2 := engine.Determinize(twin, seat, rand.New(rand.NewPCG(5, 5))).(P)
			if *s != orig || Observations(s) != obs {
				t.Fatalf("state %d: Determinize changed the state", i)
			}
			if *d1 != *d2 {
				t.Fatalf("state %d seat %v: equal observations determinized differently", i, seat)
			}
			checked := []P{twin, d1}
			if _, ok := any(s).(engine.Inferrer); ok {
				// The inferred deal keeps what Determinize keeps, and holds the invariant
				// (which may check that what the public play shows of a hand is true of the
				// deal); dealt again from its own result, it reads nothing seat cannot see.
				inferred := engine.DeterminizeInferred(nil, s, seat, rand.New(rand.NewPCG(uint64(i), 98))).(P)
				e1 := engine.DeterminizeInferred(nil, inferred, seat, rand.New(rand.NewPCG(6, 6))).(P)
				e2 := engine.DeterminizeInferred(nil, s, seat, rand.New(rand.NewPCG(6, 6))).(P)
				if *s != orig {
					t.Fatalf("state %d: DeterminizeInferred changed the state", i)
				}
				if *e1 != *e2 {
					t.Fatalf("state %d seat %v: an inferred deal depends on cards the seat cannot see", i, seat)
				}
				checked = append(checked, inferred, e1)
			}
			for _, d := range checked {
				if got, want := JSON(d.Observe(obsSeat)), JSON(s.Observe(obsSeat)); got != want {
					t.Fatalf("state %d seat %v: observation changed:\n got %s\nwant %s", i, seat, got, want)
				}
				if got, want := JSON(d.Observe(engine.Spectator)), JSON(s.Observe(engine.Spectator)); got != want {
					t.Fatalf("state %d seat %v: public observation changed", i, seat)
				}
				if obsSeat == s.ToMove() && !slices.Equal(d.Legal(nil), s.Legal(nil)) {
					t.Fatalf("state %d seat %v: legal actions changed", i, seat)
				}
				if invariant != nil {
					if err := invariant(d); err != nil {
						t.Fatalf("state %d seat %v: %v", i, seat, err)
					}
				}
			}
		}
	}
}

// CheckMovesHideNothing plays matches random matches of each option set to their end and
// checks, at every decision, that the moves offered to the seat to move, and their notation,
// are the same in two determinizations for that seat: what a seat is offered may depend on
// nothing it cannot see, or the list itself tells it. CheckDeterminized checks the same on a
// few sampled states; whole matches reach the rare positions (a team's planned movement, a
// teammate's space) where a game once offered a move by a teammate's hidden card.
func CheckMovesHideNothing(t *testing.T, g engine.Game, sets []engine.Options, matches int) {
	t.Helper()
	checked := 0
	for i, opts := range sets {
		for m := range matches {
			s, _, err := g.Start(opts)
			if err != nil {
				t.Fatalf("options %v: %v", opts, err)
			}
			rng := rand.New(rand.NewPCG(uint64(i), uint64(m)))
			for n := 0; s.ToMove() != engine.Nobody && n < 50_000; n++ {
				if to := s.ToMove(); to >= 0 {
					want := s.Legal(nil)
					for k := range 2 {
						d := engine.Determinize(s, to, rand.New(rand.NewPCG(uint64(n), uint64(k))))
						got := d.Legal(nil)
						same := slices.Equal(got, want)
						for j := 0; same && j < len(want); j++ {
							same = d.ActionString(want[j]) == s.ActionString(want[j])
						}
						if !same {
							t.Fatalf("options %v, match %d, action %d: seat %v is offered %v, or %v with what it cannot see dealt again",
								opts, m, n, to, texts(s, want), texts(d, got))
						}
					}
					checked++
				}
				Step(t, s, rng, RandomPolicy[engine.State])
			}
		}
	}
	if checked == 0 {
		t.Fatal("CheckMovesHideNothing: no decision checked")
	}
}

// texts is the notation of actions in s.
func texts(s engine.State, actions []engine.Action) []string {
	out := make([]string, len(actions))
	for i, a := range actions {
		out[i] = s.ActionString(a)
	}
	return out
}

// CheckObservations checks the observations of each state: a seat out of range sees exactly
// what the spectator sees, every observation has a text form, and check (when set) accepts
// each seat's and the spectator's observation.
func CheckObservations[P engine.State](t *testing.T, states []P, check func(s P, seat engine.Seat, o engine.Observation) error) {
	t.Helper()
	mustHaveStates(t, len(states))
	for i, s := range states {
		spec := s.Observe(engine.Spectator)
		for _, seat := range []engine.Seat{-1, -2, engine.Seat(s.NumSeats()), 1 << 30} {
			if got := JSON(s.Observe(seat)); got != JSON(spec) {
				t.Fatalf("state %d: Observe(%d) is not the spectator's view", i, seat)
			}
		}
		seats := []engine.Seat{engine.Spectator}
		for seat := range engine.Seat(s.NumSeats()) {
			seats = append(seats, seat)
		}
		for _, seat := range seats {
			o := s.Observe(seat)
			if o.String() == "" {
				t.Fatalf("state %d seat %v: empty text", i, seat)
			}
			if check != nil {
				if err := check(s, seat, o); err != nil {
					t.Fatalf("state %d seat %v: %v", i, seat, err)
				}
			}
		}
	}
}

// Observations returns the JSON of every seat's and the spectator's observation of s.
func Observations(s engine.State) string {
	var b strings.Builder
	for seat := range engine.Seat(s.NumSeats()) {
		b.WriteString(JSON(s.Observe(seat)))
	}
	b.WriteString(JSON(s.Observe(engine.Spectator)))
	return b.String()
}

// JSON encodes v; it panics on a value that does not encode (a bug in the test or the game).
func JSON(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return string(b)
}

// mustHaveStates fails a check given no state to check.
func mustHaveStates(t *testing.T, n int) {
	t.Helper()
	if n == 0 {
		t.Fatal("no states to check")
	}
}
