package postgres_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"deuce/engine"
	"deuce/store"
	"deuce/store/postgres"
	"deuce/store/postgres/pgtest"
)

// A lease is taken by one node; once it has expired another node takes it with a higher
// epoch, and from then on the first node's writes are refused and change nothing.
func TestLeaseFencesTheNodeThatLostIt(t *testing.T) {
	ctx := context.Background()
	db := open(t, pgtest.Schema(t))
	defer db.Close()
	tb := &store.Table{ID: "t1", Game: "pencil", Seats: []store.Seat{{Name: "a"}, {Name: "b"}}, Status: store.Live, Moves: []engine.Move{}}
	if err := db.Create(ctx, tb); err != nil {
		t.Fatal(err)
	}
	move := []engine.Move{{Seat: 0, Action: 1, Text: "1"}}

	e1, ok, err := db.Acquire(ctx, "t1", "a", time.Minute)
	if err != nil || !ok || e1 != 1 {
		t.Fatalf("a acquires: epoch %d, %v, %v; want 1, true, nil", e1, ok, err)
	}
	if _, ok, err := db.Acquire(ctx, "t1", "b", time.Minute); err != nil || ok {
		t.Fatalf("b acquires a held lease: %v, %v; want false, nil", ok, err)
	}
	if owner, err := db.Owner(ctx, "t1"); err != nil || owner != "a" {
		t.Fatalf("owner %q, %v; want a", owner, err)
	}
	if err := db.AppendFenced(ctx, "t1", "a", e1, 0, move, store.Live, nil); err != nil {
		t.Fatalf("the holder appends: %v", err)
	}
	if err := db.AppendFenced(ctx, "t1", "b", e1, 1, move, store.Live, nil); !errors.Is(err, store.ErrLeaseLost) {
		t.Fatalf("another node appends with the holder's epoch: %v, want ErrLeaseLost", err)
	}

	// a renews with a lease already over (a node paused past its lease): it is not renewed.
	mine := map[string]int64{"t1": e1}
	if held, err := db.Renew(ctx, "a", map[string]int64{"t1": e1 + 1}, time.Minute); err != nil || len(held) != 0 {
		t.Fatalf("renew with another epoch: %v, %v; want none", held, err)
	}
	if held, err := db.Renew(ctx, "a", mine, -time.Second); err != nil || held["t1"] != e1 {
		t.Fatalf("renew: %v, %v", held, err)
	}
	if held, err := db.Renew(ctx, "a", mine, time.Minute); err != nil || len(held) != 0 {
		t.Fatalf("renew of an expired lease: %v, %v; want none", held, err)
	}
	orphans, err := db.Orphans(ctx, 10)
	if err != nil || len(orphans) != 1 || orphans[0] != "t1" {
		t.Fatalf("orphans %v, %v; want [t1]", orphans, err)
	}
	e2, ok, err := db.Acquire(ctx, "t1", "b", time.Minute)
	if err != nil || !ok || e2 != e1+1 {
		t.Fatalf("b takes the expired lease: epoch %d, %v, %v; want %d", e2, ok, err, e1+1)
	}
	if leases, err := db.Leases(ctx); err != nil || len(leases) != 1 || leases[0] != (postgres.Lease{Table: "t1", Node: "b", Epoch: e2, Held: true}) {
		t.Fatalf("leases %+v, %v; want t1 held by b at epoch %d", leases, err, e2)
	}
	if err := db.AppendFenced(ctx, "t1", "a", e1, 1, move, store.Live, nil); !errors.Is(err, store.ErrLeaseLost) {
		t.Fatalf("the old holder appends: %v, want ErrLeaseLost", err)
	}
	if err := db.EndFenced(ctx, "t1", "a", e1, 1, store.Abandoned, store.EndExpired, nil); !errors.Is(err, store.ErrLeaseLost) {
		t.Fatalf("the old holder ends the table: %v, want ErrLeaseLost", err)
	}
	if err := db.AppendFenced(ctx, "t1", "b", e2, 1, move, store.Live, nil); err != nil {
		t.Fatalf("the new holder appends: %v", err)
	}
	got, err := db.Get(ctx, "t1")
	if err != nil || len(got.Moves) != 2 || got.Status != store.Live {
		t.Fatalf("stored %d moves, status %s, %v; want 2 moves, live", len(got.Moves), got.Status, err)
	}
	if err := db.Release(ctx, "t1", e2); err != nil {
		t.Fatal(err)
	}
	if owner, err := db.Owner(ctx, "t1"); err != nil || owner != "" {
		t.Fatalf("owner after release %q, %v; want none", owner, err)
	}
	// The released lease is still listed: who took it last, and at which epoch.
	if leases, err := db.Leases(ctx); err != nil || len(leases) != 1 || leases[0] != (postgres.Lease{Table: "t1", Node: "b", Epoch: e2, Held: false}) {
		t.Fatalf("leases after release %+v, %v; want t1 last taken by b at epoch %d, not held", leases, err, e2)
	}
	e3, ok, err := db.Acquire(ctx, "t1", "a", time.Minute)
	if err != nil || !ok || e3 != e2+1 {
		t.Fatalf("acquire after a release: epoch %d, %v, %v; want %d", e3, ok, err, e2+1)
	}
	if err := db.AppendFenced(ctx, "t1", "b", e2, 2, move, store.Live, nil); !errors.Is(err, store.ErrLeaseLost) {
		t.Fatalf("the holder that released appends: %v, want ErrLeaseLost", err)
	}
	if err := db.End(ctx, "t1", 2, store.Abandoned, store.EndExpired, nil); err != nil {
		t.Fatal(err)
	}
	if _, ok, err := db.Acquire(ctx, "t1", "b", time.Minute); err != nil || ok {
		t.Fatalf("acquire an ended table: %v, %v; want false", ok, err)
	}
}

