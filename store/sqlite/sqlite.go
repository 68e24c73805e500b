// Package sqlite keeps deuce's tables in one SQLite file, the embedded default: `deuce serve`
// needs no database server. It uses modernc.org/sqlite, a pure Go build of SQLite.
//
// The file runs in WAL mode: readers never wait for the writer. Writes go through one connection,
// so they are serialized in the process; other processes wait up to the busy timeout. The schema
// is created and migrated by Open, its version kept in PRAGMA user_version.
//
// With synchronous=NORMAL a committed move survives a crash of the process; a power cut may lose
// the last moments of play but never corrupts the file.
package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"time"

	"deuce/engine"
	"deuce/store"
	"deuce/store/sqlstore"

	_ "modernc.org/sqlite" // registers the "sqlite" database/sql driver
)

var _ store.Store = (*DB)(nil)

// DB is a store in a SQLite file.
type DB struct {
	*sqlstore.DB // accounts, ratings, chat and seeks: store.Players
	path         string
	// write has a single connection: SQLite allows one writer at a time, and waiting for the
	// pool is cheaper and fairer than retrying on SQLITE_BUSY.
	write *sql.DB
	// read has several query-only connections; in WAL mode they read a consistent snapshot
	// while the writer works.
	read *sql.DB
	// The statements of Append, the write made for every move played, prepared once on the
	// write connection.
	appendMoves, insertMove *sql.Stmt
	// appends are the Appends waiting for the writer, committed together (see Append).
	appends appendQueue
}

// busyTimeout is how long a statement waits for another process holding the write lock, by
// default.
const busyTimeout = 10 * time.Second

// Options tune a store.
type Options struct {
	// BusyTimeout is how long a statement waits for another process holding the write lock
	// before it fails (default 10 s).
	BusyTimeout time.Duration
	// MaxBytes, when positive, caps the file's size: writes that would grow it further fail
	// (SQLITE_FULL) as on a full disk, and the server retries them.
	MaxBytes int64
}

// Open opens the store in the SQLite file at path, creating the file and its schema if needed.
// Its parent directory must exist.
func Open(ctx context.Context, path string) (*DB, error) {
	return OpenWith(ctx, path, Options{})
}

// private makes the database file its owner's alone (0600): it holds password hashes and
// session hashes. A new file is created so, before SQLite opens it (an empty file is an empty
// database); SQLite gives its journal and WAL files the database file's mode. An existing file
// that others may read is narrowed, where its owner runs deuce.
func private(path string) error {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o600)
	if err == nil {
		return f.Close()
	}
	if !errors.Is(err, fs.ErrExist) {
		return err
	}
	if st, err := os.Stat(path); err == nil && st.Mode().IsRegular() && st.Mode().Perm()&0o077 != 0 {
		_ = os.Chmod(path, st.Mode().Perm()&0o700) // another owner's file: left as it is
	}
	return nil
}

// OpenWith is Open with options.
func OpenWith(ctx context.Context, path string, opt Options) (*DB, error) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, fmt.Errorf("open sqlite store %s: %w", path, err)
	}
	if opt.BusyTimeout <= 0 {
		opt.BusyTimeout = busyTimeout
	}
	if err := private(abs); err != nil {
		return nil, fmt.Errorf("open sqlite store %s: %w", path, err)
	}
	db := &DB{path: path}
	if db.write, err = openPool(abs, false, opt); err != nil {
		return nil, fmt.Errorf("open sqlite store %s: %w", path, err)
	}
	db.write.SetMaxOpenConns(1)
	db.write.SetMaxIdleConns(1)
	db.write.SetConnMaxLifetime(0)
	db.write.SetConnMaxIdleTime(0)
	if err := migrate(ctx, db.write); err != nil {
		db.write.Close()
		return nil, fmt.Errorf("open sqlite store %s: %w", path, err)
	}
	if db.appendMoves, err = db.write.PrepareContext(ctx, appendMovesSQL); err == nil {
		db.insertMove, err = db.write.PrepareContext(ctx, insertMoveSQL)
	}
	if err != nil {
		db.write.Close()
		return nil, fmt.Errorf("open sqlite store %s: %w", path, err)
	}
	if db.read, err = openPool(abs, true, opt); err != nil {
		db.write.Close()
		return nil, fmt.Errorf("open sqlite store %s: %w", path, err)
	}
	n := max(4, runtime.GOMAXPROCS(0))
	db.read.SetMaxOpenConns(n)
	db.read.SetMaxIdleConns(n)
	db.DB = sqlstore.New(db.read, db.write, dialect)
	return db, nil
}

