package match_test

import (
	"context"
	"errors"
	"math/rand/v2"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"deuce/bot"
	"deuce/clock"
	"deuce/engine"
	"deuce/games/centercourt"
	"deuce/match"
	"deuce/timesource"
)

// final returns the result saved once the match ended, nil while the last save was a standing.
func (p *memory) final() *engine.Result {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.result == nil || !p.result.Over {
		return nil
	}
	return p.result
}

// savedClocks keeps the last clock a match saved.
type savedClocks struct {
	mu   sync.Mutex
	last clock.Saved
	n    int
}

func (s *savedClocks) save(_ context.Context, c clock.Saved) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.last, s.n = c, s.n+1
	return nil
}

func (s *savedClocks) get() clock.Saved {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.last
}

// timed starts a Center Court tiebreak between two people with clock k; configure, when
// given, changes the match's configuration first.
func timed(t *testing.T, p *memory, k *clock.Clock, ft *timesource.Fake, saved *savedClocks, bots []bot.Bot, configure ...func(*match.Config)) (*match.Match, context.CancelFunc, engine.Options) {
	t.Helper()
	g := centercourt.Game
	opts, _ := g.Variant("tiebreak")
	_, opts, _ = g.Start(opts)
	if bots == nil {
		bots = []bot.Bot{nil, nil}
	}
	cfg := match.Config{Game: g, Record: p.record(g, opts, 2), Bots: bots, Seed: 5, Persist: p, TableClock: k, Clock: ft, SaveClock: saved.save}
	for _, f := range configure {
		f(&cfg)
	}
	m, err := match.New(cfg)
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

// untilToMove reads updates until seat is to move (or the match is over).
func untilToMove(t *testing.T, sub *match.Subscription, seat engine.Seat) match.Update {
	t.Helper()
	for {
		u := next(t, sub)
		if u.ToMove == seat || u.Result.Over {
			return u
		}
	}
}

func oneMinute() clock.Control {
	return clock.Control{Kind: clock.Realtime, Base: time.Minute, Increment: time.Second}
}

func TestClockTimeout(t *testing.T) {
	ft, p, saved := timesource.NewFake(time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)), &memory{}, &savedClocks{}
	m, _, _ := timed(t, p, clock.New(oneMinute(), 2), ft, saved, nil)
	sub, err := m.Subscribe(context.Background(), 0)
	if err != nil {
		t.Fatal(err)
	}
	u := untilToMove(t, sub, 0)
	if u.Clock == nil || u.Clock.Control != "1+1" || len(u.Clock.Running) != 1 || u.Clock.Running[0] != 0 || u.Clock.Left[0] != 60000 {
		t.Fatalf("first clock view = %+v, want seat 1 running with 60000 ms", u.Clock)
	}
	// Seat 0 thinks 10s and moves; from then on whoever is to move lets the clock run out.
	ft.Advance(10 * time.Second)
	if err := m.Submit(context.Background(), 0, u.Seq, u.Legal[0].Action); err != nil {
		t.Fatal(err)
	}
	u = next(t, sub)
	mover := u.ToMove
	left := u.Clock.Left[mover]
	ft.Advance(time.Duration(left-1) * time.Millisecond)
	if p.final() != nil {
		t.Fatal("the match ended a millisecond before the flag")
	}
	ft.Advance(time.Millisecond)
	for !u.Result.Over {
		u = next(t, sub)
	}
	if u.Result.Winner != 1-mover || u.Result.Returns[mover] != -1 {
		t.Errorf("result %+v, want seat %d to win on time", u.Result, 1-mover)
	}
	<-m.Done()
	if p.final() == nil || !p.final().Over || p.final().Winner != 1-mover {
		t.Errorf("persisted result %+v, want the win on time", p.final())
	}
	if err := m.Submit(context.Background(), mover, -1, 0); !errors.Is(err, match.ErrClosed) && !errors.Is(err, match.ErrOver) {
		t.Errorf("a move after the flag: %v, want the match over", err)
	}
	// Whoever was on move stopped at zero; the other kept what it had.
	if got := saved.get(); got.Left[mover] != 0 || len(got.Running) != 0 {
		t.Errorf("saved clock %+v, want seat %d at 0 and none running", got, mover)
	}
}

