// Package postgres keeps deuce's tables in PostgreSQL, for deployments that outgrow one machine.
// It uses pgx through a connection pool.
//
// The schema is the one of store/sqlite: a row per table with its options, seats and result as
// JSON, and a row per move. Open creates and migrates it in the schema the connection's
// search_path names, its version kept in the schema_version table.
//
// PostgreSQL text cannot hold the NUL character, so names, options and move texts containing it
// are refused.
package postgres

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/jackc/pgx/v5/stdlib"

	"deuce/engine"
	"deuce/store"
	"deuce/store/sqlstore"
)

var _ store.Store = (*DB)(nil)

// DB is a store in a PostgreSQL database.
type DB struct {
	*sqlstore.DB // accounts, ratings, chat and seeks: store.Players
	pool         *pgxpool.Pool
	sql          *sql.DB
	cfg          *pgxpool.Config
	// leases is the pool of the lease queries, locks the pool of Locked (lease.go).
	leases, locks leasePool
}

// Open connects to the database at url (a postgres:// URL or a key=value string, as pgx reads
// them) and creates or migrates the schema.
func Open(ctx context.Context, url string) (*DB, error) {
	// The URL may hold a password: errors do not repeat it.
	cfg, err := pgxpool.ParseConfig(url)
	if err != nil {
		return nil, fmt.Errorf("open postgres store: %w", err)
	}
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return nil, fmt.Errorf("open postgres store: %w", err)
	}
	if err := migrate(ctx, pool); err != nil {
		pool.Close()
		return nil, fmt.Errorf("open postgres store on %s:%d/%s: %w", cfg.ConnConfig.Host, cfg.ConnConfig.Port, cfg.ConnConfig.Database, err)
	}
	sqldb := stdlib.OpenDBFromPool(pool)
	return &DB{DB: sqlstore.New(sqldb, sqldb, dialect), pool: pool, sql: sqldb, cfg: cfg}, nil
}

// migrations[i] takes the schema from version i to version i+1.
var migrations = []string{
	`
CREATE TABLE tables (
	id         text COLLATE "C" PRIMARY KEY, -- "C": IDs sort by bytes, as in SQLite
	game       text NOT NULL,
	options    jsonb NOT NULL,
	seats      jsonb NOT NULL,
	seed       bigint NOT NULL, -- the uint64 seed's bits as a signed integer
	status     text NOT NULL CHECK (status IN ('open', 'live', 'finished', 'abandoned')),
	move_count integer NOT NULL CHECK (move_count >= 0),
	result     jsonb, -- NULL until there is one
	created    timestamptz NOT NULL,
	updated    timestamptz NOT NULL
);
CREATE INDEX tables_created ON tables (created DESC, id DESC);
CREATE INDEX tables_status_created ON tables (status, created DESC, id DESC);
CREATE TABLE moves (
	table_id text COLLATE "C" NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
	idx      integer NOT NULL CHECK (idx >= 0),
	seat     integer NOT NULL,
	action   integer NOT NULL,
	text     text NOT NULL,
	PRIMARY KEY (table_id, idx)
);
`,
	// 2: why a table ended, and listing by the last change ("Live now", expiry).
	`
ALTER TABLE tables ADD COLUMN ended text NOT NULL DEFAULT '';
CREATE INDEX tables_status_updated ON tables (status, updated DESC);
`,
	analysisMigration,
	// 4: accounts, sessions, ratings, table clocks, chat and seeks.
	migrationPlayers,
	// 5: device cookies are a kind of session.
	`
ALTER TABLE sessions DROP CONSTRAINT sessions_kind_check;
ALTER TABLE sessions ADD CONSTRAINT sessions_kind_check CHECK (kind IN ('web', 'bot', 'device'));
`,
	// 6: a seek says whether the seeker's rating is provisional.
	`
ALTER TABLE seeks ADD COLUMN provisional integer NOT NULL DEFAULT 0;
`,
	// 7: an account may be closed (Unix milliseconds; 0 while open).
	`
ALTER TABLE accounts ADD COLUMN closed bigint NOT NULL DEFAULT 0;
`,
	// 8: names that read alike, '-' for '_' (AccountLike). Not unique: earlier accounts may
	// already read alike.
	`
CREATE INDEX accounts_name_fold ON accounts ((replace(name_key, '-', '_')));
`,
}

