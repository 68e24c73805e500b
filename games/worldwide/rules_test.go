package worldwide

import (
	"strconv"
	"strings"
	"testing"

	"deuce/engine/enginetest"
)

// A rules case is one line, "setup: actions -> verdict expectations", read by
// enginetest.Cases (see there for the grammar; a line it cannot read fails).
//
// Setup words. Options: advanced (rules), surface=S, match (mode), solo, challenges, pc=K (a
// player card for side 0, that is seat 1). Cards are comma-separated numbers or "-": hand=
// and opp= (the hands of sides 0 and 1; every other card is in the deck), discard=, oppdiscard=.
// Positions: pos= and opppos= (zone codes FH, N, BH, V). Side 0's state: stars=, slice,
// topspin, validated=, chal=. Score: points=W,W,... (winners of the points already played).
//
// The start, side 0 to act unless said: by default side 0 answers card last= (default #1,
// played by side 1) sent to its zone ball= (default its position); "serve" makes side 0 serve
// (dir= the receiver's zone, second for a second serve, faulted=N); in solo play "auto" makes
// the automaton answer side 0's card last= sent to the automaton's zone ball= (autopos= its
// zone, default N), and "autoserve" makes it serve; piles= sets the automaton's piles (the
// rest in its discards), smash=N an active Smash, penalty=N its penalty.
//
// Expectation keys: see describe.
var rulesCases = []string{
	// Rule 9B: no roll when the card answered is blue and the shot blue, or orange without a
	// slice; otherwise the d20 against difficulty plus the answered card's surface malus.
	"pos=FH last=1 hand=3,12: play #3 -> ok phase=position res=good roll=0 opppos=N",
	"pos=N last=1 hand=25: play #25 -> ok phase=target res=good roll=0",
	"pos=N last=1 hand=25: play #25; to backhand -> ok phase=position ball=BH res=good",
	"pos=N last=61 hand=25: play #25 -> ok phase=target",
	"pos=N last=62 hand=25: play #25 -> ok phase=shot_roll need=6",
	"pos=N last=64 hand=2: play #2 -> ok phase=shot_roll need=4",
	"pos=FH last=1 hand=36: play #36 -> ok phase=shot_roll need=22",
	"pos=FH last=25 hand=1: play #1 -> ok phase=shot_roll need=4",
	"surface=clay pos=FH last=29 hand=1: play #1 -> ok need=3",
	"surface=grass pos=FH last=29 hand=1: play #1 -> ok need=5",
	"surface=indoor pos=FH last=25 hand=1: play #1 -> ok need=5",
	"pos=FH last=25 hand=1: play #1; d20 4 -> ok phase=position res=good roll=4",
	"pos=FH last=25 hand=1: play #1; d20 3 -> ok point=1 how=fault score=0-1",
	"pos=N last=25 hand=28: play #28 -> ok need=10",
	// Slice (advanced): orange and red roll, +2; blue against blue stays automatic; no effect at
	// the net; nothing in the basic rules.
	"advanced stars=0 slice pos=N last=15 hand=25: play #25 -> ok phase=shot_roll need=6",
	"advanced stars=0 slice pos=FH last=15 hand=1: play #1 -> ok phase=position roll=0",
	"advanced stars=0 slice pos=FH last=29 hand=1: play #1 -> ok need=6",
	"advanced stars=0 slice pos=V opppos=FH last=29 hand=48: play #48 -> ok need=6",
	"stars=0 slice pos=N last=15 hand=25: play #25 -> ok phase=target",
	// Rule 9A: a move costs a card vertically or across two zones.
	"pos=FH ball=BH hand=13,2: -> ok phase=move legal=discard_#2_Baseline_defence_(FH),discard_#13_Baseline_defence_(BH),concede",
	"pos=BH ball=FH hand=1: -> ok phase=move",
	"pos=FH ball=N hand=2: -> ok phase=shot pos=N",
	"pos=N ball=BH hand=13: -> ok phase=shot pos=BH",
	"pos=BH ball=BH hand=13: -> ok phase=shot pos=BH",
	"pos=FH ball=BH hand=13,2: discard #2 -> ok phase=shot pos=BH hand=13 discard=2",
	"pos=FH ball=BH hand=13,2: discard #1 -> illegal",
	"pos=FH ball=BH hand=13,2: play #13 -> illegal",
	"pos=FH ball=BH hand=13,2: concede -> ok point=1 how=refused_to_move",
	"pos=FH ball=BH hand=-: -> ok legal=concede",
	// Rule 11A: a player who cannot play from the zone loses the point; otherwise no concession.
	"pos=FH hand=13: -> ok phase=shot legal=concede",
	"pos=FH hand=13: concede -> ok point=1 how=no_shot",
	"pos=FH hand=1,13: concede -> illegal",
	"pos=FH hand=1,13: play #13 -> illegal",
	// Rule 10: at the net no move; volleys answer anything but a lob; a Smash answers only a lob.
	"pos=V ball=BH last=25 hand=49,1: -> ok phase=shot pos=V legal=play_#49_Volley",
	"pos=FH last=1 hand=49: -> ok legal=concede",
	"pos=V ball=FH last=48 hand=60,50: -> ok legal=play_#50_Volley",
	"pos=V ball=N last=44 hand=60,48: -> ok phase=shot legal=play_#60_Smash",
	"pos=V ball=N last=44 hand=60,48: play #48 -> illegal",
	"pos=V ball=N last=44 hand=60: play #60 -> ok phase=shot_roll need=5",
	// Without a Smash the lob sends the net player back, paying a card, with no rush next.
	"pos=V ball=N last=44 hand=48,2: -> ok phase=move legal=discard_#2_Baseline_defence_(FH),discard_#48_Volley,concede",
	"pos=V ball=N last=44 hand=48,2: discard #48 -> ok phase=shot pos=N",
	"pos=V ball=N last=44 hand=48,2: discard #48; play #2; d20 20 -> ok phase=position legal=stay",
	"pos=V ball=N last=44 hand=48,2,35: discard #48; play #35; d20 20; to forehand; stay -> ok tomove=1 opppos=FH legal=concede",
	// Rule 13a: a drop shot costs a star, only against a baseline player; the opponent pays a
	// card to come up and plays without start-zone condition.
	"pos=FH last=1 hand=33 stars=1: play #33 -> ok phase=shot_roll need=8 stars=0",
	"pos=FH last=1 hand=33,1 stars=0: -> ok legal=play_#1_Baseline_defence_(FH)",
	"pos=FH opppos=V last=1 hand=33,1 stars=3: -> ok legal=play_#1_Baseline_defence_(FH)",
	"pos=FH ball=V last=33 hand=1,2: -> ok phase=move",
	"pos=FH ball=V last=33 hand=1,2: discard #2; play #1 -> ok pos=V need=3",
	"pos=FH ball=V last=33 hand=13,2: discard #2 -> ok legal=play_#13_Baseline_defence_(BH)",
	// Passing shots and lobs only against a net player.
	"pos=FH opppos=N last=1 hand=38,44: -> ok legal=concede",
	"pos=FH opppos=V last=1 hand=38,44: -> ok legal=play_#38_Forehand_passing_shot,play_#44_Forehand_lob",
	// Rule 13b: a Winner's difficulty is 22 minus the validated difficulties; it returns to the hand.
	"pos=FH validated=8 last=1 hand=36: play #36 -> ok need=14",
	"pos=FH validated=30 last=1 hand=36: play #36 -> ok need=-8",
	"pos=N last=1 hand=25,36: play #25; to forehand; stay -> ok validated=4",
	"pos=FH validated=8 last=1 hand=36: play #36; d20 14 -> ok point=0 how=winner hand=36",
	"pos=FH validated=8 last=1 hand=36: play #36; d20 13 -> ok point=1 how=fault hand=36",
	// Rule 9C: stay, rush the net (not with the opponent there), or recentre for a star (and a card
	// from the net).
	"pos=FH last=1 hand=3: play #3 -> ok legal=stay,rush_the_net,recentre",
	"pos=FH last=1 hand=3: play #3; rush the net -> ok tomove=1 pos=V",
	"pos=FH opppos=V last=1 hand=3: play #3 -> ok legal=stay,recentre",
	"pos=FH last=1 hand=3: play #3; recentre -> ok pos=N stars=3",
	"pos=FH last=1 hand=3 stars=0: play #3 -> ok legal=stay,rush_the_net",
	"pos=N last=1 hand=2: play #2 -> ok legal=stay,rush_the_net",
	"pos=V last=1 ball=BH hand=50,1: play #50; d20 20; recentre -> ok phase=position_discard",
	"pos=V last=1 ball=BH hand=50,1: play #50; d20 20; recentre; discard #1 -> ok pos=N stars=3 hand=- tomove=1",
	"pos=V last=1 ball=BH hand=50: play #50; d20 20 -> ok legal=stay",
	// Topspin (advanced): rushing the net on the next shot costs a card.
	"advanced stars=0 topspin pos=FH last=1 hand=3,1: play #3 -> ok legal=stay,rush_the_net,recentre stars=1",
	"advanced stars=0 topspin pos=FH last=1 hand=3,1: play #3; rush the net -> ok phase=position_discard",
	"advanced stars=0 topspin pos=FH last=1 hand=3,1: play #3; rush the net; discard #1 -> ok pos=V hand=- tomove=1",
	"advanced stars=0 topspin pos=FH last=1 hand=3: play #3 -> ok legal=stay,recentre",
	// Rule 15: stars before the roll: -3, -5, -7 in a rally, -2, -4 on a serve; stars won by icons.
	"advanced stars=3 pos=FH last=25 hand=3: play #3 -> ok phase=stars legal=stars_0,stars_1,stars_2,stars_3",
	"advanced stars=3 pos=FH last=25 hand=3: play #3; stars 2 -> ok need=0 stars=1",
	"advanced stars=3 pos=N last=25 hand=28: play #28; stars 3 -> ok need=3 stars=0",
	"advanced stars=1 pos=FH last=25 hand=3: play #3 -> ok legal=stars_0,stars_1",
	"advanced stars=1 pos=FH last=25 hand=3: play #3; stars 2 -> illegal",
	"advanced stars=2 pos=FH last=25 hand=1: play #1; stars 0; d20 9 -> ok stars=3",
	"advanced stars=5 pos=FH last=25 hand=1: play #1; stars 0; d20 9 -> ok stars=5",
	"stars=2 pos=FH last=25 hand=1: play #1; d20 9 -> ok stars=2",
	"advanced stars=2 validated=8 pos=FH last=1 hand=36: play #36; stars 1; d20 20 -> ok stars=3 point=0",
	// Rule 8: the serve; ACE; fault, second serve with another card; double fault.
	"serve: -> ok phase=serve legal=serve_#61_difficulty_4,serve_#62_difficulty_7,serve_#63_difficulty_10,serve_#64_difficulty_13,serve_#65_difficulty_16",
	"serve: serve 13 -> ok phase=serve_roll need=13",
	"serve: serve #64 -> ok need=13",
	"serve: serve 13; d20 19 -> ok point=0 how=ace",
	"serve: serve 13; d20 17 -> ok phase=position legal=stay,rush_the_net ball=FH",
	"serve: serve 10; d20 20 -> ok point=0 how=ace",
	"serve: serve 16; d20 17 -> ok point=0 how=ace",
	"serve: serve 4; d20 20 -> ok phase=position",
	"serve: serve 13; d20 8 -> ok phase=serve legal=serve_#61_difficulty_4,serve_#62_difficulty_7,serve_#63_difficulty_10,serve_#65_difficulty_16",
	"serve: serve 13; d20 8; serve 13 -> illegal",
	"serve second faulted=63: serve 10 -> illegal",
	"serve second faulted=63: serve 13; d20 12 -> ok point=1 how=double_fault",
	"serve: serve 13; d20 8; serve 4; d20 12 -> ok phase=position ball=FH",
	"serve: serve 13; d20 8; serve 4; d20 3 -> ok point=1 how=double_fault",
	"serve: serve 4; d20 5; stay -> ok tomove=1 opppos=FH",
	"serve: serve 4; d20 5; rush the net -> ok pos=V",
	// Advanced serves: one effect announced, its cost, up to 2 stars.
	"advanced serve stars=4: serve 10 -> ok phase=serve_effect legal=flat,topspin,slice",
	"advanced serve stars=4: serve 10; slice -> ok phase=serve_stars legal=stars_0,stars_1,stars_2",
	"advanced serve stars=4: serve 10; slice; stars 0 -> ok need=12",
	"advanced serve stars=4: serve 10; topspin; stars 2 -> ok need=7 stars=2",
	"advanced serve stars=4: serve 13; flat; stars 3 -> illegal",
	"advanced serve stars=0: serve 13; slice -> ok phase=serve_roll need=15",
	"advanced serve stars=0: serve 4; slice; d20 20 -> ok oppeffects=slice",
	"advanced serve stars=0: serve 4; topspin; d20 20 -> ok oppeffects=topspin",
	// Rule 6: the receiver's zone by the score.
	"serve: -> ok dir=FH",
	"serve points=0: -> ok dir=BH",
	"serve points=0,1: -> ok dir=FH",
	"match serve: -> ok dir=FH",
	"match serve points=0: -> ok dir=BH",
	"match points=0,1: -> ok phase=side tomove=1 legal=receive_backhand,receive_forehand",
	"match points=0,1: receive backhand -> ok phase=serve tomove=0 dir=BH opppos=BH",
	"match points=0,0: -> ok phase=serve tomove=1 dir=FH",
	// Rule 11B: the end of the point: draws from the icons played, hand limit, discards.
	"pos=N last=25 hand=2,13 opp=-: play #2; d20 1 -> ok phase=end_draws tomove=chance",
	"pos=N last=25 hand=2,13 opp=-: play #2; d20 1; draw #5 -> ok phase=serve hand=5,13 discard=2",
	"pos=N last=25 hand=33,13 stars=1 opp=-: play #33; d20 1 -> ok phase=serve hand=13 discard=33",
	// No shot card draws more than one, so a hand passes the limit of 12 only through the
	// change of ends: a full hand that recovers a card discards down to the limit.
	"points=0,1,0,1,0 pos=FH hand=13,14,15,16,17,18,19,20,21,22,23,24 opp=- stars=0: concede; recovery; draw #1; recovery; draw #2 -> ok phase=hand_limit tomove=0",
	"points=0,1,0,1,0 pos=FH hand=13,14,15,16,17,18,19,20,21,22,23,24 opp=- stars=0: concede; recovery; draw #1; recovery; draw #2; discard #1 -> ok hand=13,14,15,16,17,18,19,20,21,22,23,24",
	// Rule 12: a change of ends every 6 points of a tiebreak: recovery or concentration, then the
	// tactical plan.
	"points=0,1,0,1,0 pos=FH hand=13 opp=-: concede -> ok phase=change_of_ends legal=recovery,concentration",
	"points=0,1,0,1,0 pos=FH hand=13 discard=25 opp=- stars=2: concede; concentration -> ok phase=tactical_plan stars=4",
	"points=0,1,0,1,0 pos=FH hand=13 opp=- stars=2: concede; concentration -> ok phase=change_of_ends tomove=1",
	"points=0,1,0,1,0 pos=FH hand=13 opp=- stars=4: concede; concentration -> ok stars=5",
	"points=0,1,0,1,0 pos=FH hand=13 discard=25 opp=- stars=1: concede; concentration; plan #25 -> ok hand=13,25 stars=2 tomove=1 phase=change_of_ends",
	"points=0,1,0,1,0 pos=FH hand=13 opp=- stars=0: concede; recovery; draw #3 -> ok hand=3,13 tomove=1 phase=change_of_ends",
	"points=0,1,0,1 pos=FH hand=13 opp=-: concede -> ok phase=serve",
	// Full match: ends change at odd totals but 1-0, and after each set.
	"match points=1 pos=FH hand=13 opp=-: concede -> ok phase=serve score=0-1,_0-0",
	"match points=0,0 pos=FH hand=13 opp=-: concede -> ok phase=serve",
	"match points=0,0,1,1,0,0 pos=FH hand=13 opp=-: concede -> ok phase=serve",
	"match points=0,0,1,1,0,0 pos=FH hand=13 opp=-: play #13 -> illegal",
	"match points=0,0,1,1,1 pos=FH hand=13 opp=-: concede -> ok phase=change_of_ends score=1-2,_0-0",
	"match points=0,0,0,0,0,0,0,0,0,0,0 validated=22 pos=FH last=1 hand=36 opp=-: play #36; d20 1 -> ok phase=change_of_ends score=6-0_0-0,_0-0",
	// Rule 17: a challenge one short; Ball in replays the point (or wins a Winner's), out loses it
	// and the token.
	"challenges pos=FH last=25 hand=1: play #1; d20 3 -> ok phase=challenge legal=challenge,accept_the_call",
	"challenges pos=FH last=25 hand=1: play #1; d20 2 -> ok point=1",
	"challenges pos=FH last=25 hand=1: play #1; d20 3; accept the call -> ok point=1 chal=2",
	"challenges pos=FH last=25 hand=1: play #1; d20 3; challenge; ball out -> ok point=1 how=fault chal=1 score=0-1",
	"challenges pos=FH last=25 hand=1 opp=-: play #1; d20 3; challenge; ball in -> ok how=let chal=2 score=0-0 phase=end_draws",
	"challenges validated=8 pos=FH last=1 hand=36: play #36; d20 13; challenge; ball in -> ok point=0 how=winner",
	"challenges chal=0 pos=FH last=25 hand=1: play #1; d20 3 -> ok point=1",
	"challenges serve: serve 13; d20 12 -> ok phase=challenge legal=challenge,accept_the_call",
	// Rule 18 (invented cards): Winner on 18-20 with forehand attacks, rolling even when automatic.
	"pc=2 pos=N last=1 hand=25: play #25 -> ok phase=roll_choice legal=auto,roll",
	"pc=2 pos=N last=1 hand=25: play #25; auto -> ok phase=target",
	"pc=2 pos=N last=1 hand=25: play #25; roll; d20 19 -> ok point=0 how=winner",
	"pc=2 pos=N last=1 hand=25: play #25; roll; d20 17 -> ok phase=target",
	"pc=2 pos=N last=1 hand=25: play #25; roll; d20 3 -> ok point=1",
	"pc=2 serve: serve 13 -> ok need=11",
	"pc=1 surface=clay pos=FH last=29 hand=1: play #1 -> ok need=2",
	"pc=1 pos=V last=29 ball=FH hand=48: play #48 -> ok need=7",
	// The automaton (rules 19-20): serves 10 then 4, d6 for the effect, rush on 15-16.
	"solo autoserve: -> ok phase=serve_roll need=10 card=63",
	"solo advanced autoserve: -> ok phase=automaton_effect",
	"solo advanced autoserve: d6 5 -> ok need=12",
	"solo advanced autoserve: d6 3 -> ok need=11",
	"solo advanced autoserve: d6 2; d20 10 -> ok phase=shot opppos=N pos=FH",
	"solo advanced autoserve: d6 5; d20 10 -> ok phase=automaton_effect card=61",
	"solo advanced autoserve: d6 5; d20 10; d6 1 -> ok phase=serve_roll need=4",
	"solo advanced autoserve: d6 5; d20 10; d6 1; d20 2 -> ok point=0 how=double_fault",
	"solo autoserve: d20 15 -> ok opppos=V tomove=0",
	"solo autoserve: d20 16 -> ok opppos=V",
	"solo autoserve: d20 17 -> ok opppos=N",
	"solo autoserve: d20 20 -> ok point=1 how=ace",
	// Its pile: volley at the net, defence with the person at the net, else the zone targeted.
	"solo auto ball=FH: -> ok phase=automaton_draw pile=FH opppos=FH",
	"solo auto ball=BH: -> ok pile=BH",
	"solo auto ball=N: -> ok pile=ATT",
	"solo auto ball=FH pos=V: -> ok pile=DEF",
	"solo auto ball=FH autopos=V pos=V: -> ok pile=VOL",
	// It moves like a player; a move that would cost a card adds 1 to its rolls this point.
	"solo auto ball=FH autopos=BH: -> ok penalty=1",
	"solo auto ball=FH autopos=BH penalty=2 last=25: draw #1 -> ok need=7",
	"solo auto ball=FH autopos=N: -> ok penalty=0",
	// Targets by parity: even forehand, odd backhand; a d20 when none was rolled.
	"solo auto ball=FH last=25: draw #6; d20 12 -> ok tomove=0 ball=FH",
	"solo auto ball=FH last=25: draw #6; d20 13 -> ok ball=BH",
	"solo auto ball=FH last=1: draw #6 -> ok phase=automaton_target",
	"solo auto ball=FH last=1: draw #6; d20 odd -> ok ball=BH pos=BH",
	// The Winner wins automatically.
	"solo auto ball=N: draw #37 -> ok point=1 how=automatic_winner",
	// Unplayable defence cards: one is discarded and another drawn; a second is a direct fault.
	"solo auto ball=BH pos=V: draw #38 -> ok phase=automaton_draw pile=DEF",
	"solo auto ball=BH pos=V last=25: draw #38; draw #41 -> ok phase=shot_roll need=9",
	"solo auto ball=BH pos=V: draw #38; draw #39 -> ok point=0 how=direct_fault",
	// A Smash drawn with no lob to answer is set aside, active; against a lob it is played.
	"solo auto ball=FH autopos=V pos=FH: draw #60 -> ok phase=automaton_draw smash=60",
	"solo auto ball=FH autopos=V pos=FH: draw #60; draw #48 -> ok phase=shot_roll smash=60",
	"solo auto ball=N autopos=V last=44 smash=60: -> ok phase=shot_roll card=60 smash=0",
	"solo auto ball=N autopos=V last=44: -> ok phase=automaton_draw pile=VOL",
	"solo auto ball=N autopos=V last=44: draw #60 -> ok phase=shot_roll card=60",
	"solo auto ball=N autopos=V last=44: draw #48 -> ok opppos=N penalty=1 pile=ATT",
	// The net icon rushes it to the net, not with the person there.
	"solo auto ball=N last=1: draw #26 -> ok opppos=V tomove=0",
	"solo auto ball=N last=25 pos=V: draw #40; d20 20 -> ok opppos=N tomove=0",
	// An exhausted pile is formed again from its discards.
	"solo auto ball=FH piles=1: draw #1 -> ok tomove=0",
	"solo auto ball=FH piles=-: -> ok legal=draw_#1_Baseline_defence_(FH),draw_#2_Baseline_defence_(FH),draw_#3_Baseline_defence_(FH),draw_#4_Baseline_defence_(FH),draw_#5_Baseline_defence_(FH),draw_#6_Baseline_defence_(FH),draw_#7_Baseline_defence_(FH),draw_#8_Baseline_defence_(FH),draw_#9_Forehand_down_the_line,draw_#10_Forehand_down_the_line,draw_#11_Forehand_crosscourt,draw_#12_Forehand_crosscourt",
	// Junk.
	"pos=FH hand=1: #-1 -> illegal",
	"pos=FH hand=1: #2147483647 -> illegal",
	"pos=FH hand=1: #-2147483648 -> illegal",
	"pos=FH hand=1: draw #1 -> illegal",
	"pos=FH hand=1: d20 20 -> illegal",
	"pos=FH hand=1: serve 4 -> illegal",
	"pos=FH hand=1: lob -> illegal",
}

