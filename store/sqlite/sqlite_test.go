package sqlite_test

import (
	"bytes"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"deuce/engine"
	"deuce/store"
	"deuce/store/sqlite"
	"deuce/store/storetest"
)

func open(t testing.TB, path string) *sqlite.DB {
	t.Helper()
	db, err := sqlite.Open(context.Background(), path)
	if err != nil {
		t.Fatalf("Open: %v", err)
	}
	return db
}

func TestStore(t *testing.T) {
	storetest.Run(t, func(t *testing.T) store.Store {
		return open(t, filepath.Join(t.TempDir(), "deuce.db"))
	})
}

// TestReopen is a server restart: everything written before Close is there after Open.
func TestReopen(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "deuce.db")
	db := open(t, path)
	live := storetest.NewTable("live")
	live.Moves = storetest.Moves(0, 10)
	done := storetest.NewTable("done")
	for _, tab := range []*store.Table{live, done} {
		if err := db.Create(ctx, tab); err != nil {
			t.Fatal(err)
		}
	}
	if err := db.Append(ctx, "live", 10, storetest.Moves(10, 5), store.Live, nil); err != nil {
		t.Fatal(err)
	}
	result := &engine.Result{Over: true, Returns: []float64{1, -1}, Winner: 0, Score: "6-3"}
	if err := db.Append(ctx, "done", 0, storetest.Moves(0, 3), store.Finished, result); err != nil {
		t.Fatal(err)
	}
	var want []*store.Table
	for _, id := range []string{"live", "done"} {
		tab, err := db.Get(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		want = append(want, tab)
	}
	wantList, err := db.List(ctx, store.Filter{})
	if err != nil {
		t.Fatal(err)
	}
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}

	db = open(t, path)
	defer db.Close()
	for _, w := range want {
		got, err := db.Get(ctx, w.ID)
		if err != nil {
			t.Fatalf("Get(%s) after reopening: %v", w.ID, err)
		}
		if err := storetest.Equal(got, w); err != nil {
			t.Errorf("Get(%s) after reopening:\n%v", w.ID, err)
		}
	}
	if got, err := db.List(ctx, store.Filter{}); err != nil || !reflect.DeepEqual(got, wantList) {
		t.Errorf("List after reopening = %+v, %v; want %+v", got, err, wantList)
	}
	if got, err := db.Unfinished(ctx); err != nil || !reflect.DeepEqual(got, []string{"live"}) {
		t.Errorf("Unfinished after reopening = %v, %v; want [live]", got, err)
	}
	// Play goes on where it stopped.
	if err := db.Append(ctx, "live", 15, storetest.Moves(15, 1), store.Live, nil); err != nil {
		t.Errorf("Append after reopening: %v", err)
	}
	if err := db.Append(ctx, "live", 15, storetest.Moves(15, 1), store.Live, nil); !errors.Is(err, store.ErrConflict) {
		t.Errorf("second Append at 15 = %v; want ErrConflict", err)
	}
}

func TestOpenBadFile(t *testing.T) {
	dir := t.TempDir()
	tests := []struct {
		name  string
		path  string
		bytes []byte // written to path first when not nil
	}{
		{"text", filepath.Join(dir, "notes.txt"), []byte("these are not the tables you are looking for\n")},
		{"corrupt header", filepath.Join(dir, "corrupt.db"), append([]byte("SQLite format 3\x00"), make([]byte, 4096)...)},
		{"directory", dir, nil},
		{"missing directory", filepath.Join(dir, "no", "such", "dir", "deuce.db"), nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.bytes != nil {
				for i := 16; i < len(tt.bytes); i++ {
					tt.bytes[i] = byte(i * 7)
				}
				if err := os.WriteFile(tt.path, tt.bytes, 0o600); err != nil {
					t.Fatal(err)
				}
			}
			db, err := sqlite.Open(context.Background(), tt.path)
			if err == nil {
				db.Close()
				t.Fatalf("Open(%s) succeeded; want an error", tt.path)
			}
			t.Logf("Open: %v", err)
			if tt.bytes != nil {
				// The file is not ours: Open must leave it as it was.
				if got, err := os.ReadFile(tt.path); err != nil || !bytes.Equal(got, tt.bytes) {
					t.Errorf("after Open the file holds %q, %v; want it unchanged", got, err)
				}
			}
		})
	}
}

