package vault

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"testing"
)

const planted = "pw-PLANTED-4471"

func fileVault(t *testing.T) (*Vault, string) { return newVault(t, StoreFile) }

// newVault is a vault in a folder of its own whose new credentials go to
// store; it returns the folder too.
func newVault(t *testing.T, store string) (*Vault, string) {
	t.Helper()
	home := t.TempDir()
	v, err := Open(Options{Dir: filepath.Join(home, "state", "vault"), KeyFile: filepath.Join(home, "data", "vault.key"), Store: store})
	if err != nil {
		t.Fatal(err)
	}
	return v, home
}

func TestFileVaultRoundTrip(t *testing.T) {
	v, home := fileVault(t)
	e, replaced, err := v.Add("work-gitlab", []string{"https://GitLab.example.com:443/", "http://127.0.0.1:8080"}, Secret{Username: "alice@example.com", Password: planted})
	if err != nil || replaced {
		t.Fatal(err, replaced)
	}
	if e.Store != StoreFile || len(e.Origins) != 2 || e.Origins[0] != "https://gitlab.example.com" {
		t.Fatalf("entry %+v", e)
	}
	list, err := v.List()
	if err != nil || len(list) != 1 || list[0].ID != "work-gitlab" {
		t.Fatalf("list %+v %v", list, err)
	}
	s, err := v.Secret("work-gitlab")
	if err != nil || s.Password != planted || s.Username != "alice@example.com" {
		t.Fatalf("secret %+v %v", s, err)
	}
	// A second vault over the same folders reads it too (another process).
	v2, _ := Open(Options{Dir: v.opts.Dir, KeyFile: v.opts.KeyFile})
	if s, err := v2.Secret("work-gitlab"); err != nil || s.Password != planted {
		t.Fatalf("reopened: %v", err)
	}
	if _, replaced, err := v.Add("work-gitlab", []string{"https://gitlab.example.com"}, Secret{Username: "alice", Password: "new-" + planted}); err != nil || !replaced {
		t.Fatalf("replace: %v %v", replaced, err)
	}
	if _, _, err := v.Add("second", []string{"https://b.example"}, Secret{Username: "bob", Password: "pw2"}); err != nil {
		t.Fatal(err)
	}
	// Nothing on disk holds a secret in clear, and every file is 0600.
	_ = filepath.Walk(home, func(path string, info os.FileInfo, err error) error {
		if err != nil || info.IsDir() {
			return err
		}
		data, _ := os.ReadFile(path)
		if bytes.Contains(data, []byte(planted)) || bytes.Contains(data, []byte("alice")) {
			t.Errorf("%s holds a secret in clear", path)
		}
		if info.Mode().Perm() != 0o600 {
			t.Errorf("%s has mode %v", path, info.Mode().Perm())
		}
		return nil
	})
	if err := v.Remove("work-gitlab"); err != nil {
		t.Fatal(err)
	}
	if _, err := v.Secret("work-gitlab"); !errors.Is(err, ErrUnknown) {
		t.Fatalf("removed credential: %v", err)
	}
	if s, err := v.Secret("second"); err != nil || s.Password != "pw2" {
		t.Fatalf("the other credential after a removal: %v", err)
	}
	if err := v.Remove("work-gitlab"); !errors.Is(err, ErrUnknown) {
		t.Fatalf("removing twice: %v", err)
	}
}

func TestFileVaultRefusesAnotherKey(t *testing.T) {
	v, _ := fileVault(t)
	if _, _, err := v.Add("a", []string{"https://a.example"}, Secret{Password: "x"}); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(v.opts.KeyFile, bytes.Repeat([]byte{7}, 32), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := v.Secret("a"); err == nil {
		t.Fatal("decrypted under another key")
	}
}

func TestBadInput(t *testing.T) {
	v, _ := fileVault(t)
	for _, c := range []struct {
		id      string
		origins []string
		pw      string
	}{
		{"bad id", []string{"https://a.example"}, "x"},
		{"ok", nil, "x"},
		{"ok", []string{"https://a.example/login"}, "x"},
		{"ok", []string{"https://*.example.com"}, "x"},
		{"ok", []string{"ftp://a.example"}, "x"},
		{"ok", []string{"https://a.example"}, ""},
	} {
		if _, _, err := v.Add(c.id, c.origins, Secret{Password: c.pw}); err == nil {
			t.Errorf("Add(%q, %v) was accepted", c.id, c.origins)
		}
	}
	if _, err := Open(Options{Store: "cloud"}); err == nil {
		t.Error("an unknown store was accepted")
	}
}

func TestEntryAllows(t *testing.T) {
	e := Entry{Origins: []string{"https://login.example.com", "http://127.0.0.1:8080"}}
	for origin, want := range map[string]bool{
		"https://login.example.com":      true,
		"https://LOGIN.example.com:443":  true,
		"http://127.0.0.1:8080":          true,
		"http://localhost:8080":          false,
		"https://login.example.com.evil": false,
		"http://login.example.com":       false,
		"https://example.com":            false,
		"":                               false,
	} {
		if got := e.Allows(origin); got != want {
			t.Errorf("Allows(%q) = %v", origin, got)
		}
	}
}