// A clock save is fenced like a move: once another node has taken the table, the old holder's
// save is refused and the clocks the new holder saved stay as they are.
func TestClockSaveIsFenced(t *testing.T) {
	ctx := context.Background()
	db := open(t, pgtest.Schema(t))
	defer db.Close()
	tb := &store.Table{ID: "t1", Game: "centercourt", Seats: []store.Seat{{Name: "a"}, {Name: "b"}}, Status: store.Live, Moves: []engine.Move{}}
	if err := db.Create(ctx, tb); err != nil {
		t.Fatal(err)
	}
	if err := db.SetTableInfo(ctx, store.TableInfo{TableID: "t1", Clock: "1+1", Accounts: []int64{0, 0}}); err != nil {
		t.Fatal(err)
	}
	e1, ok, err := db.Acquire(ctx, "t1", "a", time.Minute)
	if err != nil || !ok {
		t.Fatalf("a acquires: %v, %v", ok, err)
	}
	if err := db.SaveClockFenced(ctx, "t1", "a", e1, []byte(`{"left":[60000,60000]}`)); err != nil {
		t.Fatalf("the holder saves its clock: %v", err)
	}
	if err := db.SaveClockFenced(ctx, "t1", "b", e1, []byte(`{"left":[1,1]}`)); !errors.Is(err, store.ErrLeaseLost) {
		t.Fatalf("another node saves the clock with the holder's epoch: %v, want ErrLeaseLost", err)
	}
	// a pauses past its lease; b takes the table and saves its clock.
	if _, err := db.Renew(ctx, "a", map[string]int64{"t1": e1}, -time.Second); err != nil {
		t.Fatal(err)
	}
	e2, ok, err := db.Acquire(ctx, "t1", "b", time.Minute)
	if err != nil || !ok {
		t.Fatalf("b takes the expired lease: %v, %v", ok, err)
	}
	const mine = `{"left":[55000,59000]}`
	if err := db.SaveClockFenced(ctx, "t1", "b", e2, []byte(mine)); err != nil {
		t.Fatalf("the new holder saves its clock: %v", err)
	}
	if err := db.SaveClockFenced(ctx, "t1", "a", e1, []byte(`{"left":[60000,1]}`)); !errors.Is(err, store.ErrLeaseLost) {
		t.Fatalf("the old holder saves its clock: %v, want ErrLeaseLost", err)
	}
	info, err := db.TableInfo(ctx, "t1")
	if err != nil || string(info.ClockState) != mine {
		t.Fatalf("stored clock %s, %v; want the new holder's %s", info.ClockState, err, mine)
	}
	if err := db.SaveClockFenced(ctx, "nope", "b", e2, []byte(mine)); !errors.Is(err, store.ErrLeaseLost) {
		t.Fatalf("a clock save for a table without a lease: %v, want ErrLeaseLost", err)
	}
}

