package worldwide

import (
	"testing"
)

// The worked examples of the rules text (shared/rules/worldwide-tennis.fr.md), each replayed
// through Apply from the start of a match and checked against the numbers the text gives. The
// card data is reconstructed: data/shots.csv says which of its values these examples pin.

// Roger is side 0 (seat 1), Rafael side 1 (seat 2), as in the text's examples.
const (
	roger  = 0
	rafael = 1
)

// exStart starts a match with options o (player cards, when in play, chosen by their numbers
// in cards, side 0 first), deals the starting hands with the cards of deal (side 0's draws
// first, then side 1's; the six starting-hand cards are already held) and tosses for server.
func exStart(t *testing.T, o Options, cards []int, deal []int, server int) *State {
	t.Helper()
	s, err := New(o)
	if err != nil {
		t.Fatal(err)
	}
	for _, k := range cards {
		exPlay(t, s, "player card "+itoa(k))
	}
	for _, n := range deal {
		exPlay(t, s, "draw #"+itoa(n))
	}
	if s.phase != phCoin {
		t.Fatalf("after the deal: phase %s, want the toss", phaseNames[s.phase])
	}
	exPlay(t, s, "toss "+itoa(server+1))
	return s
}

// exPlay applies the actions written in notation, in order, and fails the test on the first
// one that does not parse or is not legal.
func exPlay(t *testing.T, s *State, texts ...string) {
	t.Helper()
	for _, text := range texts {
		a, err := s.ParseAction(text)
		if err != nil {
			t.Fatalf("%q: %v", text, err)
		}
		if err := s.Apply(a); err != nil {
			t.Fatalf("%q: %v", text, err)
		}
	}
}

// exInt fails the test when got is not want.
func exInt(t *testing.T, what string, got, want int) {
	t.Helper()
	if got != want {
		t.Errorf("%s = %d, want %d", what, got, want)
	}
}

// exPoint checks that the last point went to side w in the way how.
func exPoint(t *testing.T, s *State, w int8, how int8) {
	t.Helper()
	if s.lastPoint.winner != w || s.lastPoint.how != how {
		t.Fatalf("last point: side %d by %q, want side %d by %q", s.lastPoint.winner, howNames[s.lastPoint.how], w,
			howNames[how])
	}
}