// openPool returns a pool of connections to the file at the absolute path abs.
func openPool(abs string, queryOnly bool, opt Options) (*sql.DB, error) {
	q := url.Values{}
	q.Add("_pragma", fmt.Sprintf("busy_timeout(%d)", opt.BusyTimeout.Milliseconds()))
	if opt.MaxBytes > 0 && !queryOnly {
		// Pages are 4096 bytes unless the file says otherwise.
		q.Add("_pragma", fmt.Sprintf("max_page_count(%d)", max(opt.MaxBytes/4096, 1)))
	}
	q.Add("_pragma", "foreign_keys(1)")
	q.Add("_pragma", "synchronous(NORMAL)")
	if queryOnly {
		q.Add("_pragma", "query_only(1)")
	} else {
		q.Add("_pragma", "journal_mode(WAL)")
		// A write transaction takes the lock when it begins, so it never fails half-way
		// upgrading a read lock.
		q.Set("_txlock", "immediate")
	}
	// A file: URI keeps characters such as '?' and '#' in the path from being read as
	// parameters.
	dsn := &url.URL{Scheme: "file", Path: filepath.ToSlash(abs), RawQuery: q.Encode()}
	return sql.Open("sqlite", dsn.String())
}

// migrations[i] takes the schema from version i to version i+1.
var migrations = []string{
	`
CREATE TABLE tables (
	id         TEXT PRIMARY KEY,
	game       TEXT NOT NULL,
	options    TEXT NOT NULL, -- JSON object
	seats      TEXT NOT NULL, -- JSON array of store.Seat
	seed       INTEGER NOT NULL, -- the uint64 seed's bits as a signed integer
	status     TEXT NOT NULL CHECK (status IN ('open', 'live', 'finished', 'abandoned')),
	move_count INTEGER NOT NULL CHECK (move_count >= 0),
	result     TEXT, -- JSON engine.Result, NULL until there is one
	created    INTEGER NOT NULL, -- Unix milliseconds
	updated    INTEGER NOT NULL
) STRICT;
CREATE INDEX tables_created ON tables (created DESC, id DESC);
CREATE INDEX tables_status_created ON tables (status, created DESC, id DESC);
CREATE TABLE moves (
	table_id TEXT NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
	idx      INTEGER NOT NULL CHECK (idx >= 0),
	seat     INTEGER NOT NULL,
	action   INTEGER NOT NULL,
	text     TEXT NOT NULL,
	PRIMARY KEY (table_id, idx)
) STRICT, WITHOUT ROWID;
`,
	// 2: why a table ended, and listing by the last change ("Live now", expiry).
	`
ALTER TABLE tables ADD COLUMN ended TEXT NOT NULL DEFAULT '';
CREATE INDEX tables_status_updated ON tables (status, updated DESC);
`,
	analysisMigration,
	// 4: accounts, sessions, ratings, table clocks, chat and seeks.
	migrationPlayers,
	// 5: device cookies are a kind of session. SQLite changes a CHECK only by rebuilding
	// the table.
	`
CREATE TABLE sessions_new (
	token_hash TEXT PRIMARY KEY,
	account_id INTEGER NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
	kind       TEXT NOT NULL CHECK (kind IN ('web', 'bot', 'device')),
	created    INTEGER NOT NULL,
	expires    INTEGER NOT NULL
) STRICT;
INSERT INTO sessions_new SELECT token_hash, account_id, kind, created, expires FROM sessions;
DROP TABLE sessions;
ALTER TABLE sessions_new RENAME TO sessions;
CREATE INDEX sessions_account ON sessions (account_id, kind);
`,
	// 6: a seek says whether the seeker's rating is provisional.
	`
ALTER TABLE seeks ADD COLUMN provisional INTEGER NOT NULL DEFAULT 0;
`,
	// 7: an account may be closed (Unix milliseconds; 0 while open).
	`
ALTER TABLE accounts ADD COLUMN closed INTEGER NOT NULL DEFAULT 0;
`,
	// 8: names that read alike, '-' for '_' (AccountLike). Not unique: earlier accounts may
	// already read alike.
	`
CREATE INDEX accounts_name_fold ON accounts (replace(name_key, '-', '_'));
`,
}

