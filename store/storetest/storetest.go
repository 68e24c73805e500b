// Package storetest checks that an implementation of store.Store keeps its contract. Each
// backend's tests call Run, the way file systems call testing/fstest.TestFS.
package storetest

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"deuce/engine"
	"deuce/store"
)

// Run checks the store.Store contract. open must return a new, empty store each time it is
// called; Run closes it.
func Run(t *testing.T, open func(t *testing.T) store.Store) {
	tests := []struct {
		name string
		f    func(t *testing.T, s store.Store)
	}{
		{"CreateGet", testCreateGet},
		{"CreateExists", testCreateExists},
		{"CreateInvalid", testCreateInvalid},
		{"NotFound", testNotFound},
		{"Move", testMove},
		{"AppendInOrder", testAppendInOrder},
		{"AppendConflict", testAppendConflict},
		{"AppendKeepsLive", testAppendKeepsLive},
		{"AppendInvalidStatus", testAppendInvalidStatus},
		{"ConcurrentAppend", testConcurrentAppend},
		{"Transitions", testTransitions},
		{"UpdateSeats", testUpdateSeats},
		{"List", testList},
		{"ListPaging", testListPaging},
		{"Unfinished", testUnfinished},
		{"LargeTable", testLargeTable},
		{"Strings", testStrings},
		{"End", testEnd},
		{"ListEndedAndRecent", testListEndedAndRecent},
		{"Analysis", testAnalysis},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := open(t)
			t.Cleanup(func() {
				if err := s.Close(); err != nil {
					t.Errorf("Close: %v", err)
				}
			})
			tt.f(t, s)
		})
	}
}

// NewTable returns an open table of two seats, one of them a bot, with no moves.
func NewTable(id string) *store.Table {
	return &store.Table{
		ID:      id,
		Game:    "centercourt",
		Options: engine.Options{"format": "set", "sets": "3"},
		Seats: []store.Seat{
			{Name: "ann", TokenHash: strings.Repeat("ab", 32)},
			{Name: "bot", Bot: "ismcts"},
		},
		Seed:   1<<64 - 12345, // above the largest int64, to test how the seed is kept
		Status: store.Open,
		Moves:  []engine.Move{},
	}
}

// Moves returns n distinct moves, numbered from first.
func Moves(first, n int) []engine.Move {
	moves := make([]engine.Move, n)
	for i := range moves {
		k := first + i
		moves[i] = engine.Move{Seat: engine.Seat(k%3 - 1), Action: engine.Action(k), Text: fmt.Sprintf("m%d", k)}
	}
	return moves
}

func create(t *testing.T, s store.Store, tab *store.Table) {
	t.Helper()
	if err := s.Create(context.Background(), tab); err != nil {
		t.Fatalf("Create(%s): %v", tab.ID, err)
	}
}

func get(t *testing.T, s store.Store, id string) *store.Table {
	t.Helper()
	got, err := s.Get(context.Background(), id)
	if err != nil {
		t.Fatalf("Get(%s): %v", id, err)
	}
	return got
}

// Equal reports, as an error, how got differs from want; times must be equal to the millisecond.
func Equal(got, want *store.Table) error {
	g, w := *got, *want
	if !g.Created.Equal(w.Created.Truncate(time.Millisecond)) || !g.Updated.Equal(w.Updated.Truncate(time.Millisecond)) {
		return fmt.Errorf("times are %v, %v; want %v, %v", g.Created, g.Updated, w.Created, w.Updated)
	}
	if g.Created.Location() != time.UTC || g.Updated.Location() != time.UTC {
		return fmt.Errorf("times are in %v, %v; want UTC", g.Created.Location(), g.Updated.Location())
	}
	g.Created, g.Updated, w.Created, w.Updated = time.Time{}, time.Time{}, time.Time{}, time.Time{}
	if w.Moves == nil {
		w.Moves = []engine.Move{}
	}
	if !reflect.DeepEqual(g, w) {
		return fmt.Errorf("got  %+v\nwant %+v", g, w)
	}
	return nil
}

func checkEqual(t *testing.T, got, want *store.Table) {
	t.Helper()
	if err := Equal(got, want); err != nil {
		t.Errorf("Get(%s):\n%v", want.ID, err)
	}
}

