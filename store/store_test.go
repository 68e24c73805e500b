package store_test

import (
	"reflect"
	"testing"
	"time"

	"deuce/engine"
	"deuce/store"
)

func TestRecord(t *testing.T) {
	tab := &store.Table{
		ID:      "abc",
		Game:    "pencil",
		Options: engine.Options{"sets": "1"},
		Seats:   []store.Seat{{Name: "ann", TokenHash: "ff", Claimed: true}, {Name: "bot", Bot: "random"}},
		Seed:    42,
		Status:  store.Finished,
		Moves:   []engine.Move{{Seat: engine.Chance, Action: 3, Text: "3"}, {Seat: 0, Action: 1, Text: "bid 1"}},
		Result:  &engine.Result{Over: true, Returns: []float64{1, -1}, Winner: 0, Score: "1-0"},
	}
	want := &engine.Record{
		Version: engine.RecordVersion,
		Game:    "pencil",
		Options: engine.Options{"sets": "1"},
		Seats:   []engine.SeatInfo{{Name: "ann"}, {Name: "bot", Bot: "random"}},
		Seed:    42,
		Moves:   []engine.Move{{Seat: engine.Chance, Action: 3, Text: "3"}, {Seat: 0, Action: 1, Text: "bid 1"}},
		Result:  &engine.Result{Over: true, Returns: []float64{1, -1}, Winner: 0, Score: "1-0"},
	}
	got := tab.Record()
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("Record = %+v; want %+v", got, want)
	}
	// The record shares nothing with the table.
	got.Options["sets"], got.Moves[0].Text, got.Result.Returns[0] = "x", "x", 0
	if tab.Options["sets"] != "1" || tab.Moves[0].Text != "3" || tab.Result.Returns[0] != 1 {
		t.Errorf("changing the record changed the table: %+v", tab)
	}
	if got := (&store.Table{Game: "pencil"}).Record(); got.Moves == nil || got.Options == nil {
		t.Errorf("Record of an empty table = %+v; want empty, non-nil moves and options", got)
	}
}

func TestFilter(t *testing.T) {
	for _, tt := range []struct {
		limit, want int
	}{
		{0, store.DefaultLimit}, {-3, store.DefaultLimit}, {1, 1}, {store.MaxLimit, store.MaxLimit}, {store.MaxLimit + 1, store.MaxLimit},
	} {
		if got := (store.Filter{Limit: tt.limit}).PageSize(); got != tt.want {
			t.Errorf("Filter{Limit: %d}.PageSize() = %d; want %d", tt.limit, got, tt.want)
		}
	}
	at := time.Date(2025, 6, 1, 12, 0, 0, 0, time.UTC)
	f := store.Filter{Status: store.Live, Limit: 10}
	got := f.Next(store.Summary{ID: "xyz", Created: at})
	want := store.Filter{Status: store.Live, Limit: 10, Before: at, BeforeID: "xyz"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Next = %+v; want %+v", got, want)
	}
}

func TestStatus(t *testing.T) {
	for _, tt := range []struct {
		s                 store.Status
		valid, unfinished bool
	}{
		{store.Open, true, true}, {store.Live, true, true}, {store.Finished, true, false},
		{store.Abandoned, true, false}, {"", false, false}, {"LIVE", false, false},
	} {
		if got := tt.s.Valid(); got != tt.valid {
			t.Errorf("%q.Valid() = %v; want %v", tt.s, got, tt.valid)
		}
		if got := tt.s.Unfinished(); got != tt.unfinished {
			t.Errorf("%q.Unfinished() = %v; want %v", tt.s, got, tt.unfinished)
		}
	}
}
