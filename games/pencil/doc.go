// Package pencil is Tennis, the paper-and-pencil bidding game, for the deuce engine, with an
// exact solver.
//
// Two players share a strip of fields: F fields on each side of a centre line (two by default),
// numbered -F..-1 for player 1, 0 for the centre line and 1..F for player 2; -(F+1) and F+1
// stand for "beyond the field". The ball starts on the centre line and each player starts with
// a stock of points (50 by default). Every round both players secretly bid a whole number of
// their points, at least 1 while they have any and 0 only when they have none, and lose what
// they bid. The higher bid pushes the ball away from the bidder: from the bidder's own side it
// jumps over the centre line to the opponent's first field, otherwise it moves one field on.
// Equal bids leave the ball where it is. The match ends when the ball is pushed beyond a
// player's field or when both players are out of points; the player on whose side the ball
// lies loses, and a ball on the centre line at that point is a draw.
//
// The rules are reconstructed from the description of the game in M. Mala, "Das große Buch der
// Block- und Bleistiftspiele" (1998), as summarised in an encyclopaedia article whose comparison
// signs were lost: the example tables fix the direction (the higher bid pushes the ball away
// from the bidder). The article's second example overspends player 1's points (51 of 50): its
// round 10 leaves him 1 point after he bids his last one. The game keeps the rule, so round 10
// leaves both players without points and ends the match, the ball on player 2's side: player 1
// wins as the table says, though not by the ball beyond the field of its round 11, which is
// refused. Both tables are replayed as tests (examples_test.go). Options expose the starting points (equal or not), the number of
// fields, the scoring (win/loss, or two points for a ball beyond the field and one otherwise)
// and the Oshi-Zumo rule (the ball never jumps the centre line).
//
// The bids of one round are simultaneous. The engine plays them as consecutive hidden
// decisions: player 1 (seat 0) bids first, then player 2, and the round resolves. No
// observation shows a bid before its round is complete; State implements engine.Simultaneous
// and engine.Determinizer accordingly.
//
// # Solver
//
// The game is finite, zero-sum and has perfect information between rounds, so it is solved
// exactly by backward induction over (points of player 1, points of player 2, ball): each
// position is a matrix game over the two bids whose entries are the values of the successor
// positions. Solve computes the value and an optimal mixed strategy for both players in every
// position; EquilibriumPolicy samples from them for a bot.
package pencil