func testCreateGet(t *testing.T, s store.Store) {
	ctx := context.Background()
	before := time.Now().UTC().Truncate(time.Millisecond)
	tab := NewTable("t1")
	tab.Moves = Moves(0, 5)
	create(t, s, tab)
	after := time.Now().UTC()
	if tab.Created.Before(before) || tab.Created.After(after) || !tab.Updated.Equal(tab.Created) {
		t.Errorf("Create set Created %v, Updated %v; want both equal, within [%v, %v]", tab.Created, tab.Updated, before, after)
	}
	if !tab.Created.Equal(tab.Created.Truncate(time.Millisecond)) || tab.Created.Location() != time.UTC {
		t.Errorf("Create set Created %v; want UTC to the millisecond", tab.Created)
	}
	checkEqual(t, get(t, s, "t1"), tab)

	// A table with no options, seats or moves comes back as it went in.
	bare := &store.Table{ID: "t2", Game: "pencil", Status: store.Live}
	if err := s.Create(ctx, bare); err != nil {
		t.Fatal(err)
	}
	checkEqual(t, get(t, s, "t2"), bare)

	// The table returned belongs to the caller.
	got := get(t, s, "t1")
	got.Moves[0].Text, got.Seats[0].Name, got.Options["format"] = "x", "x", "x"
	checkEqual(t, get(t, s, "t1"), tab)
}

func testCreateExists(t *testing.T, s store.Store) {
	tab := NewTable("t1")
	create(t, s, tab)
	other := NewTable("t1")
	other.Game, other.Moves = "pencil", Moves(0, 3)
	if err := s.Create(context.Background(), other); !errors.Is(err, store.ErrExists) {
		t.Errorf("second Create(t1) = %v; want ErrExists", err)
	}
	checkEqual(t, get(t, s, "t1"), tab)
}

func testCreateInvalid(t *testing.T, s store.Store) {
	for _, tab := range []*store.Table{
		{ID: "", Game: "pencil", Status: store.Open},
		{ID: "t1", Game: "pencil", Status: "paused"},
		{ID: "t2", Game: "pencil"},
	} {
		err := s.Create(context.Background(), tab)
		if err == nil || errors.Is(err, store.ErrExists) {
			t.Errorf("Create(%+v) = %v; want an error", tab, err)
		}
	}
	if list, err := s.List(context.Background(), store.Filter{}); err != nil || len(list) != 0 {
		t.Errorf("List after invalid creates = %v, %v; want none", list, err)
	}
}

func testNotFound(t *testing.T, s store.Store) {
	ctx := context.Background()
	create(t, s, NewTable("t1"))
	if _, err := s.Get(ctx, "nope"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("Get(nope) = %v; want ErrNotFound", err)
	}
	if err := s.Append(ctx, "nope", 0, Moves(0, 1), store.Live, nil); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("Append(nope) = %v; want ErrNotFound", err)
	}
	if err := s.UpdateSeats(ctx, "nope", nil, store.Live); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("UpdateSeats(nope) = %v; want ErrNotFound", err)
	}
}

func testMove(t *testing.T, s store.Store) {
	ctx := context.Background()
	create(t, s, NewTable("t1"))
	create(t, s, NewTable("t2"))
	moves := Moves(0, 5)
	if err := s.Append(ctx, "t1", 0, moves[:3], store.Live, nil); err != nil {
		t.Fatal(err)
	}
	if err := s.Append(ctx, "t1", 3, moves[3:], store.Live, nil); err != nil {
		t.Fatal(err)
	}
	if err := s.Append(ctx, "t2", 0, Moves(7, 1), store.Live, nil); err != nil {
		t.Fatal(err)
	}
	for i, want := range moves {
		got, err := s.Move(ctx, "t1", i)
		if err != nil || got != want {
			t.Errorf("Move(t1, %d) = %+v, %v; want %+v", i, got, err, want)
		}
	}
	for _, tc := range []struct {
		id string
		i  int
	}{{"t1", 5}, {"t1", -1}, {"t2", 1}, {"nope", 0}} {
		if m, err := s.Move(ctx, tc.id, tc.i); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("Move(%s, %d) = %+v, %v; want ErrNotFound", tc.id, tc.i, m, err)
		}
	}
}

