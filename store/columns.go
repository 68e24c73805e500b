package store

import (
	"encoding/json"
	"errors"
	"fmt"

	"deuce/engine"
)

// CheckNew reports what is wrong with a table about to be created.
func (t *Table) CheckNew() error {
	if t.ID == "" {
		return errors.New("empty table ID")
	}
	if !t.Status.Valid() {
		return fmt.Errorf("invalid status %q", t.Status)
	}
	return nil
}

// EncodeColumns returns the JSON columns SQL stores keep a table's options, seats and result
// in, as text; a nil result is nil (NULL).
func EncodeColumns(options engine.Options, seats []Seat, result *engine.Result) (o, s string, r *string, err error) {
	if o, err = encodeJSON(options); err != nil {
		return "", "", nil, fmt.Errorf("encode options: %w", err)
	}
	if s, err = encodeJSON(seats); err != nil {
		return "", "", nil, fmt.Errorf("encode seats: %w", err)
	}
	r, err = EncodeResult(result)
	return o, s, r, err
}

// EncodeResult returns the JSON of result as text, nil (NULL) for a nil result.
func EncodeResult(result *engine.Result) (*string, error) {
	if result == nil {
		return nil, nil
	}
	s, err := encodeJSON(result)
	if err != nil {
		return nil, fmt.Errorf("encode result: %w", err)
	}
	return &s, nil
}

func encodeJSON(v any) (string, error) {
	b, err := json.Marshal(v)
	return string(b), err
}

// DecodeColumns reads the JSON columns of EncodeColumns; a nil (NULL) result leaves *r nil.
func DecodeColumns(options, seats, result []byte, o *engine.Options, s *[]Seat, r **engine.Result) error {
	if err := json.Unmarshal(options, o); err != nil {
		return fmt.Errorf("decode options: %w", err)
	}
	if err := json.Unmarshal(seats, s); err != nil {
		return fmt.Errorf("decode seats: %w", err)
	}
	if result != nil {
		if err := json.Unmarshal(result, r); err != nil {
			return fmt.Errorf("decode result: %w", err)
		}
	}
	return nil
}
