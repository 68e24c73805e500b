package web

import (
	"testing"
	"time"
)

func TestSpokenDuration(t *testing.T) {
	for _, tc := range []struct {
		d    time.Duration
		want string
	}{
		{30 * time.Minute, "30 minutes"},
		{time.Minute, "1 minute"},
		{2 * time.Hour, "2 hours"},
		{90 * time.Second, "90 seconds"},
		{time.Second, "1 second"},
		{1500 * time.Millisecond, "2 seconds"},
	} {
		if got := spokenDuration(tc.d); got != tc.want {
			t.Errorf("spokenDuration(%v) = %q, want %q", tc.d, got, tc.want)
		}
	}
}
