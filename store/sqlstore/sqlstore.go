// Package sqlstore implements store.Players once for both SQL stores, over database/sql: the
// SQL it runs is the common subset of SQLite and PostgreSQL, written with "?" placeholders that
// a Dialect rewrites. The schemas themselves are each store's migrations (version 3 on): the
// tables accounts, sessions, table_info, player_tables, ratings, rating_history, chat and seeks.
//
// Times in these tables are Unix milliseconds, as integers, in both databases.
package sqlstore

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"deuce/engine"
	"deuce/rating"
	"deuce/store"
)

// Dialect is what differs between the databases for this package.
type Dialect struct {
	// Dollar numbers placeholders $1, $2, ... (PostgreSQL) instead of "?".
	Dollar bool
	// TableTime is the value the tables.updated column keeps for t.
	TableTime func(t time.Time) any
}

// DB implements store.Players.
type DB struct {
	read, write *sql.DB
	d           Dialect
}

var _ store.Players = (*DB)(nil)

// New returns the implementation over pools: writes go through write, reads through read (the
// same pool where the database has no single writer).
func New(read, write *sql.DB, d Dialect) *DB { return &DB{read: read, write: write, d: d} }

// q rewrites a query's placeholders for the dialect.
func (db *DB) q(query string) string {
	if !db.d.Dollar {
		return query
	}
	var b strings.Builder
	n := 0
	for _, r := range query {
		if r == '?' {
			n++
			b.WriteString("$" + strconv.Itoa(n))
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

func ms(t time.Time) int64 { return t.UnixMilli() }

func fromMS(v int64) time.Time { return time.UnixMilli(v).UTC() }

// tableTime scans a time of the tables table, which each store keeps its own way: SQLite as
// milliseconds, PostgreSQL as a timestamp.
type tableTime struct{ t time.Time }

func (tt *tableTime) Scan(v any) error {
	switch x := v.(type) {
	case int64:
		tt.t = fromMS(x)
	case time.Time:
		tt.t = x.UTC()
	default:
		return fmt.Errorf("a table's time as %T", v)
	}
	return nil
}

func flag(b bool) int {
	if b {
		return 1
	}
	return 0
}

// inTx runs f in a write transaction, committed if f returns nil.
func (db *DB) inTx(ctx context.Context, f func(tx *sql.Tx) error) error {
	tx, err := db.write.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	if err := f(tx); err != nil {
		tx.Rollback()
		return err
	}
	return tx.Commit()
}

// nameKey is what makes names unique without regard to case.
func nameKey(name string) string { return strings.ToLower(name) }

// CreateAccount stores a new account.
func (db *DB) CreateAccount(ctx context.Context, a *store.Account) error {
	now := store.Now()
	var id int64
	err := db.write.QueryRowContext(ctx, db.q(`
		INSERT INTO accounts (name, name_key, password, created) VALUES (?, ?, ?, ?)
		ON CONFLICT (name_key) DO NOTHING RETURNING id`),
		a.Name, nameKey(a.Name), a.PasswordHash, ms(now)).Scan(&id)
	switch {
	case errors.Is(err, sql.ErrNoRows):
		return fmt.Errorf("create account %q: %w", a.Name, store.ErrExists)
	case err != nil:
		return fmt.Errorf("create account %q: %w", a.Name, err)
	}
	a.ID, a.Created = id, now
	return nil
}

func (db *DB) account(ctx context.Context, where string, arg any) (*store.Account, error) {
	var a store.Account
	var created, closed int64
	err := db.read.QueryRowContext(ctx, db.q(`SELECT id, name, password, created, closed FROM accounts WHERE `+where), arg).
		Scan(&a.ID, &a.Name, &a.PasswordHash, &created, &closed)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, store.ErrNotFound
	}
	if err != nil {
		return nil, err
	}
	a.Created = fromMS(created)
	if closed != 0 {
		a.Closed = fromMS(closed)
	}
	return &a, nil
}

// AccountByName returns the account with this name, in any case.
func (db *DB) AccountByName(ctx context.Context, name string) (*store.Account, error) {
	a, err := db.account(ctx, "name_key = ?", nameKey(name))
	if err != nil {
		return nil, fmt.Errorf("account %q: %w", name, err)
	}
	return a, nil
}

// AccountLike returns the account whose name reads as name: see store.Players.
func (db *DB) AccountLike(ctx context.Context, name string) (*store.Account, error) {
	a, err := db.account(ctx, "replace(name_key, '-', '_') = ? ORDER BY id LIMIT 1", foldKey(name))
	if err != nil {
		return nil, fmt.Errorf("account like %q: %w", name, err)
	}
	return a, nil
}

// foldKey is nameKey with '-' read as '_', as the index accounts_name_fold has it.
func foldKey(name string) string { return strings.ReplaceAll(nameKey(name), "-", "_") }

// AccountByID returns the account with this ID.
func (db *DB) AccountByID(ctx context.Context, id int64) (*store.Account, error) {
	a, err := db.account(ctx, "id = ?", id)
	if err != nil {
		return nil, fmt.Errorf("account %d: %w", id, err)
	}
	return a, nil
}

// SetPassword replaces an account's password hash.
func (db *DB) SetPassword(ctx context.Context, id int64, hash string) error {
	res, err := db.write.ExecContext(ctx, db.q(`UPDATE accounts SET password = ? WHERE id = ? AND closed = 0`), hash, id)
	if err == nil {
		err = oneRow(res)
	}
	if err != nil {
		return fmt.Errorf("set password of account %d: %w", id, err)
	}
	return nil
}

// CloseAccount closes an open account: see store.Players.
func (db *DB) CloseAccount(ctx context.Context, id int64, at time.Time) error {
	err := db.inTx(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, db.q(`UPDATE accounts SET password = '', closed = ? WHERE id = ? AND closed = 0`), max(ms(at), 1), id)
		if err == nil {
			err = oneRow(res)
		}
		if err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, db.q(`DELETE FROM sessions WHERE account_id = ?`), id); err != nil {
			return err
		}
		_, err = tx.ExecContext(ctx, db.q(`DELETE FROM seeks WHERE account_id = ? AND table_id = ''`), id)
		return err
	})
	if err != nil {
		return fmt.Errorf("close account %d: %w", id, err)
	}
	return nil
}