// rules runs Worldwide Tennis's rules cases.
var rules = enginetest.Cases[State, *State]{Setup: setupWords, Describe: describe, Invariant: invariant}

func TestRules(t *testing.T) { rules.Run(t, rulesCases) }

// setupWords builds the state a rules case describes.
func setupWords(w *enginetest.Words) *State {
	o := Options{Match: w.Flag("match"), Advanced: w.Flag("advanced"), Challenges: w.Flag("challenges"), Solo: w.Flag("solo"),
		Surface: w.Get("surface", "")}
	s, err := New(o)
	if err != nil {
		w.Errorf("%v", err)
		return nil
	}
	if k := w.Int("pc", 0); k != 0 {
		if k < 1 || k > len(data.players) {
			w.Errorf("pc=%d: want a player card 1 to %d", k, len(data.players))
			return nil
		}
		s.actor = 0
		s.sides[0].pcard = int8(k)
		p := &data.players[k-1]
		s.sides[0].stars, s.sides[0].starCap, s.sides[0].limit = int8(p.starsUp), int8(p.starsUp+p.starsDown), int8(p.hand)
	}
	for i, key := range []string{"", "opp"} {
		sd := &s.sides[i]
		if !s.human(int8(i)) {
			continue
		}
		if key == "opp" {
			sd.hand = cardsOf(w, w.Get("opp", "-"))
		} else {
			sd.hand = cardsOf(w, w.Get("hand", "-"))
		}
		sd.discard = cardsOf(w, w.Get(key+"discard", "-"))
		sd.known = 0
		sd.deck = allShots &^ sd.hand &^ sd.discard
		sd.origin = sd.deck
	}
	if v, ok := w.Value("piles"); ok {
		s.auto.piles = cardsOf(w, v)
		s.auto.discard = allShots &^ s.auto.piles
	}
	if v := w.Int("smash", 0); v != 0 {
		s.auto.smash = int8(v)
		s.auto.piles.del(v)
	}
	hasPoints := w.Has("points")
	if v := w.Get("points", ""); v != "" {
		for _, p := range strings.Split(v, ",") {
			side, err := strconv.Atoi(p)
			if err != nil || side < 0 || side > 1 {
				w.Errorf("points=%s: want sides 0 and 1", v)
				return nil
			}
			s.score.PointWon(side)
		}
	}
	sd, opp := &s.sides[0], &s.sides[1]
	hasPos := w.Has("pos")
	sd.pos, opp.pos = zoneOf(w, w.Get("pos", ""), zN), zoneOf(w, w.Get("opppos", ""), zN)
	sd.stars = int8(w.Int("stars", int(sd.stars)))
	sd.challenges = int8(w.Int("chal", int(sd.challenges)))
	sd.validated = int16(w.Int("validated", int(sd.validated)))
	sd.slice, sd.topspin = w.Flag("slice"), w.Flag("topspin")
	s.auto.penalty = int8(w.Int("penalty", int(s.auto.penalty)))
	last := w.Int("last", 1)
	switch {
	case w.Flag("serve"):
		s.score.SetServer(0)
		s.server = 0
		s.serveDir = s.defaultServeDir()
		if v := w.Get("dir", ""); v != "" {
			s.serveDir = zoneOf(w, v, zFH)
		}
		s.second = w.Flag("second")
		s.faulted = int8(w.Int("faulted", int(s.faulted)))
		s.beginServe()
	case w.Flag("autoserve"):
		s.score.SetServer(1)
		s.server = 1
		s.serveDir = s.defaultServeDir()
		s.beginServe()
	case w.Flag("auto"):
		s.score.SetServer(0)
		s.server, s.last, s.lastBy = 0, int8(last), 0
		opp.pos = zoneOf(w, w.Get("autopos", ""), zN)
		s.ball = zoneOf(w, w.Get("ball", ""), opp.pos)
		s.beginTurn(1)
	case hasPoints && !hasPos:
		s.startPoint()
	default:
		s.score.SetServer(1)
		s.server, s.last, s.lastBy = 1, int8(last), 1
		s.ball = zoneOf(w, w.Get("ball", ""), sd.pos)
		sd.nszl = s.ball == zV
		s.beginTurn(0)
	}
	return s
}

