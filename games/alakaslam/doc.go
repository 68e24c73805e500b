// Package alakaslam is AlakaSLAM, a card game of wizards' tennis played on a grid of court
// cards, for the deuce engine: singles, doubles and Canadian doubles, the eight characters and
// every rule of the text (shared/rules/alakaslam.txt).
//
// The court is 4 rows by 3 columns in singles, 4 by 4 with a team on a side; two rows on each
// side of the net. Team 0 (players 1 and 3) defends rows 0-1, team 1 (players 2 and 4) rows 2-3;
// column 0 is the red side and the last column the blue side, the same for everyone. A turn is:
// move (one free space, one more per Enchantment discarded; never diagonally), hit with 1 to 3
// cards while standing on the ball (or decline and lose the point), move if not moved before,
// draw 2. Card by card, each Hit card moves the ball one column toward its colour and its value
// in rows toward the opponent; the ball must land on the court across the net (it may leave the
// court in flight). One Enchantment at most per hit; the opponent's next hit must use exactly
// its value in cards. A serve is struck from a back corner chosen by the server before moving
// and must land across the net in another column. The first side to 3 points wins (package
// score, FirstToPoints, the loser of each point serving the next). After a point the losers may
// discard up to 3 and every hand is refilled or cut to 8. Hands start with a mulligan (discard
// all, draw one fewer, as often as wished) and player 1 calls red or blue for the first serve.
//
// Characters: Æthermancer Austin (Hit-2s may go straight: a second "pick ... straight" action),
// Kismetician Laurie (once per point: draw three, play one, ignore Enchantments), Mægister Rich
// (his Enchant-2 forbids an Enchantment in the return; Enchantments still buy movement),
// Meddlemagus Toots (once per point: any player, herself included, redraws the whole hand),
// Morticimagician Josephias (instead of drawing, one card of his choice from the discards; once
// per point for a team player in Canadian doubles), Shapeshifter Simon (copies another character
// in play before each serve, automatically when only one is; one card fewer with a teammate),
// Sorceress Sarissia (2 extra cards each point) and Witch Wendolyn (every draw phase: discard one,
// then draw one more; as usual with no card).
//
// Doubles: no Enchant-1s, a 4th column, the serving team's second player one row forward and two
// columns across from the server, the receivers mirrored; one free move per team; the player at
// the ball plays 1-3 cards facedown, then the support, who sees only how many, plays 1-3
// facedown; the support's Hit cards continue from where the first player's left the ball; each
// Enchantment is aimed at an opponent (the player at the ball first; never both at the same);
// each teammate draws 1. Canadian doubles: player 2 alone (singles rules, an Enchantment buys 2
// spaces, its Enchantment aimed at one opponent) against players 1 and 3 (doubles rules; when
// both enchant, player 2 chooses the one that takes effect), Enchant-1s kept.
//
// Facedown plays are hidden decisions: only the count is observed by others, Determinize deals
// them again (at most one Enchantment each) for seats that cannot see them, and State implements
// engine.Simultaneous (the seat to move only, since the support answers after seeing the count).
//
// Choices where the text is silent (also in Game.Rules):
//
//   - Options character1..character4: "choose" (default; set-up decisions in seat order, one card
//     per character), "random" (a chance node over the characters left) or a name. Options
//     points (1-7, default 3), first-server (call, 1, 2) and deck (standard, enchant-3), and the
//     rule options toots, team-move and played below (options.go).
//   - Set-up order: characters, Simon's copy, the deal, mulligans seat by seat, then the call by
//     player 1; revealed cards go to the discards; with no Hit card left to reveal, player 1's
//     side serves.
//   - The move is taken before the hit or after it, not both; players stay on their side; a lone
//     Enchantment does not move the ball (a net ball).
//   - When played cards are discarded (option played). The text does not say. By default
//     (played=next-shot) the cards of a shot stay on the table until the next shot or the end of
//     the point: the text plays an Enchantment "on the ball" (the Enchantment Example) and, in
//     Canadian doubles, places it "in front of" the opponent it binds, so the cards of a shot
//     are on the table while the return they bind is to come. So Morticimagician Josephias,
//     taking "1 card from the discard" instead of his draw, cannot take back a card he has just
//     played. played=after-hit puts the shot's cards in the discards once it is resolved,
//     before the draw phase, and he can. Discards are public; the deck has no order (every draw
//     is a chance node over the cards left).
//   - Team movement (option team-move). The text: "Both teammates move simultaneously", with "1
//     free movement to give to either player" and teammates who "may say whether or not they
//     can reach the ball". By default (team-move=together) the team plans its movement openly,
//     one teammate after the other (lower number first, "done" ends each), and the plan takes
//     effect for both at once when the second is done (the observation shows the plan, with
//     Planning set). Moving at the same time, a teammate may pass through or end on the space
//     the other stands on or leaves; the one collision rule is that two teammates never end a
//     movement on one space, since the text's "player at the ball" and "the Support" must be
//     told apart. A teammate ends on the other's space only when the other plans after it and
//     is known to be able to move off (the free move is left, or it has earned a move), which
//     it must then do; a step onto the other's space needs a move left to step off again (or
//     such a teammate to come), and Toots uses her ability only off it. Known means by what both
//     see: an Enchantment the other holds, which it could discard to move, does not count, since
//     teammates see only how many cards the other holds (and may say only whether they can
//     reach the ball); offering the step by it would tell the player what its teammate holds.
//     The same holds for the move after the hit. team-move=one-by-one plays the former reading:
//     the teammates move one after the other on the court and never share a space, even in
//     passing.
//   - Team play: nobody at the ball loses the point; the serving team moves only after the
//     serve; the support must play if it can; an Enchantment on the support binds its play;
//     teammates take turns serving their team's serves and standing in the back corner when
//     receiving.
//   - After a point the losers discard first, then hands are refilled or cut (by choice) seat by
//     seat to 8, 10 for Sarissia, 7 for Simon with a teammate.
//   - Meddlemagus Toots (option toots): "on your turn you may force any player to discard their
//     entire hand". By default (toots=turn) she may at any of her decisions in her team's turn
//     before she picks her cards, also before a team serve (as server or as support: the serve
//     is the team's turn and nothing in the text ties her ability to movement), and after her
//     hit, whether or not she moved before it. Not between the cards of a hit, which is played
//     at once (picking card by card is how the engine records it). toots=moves plays the former
//     reading: only at her movement decisions, so before a singles serve but not a team serve,
//     and after her hit only if she did not move before it. Laurie's draw of three replaces her
//     whole play, as support too, and is allowed while enchanted.
//     Wendolyn's and Josephias's abilities apply to the end-of-turn draw only.
//   - A hit is picked card by card (how the engine records a play the text makes at once), and
//     so, in singles too, only the player sees the cards picked until the hit is played: the
//     others see how many (as with doubles' facedown cards), never a card tried and taken back.
//     "Take back" returns the last card picked to the hand, at most maxTakeBacks (64) times
//     while picking one hit; then the player hits or picks on. The text has no such action, so
//     the limit changes nothing of its game, and no person correcting a pick comes near it.
//     Without it a search bot went back and forth for ever in a real match (seed 1, match 567
//     of `deuce sim alakaslam --bots expert,hard`): picking a card looked good because it could
//     be taken back, and once it was picked, taking it back looked better than hitting with
//     it. With the limit that match ends in 411 actions. A limit of 8 ended it too, but search
//     trees, which go back and forth far more than play does, then reached it: match 8 of the
//     same run went the other way. At 64 the run's first 20 matches replay as before. The
//     count is public (PlayerView.TakenBack).
//   - A rally has no end of its own, and the engine adds none. The text ends a point only when a
//     shot is missed, out or not returned; two players who never miss can rally for ever. With
//     Josephias's ability on both sides (Simon copying him, or two Josephias in doubles), each
//     taking back from the discards the card the other just played, hands never run down
//     (rules_test.go has such a rally). Bots can fall into it: search playouts between two
//     copies of the heuristic did, from dealt positions with short hands, and stop after
//     ismcts.MaxPlayout actions. A served table ends by its clocks, or as a table of bots by
//     --bot-table-time; `deuce sim` stops with an error at a match's action cap (1,000,000;
//     never reached in heuristic or search play so far).
//
// Data: the deck counts are reconstructed (alakaslam-deck.csv, embedded, loaded by ParseDeck);
// alakaslam-enchant3.csv is an invented variant with Enchant-3s. Every rule of the text is
// implemented, and every worked example of the text is replayed by a test (examples_test.go):
// the Enchantment Example, the Aiming Example, the mulligan, the serve positions, the Support's
// cards, the Canadian single player's moves and what follows a point. None contradicts the
// engine.
//
// Actions: pick card k = k (0-10: Hit-0 red, Hit-0 blue, ... Hit-3 blue, Enchant-1 to -3), Hit-2
// straight = 16+k, take back 30, hit 31, done 33, draw three 34, keep 35, mulligan 36,
// call red/blue 37/38, corner red/blue 39/40, draw 41 (Josephias), move forward/back/red/blue
// 44-47, spend Enchantment 48+k, discard 64+k, take from the discards 80+k, Toots 96+seat, aim
// 100+seat, accept 104+seat, Laurie plays 108+k, choose 120+c, copy 130+c, concede 190; chance: draw 200+k,
// reveal 220+k, deal character 240+c. Notation: "move forward", "pick Hit-2 red" ("2r", "pick 2r
// straight"), "hit", "take back", "concede", "done", "spend e2", "discard 0b", "take 3r",
// "draw", "draw three", "play 2b", "toots player 2", "enchant player 4", "accept player 3",
// "keep", "mulligan", "call red", "corner blue", "choose laurie", "copy rich", "draw Hit-2 red",
// "reveal Enchant-1", "deal toots".
//
// Character against character: with the same bot on both sides, `deuce sim` reports how often
// seat 1 won, which is character1's win rate against character2. The whole matrix:
//
//	for a in austin laurie rich toots josephias simon sarissia wendolyn; do
//	  for b in austin laurie rich toots josephias simon sarissia wendolyn; do
//	    [ $a = $b ] && continue
//	    printf '%s %s ' $a $b
//	    deuce sim alakaslam --bots heuristic,heuristic --matches 2000 \
//	      --option character1=$a,character2=$b | grep '^seat 1 won'
//	  done
//	done
//
// State also implements engine.Tennis, reporting each player's character as a tag of its side,
// so one run with dealt characters breaks the results down by character:
//
//	deuce sim alakaslam --bots heuristic,heuristic --matches 4000 --option character1=random,character2=random
package alakaslam
