package policy

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"
)

func TestStoreBuiltins(t *testing.T) {
	cfg := t.TempDir()
	s := NewStore(cfg, map[string]Profile{DefaultName: Default()})
	p, err := s.Get(DefaultName)
	if err != nil || !reflect.DeepEqual(p, Default()) {
		t.Errorf("built-in default: %+v, %v", p, err)
	}
	if _, err := s.Get("work"); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("a missing profile without a built-in: %v", err)
	}
	if _, err := s.Get("../x"); err == nil {
		t.Error("Get accepted a path")
	}

	// A file replaces the built-in, and its removal brings it back.
	path, err := Create(cfg, DefaultName)
	if err != nil {
		t.Fatal(err)
	}
	if p, err := s.Get(DefaultName); err != nil || p.Path != path {
		t.Errorf("default.toml: %+v, %v", p, err)
	}
	os.Remove(path)
	if p, err := s.Get(DefaultName); err != nil || p.Path != "" {
		t.Errorf("default.toml removed: %+v, %v", p, err)
	}
}

// setModTime gives a file a modification time well in the past, so that
// the store trusts its stat.
func setModTime(t *testing.T, path string, mod time.Time) {
	t.Helper()
	if err := os.Chtimes(path, mod, mod); err != nil {
		t.Fatal(err)
	}
}