// migrate brings the schema up to the latest version.
func migrate(ctx context.Context, db *sql.DB) error {
	var version int
	if err := db.QueryRowContext(ctx, "PRAGMA user_version").Scan(&version); err != nil {
		return fmt.Errorf("read schema version: %w", err)
	}
	if version > len(migrations) {
		return fmt.Errorf("schema version %d is newer than this deuce knows (%d)", version, len(migrations))
	}
	for v := version; v < len(migrations); v++ {
		err := inTx(ctx, db, func(tx *sql.Tx) error {
			if _, err := tx.ExecContext(ctx, migrations[v]); err != nil {
				return err
			}
			// user_version lives in the file header, written by this same transaction.
			_, err := tx.ExecContext(ctx, fmt.Sprintf("PRAGMA user_version = %d", v+1))
			return err
		})
		if err != nil {
			return fmt.Errorf("migrate schema to version %d: %w", v+1, err)
		}
	}
	return nil
}

// inTx runs f in a transaction, committed if f returns nil and rolled back otherwise.
func inTx(ctx context.Context, db *sql.DB, f func(tx *sql.Tx) error) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	if err := f(tx); err != nil {
		tx.Rollback()
		return err
	}
	return tx.Commit()
}

// Close closes the file.
func (db *DB) Close() error {
	return errors.Join(db.appendMoves.Close(), db.insertMove.Close(), db.read.Close(), db.write.Close())
}

// Create stores a new table.
func (db *DB) Create(ctx context.Context, t *store.Table) error {
	if err := t.CheckNew(); err != nil {
		return fmt.Errorf("create table %s: %w", t.ID, err)
	}
	options, seats, result, err := store.EncodeColumns(t.Options, t.Seats, t.Result)
	if err != nil {
		return fmt.Errorf("create table %s: %w", t.ID, err)
	}
	now := store.Now()
	err = inTx(ctx, db.write, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, `
			INSERT INTO tables (id, game, options, seats, seed, status, move_count, result, ended, created, updated)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
			ON CONFLICT (id) DO NOTHING`,
			t.ID, t.Game, options, seats, int64(t.Seed), string(t.Status), len(t.Moves), nullString(result),
			t.Ended, now.UnixMilli(), now.UnixMilli())
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil {
			return err
		} else if n == 0 {
			return store.ErrExists
		}
		return db.insertMoves(ctx, tx, t.ID, 0, t.Moves)
	})
	if err != nil {
		return fmt.Errorf("create table %s: %w", t.ID, err)
	}
	t.Created, t.Updated = now, now
	return nil
}

const insertMoveSQL = `INSERT INTO moves (table_id, idx, seat, action, text) VALUES (?, ?, ?, ?, ?)`

// insertMoves stores moves at indexes from at on.
func (db *DB) insertMoves(ctx context.Context, tx *sql.Tx, id string, at int, moves []engine.Move) error {
	if len(moves) == 0 {
		return nil
	}
	stmt := tx.StmtContext(ctx, db.insertMove)
	for i, m := range moves {
		if _, err := stmt.ExecContext(ctx, id, at+i, int(m.Seat), int64(m.Action), m.Text); err != nil {
			return err
		}
	}
	return nil
}

const appendMovesSQL = `
UPDATE tables SET move_count = move_count + ?,
	status = CASE WHEN status = 'live' AND ? = 'open' THEN 'live' ELSE ? END, result = ?, updated = ?
WHERE id = ? AND move_count = ?`

// Append adds moves at index at and sets the status and result.
//
// Appends made at once share one transaction (a group commit): a commit costs a write of the
// log whatever it holds, and a server playing thousands of tables appends a move for each of
// them every few seconds. Each Append is a savepoint of its own, so it fails or succeeds alone;
// a failed commit fails them all, and none is written.
func (db *DB) Append(ctx context.Context, id string, at int, moves []engine.Move, status store.Status, result *engine.Result) error {
	if !status.Valid() {
		return fmt.Errorf("append to table %s: invalid status %q", id, status)
	}
	r, err := store.EncodeResult(result)
	if err != nil {
		return fmt.Errorf("append to table %s: %w", id, err)
	}
	a := &pendingAppend{ctx: ctx, id: id, at: at, moves: moves, status: status, result: r, done: make(chan error, 1), lead: make(chan struct{}, 1)}
	if db.appends.push(a) {
		a.lead <- struct{}{} // no commit is under way: this Append makes the next
	}
	for {
		select {
		case err := <-a.done:
			if err != nil {
				return fmt.Errorf("append to table %s at %d: %w", id, at, err)
			}
			return nil
		case <-a.lead:
			// One batch, then the first Append still waiting makes the next: no caller
			// commits for the others for long.
			db.commitAppends(db.appends.take())
			if next := db.appends.handOff(); next != nil {
				next.lead <- struct{}{}
			}
		}
	}
}