func TestClockIncrement(t *testing.T) {
	ft, p, saved := timesource.NewFake(time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)), &memory{}, &savedClocks{}
	m, _, _ := timed(t, p, clock.New(oneMinute(), 2), ft, saved, nil)
	sub, _ := m.Subscribe(context.Background(), 0)
	u := untilToMove(t, sub, 0)
	ft.Advance(7 * time.Second)
	if err := m.Submit(context.Background(), 0, u.Seq, u.Legal[0].Action); err != nil {
		t.Fatal(err)
	}
	for u = next(t, sub); u.ToMove == 0; u = next(t, sub) {
		// Seat 0's turn may last several steps; only giving the turn up earns the increment.
		if err := m.Submit(context.Background(), 0, u.Seq, u.Legal[0].Action); err != nil {
			t.Fatal(err)
		}
	}
	if got, want := u.Clock.Left[0], int64(60000-7000+1000); got != want {
		t.Errorf("seat 1 left %d ms after a 7 s turn, want %d", got, want)
	}
}

// TestClockRestartMidMove stops the server in the middle of a move, keeps it down an hour, and
// resumes: both clocks hold exactly what they had, and the mover's runs on.
func TestClockRestartMidMove(t *testing.T) {
	ft, p, saved := timesource.NewFake(time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)), &memory{}, &savedClocks{}
	m, cancel, opts := timed(t, p, clock.New(oneMinute(), 2), ft, saved, nil)
	sub, _ := m.Subscribe(context.Background(), 0)
	u := untilToMove(t, sub, 0)
	ft.Advance(5 * time.Second)
	if err := m.Submit(context.Background(), 0, u.Seq, u.Legal[0].Action); err != nil {
		t.Fatal(err)
	}
	ft.Advance(12 * time.Second) // the next mover thinks 12 s, then the server stops
	before := m.ViewClock(context.Background())
	cancel()
	<-m.Done()
	got := saved.get()
	if len(got.Running) != 1 {
		t.Fatalf("saved at shutdown: %+v, want one clock running", got)
	}
	mover := got.Running[0]
	if before == nil || got.Left[mover] != before.Left[mover] || got.Left[1-mover] != before.Left[1-mover] {
		t.Fatalf("saved at shutdown %+v, the match showed %+v", got, before)
	}

	ft.Advance(time.Hour)
	k, err := clock.Restore(got, ft.Now())
	if err != nil {
		t.Fatal(err)
	}
	g := centercourt.Game
	m2, err := match.New(match.Config{Game: g, Record: p.record(g, opts, 2), Seed: 5, Persist: p, TableClock: k, Clock: ft, SaveClock: saved.save})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel2 := context.WithCancel(context.Background())
	defer func() { cancel2(); <-m2.Done() }()
	go m2.Run(ctx)
	sub2, _ := m2.Subscribe(context.Background(), engine.Spectator)
	u = next(t, sub2)
	if u.Clock.Left[mover] != got.Left[mover] || u.Clock.Left[1-mover] != got.Left[1-mover] {
		t.Errorf("after the restart the clocks show %v, want %v", u.Clock.Left, got.Left)
	}
	if len(u.Clock.Running) != 1 || u.Clock.Running[0] != mover {
		t.Errorf("running after the restart %v, want [%d]", u.Clock.Running, mover)
	}
	ft.Advance(3 * time.Second)
	if v := m2.ViewClock(context.Background()); v.Left[mover] != got.Left[mover]-3000 {
		t.Errorf("3 s after the restart the mover has %d ms, want %d", v.Left[mover], got.Left[mover]-3000)
	}
}

// slowBot waits to be released before it plays its first legal move.
type slowBot struct {
	thinking chan struct{}
	release  chan struct{}
}

func (b slowBot) Name() string { return "slow" }

func (b slowBot) Choose(ctx context.Context, s engine.State, _ engine.Seat, _ *rand.Rand) (engine.Action, error) {
	select {
	case b.thinking <- struct{}{}:
	default: // released: later moves come at once
	}
	select {
	case <-b.release:
	case <-ctx.Done():
	}
	return s.Legal(nil)[0], nil
}

