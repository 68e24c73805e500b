package worldwide

import (
	"math/rand/v2"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"deuce/engine"
)

// TestOddsReason checks the words that say what a roll needs, or why none is needed: the same
// card needs no roll against a blue shot and the difficulty plus the answered card's malus
// against an orange one.
func TestOddsReason(t *testing.T) {
	tests := []struct {
		setup  string
		action string
		need   int
		want   string
	}{
		{"pos=FH last=1 hand=3,12", "play #3", 0, "no roll: blue answering blue"},
		{"pos=N last=1 hand=25", "play #25", 0, "no roll: orange answering blue"},
		{"pos=FH last=25 hand=1", "play #1", 4, "difficulty 0 + malus 4 of the orange shot you answer"},
		{"pos=N last=64 hand=2", "play #2", 4, "difficulty 0 + malus 4 of the red serve you answer"},
		{"pos=FH last=1 hand=36", "play #36", 22, "difficulty 22 + malus 0 of the blue shot you answer"},
		{"pos=N last=1 hand=36 validated=6", "play #36", 16,
			"difficulty 16 (22 minus 6 validated this point) + malus 0 of the blue shot you answer"},
		{"advanced stars=0 slice pos=N last=15 hand=25", "play #25", 6,
			"difficulty 4 + malus 0 of the blue shot you answer + 2 for the slice"},
		{"advanced stars=0 slice pos=FH last=15 hand=1", "play #1", 0, "no roll: blue answering blue"},
		{"advanced stars=3 pos=FH last=25 hand=1: play #1", "stars 2", -1,
			"difficulty 0 + malus 4 of the orange shot you answer - 5 for 2 stars"},
		{"serve", "serve 13", 13, "difficulty 13"},
		{"advanced serve stars=2: serve 13; slice", "stars 1", 13, "difficulty 13 + 2 for the slice - 2 for 1 star"},
		{"pc=2 serve", "serve 13", 11, "difficulty 13 - 2 from the player card"},
		{"pc=2 pos=N last=1 hand=25: play #25", "auto", 0, "no roll: orange answering blue"},
		{"pc=2 pos=N last=1 hand=25: play #25", "roll", 4,
			"difficulty 4 + malus 0 of the blue shot you answer; 18-20 wins the point (player card)"},
		{"pc=3 pos=V opppos=FH last=29 hand=48", "play #48", 5,
			"difficulty 2 + malus 4 of the orange shot you answer - 1 from the player card at the net"},
	}
	for _, tt := range tests {
		t.Run(tt.setup+" "+tt.action, func(t *testing.T) {
			s := rules.State(t, tt.setup)
			a, err := s.ParseAction(tt.action)
			if err != nil {
				t.Fatal(err)
			}
			need, _, ok := s.ShotOdds(a)
			if !ok || need != tt.need {
				t.Fatalf("ShotOdds = %d, %v, want %d", need, ok, tt.need)
			}
			if got := s.OddsReason(a); got != tt.want {
				t.Errorf("OddsReason = %q, want %q", got, tt.want)
			}
			var shown *OddsView
			o := s.observe(engine.Seat(s.actor))
			for i := range o.Odds {
				if o.Odds[i].Action == int(a) {
					shown = &o.Odds[i]
				}
			}
			if shown == nil || shown.Why != tt.want {
				t.Errorf("the observation's odds for %s: %+v, want the reason %q", tt.action, shown, tt.want)
			}
		})
	}
	if got := rules.State(t, "pos=FH last=1 hand=3").OddsReason(actStay); got != "" {
		t.Errorf("OddsReason(stay) = %q, want none", got)
	}
}

// needTerm reads the terms of an OddsReason: the first number after "difficulty", then each
// signed term.
var needTerm = regexp.MustCompile(`^difficulty (-?\d+)|(?: ([+-]) (?:malus )?(\d+))`)

