// Package score keeps a tennis score: points, games, sets, tiebreaks, who serves and when the
// players change ends. It is pure data: a Match is a plain value, so assigning it copies it and
// == compares two scores. The package uses the standard library only.
//
// A Format says how a match is scored; NewMatch starts one and Match.PointWon records each point.
// The rules enforced are those of the ITF Rules of Tennis and of the tabletop games built on them:
//
//   - Games (GameRule). Advantage: 0, 15, 30, 40, game; at 40-40 (deuce) a side must win two
//     points in a row, the first giving it the advantage. DecidingPoint ("no-ad"): at 40-40 one
//     point decides the game and the receiver chooses the side to receive it from. TwoPoint
//     (Worldwide Tennis): 0, 40, game; at 40-40 one deciding point, received as with
//     DecidingPoint. OnePoint (Love Means Nothing): every point won is a game won.
//   - Sets. The first side to win GamesPerSet games (6 unless set) with a lead of two wins the
//     set. At GamesPerSet games all, a TiebreakSet plays one tiebreak game and an AdvantageSet
//     plays on until a side leads by two games. The deciding set may have its own rule.
//   - Tiebreaks. The first side to TiebreakPoints points (7 unless set) with a lead of two wins
//     the tiebreak and the set, 7 games to 6. The side whose turn it is to serve serves the first
//     point; then the sides serve two points each in turn: A, B B, A A, B B... The side that
//     received the first point of a tiebreak serves the first game of the next set.
//   - Service. The server alternates every game, the tiebreak counting as one game.
//   - Ends. The players change ends after the first, third and every odd game of each set
//     (counting again from one in every set), and so at the end of a set with an odd number of
//     games, a tiebreak set included; during a tiebreak also after every six points.
//   - Matches. Best of 1, 3 or 5 sets (BestOfSets); first to Points points, where the game says
//     who serves each point (FirstToPoints, AlakaSLAM); or one tiebreak to TiebreakPoints
//     points by two (SingleTiebreak, the quick games and the 10-point match tiebreak).
//
// Scores are written side 0 first; see Match.String for the notation.
package score