// rogerAndRafael plays rules 8, 9 and 15's point on clay at the given level, up to the moment
// Rafael holds his Winner: the first point of the match, Roger's ACE; the second, a fault, a
// second serve of difficulty 4 to Rafael's backhand, Rafael's backhand attack validated without
// a roll to Roger's forehand, and Roger's baseline defence, which needs 3 and rolls 14, to
// Rafael's centre. Rafael's deal holds the backhand attack #32; #1 and #36 are starting-hand
// cards.
func rogerAndRafael(t *testing.T, o Options) *State {
	t.Helper()
	o.Match, o.Surface = true, "clay"
	s := exStart(t, o, nil, []int{2, 3, 4, 5, 6, 7, 32, 14, 15, 16, 17, 18}, roger)
	serve := func(card string) {
		t.Helper()
		exPlay(t, s, card)
		if o.Advanced {
			exPlay(t, s, "flat", "stars 0")
		}
	}

	// Rule 8: « Roger tente un service de difficulté 13. Il lance le d20 et obtient un 19. Le
	// résultat est compris entre 18 et 20 : c'est un ACE ! »
	serve("serve 13")
	exInt(t, "first serve's need", int(s.need), 13)
	exPlay(t, s, "d20 19")
	exPoint(t, s, roger, howAce)
	if s.phase != phServeCard || s.server != roger {
		t.Fatalf("after the ACE: phase %s, server %d; want Roger to serve again", phaseNames[s.phase], s.server)
	}

	// « Pour le deuxième point du jeu, Roger tente de nouveau un service de difficulté 13. Il
	// lance le d20 et obtient un 8 : ce service est faute. »
	serve("serve 13")
	exPlay(t, s, "d20 8")
	if !s.second || s.phase != phServeCard {
		t.Fatalf("after the fault: second %v, phase %s; want a second serve", s.second, phaseNames[s.phase])
	}
	// « Il tente ensuite une deuxième balle avec un service de difficulté 4. Il lance le d20 et
	// obtient un 12 : le service est réussi [...] la balle est envoyée vers la zone Revers. »
	serve("serve 4")
	exInt(t, "second serve's need", int(s.need), 4)
	exPlay(t, s, "d20 12")
	if s.ball != zBH || s.sides[rafael].pos != zBH {
		t.Fatalf("the serve went to zone %s with Rafael in %s; want both in the backhand zone", zoneCodes[s.ball],
			zoneCodes[s.sides[rafael].pos])
	}
	exPlay(t, s, "stay")

	// Rule 9: « Positionné sur sa zone Revers, Rafael décide de prendre l'initiative avec une
	// attaque de revers [...] Face à un coup prudent, Rafael joue un coup risqué : il n'a donc
	// pas à lancer le d20 [...] Il choisit d'envoyer la balle vers la zone Coup droit. »
	if s.actor != rafael || s.phase != phShot {
		t.Fatalf("after the serve: side %d in phase %s; want Rafael to play", s.actor, phaseNames[s.phase])
	}
	exPlay(t, s, "play #32 Backhand attack")
	if s.phase != phTarget {
		t.Fatalf("the backhand attack: phase %s, want the choice of target without a roll", phaseNames[s.phase])
	}
	exPlay(t, s, "to forehand", "stay")

	// « Roger se déplace vers sa zone Coup droit [...] une défense de fond de court [...] à la
	// difficulté du coup (0), il va falloir ajouter le malus terre battue de la carte jouée par
	// Rafael (3). Le score à atteindre est de 0 + 3 = 3. »
	if s.actor != roger || s.phase != phShot || s.sides[roger].pos != zFH {
		t.Fatalf("Roger: phase %s in zone %s; want him to play from the forehand zone, the move free",
			phaseNames[s.phase], zoneCodes[s.sides[roger].pos])
	}
	stars := int(s.sides[roger].stars)
	exPlay(t, s, "play #1")
	if o.Advanced {
		exPlay(t, s, "stars 0")
	}
	exInt(t, "Roger's defence's need", int(s.need), 3)
	// « Roger lance le d20 et obtient 14 : son coup est validé ! Il envoie la balle vers la
	// zone Neutre de Rafael et gagne 1 Étoile. »
	exPlay(t, s, "d20 14")
	if s.ball != zN {
		t.Fatalf("the defence went to zone %s, want the centre", zoneCodes[s.ball])
	}
	gain := 1
	if !o.Advanced && !o.Basic {
		gain = 0 // rule 14: « pas de gain d'Étoile pendant l'échange » in the initiation match
	}
	exInt(t, "Roger's stars", int(s.sides[roger].stars), stars+gain)
	exPlay(t, s, "stay")
	if s.actor != rafael || s.phase != phShot || s.sides[rafael].pos != zN {
		t.Fatalf("Rafael: phase %s in zone %s; want him to play from the centre", phaseNames[s.phase],
			zoneCodes[s.sides[rafael].pos])
	}
	return s
}

// Rules 8 and 9 under the basic rules, and the initiation match, where the star is not won.
func TestExampleServeAndRally(t *testing.T) {
	for _, tc := range []struct {
		name string
		o    Options
	}{
		{"basic", Options{Basic: true}},
		{"initiation", Options{}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := rogerAndRafael(t, tc.o)
			// Rule 13b with rule 9's numbers: the Winner is 22 minus the 10 of the backhand
			// attack, plus Roger's defence's clay malus 0. No star bonus below the advanced rules.
			exPlay(t, s, "play #36")
			if s.phase != phShotRoll {
				t.Fatalf("the Winner: phase %s, want the d20 with no stars offered", phaseNames[s.phase])
			}
			exInt(t, "Rafael's Winner's need", int(s.need), 12)
		})
	}
}

