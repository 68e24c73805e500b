package postgres

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"deuce/engine"
	"deuce/store"
)

// Leases: several deuce nodes share one database, and each live table is run by exactly one
// of them, the holder of its lease. A lease is a row (table, node, epoch, expiry) whose expiry
// the holder renews; once it has passed, any node may take the table, and taking it raises the
// epoch. Every write of a match by its runner (AppendFenced, EndFenced) names the epoch it
// holds and is refused with store.ErrLeaseLost unless the lease is still that epoch, held by
// that node and not expired: a paused or cut-off node can never write a move after another
// has taken its table. Expiry is the database's clock (now()), so the nodes' clocks do not
// matter.
//
// The lease table (and rate_buckets, see Take) is created if missing when the store opens (CREATE TABLE IF NOT EXISTS
// rather than a numbered migration: a deployment with one node never uses it).
const leaseSchema = `
CREATE TABLE IF NOT EXISTS table_leases (
	table_id text COLLATE "C" PRIMARY KEY REFERENCES tables (id) ON DELETE CASCADE,
	node     text NOT NULL,
	epoch    bigint NOT NULL,
	expires  timestamptz NOT NULL
);
CREATE INDEX IF NOT EXISTS table_leases_node ON table_leases (node);
CREATE TABLE IF NOT EXISTS rate_buckets (
	key    text COLLATE "C" PRIMARY KEY,
	tokens double precision NOT NULL,
	at     bigint NOT NULL
);
`

// leasePool is a small pool of its own, opened on first use: for the lease queries, because
// renewing must not wait behind a busy node's moves and reads for a connection of the main
// pool, or the leases would expire under a node that is only busy; for the locks of Locked,
// which hold a connection while their function uses the main pool.
type leasePool struct {
	once sync.Once
	pool *pgxpool.Pool
	err  error
}

func (l *leasePool) open(db *DB, size int32) (*pgxpool.Pool, error) {
	l.once.Do(func() {
		cfg := db.cfg.Copy()
		cfg.MaxConns, cfg.MinConns = size, min(size, 1)
		l.pool, l.err = pgxpool.NewWithConfig(context.Background(), cfg)
	})
	return l.pool, l.err
}

func (db *DB) leasing() (*pgxpool.Pool, error) { return db.leases.open(db, 2) }

func (l *leasePool) close() {
	if l.pool != nil {
		l.pool.Close()
	}
}

func createLeases(ctx context.Context, tx pgx.Tx) error {
	_, err := tx.Exec(ctx, leaseSchema)
	return err
}

// Acquire takes the lease of table id for node for ttl, if nobody holds it or its holder let it
// expire, and returns the new epoch; ok is false when another node holds it. A finished table
// is never leased.
func (db *DB) Acquire(ctx context.Context, id, node string, ttl time.Duration) (epoch int64, ok bool, err error) {
	pool, err := db.leasing()
	if err != nil {
		return 0, false, fmt.Errorf("acquire lease of table %s: %w", id, err)
	}
	err = pool.QueryRow(ctx, `
		INSERT INTO table_leases AS l (table_id, node, epoch, expires)
		SELECT id, $2, 1, now() + $3 * interval '1 millisecond'
		FROM tables WHERE id = $1 AND status IN ('open', 'live')
		ON CONFLICT (table_id) DO UPDATE
			SET node = excluded.node, epoch = l.epoch + 1, expires = excluded.expires
			WHERE l.expires < now()
		RETURNING epoch`, id, node, ttl.Milliseconds()).Scan(&epoch)
	if errors.Is(err, pgx.ErrNoRows) {
		return 0, false, nil
	}
	if err != nil {
		return 0, false, fmt.Errorf("acquire lease of table %s: %w", id, err)
	}
	return epoch, true, nil
}