func testAppendInOrder(t *testing.T, s store.Store) {
	ctx := context.Background()
	want := NewTable("t1")
	create(t, s, want)
	for _, n := range []int{1, 2, 0, 3} {
		moves := Moves(len(want.Moves), n)
		if err := s.Append(ctx, "t1", len(want.Moves), moves, store.Live, nil); err != nil {
			t.Fatalf("Append(%d moves at %d): %v", n, len(want.Moves), err)
		}
		want.Moves = append(want.Moves, moves...)
		want.Status = store.Live
		got := get(t, s, "t1")
		if got.Updated.Before(got.Created) {
			t.Errorf("Updated %v before Created %v", got.Updated, got.Created)
		}
		want.Updated = got.Updated
		checkEqual(t, got, want)
	}
}

// testAppendKeepsLive: a table whose last seat was claimed (live) is not made open again by
// moves saved by a writer that had not heard of the claim.
func testAppendKeepsLive(t *testing.T, s store.Store) {
	ctx := context.Background()
	tab := NewTable("t1")
	create(t, s, tab)
	if err := s.Append(ctx, "t1", 0, Moves(0, 1), store.Open, nil); err != nil {
		t.Fatal(err)
	}
	if got := get(t, s, "t1"); got.Status != store.Open {
		t.Fatalf("status %s after an open append, want open", got.Status)
	}
	if err := s.UpdateSeats(ctx, "t1", tab.Seats, store.Live); err != nil {
		t.Fatal(err)
	}
	if err := s.Append(ctx, "t1", 1, Moves(1, 1), store.Open, nil); err != nil {
		t.Fatal(err)
	}
	if got := get(t, s, "t1"); got.Status != store.Live || len(got.Moves) != 2 {
		t.Fatalf("status %s, %d moves after a late open append, want live, 2", got.Status, len(got.Moves))
	}
	if err := s.Append(ctx, "t1", 2, nil, store.Finished, &engine.Result{Over: true, Returns: []float64{1, 0}, Winner: 0}); err != nil {
		t.Fatal(err)
	}
	if got := get(t, s, "t1"); got.Status != store.Finished {
		t.Fatalf("status %s after the last append, want finished", got.Status)
	}
}

func testAppendConflict(t *testing.T, s store.Store) {
	ctx := context.Background()
	tab := NewTable("t1")
	tab.Moves = Moves(0, 3)
	create(t, s, tab)
	for _, tt := range []struct {
		name string
		at   int
	}{
		{"stale", 2},
		{"start", 0},
		{"gap", 4},
		{"negative", -1},
	} {
		t.Run(tt.name, func(t *testing.T) {
			err := s.Append(ctx, "t1", tt.at, Moves(100, 2), store.Finished, &engine.Result{Over: true, Winner: 0, Score: "6-0"})
			if !errors.Is(err, store.ErrConflict) {
				t.Errorf("Append at %d of 3 = %v; want ErrConflict", tt.at, err)
			}
			checkEqual(t, get(t, s, "t1"), tab)
		})
	}
}

func testAppendInvalidStatus(t *testing.T, s store.Store) {
	tab := NewTable("t1")
	create(t, s, tab)
	if err := s.Append(context.Background(), "t1", 0, Moves(0, 1), "paused", nil); err == nil {
		t.Error("Append with status paused succeeded; want an error")
	}
	if err := s.UpdateSeats(context.Background(), "t1", nil, ""); err == nil {
		t.Error("UpdateSeats with no status succeeded; want an error")
	}
	checkEqual(t, get(t, s, "t1"), tab)
}

func testConcurrentAppend(t *testing.T, s store.Store) {
	ctx := context.Background()
	tab := NewTable("t1")
	tab.Moves = Moves(0, 4)
	create(t, s, tab)
	const writers = 8
	var (
		wg    sync.WaitGroup
		start = make(chan struct{})
		errs  = make([]error, writers)
	)
	for w := range writers {
		wg.Go(func() {
			<-start
			errs[w] = s.Append(ctx, "t1", 4, Moves(100*(w+1), w+1), store.Live, nil)
		})
	}
	close(start)
	wg.Wait()
	winner := -1
	for w, err := range errs {
		switch {
		case err == nil && winner >= 0:
			t.Errorf("writers %d and %d both appended at 4", winner, w)
		case err == nil:
			winner = w
		case !errors.Is(err, store.ErrConflict):
			t.Errorf("writer %d: %v; want nil or ErrConflict", w, err)
		}
	}
	if winner < 0 {
		t.Fatal("no writer appended")
	}
	got := get(t, s, "t1")
	tab.Moves = append(tab.Moves, Moves(100*(winner+1), winner+1)...)
	tab.Status, tab.Updated = store.Live, got.Updated
	checkEqual(t, got, tab)
}