// Rule 15: « Rafael doit obtenir 12 au d20 pour valider la réussite de son coup. Afin
// d'augmenter ses chances de réussite, Rafael décide de payer 2 Étoiles pour obtenir un bonus
// -5. La difficulté de son coup est donc de 12 - 5 = 7. Rafael lance le d20 et obtient 9. Le
// coup est par conséquent validé et le point est remporté par Rafael ! »
func TestExampleStars(t *testing.T) {
	s := rogerAndRafael(t, Options{Advanced: true})
	exInt(t, "the Winner's need before stars", s.shotNeed(rafael, 36, 0), 12)
	need, chance, ok := s.ShotOdds(Card(36))
	exInt(t, "ShotOdds' need", need, 12)
	if !ok || chance != 0.45 {
		t.Errorf("ShotOdds' chance = %v (ok %v), want 0.45", chance, ok)
	}
	stars := int(s.sides[rafael].stars)
	exPlay(t, s, "play #36 Forehand winner")
	if s.phase != phStars {
		t.Fatalf("the Winner: phase %s, want the stars offered", phaseNames[s.phase])
	}
	exPlay(t, s, "stars 2")
	exInt(t, "the Winner's need with 2 stars", int(s.need), 7)
	exInt(t, "Rafael's stars", int(s.sides[rafael].stars), stars-2)
	exPlay(t, s, "d20 9")
	exPoint(t, s, rafael, howWinner)
}

// Rule 13b: « si vous avez validé un coup de difficulté 5 et un coup de difficulté 3, la
// difficulté du coup gagnant sera de 22 - 5 - 3 = 14 ». Rafael validates #10 (3) and #26 (5),
// both without a roll, and Roger's last card #16 has no malus on hard court.
func TestExampleWinnerDifficulty(t *testing.T) {
	s := exStart(t, Options{}, nil, []int{16, 2, 3, 4, 5, 6, 10, 26, 14, 15, 17, 18}, roger)
	exPlay(t, s, "serve 4", "d20 12", "stay") // to Rafael's forehand
	exPlay(t, s, "play #10 Forehand down the line", "stay")
	exPlay(t, s, "play #13", "stay") // Roger, from the backhand zone to Rafael's centre
	exPlay(t, s, "play #26 Forehand attack", "stay")
	exInt(t, "Rafael's validated difficulties", int(s.sides[rafael].validated), 3+5)
	exPlay(t, s, "play #16")
	exInt(t, "Roger's need against the attack", int(s.need), 1+4)
	exPlay(t, s, "d20 10", "stay") // to Rafael's forehand
	exPlay(t, s, "play #36")
	exInt(t, "the Winner's need", int(s.need), 14)
}

// Rule 9A: « vous devez vous défausser d'une carte pour déplacer votre Joueur de la zone Coup
// droit vers la zone Revers, ou bien depuis la zone Neutre vers la zone Volée ». The text's two
// moves first, as rules cases (a drop shot #33 brings the ball to the volley zone), with the
// free moves beside them; then a rally that pays for a move up to the net.
func TestExampleMoves(t *testing.T) {
	for _, line := range []string{
		// Forehand to backhand: a card, paid before the shot.
		"pos=FH ball=BH hand=13,2: -> ok phase=move",
		"pos=FH ball=BH hand=13,2: discard #2 -> ok phase=shot pos=BH hand=13 discard=2",
		// Centre to the volley zone: a card.
		"pos=N ball=V last=33 hand=1,2: -> ok phase=move",
		"pos=N ball=V last=33 hand=1,2: discard #2 -> ok phase=shot pos=V hand=1 discard=2",
		// One zone along the baseline is free.
		"pos=FH ball=N hand=2: -> ok phase=shot pos=N",
		"pos=N ball=BH hand=13: -> ok phase=shot pos=BH",
	} {
		rules.Case(t, line)
	}
	s := exStart(t, Options{}, nil, []int{2, 3, 4, 5, 6, 7, 25, 33, 14, 15, 16, 17}, roger)
	exPlay(t, s, "serve 4", "d20 12", "stay") // to Rafael's forehand
	exPlay(t, s, "play #25", "to backhand", "stay")
	// Roger, in the centre, goes to the backhand zone for free, and sends the ball to
	// Rafael's centre.
	if s.phase != phShot {
		t.Fatalf("centre to backhand: phase %s, want no card to pay", phaseNames[s.phase])
	}
	exPlay(t, s, "play #13")
	exPlay(t, s, "d20 20", "stay")
	// Rafael, in the forehand zone, goes to the centre for free and plays a drop shot.
	exPlay(t, s, "play #33")
	exPlay(t, s, "d20 20", "stay")
	// Roger, in the backhand zone, must come up to the volley zone: a card.
	if s.phase != phMove || s.dest != zV {
		t.Fatalf("backhand to the net: phase %s, want a card to pay", phaseNames[s.phase])
	}
	exPlay(t, s, "discard #2")
	if s.sides[roger].pos != zV || s.sides[roger].hand.has(2) {
		t.Fatalf("Roger in %s, still holding #2: %v", zoneCodes[s.sides[roger].pos], s.sides[roger].hand.has(2))
	}
}

