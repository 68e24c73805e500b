package centercourt

import (
	"context"
	"math"
	"math/rand/v2"
	"testing"

	"deuce/bot/ismcts"
	"deuce/engine"
)

// TestDealCapped checks the capped deal against its exact distribution, found by listing every
// hand within the caps weighted by the sets of cards it stands for: a deal uniform over hands
// (not over sets of cards) or one that breaks a cap is far off.
func TestDealCapped(t *testing.T) {
	pool := counts{0, 3, 2, 4, 1, 2, 3}
	limit := counts{0, 1, 2, 0, 1, 2, 1}
	const n, draws = 4, 40_000
	want := map[counts]float64{}
	total := 0.0
	var list func(w, left int, h counts)
	list = func(w, left int, h counts) {
		if w > numValues {
			if left == 0 {
				p := 1.0
				for v := 1; v <= numValues; v++ {
					p *= binomial(int(pool[v]), int(h[v]))
				}
				want[h] = p
				total += p
			}
			return
		}
		for j := 0; j <= min(int(pool[w]), int(limit[w]), left); j++ {
			h[w] = int8(j)
			list(w+1, left-j, h)
		}
	}
	list(1, n, counts{})
	if len(want) < 10 {
		t.Fatalf("only %d hands within the caps: the test would show little", len(want))
	}
	got := map[counts]int{}
	rng := rand.New(rand.NewPCG(1, 2))
	for range draws {
		p := pool
		h, ok := dealCapped(&p, &limit, n, rng)
		if !ok {
			t.Fatal("no deal where there are many")
		}
		for w := 1; w <= numValues; w++ {
			if p[w]+h[w] != pool[w] {
				t.Fatalf("dealt %v, pool left %v: cards lost", h, p)
			}
		}
		if _, ok := want[h]; !ok {
			t.Fatalf("dealt %v, outside the caps %v", h, limit)
		}
		got[h]++
	}
	for h, p := range want {
		if f := float64(got[h]) / draws; math.Abs(f-p/total) > 0.01 {
			t.Errorf("hand %v dealt %.4f of the time, want %.4f", h, f, p/total)
		}
	}

	p := pool
	if _, ok := dealCapped(&p, &limit, 8, rng); ok || p != pool {
		t.Errorf("dealt 8 cards within caps that allow 7, pool %v", p)
	}
}

// conceded returns states met in heuristic matches at which the server chooses his serve and
// the receiver holds the very hand that could not return the last volley of the point before.
func conceded(t *testing.T, want int) []*State {
	t.Helper()
	var found []*State
	for seed := uint64(0); len(found) < want && seed < 200; seed++ {
		s := newMatch(t, "set")
		rng := rand.New(rand.NewPCG(seed, 11))
		for s.ToMove() != engine.Nobody && len(found) < want {
			receiver := 1 - s.server
			if s.phase == phaseServe && !s.second && s.lastPoint.how == endUnreturned &&
				s.lastPoint.winner == s.server && s.known[receiver].active && s.known[receiver].drawn == 0 {
				found = append(found, new(*s))
			}
			step(t, s, rng, heuristicPolicy)
		}
	}
	if len(found) < want {
		t.Fatalf("found %d positions after a receiver conceded, want %d", len(found), want)
	}
	return found
}

// TestInferredDealsKeepConcession checks that the inferred deal for the server never gives the
// receiver a hand that returns the volley he just conceded, where the uniform deal does.
func TestInferredDealsKeepConcession(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 3))
	uniformReturns := 0
	for _, s := range conceded(t, 40) {
		server, receiver := engine.Seat(s.server), 1-s.server
		v := int(s.lastPoint.volley)
		if canReturn(&s.hands[receiver], v) {
			t.Fatalf("the receiver conceded %d holding %v, which returns it", v, s.hands[receiver])
		}
		var d engine.State
		for range 50 {
			d = s.DeterminizeInferred(d, server, rng)
			if h := d.(*State).hands[receiver]; canReturn(&h, v) {
				t.Fatalf("an inferred deal gives the receiver %v, which returns the %d he could not", h, v)
			}
			u := s.Determinize(server, rng).(*State).hands[receiver]
			if canReturn(&u, v) {
				uniformReturns++
			}
		}
	}
	if uniformReturns == 0 {
		t.Fatal("no uniform deal let the receiver return: the test shows nothing")
	}
}

// TestSearchInfers checks what Options.Infer is for: a server holding a 3 or a 4 (always in)
// serving to a receiver who just could not return that value, with that same hand, wins the
// point whatever the receiver does, and a search that infers knows it: it values the serve at
// the full point in one point's horizon. A search that deals uniformly imagines returns in
// some of them (in others the cards left make the return impossible whatever the deal).
func TestSearchInfers(t *testing.T) {
	tried, doubted := 0, 0
	for _, s := range conceded(t, 200) {
		v := int(s.lastPoint.volley)
		if dieWeights[v] != 0 || s.hands[s.server][v] == 0 {
			continue
		}
		tried++
		value := func(infer bool) float64 {
			b := ismcts.New(ismcts.Options{Iterations: 400, Horizon: 1, Infer: infer, Playout: Heuristic})
			an, err := b.Search(context.Background(), s, engine.Seat(s.server), rand.New(rand.NewPCG(5, 5)))
			if err != nil {
				t.Fatal(err)
			}
			for _, m := range an.Moves {
				if m.Action == Serve(v) {
					return m.Value
				}
			}
			t.Fatalf("serve %d not searched", v)
			return 0
		}
		if got := value(true); got != 1 {
			t.Errorf("serving %d to a receiver who could not return it: value %.3f with inference, want 1", v, got)
		}
		if value(false) < 1 {
			doubted++
		}
		if tried == 10 {
			break
		}
	}
	if tried < 10 {
		t.Fatalf("only %d positions to try", tried)
	}
	if doubted == 0 {
		t.Error("the uniform search valued every such serve at the full point too: the test shows nothing")
	}
}

// TestEvidenceIsPublic checks that the evidence is made of public play alone: a tracker fed
// only what the spectator's observation shows before each action, and the action where it is
// a decision (a draw's card is hidden: only that the player drew), keeps the same evidence as the state over whole matches. Evidence
// read from a hand (its cards, not its size) would differ.
func TestEvidenceIsPublic(t *testing.T) {
	concessions := 0
	for seed := range uint64(12) {
		for _, format := range []string{"tiebreak", "set"} {
			s := newMatch(t, format)
			rng := rand.New(rand.NewPCG(seed, 13))
			var track [2]evidence
			policy := heuristicPolicy
			if seed%3 == 0 {
				policy = randomPolicy
			}
			for s.ToMove() != engine.Nobody {
				o := s.observe(engine.Spectator)
				a := step(t, s, rng, policy)
				switch {
				case a > drawBase && a <= drawBase+numValues && o.Phase == "drawing":
					track[o.Drawer].drew()
				case a > serveBase && a <= serveBase+numValues && (o.Phase == "serving" || o.Phase == "second serve"):
					track[o.Striker].played(int(a-serveBase), 1)
				case a > returnBase && a <= returnBase+numValues:
					w := int(a - returnBase)
					track[o.Striker].played(w, cardsToReturn(o.Volley, w))
				case a == Concede:
					track[o.Striker].conceded(o.HandSizes[o.Striker], o.Volley)
					concessions++
				}
				if track != s.known {
					t.Fatalf("seed %d %s: after %s the state's evidence is %+v, the public play's %+v", seed, format, s.ActionString(a), s.known, track)
				}
			}
		}
	}
	if concessions < 50 {
		t.Fatalf("only %d concessions: the test shows little", concessions)
	}
}