// migrationLock is the advisory lock that keeps two servers starting at once from migrating
// together.
const migrationLock = 0x64657563_65000001

// migrate brings the schema up to the latest version.
func migrate(ctx context.Context, pool *pgxpool.Pool) error {
	return pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock($1)`, int64(migrationLock)); err != nil {
			return fmt.Errorf("lock schema: %w", err)
		}
		if _, err := tx.Exec(ctx, `CREATE TABLE IF NOT EXISTS schema_version (version integer NOT NULL)`); err != nil {
			return fmt.Errorf("read schema version: %w", err)
		}
		var version int
		err := tx.QueryRow(ctx, `SELECT version FROM schema_version`).Scan(&version)
		if errors.Is(err, pgx.ErrNoRows) {
			_, err = tx.Exec(ctx, `INSERT INTO schema_version (version) VALUES (0)`)
		}
		if err != nil {
			return fmt.Errorf("read schema version: %w", err)
		}
		if version > len(migrations) {
			return fmt.Errorf("schema version %d is newer than this deuce knows (%d)", version, len(migrations))
		}
		for v := version; v < len(migrations); v++ {
			if _, err := tx.Exec(ctx, migrations[v]); err != nil {
				return fmt.Errorf("migrate schema to version %d: %w", v+1, err)
			}
		}
		if _, err := tx.Exec(ctx, `UPDATE schema_version SET version = $1`, len(migrations)); err != nil {
			return fmt.Errorf("write schema version: %w", err)
		}
		if err := createLeases(ctx, tx); err != nil {
			return fmt.Errorf("create the lease table: %w", err)
		}
		return nil
	})
}

// Close closes the pool's connections.
func (db *DB) Close() error {
	db.leases.close()
	db.locks.close()
	err := db.sql.Close()
	db.pool.Close()
	return err
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
	err = pgx.BeginFunc(ctx, db.pool, func(tx pgx.Tx) error {
		tag, err := tx.Exec(ctx, `
			INSERT INTO tables (id, game, options, seats, seed, status, move_count, result, ended, created, updated)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10)
			ON CONFLICT (id) DO NOTHING`,
			t.ID, t.Game, options, seats, int64(t.Seed), string(t.Status), len(t.Moves), result, t.Ended, now)
		if err != nil {
			return err
		}
		if tag.RowsAffected() == 0 {
			return store.ErrExists
		}
		return insertMoves(ctx, tx, t.ID, 0, t.Moves)
	})
	if err != nil {
		return fmt.Errorf("create table %s: %w", t.ID, err)
	}
	t.Created, t.Updated = now, now
	return nil
}

// insertMoves stores moves at indexes from at on, in one statement.
func insertMoves(ctx context.Context, tx pgx.Tx, id string, at int, moves []engine.Move) error {
	if len(moves) == 0 {
		return nil
	}
	seats := make([]int32, len(moves))
	actions := make([]int32, len(moves))
	texts := make([]string, len(moves))
	for i, m := range moves {
		seats[i], actions[i], texts[i] = int32(m.Seat), int32(m.Action), m.Text
	}
	_, err := tx.Exec(ctx, `
		INSERT INTO moves (table_id, idx, seat, action, text)
		SELECT $1, $2 + m.n - 1, m.seat, m.action, m.text
		FROM unnest($3::integer[], $4::integer[], $5::text[]) WITH ORDINALITY AS m (seat, action, text, n)`,
		id, at, seats, actions, texts)
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) && pgErr.Code == "23505" { // unique_violation: the moves are there
		return fmt.Errorf("%w: %w", store.ErrConflict, err)
	}
	return err
}

// Append adds moves at index at and sets the status and result.
func (db *DB) Append(ctx context.Context, id string, at int, moves []engine.Move, status store.Status, result *engine.Result) error {
	return db.append(ctx, id, at, moves, status, result, nil)
}

// append is Append, after fence (when not nil) has checked, in the transaction, that the
// writer may write.
func (db *DB) append(ctx context.Context, id string, at int, moves []engine.Move, status store.Status, result *engine.Result, fence func(pgx.Tx) error) error {
	if !status.Valid() {
		return fmt.Errorf("append to table %s: invalid status %q", id, status)
	}
	r, err := store.EncodeResult(result)
	if err != nil {
		return fmt.Errorf("append to table %s: %w", id, err)
	}
	err = pgx.BeginFunc(ctx, db.pool, func(tx pgx.Tx) error {
		if fence != nil {
			if err := fence(tx); err != nil {
				return err
			}
		}
		// The guard on move_count is what makes a stale writer fail instead of writing: a
		// concurrent writer waits for the row lock, then finds the count changed.
		tag, err := tx.Exec(ctx, `
			UPDATE tables SET move_count = move_count + $1,
				status = CASE WHEN status = 'live' AND $2 = 'open' THEN 'live' ELSE $2 END, result = $3, updated = $4
			WHERE id = $5 AND move_count = $6`,
			len(moves), string(status), r, store.Now(), id, at)
		if err != nil {
			return err
		}
		if tag.RowsAffected() == 0 {
			return missingOrConflict(ctx, tx, id)
		}
		return insertMoves(ctx, tx, id, at, moves)
	})
	if err != nil {
		return fmt.Errorf("append to table %s at %d: %w", id, at, err)
	}
	return nil
}

// missingOrConflict tells why a guarded update of table id changed no row.
func missingOrConflict(ctx context.Context, tx pgx.Tx, id string) error {
	var exists bool
	if err := tx.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM tables WHERE id = $1)`, id).Scan(&exists); err != nil {
		return err
	}
	if !exists {
		return store.ErrNotFound
	}
	return store.ErrConflict
}

