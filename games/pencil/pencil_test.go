package pencil

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"math"
	"math/rand/v2"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"deuce/engine"
	"deuce/engine/enginetest"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// start starts a match from "name=value" options, failing the test on error.
func start(t testing.TB, opts string) *State {
	t.Helper()
	o, err := engine.ParseOptions(opts)
	if err != nil {
		t.Fatal(err)
	}
	s, _, err := Game.Start(o)
	if err != nil {
		t.Fatal(err)
	}
	return s.(*State)
}

// play applies player 1's and player 2's bids of one round.
func play(t testing.TB, s *State, z1, z2 int) {
	t.Helper()
	for _, z := range []int{z1, z2} {
		if err := s.Apply(engine.Action(z)); err != nil {
			t.Fatalf("bid %d: %v", z, err)
		}
	}
}

func TestOptions(t *testing.T) {
	for _, tc := range []struct {
		opts string
		want Params
		ok   bool
	}{
		{"", DefaultParams, true},
		{"points=20", Params{20, 20, 2, WinLoss, true}, true},
		{"points=50/40 fields=3 scoring=knockout jump=no", Params{50, 40, 3, Knockout, false}, true},
		{"points=1000:1", Params{1000, 1, 2, WinLoss, true}, true},
		{"points=0", Params{}, false},
		{"points=1001", Params{}, false},
		{"points=-5", Params{}, false},
		{"points=5/", Params{}, false},
		{"points=5/6/7", Params{}, false},
		{"points=fifty", Params{}, false},
		{"fields=6", Params{}, false},
		{"scoring=points", Params{}, false},
		{"jump=maybe", Params{}, false},
	} {
		o, err := engine.ParseOptions(tc.opts)
		if err != nil {
			t.Fatal(err)
		}
		p, err := ParamsFromOptions(o)
		if tc.ok != (err == nil) || (tc.ok && p != tc.want) {
			t.Errorf("%q: got %+v, %v; want %+v (ok %v)", tc.opts, p, err, tc.want, tc.ok)
		}
		if _, _, err := Game.Start(o); tc.ok != (err == nil) {
			t.Errorf("Start(%q): %v", tc.opts, err)
		}
	}
	// engine.ParseOptions splits at commas, so "50,40" arrives only as a map value.
	if p, err := ParamsFromOptions(engine.Options{"points": "50,40"}); err != nil || p.Points1 != 50 || p.Points2 != 40 {
		t.Errorf("points 50,40: got %+v, %v", p, err)
	}
	enginetest.CheckVariantsStart(t, Game)
}

func TestIllegalLeavesStateUnchanged(t *testing.T) {
	s := start(t, "points=38")
	play(t, s, 5, 3)
	mid := s.Clone().(*State)
	if err := mid.Apply(4); err != nil {
		t.Fatal(err)
	}
	out := start(t, "points=3/1")
	play(t, out, 1, 1) // player 2 is out of points
	for _, tc := range []struct {
		name string
		s    *State
		bid  engine.Action
	}{
		{"zero with points", s, 0},
		{"more than the points", s, 34},
		{"negative", s, -1},
		{"min int32", s, math.MinInt32},
		{"max int32", s, math.MaxInt32},
		{"player 2, too much", mid, 36},
		{"out of points bids 1", func() *State { c := out.Clone().(*State); c.Apply(1); return c }(), 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			before := tc.s.Clone()
			err := tc.s.Apply(tc.bid)
			if !errors.Is(err, engine.ErrIllegal) {
				t.Fatalf("Apply(%d): got %v, want an ErrIllegal error", tc.bid, err)
			}
			if !reflect.DeepEqual(before, engine.State(tc.s)) {
				t.Errorf("Apply(%d) changed the state", tc.bid)
			}
		})
	}
}

