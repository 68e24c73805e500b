package postgres_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"deuce/engine"
	"deuce/store"
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