// Rule 18: « La carte Joueur Roger présente la capacité Coup gagnant, sur les attaques de coup
// droit, pour un jet de dé compris entre 18 et 20. En réponse à un coup prudent de son
// adversaire (malus de 0), Roger tente une attaque de coup droit, de difficulté 4. [...] Roger
// choisit de lancer le dé et obtient 2. C'est moins que le 4 requis, il commet donc une faute ! »
// Roger holds the invented player card 2 ("Winner on 18-20" with the forehand attacks #25-#28);
// Rafael serves him a prudent 4 with no malus on clay.
func TestExamplePlayerCard(t *testing.T) {
	for _, tc := range []struct {
		choice string
		roll   string
		how    int8 // howNone: the shot is validated and the point goes on
	}{
		{"roll", "d20 2", howFault},
		{"roll", "d20 19", howWinner},
		{"roll", "d20 4", howNone},
		{"auto", "", howNone},
	} {
		t.Run(tc.choice+" "+tc.roll, func(t *testing.T) {
			// Player card 2 holds 11 cards (5 drawn), player card 1 13 (7 drawn).
			s := exStart(t, Options{Advanced: true, PlayerCards: true, Surface: "clay"}, []int{2, 1},
				[]int{25, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12}, rafael)
			exPlay(t, s, "serve 4", "flat", "stars 0", "d20 12", "stay") // to Roger's forehand
			exInt(t, "the serve's clay malus", data.cards[s.last].malus[clay], 0)
			exPlay(t, s, "play #25 Forehand attack")
			if s.phase != phRollChoice {
				t.Fatalf("phase %s, want the choice between the automatic validation and a roll", phaseNames[s.phase])
			}
			exPlay(t, s, tc.choice)
			if tc.choice == "auto" {
				if s.phase != phTarget {
					t.Fatalf("phase %s, want the target of a shot validated without a roll", phaseNames[s.phase])
				}
				return
			}
			exPlay(t, s, "stars 0")
			exInt(t, "the attack's need", int(s.need), 4)
			exPlay(t, s, tc.roll)
			switch tc.how {
			case howNone:
				if s.phase != phTarget {
					t.Fatalf("phase %s, want the target of a good shot", phaseNames[s.phase])
				}
			case howFault:
				exPoint(t, s, rafael, howFault)
			default:
				exPoint(t, s, roger, tc.how)
			}
		})
	}
}

// Rule 20b: « Votre adversaire tente un service de difficulté 10 en première balle. Vous lancez
// donc 1d6 et 1d20 et obtenez 5 (d6) et 10 (d20). Compte tenu de l'effet slicé, la difficulté
// n'est plus de 10 mais de 10+2=12. Le service de votre adversaire n'est donc pas réussi : il
// devra tenter une deuxième balle. » The automaton is side 1.
func TestExampleAutomatonServe(t *testing.T) {
	s := exStart(t, Options{Solo: true, Advanced: true}, nil, []int{2, 3, 4, 5, 6, 7}, 1)
	if s.phase != phAutoSpin || s.card != 63 {
		t.Fatalf("phase %s with #%d, want the automaton's d6 for its 10", phaseNames[s.phase], s.card)
	}
	exPlay(t, s, "d6 5")
	exInt(t, "the sliced 10's need", int(s.need), 12)
	exPlay(t, s, "d20 10")
	if !s.second || s.card != 61 || s.phase != phAutoSpin {
		t.Fatalf("second %v, #%d, phase %s; want the automaton's second serve, the 4", s.second, s.card,
			phaseNames[s.phase])
	}
	exPlay(t, s, "d6 1")
	exInt(t, "the flat 4's need", int(s.need), 4)
}

