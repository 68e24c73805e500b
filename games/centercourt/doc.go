// Package centercourt is Center Court, a two-player card game of serves and volleys, played as
// a real tennis match on the deuce engine. The rules are those of Center Court V 0.01
// (shared/rules/center-court.txt); every rule in it is implemented.
//
// The deck is 36 cards, six each of the values 1 to 6; each player is dealt 8. The server plays
// one card, the serve, whose value is the Volley Value. After a serve of 1, 2, 5 or 6 the server
// rolls the Service Die (faces 1, 1, 2, 5, 6, 6): a face equal to the serve is a fault. After a
// fault the server refills to 8 cards and serves again with any card; a double fault gives the
// point to the receiver. A serve that is in is returned with one card of the Volley Value v or
// with 1 + |v - w| cards of one value w, which becomes the new Volley Value; the returner then
// refills to 8. The printed return table has two misprints (row 4 omits 5-5; row 6 prints 2-2-2
// for 4-4-4): the stated rule is implemented. A player who cannot return loses the point. The
// tennis score (package score) decides who serves and when the match ends.
//
// Choices where the text is silent:
//
//   - Option format: "tiebreak" (one tiebreak to 7 by 2 is the whole match), "set" (one set,
//     tiebreak at 6-6; the default), "best-of-3", "best-of-5"; advantage games, a tiebreak at 6-6
//     in every set. The variants of the same names set only the format.
//   - Option server-refill (default "yes"): the server also refills to 8 after a serve that is
//     in, before the return, keeping hands at the 8 the deal implies; with "no" the server
//     draws only after a fault and after his own returns.
//   - Option first-server ("1" or "2", default "1"): player 1 (seat 0) serves first.
//   - The deal is one card at a time, alternately, player 1 (seat 0) first.
//   - Cards played stay on the table until the point ends, then go to the discard pile. When a
//     card must be drawn and the draw pile is empty, the discards become the draw pile (a
//     reshuffle); when both are empty the player draws nothing. Hands carry over between points,
//     games and sets.
//   - A server with no card at all when a point starts refills to 8 first.
//   - A player who cannot return has exactly one move, "concede"; a player who can return may
//     not concede.
//
// Shuffling and drawing have no hidden order: every draw is a chance node whose outcomes are
// the values in the draw pile weighted by count, and the die is a chance node with outcomes 1,
// 2, 5, 6 weighted 2, 1, 1, 2.
//
// What the table shows of a hand: a player who concedes held no card that returns the volley,
// and his hand carries over. The state keeps that evidence from public play alone, and
// DeterminizeInferred (engine.Inferrer) deals the unseen cards by it, for the searches that
// infer (expert); Determinize deals them uniformly, as a player who remembers nothing would.
// See infer.go.
//
// Actions: Serve(w) = w, Return(w) = 10+w, Concede = 20, Draw(w) = 100+w, Die(f) = 110+f.
// Notation: "serve 4", "return 5-5" (also "5-5", "55", "5 5", "5x2"), "concede", "draw 3",
// "die 6".
package centercourt