func TestClockBotThinkingCounts(t *testing.T) {
	ft, p, saved := timesource.NewFake(time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)), &memory{}, &savedClocks{}
	b := slowBot{thinking: make(chan struct{}), release: make(chan struct{})}
	// The bot plays seat 0, which moves first; its budget is far above the fake time spent.
	m, _, _ := timed(t, p, clock.New(oneMinute(), 2), ft, saved, []bot.Bot{b, nil})
	<-b.thinking
	ft.Advance(4 * time.Second)
	close(b.release)
	sub, _ := m.Subscribe(context.Background(), 1)
	u := untilToMove(t, sub, 1)
	if got, want := u.Clock.Left[0], int64(60000-4000+1000); got != want {
		t.Errorf("the bot has %d ms after thinking 4 s, want %d", got, want)
	}
}

func TestCorrespondenceClaim(t *testing.T) {
	day := 24 * time.Hour
	ft, p, saved := timesource.NewFake(time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)), &memory{}, &savedClocks{}
	m, _, _ := timed(t, p, clock.New(clock.Control{Kind: clock.Correspondence, PerMove: 2 * day}, 2), ft, saved, nil)
	sub, _ := m.Subscribe(context.Background(), engine.Spectator)
	u := untilToMove(t, sub, 0)
	if err := m.ClaimTime(context.Background(), 1); !errors.Is(err, match.ErrNoClaim) {
		t.Errorf("claim while seat 1 has time: %v, want ErrNoClaim", err)
	}
	ft.Advance(3 * day)
	u = next(t, sub) // the alarm shows the clock at zero; nothing ends by itself
	if u.Result.Over || u.Clock.Left[0] > 0 {
		t.Fatalf("after three days: over %v, left %v; want the match waiting for a claim", u.Result.Over, u.Clock.Left)
	}
	if err := m.ClaimTime(context.Background(), 0); !errors.Is(err, match.ErrNoClaim) {
		t.Errorf("the late seat claims: %v, want ErrNoClaim", err)
	}
	if err := m.ClaimTime(context.Background(), 1); err != nil {
		t.Fatalf("claim: %v", err)
	}
	<-m.Done()
	if p.final() == nil || p.final().Winner != 1 {
		t.Errorf("result after the claim %+v, want seat 2 the winner", p.final())
	}
}

// TestClockHeld keeps the clock of a match waiting for a player stopped however long the wait,
// then runs it from StartClock on.
func TestClockHeld(t *testing.T) {
	ft, p, saved := timesource.NewFake(time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)), &memory{}, &savedClocks{}
	var progress atomic.Pointer[match.Progress] // what a server that does not run the match hears
	m, _, _ := timed(t, p, clock.New(oneMinute(), 2), ft, saved, nil, func(c *match.Config) {
		c.ClockHeld = true
		c.OnProgress = func(p match.Progress) { progress.Store(&p) }
	})
	sub, err := m.Subscribe(context.Background(), 0)
	if err != nil {
		t.Fatal(err)
	}
	u := untilToMove(t, sub, 0)
	if u.Clock == nil || len(u.Clock.Running) != 0 || u.Clock.Left[0] != 60000 {
		t.Fatalf("clock of a waiting match = %+v, want none running, 60000 ms each", u.Clock)
	}
	// Nobody moves on held time: the seat to move is offered no move and refused one.
	if len(u.Legal) != 0 {
		t.Fatalf("a waiting timed match offers seat 1 %d moves, want none", len(u.Legal))
	}
	seq := u.Seq
	if err := m.SubmitText(context.Background(), 0, -1, "1"); !errors.Is(err, match.ErrWaiting) {
		t.Fatalf("a move while the clock is held: %v, want ErrWaiting", err)
	}
	// A view rebuilt elsewhere from the record offers moves; the progress takes them away.
	offered := match.Update{Seq: u.Seq, Seat: 0, Legal: []match.Choice{{Action: 1, Text: "x"}}}
	if pr := progress.Load(); pr == nil || !pr.Waiting || len(match.Follow(offered, *pr).Legal) != 0 {
		t.Fatalf("progress of a waiting match %+v: want Waiting, and no move followed", pr)
	}
	ft.Advance(time.Hour)
	if v := m.ViewClock(context.Background()); len(v.Running) != 0 || v.Left[0] != 60000 || p.final() != nil {
		t.Fatalf("after an hour's wait: clock %+v, result %+v; want it held and the match on", v, p.final())
	}
	if err := m.StartClock(context.Background()); err != nil {
		t.Fatal(err)
	}
	u = next(t, sub)
	if len(u.Clock.Running) != 1 || u.Clock.Running[0] != 0 || u.Clock.Left[0] != 60000 {
		t.Fatalf("clock once started = %+v, want seat 1 running from 60000 ms", u.Clock)
	}
	if pr := progress.Load(); pr.Waiting || len(match.Follow(offered, *pr).Legal) != 1 {
		t.Errorf("progress once started %+v: want not Waiting, the move followed", pr)
	}
	if u.Seq != seq || len(u.Legal) == 0 {
		t.Fatalf("once started: seq %d (was %d), %d moves offered; want the refused move unplayed and moves offered", u.Seq, seq, len(u.Legal))
	}
	ft.Advance(4 * time.Second)
	if v := m.ViewClock(context.Background()); v.Left[0] != 56000 {
		t.Errorf("seat 1 has %d ms after 4 s on move, want 56000", v.Left[0])
	}
	if err := m.StartClock(context.Background()); err != nil {
		t.Errorf("starting a running clock again: %v", err)
	}
}

