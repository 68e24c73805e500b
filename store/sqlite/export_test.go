package sqlite

import (
	"strings"

	"deuce/store"
)

// Migrations exposes the schema steps to the tests.
var Migrations = migrations

// ListPlan is SQLite's plan for List's query with f: the detail lines of EXPLAIN QUERY PLAN.
func (db *DB) ListPlan(f store.Filter) (string, error) {
	q, args, err := listQuery(f)
	if err != nil {
		return "", err
	}
	rows, err := db.read.Query("EXPLAIN QUERY PLAN "+q, args...)
	if err != nil {
		return "", err
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var id, parent, notused int
		var detail string
		if err := rows.Scan(&id, &parent, &notused, &detail); err != nil {
			return "", err
		}
		out = append(out, detail)
	}
	return strings.Join(out, "; "), rows.Err()
}