func testTransitions(t *testing.T, s store.Store) {
	ctx := context.Background()
	want := NewTable("t1")
	create(t, s, want)
	steps := []struct {
		name   string
		moves  int
		status store.Status
		result *engine.Result
	}{
		{"start", 0, store.Live, nil},
		{"play", 3, store.Live, &engine.Result{Winner: engine.Nobody, Score: "15-0"}},
		{"finish", 2, store.Finished, &engine.Result{Over: true, Returns: []float64{1, -1}, Winner: 0, Score: "6-4 7-6(5)"}},
	}
	for _, st := range steps {
		moves := Moves(len(want.Moves), st.moves)
		if err := s.Append(ctx, "t1", len(want.Moves), moves, st.status, st.result); err != nil {
			t.Fatalf("%s: Append: %v", st.name, err)
		}
		want.Moves = append(want.Moves, moves...)
		want.Status, want.Result = st.status, st.result
		got := get(t, s, "t1")
		want.Updated = got.Updated
		if err := Equal(got, want); err != nil {
			t.Errorf("%s: %v", st.name, err)
		}
	}
	if got := get(t, s, "t1").Record(); !reflect.DeepEqual(got, want.Record()) {
		t.Errorf("Record = %+v; want %+v", got, want.Record())
	}

	// A match given up keeps its moves.
	gone := NewTable("t2")
	gone.Moves = Moves(0, 2)
	create(t, s, gone)
	if err := s.Append(ctx, "t2", 2, nil, store.Abandoned, nil); err != nil {
		t.Fatal(err)
	}
	got := get(t, s, "t2")
	gone.Status, gone.Updated = store.Abandoned, got.Updated
	checkEqual(t, got, gone)
}

func testUpdateSeats(t *testing.T, s store.Store) {
	ctx := context.Background()
	want := NewTable("t1")
	want.Moves = Moves(0, 2)
	create(t, s, want)
	seats := slices.Clone(want.Seats)
	seats[0].Claimed = true
	seats[0].TokenHash = strings.Repeat("0f", 32)
	if err := s.UpdateSeats(ctx, "t1", seats, store.Live); err != nil {
		t.Fatal(err)
	}
	got := get(t, s, "t1")
	want.Seats, want.Status, want.Updated = seats, store.Live, got.Updated
	checkEqual(t, got, want)
}

// createAll creates tables with the given statuses, named t00, t01, ..., and returns their
// summaries newest first, as List orders them.
func createAll(t *testing.T, s store.Store, statuses []store.Status) []store.Summary {
	t.Helper()
	var all []store.Summary
	for i, st := range statuses {
		tab := NewTable(fmt.Sprintf("t%02d", i))
		tab.Status = st
		tab.Moves = Moves(0, i%4)
		if st == store.Finished {
			tab.Result = &engine.Result{Over: true, Returns: []float64{-1, 1}, Winner: 1, Score: "0-6"}
		}
		create(t, s, tab)
		seats := slices.Clone(tab.Seats)
		for j := range seats {
			seats[j].TokenHash = ""
		}
		all = append(all, store.Summary{
			ID: tab.ID, Game: tab.Game, Options: tab.Options, Seats: seats, Status: tab.Status,
			Moves: len(tab.Moves), Result: tab.Result, Created: tab.Created, Updated: tab.Updated,
		})
	}
	slices.SortFunc(all, func(a, b store.Summary) int {
		if c := b.Created.Compare(a.Created); c != 0 {
			return c
		}
		return strings.Compare(b.ID, a.ID)
	})
	return all
}

func filterStatus(all []store.Summary, st store.Status) []store.Summary {
	var out []store.Summary
	for _, s := range all {
		if st == "" || s.Status == st {
			out = append(out, s)
		}
	}
	return out
}

