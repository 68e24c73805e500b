package web_test

import (
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/pem"
	"math/big"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"deuce/store/sqlite"
	"deuce/web"
)

// selfSigned writes a certificate for 127.0.0.1 and its key as PEM files into dir, and returns
// their paths and a pool that trusts the certificate.
func selfSigned(t *testing.T, dir string) (certFile, keyFile string, pool *x509.CertPool) {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	tmpl := &x509.Certificate{
		SerialNumber: big.NewInt(1), Subject: pkix.Name{CommonName: "deuce test"},
		NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(time.Hour),
		IPAddresses: []net.IP{net.ParseIP("127.0.0.1")}, KeyUsage: x509.KeyUsageDigitalSignature,
		ExtKeyUsage: []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		t.Fatal(err)
	}
	keyDER, err := x509.MarshalECPrivateKey(key)
	if err != nil {
		t.Fatal(err)
	}
	certFile, keyFile = filepath.Join(dir, "cert.pem"), filepath.Join(dir, "key.pem")
	if err := os.WriteFile(certFile, pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der}), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(keyFile, pem.EncodeToMemory(&pem.Block{Type: "EC PRIVATE KEY", Bytes: keyDER}), 0o600); err != nil {
		t.Fatal(err)
	}
	cert, _ := x509.ParseCertificate(der)
	pool = x509.NewCertPool()
	pool.AddCert(cert)
	return certFile, keyFile, pool
}

// Given a certificate and key, the server serves HTTPS itself: its address is https, a session
// cookie is Secure, and plain HTTP gets no page. A key that does not match fails the start.
func TestServeTLS(t *testing.T) {
	dir := t.TempDir()
	certFile, keyFile, pool := selfSigned(t, dir)
	s := startWith(t, filepath.Join(dir, "deuce.db"), func(m *web.Main) { m.TLSCert, m.TLSKey = certFile, keyFile })
	if !strings.HasPrefix(s.url, "https://127.0.0.1:") {
		t.Fatalf("URL %s, want https", s.url)
	}
	client := &http.Client{Transport: &http.Transport{TLSClientConfig: &tls.Config{RootCAs: pool}}}
	req, _ := http.NewRequest("POST", s.url+"/api/account/signup", strings.NewReader(`{"name":"ann","password":"correct horse"}`))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Origin", s.url)
	resp, err := client.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusCreated || len(resp.Cookies()) == 0 {
		t.Fatalf("sign-up over TLS: %d, cookies %v", resp.StatusCode, resp.Cookies())
	}
	for _, c := range resp.Cookies() {
		if !c.Secure {
			t.Errorf("cookie %s is not Secure over TLS", c.Name)
		}
	}
	if resp, err := http.Get("http://" + strings.TrimPrefix(s.url, "https://") + "/api/games"); err == nil {
		resp.Body.Close()
		if resp.StatusCode == http.StatusOK {
			t.Error("plain HTTP got the games from a server serving HTTPS")
		}
	}

	// Another certificate's key: refused before anything listens.
	_, otherKey, _ := selfSigned(t, t.TempDir())
	db, err := sqlite.Open(context.Background(), filepath.Join(dir, "other.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	m := &web.Main{Addr: "127.0.0.1:0", Store: db, TLSCert: certFile, TLSKey: otherKey}
	if err := m.Open(context.Background()); err == nil || !strings.Contains(err.Error(), "tls") {
		t.Errorf("a key of another certificate: %v, want a tls error", err)
		if err == nil {
			m.Close(context.Background())
		}
	}
}
