package store

import "errors"

// ErrLeaseLost is returned by a fenced write (a store shared by several nodes) when the writer
// no longer holds the table's lease: another node owns the match now, and the write is refused.
var ErrLeaseLost = errors.New("lease lost: another node runs this table now")