// oneRow turns an update that changed nothing into ErrNotFound.
func oneRow(res sql.Result) error {
	n, err := res.RowsAffected()
	if err != nil {
		return err
	}
	if n == 0 {
		return store.ErrNotFound
	}
	return nil
}

// CreateSession stores a session.
func (db *DB) CreateSession(ctx context.Context, s store.Session) error {
	err := db.inTx(ctx, func(tx *sql.Tx) error {
		// The account's expired sessions go as a new one comes, so they do not pile up.
		if _, err := tx.ExecContext(ctx, db.q(`DELETE FROM sessions WHERE account_id = ? AND expires <= ?`), s.Account, ms(s.Created)); err != nil {
			return err
		}
		_, err := tx.ExecContext(ctx, db.q(`
			INSERT INTO sessions (token_hash, account_id, kind, created, expires) VALUES (?, ?, ?, ?, ?)`),
			s.TokenHash, s.Account, string(s.Kind), ms(s.Created), ms(s.Expires))
		return err
	})
	if err != nil {
		return fmt.Errorf("create session: %w", err)
	}
	return nil
}

// SessionAccount returns the account of a live session.
func (db *DB) SessionAccount(ctx context.Context, tokenHash string, kind store.SessionKind, now time.Time) (*store.Account, error) {
	var id int64
	err := db.read.QueryRowContext(ctx, db.q(`
		SELECT s.account_id FROM sessions s JOIN accounts a ON a.id = s.account_id
		WHERE s.token_hash = ? AND s.kind = ? AND s.expires > ? AND a.closed = 0`),
		tokenHash, string(kind), ms(now)).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, fmt.Errorf("session: %w", store.ErrNotFound)
	}
	if err != nil {
		return nil, fmt.Errorf("session: %w", err)
	}
	return db.AccountByID(ctx, id)
}