// Rule 20c: « Vous et votre adversaire êtes au filet. Vous appliquez la règle « piochez depuis
// la pile Volée » car elle prime sur la règle « piochez depuis la pile Défense ». » The person's
// drop shot brings the automaton to the net, and the person rushes it.
func TestExampleAutomatonPile(t *testing.T) {
	s := exStart(t, Options{Solo: true, Advanced: true}, nil, []int{33, 3, 4, 5, 6, 7}, 0)
	exPlay(t, s, "serve 4", "flat", "stars 0", "d20 12", "stay") // to the automaton's forehand
	exPlay(t, s, "draw #1")                                      // from the forehand pile, to the person's centre
	exPlay(t, s, "play #33 Forehand drop shot", "stars 0", "d20 15", "rush the net")
	if s.sides[0].pos != zV || s.sides[1].pos != zV {
		t.Fatalf("person in %s, automaton in %s; want both at the net", zoneCodes[s.sides[0].pos],
			zoneCodes[s.sides[1].pos])
	}
	if s.phase != phAutoDraw || s.auto.pile != pileVOL {
		t.Fatalf("phase %s from the %s pile, want a draw from the volley pile", phaseNames[s.phase],
			pileNames[s.auto.pile])
	}
}

// Rule 20e: « Lorsque votre adversaire tire la carte WINNER #37 depuis sa pile Attaque, il
// remporte le point automatiquement sans lancer le d20. » The other Winner of the pile, #36,
// is rolled for like any card.
func TestExampleAutomatonWinner(t *testing.T) {
	rally := func(t *testing.T) *State {
		s := exStart(t, Options{Solo: true}, nil, []int{2, 3, 4, 5, 6, 7}, 0)
		exPlay(t, s, "serve 4", "d20 12", "stay") // to the automaton's forehand
		exPlay(t, s, "draw #1")                   // to the person's centre
		exPlay(t, s, "play #2", "stay")           // to the automaton's centre: its attack pile
		if s.phase != phAutoDraw || s.auto.pile != pileATT {
			t.Fatalf("phase %s from the %s pile, want the attack pile", phaseNames[s.phase], pileNames[s.auto.pile])
		}
		return s
	}
	t.Run("37", func(t *testing.T) {
		s := rally(t)
		exPlay(t, s, "draw #37")
		exPoint(t, s, 1, howAutoWinner)
	})
	t.Run("36", func(t *testing.T) {
		s := rally(t)
		exPlay(t, s, "draw #36")
		if s.phase != phShotRoll {
			t.Fatalf("phase %s, want the automaton's d20 for #36", phaseNames[s.phase])
		}
		exInt(t, "#36's need", int(s.need), 22) // 22 minus #1's 0, plus #2's malus 0
		exPlay(t, s, "d20 20")
		exPoint(t, s, 0, howFault)
	})
}

// Rule 20g: « si votre adversaire a, dans l'échange, effectué 3 déplacements qui auraient
// nécessité une défausse, la difficulté de ses coups à venir dans cet échange est augmentée de
// 3 ». The person sends the automaton from one side of the baseline to the other three times;
// its backhand down the line #22 (3) against the person's attack #29 (malus 4) then needs 10.
func TestExampleAutomatonMoves(t *testing.T) {
	s := exStart(t, Options{Solo: true}, nil, []int{15, 3, 29, 2, 14, 5}, 0)
	exPlay(t, s, "serve 4", "d20 12", "stay") // to the automaton's forehand, a free move
	exPlay(t, s, "draw #4")                   // to the person's backhand
	exInt(t, "penalty after a free move", int(s.auto.penalty), 0)
	exPlay(t, s, "play #15", "stay") // to the automaton's backhand: forehand to backhand
	exInt(t, "penalty after one move across", int(s.auto.penalty), 1)
	exPlay(t, s, "draw #16")                      // to the person's forehand
	exPlay(t, s, "discard #2", "play #3", "stay") // to the automaton's forehand
	exInt(t, "penalty after two moves across", int(s.auto.penalty), 2)
	exPlay(t, s, "draw #9")                                        // to the person's backhand
	exPlay(t, s, "discard #14", "play #29", "to backhand", "stay") // the attack, without a roll
	exInt(t, "penalty after three moves across", int(s.auto.penalty), 3)
	exPlay(t, s, "draw #22")
	exInt(t, "#22's need", int(s.need), 3+4+3)
}