// Renew extends by ttl the unexpired leases of held (table ID to epoch) that node still holds,
// and returns them. A lease missing from the answer is lost: the node must stop running that
// table. Only the leases the caller names are renewed, so a node restarted under the same name
// does not keep alive the leases of the tables its previous life ran.
func (db *DB) Renew(ctx context.Context, node string, held map[string]int64, ttl time.Duration) (map[string]int64, error) {
	pool, err := db.leasing()
	if err != nil {
		return nil, fmt.Errorf("renew leases of node %s: %w", node, err)
	}
	ids, epochs := make([]string, 0, len(held)), make([]int64, 0, len(held))
	for id, e := range held {
		ids, epochs = append(ids, id), append(epochs, e)
	}
	rows, err := pool.Query(ctx, `
		UPDATE table_leases SET expires = now() + $2 * interval '1 millisecond'
		WHERE node = $1 AND expires >= now()
		AND (table_id, epoch) IN (SELECT * FROM unnest($3::text[], $4::bigint[]))
		RETURNING table_id, epoch`, node, ttl.Milliseconds(), ids, epochs)
	if err != nil {
		return nil, fmt.Errorf("renew leases of node %s: %w", node, err)
	}
	renewed := map[string]int64{}
	var (
		id    string
		epoch int64
	)
	_, err = pgx.ForEachRow(rows, []any{&id, &epoch}, func() error {
		renewed[id] = epoch
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("renew leases of node %s: %w", node, err)
	}
	return renewed, nil
}

// Release gives up the lease of table id at epoch, so another node may take it at once. The
// row stays, expired, so that the next holder's epoch is still higher than every earlier one.
func (db *DB) Release(ctx context.Context, id string, epoch int64) error {
	pool, err := db.leasing()
	if err != nil {
		return fmt.Errorf("release lease of table %s: %w", id, err)
	}
	_, err = pool.Exec(ctx, `UPDATE table_leases SET expires = now() - interval '1 millisecond' WHERE table_id = $1 AND epoch = $2`, id, epoch)
	if err != nil {
		return fmt.Errorf("release lease of table %s: %w", id, err)
	}
	return nil
}

// Orphans returns up to limit unfinished tables that no node holds an unexpired lease on, in
// random order so that nodes looking at once take different ones.
func (db *DB) Orphans(ctx context.Context, limit int) ([]string, error) {
	pool, err := db.leasing()
	if err != nil {
		return nil, fmt.Errorf("list unleased tables: %w", err)
	}
	rows, err := pool.Query(ctx, `
		SELECT t.id FROM tables t
		WHERE t.status IN ('open', 'live')
		AND NOT EXISTS (SELECT 1 FROM table_leases l WHERE l.table_id = t.id AND l.expires >= now())
		ORDER BY random() LIMIT $1`, limit)
	if err != nil {
		return nil, fmt.Errorf("list unleased tables: %w", err)
	}
	ids, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		return nil, fmt.Errorf("list unleased tables: %w", err)
	}
	return ids, nil
}

// Owner returns the node holding an unexpired lease of table id, or "" when none does.
func (db *DB) Owner(ctx context.Context, id string) (string, error) {
	var node string
	err := db.pool.QueryRow(ctx, `SELECT node FROM table_leases WHERE table_id = $1 AND expires >= now()`, id).Scan(&node)
	if errors.Is(err, pgx.ErrNoRows) {
		return "", nil
	}
	if err != nil {
		return "", fmt.Errorf("owner of table %s: %w", id, err)
	}
	return node, nil
}

// Lease is a row of the lease table: the node that last took a table's lease (or was given it
// at creation), at which epoch, and whether it still holds it (the lease has not expired nor
// been released).
type Lease struct {
	Table string
	Node  string
	Epoch int64
	Held  bool
}

// Leases returns the lease of every table that has had one, held or not, by table ID.
func (db *DB) Leases(ctx context.Context) ([]Lease, error) {
	rows, err := db.pool.Query(ctx, `SELECT table_id, node, epoch, expires >= now() FROM table_leases ORDER BY table_id`)
	if err != nil {
		return nil, fmt.Errorf("list leases: %w", err)
	}
	leases, err := pgx.CollectRows(rows, pgx.RowToStructByPos[Lease])
	if err != nil {
		return nil, fmt.Errorf("list leases: %w", err)
	}
	return leases, nil
}

// CheckLease returns store.ErrLeaseLost unless node holds the lease of table id at epoch,
// unexpired. It fences a write that is not in the store's transactions (a change of seats)
// when done under the lock (Locked) the next holder takes to load the table.
func (db *DB) CheckLease(ctx context.Context, id, node string, epoch int64) error {
	var ok bool
	err := db.pool.QueryRow(ctx, `SELECT node = $2 AND epoch = $3 AND expires >= now() FROM table_leases WHERE table_id = $1`,
		id, node, epoch).Scan(&ok)
	if errors.Is(err, pgx.ErrNoRows) || err == nil && !ok {
		return store.ErrLeaseLost
	}
	if err != nil {
		return fmt.Errorf("check lease of table %s: %w", id, err)
	}
	return nil
}