// DeleteSession ends one session.
func (db *DB) DeleteSession(ctx context.Context, tokenHash string) error {
	if _, err := db.write.ExecContext(ctx, db.q(`DELETE FROM sessions WHERE token_hash = ?`), tokenHash); err != nil {
		return fmt.Errorf("delete session: %w", err)
	}
	return nil
}

// DeleteSessions ends an account's sessions of a kind but one.
func (db *DB) DeleteSessions(ctx context.Context, account int64, kind store.SessionKind, keep string) error {
	_, err := db.write.ExecContext(ctx, db.q(`
		DELETE FROM sessions WHERE account_id = ? AND kind = ? AND token_hash <> ?`), account, string(kind), keep)
	if err != nil {
		return fmt.Errorf("delete sessions of account %d: %w", account, err)
	}
	return nil
}

// ListSessions returns an account's live sessions of a kind, newest first.
func (db *DB) ListSessions(ctx context.Context, account int64, kind store.SessionKind, now time.Time, limit int) ([]store.Session, error) {
	rows, err := db.read.QueryContext(ctx, db.q(`
		SELECT token_hash, created, expires FROM sessions WHERE account_id = ? AND kind = ? AND expires > ?
		ORDER BY created DESC, token_hash LIMIT ?`), account, string(kind), ms(now), limit)
	if err != nil {
		return nil, fmt.Errorf("list sessions of account %d: %w", account, err)
	}
	defer rows.Close()
	list := []store.Session{}
	for rows.Next() {
		ses := store.Session{Account: account, Kind: kind}
		var created, expires int64
		if err := rows.Scan(&ses.TokenHash, &created, &expires); err != nil {
			return nil, fmt.Errorf("list sessions of account %d: %w", account, err)
		}
		ses.Created, ses.Expires = fromMS(created), fromMS(expires)
		list = append(list, ses)
	}
	return list, rows.Err()
}

// DeleteSessionOf ends one session of an account of a kind.
func (db *DB) DeleteSessionOf(ctx context.Context, account int64, kind store.SessionKind, tokenHash string) error {
	res, err := db.write.ExecContext(ctx, db.q(`DELETE FROM sessions WHERE account_id = ? AND kind = ? AND token_hash = ?`), account, string(kind), tokenHash)
	if err == nil {
		err = oneRow(res)
	}
	if err != nil {
		return fmt.Errorf("delete a session of account %d: %w", account, err)
	}
	return nil
}

// Sessions counts an account's live sessions of a kind.
func (db *DB) Sessions(ctx context.Context, account int64, kind store.SessionKind, now time.Time) (int, error) {
	var n int
	err := db.read.QueryRowContext(ctx, db.q(`
		SELECT count(*) FROM sessions WHERE account_id = ? AND kind = ? AND expires > ?`),
		account, string(kind), ms(now)).Scan(&n)
	if err != nil {
		return 0, fmt.Errorf("count sessions of account %d: %w", account, err)
	}
	return n, nil
}