func zoneOf(w *enginetest.Words, code string, def zone) zone {
	if code == "" {
		return def
	}
	z := indexOf(zoneCodes[:], code)
	if z < 0 {
		w.Errorf("zone %q", code)
		return def
	}
	return zone(z)
}

func cardsOf(w *enginetest.Words, list string) cardSet {
	var c cardSet
	if list == "" || list == "-" {
		return c
	}
	for _, f := range strings.Split(list, ",") {
		n, err := strconv.Atoi(f)
		if err != nil || n < 1 || n > numCards {
			w.Errorf("card %q in %q", f, list)
			return 0
		}
		c.add(n)
	}
	return c
}

func listOf(c cardSet) string {
	if c == 0 {
		return "-"
	}
	var parts []string
	for _, n := range c.ids() {
		parts = append(parts, strconv.Itoa(n))
	}
	return strings.Join(parts, ",")
}

// describe renders one property of s for the expectations of a rules case.
func describe(s *State, key string) (string, bool) {
	under := func(t string) string { return strings.ReplaceAll(t, " ", "_") }
	last := shot(0)
	if s.nRally > 0 {
		last = s.rally[s.nRally-1]
	}
	switch key {
	case "phase":
		return under(phaseNames[s.phase]), true
	case "tomove":
		if to := s.ToMove(); to >= 0 {
			return strconv.Itoa(int(to)), true
		}
		return s.ToMove().String(), true
	case "pos":
		return zoneCodes[s.sides[0].pos], true
	case "opppos":
		return zoneCodes[s.sides[1].pos], true
	case "ball":
		return zoneCodes[s.ball], true
	case "dir":
		return zoneCodes[s.serveDir], true
	case "need":
		return strconv.Itoa(int(s.need)), true
	case "card":
		return strconv.Itoa(int(s.card)), true
	case "hand":
		return listOf(s.sides[0].hand), true
	case "opphand":
		return listOf(s.sides[1].hand), true
	case "discard":
		return listOf(s.sides[0].discard), true
	case "stars":
		return strconv.Itoa(int(s.sides[0].stars)), true
	case "chal":
		return strconv.Itoa(int(s.sides[0].challenges)), true
	case "validated":
		return strconv.Itoa(int(s.sides[0].validated)), true
	case "point":
		return strconv.Itoa(int(s.lastPoint.winner)), true
	case "how":
		return under(howNames[s.lastPoint.how]), true
	case "score":
		return under(s.score.String()), true
	case "res":
		return under(resultNames[last.get(fResult)]), true
	case "roll":
		return strconv.Itoa(int(last.get(fRoll))), true
	case "pile":
		return pileCodes[s.auto.pile], true
	case "penalty":
		return strconv.Itoa(int(s.auto.penalty)), true
	case "smash":
		return strconv.Itoa(int(s.auto.smash)), true
	case "oppeffects":
		return strings.Join(s.sideView(1).Effects, ","), true
	case "legal":
		var texts []string
		for _, a := range s.Legal(nil) {
			texts = append(texts, under(s.ActionString(a)))
		}
		return strings.Join(texts, ","), true
	}
	return "", false
}
