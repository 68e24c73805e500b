package worldwide

import (
	"slices"
	"strings"
	"testing"

	"deuce/engine"
	"deuce/engine/enginetest"
)

// TestRulesLevels checks the three levels of option rules: stars won from card icons in the
// basic and advanced rules only, the star bonus and spin in the advanced rules only.
func TestRulesLevels(t *testing.T) {
	for _, tc := range []struct {
		rules          string
		gains, advance bool
	}{
		{"initiation", false, false},
		{"basic", true, false},
		{"advanced", true, true},
	} {
		t.Run(tc.rules, func(t *testing.T) {
			st, resolved, err := Game.Start(engine.Options{"rules": tc.rules})
			if err != nil {
				t.Fatal(err)
			}
			if resolved["rules"] != tc.rules {
				t.Errorf("resolved rules = %q", resolved["rules"])
			}
			s := st.(*State)
			if s.cfg.starGains != tc.gains || s.cfg.advanced != tc.advance {
				t.Errorf("star gains %v, advanced %v; want %v, %v", s.cfg.starGains, s.cfg.advanced, tc.gains, tc.advance)
			}
			if o := s.observe(0); o.Rules != tc.rules {
				t.Errorf("observation's rules = %q", o.Rules)
			}
		})
	}
	if _, _, err := Game.Start(engine.Options{"rules": "expert"}); err == nil ||
		!strings.Contains(err.Error(), "initiation, basic, advanced") {
		t.Errorf("rules=expert: error %v, want one naming the three levels", err)
	}
	v := map[string]string{}
	for _, x := range Game.Variants {
		v[x.Name] = x.Options["rules"]
	}
	if v["tiebreak"] != "initiation" || v["basic"] != "basic" || v["advanced"] != "advanced" {
		t.Errorf("variants' rules: %v", v)
	}
}

// serveState is a match whose side 0 serves its first point with the options o.
func serveState(t *testing.T, o Options) *State {
	t.Helper()
	return exStart(t, o, nil, []int{2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 14}, 0)
}

// TestServeChallenges checks rule 17 on serves: a serve one short may be challenged unless the
// option keeps challenges to rally shots; accepting a first serve's call leaves a second
// serve, a second serve's a double fault; in replays the point, out loses it and the token.
func TestServeChallenges(t *testing.T) {
	t.Run("accept a first serve", func(t *testing.T) {
		s := serveState(t, Options{Challenges: true})
		exPlay(t, s, "serve 13", "d20 12")
		if s.phase != phChallenge {
			t.Fatalf("phase %s, want the challenge", phaseNames[s.phase])
		}
		exPlay(t, s, "accept the call")
		if !s.second || s.phase != phServeCard || s.faulted != 64 {
			t.Fatalf("second %v, phase %s, faulted %d; want a second serve", s.second, phaseNames[s.phase], s.faulted)
		}
		exInt(t, "tokens", int(s.sides[0].challenges), 2)
	})
	t.Run("accept a second serve", func(t *testing.T) {
		s := serveState(t, Options{Challenges: true})
		exPlay(t, s, "serve 13", "d20 1", "serve 10", "d20 9", "accept the call")
		exPoint(t, s, 1, howDoubleFault)
	})
	t.Run("ball in", func(t *testing.T) {
		s := serveState(t, Options{Challenges: true})
		exPlay(t, s, "serve 13", "d20 1", "serve 10", "d20 9", "challenge", "ball in")
		exPoint(t, s, -1, howLet)
		exInt(t, "tokens", int(s.sides[0].challenges), 2)
		exInt(t, "points played", s.score.PointsPlayed(), 0)
		if s.phase != phServeCard || s.second {
			t.Fatalf("phase %s, second %v; want the point replayed from the first serve", phaseNames[s.phase], s.second)
		}
	})
	t.Run("ball out", func(t *testing.T) {
		s := serveState(t, Options{Challenges: true})
		exPlay(t, s, "serve 13", "d20 12", "challenge", "ball out")
		exPoint(t, s, 1, howFault)
		exInt(t, "tokens", int(s.sides[0].challenges), 1)
	})
	t.Run("rally shots only", func(t *testing.T) {
		s := serveState(t, Options{Challenges: true, RallyChallengesOnly: true})
		exPlay(t, s, "serve 13", "d20 12")
		if s.phase != phServeCard || !s.second {
			t.Fatalf("phase %s, want a second serve without a challenge", phaseNames[s.phase])
		}
	})
	t.Run("no token", func(t *testing.T) {
		s := serveState(t, Options{Challenges: true})
		s.sides[0].challenges = 0
		exPlay(t, s, "serve 13", "d20 12")
		if s.phase != phServeCard {
			t.Fatalf("phase %s, want a second serve", phaseNames[s.phase])
		}
	})
	t.Run("option values", func(t *testing.T) {
		for v, want := range map[string][2]bool{"no": {false, false}, "yes": {true, false}, "rally": {true, true}} {
			st, _, err := Game.Start(engine.Options{"challenges": v})
			if err != nil {
				t.Fatal(err)
			}
			c := st.(*State).cfg
			if c.challenges != want[0] || c.rallyOnly != want[1] {
				t.Errorf("challenges=%s: challenges %v, rally only %v; want %v", v, c.challenges, c.rallyOnly, want)
			}
		}
	})
}