// pendingAppend is an Append waiting for its commit; done receives its outcome.
type pendingAppend struct {
	ctx    context.Context
	id     string
	at     int
	moves  []engine.Move
	status store.Status
	result *string
	done   chan error
	// lead tells the Append to commit the next batch.
	lead chan struct{}
}

// appendQueue holds the Appends waiting; busy is set while one of them commits for all.
type appendQueue struct {
	mu      sync.Mutex
	waiting []*pendingAppend
	busy    bool
}

// maxBatch bounds the Appends of one transaction.
const maxBatch = 256

// push queues a, and reports whether its caller must commit (none does).
func (q *appendQueue) push(a *pendingAppend) bool {
	q.mu.Lock()
	defer q.mu.Unlock()
	q.waiting = append(q.waiting, a)
	if q.busy {
		return false
	}
	q.busy = true
	return true
}

// take returns the next batch to commit, the Appends waiting (at most maxBatch).
func (q *appendQueue) take() []*pendingAppend {
	q.mu.Lock()
	defer q.mu.Unlock()
	n := min(len(q.waiting), maxBatch)
	batch := slices.Clone(q.waiting[:n])
	q.waiting = slices.Delete(q.waiting, 0, n)
	return batch
}

// handOff returns the Append to commit the next batch, or nil (and the queue is no longer
// busy) when none waits.
func (q *appendQueue) handOff() *pendingAppend {
	q.mu.Lock()
	defer q.mu.Unlock()
	if len(q.waiting) == 0 {
		q.busy = false
		return nil
	}
	return q.waiting[0]
}

// commitAppends writes batch in one transaction, each Append under a savepoint of its own, and
// tells each its outcome.
func (db *DB) commitAppends(batch []*pendingAppend) {
	if len(batch) == 0 {
		return
	}
	ctx := context.Background() // every caller waits for its outcome; the busy timeout bounds it
	outcome := make([]error, len(batch))
	err := inTx(ctx, db.write, func(tx *sql.Tx) error {
		for i, a := range batch {
			if err := a.ctx.Err(); err != nil {
				outcome[i] = err
				continue
			}
			if _, err := tx.ExecContext(ctx, "SAVEPOINT move"); err != nil {
				return err
			}
			outcome[i] = db.appendIn(ctx, tx, a)
			undo := "RELEASE move"
			if outcome[i] != nil {
				undo = "ROLLBACK TO move; RELEASE move"
			}
			if _, err := tx.ExecContext(ctx, undo); err != nil {
				if outcome[i] != nil {
					// After some errors (a full disk, an I/O error) SQLite rolls the whole
					// transaction back itself and the savepoint is gone with it ("no such
					// savepoint"): the append's own error is what every caller must hear.
					return outcome[i]
				}
				return err
			}
		}
		return nil
	})
	for i, a := range batch {
		if err != nil {
			outcome[i] = err
		}
		a.done <- outcome[i]
	}
}

// appendIn makes Append a in tx.
func (db *DB) appendIn(ctx context.Context, tx *sql.Tx, a *pendingAppend) error {
	// The guard on move_count is what makes a stale writer fail instead of writing.
	res, err := tx.StmtContext(ctx, db.appendMoves).ExecContext(ctx,
		len(a.moves), string(a.status), string(a.status), nullString(a.result), store.Now().UnixMilli(), a.id, a.at)
	if err != nil {
		return err
	}
	if n, err := res.RowsAffected(); err != nil {
		return err
	} else if n == 0 {
		return missingOrConflict(ctx, tx, a.id)
	}
	return db.insertMoves(ctx, tx, a.id, a.at, a.moves)
}

// missingOrConflict tells why a guarded update of table id changed no row.
func missingOrConflict(ctx context.Context, tx *sql.Tx, id string) error {
	var one int
	err := tx.QueryRowContext(ctx, `SELECT 1 FROM tables WHERE id = ?`, id).Scan(&one)
	switch {
	case errors.Is(err, sql.ErrNoRows):
		return store.ErrNotFound
	case err != nil:
		return err
	}
	return store.ErrConflict
}

