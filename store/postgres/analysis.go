package postgres

import (
	"context"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"

	"deuce/store"
)

// analysisMigration adds the analyses of finished tables. It is its own migration, independent
// of the others, so that it can take any place in the list.
const analysisMigration = `
CREATE TABLE analyses (
	table_id text COLLATE "C" PRIMARY KEY REFERENCES tables (id) ON DELETE CASCADE,
	report   jsonb NOT NULL,
	updated  timestamptz NOT NULL
);
`

// PutAnalysis stores the analysis of table id.
func (db *DB) PutAnalysis(ctx context.Context, id string, report []byte) error {
	if len(report) > store.MaxAnalysis {
		return fmt.Errorf("store analysis of table %s: %d bytes, at most %d", id, len(report), store.MaxAnalysis)
	}
	tag, err := db.pool.Exec(ctx, `
		INSERT INTO analyses (table_id, report, updated)
		SELECT id, $2, $3 FROM tables WHERE id = $1
		ON CONFLICT (table_id) DO UPDATE SET report = excluded.report, updated = excluded.updated`,
		id, string(report), store.Now())
	if err == nil && tag.RowsAffected() == 0 {
		err = store.ErrNotFound
	}
	if err != nil {
		return fmt.Errorf("store analysis of table %s: %w", id, err)
	}
	return nil
}

// Analysis returns the analysis of table id.
func (db *DB) Analysis(ctx context.Context, id string) ([]byte, error) {
	var report string
	err := db.pool.QueryRow(ctx, `SELECT report::text FROM analyses WHERE table_id = $1`, id).Scan(&report)
	if errors.Is(err, pgx.ErrNoRows) {
		err = store.ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("load analysis of table %s: %w", id, err)
	}
	return []byte(report), nil
}
