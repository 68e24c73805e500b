package match_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"sync"
	"testing"
	"time"

	"deuce/bot"
	"deuce/engine"
	"deuce/games/centercourt"
	"deuce/games/pencil"
	"deuce/match"
)

// memory is a Persister in memory that can be told to fail.
type memory struct {
	mu     sync.Mutex
	moves  []engine.Move
	result *engine.Result
	fail   error
}

func (p *memory) Append(_ context.Context, at int, moves []engine.Move, result *engine.Result) error {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.fail != nil {
		return p.fail
	}
	if at != len(p.moves) {
		return fmt.Errorf("append at %d, have %d", at, len(p.moves))
	}
	p.moves = append(p.moves, moves...)
	p.result = result
	return nil
}

func (p *memory) record(g engine.Game, opts engine.Options, n int) *engine.Record {
	p.mu.Lock()
	defer p.mu.Unlock()
	rec := engine.NewRecord(g, opts, make([]engine.SeatInfo, n))
	rec.Moves = slices.Clone(p.moves)
	return rec
}

func start(t *testing.T, g engine.Game, variant string, bots []bot.Bot, seed uint64, p *memory) (*match.Match, context.CancelFunc, engine.Options) {
	t.Helper()
	opts, err := g.Variant(variant)
	if err != nil {
		t.Fatal(err)
	}
	_, opts, err = g.Start(opts)
	if err != nil {
		t.Fatal(err)
	}
	rec := p.record(g, opts, len(bots))
	m, err := match.New(match.Config{Game: g, Record: rec, Bots: bots, Seed: seed, Persist: p})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	go m.Run(ctx)
	t.Cleanup(func() {
		cancel()
		<-m.Done()
	})
	return m, cancel, opts
}

func heuristic(g engine.Game) bot.Bot { return bot.Heuristic{Policy: g.Heuristic} }

// next waits for the next update.
func next(t *testing.T, sub *match.Subscription) match.Update {
	t.Helper()
	select {
	case u, ok := <-sub.C:
		if !ok {
			t.Fatal("subscription closed")
		}
		return u
	case <-time.After(10 * time.Second):
		t.Fatal("no update in 10s")
	}
	panic("unreachable")
}