func checkSummaries(t *testing.T, name string, got, want []store.Summary) {
	t.Helper()
	if len(got) != len(want) {
		t.Errorf("%s: got %d summaries, want %d", name, len(got), len(want))
	}
	for i := range min(len(got), len(want)) {
		g, w := got[i], want[i]
		if !g.Created.Equal(w.Created) || !g.Updated.Equal(w.Updated) {
			t.Errorf("%s: summary %d (%s) times %v, %v; want %v, %v", name, i, g.ID, g.Created, g.Updated, w.Created, w.Updated)
		}
		g.Created, g.Updated, w.Created, w.Updated = time.Time{}, time.Time{}, time.Time{}, time.Time{}
		if !reflect.DeepEqual(g, w) {
			t.Errorf("%s: summary %d:\ngot  %+v\nwant %+v", name, i, g, w)
		}
	}
}

func testList(t *testing.T, s store.Store) {
	ctx := context.Background()
	if got, err := s.List(ctx, store.Filter{}); err != nil || got == nil || len(got) != 0 {
		t.Errorf("List of an empty store = %#v, %v; want an empty slice", got, err)
	}
	statuses := make([]store.Status, 60)
	for i := range statuses {
		statuses[i] = []store.Status{store.Open, store.Live, store.Finished, store.Abandoned, store.Live}[i%5]
	}
	all := createAll(t, s, statuses)
	for _, tt := range []struct {
		name string
		f    store.Filter
		want []store.Summary
	}{
		{"default limit", store.Filter{}, all[:store.DefaultLimit]},
		{"limit", store.Filter{Limit: 7}, all[:7]},
		{"all", store.Filter{Limit: 100}, all},
		{"open", store.Filter{Status: store.Open}, filterStatus(all, store.Open)},
		{"live", store.Filter{Status: store.Live}, filterStatus(all, store.Live)},
		{"finished limit", store.Filter{Status: store.Finished, Limit: 5}, filterStatus(all, store.Finished)[:5]},
		{"abandoned", store.Filter{Status: store.Abandoned}, filterStatus(all, store.Abandoned)},
		{"before the first", store.Filter{Before: all[len(all)-1].Created.Add(-time.Millisecond)}, nil},
	} {
		got, err := s.List(ctx, tt.f)
		if err != nil {
			t.Errorf("%s: List(%+v): %v", tt.name, tt.f, err)
			continue
		}
		checkSummaries(t, tt.name, got, tt.want)
	}
}

func testListPaging(t *testing.T, s store.Store) {
	ctx := context.Background()
	statuses := make([]store.Status, 23)
	for i := range statuses {
		statuses[i] = []store.Status{store.Live, store.Finished}[i%2]
	}
	all := createAll(t, s, statuses)
	for _, f := range []store.Filter{{Limit: 5}, {Limit: 1}, {Status: store.Live, Limit: 4}} {
		var got []store.Summary
		for page := 0; page < 30; page++ {
			list, err := s.List(ctx, f)
			if err != nil {
				t.Fatalf("List(%+v): %v", f, err)
			}
			got = append(got, list...)
			if len(list) < f.Limit {
				break
			}
			f = f.Next(list[len(list)-1])
		}
		checkSummaries(t, fmt.Sprintf("pages of %d %s", f.Limit, f.Status), got, filterStatus(all, f.Status))
	}

	// Paging by time alone skips the tables created in the millisecond given.
	f := store.Filter{Before: all[3].Created}
	var want []store.Summary
	for _, s := range all {
		if s.Created.Before(f.Before) {
			want = append(want, s)
		}
	}
	got, err := s.List(ctx, f)
	if err != nil {
		t.Fatal(err)
	}
	checkSummaries(t, "before", got, want)
}

