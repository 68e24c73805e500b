package storetest

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"deuce/store"
)

// testAnalysis checks Analyses: absent until put, replaced by a second put, refused for an
// unknown table or an over-large report.
func testAnalysis(t *testing.T, s store.Store) {
	ctx := context.Background()
	create(t, s, NewTable("an1"))
	if _, err := s.Analysis(ctx, "an1"); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("Analysis before any: %v, want ErrNotFound", err)
	}
	for _, report := range []string{`{"game":"centercourt","decisions":[]}`, `{"game":"centercourt","decisions":[{"move":3}]}`} {
		if err := s.PutAnalysis(ctx, "an1", []byte(report)); err != nil {
			t.Fatalf("PutAnalysis: %v", err)
		}
		got, err := s.Analysis(ctx, "an1")
		if err != nil {
			t.Fatalf("Analysis: %v", err)
		}
		var a, b any
		if err := json.Unmarshal(got, &a); err != nil {
			t.Fatalf("stored report %q is not JSON: %v", got, err)
		}
		_ = json.Unmarshal([]byte(report), &b)
		ja, _ := json.Marshal(a)
		jb, _ := json.Marshal(b)
		if string(ja) != string(jb) {
			t.Errorf("Analysis = %s, want %s", got, report)
		}
	}
	if err := s.PutAnalysis(ctx, "nosuch", []byte(`{}`)); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("PutAnalysis of an unknown table: %v, want ErrNotFound", err)
	}
	if _, err := s.Analysis(ctx, "nosuch"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("Analysis of an unknown table: %v, want ErrNotFound", err)
	}
	big := `{"x":"` + strings.Repeat("a", store.MaxAnalysis) + `"}`
	if err := s.PutAnalysis(ctx, "an1", []byte(big)); err == nil {
		t.Error("PutAnalysis took a report over MaxAnalysis")
	}
}
