package enginetest

import (
	"bytes"
	"fmt"
	"hash/maphash"
	"math/rand/v2"
	"slices"
	"testing"

	"deuce/engine"
)

// Keys checks g's information-set keys (engine.Keyer) over every variant (or cfg.Variants): in
// cfg.Matches/60 seeded random matches (at least one) it gathers, at every step, the key and the
// JSON encoding of every seat's and the spectator's observation, of the state itself and of a
// determinization for each seat (which shares that seat's observation and differs in what it
// cannot see), and reports two equal observations with different keys and two different
// observations with the same key. It also checks that AppendKey keeps what buf held, changes
// nothing in the state, and gives any seat Observe treats as a spectator the spectator's key;
// and, where the game implements engine.DeterminizerInto, that a determinization written over
// an old state is the one Determinize gives; and, where it implements engine.Returner, that
// AppendReturns agrees with Result; and, where it implements engine.Lister, that ApplyListed of
// every listed action leaves the state Apply leaves; and, where it implements
// engine.Abstracter, that equal keys give equal abstract keys and that the seat to move is
// offered the same moves at equal abstract keys.
// A game that does not implement engine.Keyer fails: the search falls back to JSON then.
func Keys(t *testing.T, g engine.Game, cfg Config) {
	t.Helper()
	cfg = cfg.withDefaults()
	variants, err := selectVariants(g, cfg.Variants)
	if err != nil {
		t.Fatal(err)
	}
	for _, v := range variants {
		t.Run(v.Name, func(t *testing.T) {
			for _, violation := range CheckKeys(g, v.Options, cfg) {
				t.Error(violation)
			}
		})
	}
}

// KeysOptions runs the checks of Keys on option sets no variant names, one subtest each.
func KeysOptions(t *testing.T, g engine.Game, cfg Config, sets ...engine.Options) {
	t.Helper()
	if len(sets) == 0 {
		t.Fatal("no option sets")
	}
	for _, opts := range sets {
		t.Run(opts.String(), func(t *testing.T) {
			for _, v := range CheckKeys(g, opts, cfg) {
				t.Error(v)
			}
		})
	}
}

// CheckKeys plays cfg.Matches/60 random matches (at least one) of g with opts and returns every
// violation of the key contract found.
func CheckKeys(g engine.Game, opts engine.Options, cfg Config) []Violation {
	cfg = cfg.withDefaults()
	r := &reporter{seen: map[string]int{}}
	k := &keyChecker{r: r, byKey: map[uint64]keySample{}, byObs: map[uint64]keySample{},
		abstractOf: map[uint64]keySample{}, movesOf: map[uint64]keySample{}}
	for i := range max(1, cfg.Matches/60) {
		k.match(g, opts, cfg.Seed+uint64(i), cfg)
		if r.seen["start"] > 0 || r.seen["keyer"] > 0 {
			break
		}
	}
	return r.violations()
}

// keySample is one observation seen: the hashes of its key and of its JSON encoding, and where.
type keySample struct {
	key, obs uint64
	where    string
}

// keyChecker maps each key to the first observation it identified and each observation to its
// first key, by 64-bit hashes (a collision is far less likely than the bugs it looks for).
type keyChecker struct {
	r            *reporter
	byKey, byObs map[uint64]keySample
	// Where the game is an engine.Abstracter: each key's abstract key, and each abstract key of
	// the seat to move the moves it was offered (a hash of the legal list).
	abstractOf, movesOf map[uint64]keySample
	buf                 []byte
	scratch             engine.State // the last state DeterminizeInto returned
}

// maxKeySamples bounds the memory of a check.
const maxKeySamples = 400_000

func (k *keyChecker) match(g engine.Game, opts engine.Options, seed uint64, cfg Config) {
	s, _, err := g.Start(opts)
	if err != nil {
		k.r.errorf("start", "variant options %v: %v", opts, err)
		return
	}
	if _, ok := s.(engine.Keyer); !ok {
		k.r.errorf("keyer", "%T does not implement engine.Keyer", s)
		return
	}
	rng := rand.New(rand.NewPCG(seed, 0x5eed))
	drng := rand.New(rand.NewPCG(seed, 0x6e75))
	for step := 0; step < cfg.MaxActions; step++ {
		ctx := fmt.Sprintf("seed %d step %d", seed, step)
		k.state(s, ctx)
		if step%cfg.DeepEvery == 0 {
			for _, seat := range seatsAndSpectator(s) {
				d := engine.Determinize(s, seat, drng)
				k.state(d, fmt.Sprintf("%s, determinized for %v", ctx, seat))
				k.reuse(s, seat, drng.Uint64(), ctx)
			}
			k.listed(s, ctx)
		}
		if r, ok := s.(engine.Returner); ok {
			if got, want := r.AppendReturns(nil), s.Result().Returns; !slices.Equal(got, want) {
				k.r.errorf("returns", "%s: AppendReturns gives %v, Result %v", ctx, got, want)
			}
		}
		if s.ToMove() == engine.Nobody {
			return
		}
		if err := s.Apply(Sample(s, rng, nil, nil)); err != nil {
			k.r.errorf("apply", "%s: %v", ctx, err)
			return
		}
	}
}