func TestStoreReloads(t *testing.T) {
	cfg, path := writeProfile(t, "work", "sites = [\"https://a.test\"]\n")
	old := time.Now().Add(-time.Hour).Truncate(time.Second)
	setModTime(t, path, old)
	s := NewStore(cfg, nil)
	p, err := s.Get("work")
	if err != nil || !p.Allows("https://a.test") {
		t.Fatalf("first Get: %+v, %v", p, err)
	}

	// Same size and time: the stat says unchanged, and the file is not read.
	if err := os.WriteFile(path, []byte("sites = [\"https://b.test\"]\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	setModTime(t, path, old)
	if p, _ := s.Get("work"); !p.Allows("https://a.test") {
		t.Error("the stat said unchanged, yet the file was read again")
	}

	// A new time: read again.
	setModTime(t, path, old.Add(time.Second))
	if p, _ := s.Get("work"); !p.Allows("https://b.test") || p.Allows("https://a.test") {
		t.Errorf("after a change of time: %v", p.Sites)
	}

	// A new size, same time: read again.
	if err := os.WriteFile(path, []byte("sites = [\"https://cc.test\"]\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	setModTime(t, path, old.Add(time.Second))
	if p, _ := s.Get("work"); !p.Allows("https://cc.test") {
		t.Errorf("after a change of size: %v", p.Sites)
	}

	// A malformed edit keeps the last good version in force, and says why.
	if err := os.WriteFile(path, []byte("sites = [\"https://cc.test\"]\ncolour = 1\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	setModTime(t, path, old.Add(2*time.Second))
	for range 2 { // and asked again
		p, err := s.Get("work")
		if err != nil || !p.Allows("https://cc.test") || !IsMalformed(p.EditRefused) {
			t.Errorf("a malformed edit: %v, %v, refused %v", p.Sites, err, p.EditRefused)
		}
	}
	// A second bad edit still keeps the last good version.
	if err := os.WriteFile(path, []byte("sites = [\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	setModTime(t, path, old.Add(3*time.Second))
	if p, err := s.Get("work"); err != nil || !p.Allows("https://cc.test") || !strings.Contains(fmt.Sprint(p.EditRefused), `key "sites"`) {
		t.Errorf("a second malformed edit: %v, %v, refused %v", p.Sites, err, p.EditRefused)
	}
	if err := os.WriteFile(path, []byte("sites = [\"https://d.test\"]\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	setModTime(t, path, old.Add(4*time.Second))
	if p, err := s.Get("work"); err != nil || !p.Allows("https://d.test") || p.EditRefused != nil {
		t.Errorf("fixed again: %v, %v, refused %v", p.Sites, err, p.EditRefused)
	}
	// A store that never read a good version refuses a malformed file.
	if err := os.WriteFile(path, []byte("sites = [\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := NewStore(cfg, nil).Get("work"); !IsMalformed(err) {
		t.Errorf("a malformed file with nothing good before it: %v", err)
	}
	if err := os.WriteFile(path, []byte("sites = [\"https://d.test\"]\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	setModTime(t, path, old.Add(5*time.Second))

	// Removed: an error, since there is no built-in.
	os.Remove(path)
	if _, err := s.Get("work"); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("removed: %v", err)
	}
}

// TestStoreRacyChange: a file changed twice within one tick of its
// modification time, to the same size, is still read again.
func TestStoreRacyChange(t *testing.T) {
	cfg, path := writeProfile(t, "work", "sites = [\"https://a.test\"]\n")
	now := time.Now().Truncate(time.Second)
	setModTime(t, path, now)
	s := NewStore(cfg, nil)
	if p, _ := s.Get("work"); !p.Allows("https://a.test") {
		t.Fatal("first Get")
	}
	if err := os.WriteFile(path, []byte("sites = [\"https://b.test\"]\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	setModTime(t, path, now)
	if p, _ := s.Get("work"); !p.Allows("https://b.test") {
		t.Errorf("a change within the same second was missed: %v", p.Sites)
	}
}

func TestStoreAfterAllowSite(t *testing.T) {
	cfg := t.TempDir()
	s := NewStore(cfg, map[string]Profile{DefaultName: Default()})
	if p, _ := s.Get(DefaultName); p.Allows("https://a.test") {
		t.Fatal("the built-in allows a site")
	}
	for _, site := range []string{"https://a.test", "https://b.test"} {
		if err := AllowSite(cfg, DefaultName, site); err != nil {
			t.Fatal(err)
		}
		if p, err := s.Get(DefaultName); err != nil || !p.Allows(site) {
			t.Errorf("after AllowSite(%s): %v, %v", site, p.Sites, err)
		}
	}
	if err := DisallowSite(cfg, DefaultName, "https://a.test"); err != nil {
		t.Fatal(err)
	}
	if p, _ := s.Get(DefaultName); p.Allows("https://a.test") || !p.Allows("https://b.test") {
		t.Errorf("after DisallowSite: %v", p.Sites)
	}
}

func TestStoreHandsOutCopies(t *testing.T) {
	cfg, _ := writeProfile(t, "work", "sites = [\"https://a.test\"]\ntools = [\"observe\"]\n")
	s := NewStore(cfg, map[string]Profile{"launch": Launch()})
	p, _ := s.Get("work")
	p.Sites[0].Host = "evil.test"
	p.Tools[0] = "login"
	if q, _ := s.Get("work"); q.Sites[0].Host != "a.test" || q.Tools[0] != "observe" {
		t.Errorf("a caller changed the stored profile: %+v", q)
	}
	l, _ := s.Get("launch")
	l.Sites[0].Host = "only.test"
	if l2, _ := s.Get("launch"); l2.Sites[0].Host != "*" {
		t.Error("a caller changed a built-in")
	}
}

func TestStoreConcurrentGets(t *testing.T) {
	cfg, path := writeProfile(t, "work", "sites = [\"https://a.test\"]\n")
	s := NewStore(cfg, map[string]Profile{DefaultName: Default()})
	var wg sync.WaitGroup
	for i := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range 50 {
				if i == 0 && j%10 == 0 {
					if err := AllowSite(cfg, "work", "https://b.test"); err != nil {
						t.Error(err)
					}
					if err := DisallowSite(cfg, "work", "https://b.test"); err != nil {
						t.Error(err)
					}
				}
				if p, err := s.Get("work"); err != nil || !p.Allows("https://a.test") {
					t.Errorf("Get: %v, %v", p.Sites, err)
					return
				}
				_, _ = s.Get(DefaultName)
			}
		}()
	}
	wg.Wait()
	if p, _ := s.Get("work"); len(p.Sites) != 1 || p.Path != path {
		t.Errorf("at the end: %+v", p)
	}
}
