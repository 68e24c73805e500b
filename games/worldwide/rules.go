package worldwide

const rulesText = `Worldwide Tennis is a card game of tennis shots for two players, or for one player against
an automaton. Each player has a deck of 60 shot cards and 5 serve cards. The card values are
RECONSTRUCTED (the rules text gives only a few of them) and the player cards are INVENTED
examples: see the end.

The court. Each half has four zones: backhand (BH), centre (N, the neutral zone) and forehand
(FH) along the baseline, and the volley zone (V) at the net.

The cards. A shot card has a colour (blue prudent, orange risky, red bold), a difficulty, the
zones it is played from, the zones it sends the ball to, a malus for each surface (clay, hard,
grass, indoor), and icons: stars won when it is validated, cards drawn at the end of the point,
topspin or slice, a net icon (used by the automaton), a star cost and a condition on the
opponent (drop shots: opponent at the baseline; passing shots and lobs: opponent at the net).

Modes. Tiebreak (mode tiebreak): first to 7 points by 2. When the total of points is even the
server serves to the receiver's forehand zone; when it is odd the server changes (A, B B, A A...)
and serves to the backhand zone. Match (mode match): games of two points (0, 40, game); the
first point of a game is served to the forehand, the second to the backhand, and at 40-40 the
receiver chooses the side of the deciding point; sets of 6 games by 2 with a tiebreak at 6-6;
best of 3 or 5 sets (option sets).

Set-up. Choose the surface. Each player has 5 star slots holding 4 stars, the five serve cards
on the table, the 6 cards with the starting-hand icon in hand plus 6 drawn: a hand of 12, which
is also the hand limit. A toss decides the first server.

Serve. The server stands in the centre, the receiver in the zone the score names. The server
chooses a serve card and rolls the d20: at least the card's difficulty, the serve is in (and a
roll in the card's ACE range wins the point); below, it is a fault and the server serves again
with another serve card (option second-serve=any: any serve card, the first one included); a
second fault is a double fault.

The rally. The receiver, then each player in turn:
  A. Move to the zone the ball was sent to. Moving to or from the volley zone, or across two
     zones (forehand to backhand), costs a card of your choice. You may refuse to move and lose
     the point.
  B. Play a card whose start zone is where the ball is. It is validated without a roll when the
     card you answer is blue and yours is blue or orange. Otherwise roll the d20: you need your
     card's difficulty plus the malus, on this surface, of the card you answer. Miss and you lose
     the point; succeed and the ball goes to your card's target zone (you choose when there are
     several). If you have no card to play from your zone, you lose the point.
  C. Stay, rush the net (not if your opponent is there), or recentre to the centre zone for a
     star (plus a card if you leave the net). After a good serve the server also stays or rushes.
At the net you do not move: you play volley-zone cards against anything but a lob. Against a
lob you must play a Smash; without one, you go back to the baseline (paying a card) and cannot
rush the net on that shot. A Smash answers only a lob.

Special cards. A drop shot costs a star and needs an opponent at the baseline; if it succeeds
the opponent must pay a card to come to the volley zone, and plays the next shot from any
start zone. A Winner's difficulty is 22 minus the difficulties of the shots you validated in the
point (serves aside; those validated without a roll count); it wins the point and comes back to
your hand at the end of the point.

End of the point. Each player draws as many cards as the draw icons of the cards they played in
the point (the discards are shuffled into a new deck when it runs out), the played cards go to
the discards (serves stay on the table), and each player discards down to the hand limit.

Changes of ends: every 6 points of a tiebreak; in a match after each game that makes the set's
total odd, except 1-0, and after each set. Each player chooses recovery (draw a card) or
concentration (gain 2 stars), and may then pay a star to take any card back from the discards.

Rules levels (option rules). The text has three:
  - Initiation match (rules initiation, the default): the text's first match. No stars are won
    from card icons during the rally, and topspin and slice are ignored.
  - Basic rules (rules basic): validated cards give the stars of their icons (a Winner only if
    it succeeds); no star bonus, no topspin or slice.
  - Advanced rules (rules advanced): the basic rules, the star bonus, topspin and slice.
In every level stars are spent on recentring, drop shots and tactical plans, and concentration
gives them. A player holds at most 5 stars: the face-down token is an empty slot.

Advanced rules (rules advanced).
  - Stars: before a roll, pay 1 or 2 stars for -2 or -4 on a serve, or 1, 2 or 3 stars for -3,
    -5 or -7 on a rally shot.
  - Topspin: your opponent must pay a card to rush the net on the next shot.
  - Slice: your opponent must roll for an orange or red shot whatever it answers, with the
    difficulty +2; no effect if the opponent plays from the net.
  - On a serve, announce one effect before the roll; it adds the card's cost to the difficulty.

Challenges (option challenges). Two Challenge tokens each. When the d20 of a serve or a shot is
one short you may challenge: toss the Ball-in token. In: you keep the token and win the point if
the shot was a Winner, otherwise the point is replayed. Out: you lose the point and the token (a
first serve's point too: accepting the call leaves a second serve). In a match you get a token
back after each set (two at most). challenges=rally allows challenges on rally shots only.

Player cards (option player-cards). Each player chooses a different player card: it sets the
starting hand (and hand limit), the stars and star slots, removes up to 6 cards from the deck,
and gives powers, such as "Winner on 18-20" for some cards (when such a shot would be validated
without a roll you may roll anyway, to try for the Winner). THE FOUR PLAYER CARDS HERE ARE
INVENTED EXAMPLES: the real ones are not public.

Solo (option solo, one seat). You play deck A against an automaton with deck B's shots in five
piles: forehand #1-12, backhand #13-24, attack #25-37, defence #38-47, volley #48-60. It has no
hand, no stars and no challenges; its draws and dice are chance events and it decides by rule:
  - It serves difficulty 10, then 4; with the advanced rules a d6 gives the effect (1-2 none,
    3-4 topspin, 5-6 slice, adding the cost). On a d20 of 15 or 16 it rushes the net.
  - It draws from the volley pile when it is at the net, the defence pile when you are, else the
    pile of the zone you sent the ball to (the attack pile for the centre). An empty pile is
    formed again from its discards.
  - Among several targets it sends the ball to your forehand on an even d20, your backhand on an
    odd one (rolling a d20 for that when its shot needed no roll).
  - Winner #37 drawn from its attack pile wins the point at once, without a roll; the other
    Winner, #36, is rolled for like any card.
  - A defence card it cannot play is discarded and another drawn; a second is a direct fault.
  - A move that would cost you a card adds 1 to its difficulties for the rest of the point.
  - It rushes the net after a card with the net icon.
  - A Smash drawn when you have not lobbed is set aside, active; against your lob it plays it,
    or draws from the volley pile: a Smash is played, any other card sends it back to the
    baseline.
Your return is +1 if you beat the automaton, -1 otherwise.

Choices made where the rules are silent or ambiguous:
  - The second serve uses another serve card than the first ("une nouvelle carte Service"; the
    serve examples use another card): option second-serve=any reads it as a fresh choice.
  - An ACE needs a serve that is in.
  - After a good serve the server may stay or rush the net (phase C).
  - A player at the net holding a Smash must play it against a lob; a Smash answers nothing else.
  - Conceding is offered when moving (refusing to move) and when no card can be played.
  - A slice's +2 applies to any shot that rolls; a blue answer to a blue slice needs no roll.
  - Draw icons count every card played in the point, missed shots included.
  - End of the point: the Winner returns to the hand first, then the draws, then the change of
    ends, then one discard down to the hand limit.
  - Stars never exceed the slots (5 unless a player card says otherwise): the face-down token of
    the set-up is a star to be won, not one held.
  - In a match, ends also change every 6 points of a set's tiebreak; "except at 1-0" applies to
    the first game of every set.
  - Challenges apply to serves too (rule 15 calls a serve a "coup" executed with the d20); a
    serve's challenge won replays the point; challenges=rally keeps them to rally shots. A
    replayed point scores nothing but its cards are drawn and discarded as usual.
  - The net icon only matters to the automaton.
  - Solo: another unplayable card (a drop volley when you are at the net) is discarded and
    another drawn, and if nothing playable is left you win the point; a topspin makes its rush
    to the net cost it +1; it picks the side of a deciding point by the d20's parity; below the
    advanced rules it rolls no d6.

Reconstructed data. The text establishes only the counts of each card type, the solo piles,
#37 Winner, the serves of difficulty 4, 10 and 13 (ACE 18-20 on the 13, slice +2 on the 10), and
what its worked examples pin: forehand attack #25 of difficulty 4 (rule 18); backhand attack #32,
orange, clay malus 3 and difficulty 10, and baseline defence #1, difficulty 0, a star and clay
malus 0 (rules 9 and 15: after that attack the Winner needs 12, 7 with two stars). All other
values are a RECONSTRUCTION (data files in the game's package, replaceable by the printed
cards).

Notation: "serve #63 difficulty 10" or "serve 10"; "flat", "topspin", "slice"; "stars 2";
"play #25 Forehand attack" or "play 25"; "to backhand" ("to bh"); "stay", "rush the net",
"recentre"; "discard #3"; "concede"; "auto", "roll"; "challenge", "accept the call";
"recovery", "concentration", "plan #25", "no plan"; "receive forehand"; "player card 2". Chance
outcomes: "draw #12", "d20 14", "d6 5", "toss 1", "d20 even", "ball in".`