// End ends an unfinished table without a move.
func (db *DB) End(ctx context.Context, id string, at int, status store.Status, ended string, result *engine.Result) error {
	if err := store.CheckEnd(status, ended); err != nil {
		return fmt.Errorf("end table %s: %w", id, err)
	}
	r, err := store.EncodeResult(result)
	if err != nil {
		return fmt.Errorf("end table %s: %w", id, err)
	}
	err = inTx(ctx, db.write, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, `
			UPDATE tables SET status = ?, ended = ?, result = ?, updated = ?
			WHERE id = ? AND move_count = ? AND status IN ('open', 'live')`,
			string(status), ended, nullString(r), store.Now().UnixMilli(), id, at)
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil {
			return err
		} else if n == 0 {
			return missingOrConflict(ctx, tx, id)
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("end table %s at %d: %w", id, at, err)
	}
	return nil
}

// UpdateSeats replaces the seats and sets the status.
func (db *DB) UpdateSeats(ctx context.Context, id string, seats []store.Seat, status store.Status) error {
	if !status.Valid() {
		return fmt.Errorf("update seats of table %s: invalid status %q", id, status)
	}
	_, s, _, err := store.EncodeColumns(nil, seats, nil)
	if err != nil {
		return fmt.Errorf("update seats of table %s: %w", id, err)
	}
	res, err := db.write.ExecContext(ctx, `UPDATE tables SET seats = ?, status = ?, updated = ? WHERE id = ?`,
		s, string(status), store.Now().UnixMilli(), id)
	if err != nil {
		return fmt.Errorf("update seats of table %s: %w", id, err)
	}
	if n, err := res.RowsAffected(); err != nil {
		return fmt.Errorf("update seats of table %s: %w", id, err)
	} else if n == 0 {
		return fmt.Errorf("update seats of table %s: %w", id, store.ErrNotFound)
	}
	return nil
}

// Get returns the table with the given ID.
func (db *DB) Get(ctx context.Context, id string) (*store.Table, error) {
	t, err := db.get(ctx, id)
	if err != nil {
		return nil, fmt.Errorf("get table %s: %w", id, err)
	}
	return t, nil
}

func (db *DB) get(ctx context.Context, id string) (*store.Table, error) {
	var (
		t                      = &store.Table{ID: id}
		options, seats         []byte
		result                 []byte
		seed, created, updated int64
		status                 string
		count                  int
	)
	err := db.read.QueryRowContext(ctx, `
		SELECT game, options, seats, seed, status, move_count, result, ended, created, updated
		FROM tables WHERE id = ?`, id).
		Scan(&t.Game, &options, &seats, &seed, &status, &count, &result, &t.Ended, &created, &updated)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, store.ErrNotFound
	}
	if err != nil {
		return nil, err
	}
	t.Seed, t.Status = uint64(seed), store.Status(status)
	t.Created, t.Updated = fromMillis(created), fromMillis(updated)
	if err := store.DecodeColumns(options, seats, result, &t.Options, &t.Seats, &t.Result); err != nil {
		return nil, err
	}
	// Moves are only appended, and each table row is committed with its moves, so the first
	// count moves are exactly those of the row read above, even if an Append committed since.
	rows, err := db.read.QueryContext(ctx, `
		SELECT seat, action, text FROM moves WHERE table_id = ? AND idx < ? ORDER BY idx`, id, count)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	t.Moves = make([]engine.Move, 0, count)
	for rows.Next() {
		var m engine.Move
		if err := rows.Scan(&m.Seat, &m.Action, &m.Text); err != nil {
			return nil, err
		}
		t.Moves = append(t.Moves, m)
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	if len(t.Moves) != count {
		return nil, fmt.Errorf("%d moves stored, the table counts %d", len(t.Moves), count)
	}
	return t, nil
}

// Move returns move i of table id: one row of the moves, whose rows are only ever appended.
func (db *DB) Move(ctx context.Context, id string, i int) (engine.Move, error) {
	var m engine.Move
	err := db.read.QueryRowContext(ctx, `SELECT seat, action, text FROM moves WHERE table_id = ? AND idx = ?`, id, i).
		Scan(&m.Seat, &m.Action, &m.Text)
	if errors.Is(err, sql.ErrNoRows) {
		err = store.ErrNotFound
	}
	if err != nil {
		return engine.Move{}, fmt.Errorf("get move %d of table %s: %w", i, id, err)
	}
	return m, nil
}

