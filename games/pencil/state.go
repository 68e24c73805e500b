package pencil

import (
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"

	"deuce/engine"
)

// Compile-time checks of the abilities State offers.
var (
	_ engine.State        = (*State)(nil)
	_ engine.Simultaneous = (*State)(nil)
	_ engine.Determinizer = (*State)(nil)
	_ engine.Narrator     = (*State)(nil)
	_ engine.Tennis       = (*State)(nil)
)

// State is one match. It is plain data: Clone copies it, including the round history.
type State struct {
	params Params
	// points are the points left after the last completed round; a pending bid is not yet
	// deducted, so the points show nothing of it.
	points [2]int
	// ball is the position: -(F+1)..F+1, negative on player 1's side.
	ball int
	// toMove is 0 (player 1 bids), 1 (player 2 bids; player 1's bid is pending) or Nobody.
	toMove engine.Seat
	// pending is player 1's secret bid while player 2 bids, 0 otherwise.
	pending int
	// rounds holds the bids of the completed rounds. Its capacity always covers the rest of
	// the match (each round with points left costs at least one point), so Apply never
	// allocates.
	rounds []bids
}

// bids are the two bids of a completed round.
type bids [2]int16

// New starts a match with p, the ball on the centre line and player 1 to bid.
func New(p Params) (*State, error) {
	if err := p.Validate(); err != nil {
		return nil, err
	}
	return &State{
		params: p,
		points: [2]int{p.Points1, p.Points2},
		rounds: make([]bids, 0, p.Points1+p.Points2),
	}, nil
}

// Params returns the match's settings.
func (s *State) Params() Params { return s.params }

// Points returns the points seat has left after the last completed round (public: bids are
// revealed at the end of each round).
func (s *State) Points(seat engine.Seat) int {
	if seat != 0 && seat != 1 {
		return 0
	}
	return s.points[seat]
}

// Ball returns the ball's position: -(F+1)..F+1, negative on player 1's side, ±(F+1) beyond
// the field.
func (s *State) Ball() int { return s.ball }

// Rounds returns the number of completed rounds.
func (s *State) Rounds() int { return len(s.rounds) }

// NumSeats returns 2.
func (s *State) NumSeats() int { return 2 }

// ToMove returns the seat that bids next, or engine.Nobody once the match is over.
func (s *State) ToMove() engine.Seat { return s.toMove }

// Pending lists the seats that still owe a bid this round, the seat to move first.
func (s *State) Pending() []engine.Seat {
	switch s.toMove {
	case 0:
		return []engine.Seat{0, 1}
	case 1:
		return []engine.Seat{1}
	}
	return nil
}

// Legal appends the bids of the seat to move in ascending order: 1 to its points, or just 0
// when it has none.
func (s *State) Legal(buf []engine.Action) []engine.Action {
	buf = buf[:0]
	if s.toMove != 0 && s.toMove != 1 {
		return buf
	}
	n := s.points[s.toMove]
	if n == 0 {
		return append(buf, 0)
	}
	return append(buf, bidList[1:n+1]...)
}

// bidList is every bid, bidList[a] = a: Legal copies its bids from it, faster than it counts
// them (a search lists a node's bids at every visit). It is never written.
var bidList = func() (l [MaxPoints + 1]engine.Action) {
	for a := range l {
		l[a] = engine.Action(a)
	}
	return l
}()

// Chances returns buf[:0]: the game has no chance.
func (s *State) Chances(buf []engine.ChanceOutcome) []engine.ChanceOutcome { return buf[:0] }