func testUnfinished(t *testing.T, s store.Store) {
	ctx := context.Background()
	if got, err := s.Unfinished(ctx); err != nil || len(got) != 0 {
		t.Errorf("Unfinished of an empty store = %v, %v; want none", got, err)
	}
	createAll(t, s, []store.Status{store.Open, store.Finished, store.Live, store.Abandoned, store.Live, store.Open})
	// A live table that ends is no longer unfinished.
	if err := s.Append(ctx, "t04", 0, Moves(0, 1), store.Finished, &engine.Result{Over: true, Winner: 0}); err != nil {
		t.Fatal(err)
	}
	got, err := s.Unfinished(ctx)
	if err != nil {
		t.Fatal(err)
	}
	slices.Sort(got)
	if want := []string{"t00", "t02", "t05"}; !slices.Equal(got, want) {
		t.Errorf("Unfinished = %v; want %v", got, want)
	}
}

func testLargeTable(t *testing.T, s store.Store) {
	ctx := context.Background()
	tab := NewTable("big")
	tab.Moves = Moves(0, 1000)
	create(t, s, tab)
	for at := 1000; at < 2000; at += 250 {
		if err := s.Append(ctx, "big", at, Moves(at, 250), store.Live, nil); err != nil {
			t.Fatal(err)
		}
	}
	got := get(t, s, "big")
	tab.Moves, tab.Status, tab.Updated = Moves(0, 2000), store.Live, got.Updated
	checkEqual(t, got, tab)
	list, err := s.List(ctx, store.Filter{})
	if err != nil || len(list) != 1 || list[0].Moves != 2000 {
		t.Errorf("List = %+v, %v; want one table of 2000 moves", list, err)
	}
}

func testStrings(t *testing.T, s store.Store) {
	ctx := context.Background()
	odd := []string{
		`Robert'); DROP TABLE tables;--`,
		`"quoted" \back\slash`,
		"Björn Borg 🎾 ナダル",
		"tab\tnew\nline",
		"",
		"%_ like wildcards *",
	}
	for i, text := range odd {
		id := fmt.Sprintf("s%d-%s", i, strings.Repeat("z", i))
		tab := NewTable(id)
		tab.Game = "gäme"
		tab.Options = engine.Options{text: text, "é": `{"json": [1]}`}
		tab.Seats = []store.Seat{{Name: text, TokenHash: "h"}, {Name: "x" + text, Bot: text}}
		tab.Moves = []engine.Move{{Seat: 0, Action: 1, Text: text}, {Seat: engine.Chance, Action: -7, Text: text + "!"}}
		create(t, s, tab)
		more := []engine.Move{{Seat: 1, Action: 2, Text: "’" + text}}
		res := &engine.Result{Over: true, Returns: []float64{0.5, -0.25}, Winner: engine.Nobody, Score: text}
		if err := s.Append(ctx, id, 2, more, store.Finished, res); err != nil {
			t.Fatal(err)
		}
		got := get(t, s, id)
		tab.Moves = append(tab.Moves, more...)
		tab.Status, tab.Result, tab.Updated = store.Finished, res, got.Updated
		checkEqual(t, got, tab)
	}
	list, err := s.List(ctx, store.Filter{})
	if err != nil || len(list) != len(odd) {
		t.Errorf("List = %d tables, %v; want %d", len(list), err, len(odd))
	}
}