// End ends an unfinished table without a move.
func (db *DB) End(ctx context.Context, id string, at int, status store.Status, ended string, result *engine.Result) error {
	return db.end(ctx, id, at, status, ended, result, nil)
}

// end is End, after fence (see append).
func (db *DB) end(ctx context.Context, id string, at int, status store.Status, ended string, result *engine.Result, fence func(pgx.Tx) error) error {
	if err := store.CheckEnd(status, ended); err != nil {
		return fmt.Errorf("end table %s: %w", id, err)
	}
	r, err := store.EncodeResult(result)
	if err != nil {
		return fmt.Errorf("end table %s: %w", id, err)
	}
	err = pgx.BeginFunc(ctx, db.pool, func(tx pgx.Tx) error {
		if fence != nil {
			if err := fence(tx); err != nil {
				return err
			}
		}
		tag, err := tx.Exec(ctx, `
			UPDATE tables SET status = $1, ended = $2, result = $3, updated = $4
			WHERE id = $5 AND move_count = $6 AND status IN ('open', 'live')`,
			string(status), ended, r, store.Now(), id, at)
		if err != nil {
			return err
		}
		if tag.RowsAffected() == 0 {
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
	tag, err := db.pool.Exec(ctx, `UPDATE tables SET seats = $1, status = $2, updated = $3 WHERE id = $4`,
		s, string(status), store.Now(), id)
	if err != nil {
		return fmt.Errorf("update seats of table %s: %w", id, err)
	}
	if tag.RowsAffected() == 0 {
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
		options, seats, result []byte
		seed                   int64
		status                 string
		count                  int
	)
	err := db.pool.QueryRow(ctx, `
		SELECT game, options, seats, seed, status, move_count, result, ended, created, updated
		FROM tables WHERE id = $1`, id).
		Scan(&t.Game, &options, &seats, &seed, &status, &count, &result, &t.Ended, &t.Created, &t.Updated)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, store.ErrNotFound
	}
	if err != nil {
		return nil, err
	}
	t.Seed, t.Status = uint64(seed), store.Status(status)
	t.Created, t.Updated = t.Created.UTC(), t.Updated.UTC()
	if err := store.DecodeColumns(options, seats, result, &t.Options, &t.Seats, &t.Result); err != nil {
		return nil, err
	}
	// Moves are only appended, and each table row is committed with its moves, so the first
	// count moves are exactly those of the row read above, even if an Append committed since.
	rows, err := db.pool.Query(ctx, `
		SELECT seat, action, text FROM moves WHERE table_id = $1 AND idx < $2 ORDER BY idx`, id, count)
	if err != nil {
		return nil, err
	}
	t.Moves = make([]engine.Move, 0, count)
	var m engine.Move
	_, err = pgx.ForEachRow(rows, []any{&m.Seat, &m.Action, &m.Text}, func() error {
		t.Moves = append(t.Moves, m)
		return nil
	})
	if err != nil {
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
	err := db.pool.QueryRow(ctx, `SELECT seat, action, text FROM moves WHERE table_id = $1 AND idx = $2`, id, i).
		Scan(&m.Seat, &m.Action, &m.Text)
	if errors.Is(err, pgx.ErrNoRows) {
		err = store.ErrNotFound
	}
	if err != nil {
		return engine.Move{}, fmt.Errorf("get move %d of table %s: %w", i, id, err)
	}
	return m, nil
}

// List returns the summaries of the tables f selects, newest first.
func (db *DB) List(ctx context.Context, f store.Filter) ([]store.Summary, error) {
	list, err := db.list(ctx, f)
	if err != nil {
		return nil, fmt.Errorf("list tables: %w", err)
	}
	return list, nil
}

func (db *DB) list(ctx context.Context, f store.Filter) ([]store.Summary, error) {
	var (
		where []string
		args  []any
	)
	if f.Status != "" {
		args = append(args, string(f.Status))
		where = append(where, fmt.Sprintf("status = $%d", len(args)))
	}
	if f.Ended {
		where = append(where, "status IN ('finished', 'abandoned')")
	}
	if !f.UpdatedSince.IsZero() {
		args = append(args, f.UpdatedSince.Truncate(time.Millisecond))
		where = append(where, fmt.Sprintf("updated >= $%d", len(args)))
	}
	if len(f.IDs) > 0 {
		if len(f.IDs) > store.MaxIDs {
			return nil, fmt.Errorf("%d table IDs: at most %d", len(f.IDs), store.MaxIDs)
		}
		args = append(args, f.IDs)
		where = append(where, fmt.Sprintf("id = ANY($%d)", len(args)))
	}
	if !f.Before.IsZero() {
		args = append(args, f.Before.Truncate(time.Millisecond), f.BeforeID)
		n := len(args)
		where = append(where, fmt.Sprintf("(created < $%d OR (created = $%d AND id < $%d))", n-1, n-1, n))
	}
	q := `SELECT id, game, options, seats, status, move_count, result, ended, created, updated FROM tables`
	if len(where) > 0 {
		q += " WHERE " + strings.Join(where, " AND ")
	}
	args = append(args, f.PageSize())
	q += fmt.Sprintf(" ORDER BY created DESC, id DESC LIMIT $%d", len(args))
	rows, err := db.pool.Query(ctx, q, args...)
	if err != nil {
		return nil, err
	}
	list := []store.Summary{}
	var (
		s                      store.Summary
		options, seats, result []byte
		status                 string
	)
	_, err = pgx.ForEachRow(rows, []any{&s.ID, &s.Game, &options, &seats, &status, &s.Moves, &result, &s.Ended, &s.Created, &s.Updated}, func() error {
		sum := store.Summary{ID: s.ID, Game: s.Game, Status: store.Status(status), Moves: s.Moves, Ended: s.Ended,
			Created: s.Created.UTC(), Updated: s.Updated.UTC()}
		if err := store.DecodeColumns(options, seats, result, &sum.Options, &sum.Seats, &sum.Result); err != nil {
			return fmt.Errorf("table %s: %w", s.ID, err)
		}
		for i := range sum.Seats {
			sum.Seats[i].TokenHash = ""
		}
		list = append(list, sum)
		return nil
	})
	if err != nil {
		return nil, err
	}
	return list, nil
}

// Unfinished returns the IDs of the open and live tables, oldest first.
func (db *DB) Unfinished(ctx context.Context) ([]string, error) {
	rows, err := db.pool.Query(ctx, `SELECT id FROM tables WHERE status IN ('open', 'live') ORDER BY created, id`)
	if err != nil {
		return nil, fmt.Errorf("list unfinished tables: %w", err)
	}
	ids, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		return nil, fmt.Errorf("list unfinished tables: %w", err)
	}
	if ids == nil {
		ids = []string{}
	}
	return ids, nil
}