// fence locks the lease row of table id for the transaction and checks that node holds it at
// epoch, unexpired. The lock (FOR SHARE) makes a node taking the lease wait for the write to
// commit, so the new holder reloads a store that has it.
func fence(ctx context.Context, tx pgx.Tx, id, node string, epoch int64) error {
	var ok bool
	err := tx.QueryRow(ctx, `
		SELECT node = $2 AND epoch = $3 AND expires >= now() FROM table_leases WHERE table_id = $1 FOR SHARE`,
		id, node, epoch).Scan(&ok)
	if errors.Is(err, pgx.ErrNoRows) || err == nil && !ok {
		return store.ErrLeaseLost
	}
	return err
}

// AppendFenced is Append for the holder of the table's lease: it fails with store.ErrLeaseLost,
// writing nothing, unless node holds the lease of table id at epoch.
func (db *DB) AppendFenced(ctx context.Context, id, node string, epoch int64, at int, moves []engine.Move, status store.Status, result *engine.Result) error {
	return db.append(ctx, id, at, moves, status, result, func(tx pgx.Tx) error { return fence(ctx, tx, id, node, epoch) })
}

// EndFenced is End for the holder of the table's lease (see AppendFenced).
func (db *DB) EndFenced(ctx context.Context, id, node string, epoch int64, at int, status store.Status, ended string, result *engine.Result) error {
	return db.end(ctx, id, at, status, ended, result, func(tx pgx.Tx) error { return fence(ctx, tx, id, node, epoch) })
}

// SaveClockFenced is SaveClock for the holder of the table's lease (see AppendFenced): a node
// that lost the lease cannot overwrite the clocks the new holder keeps.
func (db *DB) SaveClockFenced(ctx context.Context, id, node string, epoch int64, clock []byte) error {
	err := pgx.BeginFunc(ctx, db.pool, func(tx pgx.Tx) error {
		if err := fence(ctx, tx, id, node, epoch); err != nil {
			return err
		}
		tag, err := tx.Exec(ctx, `UPDATE table_info SET clock_state = $1 WHERE table_id = $2`, string(clock), id)
		if err == nil && tag.RowsAffected() == 0 {
			err = store.ErrNotFound
		}
		return err
	})
	if err != nil {
		return fmt.Errorf("save clock of table %s: %w", id, err)
	}
	return nil
}

// Locked runs f holding the lock named key, which every node sharing the database respects: f
// of one node waits for f of another (a PostgreSQL advisory lock; keys hash to 32 bits, and two
// keys of one hash only wait for each other). The lock is held by a connection of a small pool
// of its own, so f may use the store freely; it is given back when f returns, or by PostgreSQL
// when that connection dies.
func (db *DB) Locked(ctx context.Context, key string, f func() error) error {
	pool, err := db.locks.open(db, 4)
	if err != nil {
		return fmt.Errorf("lock %s: %w", key, err)
	}
	conn, err := pool.Acquire(ctx)
	if err != nil {
		return fmt.Errorf("lock %s: %w", key, err)
	}
	if _, err := conn.Exec(ctx, `SELECT pg_advisory_lock(hashtext($1))`, key); err != nil {
		// The session may or may not hold the lock now: closing it settles that.
		conn.Hijack().Close(context.WithoutCancel(ctx))
		return fmt.Errorf("lock %s: %w", key, err)
	}
	defer func() {
		if _, err := conn.Exec(context.WithoutCancel(ctx), `SELECT pg_advisory_unlock(hashtext($1))`, key); err != nil {
			conn.Hijack().Close(context.WithoutCancel(ctx))
			return
		}
		conn.Release()
	}()
	return f()
}

// FinishFenced is Finish (the end of a match with its ratings, in one transaction) for the
// holder of the table's lease (see AppendFenced).
func (db *DB) FinishFenced(ctx context.Context, id, node string, epoch int64, at int, moves []engine.Move, status store.Status, ended string, result *engine.Result, rate store.RateFunc) error {
	return db.DB.FinishGuarded(ctx, id, at, moves, status, ended, result, rate, func(tx *sql.Tx) error {
		var ok bool
		err := tx.QueryRowContext(ctx, `
			SELECT node = $2 AND epoch = $3 AND expires >= now() FROM table_leases WHERE table_id = $1 FOR SHARE`,
			id, node, epoch).Scan(&ok)
		if errors.Is(err, sql.ErrNoRows) || err == nil && !ok {
			return store.ErrLeaseLost
		}
		return err
	})
}

