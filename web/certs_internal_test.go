package web

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/pem"
	"log/slog"
	"math/big"
	"os"
	"path/filepath"
	"testing"
	"time"
)

// writePair writes a self-signed certificate named cn and its key into dir, dated at.
func writePair(t *testing.T, dir, cn string, at time.Time) {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	tmpl := &x509.Certificate{SerialNumber: big.NewInt(1), Subject: pkix.Name{CommonName: cn},
		NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(time.Hour)}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		t.Fatal(err)
	}
	kd, _ := x509.MarshalECPrivateKey(key)
	for name, block := range map[string]*pem.Block{"cert.pem": {Type: "CERTIFICATE", Bytes: der}, "key.pem": {Type: "EC PRIVATE KEY", Bytes: kd}} {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, pem.EncodeToMemory(block), 0o600); err != nil {
			t.Fatal(err)
		}
		if err := os.Chtimes(path, at, at); err != nil {
			t.Fatal(err)
		}
	}
}

// A renewed certificate is served after the next look at the files, without a restart; files
// that do not load leave the last good certificate serving.
func TestCertificateRenewed(t *testing.T) {
	dir := t.TempDir()
	day := time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC)
	writePair(t, dir, "first", day)
	r, err := newCertReloader(filepath.Join(dir, "cert.pem"), filepath.Join(dir, "key.pem"), slog.New(slog.DiscardHandler))
	if err != nil {
		t.Fatal(err)
	}
	clock := time.Now()
	r.now = func() time.Time { return clock }
	served := func() string {
		t.Helper()
		c, err := r.GetCertificate(nil)
		if err != nil {
			t.Fatal(err)
		}
		leaf, err := x509.ParseCertificate(c.Certificate[0])
		if err != nil {
			t.Fatal(err)
		}
		return leaf.Subject.CommonName
	}
	if got := served(); got != "first" {
		t.Fatalf("served %q, want first", got)
	}
	writePair(t, dir, "renewed", day.Add(24*time.Hour))
	if got := served(); got != "first" {
		t.Errorf("served %q before the next look, want first", got)
	}
	clock = clock.Add(certCheckEvery)
	if got := served(); got != "renewed" {
		t.Errorf("served %q after the files changed, want renewed", got)
	}
	os.WriteFile(filepath.Join(dir, "key.pem"), []byte("half written"), 0o600)
	os.Chtimes(filepath.Join(dir, "key.pem"), day.Add(48*time.Hour), day.Add(48*time.Hour))
	clock = clock.Add(certCheckEvery)
	if got := served(); got != "renewed" {
		t.Errorf("served %q with a broken key on disk, want the last good one", got)
	}
}