// SetTableInfo stores a table's rated flag, clock and accounts.
func (db *DB) SetTableInfo(ctx context.Context, info store.TableInfo) error {
	accounts, err := json.Marshal(info.Accounts)
	if err != nil {
		return fmt.Errorf("table info %s: %w", info.TableID, err)
	}
	err = db.inTx(ctx, func(tx *sql.Tx) error {
		var game string
		var created int64
		if err := tx.QueryRowContext(ctx, db.q(`SELECT game FROM tables WHERE id = ?`), info.TableID).Scan(&game); err != nil {
			if errors.Is(err, sql.ErrNoRows) {
				return store.ErrNotFound
			}
			return err
		}
		created = ms(store.Now())
		if _, err := tx.ExecContext(ctx, db.q(`
			INSERT INTO table_info (table_id, rated, clock, accounts) VALUES (?, ?, ?, ?)
			ON CONFLICT (table_id) DO UPDATE SET rated = excluded.rated, clock = excluded.clock, accounts = excluded.accounts`),
			info.TableID, flag(info.Rated), info.Clock, string(accounts)); err != nil {
			return err
		}
		for seat, a := range info.Accounts {
			if a == 0 {
				continue
			}
			if err := db.link(ctx, tx, info.TableID, seat, a, created); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("table info %s: %w", info.TableID, err)
	}
	return nil
}

func (db *DB) link(ctx context.Context, tx *sql.Tx, tableID string, seat int, account int64, created int64) error {
	_, err := tx.ExecContext(ctx, db.q(`
		INSERT INTO player_tables (account_id, table_id, seat, created) VALUES (?, ?, ?, ?)
		ON CONFLICT (table_id, seat) DO NOTHING`), account, tableID, seat, created)
	return err
}

// table_info.rated: a casual table, a rated one, and one set up as rated whose match did not
// count (store.TableInfo.Void).
const (
	ratedNo = iota
	ratedYes
	ratedVoid
)

// TableInfo returns what accounts add to a table.
func (db *DB) TableInfo(ctx context.Context, tableID string) (store.TableInfo, error) {
	info := store.TableInfo{TableID: tableID}
	var rated int
	var state sql.NullString
	var accounts string
	err := db.read.QueryRowContext(ctx, db.q(`
		SELECT rated, clock, clock_state, accounts FROM table_info WHERE table_id = ?`), tableID).
		Scan(&rated, &info.Clock, &state, &accounts)
	switch {
	case errors.Is(err, sql.ErrNoRows):
		return info, nil
	case err != nil:
		return info, fmt.Errorf("table info %s: %w", tableID, err)
	}
	info.Rated, info.Void = rated == ratedYes, rated == ratedVoid
	if state.Valid {
		info.ClockState = []byte(state.String)
	}
	if err := json.Unmarshal([]byte(accounts), &info.Accounts); err != nil {
		return info, fmt.Errorf("table info %s: decode accounts: %w", tableID, err)
	}
	return info, nil
}

// SaveClock keeps a table's clock state.
func (db *DB) SaveClock(ctx context.Context, tableID string, clock []byte) error {
	res, err := db.write.ExecContext(ctx, db.q(`UPDATE table_info SET clock_state = ? WHERE table_id = ?`), string(clock), tableID)
	if err == nil {
		err = oneRow(res)
	}
	if err != nil {
		return fmt.Errorf("save clock of table %s: %w", tableID, err)
	}
	return nil
}

// LinkSeat records that an account plays a seat.
func (db *DB) LinkSeat(ctx context.Context, tableID string, seat int, account int64) error {
	err := db.inTx(ctx, func(tx *sql.Tx) error {
		var created int64
		if err := tx.QueryRowContext(ctx, db.q(`SELECT created FROM tables WHERE id = ?`), tableID).Scan(new(any)); err != nil {
			if errors.Is(err, sql.ErrNoRows) {
				return store.ErrNotFound
			}
			return err
		}
		created = ms(store.Now())
		return db.link(ctx, tx, tableID, seat, account, created)
	})
	if err != nil {
		return fmt.Errorf("link seat %d of table %s: %w", seat, tableID, err)
	}
	return nil
}

// PlayerTables returns an account's tables, newest first.
func (db *DB) PlayerTables(ctx context.Context, account int64, limit int) ([]store.PlayerTable, error) {
	rows, err := db.read.QueryContext(ctx, db.q(`
		SELECT t.id, t.game, t.options, t.seats, t.status, t.move_count, t.result, t.ended, p.seat, t.created, t.updated,
			COALESCE(i.rated, 0)
		FROM player_tables p JOIN tables t ON t.id = p.table_id
		LEFT JOIN table_info i ON i.table_id = p.table_id
		WHERE p.account_id = ? ORDER BY p.created DESC, t.id DESC LIMIT ?`), account, limit)
	if err != nil {
		return nil, fmt.Errorf("tables of account %d: %w", account, err)
	}
	defer rows.Close()
	list := []store.PlayerTable{}
	for rows.Next() {
		var (
			p                      store.PlayerTable
			options, seats, result []byte
			status                 string
			created, updated       tableTime
			rated                  int
		)
		// The table's own times: a seat linked later (a guest's table kept at sign-up) was
		// still played when it was.
		if err := rows.Scan(&p.ID, &p.Game, &options, &seats, &status, &p.Moves, &result, &p.Ended, &p.Seat, &created, &updated, &rated); err != nil {
			return nil, fmt.Errorf("tables of account %d: %w", account, err)
		}
		if err := store.DecodeColumns(options, seats, result, &p.Options, &p.Seats, &p.Result); err != nil {
			return nil, fmt.Errorf("table %s: %w", p.ID, err)
		}
		for i := range p.Seats {
			p.Seats[i].TokenHash = ""
		}
		p.Status, p.Created, p.Updated, p.Rated, p.Void = store.Status(status), created.t, updated.t, rated == ratedYes, rated == ratedVoid
		list = append(list, p)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("tables of account %d: %w", account, err)
	}
	return list, nil
}

// Finish appends a table's last moves with its result and rates it, in one transaction.
func (db *DB) Finish(ctx context.Context, tableID string, at int, moves []engine.Move, status store.Status, ended string, result *engine.Result, rate store.RateFunc) error {
	return db.FinishGuarded(ctx, tableID, at, moves, status, ended, result, rate, nil)
}

// FinishGuarded is Finish with guard run first in the same transaction: an error of guard
// (a node that lost the table's lease, say) writes nothing and is returned.
func (db *DB) FinishGuarded(ctx context.Context, tableID string, at int, moves []engine.Move, status store.Status, ended string, result *engine.Result, rate store.RateFunc, guard func(tx *sql.Tx) error) error {
	if err := store.CheckEnd(status, ended); err != nil {
		return fmt.Errorf("finish table %s: %w", tableID, err)
	}
	r, err := store.EncodeResult(result)
	if err != nil {
		return fmt.Errorf("finish table %s: %w", tableID, err)
	}
	var res sql.NullString
	if r != nil {
		res = sql.NullString{String: *r, Valid: true}
	}
	now := store.Now()
	err = db.inTx(ctx, func(tx *sql.Tx) error {
		if guard != nil {
			if err := guard(tx); err != nil {
				return err
			}
		}
		upd, err := tx.ExecContext(ctx, db.q(`
			UPDATE tables SET move_count = move_count + ?, status = ?, ended = ?, result = ?, updated = ?
			WHERE id = ? AND move_count = ?`),
			len(moves), string(status), ended, res, db.d.TableTime(now), tableID, at)
		if err != nil {
			return err
		}
		if n, err := upd.RowsAffected(); err != nil {
			return err
		} else if n == 0 {
			var one int
			err := tx.QueryRowContext(ctx, db.q(`SELECT 1 FROM tables WHERE id = ?`), tableID).Scan(&one)
			if errors.Is(err, sql.ErrNoRows) {
				return store.ErrNotFound
			} else if err != nil {
				return err
			}
			return store.ErrConflict
		}
		for i, m := range moves {
			if _, err := tx.ExecContext(ctx, db.q(`INSERT INTO moves (table_id, idx, seat, action, text) VALUES (?, ?, ?, ?, ?)`),
				tableID, at+i, int(m.Seat), int64(m.Action), m.Text); err != nil {
				return err
			}
		}
		if rate == nil || result == nil {
			return nil
		}
		return db.rate(ctx, tx, tableID, now, rate)
	})
	if err != nil {
		return fmt.Errorf("finish table %s at %d: %w", tableID, at, err)
	}
	return nil
}

// rate applies a rated table's rating change, once.
func (db *DB) rate(ctx context.Context, tx *sql.Tx, tableID string, now time.Time, rate store.RateFunc) error {
	var game, accountsJSON string
	var rated int
	err := tx.QueryRowContext(ctx, db.q(`
		SELECT t.game, i.rated, i.accounts FROM tables t JOIN table_info i ON i.table_id = t.id WHERE t.id = ?`), tableID).
		Scan(&game, &rated, &accountsJSON)
	if errors.Is(err, sql.ErrNoRows) || (err == nil && rated != ratedYes) {
		return nil // not a rated table, or one whose match did not count
	}
	if err != nil {
		return err
	}
	var done int
	if err := tx.QueryRowContext(ctx, db.q(`SELECT count(*) FROM rating_history WHERE table_id = ?`), tableID).Scan(&done); err != nil {
		return err
	}
	if done > 0 {
		return nil
	}
	var accounts []int64
	if err := json.Unmarshal([]byte(accountsJSON), &accounts); err != nil {
		return fmt.Errorf("decode accounts: %w", err)
	}
	current := make([]rating.Rating, len(accounts))
	for seat, a := range accounts {
		current[seat] = rating.New()
		if a == 0 {
			continue
		}
		err := tx.QueryRowContext(ctx, db.q(`SELECT rating, rd, volatility FROM ratings WHERE account_id = ? AND game = ?`), a, game).
			Scan(&current[seat].Rating, &current[seat].RD, &current[seat].Volatility)
		if err != nil && !errors.Is(err, sql.ErrNoRows) {
			return err
		}
	}
	next, err := rate(current)
	if errors.Is(err, store.ErrUnrated) {
		_, err = tx.ExecContext(ctx, db.q(`UPDATE table_info SET rated = ? WHERE table_id = ?`), ratedVoid, tableID)
		return err
	}
	if err != nil {
		return err
	}
	if len(next) != len(accounts) {
		return fmt.Errorf("rating gave %d ratings for %d seats", len(next), len(accounts))
	}
	skipped := false
	for seat, a := range accounts {
		if a == 0 {
			continue
		}
		r := next[seat]
		if r == (rating.Rating{}) {
			skipped = true // this seat's rating stands (store.RateFunc)
			continue
		}
		if _, err := tx.ExecContext(ctx, db.q(`
			INSERT INTO ratings (account_id, game, rating, rd, volatility, games, updated) VALUES (?, ?, ?, ?, ?, 1, ?)
			ON CONFLICT (account_id, game) DO UPDATE SET rating = excluded.rating, rd = excluded.rd,
				volatility = excluded.volatility, games = ratings.games + 1, updated = excluded.updated`),
			a, game, r.Rating, r.RD, r.Volatility, ms(now)); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, db.q(`
			INSERT INTO rating_history (account_id, game, table_id, rating, rd, volatility, at) VALUES (?, ?, ?, ?, ?, ?, ?)`),
			a, game, tableID, r.Rating, r.RD, r.Volatility, ms(now)); err != nil {
			return err
		}
	}
	if skipped {
		_, err = tx.ExecContext(ctx, db.q(`UPDATE table_info SET rated = ? WHERE table_id = ?`), ratedVoid, tableID)
		return err
	}
	return nil
}

// Ratings returns an account's ratings by game.
func (db *DB) Ratings(ctx context.Context, account int64) ([]store.GameRating, error) {
	rows, err := db.read.QueryContext(ctx, db.q(`
		SELECT game, rating, rd, volatility, games, updated FROM ratings WHERE account_id = ? ORDER BY game`), account)
	if err != nil {
		return nil, fmt.Errorf("ratings of account %d: %w", account, err)
	}
	defer rows.Close()
	list := []store.GameRating{}
	for rows.Next() {
		var g store.GameRating
		var updated int64
		if err := rows.Scan(&g.Game, &g.Rating.Rating, &g.RD, &g.Volatility, &g.Games, &updated); err != nil {
			return nil, fmt.Errorf("ratings of account %d: %w", account, err)
		}
		g.Updated = fromMS(updated)
		list = append(list, g)
	}
	return list, rows.Err()
}

// RatingHistory returns an account's ratings in a game after each rated match, oldest first.
func (db *DB) RatingHistory(ctx context.Context, account int64, game string, limit int) ([]store.RatingPoint, error) {
	rows, err := db.read.QueryContext(ctx, db.q(`
		SELECT table_id, rating, rd, volatility, at FROM (
			SELECT table_id, rating, rd, volatility, at, id FROM rating_history
			WHERE account_id = ? AND game = ? ORDER BY at DESC, id DESC LIMIT ?) h
		ORDER BY at, id`), account, game, limit)
	if err != nil {
		return nil, fmt.Errorf("rating history of account %d: %w", account, err)
	}
	defer rows.Close()
	list := []store.RatingPoint{}
	for rows.Next() {
		var p store.RatingPoint
		var at int64
		if err := rows.Scan(&p.TableID, &p.Rating.Rating, &p.RD, &p.Volatility, &at); err != nil {
			return nil, fmt.Errorf("rating history of account %d: %w", account, err)
		}
		p.At = fromMS(at)
		list = append(list, p)
	}
	return list, rows.Err()
}

// Leaderboard returns a game's best-rated accounts.
func (db *DB) Leaderboard(ctx context.Context, game string, limit int) ([]store.Leader, error) {
	rows, err := db.read.QueryContext(ctx, db.q(`
		SELECT a.name, r.game, r.rating, r.rd, r.volatility, r.games, r.updated
		FROM ratings r JOIN accounts a ON a.id = r.account_id
		WHERE r.game = ? AND a.closed = 0
		ORDER BY CASE WHEN r.rd > ? THEN 1 ELSE 0 END, r.rating DESC, a.name_key LIMIT ?`),
		game, float64(rating.ProvisionalRD), limit)
	if err != nil {
		return nil, fmt.Errorf("leaderboard of %s: %w", game, err)
	}
	defer rows.Close()
	list := []store.Leader{}
	for rows.Next() {
		var l store.Leader
		var updated int64
		if err := rows.Scan(&l.Name, &l.Game, &l.Rating.Rating, &l.RD, &l.Volatility, &l.Games, &updated); err != nil {
			return nil, fmt.Errorf("leaderboard of %s: %w", game, err)
		}
		l.Updated = fromMS(updated)
		list = append(list, l)
	}
	return list, rows.Err()
}

// AddChat stores a chat line.
func (db *DB) AddChat(ctx context.Context, m *store.ChatMessage) error {
	err := db.write.QueryRowContext(ctx, db.q(`
		INSERT INTO chat (table_id, room, name, text, at)
		SELECT ?, ?, ?, ?, ? WHERE (SELECT count(*) FROM chat WHERE table_id = ? AND room = ?) < ?
		RETURNING id`),
		m.TableID, m.Room, m.Name, m.Text, ms(m.At), m.TableID, m.Room, store.MaxChatLines).Scan(&m.ID)
	if errors.Is(err, sql.ErrNoRows) {
		err = store.ErrFull
	}
	if err != nil {
		return fmt.Errorf("add chat to table %s: %w", m.TableID, err)
	}
	return nil
}

// Chat returns a room's last lines, oldest first.
func (db *DB) Chat(ctx context.Context, tableID, room string, limit int) ([]store.ChatMessage, error) {
	rows, err := db.read.QueryContext(ctx, db.q(`
		SELECT id, name, text, at FROM (
			SELECT id, name, text, at FROM chat WHERE table_id = ? AND room = ? ORDER BY id DESC LIMIT ?) c
		ORDER BY id`), tableID, room, limit)
	if err != nil {
		return nil, fmt.Errorf("chat of table %s: %w", tableID, err)
	}
	defer rows.Close()
	list := []store.ChatMessage{}
	for rows.Next() {
		m := store.ChatMessage{TableID: tableID, Room: room}
		var at int64
		if err := rows.Scan(&m.ID, &m.Name, &m.Text, &at); err != nil {
			return nil, fmt.Errorf("chat of table %s: %w", tableID, err)
		}
		m.At = fromMS(at)
		list = append(list, m)
	}
	return list, rows.Err()
}

// CreateSeek stores a seek.
func (db *DB) CreateSeek(ctx context.Context, s *store.Seek) error {
	now := store.Now()
	// Seeks nobody took in a day are gone for good.
	if _, err := db.write.ExecContext(ctx, db.q(`DELETE FROM seeks WHERE table_id = '' AND created < ?`), ms(now.Add(-24*time.Hour))); err != nil {
		return fmt.Errorf("create seek: %w", err)
	}
	// Only an open account seeks: a seek posted as the account closes is not made.
	res, err := db.write.ExecContext(ctx, db.q(`
		INSERT INTO seeks (id, account_id, name, game, variant, clock, rated, min_rating, max_rating, rating, provisional, created, table_id)
		SELECT ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, '' WHERE EXISTS (SELECT 1 FROM accounts WHERE id = ? AND closed = 0)`),
		s.ID, s.Account, s.Name, s.Game, s.Variant, s.Clock, flag(s.Rated), s.MinRating, s.MaxRating, s.Rating, flag(s.Provisional), ms(now), s.Account)
	if err == nil {
		err = oneRow(res)
	}
	if err != nil {
		return fmt.Errorf("create seek: %w", err)
	}
	s.Created = now
	return nil
}

const seekColumns = `id, account_id, name, game, variant, clock, rated, min_rating, max_rating, rating, provisional, created, table_id`

func scanSeek(row interface{ Scan(...any) error }) (store.Seek, error) {
	var s store.Seek
	var rated, provisional int
	var created int64
	err := row.Scan(&s.ID, &s.Account, &s.Name, &s.Game, &s.Variant, &s.Clock, &rated, &s.MinRating, &s.MaxRating, &s.Rating, &provisional, &created, &s.TableID)
	s.Rated, s.Provisional, s.Created = rated != 0, provisional != 0, fromMS(created)
	return s, err
}

// Seeks lists the open seeks posted after since, oldest first.
func (db *DB) Seeks(ctx context.Context, since time.Time) ([]store.Seek, error) {
	rows, err := db.read.QueryContext(ctx, db.q(`
		SELECT `+seekColumns+` FROM seeks WHERE table_id = '' AND created > ? ORDER BY created, id LIMIT ?`), ms(since), store.MaxOpenSeeks)
	if err != nil {
		return nil, fmt.Errorf("list seeks: %w", err)
	}
	defer rows.Close()
	list := []store.Seek{}
	for rows.Next() {
		s, err := scanSeek(rows)
		if err != nil {
			return nil, fmt.Errorf("list seeks: %w", err)
		}
		list = append(list, s)
	}
	return list, rows.Err()
}

// Seek returns one seek.
func (db *DB) Seek(ctx context.Context, id string) (*store.Seek, error) {
	s, err := scanSeek(db.read.QueryRowContext(ctx, db.q(`SELECT `+seekColumns+` FROM seeks WHERE id = ?`), id))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, fmt.Errorf("seek %s: %w", id, store.ErrNotFound)
	}
	if err != nil {
		return nil, fmt.Errorf("seek %s: %w", id, err)
	}
	return &s, nil
}

// AcceptSeek marks a seek taken.
func (db *DB) AcceptSeek(ctx context.Context, id, tableID string) error {
	res, err := db.write.ExecContext(ctx, db.q(`UPDATE seeks SET table_id = ? WHERE id = ? AND table_id = ''`), tableID, id)
	if err == nil {
		if err = oneRow(res); errors.Is(err, store.ErrNotFound) {
			if _, gerr := db.Seek(ctx, id); gerr == nil {
				err = store.ErrConflict
			}
		}
	}
	if err != nil {
		return fmt.Errorf("accept seek %s: %w", id, err)
	}
	return nil
}

// DeleteSeek withdraws an open seek.
func (db *DB) DeleteSeek(ctx context.Context, id string, account int64) error {
	res, err := db.write.ExecContext(ctx, db.q(`DELETE FROM seeks WHERE id = ? AND account_id = ? AND table_id = ''`), id, account)
	if err == nil {
		err = oneRow(res)
	}
	if err != nil {
		return fmt.Errorf("delete seek %s: %w", id, err)
	}
	return nil
}