// Locked holds its key across the connections of every node: a second holder waits for the
// first to return, and a key is free again afterwards, even after an error.
func TestLockedSerializesNodes(t *testing.T) {
	ctx := context.Background()
	url := pgtest.Schema(t)
	a, b := twoNodes(t, url)
	inside := make(chan struct{})
	release := make(chan struct{})
	done := make(chan error, 1)
	go func() {
		done <- a.Locked(ctx, "seats:t1", func() error {
			close(inside)
			<-release
			return errors.New("first")
		})
	}()
	<-inside
	second := make(chan struct{})
	go func() {
		_ = b.Locked(ctx, "seats:t1", func() error { close(second); return nil })
	}()
	if err := b.Locked(ctx, "seats:t2", func() error { return nil }); err != nil {
		t.Fatalf("another key: %v", err)
	}
	// The second holder is waiting in PostgreSQL for the key, not running.
	conn, err := pgx.Connect(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	for waiting := 0; waiting == 0; {
		if err := conn.QueryRow(ctx, `SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND NOT granted`).Scan(&waiting); err != nil {
			t.Fatal(err)
		}
		select {
		case <-second:
			t.Fatal("the second holder ran while the first held the key")
		case <-time.After(10 * time.Millisecond):
		}
	}
	select {
	case <-second:
		t.Fatal("the second holder ran while the first held the key")
	default:
	}
	close(release)
	if err := <-done; err == nil || err.Error() != "first" {
		t.Fatalf("Locked returned %v, want f's error", err)
	}
	<-second
	short, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	if err := a.Locked(short, "seats:t1", func() error { return nil }); err != nil {
		t.Fatalf("the key after both returned: %v", err)
	}
}

// A rate bucket is shared by the nodes: five tokens spent through two of them leave none for
// either, a token comes back at the rate, and a clock going backwards gives none back.
func TestRateBucketIsSharedByNodes(t *testing.T) {
	ctx := context.Background()
	url := pgtest.Schema(t)
	a, b := twoNodes(t, url)
	now := time.Date(2026, 5, 1, 18, 0, 0, 0, time.UTC)
	const rate = 5.0 / 60 // five a minute
	for i, db := range []interface {
		Take(context.Context, string, float64, int, time.Time) (time.Duration, bool, error)
	}{a, b, a, b, a} {
		if _, ok, err := db.Take(ctx, "signin:ann", rate, 5, now); err != nil || !ok {
			t.Fatalf("take %d: %v, %v; want a token", i, ok, err)
		}
	}
	for _, db := range []*postgres.DB{a, b} {
		wait, ok, err := db.Take(ctx, "signin:ann", rate, 5, now.Add(time.Second))
		if err != nil || ok || wait.Round(time.Millisecond) != 11*time.Second {
			t.Fatalf("take from an empty bucket: wait %v, %v, %v; want 11s, false", wait, ok, err)
		}
	}
	for range 5 {
		if _, ok, err := b.Take(ctx, "signin:bob", rate, 5, now); err != nil || !ok {
			t.Fatalf("another key: %v, %v", ok, err)
		}
	}
	if _, ok, err := b.Take(ctx, "signin:ann", rate, 5, now.Add(12*time.Second)); err != nil || !ok {
		t.Fatalf("take once a token came back: %v, %v", ok, err)
	}
	if _, ok, err := a.Take(ctx, "signin:ann", rate, 5, now.Add(-time.Hour)); err != nil || ok {
		t.Fatalf("take with a clock an hour behind: %v, %v; want none", ok, err)
	}
	if err := a.ForgetBuckets(ctx, "signin:", now.Add(time.Second)); err != nil {
		t.Fatal(err)
	}
	for _, key := range []string{"signin:ann", "signin:bob"} {
		// ann's bucket, used at 12s, stays and is empty; bob's, empty but untouched since 0s,
		// is forgotten: a new bucket is full.
		_, ok, err := a.Take(ctx, key, rate, 5, now.Add(time.Second))
		if want := key == "signin:bob"; err != nil || ok != want {
			t.Fatalf("%s after forgetting: %v, %v; want %v", key, ok, err, want)
		}
	}
}

// twoNodes opens the database at url twice, as two nodes do, until the test ends.
func twoNodes(t *testing.T, url string) (a, b *postgres.DB) {
	a, b = open(t, url), open(t, url)
	t.Cleanup(func() { a.Close(); b.Close() })
	return a, b
}