func TestNotation(t *testing.T) {
	s := start(t, "points=12")
	for _, a := range s.Legal(nil) {
		text := s.ActionString(a)
		got, err := s.ParseAction(text)
		if err != nil || got != a {
			t.Errorf("ParseAction(%q) = %d, %v; want %d", text, got, err, a)
		}
	}
	for _, tc := range []struct {
		text string
		want engine.Action
		ok   bool
	}{
		{"bid 7", 7, true},
		{"7", 7, true},
		{"  BID 7 ", 7, true},
		{"Bid  12", 12, true},
		{"bid7", 7, true},
		{"bid 13", 0, false},
		{"bid 0", 0, false},
		{"", 0, false},
		{"bid", 0, false},
		{"seven", 0, false},
		{"7.5", 0, false},
		{"bid 99999999999999999999", 0, false},
	} {
		got, err := s.ParseAction(tc.text)
		if tc.ok != (err == nil) || got != tc.want {
			t.Errorf("ParseAction(%q) = %d, %v; want %d (ok %v)", tc.text, got, err, tc.want, tc.ok)
		}
		if err != nil && !errors.Is(err, engine.ErrIllegal) {
			t.Errorf("ParseAction(%q): %v does not match ErrIllegal", tc.text, err)
		}
	}
}

// invariant checks what every reachable state keeps.
func invariant(es engine.State) error {
	s := es.(*State)
	p := s.params
	spent := [2]int{}
	for _, z := range s.rounds {
		spent[0] += int(z[0])
		spent[1] += int(z[1])
	}
	switch {
	case s.points[0] < 0 || s.points[1] < 0:
		return fmt.Errorf("points %v", s.points)
	case spent[0]+s.points[0] != p.Points1 || spent[1]+s.points[1] != p.Points2:
		return fmt.Errorf("bids %v and points %v do not add up to the start", spent, s.points)
	case s.ball < -p.Fields-1 || s.ball > p.Fields+1:
		return fmt.Errorf("ball %d off the court", s.ball)
	case len(s.rounds) > p.Points1+p.Points2:
		return fmt.Errorf("%d rounds", len(s.rounds))
	case (s.toMove == engine.Nobody) != s.over():
		return fmt.Errorf("to move %v but over() = %v", s.toMove, s.over())
	case s.toMove != 1 && s.pending != 0:
		return fmt.Errorf("pending bid %d with %v to move", s.pending, s.toMove)
	case s.toMove == 1 && (s.pending > s.points[0] || (s.points[0] > 0) != (s.pending > 0)):
		return fmt.Errorf("pending bid %d with %d points", s.pending, s.points[0])
	}
	if s.toMove == 1 {
		// Player 2 and spectators see nothing of player 1's bid.
		other := *s
		other.pending = 0
		if s.points[0] > 0 {
			other.pending = 1 + s.pending%s.points[0]
		}
		for _, seat := range []engine.Seat{1, engine.Spectator} {
			a, _ := json.Marshal(s.Observe(seat))
			b, _ := json.Marshal(other.Observe(seat))
			if string(a) != string(b) {
				return fmt.Errorf("%v sees player 1's pending bid", seat)
			}
		}
	}
	return nil
}

func TestRandomMatches(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7))
	var buf []engine.Action
	for i := range 300 {
		s := start(t, []string{"", "points=30/20 fields=1", "jump=no points=9", "scoring=knockout fields=5 points=200/3"}[i%4])
		prev := s.points
		for s.ToMove() != engine.Nobody {
			buf = s.Legal(buf)
			if err := s.Apply(buf[rng.IntN(len(buf))]); err != nil {
				t.Fatal(err)
			}
			if err := invariant(s); err != nil {
				t.Fatalf("match %d: %v", i, err)
			}
			if s.points[0] > prev[0] || s.points[1] > prev[1] {
				t.Fatalf("match %d: points went up from %v to %v", i, prev, s.points)
			}
			prev = s.points
		}
		o := s.Observe(0).(*Observation)
		if last := o.Rounds[len(o.Rounds)-1]; last.Points != s.points || last.Ball != s.ball || o.Result == nil {
			t.Fatalf("match %d: history ends at %+v, state at %v %d", i, last, s.points, s.ball)
		}
	}
}