func testEnd(t *testing.T, s store.Store) {
	ctx := context.Background()
	tab := NewTable("t1")
	tab.Status, tab.Moves = store.Live, Moves(0, 4)
	create(t, s, tab)
	resigned := &engine.Result{Over: true, Returns: []float64{-1, 1}, Winner: 1, Score: "resigned"}
	for _, bad := range []struct {
		name   string
		status store.Status
		ended  string
	}{{"live", store.Live, store.EndResigned}, {"open", store.Open, ""}, {"unknown reason", store.Finished, "bored"}} {
		if err := s.End(ctx, "t1", 4, bad.status, bad.ended, nil); err == nil || errors.Is(err, store.ErrConflict) {
			t.Errorf("End with %s = %v; want an invalid-argument error", bad.name, err)
		}
	}
	// A stale End (the moves moved on) changes nothing.
	if err := s.End(ctx, "t1", 3, store.Finished, store.EndResigned, resigned); !errors.Is(err, store.ErrConflict) {
		t.Errorf("End at 3 of 4 moves = %v; want ErrConflict", err)
	}
	if err := s.End(ctx, "nope", 0, store.Abandoned, store.EndExpired, nil); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("End of an unknown table = %v; want ErrNotFound", err)
	}
	checkEqual(t, get(t, s, "t1"), tab)
	if err := s.End(ctx, "t1", 4, store.Finished, store.EndResigned, resigned); err != nil {
		t.Fatalf("End: %v", err)
	}
	got := get(t, s, "t1")
	tab.Status, tab.Ended, tab.Result, tab.Updated = store.Finished, store.EndResigned, resigned, got.Updated
	checkEqual(t, got, tab)
	if got.Updated.Before(got.Created) {
		t.Errorf("Updated %v before Created %v", got.Updated, got.Created)
	}
	// An ended table ends once, and takes no more moves.
	if err := s.End(ctx, "t1", 4, store.Abandoned, store.EndExpired, nil); !errors.Is(err, store.ErrConflict) {
		t.Errorf("second End = %v; want ErrConflict", err)
	}
	if ids, err := s.Unfinished(ctx); err != nil || slices.Contains(ids, "t1") {
		t.Errorf("Unfinished = %v, %v; want no t1", ids, err)
	}
	// Every reason round-trips, with Abandoned and no result too.
	for i, reason := range []string{store.EndClaimed, store.EndExpired, store.EndTimeLimit, store.EndUnplayable, store.EndCancelled} {
		id := fmt.Sprintf("r%d", i)
		create(t, s, NewTable(id))
		if err := s.End(ctx, id, 0, store.Abandoned, reason, nil); err != nil {
			t.Fatalf("End(%s): %v", reason, err)
		}
		if got := get(t, s, id); got.Ended != reason || got.Status != store.Abandoned || got.Result != nil {
			t.Errorf("%s: got status %s, ended %q, result %v", id, got.Status, got.Ended, got.Result)
		}
	}
}

func testListEndedAndRecent(t *testing.T, s store.Store) {
	ctx := context.Background()
	createAll(t, s, []store.Status{store.Open, store.Live, store.Finished, store.Abandoned, store.Live})
	// t01 is live with one move, t04 live with none. Store times have millisecond precision:
	// the pauses keep the changes below in later milliseconds than the creations.
	time.Sleep(2 * time.Millisecond)
	if err := s.End(ctx, "t01", 1, store.Abandoned, store.EndExpired, nil); err != nil {
		t.Fatal(err)
	}
	ids := func(list []store.Summary, err error) []string {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		out := []string{}
		for _, sum := range list {
			out = append(out, sum.ID+":"+sum.Ended)
		}
		return out
	}
	if got, want := ids(s.List(ctx, store.Filter{Ended: true})), []string{"t03:", "t02:", "t01:" + store.EndExpired}; !slices.Equal(got, want) {
		t.Errorf("ended tables %v; want %v", got, want)
	}
	mark := get(t, s, "t01").Updated
	time.Sleep(2 * time.Millisecond)
	if err := s.Append(ctx, "t04", 0, Moves(0, 1), store.Live, nil); err != nil {
		t.Fatal(err)
	}
	if got, want := ids(s.List(ctx, store.Filter{UpdatedSince: mark})), []string{"t04:", "t01:" + store.EndExpired}; !slices.Equal(got, want) {
		t.Errorf("tables updated since %v: %v; want %v", mark, got, want)
	}
	if got, want := ids(s.List(ctx, store.Filter{Status: store.Live, UpdatedSince: mark})), []string{"t04:"}; !slices.Equal(got, want) {
		t.Errorf("live tables updated since %v: %v; want %v", mark, got, want)
	}
	// Tables asked for by ID, whatever their age; an unknown ID is no error, only absent.
	if got, want := ids(s.List(ctx, store.Filter{IDs: []string{"t01", "nosuch", "t03"}})), []string{"t03:", "t01:" + store.EndExpired}; !slices.Equal(got, want) {
		t.Errorf("tables by ID: %v; want %v", got, want)
	}
	if got, want := ids(s.List(ctx, store.Filter{IDs: []string{"t01", "t04"}, Status: store.Live})), []string{"t04:"}; !slices.Equal(got, want) {
		t.Errorf("live tables by ID: %v; want %v", got, want)
	}
	if _, err := s.List(ctx, store.Filter{IDs: make([]string, store.MaxIDs+1)}); err == nil {
		t.Errorf("listing %d IDs: no error", store.MaxIDs+1)
	}
}