// checkView checks that u is exactly seat's observation of the persisted match at u.Seq, and its
// log exactly what the game narrates to that seat: the runner tells a seat nothing more.
func checkView(t *testing.T, g engine.Game, opts engine.Options, p *memory, u match.Update) {
	t.Helper()
	rec := p.record(g, opts, 2)
	if u.Seq > len(rec.Moves) {
		t.Fatalf("update at move %d, only %d persisted: an update went out before its move was saved", u.Seq, len(rec.Moves))
	}
	rec.Moves = rec.Moves[:u.Seq]
	var log []string
	st, err := engine.Replay(g, rec, func(i int, s engine.State) {
		if i < len(rec.Moves) {
			log = append(log, engine.Narrate(s, rec.Moves[i].Action, u.Seat))
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	got, _ := json.Marshal(u.View)
	want, _ := json.Marshal(st.Observe(u.Seat))
	if string(got) != string(want) {
		t.Fatalf("update %d for %v shows\n%s\nwant its observation\n%s", u.Seq, u.Seat, got, want)
	}
	if !slices.Equal(u.Log, log) {
		t.Fatalf("update %d for %v has log %q, want %q", u.Seq, u.Seat, u.Log, log)
	}
}

// playFirstLegal plays seat 0 by always choosing the first legal move, until the end or stop
// moves; it returns the last update.
func playFirstLegal(t *testing.T, g engine.Game, opts engine.Options, p *memory, m *match.Match, stop int) match.Update {
	t.Helper()
	sub, err := m.Subscribe(context.Background(), 0)
	if err != nil {
		t.Fatal(err)
	}
	defer sub.Close()
	played := 0
	for {
		u := next(t, sub)
		checkView(t, g, opts, p, u)
		if u.Result.Over || played == stop {
			return u
		}
		if len(u.Legal) > 0 {
			if err := m.Submit(context.Background(), 0, u.Seq, u.Legal[0].Action); err != nil {
				t.Fatalf("submit %s at %d: %v", u.Legal[0].Text, u.Seq, err)
			}
			played++
		}
	}
}

func TestBotsPlayToTheEnd(t *testing.T) {
	g := centercourt.Game
	p := &memory{}
	m, _, opts := start(t, g, "tiebreak", []bot.Bot{heuristic(g), bot.Random{}}, 7, p)
	select {
	case <-m.Done():
	case <-time.After(30 * time.Second):
		t.Fatal("bots did not finish a tiebreak in 30s")
	}
	if p.result == nil || !p.result.Over {
		t.Fatalf("result %+v, want a finished match", p.result)
	}
	final, err := engine.Replay(g, p.record(g, opts, 2), nil)
	if err != nil {
		t.Fatal(err)
	}
	if got := final.Result(); got.Score != p.result.Score {
		t.Errorf("replayed score %q, persisted %q", got.Score, p.result.Score)
	}
}

func TestPersonAgainstBotSeesOnlyOwnView(t *testing.T) {
	g := centercourt.Game
	p := &memory{}
	m, _, opts := start(t, g, "tiebreak", []bot.Bot{nil, heuristic(g)}, 11, p)
	u := playFirstLegal(t, g, opts, p, m, -1)
	if !u.Result.Over {
		t.Fatalf("last update %+v, want the end", u.Result)
	}
}

// TestStandingSaved checks what is saved beside the moves of a match under way: its standing,
// the score so far with no returns and not over, as the game's own Result has it after them.
func TestStandingSaved(t *testing.T) {
	g := centercourt.Game
	p := &memory{}
	m, _, opts := start(t, g, "tiebreak", []bot.Bot{nil, heuristic(g)}, 11, p)
	for _, stop := range []int{1, 8, 30} {
		u := playFirstLegal(t, g, opts, p, m, stop)
		if u.Result.Over {
			t.Fatalf("the match ended within %d moves", stop)
		}
		// Seat 0 is to move: nothing else moves until it does.
		st, err := engine.Replay(g, p.record(g, opts, 2), nil)
		if err != nil {
			t.Fatal(err)
		}
		p.mu.Lock()
		got := p.result
		p.mu.Unlock()
		want := st.Result()
		if got == nil || got.Over || got.Returns != nil || got.Score != want.Score || got.Score == "" {
			t.Fatalf("after %d moves the saved standing is %+v, want %+v", stop, got, want)
		}
	}
}

func TestRefusedMovesChangeNothing(t *testing.T) {
	g := centercourt.Game
	p := &memory{}
	m, _, _ := start(t, g, "tiebreak", []bot.Bot{nil, heuristic(g)}, 3, p)
	sub, err := m.Subscribe(context.Background(), 0)
	if err != nil {
		t.Fatal(err)
	}
	u := next(t, sub)
	for len(u.Legal) == 0 {
		u = next(t, sub)
	}
	ctx := context.Background()
	tests := []struct {
		name string
		do   func() error
		want error
	}{
		{"illegal action", func() error { return m.Submit(ctx, 0, u.Seq, 9999) }, engine.ErrIllegal},
		{"illegal text", func() error { return m.SubmitText(ctx, 0, u.Seq, "smash it") }, engine.ErrIllegal},
		{"stale view", func() error { return m.Submit(ctx, 0, u.Seq-1, u.Legal[0].Action) }, match.ErrStale},
		{"bot's seat", func() error { return m.Submit(ctx, 1, u.Seq, u.Legal[0].Action) }, match.ErrNotYourTurn},
		{"no such seat", func() error { return m.Submit(ctx, 5, -1, u.Legal[0].Action) }, match.ErrNotYourTurn},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			before := len(p.record(g, nil, 2).Moves)
			if err := tt.do(); !errors.Is(err, tt.want) {
				t.Fatalf("error %v, want %v", err, tt.want)
			}
			if after := len(p.record(g, nil, 2).Moves); after != before {
				t.Errorf("%d moves persisted after a refused move, want %d", after, before)
			}
		})
	}
	// The same move, with the right seq, still plays: nothing was spoilt.
	if err := m.Submit(ctx, 0, u.Seq, u.Legal[0].Action); err != nil {
		t.Fatalf("legal move after refusals: %v", err)
	}
}

func TestSaveFailureShowsNothing(t *testing.T) {
	g := centercourt.Game
	p := &memory{}
	m, _, _ := start(t, g, "tiebreak", []bot.Bot{nil, heuristic(g)}, 5, p)
	sub, err := m.Subscribe(context.Background(), 0)
	if err != nil {
		t.Fatal(err)
	}
	u := next(t, sub)
	for len(u.Legal) == 0 {
		u = next(t, sub)
	}
	p.mu.Lock()
	p.fail = errors.New("disk full")
	p.mu.Unlock()
	if err := m.Submit(context.Background(), 0, u.Seq, u.Legal[0].Action); err == nil {
		t.Fatal("a move that could not be saved was accepted")
	}
	select {
	case u2 := <-sub.C:
		t.Fatalf("an update (seq %d) went out after a failed save", u2.Seq)
	case <-time.After(50 * time.Millisecond):
	}
}

func TestSimultaneousBidsStaySecret(t *testing.T) {
	g := pencil.Game
	p := &memory{}
	m, _, opts := start(t, g, "standard", []bot.Bot{nil, nil}, 1, p)
	ctx := context.Background()
	sub1, err := m.Subscribe(ctx, 1)
	if err != nil {
		t.Fatal(err)
	}
	u := next(t, sub1)
	if !slices.Contains(u.Pending, 1) || len(u.Legal) == 0 {
		t.Fatalf("player 2 cannot bid at the start: pending %v, legal %d", u.Pending, len(u.Legal))
	}
	// Player 2 bids first, out of turn: held, not applied.
	if err := m.SubmitText(ctx, 1, u.Seq, "bid 9"); err != nil {
		t.Fatalf("early secret bid: %v", err)
	}
	if err := m.Submit(ctx, 1, u.Seq, 9); !errors.Is(err, match.ErrNotYourTurn) {
		t.Errorf("second bid in the same round: %v, want ErrNotYourTurn", err)
	}
	if n := len(p.record(g, opts, 2).Moves); n != 0 {
		t.Fatalf("%d moves persisted before player 1 bid", n)
	}
	if err := m.Submit(ctx, 0, 0, 60); !errors.Is(err, engine.ErrIllegal) {
		t.Errorf("overspending bid: %v, want ErrIllegal", err)
	}
	if err := m.Submit(ctx, 0, 0, 5); err != nil {
		t.Fatalf("player 1's bid: %v", err)
	}
	rec := p.record(g, opts, 2)
	want := []engine.Move{{Seat: 0, Action: 5, Text: "bid 5"}, {Seat: 1, Action: 9, Text: "bid 9"}}
	if !slices.Equal(rec.Moves, want) {
		t.Fatalf("moves %v, want %v", rec.Moves, want)
	}
	// Now player 1 bids first; player 2's view must not show the bid while it is secret.
	sub0, err := m.Subscribe(ctx, 0)
	if err != nil {
		t.Fatal(err)
	}
	u0 := next(t, sub0)
	if err := m.Submit(ctx, 0, u0.Seq, 17); err != nil {
		t.Fatal(err)
	}
	for {
		u = next(t, sub1)
		checkView(t, g, opts, p, u)
		if u.Seq == 3 {
			break
		}
	}
	// Player 2 answers the view from before player 1's secret bid (seq 2): its own choice was
	// due since then and its view shows nothing more, so the move stands (the terminal's line
	// prompt sends a bid typed as the other's came in so).
	if err := m.Submit(ctx, 1, u.Seq-1, 3); err != nil {
		t.Fatalf("player 2's bid answering the view before player 1's secret bid: %v", err)
	}
}

func TestRestartResumesExactly(t *testing.T) {
	g := centercourt.Game
	bots := []bot.Bot{nil, heuristic(g)}
	const seed = 99

	// One match played straight through.
	straight := &memory{}
	m, _, opts := start(t, g, "tiebreak", bots, seed, straight)
	playFirstLegal(t, g, opts, straight, m, -1)

	// The same match stopped after ten of the person's moves, then resumed from its record.
	stopped := &memory{}
	m1, cancel, _ := start(t, g, "tiebreak", bots, seed, stopped)
	playFirstLegal(t, g, opts, stopped, m1, 10)
	cancel()
	<-m1.Done()
	m2, err := match.New(match.Config{Game: g, Record: stopped.record(g, opts, 2), Bots: bots, Seed: seed, Persist: stopped})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel2 := context.WithCancel(context.Background())
	defer cancel2()
	go m2.Run(ctx)
	playFirstLegal(t, g, opts, stopped, m2, -1)

	if !slices.Equal(stopped.moves, straight.moves) {
		t.Errorf("resumed match differs from the straight one: %d vs %d moves", len(stopped.moves), len(straight.moves))
	}
}