// check explains why a may not be played now, or returns nil. It allocates only to explain.
func (s *State) check(a engine.Action) error {
	if s.toMove == engine.Nobody {
		reason := "the match is over (" + s.Result().Score + ")"
		if s.points == [2]int{} && a != 0 {
			reason += fmt.Sprintf(": player 1 has 0 points left and cannot bid %d", a)
		}
		return engine.Illegal(a, s.ActionString(a), "%s", reason)
	}
	n := s.points[s.toMove]
	switch {
	case n == 0 && a != 0:
		return engine.Illegal(a, s.ActionString(a), "you have 0 points left and bid %d; your only bid is 0", a)
	case n > 0 && int64(a) > int64(n):
		return engine.Illegal(a, s.ActionString(a), "you have %d points left and bid %d", n, a)
	case n > 0 && a < 1:
		return engine.Illegal(a, s.ActionString(a), "bids are 1 to %d while you have points", n)
	}
	return nil
}

// Apply plays bid a for the seat to move. Player 1's bid is kept secret until player 2 has
// bid; then both are revealed, the points reduced and the ball moved.
func (s *State) Apply(a engine.Action) error {
	if err := s.check(a); err != nil {
		return err
	}
	s.apply(a)
	return nil
}

// apply plays a, a legal bid.
func (s *State) apply(a engine.Action) {
	if s.toMove == 0 {
		s.pending, s.toMove = int(a), 1
		return
	}
	z := [2]int{s.pending, int(a)}
	s.points[0] -= z[0]
	s.points[1] -= z[1]
	s.ball = push(s.ball, z[0], z[1], s.params.Jump)
	s.rounds = append(s.rounds, bids{int16(z[0]), int16(z[1])})
	s.pending, s.toMove = 0, 0
	if s.over() {
		s.toMove = engine.Nobody
	}
}

// BallAfter is where the ball goes from its place now when seat outbids the other player
// (won) or is outbid: past Params().Fields either way, a side wins the match.
func (s *State) BallAfter(seat engine.Seat, won bool) int {
	if won == (seat == 0) {
		return push(s.ball, 1, 0, s.params.Jump)
	}
	return push(s.ball, 0, 1, s.params.Jump)
}

// push returns the ball's position after bids z1 (player 1) and z2 (player 2): the higher bid
// pushes the ball away from its bidder, over the centre line when jump is set and the ball was
// on the bidder's side.
func push(ball, z1, z2 int, jump bool) int {
	switch {
	case z1 > z2:
		if jump && ball < 0 {
			return 1
		}
		return ball + 1
	case z1 < z2:
		if jump && ball > 0 {
			return -1
		}
		return ball - 1
	}
	return ball
}

// over reports whether the ball is beyond a field or both players are out of points.
func (s *State) over() bool {
	return s.beyond() || s.points == [2]int{}
}

func (s *State) beyond() bool {
	return s.ball > s.params.Fields || s.ball < -s.params.Fields
}

// ActionString renders a as "bid 7".
func (s *State) ActionString(a engine.Action) string { return "bid " + strconv.Itoa(int(a)) }

// ParseAction reads "bid 7" or "7" and checks that it is a legal bid now.
func (s *State) ParseAction(text string) (engine.Action, error) {
	t := strings.ToLower(strings.TrimSpace(text))
	t = strings.TrimSpace(strings.TrimPrefix(t, "bid"))
	n, err := strconv.ParseInt(t, 10, 32)
	if err != nil {
		return 0, engine.Illegal(0, strings.TrimSpace(text), "write a bid as \"bid 7\" or \"7\"")
	}
	a := engine.Action(n)
	if err := s.check(a); err != nil {
		return 0, err
	}
	return a, nil
}

// Clone returns an independent copy, with room in the history for the rest of the match.
func (s *State) Clone() engine.State {
	c := *s
	c.rounds = make([]bids, len(s.rounds), len(s.rounds)+s.points[0]+s.points[1])
	copy(c.rounds, s.rounds)
	return &c
}

// Determinize returns the match as seat may picture it: player 1's pending bid is redrawn
// uniformly from his legal bids for everyone but player 1; everything else is public.
func (s *State) Determinize(seat engine.Seat, rng *rand.Rand) engine.State {
	c := s.Clone().(*State)
	c.redraw(seat, rng)
	return c
}