// TestOddsReasonAddsUp checks in states met in random matches that the terms of every reason
// add up to the d20 ShotOdds gives, and that a shot needing no roll says why.
func TestOddsReasonAddsUp(t *testing.T) {
	checked := 0
	for _, s := range randomStates(t, 20) {
		for _, a := range s.Legal(nil) {
			need, _, ok := s.ShotOdds(a)
			if !ok {
				continue
			}
			why := s.OddsReason(a)
			if need == 0 && strings.HasPrefix(why, "no roll: ") {
				continue
			}
			why, _, _ = strings.Cut(why, ";")
			sum := 0
			for _, m := range needTerm.FindAllStringSubmatch(why, -1) {
				if m[1] != "" {
					sum, _ = strconv.Atoi(m[1])
					continue
				}
				n, _ := strconv.Atoi(m[3])
				if m[2] == "-" {
					n = -n
				}
				sum += n
			}
			if sum != need {
				t.Fatalf("%s: %q adds up to %d, ShotOdds needs %d", s.ActionString(a), s.OddsReason(a), sum, need)
			}
			checked++
		}
	}
	if checked < 100 {
		t.Fatalf("only %d reasons checked", checked)
	}
}

// exampleState is the package example's first point, played to its end: a second serve of 4,
// #1 and #25 validated without a roll, and #16 missed.
func exampleState(t *testing.T) *State {
	t.Helper()
	s := exStart(t, Options{}, nil, []int{2, 25, 29, 14, 3, 26, 4, 16, 27, 30, 38, 49}, 0)
	exPlay(t, s, "serve 13", "d20 8", "serve 4", "d20 12", "stay", "play #1", "stay", "play #25", "to backhand",
		"rush the net", "discard #38", "play #16", "d20 3")
	return s
}

// TestNoRollTold checks that the log and the narration say why a shot needed no roll.
func TestNoRollTold(t *testing.T) {
	s := rules.State(t, "pos=N last=1 hand=25")
	if got, want := s.Narrate(Card(25), 0), "you play #25 Forehand attack, validated without a roll: orange answering blue"; got != want {
		t.Errorf("Narrate = %q, want %q", got, want)
	}
	s = rules.State(t, "pc=2 pos=N last=1 hand=25: play #25")
	if got, want := s.Narrate(actAuto, 1), "player 1 takes the validation without a roll: orange answering blue"; got != want {
		t.Errorf("Narrate = %q, want %q", got, want)
	}
	var whys []string
	for _, e := range exampleState(t).observe(engine.Spectator).LastRally {
		whys = append(whys, e.Why)
	}
	if got, want := strings.Join(whys, "|"), "||blue answering blue|orange answering blue|"; got != want {
		t.Errorf("the last rally's reasons are %q, want %q", got, want)
	}
}