// Notify sends payload on channel to every listening session, once the statement commits.
// PostgreSQL refuses payloads of 8000 bytes or more.
func (db *DB) Notify(ctx context.Context, channel, payload string) error {
	if _, err := db.pool.Exec(ctx, `SELECT pg_notify($1, $2)`, channel, payload); err != nil {
		return fmt.Errorf("notify %s: %w", channel, err)
	}
	return nil
}

// Listen holds one connection of the pool listening on channel and calls f with every payload
// until ctx ends or the connection fails (then it returns the error; the caller reconnects and
// catches up from the store, as notifications sent meanwhile are lost). ready is called once
// the LISTEN is in place.
func (db *DB) Listen(ctx context.Context, channel string, ready func(), f func(payload string)) error {
	pc, err := db.pool.Acquire(ctx)
	if err != nil {
		return fmt.Errorf("listen on %s: %w", channel, err)
	}
	// A connection that listened is not handed back to the pool: it would carry the LISTEN.
	conn := pc.Hijack()
	defer conn.Close(context.WithoutCancel(ctx))
	if _, err := conn.Exec(ctx, "LISTEN "+pgx.Identifier{channel}.Sanitize()); err != nil {
		return fmt.Errorf("listen on %s: %w", channel, err)
	}
	ready()
	for {
		n, err := conn.WaitForNotification(ctx)
		if err != nil {
			return fmt.Errorf("listen on %s: %w", channel, err)
		}
		f(n.Payload)
	}
}

// Schema returns the schema the store's tables live in (the first of the search path), which
// names the notification channel of the nodes sharing them.
func (db *DB) Schema(ctx context.Context) (string, error) {
	var s string
	if err := db.pool.QueryRow(ctx, `SELECT current_schema()`).Scan(&s); err != nil {
		return "", fmt.Errorf("read current schema: %w", err)
	}
	return s, nil
}

// Ping checks that the database answers.
func (db *DB) Ping(ctx context.Context) error { return db.pool.Ping(ctx) }

// NotifyAll sends every payload on channel, in order, in one statement.
func (db *DB) NotifyAll(ctx context.Context, channel string, payloads []string) error {
	if _, err := db.pool.Exec(ctx, `SELECT pg_notify($1, p) FROM unnest($2::text[]) WITH ORDINALITY AS x (p, n) ORDER BY n`, channel, payloads); err != nil {
		return fmt.Errorf("notify %s: %w", channel, err)
	}
	return nil
}

// Take spends a token of the bucket key, shared by every node of the database: a token bucket
// of burst tokens refilled at perSecond, judged at now (the caller's clock, so that a fake one
// works in tests; nodes' clocks going backwards never refill a bucket). When no token is left
// it spends none and returns how long until one is. One statement when a token is left, two
// when not.
func (db *DB) Take(ctx context.Context, key string, perSecond float64, burst int, now time.Time) (wait time.Duration, ok bool, err error) {
	at := now.UnixMilli()
	const refill = `LEAST($3::float8, b.tokens + GREATEST(0, $4::bigint - b.at) / 1000.0 * $2::float8)`
	var left float64
	err = db.pool.QueryRow(ctx, `
		INSERT INTO rate_buckets AS b (key, tokens, at) VALUES ($1, $3::float8 - 1, $4)
		ON CONFLICT (key) DO UPDATE SET tokens = `+refill+` - 1, at = GREATEST(b.at, $4)
			WHERE `+refill+` >= 1
		RETURNING tokens`, key, perSecond, burst, at).Scan(&left)
	if err == nil {
		return 0, true, nil
	}
	if !errors.Is(err, pgx.ErrNoRows) {
		return 0, false, fmt.Errorf("rate bucket %s: %w", key, err)
	}
	var have float64
	if err := db.pool.QueryRow(ctx, `SELECT `+refill+` FROM rate_buckets b WHERE key = $1`, key, perSecond, burst, at).Scan(&have); err != nil {
		return 0, false, fmt.Errorf("rate bucket %s: %w", key, err)
	}
	return time.Duration((1 - have) / perSecond * float64(time.Second)), false, nil
}

// ForgetBuckets deletes the buckets whose key starts with prefix and that nobody took from
// since before: full again, they are what a new bucket would be.
func (db *DB) ForgetBuckets(ctx context.Context, prefix string, before time.Time) error {
	if _, err := db.pool.Exec(ctx, `DELETE FROM rate_buckets WHERE starts_with(key, $1) AND at < $2`, prefix, before.UnixMilli()); err != nil {
		return fmt.Errorf("forget rate buckets %s: %w", prefix, err)
	}
	return nil
}
