// Package lmn is Love Means Nothing, a tennis card game for two players or four in doubles,
// played on the deuce engine. The rules are those of Love Means Nothing v0.8 by Ariel Seoane
// (shared/rules/love-means-nothing.txt); every rule in it is implemented.
//
// Every player has his own 24-card deck. A card's defence half covers one or two of the six
// zones of a half-court (BL BC BR at the back, FL FC FR at the net, read from the view of the
// player in that half); its shot half places the ball on one zone of the opponent's half. At a
// point the server takes 6 cards, the receiver 5; the rest of each deck is a reserve pile. The
// receiver, then the server, lay out preparation cards face up, no two covering a common zone
// (and, by default, after every turn; option overlap).
// The server serves one card from hand or preparation area, without drawing. Each return covers
// the ball with one defence card and places it with one card (a regular shot) or two with the
// same placement (a special shot); against a special shot two defence cards make a safe return,
// one leaves the player off balance: he draws one card less than he played, for the rest of the
// rally. Only one card per turn comes from the hand. A turn ends by moving cards between hand and
// preparation area, then drawing. A player who cannot cover the ball, or has no card to place a
// shot with, loses the point. A point is a game; sets go to 6 games by 2; the match is one set,
// best of 3 or best of 5 (package score, OnePoint games, advantage sets). In doubles (seats 0 and
// 2 against 1 and 3, turn order 0 1 2 3) a player may instead pass: he discards a preparation
// card and his partner returns the ball, the turn order going on from the partner.
//
// The 24 cards are reconstructed (the rules do not list them): deck.csv, embedded and read by
// ParseDeck, holds a mirror-symmetric deck that fits every published fact, and can be replaced
// by the real cards without code changes.
//
// Every worked example of the text is replayed by a test (examples_test.go): the table of
// rallying shots (cards played and drawn, the off-balance hand a card smaller for the rest of
// the rally, all the cards of a shot from the preparation area), the deal of 6 and 5 cards and
// the serve without a draw, the doubles pass of player C, and the set to six games by two. None
// contradicts the engine.
//
// Choices where the text is silent:
//
//   - Between points every player shuffles his whole deck (hand, preparation area, cards
//     played and discarded) and the next point is dealt afresh: the setup describes the start
//     of every point, as its 6 and 5 cards for server and receiver imply. A reserve pile is not
//     reshuffled within a rally: a player draws what is left, and loses the point when he runs
//     out of cards to play.
//   - Overlaps (option overlap). The text forbids overlapping defence areas where it introduces
//     the preparation cards ("as long as the defense areas covered do not overlap", at the setup);
//     the end of a turn is "moving cards from the preparation area onto your hand and vice versa",
//     with no condition restated. The default, overlap=never, keeps the condition at every turn:
//     it is part of what the text calls preparation cards ("These are their preparation cards"),
//     and a condition on the first lay-out alone would do nothing, since the server could undo it
//     after his serve and the receiver after his first return. Without overlaps a safe return
//     always takes one of its two defence cards from the hand, which is what makes the
//     one-card-from-the-hand rule bite against a special shot. Option overlap=after-setup plays
//     the literal reading: the setup lay-out may not overlap, a card moved to the preparation
//     area at the end of a turn may. Over 3,000 points of uniformly random play (enginetest.Sample,
//     seeds 1 and up), allowing overlaps left safe returns about even (18 and 17) and raised
//     off-balance counter-attacks from 6 to 24 and safe counter-attacks from 0 to 3.
//   - After the serve the server may move cards between hand and preparation area; he draws
//     nothing.
//   - Against a regular shot exactly one defence card is played. Defence cards are chosen before
//     placement cards. Cards played stay on the court until the point ends.
//   - A card moves at most once per end of turn (hand to preparation area or back), so a turn
//     ends after finitely many moves. A player left holding no card has nothing to manage: his
//     draw follows at once.
//   - A player who can return the ball (or pass it) may not concede; one who cannot has the one
//     move Concede.
//   - Doubles: the server takes 6 cards, the others 5; the receiver, his partner, the server's
//     partner and the server lay out preparation cards in that order; the serve goes round the
//     turn order point by point, to the next player in the turn order. A passed ball cannot be
//     passed back; a pass draws no card.
//   - Hands and reserve piles are secret; everything on the table is public, including the hand
//     cards everybody saw taken back from a preparation area. Every draw is a chance node whose
//     outcomes are the cards left in the reserve pile, each of weight 1.
//
// Actions: Prep(c) = 100+c, Take(c) = 200+c, Serve(c) = 300+c, Defend(c) = 400+c, Aim(c) =
// 500+c, Pass(c) = 600+c, Hit = 700, Done = 701, Concede = 702, Draw(c) = 1000+c, for the card
// numbers c from 1 to 24 of the mover's own deck. A shot is built card by card (defend, then
// aim) and played with Hit. Notation: "prep 13", "take 13", "serve 7", "defend 13", "aim 7",
// "hit", "pass 13", "done", "concede", "draw 13", each optionally followed by the description
// ActionString gives ("defend 13 BL+BC from hand").
package lmn
