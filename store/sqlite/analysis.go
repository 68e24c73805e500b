package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"deuce/store"
)

// analysisMigration adds the analyses of finished tables. It is its own migration, independent
// of the others, so that it can take any place in the list.
const analysisMigration = `
CREATE TABLE analyses (
	table_id TEXT PRIMARY KEY REFERENCES tables (id) ON DELETE CASCADE,
	report   TEXT NOT NULL, -- JSON analysis.Report
	updated  INTEGER NOT NULL -- Unix milliseconds
) STRICT;
`

// PutAnalysis stores the analysis of table id.
func (db *DB) PutAnalysis(ctx context.Context, id string, report []byte) error {
	if len(report) > store.MaxAnalysis {
		return fmt.Errorf("store analysis of table %s: %d bytes, at most %d", id, len(report), store.MaxAnalysis)
	}
	err := inTx(ctx, db.write, func(tx *sql.Tx) error {
		var one int
		if err := tx.QueryRowContext(ctx, `SELECT 1 FROM tables WHERE id = ?`, id).Scan(&one); errors.Is(err, sql.ErrNoRows) {
			return store.ErrNotFound
		} else if err != nil {
			return err
		}
		_, err := tx.ExecContext(ctx, `
			INSERT INTO analyses (table_id, report, updated) VALUES (?, ?, ?)
			ON CONFLICT (table_id) DO UPDATE SET report = excluded.report, updated = excluded.updated`,
			id, string(report), store.Now().UnixMilli())
		return err
	})
	if err != nil {
		return fmt.Errorf("store analysis of table %s: %w", id, err)
	}
	return nil
}

// Analysis returns the analysis of table id.
func (db *DB) Analysis(ctx context.Context, id string) ([]byte, error) {
	var report string
	err := db.read.QueryRowContext(ctx, `SELECT report FROM analyses WHERE table_id = ?`, id).Scan(&report)
	if errors.Is(err, sql.ErrNoRows) {
		err = store.ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("load analysis of table %s: %w", id, err)
	}
	return []byte(report), nil
}