// deadlineBot reports how long each move's context gave it, and whether its clock cut that,
// then plays the first legal move.
type deadlineBot struct {
	given   chan time.Duration
	pressed chan bool
}

func (b deadlineBot) Name() string { return "deadline" }

func (b deadlineBot) Choose(ctx context.Context, s engine.State, _ engine.Seat, _ *rand.Rand) (engine.Action, error) {
	d, ok := ctx.Deadline()
	if !ok {
		d = time.Now().Add(time.Hour)
	}
	select {
	case b.given <- time.Until(d):
		b.pressed <- match.UnderClock(ctx)
	default:
	}
	return s.Legal(nil)[0], nil
}

// TestClockBotThinksWithinItsTime: under a realtime clock a bot thinks at most a thirtieth of
// its time left (plus three quarters of the increment), its pause before the move included, so
// that it cannot lose on time to a player who moves at once; with time to spare it has its whole
// budget.
func TestClockBotThinksWithinItsTime(t *testing.T) {
	for _, c := range []struct {
		control     clock.Control
		least, most time.Duration
		pressed     bool
	}{
		// 6 s left, no increment: 200 ms a move, of which the pause takes a quarter.
		{clock.Control{Kind: clock.Realtime, Base: 6 * time.Second}, 100 * time.Millisecond, 150 * time.Millisecond, true},
		// An hour: the whole budget of 2 s.
		{clock.Control{Kind: clock.Realtime, Base: time.Hour}, 1500 * time.Millisecond, 2 * time.Second, false},
	} {
		ft, p, saved := timesource.NewFake(time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)), &memory{}, &savedClocks{}
		b := deadlineBot{given: make(chan time.Duration, 1), pressed: make(chan bool, 1)}
		timed(t, p, clock.New(c.control, 2), ft, saved, []bot.Bot{b, nil}, func(cfg *match.Config) {
			cfg.BotDelay = 600 * time.Millisecond
		})
		// The pause runs on the fake clock: advance it until the bot thinks.
		var given time.Duration
	wait:
		for {
			select {
			case given = <-b.given:
				break wait
			case <-time.After(10 * time.Millisecond):
				ft.Advance(50 * time.Millisecond)
			}
		}
		if given < c.least || given > c.most {
			t.Errorf("%s: the bot was given %v to think, want %v to %v", c.control, given, c.least, c.most)
		}
		if pressed := <-b.pressed; pressed != c.pressed {
			t.Errorf("%s: the move marked as cut by the clock: %v, want %v", c.control, pressed, c.pressed)
		}
	}
}