func TestConformance(t *testing.T) {
	cfg := enginetest.Config{Invariant: invariant}
	if raceEnabled {
		cfg.DeepEvery = 5 // the deep checks apply all 50 bids at every step
	}
	enginetest.Run(t, Game, cfg)
}

func TestConformanceSmall(t *testing.T) {
	// Small unequal stocks end often with a player out of points, and fast.
	for _, opts := range []string{"points=3/1", "points=1 fields=1", "points=4/6 jump=no scoring=knockout"} {
		o, _ := engine.ParseOptions(opts)
		for _, v := range enginetest.CheckVariant(Game, o, enginetest.Config{Invariant: invariant}) {
			t.Errorf("%s: %v", opts, v)
		}
	}
}

func TestDeterminize(t *testing.T) {
	s := start(t, "points=20")
	play(t, s, 3, 5)
	if err := s.Apply(7); err != nil { // player 1's pending bid
		t.Fatal(err)
	}
	other := s.Clone().(*State)
	other.pending = 2 // the same observation for player 2
	for _, seat := range []engine.Seat{1, engine.Spectator} {
		obs, _ := json.Marshal(s.Observe(seat))
		d1 := s.Determinize(seat, rand.New(rand.NewPCG(1, 2)))
		d2 := other.Determinize(seat, rand.New(rand.NewPCG(1, 2)))
		if !reflect.DeepEqual(d1, d2) {
			t.Errorf("%v: states with the same observation determinize differently", seat)
		}
		if got, _ := json.Marshal(d1.Observe(seat)); string(got) != string(obs) {
			t.Errorf("%v: determinizing changed the observation", seat)
		}
		if again, _ := json.Marshal(s.Observe(seat)); string(again) != string(obs) {
			t.Errorf("%v: Determinize changed the state", seat)
		}
	}
	// Player 1 knows his bid; every legal bid is drawn for the others.
	if d := s.Determinize(0, rand.New(rand.NewPCG(1, 2))).(*State); d.pending != 7 {
		t.Errorf("player 1's determinization changed his bid to %d", d.pending)
	}
	seen := map[int]bool{}
	rng := rand.New(rand.NewPCG(3, 4))
	for range 2000 {
		seen[s.Determinize(1, rng).(*State).pending] = true
	}
	if len(seen) != 17 || seen[0] || seen[18] {
		t.Errorf("player 2's determinizations drew %d different bids, want 1..17", len(seen))
	}
}

func TestObservation(t *testing.T) {
	s := start(t, "points=10")
	play(t, s, 3, 5)
	if err := s.Apply(4); err != nil {
		t.Fatal(err)
	}
	o0 := s.Observe(0).(*Observation)
	o1 := s.Observe(1).(*Observation)
	if o0.YourBid == nil || *o0.YourBid != 4 || o1.YourBid != nil {
		t.Errorf("own pending bid: player 1 sees %v, player 2 %v", o0.YourBid, o1.YourBid)
	}
	if o1.Court != " |   | o | |   |   | " || !reflect.DeepEqual(o1.Awaiting, []int{1}) {
		t.Errorf("court %q awaiting %v", o1.Court, o1.Awaiting)
	}
	if !strings.Contains(o0.String(), "(your bid: 4)") || strings.Contains(o1.String(), "your bid") {
		t.Errorf("text:\n%s\n%s", o0, o1)
	}
}

// TestGoldenTranscript replays the first example and compares the observations after every
// round with testdata/example1.txt (refresh with -update).
func TestGoldenTranscript(t *testing.T) {
	s := start(t, "")
	var b strings.Builder
	b.WriteString(s.Observe(engine.Spectator).String())
	for _, r := range playedRows(0) {
		fmt.Fprintf(&b, "\n> bid %d, bid %d\n", r[1], r[2])
		play(t, s, r[1], r[2])
		b.WriteString(s.Observe(engine.Spectator).String())
	}
	enginetest.GoldenFile(t, filepath.Join("testdata", "example1.txt"), b.String(), *update)
}

