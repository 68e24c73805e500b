package postgres_test

import (
	"context"
	"testing"

	"github.com/jackc/pgx/v5"

	"deuce/store"
	"deuce/store/postgres"
	"deuce/store/postgres/pgtest"
	"deuce/store/storetest"
)

// databaseURL returns the database the tests run in, or skips the test when none is given.
func databaseURL(t testing.TB) string {
	t.Helper()
	return pgtest.URL(t)
}

// newSchema returns the URL of the database with an empty schema of the test's own as its
// search path (pgtest.Schema).
func newSchema(t testing.TB, _ string) string {
	t.Helper()
	return pgtest.Schema(t)
}

func open(t testing.TB, dbURL string) *postgres.DB {
	t.Helper()
	db, err := postgres.Open(context.Background(), dbURL)
	if err != nil {
		t.Fatalf("Open: %v", err)
	}
	return db
}

func TestStore(t *testing.T) {
	dbURL := databaseURL(t)
	storetest.Run(t, func(t *testing.T) store.Store {
		return open(t, newSchema(t, dbURL))
	})
}

// TestReopen is a server restart: a second Open finds the schema migrated and the tables there.
func TestReopen(t *testing.T) {
	ctx := context.Background()
	dbURL := newSchema(t, databaseURL(t))
	db := open(t, dbURL)
	tab := storetest.NewTable("t1")
	tab.Moves = storetest.Moves(0, 7)
	if err := db.Create(ctx, tab); err != nil {
		t.Fatal(err)
	}
	db.Close()

	db = open(t, dbURL)
	defer db.Close()
	got, err := db.Get(ctx, "t1")
	if err != nil {
		t.Fatal(err)
	}
	if err := storetest.Equal(got, tab); err != nil {
		t.Error(err)
	}
}

// BenchmarkAppend appends one move to a live table, the write made for every move played.
func BenchmarkAppend(b *testing.B) {
	ctx := context.Background()
	db := open(b, newSchema(b, databaseURL(b)))
	defer db.Close()
	if err := db.Create(ctx, storetest.NewTable("t1")); err != nil {
		b.Fatal(err)
	}
	moves := storetest.Moves(0, 1)
	b.ReportAllocs()
	for at := 0; b.Loop(); at++ {
		if err := db.Append(ctx, "t1", at, moves, store.Live, nil); err != nil {
			b.Fatal(err)
		}
	}
}

func TestPlayers(t *testing.T) {
	dbURL := databaseURL(t)
	storetest.RunPlayers(t, func(t *testing.T) store.Store {
		return open(t, newSchema(t, dbURL))
	})
}

// TestMigrateFromVersion1 opens a schema written by the first version: its tables come back,
// not ended, and can be ended.
func TestMigrateFromVersion1(t *testing.T) {
	ctx := context.Background()
	dbURL := newSchema(t, databaseURL(t))
	conn, err := pgx.Connect(ctx, dbURL)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := conn.Exec(ctx, postgres.Migrations[0]+`
		CREATE TABLE schema_version (version integer NOT NULL);
		INSERT INTO schema_version VALUES (1);
		INSERT INTO tables VALUES ('old', 'pencil', '{}', '[]', 7, 'live', 0, NULL, now(), now());`); err != nil {
		t.Fatal(err)
	}
	conn.Close(ctx)
	db := open(t, dbURL)
	defer db.Close()
	got, err := db.Get(ctx, "old")
	if err != nil || got.Ended != "" || got.Status != store.Live || got.Seed != 7 {
		t.Fatalf("Get after migrating = %+v, %v", got, err)
	}
	if err := db.End(ctx, "old", 0, store.Abandoned, store.EndExpired, nil); err != nil {
		t.Fatal(err)
	}
	if got, err := db.Get(ctx, "old"); err != nil || got.Ended != store.EndExpired {
		t.Fatalf("after End: %+v, %v", got, err)
	}
}