// TestCardText checks the cards in words: no code a newcomer must guess, the icons the rules
// level reads.
func TestCardText(t *testing.T) {
	tests := []struct {
		opts Options
		card int
		want string
	}{
		{Options{}, 31, "orange, difficulty 5, surface malus 4; from backhand or centre to backhand; +1 card after the point"},
		{Options{}, 1, "blue, difficulty 0, surface malus 0; from forehand to centre; +1 card after the point"},
		{Options{Basic: true}, 1,
			"blue, difficulty 0, surface malus 0; from forehand to centre; +1 star when validated, +1 card after the point"},
		{Options{}, 29, "orange, difficulty 4, surface malus 4; from backhand or centre to backhand or forehand; +1 card after the point"},
		{Options{Advanced: true}, 29,
			"orange, difficulty 4, surface malus 4; from backhand or centre to backhand or forehand; slice, +1 card after the point"},
		{Options{Surface: "clay"}, 33,
			"red, difficulty 8, surface malus 5; from centre or forehand to the net; costs 1 star, only if the opponent is at the baseline"},
		{Options{}, 44, "red, difficulty 6, surface malus 2; from centre or forehand to centre; only if the opponent is at the net, +1 card after the point"},
		{Options{}, 48, "red, difficulty 2, surface malus 3; from the net to backhand or forehand; +1 card after the point"},
		{Options{}, 36,
			"red, difficulty 22 minus the difficulties validated in the point (now 22), surface malus 0; from centre or forehand, wins the point"},
		{Options{Advanced: true}, 60, "red, difficulty 3, surface malus 5; from the net to backhand or forehand; " +
			"only against a lob at the net, +1 star when validated, +1 card after the point"},
		{Options{}, 61, "blue, difficulty 4, surface malus 1"},
		{Options{Advanced: true}, 64, "red, difficulty 13, surface malus 4; ACE on 18-20; topspin +2, slice +2 to the difficulty"},
	}
	for _, tt := range tests {
		t.Run(cardText(tt.card), func(t *testing.T) {
			s, err := New(tt.opts)
			if err != nil {
				t.Fatal(err)
			}
			if got := s.cardView(tt.card, 0).Text; got != tt.want {
				t.Errorf("Text = %q, want %q", got, tt.want)
			}
		})
	}
	codes := regexp.MustCompile(`\b(BH|FH|N|V|d\d+)\b`)
	for _, o := range []Options{{}, {Basic: true}, {Advanced: true, Surface: "grass"}} {
		s, _ := New(o)
		for n := 1; n <= numCards; n++ {
			if text := s.cardView(n, 0).Text; text == "" || codes.MatchString(text) {
				t.Errorf("%+v: %s reads %q", o, cardText(n), text)
			}
		}
	}
	s := exampleState(t)
	s.sides[0].validated = 8
	if got := s.cardView(37, 0).Text; !strings.Contains(got, "(now 14)") {
		t.Errorf("#37 after 8 validated: %q, want its difficulty now", got)
	}
	if got := s.observe(0).String(); !strings.Contains(got, handHeader) || !strings.Contains(got, handLegend) {
		t.Errorf("the hand has no column names or legend:\n%s", got)
	}
}

// TestLegend checks the notation's legend and the moves explained by their notation.
func TestLegend(t *testing.T) {
	for _, want := range []string{"centre (N", "net (V", "difficulty", "surface malus", "needs no roll"} {
		if !strings.Contains(Legend(), want) {
			t.Errorf("Legend() = %q, want it to explain %q", Legend(), want)
		}
	}
	tests := []struct{ text, want string }{
		{"recovery", "draw a card"},
		{"Concentration", "gain 2 stars, up to your star slots"},
		{"plan #25 Forehand attack", "pay a star to take this card back from your discards into your hand"},
		{"no plan", "take no card back from your discards, and keep your stars"},
		{"play #25", ""},
		{"d20 4", ""},
	}
	for _, tt := range tests {
		if got := DescribeAction(tt.text); got != tt.want {
			t.Errorf("DescribeAction(%q) = %q, want %q", tt.text, got, tt.want)
		}
	}
}

// TestKnownText checks the cards every player knows to be in a hand, with the reason, worded
// for each seat.
func TestKnownText(t *testing.T) {
	s := exampleState(t)
	const cards = "#13 #35 #48 (every player starts with them), #36 #37 (a Winner comes back after each point)"
	for _, tt := range []struct {
		seat engine.Seat
		want string
	}{
		{0, "Cards you know they hold: " + cards},
		{1, "Cards your opponent knows you hold: " + cards},
		{engine.Spectator, "Cards known to be in this hand: " + cards},
	} {
		if got := s.observe(tt.seat).Sides[1].KnownText; got != tt.want {
			t.Errorf("seat %d: %q, want %q", tt.seat, got, tt.want)
		}
	}
	if got, want := knownText(cardSet(1<<25|1<<36), 1, 0),
		"Cards you know they hold: #36 (a Winner comes back after each point), #25 (taken back from the discards with a tactical plan)"; got != want {
		t.Errorf("knownText = %q, want %q", got, want)
	}
	if got := knownText(0, 1, 0); got != "" {
		t.Errorf("knownText of no card = %q", got)
	}
}