func TestHeuristic(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	wins := 0
	const n = 400
	for i := range n {
		s := start(t, []string{"", "jump=no", "points=30/40 fields=3", "scoring=knockout points=9"}[i%4])
		hero := engine.Seat(i % 2)
		for s.ToMove() != engine.Nobody {
			var a engine.Action
			if s.ToMove() == hero {
				a = Heuristic(engine.Determinize(s, hero, rng), rng)
			} else {
				legal := s.Legal(nil)
				a = legal[rng.IntN(len(legal))]
			}
			if err := s.Apply(a); err != nil {
				t.Fatalf("heuristic bid: %v", err)
			}
		}
		if s.Result().Winner == hero {
			wins++
		}
	}
	if wins < n*7/10 {
		t.Errorf("the heuristic won %d of %d matches against random bids", wins, n)
	}
	// Never waste a won position.
	for _, tc := range []struct {
		a, b, ball int
		want       engine.Action
	}{
		{10, 0, 0, 1},  // the opponent is out of points
		{10, 4, 2, 5},  // ball on the opponent's last field: outbid all he has
		{6, 6, 2, 6},   // as many points: tie with all of them and win
		{10, 4, -2, 5}, // ball on our last field: outbid all he has
	} {
		s := start(t, "")
		s.points, s.ball = [2]int{tc.a, tc.b}, tc.ball
		if got := Heuristic(s, rng); got != tc.want {
			t.Errorf("(%d, %d, %d): bid %d, want %d", tc.a, tc.b, tc.ball, got, tc.want)
		}
	}
}

func FuzzParseAction(f *testing.F) {
	for _, s := range []string{"bid 7", "7", " BID 3 ", "bid -1", "bid 99999999999", "", "\x00"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		s := start(t, "points=20")
		a, err := s.ParseAction(text)
		if err != nil {
			if !errors.Is(err, engine.ErrIllegal) {
				t.Fatalf("ParseAction(%q): %v", text, err)
			}
			return
		}
		if a < 1 || a > 20 {
			t.Fatalf("ParseAction(%q) = %d, not a legal bid", text, a)
		}
		if back, err := s.ParseAction(s.ActionString(a)); err != nil || back != a {
			t.Fatalf("round trip of %d: %d, %v", a, back, err)
		}
	})
}

// FuzzApply applies arbitrary numbers as bids: legal ones keep every invariant, others are
// refused without a change.
func FuzzApply(f *testing.F) {
	f.Add([]byte{5, 3, 0, 0, 0, 10, 255, 255, 255, 255})
	f.Fuzz(func(t *testing.T, data []byte) {
		s := start(t, "points=9/7 fields=1")
		for len(data) >= 2 && s.ToMove() != engine.Nobody {
			var a engine.Action
			if len(data) >= 4 && data[0]&0x80 != 0 {
				a = engine.Action(int32(uint32(data[0])<<24 | uint32(data[1])<<16 | uint32(data[2])<<8 | uint32(data[3])))
				data = data[4:]
			} else {
				a = engine.Action(int8(data[0]))
				data = data[1:]
			}
			before := s.Clone()
			if err := s.Apply(a); err != nil {
				if !errors.Is(err, engine.ErrIllegal) || !reflect.DeepEqual(before, engine.State(s)) {
					t.Fatalf("refused %d: %v, state changed: %v", a, err, !reflect.DeepEqual(before, engine.State(s)))
				}
				continue
			}
			if err := invariant(s); err != nil {
				t.Fatal(err)
			}
		}
	})
}

func FuzzRules(f *testing.F) { enginetest.Fuzz(f, Game, enginetest.Config{Invariant: invariant}) }

func Example() {
	s, _ := New(DefaultParams)
	for _, bids := range [][2]engine.Action{{5, 10}, {5, 10}, {15, 10}, {15, 10}, {10, 10}} {
		s.Apply(bids[0]) // player 1's secret bid
		s.Apply(bids[1]) // player 2's bid completes the round
	}
	fmt.Print(s.Observe(engine.Spectator))
	fmt.Println(strconv.Quote(s.ActionString(7)))
	// Output:
	// Tennis (paper and pencil): 50 points vs 50, 2 fields a side, winloss scoring, the ball jumps the centre line
	// player 1  |   |   | |   | o |  player 2    ball at +2
	// points left: player 1 0, player 2 0
	// round  bid 1  bid 2  points 1  points 2  ball
	//     1      5     10        45        40    -1
	//     2      5     10        40        30    -2
	//     3     15     10        25        20    +1
	//     4     15     10        10        10    +2
	//     5     10     10         0         0    +2
	// player 1 wins: ball at +2, both out of points
	// "bid 7"
}

