// Package pgtest gives tests a PostgreSQL schema of their own in the database named by
// DEUCE_POSTGRES_URL, the way httptest gives them a server.
package pgtest

import (
	"context"
	"crypto/rand"
	"fmt"
	"net/url"
	"os"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5"
)

// URL returns DEUCE_POSTGRES_URL, or skips the test with a message when it is not set.
func URL(t testing.TB) string {
	t.Helper()
	u := os.Getenv("DEUCE_POSTGRES_URL")
	if u == "" {
		t.Skip("DEUCE_POSTGRES_URL is not set: set it to a PostgreSQL database URL (postgres://user@127.0.0.1:5432/db?sslmode=disable) to run the tests that need PostgreSQL")
	}
	return u
}

// Schema creates an empty schema, dropped when the test ends, and returns the URL of the
// database with that schema as its search path. It skips the test without DEUCE_POSTGRES_URL.
func Schema(t testing.TB) string {
	t.Helper()
	dbURL := URL(t)
	ctx := context.Background()
	conn, err := pgx.Connect(ctx, dbURL)
	if err != nil {
		t.Fatalf("connect to DEUCE_POSTGRES_URL: %v", err)
	}
	defer conn.Close(ctx)
	name := "deuce_test_" + strings.ToLower(rand.Text()[:12])
	if _, err := conn.Exec(ctx, "CREATE SCHEMA "+name); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		conn, err := pgx.Connect(ctx, dbURL)
		if err != nil {
			t.Errorf("drop schema %s: %v", name, err)
			return
		}
		defer conn.Close(ctx)
		if _, err := conn.Exec(ctx, "DROP SCHEMA "+name+" CASCADE"); err != nil {
			t.Errorf("drop schema %s: %v", name, err)
		}
	})
	if strings.HasPrefix(dbURL, "postgres://") || strings.HasPrefix(dbURL, "postgresql://") {
		u, err := url.Parse(dbURL)
		if err != nil {
			t.Fatal(err)
		}
		q := u.Query()
		q.Set("search_path", name)
		u.RawQuery = q.Encode()
		return u.String()
	}
	return fmt.Sprintf("%s search_path=%s", dbURL, name)
}