func TestOpenNewerSchema(t *testing.T) {
	path := filepath.Join(t.TempDir(), "deuce.db")
	db := open(t, path)
	db.Close()
	// A file written by a later deuce, whose schema this one does not know.
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	raw[60+3] = 99 // user_version, big-endian at offset 60 of the header
	if err := os.WriteFile(path, raw, 0o600); err != nil {
		t.Fatal(err)
	}
	if db, err := sqlite.Open(context.Background(), path); err == nil {
		db.Close()
		t.Fatal("Open of a newer schema succeeded; want an error")
	} else {
		t.Logf("Open: %v", err)
	}
}

// BenchmarkAppend appends one move to a live table, the write made for every move played.
func BenchmarkAppend(b *testing.B) {
	ctx := context.Background()
	db := open(b, filepath.Join(b.TempDir(), "deuce.db"))
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
	storetest.RunPlayers(t, func(t *testing.T) store.Store {
		return open(t, filepath.Join(t.TempDir(), "deuce.db"))
	})
}

// TestMigrateFromVersion1 opens a file written by the first schema: its tables come back, not
// ended, and can be ended.
func TestMigrateFromVersion1(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "v1.db")
	raw, err := sql.Open("sqlite", path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := raw.Exec(sqlite.Migrations[0] + `PRAGMA user_version = 1;
		INSERT INTO tables VALUES ('old', 'pencil', '{}', '[]', 7, 'live', 0, NULL, 1000, 2000);`); err != nil {
		t.Fatal(err)
	}
	raw.Close()
	db, err := sqlite.Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
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

// TestMigrateSessionsToDeviceCookies opens a file of schema 4, whose sessions could not be
// device cookies: its sessions survive the rebuild of their table, and a device cookie can be
// stored.
func TestMigrateSessionsToDeviceCookies(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "v4.db")
	raw, err := sql.Open("sqlite", path)
	if err != nil {
		t.Fatal(err)
	}
	schema := strings.Join(sqlite.Migrations[:4], ";") + `;PRAGMA user_version = 4;
		INSERT INTO accounts (name, name_key, password, created) VALUES ('Ann', 'ann', 'x', 1000);
		INSERT INTO sessions VALUES ('web1', 1, 'web', 1000, 9000000000000);`
	if _, err := raw.Exec(schema); err != nil {
		t.Fatal(err)
	}
	if _, err := raw.Exec(`INSERT INTO sessions VALUES ('dev0', 1, 'device', 1000, 9000000000000)`); err == nil {
		t.Fatal("schema 4 took a device cookie: the test does not test the migration")
	}
	raw.Close()
	db, err := sqlite.Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	now := time.UnixMilli(2000)
	if a, err := db.SessionAccount(ctx, "web1", store.WebSession, now); err != nil || a.Name != "Ann" {
		t.Fatalf("the web session after migrating: %+v, %v", a, err)
	}
	d := store.Session{TokenHash: "dev1", Account: 1, Kind: store.DeviceCookie, Created: now, Expires: now.Add(time.Hour)}
	if err := db.CreateSession(ctx, d); err != nil {
		t.Fatal(err)
	}
	if a, err := db.SessionAccount(ctx, "dev1", store.DeviceCookie, now); err != nil || a.Name != "Ann" {
		t.Fatalf("a device cookie after migrating: %+v, %v", a, err)
	}
}

// Appends made at once are committed together, each on its own: a conflicting one fails
// alone, and every other is written exactly once.
func TestAppendsAtOnceSucceedOrFailAlone(t *testing.T) {
	ctx := context.Background()
	db := open(t, filepath.Join(t.TempDir(), "deuce.db"))
	const tables, rounds = 40, 5
	for i := range tables {
		if err := db.Create(ctx, storetest.NewTable(fmt.Sprint("t", i))); err != nil {
			t.Fatal(err)
		}
	}
	var wg sync.WaitGroup
	errs := make([]error, tables)
	stale := make([]error, tables)
	for i := range tables {
		wg.Add(1)
		go func() {
			defer wg.Done()
			id := fmt.Sprint("t", i)
			for r := range rounds {
				if err := db.Append(ctx, id, r, storetest.Moves(r, 1), store.Live, nil); err != nil {
					errs[i] = err
					return
				}
				if i%4 == 0 && r == 2 {
					// A stale writer, among the others' appends.
					stale[i] = db.Append(ctx, id, r, storetest.Moves(r, 1), store.Live, nil)
				}
			}
		}()
	}
	wg.Wait()
	for i := range tables {
		if errs[i] != nil {
			t.Fatalf("table %d: %v", i, errs[i])
		}
		if i%4 == 0 && !errors.Is(stale[i], store.ErrConflict) {
			t.Errorf("table %d: a stale append gave %v, want a conflict", i, stale[i])
		}
		got, err := db.Get(ctx, fmt.Sprint("t", i))
		if err != nil {
			t.Fatal(err)
		}
		if len(got.Moves) != rounds || !slices.Equal(got.Moves, storetest.Moves(0, rounds)) {
			t.Errorf("table %d holds %v, want %v", i, got.Moves, storetest.Moves(0, rounds))
		}
	}
}