// redraw draws player 1's pending bid again, as seat pictures it.
func (s *State) redraw(seat engine.Seat, rng *rand.Rand) {
	if s.toMove == 1 && seat != 0 {
		if n := s.points[0]; n > 0 {
			s.pending = 1 + rng.IntN(n)
		}
	}
}

// Narrate tells seat of bid a: player 1's bid is "a secret bid" to everyone else until player
// 2 has bid and the round is revealed.
func (s *State) Narrate(a engine.Action, seat engine.Seat) string {
	who := engine.PlayerName(s.toMove, seat)
	if s.toMove == 0 && seat != 0 {
		return who + ": a secret bid"
	}
	if s.toMove == 1 {
		z1, z2 := s.pending, int(a)
		return fmt.Sprintf("round %d: %s bid %d, %s bid %d; ball %s", len(s.rounds)+1,
			engine.PlayerName(0, seat), z1, engine.PlayerName(1, seat), z2,
			where(push(s.ball, z1, z2, s.params.Jump), s.params.Fields))
	}
	return who + ": " + s.ActionString(a)
}

// Result reports the returns once the match is over.
func (s *State) Result() engine.Result {
	if s.toMove != engine.Nobody {
		return engine.Result{Winner: engine.Nobody, Score: fmt.Sprintf("round %d: ball at %s, points %d-%d", len(s.rounds)+1, position(s.ball), s.points[0], s.points[1])}
	}
	w := 1.0
	if s.params.Scoring == Knockout && s.beyond() {
		w = 2
	}
	switch {
	case s.ball > s.params.Fields:
		return engine.Result{Over: true, Returns: []float64{w, -w}, Winner: 0, Score: "player 1 wins: ball beyond player 2's field"}
	case s.ball < -s.params.Fields:
		return engine.Result{Over: true, Returns: []float64{-w, w}, Winner: 1, Score: "player 2 wins: ball beyond player 1's field"}
	case s.ball > 0:
		return engine.Result{Over: true, Returns: []float64{w, -w}, Winner: 0, Score: fmt.Sprintf("player 1 wins: ball at %s, both out of points", position(s.ball))}
	case s.ball < 0:
		return engine.Result{Over: true, Returns: []float64{-w, w}, Winner: 1, Score: fmt.Sprintf("player 2 wins: ball at %s, both out of points", position(s.ball))}
	}
	return engine.Result{Over: true, Returns: []float64{0, 0}, Winner: engine.Nobody, Score: "draw: ball on the centre line, both out of points"}
}

// position renders a ball position with its sign: "-1", "0", "+2".
// where says where the ball is, as the board labels it: "at -1", or "out past player 1" beyond
// a side's last field (the board's "out").
func where(p, fields int) string {
	switch {
	case p < -fields:
		return "out past player 1"
	case p > fields:
		return "out past player 2"
	}
	return "at " + position(p)
}

func position(p int) string {
	if p > 0 {
		return "+" + strconv.Itoa(p)
	}
	return strconv.Itoa(p)
}

// TennisFacts reports the rounds as points: a round is won by the higher bid (a tie is won by
// nobody), and the lead is the ball's side, held by the player whose opponent's side it is on.
// The game has no serve, no games and no rallies, so those counts stay zero.
func (s *State) TennisFacts() engine.TennisFacts {
	f := engine.TennisFacts{Points: len(s.rounds)}
	ball, lead := 0, -1
	for _, r := range s.rounds {
		switch {
		case r[0] > r[1]:
			f.PointsWon[0]++
		case r[1] > r[0]:
			f.PointsWon[1]++
		}
		ball = push(ball, int(r[0]), int(r[1]), s.params.Jump)
		l := -1
		switch {
		case ball > 0:
			l = 0
		case ball < 0:
			l = 1
		}
		if l >= 0 {
			if lead >= 0 && l != lead {
				f.LeadChanges++
			}
			lead = l
		}
	}
	return f
}
