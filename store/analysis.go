package store

import "context"

// MaxAnalysis bounds the size of a stored analysis report.
const MaxAnalysis = 4 << 20

// Analyses keeps the analysis of finished tables: one report per table, in JSON the store does
// not interpret (package analysis writes it). Deleting a table deletes its analysis.
type Analyses interface {
	// PutAnalysis stores the analysis of table id, replacing any earlier one. It returns
	// ErrNotFound for an unknown table and an error for a report over MaxAnalysis bytes.
	PutAnalysis(ctx context.Context, id string, report []byte) error
	// Analysis returns the analysis of table id, or ErrNotFound when there is none (or no such
	// table).
	Analysis(ctx context.Context, id string) ([]byte, error)
}