// TestTennisFacts counts the source's example tables as points: rounds won by the higher bid,
// and the lead passing with the ball's side.
func TestTennisFacts(t *testing.T) {
	tests := []struct {
		name string
		rows []row
		want engine.TennisFacts
	}{
		{"none", nil, engine.TennisFacts{}},
		{"example one", playedRows(0), engine.TennisFacts{Points: 5, PointsWon: [2]int{2, 2}, LeadChanges: 1}},
		{"example two", playedRows(1), engine.TennisFacts{Points: 10, PointsWon: [2]int{6, 4}, LeadChanges: 6}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := start(t, "")
			checkRows(t, s, tt.rows)
			if got := s.TennisFacts(); !reflect.DeepEqual(got, tt.want) {
				t.Errorf("TennisFacts() = %+v, want %+v", got, tt.want)
			}
		})
	}
}

// TestBallAfter: where a round's winner sends the ball, as Apply does, from either seat.
func TestBallAfter(t *testing.T) {
	st, _, err := Game.Start(engine.Options{"points": "7"})
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*State)
	for _, a := range []engine.Action{1, 2, 1, 2} {
		if err := s.Apply(a); err != nil {
			t.Fatal(err)
		}
	}
	// The ball is on player 1's last field: won, it jumps the net; lost, it goes out.
	for _, tc := range []struct {
		seat engine.Seat
		won  bool
		want int
		bids [2]engine.Action
	}{
		{0, true, 1, [2]engine.Action{2, 1}},
		{0, false, -3, [2]engine.Action{1, 2}},
		{1, true, -3, [2]engine.Action{1, 2}},
		{1, false, 1, [2]engine.Action{2, 1}},
	} {
		if got := s.BallAfter(tc.seat, tc.won); got != tc.want {
			t.Errorf("BallAfter(%d, %v) = %d, want %d", tc.seat, tc.won, got, tc.want)
		}
		c := s.Clone().(*State)
		for _, a := range tc.bids {
			if err := c.Apply(a); err != nil {
				t.Fatal(err)
			}
		}
		if c.Ball() != tc.want {
			t.Errorf("after bids %v the ball is at %d, BallAfter said %d", tc.bids, c.Ball(), tc.want)
		}
	}
}

// What a seat is offered depends on nothing it cannot see, at every decision of random matches
// of every variant.
func TestMovesHideNothing(t *testing.T) {
	enginetest.CheckMovesHideNothing(t, Game, enginetest.VariantOptions(Game), 30)
}

// The log says where the ball is as the board labels it: a field, or out past a side's last
// field (with two fields a side, "-3" named a field the board does not have).
func TestNarrateBallOut(t *testing.T) {
	s, _, err := Game.Start(engine.Options{"fields": "2", "points": "20"})
	if err != nil {
		t.Fatal(err)
	}
	st := s.(*State)
	var said []string
	for range 3 { // player 2 outbids player 1 three times: -1, -2, out
		for _, bid := range []int{1, 2} {
			a := engine.Action(bid)
			said = append(said, st.Narrate(a, 0))
			if err := st.Apply(a); err != nil {
				t.Fatal(err)
			}
		}
	}
	for i, want := range []string{"ball at -1", "ball at -2", "ball out past player 1"} {
		if got := said[2*i+1]; !strings.HasSuffix(got, want) {
			t.Errorf("round %d narrated %q, want it to end %q", i+1, got, want)
		}
	}
	if v := st.Observe(0).(*Observation).String(); !strings.Contains(v, "ball out past player 1") || !strings.Contains(v, "out\n") {
		t.Errorf("the view of the ball out:\n%s", v)
	}
}