func fromMillis(ms int64) time.Time { return time.UnixMilli(ms).UTC() }

// nullString makes a nullable text column of s: the columns are TEXT, and STRICT tables refuse
// blobs there.
func nullString(s *string) sql.NullString {
	if s == nil {
		return sql.NullString{}
	}
	return sql.NullString{String: *s, Valid: true}
}

// List returns the summaries of the tables f selects, newest first.
func (db *DB) List(ctx context.Context, f store.Filter) ([]store.Summary, error) {
	list, err := db.list(ctx, f)
	if err != nil {
		return nil, fmt.Errorf("list tables: %w", err)
	}
	return list, nil
}

// listQuery is the query List runs for f, with its arguments.
func listQuery(f store.Filter) (string, []any, error) {
	var (
		where []string
		args  []any
	)
	// A unary + keeps a column out of the planner's choice of index. With IDs the primary key
	// finds the rows, and an index on status would scan every table of that status; the
	// history (Ended) reads the created index newest first and stops at the page, where the
	// status index would sort every ended table first.
	plus := ""
	if len(f.IDs) > 0 {
		plus = "+"
	}
	if f.Status != "" {
		where = append(where, plus+"status = ?")
		args = append(args, string(f.Status))
	}
	if f.Ended {
		where = append(where, "+status IN ('finished', 'abandoned')")
	}
	if !f.UpdatedSince.IsZero() {
		where = append(where, plus+"updated >= ?")
		args = append(args, f.UpdatedSince.UnixMilli())
	}
	if len(f.IDs) > 0 {
		if len(f.IDs) > store.MaxIDs {
			return "", nil, fmt.Errorf("%d table IDs: at most %d", len(f.IDs), store.MaxIDs)
		}
		where = append(where, "id IN (?"+strings.Repeat(", ?", len(f.IDs)-1)+")")
		for _, id := range f.IDs {
			args = append(args, id)
		}
	}
	if !f.Before.IsZero() {
		ms := f.Before.UnixMilli()
		where = append(where, "("+plus+"created < ? OR ("+plus+"created = ? AND id < ?))")
		args = append(args, ms, ms, f.BeforeID)
	}
	q := `SELECT id, game, options, seats, status, move_count, result, ended, created, updated FROM tables`
	if len(where) > 0 {
		q += " WHERE " + strings.Join(where, " AND ")
	}
	q += " ORDER BY created DESC, id DESC LIMIT ?"
	args = append(args, f.PageSize())
	return q, args, nil
}

func (db *DB) list(ctx context.Context, f store.Filter) ([]store.Summary, error) {
	q, args, err := listQuery(f)
	if err != nil {
		return nil, err
	}
	rows, err := db.read.QueryContext(ctx, q, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	list := []store.Summary{}
	for rows.Next() {
		var (
			s                      store.Summary
			options, seats, result []byte
			status                 string
			created, updated       int64
		)
		if err := rows.Scan(&s.ID, &s.Game, &options, &seats, &status, &s.Moves, &result, &s.Ended, &created, &updated); err != nil {
			return nil, err
		}
		if err := store.DecodeColumns(options, seats, result, &s.Options, &s.Seats, &s.Result); err != nil {
			return nil, fmt.Errorf("table %s: %w", s.ID, err)
		}
		for i := range s.Seats {
			s.Seats[i].TokenHash = ""
		}
		s.Status = store.Status(status)
		s.Created, s.Updated = fromMillis(created), fromMillis(updated)
		list = append(list, s)
	}
	return list, rows.Err()
}

// Unfinished returns the IDs of the open and live tables, oldest first.
func (db *DB) Unfinished(ctx context.Context) ([]string, error) {
	rows, err := db.read.QueryContext(ctx, `
		SELECT id FROM tables WHERE status IN ('open', 'live') ORDER BY created, id`)
	if err != nil {
		return nil, fmt.Errorf("list unfinished tables: %w", err)
	}
	defer rows.Close()
	ids := []string{}
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			return nil, fmt.Errorf("list unfinished tables: %w", err)
		}
		ids = append(ids, id)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("list unfinished tables: %w", err)
	}
	return ids, nil
}