// state records the keys of every seat's observation of s.
func (k *keyChecker) state(s engine.State, ctx string) {
	keyer := s.(engine.Keyer)
	snap := snapshot(s)
	spectator := string(keyer.AppendKey(nil, engine.Spectator))
	for _, seat := range seatsAndSpectator(s) {
		prefix := []byte("prefix")
		k.buf = keyer.AppendKey(append(k.buf[:0], prefix...), seat)
		if !bytes.HasPrefix(k.buf, prefix) {
			k.r.errorf("key", "%s: AppendKey(%v) overwrote the buffer it was given", ctx, seat)
			continue
		}
		key := maphash.Bytes(keyHashSeed, k.buf[len(prefix):])
		obs := maphash.String(keyHashSeed, observationJSON(s, seat))
		where := fmt.Sprintf("%s, %v", ctx, seat)
		if prev, ok := k.byKey[key]; ok && prev.obs != obs {
			k.r.errorf("key", "%s has the key of %s, but another observation:\n%s", where, prev.where, observationJSON(s, seat))
		} else if !ok && len(k.byKey) < maxKeySamples {
			k.byKey[key] = keySample{key, obs, where}
		}
		if prev, ok := k.byObs[obs]; ok && prev.key != key {
			k.r.errorf("key", "%s has the observation of %s, but another key:\n%s", where, prev.where, observationJSON(s, seat))
		} else if !ok && len(k.byObs) < maxKeySamples {
			k.byObs[obs] = keySample{key, obs, where}
		}
		k.abstract(s, seat, key, where)
	}
	for _, bad := range []engine.Seat{engine.Seat(s.NumSeats()), engine.Chance, engine.Nobody} {
		if got := string(keyer.AppendKey(nil, bad)); got != spectator {
			k.r.errorf("key", "%s: AppendKey(%d) is not the spectator's key", ctx, bad)
		}
	}
	if snapshot(s) != snap {
		k.r.errorf("read-only", "%s: AppendKey changed the state", ctx)
	}
}

var keyHashSeed = maphash.MakeSeed()

// abstract checks engine.Abstracter at seat's observation of s, whose key hashes to key: equal
// keys give equal abstract keys, and the seat to move is offered the same moves at equal
// abstract keys.
func (k *keyChecker) abstract(s engine.State, seat engine.Seat, key uint64, where string) {
	a, ok := s.(engine.Abstracter)
	if !ok {
		return
	}
	prefix := []byte("prefix")
	k.buf = a.AppendAbstractKey(append(k.buf[:0], prefix...), seat)
	if !bytes.HasPrefix(k.buf, prefix) {
		k.r.errorf("abstract", "%s: AppendAbstractKey overwrote the buffer it was given", where)
		return
	}
	abs := maphash.Bytes(keyHashSeed, k.buf[len(prefix):])
	if prev, ok := k.abstractOf[key]; ok && prev.key != abs {
		k.r.errorf("abstract", "%s has the key of %s, but another abstract key", where, prev.where)
	} else if !ok && len(k.abstractOf) < maxKeySamples {
		k.abstractOf[key] = keySample{key: abs, where: where}
	}
	if seat != s.ToMove() {
		return
	}
	var moves maphash.Hash
	moves.SetSeed(keyHashSeed)
	for _, m := range s.Legal(nil) {
		fmt.Fprint(&moves, m, ",")
	}
	mh := moves.Sum64()
	if prev, ok := k.movesOf[abs]; ok && prev.key != mh {
		k.r.errorf("abstract", "%s has the abstract key of %s, but other moves: %v", where, prev.where, s.Legal(nil))
	} else if !ok && len(k.movesOf) < maxKeySamples {
		k.movesOf[abs] = keySample{key: mh, where: where}
	}
}

// reuse checks engine.DeterminizeInto, over the state the check's last call returned: the same
// state as Determinize for the same random stream, and s unchanged.
func (k *keyChecker) reuse(s engine.State, seat engine.Seat, seed uint64, ctx string) {
	if _, ok := s.(engine.DeterminizerInto); !ok {
		return
	}
	snap := snapshot(s)
	want := snapshot(engine.Determinize(s, seat, rand.New(rand.NewPCG(seed, 3))))
	k.scratch = engine.DeterminizeInto(k.scratch, s, seat, rand.New(rand.NewPCG(seed, 3)))
	if got := snapshot(k.scratch); got != want {
		k.r.errorf("determinize-into", "%s: DeterminizeInto(%v) over an old state differs from Determinize with the same random stream", ctx, seat)
	}
	if snapshot(s) != snap {
		k.r.errorf("determinize-into", "%s: DeterminizeInto(%v) changed the state", ctx, seat)
	}
}

// listed checks engine.Lister: ApplyListed of every listed action (legal action or chance
// outcome) leaves the state Apply leaves.
func (k *keyChecker) listed(s engine.State, ctx string) {
	if _, ok := s.(engine.Lister); !ok || s.ToMove() == engine.Nobody {
		return
	}
	for _, a := range s.Legal(nil) {
		want, got := s.Clone(), s.Clone()
		if err := want.Apply(a); err != nil {
			k.r.errorf("apply", "%s: legal action %d: %v", ctx, a, err)
			continue
		}
		got.(engine.Lister).ApplyListed(a)
		if snapshot(got) != snapshot(want) {
			k.r.errorf("apply-listed", "%s: ApplyListed(%d) leaves another state than Apply", ctx, a)
		}
	}
}