// TestMovesExplained checks that the choices between points say what they do: recovery,
// concentration, a tactical plan and no plan, for the seat to move only.
func TestMovesExplained(t *testing.T) {
	found := map[string]bool{}
	for seed := range uint64(20) {
		s := newMatch(t, engine.Options{"rules": "advanced"})
		rng := rand.New(rand.NewPCG(seed, 3))
		for s.ToMove() != engine.Nobody && len(found) < 4 {
			if s.phase == phEnds || s.phase == phPlan {
				sd := &s.sides[s.actor]
				o := s.observe(engine.Seat(s.actor))
				details := map[string]string{}
				for _, m := range o.Moves {
					details[m.Text] = m.Detail
				}
				if other := s.observe(engine.Seat(1 - s.actor)); other.Moves != nil {
					t.Fatalf("the seat not to move is told %v", other.Moves)
				}
				if s.phase == phEnds {
					gain := min(2, int(sd.starCap-sd.stars))
					want := "gain 2 stars, up to your " + itoa(int(sd.starCap)) + " star slots (you hold " +
						itoa(int(sd.stars)) + ": +" + itoa(gain) + ")"
					checkDetail(t, details, "concentration", want)
					if sd.deck != 0 {
						checkDetail(t, details, "recovery", "draw a card")
						found["recovery"] = true
					}
					found["concentration"] = true
				} else {
					checkDetail(t, details, "no plan", "take no card back from your discards, and keep your stars")
					found["no plan"] = true
					if sd.discard != 0 {
						n := sd.discard.ids()[0]
						checkDetail(t, details, "plan "+cardText(n), "pay a star (you hold "+itoa(int(sd.stars))+
							") to take this card back from your discards into your hand")
						found["plan"] = true
					}
				}
			}
			step(t, s, rng, randomPolicy)
		}
	}
	if len(found) < 4 {
		t.Fatalf("only %v met", found)
	}
}

func checkDetail(t *testing.T, details map[string]string, move, want string) {
	t.Helper()
	if got := details[move]; got != want {
		t.Errorf("%s: %q, want %q", move, got, want)
	}
}

// TestOptionHelp checks that every option's help makes sense to a newcomer without the
// rulebook: a rule's number may close it, in parentheses, but the sentence says what the
// option does without it.
func TestOptionHelp(t *testing.T) {
	trailing := regexp.MustCompile(`\s*\((optional )?rules? [\d-]+\)$`)
	jargon := regexp.MustCompile(`(?i)\brules? \d|\bexample\b|automaton of`)
	for _, o := range Game.Options {
		body := trailing.ReplaceAllString(o.Help, "")
		if body == "" || jargon.MatchString(body) {
			t.Errorf("%s: help %q leans on the rulebook", o.Name, o.Help)
		}
	}
}

// TestFinalScore checks that the observation of a match over keeps its final score: the points
// of a tiebreak, the sets of a full match.
func TestFinalScore(t *testing.T) {
	for _, opts := range []engine.Options{{}, {"mode": "match", "rules": "advanced"}} {
		s := newMatch(t, opts)
		rng := rand.New(rand.NewPCG(9, 9))
		for s.ToMove() != engine.Nobody {
			step(t, s, rng, randomPolicy)
		}
		o := s.observe(0)
		res := s.Result()
		if o.Score != res.Score || o.Tennis.Score != res.Score || !o.Tennis.Over {
			t.Errorf("%v: score %q (%q), want %q", opts, o.Score, o.Tennis.Score, res.Score)
		}
		if s.cfg.match {
			if len(o.Tennis.Sets) == 0 {
				t.Errorf("%v: the final view has no sets", opts)
			}
			continue
		}
		won := s.PointsWon()
		if o.Tennis.Points != [2]string{itoa(won[0]), itoa(won[1])} {
			t.Errorf("%v: final points %q, want %v", opts, o.Tennis.Points, won)
		}
	}
}