// TestSecondServe checks option second-serve: another card by default, any card with "any".
func TestSecondServe(t *testing.T) {
	legal := func(s *State) []string {
		var out []string
		for _, a := range s.Legal(nil) {
			out = append(out, s.ActionString(a))
		}
		return out
	}
	s := serveState(t, Options{})
	exPlay(t, s, "serve 13", "d20 1")
	if slices.Contains(legal(s), "serve #64 difficulty 13") {
		t.Errorf("default: the faulted card is offered again: %v", legal(s))
	}
	a, _ := s.ParseAction("serve 13")
	if err := s.Apply(a); err == nil {
		t.Error("default: serving the faulted card again was accepted")
	}

	st, resolved, err := Game.Start(engine.Options{"second-serve": "any"})
	if err != nil {
		t.Fatal(err)
	}
	if resolved["second-serve"] != "any" {
		t.Errorf("resolved second-serve = %q", resolved["second-serve"])
	}
	if !st.(*State).cfg.secondAny {
		t.Error(`second-serve=any: not in the configuration`)
	}
	s = serveState(t, Options{SecondServeAny: true})
	exPlay(t, s, "serve 13", "d20 1")
	if got := legal(s); len(got) != numServes {
		t.Errorf("any: second serves %v, want all five", got)
	}
	exPlay(t, s, "serve 13", "d20 18")
	exPoint(t, s, 0, howAce)
	if _, _, err := Game.Start(engine.Options{"second-serve": "same"}); err == nil {
		t.Error("second-serve=same was accepted")
	}
}

// TestServeChallengeView checks what a player sees of a serve called out: no ball in play, the
// narration of the roll and of the accepted call.
func TestServeChallengeView(t *testing.T) {
	s := serveState(t, Options{Challenges: true})
	exPlay(t, s, "serve 13")
	a, _ := s.ParseAction("d20 12")
	if got := engine.Narrate(s, a, engine.Spectator); !strings.HasSuffix(got, "12, needing 13: out by a hair (a challenge is possible)") {
		t.Errorf("roll narrated %q", got)
	}
	exPlay(t, s, "d20 12")
	if o := s.observe(0); o.BallSide != -1 || o.Phase != "challenge" {
		t.Errorf("observation: ball side %d, phase %q; want no ball, the challenge", o.BallSide, o.Phase)
	}
	a, _ = s.ParseAction("accept the call")
	if got := engine.Narrate(s, a, engine.Spectator); !strings.HasSuffix(got, "accepts the call: fault") {
		t.Errorf("accepted call narrated %q", got)
	}
}

// TestNewGameOptions checks that newGame, which callers outside the engine's validation may
// reach, refuses unknown options and values with the values it wants.
func TestNewGameOptions(t *testing.T) {
	for opts, want := range map[string]string{
		"rules=expert":     `option rules="expert": want advanced, basic or initiation`,
		"challenges=maybe": `option challenges="maybe": want no, rally or yes`,
		"sets=4":           `option sets="4": want 3 or 5`,
		"colour=red":       `unknown option "colour"`,
		"surface=sand":     `surface "sand": want hard, clay, grass or indoor`,
	} {
		k, v, _ := strings.Cut(opts, "=")
		_, err := newGame(engine.Options{k: v})
		if err == nil || err.Error() != want {
			t.Errorf("%s: error %v, want %q", opts, err, want)
		}
	}
	st, err := newGame(engine.Options{"mode": "match", "sets": "5", "rules": "basic", "challenges": "rally",
		"second-serve": "any", "player-cards": "yes", "solo": "no", "surface": "grass"})
	if err != nil {
		t.Fatal(err)
	}
	c := st.(*State).cfg
	if !c.match || c.bestOf != 5 || c.level() != basic || !c.challenges || !c.rallyOnly || !c.secondAny || !c.playerCards ||
		c.solo || c.surface != grass {
		t.Errorf("configuration %+v", c)
	}
}

// TestOptionsConformance runs the conformance kit on the option values no variant names:
// challenged serves, challenges on rally shots only, any second serve, the basic rules: 24
// checked matches of each, and with the race detector or -short, where the kit plays a quarter,
// 2 (the 6 that 24 gave took most of the package's time under the race detector), with the same
// deep checks.
func TestOptionsConformance(t *testing.T) {
	matches := 24
	if raceEnabled || testing.Short() {
		matches = 8
	}
	for _, opts := range []engine.Options{
		{"rules": "advanced", "challenges": "yes", "surface": "clay"},
		{"rules": "basic", "challenges": "rally", "solo": "yes"},
		{"rules": "initiation", "challenges": "yes", "second-serve": "any", "player-cards": "yes"},
		{"rules": "basic", "second-serve": "any", "surface": "grass"},
	} {
		t.Run(opts.String(), func(t *testing.T) {
			t.Parallel()
			for _, v := range enginetest.CheckVariant(Game, opts, enginetest.Config{Matches: matches, DeepEvery: 5}) {
				t.Error(v)
			}
		})
	}
}

// TestHeuristicServeChallenge checks the heuristic's challenges: it accepts a first serve's
// call, which leaves a second serve, and challenges a second serve's, which is a double fault.
func TestHeuristicServeChallenge(t *testing.T) {
	s := serveState(t, Options{Challenges: true})
	exPlay(t, s, "serve 13", "d20 12")
	if a := Heuristic(s, nil); a != actAccept {
		t.Errorf("first serve one short: %s, want accept the call", s.ActionString(a))
	}
	exPlay(t, s, "accept the call", "serve 10", "d20 9")
	if a := Heuristic(s, nil); a != actChallenge {
		t.Errorf("second serve one short: %s, want challenge", s.ActionString(a))
	}
}