// TestAppendOnAFullFile: an append the file has no room for fails with SQLite's own reason
// (after which SQLite may have rolled the whole batch's transaction back, savepoints and all),
// leaves the table as it was, and succeeds at the same index once there is room again.
func TestAppendOnAFullFile(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "deuce.db")
	db, err := sqlite.OpenWith(ctx, path, sqlite.Options{MaxBytes: 256 << 10})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if err := db.Create(ctx, storetest.NewTable("t")); err != nil {
		t.Fatal(err)
	}
	big := make([]engine.Move, 64)
	for i := range big {
		big[i] = engine.Move{Seat: 0, Action: 1, Text: string(bytes.Repeat([]byte("x"), 200))}
	}
	hogs := 0
	for n, i := len(big), 0; n > 0; i++ {
		if err := db.Create(ctx, &store.Table{ID: fmt.Sprintf("hog%04d", i), Game: "pencil", Status: store.Finished, Moves: big[:n]}); err != nil {
			n /= 2
		} else {
			hogs++
		}
	}
	if hogs == 0 {
		t.Fatal("no table filled the file")
	}
	err = db.Append(ctx, "t", 0, big, store.Live, nil)
	if err == nil || !bytes.Contains([]byte(err.Error()), []byte("full")) {
		t.Fatalf("an append on a full file: %v, want SQLite's full error", err)
	}
	if got, err := db.Get(ctx, "t"); err != nil || len(got.Moves) != 0 {
		t.Fatalf("after the failed append the table holds %v (%v)", got, err)
	}
	raw, err := sql.Open("sqlite", path)
	if err != nil {
		t.Fatal(err)
	}
	defer raw.Close()
	if _, err := raw.Exec(`DELETE FROM moves WHERE table_id LIKE 'hog%'`); err != nil {
		t.Fatal(err)
	}
	if err := db.Append(ctx, "t", 0, big, store.Live, nil); err != nil {
		t.Fatalf("an append once there is room: %v", err)
	}
}

// The database holds password and session hashes: its files are the owner's alone, a new one
// from the start, WAL and shared memory included, and an existing one others could read is
// narrowed when it is opened.
func TestFilesArePrivate(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	path := filepath.Join(dir, "deuce.db")
	db, err := sqlite.Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	if err := db.Create(ctx, &store.Table{ID: "t1", Game: "demo", Status: store.Open, Moves: []engine.Move{}}); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"deuce.db", "deuce.db-wal", "deuce.db-shm"} {
		st, err := os.Stat(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		if perm := st.Mode().Perm(); perm&0o077 != 0 {
			t.Errorf("%s has mode %v, want none for group and others", name, perm)
		}
	}
	db.Close()
	if err := os.Chmod(path, 0o644); err != nil {
		t.Fatal(err)
	}
	db, err = sqlite.Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if st, err := os.Stat(path); err != nil || st.Mode().Perm() != 0o600 {
		t.Errorf("an existing 0644 file reopened: %v %v, want 0600", st.Mode().Perm(), err)
	}
}

// TestListPlans checks that the lists a stranger may ask for cost a page, not the whole
// history: tables asked for by ID are found by the primary key whatever else the filter says,
// and the history is read newest first from the created index, with no sort of every ended
// table.
func TestListPlans(t *testing.T) {
	db := open(t, filepath.Join(t.TempDir(), "deuce.db"))
	defer db.Close()
	since := time.Now()
	ids := []string{"a", "b", "c", "d", "e"}
	for _, f := range []store.Filter{
		{IDs: ids}, {IDs: ids, Status: store.Finished}, {IDs: ids, Ended: true},
		{IDs: ids, Status: store.Live, UpdatedSince: since}, {IDs: ids, Before: since, BeforeID: "x"},
	} {
		plan, err := db.ListPlan(f)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(plan, "sqlite_autoindex_tables_1") || strings.Contains(plan, "tables_status") || strings.Contains(plan, "SCAN tables") {
			t.Errorf("List(%+v) plans %q: want the primary key", f, plan)
		}
	}
	plan, err := db.ListPlan(store.Filter{Ended: true})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(plan, "tables_created") || strings.Contains(plan, "TEMP B-TREE") {
		t.Errorf("the history plans %q: want the created index, no sort", plan)
	}
}
