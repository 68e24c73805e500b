package engine

// Tennis is implemented by games that keep the facts of a match which balance studies measure:
// points, serves held, rally lengths, lead changes, and the categories (surface, character) a
// match falls into. The simulator finds it by type assertion once a match is over, the way
// io.Copy finds WriterTo; a game without it still simulates, and its reports leave these
// measures out.
//
// A game adds it in three steps: keep the counts in its state as plain data (fixed arrays and
// integers, copied by Clone like everything else), update them where the rules end a point or a
// game, and return them from TennisFacts. Counts a game derives from a history it already keeps
// need no new state at all.
type Tennis interface {
	// TennisFacts returns the facts of the match so far. Like every reading method it never
	// writes to the state. The facts follow from the actions applied since the match started,
	// so the same actions always give the same facts.
	TennisFacts() TennisFacts
}

// Points is implemented by games scored in points. A search bot uses it to cut its playouts
// short (Game.Horizon): it stops a playout once enough points have been played and credits each
// side with the points it won meanwhile.
type Points interface {
	// PointsWon returns the points each side has won so far in the match, sides as in
	// TennisFacts: seat i plays for side i%2.
	PointsWon() [2]int
}

// BothSides is the Side of a Tag that describes the whole match, such as its surface.
const BothSides = -1

// TennisFacts are the facts of one match that a simulation adds up.
//
// Sides are 0 (seat 0, and seat 2 in doubles) and 1 (seats 1 and 3). A game fills in what its
// rules have and leaves the rest zero: a game without a serve leaves the service counts zero, a
// game without games leaves Games, ServiceGames and Holds zero, a game without rallies leaves
// Shots nil. The simulator reports a measure only when some match has counts for it.
type TennisFacts struct {
	// Points is the number of points played; a game without points counts its rounds.
	Points int `json:"points"`
	// PointsWon counts the points each side won. A point nobody wins (a tied round) counts in
	// Points only.
	PointsWon [2]int `json:"pointsWon"`
	// ServicePoints counts the points each side served, and ServicePointsWon those of them it
	// won.
	ServicePoints    [2]int `json:"servicePoints"`
	ServicePointsWon [2]int `json:"servicePointsWon"`
	// Games is the number of games completed, a tiebreak counting as one.
	Games int `json:"games"`
	// ServiceGames counts the completed games each side served, tiebreaks left out (every
	// player serves in them), and Holds those of them the server won.
	ServiceGames [2]int `json:"serviceGames"`
	Holds        [2]int `json:"holds"`
	// Shots[k] counts the points in which the ball was struck k times: the serve that lands in
	// and every return, so a double fault has no shot and a serve nobody returns has one. It is
	// as long as the longest rally needs, or nil when the game has no rallies.
	Shots []int `json:"shots,omitempty"`
	// LeadChanges counts the times the lead passed from one side to the other, the lead being
	// what the game's scoreboard shows (in tennis: sets, then games in the set, then points in a
	// tiebreak). A tie ends no lead: the lead changes when the next side ahead is not the one
	// that was ahead before.
	LeadChanges int `json:"leadChanges"`
	// Tags name the categories of the match for breakdowns, in an order fixed by the game.
	Tags []Tag `json:"tags,omitempty"`
}

// Tag is one category of a match, or of one side in it: the surface the match is played on, the
// character a side plays.
type Tag struct {
	// Key names the kind of category, in lower case: "surface", "character", "deck".
	Key string `json:"key"`
	// Value is the category: "clay", "rich".
	Value string `json:"value"`
	// Side is 0 or 1 for a tag of one side, BothSides for a tag of the whole match.
	Side int `json:"side"`
}
