package loadtest_test

import (
	"context"
	"path/filepath"
	"testing"
	"time"

	"deuce/store/sqlite"
	"deuce/web"
	"deuce/web/loadtest"
)

func TestRunPlaysEveryTableWithoutErrors(t *testing.T) {
	ctx := context.Background()
	db, err := sqlite.Open(ctx, filepath.Join(t.TempDir(), "deuce.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	lim := web.DefaultLimits()
	lim.CreatesPerMinute, lim.CreateBurst, lim.ConnectsPerMinute, lim.ConnectBurst = 1e6, 1e6, 1e6, 1e6
	lim.TablesPerAddress, lim.ConnsPerAddress = 1e6, 1e6
	m := &web.Main{Addr: "127.0.0.1:0", Store: db, MessageRate: 100_000, MessageBurst: 1000, Limits: lim}
	if err := m.Open(ctx); err != nil {
		t.Fatal(err)
	}
	defer m.Close(ctx)
	for _, tt := range []struct{ game, variant string }{{"centercourt", "tiebreak"}, {"pencil", "standard"}} {
		t.Run(tt.game, func(t *testing.T) {
			// Progress is called one call at a time: its plain counter is no race (go test -race).
			calls, last := 0, 0
			progress := func(done, total int) {
				calls++
				last = max(last, done)
			}
			rep, err := loadtest.Run(ctx, loadtest.Config{URL: m.URL(), Tables: 8, Game: tt.game, Variant: tt.variant, Think: time.Millisecond, Seed: 1, Progress: progress})
			if err != nil {
				t.Fatal(err)
			}
			if calls != 8 || last != 8 {
				t.Errorf("Progress called %d times, last with %d finished; want once a table, up to 8", calls, last)
			}
			if rep.Errors != 0 || rep.Finished != 8 || rep.Moves == 0 {
				t.Fatalf("report %v, want 8 finished tables, some moves and no errors", rep)
			}
			if rep.P50 <= 0 || rep.P50 > rep.P99 || rep.P99 > rep.Max {
				t.Errorf("latencies out of order: %v", rep)
			}
		})
	}
}
