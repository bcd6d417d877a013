package policy

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"
)

// writeProfile writes a profile file and returns the config folder.
func writeProfile(t *testing.T, name, text string) (cfg, path string) {
	t.Helper()
	cfg = t.TempDir()
	path = FilePath(cfg, name)
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(text), 0o600); err != nil {
		t.Fatal(err)
	}
	return cfg, path
}

func readText(t *testing.T, path string) string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

func TestAllowSiteText(t *testing.T) {
	const p = "https://new.test"
	cases := []struct{ name, before, after string }{
		{"empty inline", "sites = []\nask = true\n", "sites = [\"https://new.test\"]\nask = true\n"},
		{"empty with spaces", "sites = [  ]  # none yet\n", "sites = [\"https://new.test\"]  # none yet\n"},
		{"one line", "ask = true # yes\nsites = [\"https://a.test\", 'http://b.test:*'] # mine\n[budgets]\nmarks = 9\n",
			"ask = true # yes\nsites = [\"https://a.test\", 'http://b.test:*', \"https://new.test\"] # mine\n[budgets]\nmarks = 9\n"},
		{"one line trailing comma", "sites = [\"https://a.test\",]\n", "sites = [\"https://a.test\", \"https://new.test\",]\n"},
		{"lines with trailing comma",
			"sites = [\n    \"https://a.test\",  # work\n    # the shop\n    \"https://b.test\",\n]\nask = true\n",
			"sites = [\n    \"https://a.test\",  # work\n    # the shop\n    \"https://b.test\",\n    \"https://new.test\",\n]\nask = true\n"},
		{"lines without trailing comma",
			"sites = [\n\t\"https://a.test\",\n\t\"https://b.test\"  # last\n]\n",
			"sites = [\n\t\"https://a.test\",\n\t\"https://b.test\",  # last\n\t\"https://new.test\"\n]\n"},
		{"closing on the last line", "sites = [\n  \"https://a.test\",\n  \"https://b.test\"]\n",
			"sites = [\n  \"https://a.test\",\n  \"https://b.test\", \"https://new.test\"]\n"},
		{"first on the bracket line", "sites = [\"https://a.test\",\n]\n",
			"sites = [\"https://a.test\",\n  \"https://new.test\",\n]\n"},
		{"empty on lines", "sites = [\n  # nothing yet\n]\n", "sites = [\n  # nothing yet\n  \"https://new.test\",\n]\n"},
		{"no sites, a table", "# my profile\nask = true\n\n# limits\n# of mine\n[budgets]\nmarks = 3\n",
			"# my profile\nask = true\n\nsites = [\"https://new.test\"]\n\n# limits\n# of mine\n[budgets]\nmarks = 3\n"},
		{"no sites, table first", "[budgets]\nmarks = 3\n", "sites = [\"https://new.test\"]\n\n[budgets]\nmarks = 3\n"},
		{"no sites, no table", "ask = true # ask", "ask = true # ask\nsites = [\"https://new.test\"]\n"},
		{"empty file", "", "sites = [\"https://new.test\"]\n"},
		{"crlf", "sites = [\r\n  \"https://a.test\",\r\n]\r\nask = true\r\n",
			"sites = [\r\n  \"https://a.test\",\r\n  \"https://new.test\",\r\n]\r\nask = true\r\n"},
		{"quoted key", "\"sites\" = []\n", "\"sites\" = [\"https://new.test\"]\n"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			cfg, path := writeProfile(t, "work", c.before)
			if err := AllowSite(cfg, "work", p); err != nil {
				t.Fatal(err)
			}
			if got := readText(t, path); got != c.after {
				t.Errorf("got\n%s\nwant\n%s", got, c.after)
			}
			prof, err := Load(cfg, "work")
			if err != nil || !prof.Allows(p) {
				t.Errorf("after AllowSite: %v, %v", prof.Sites, err)
			}
		})
	}
}

func TestDisallowSiteText(t *testing.T) {
	const p = "https://gone.test"
	cases := []struct{ name, before, after string }{
		{"only", "sites = [\"https://gone.test\"]\n", "sites = []\n"},
		{"first", "sites = [\"https://gone.test\", \"https://a.test\"] # c\n", "sites = [\"https://a.test\"] # c\n"},
		{"middle", "sites = ['https://a.test', 'https://gone.test', 'https://b.test']\n", "sites = ['https://a.test', 'https://b.test']\n"},
		{"last", "sites = [\"https://a.test\",\"https://gone.test\"]\n", "sites = [\"https://a.test\"]\n"},
		{"normalised", "sites = [\"HTTPS://Gone.Test/\", \"https://a.test\"]\n", "sites = [\"https://a.test\"]\n"},
		{"own line",
			"sites = [\n  \"https://a.test\",\n  # gone soon\n  \"https://gone.test\",  # why\n  \"https://b.test\",\n]\n",
			"sites = [\n  \"https://a.test\",\n  # gone soon\n  \"https://b.test\",\n]\n"},
		{"own line, last, no comma", "sites = [\n  \"https://a.test\",\n  \"https://gone.test\"\n]\n[budgets]\n",
			"sites = [\n  \"https://a.test\",\n]\n[budgets]\n"},
		{"shares a line", "sites = [\n  \"https://gone.test\", \"https://a.test\",\n]\n", "sites = [\n  \"https://a.test\",\n]\n"},
		{"closing line", "sites = [\n  \"https://a.test\",\n  \"https://gone.test\"]\n", "sites = [\n  \"https://a.test\",\n  ]\n"},
		{"twice", "sites = [\"https://gone.test\", \"https://a.test\", \"https://gone.test\"]\n", "sites = [\"https://a.test\"]\n"},
		{"crlf", "sites = [\r\n  \"https://gone.test\",\r\n  \"https://a.test\",\r\n]\r\n", "sites = [\r\n  \"https://a.test\",\r\n]\r\n"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			cfg, path := writeProfile(t, "work", c.before)
			if err := DisallowSite(cfg, "work", p); err != nil {
				t.Fatal(err)
			}
			if got := readText(t, path); got != c.after {
				t.Errorf("got\n%s\nwant\n%s", got, c.after)
			}
		})
	}
}

// TestEditsKeepTheRest: allowing and disallowing change the sites line and
// nothing else, byte for byte.
func TestEditsKeepTheRest(t *testing.T) {
	cfg := t.TempDir()
	path, err := Create(cfg, "work")
	if err != nil {
		t.Fatal(err)
	}
	custom := strings.Replace(readText(t, path), "# marks = 250 ", "marks = 100  ", 1) + "\n# a note of mine at the end\n"
	if err := os.WriteFile(path, []byte(custom), 0o600); err != nil {
		t.Fatal(err)
	}
	before := strings.Split(custom, "\n")
	for _, s := range []string{"https://a.test", "http://127.0.0.1:*", "https://*.b.test"} {
		if err := AllowSite(cfg, "work", s); err != nil {
			t.Fatal(err)
		}
	}
	after := readText(t, path)
	lines := strings.Split(after, "\n")
	if len(lines) != len(before) {
		t.Fatalf("line count changed:\n%s", after)
	}
	for i := range lines {
		if before[i] == "sites = []" {
			if want := `sites = ["https://a.test", "http://127.0.0.1:*", "https://*.b.test"]`; lines[i] != want {
				t.Errorf("sites line %q, want %q", lines[i], want)
			}
		} else if lines[i] != before[i] {
			t.Errorf("line %d changed: %q -> %q", i+1, before[i], lines[i])
		}
	}
	p, err := Load(cfg, "work")
	if err != nil || p.Marks != 100 || !p.Ask || len(p.Sites) != 3 {
		t.Errorf("after edits: %+v, %v", p, err)
	}

	// Allowing again is a no-op; the file is not even rewritten.
	fi, _ := os.Stat(path)
	if err := AllowSite(cfg, "work", "HTTPS://A.test/"); err != nil {
		t.Fatal(err)
	}
	if fi2, _ := os.Stat(path); !os.SameFile(fi, fi2) || readText(t, path) != after {
		t.Error("allowing a listed site rewrote the file")
	}

	for _, s := range []string{"https://a.test", "http://127.0.0.1:*", "https://*.b.test"} {
		if err := DisallowSite(cfg, "work", s); err != nil {
			t.Fatal(err)
		}
	}
	if got := readText(t, path); got != custom {
		t.Errorf("allow then disallow is not the identity:\n%s", got)
	}
	if runtime.GOOS != "windows" {
		if fi, err := os.Stat(path); err != nil || fi.Mode().Perm() != 0o600 {
			t.Errorf("mode after edits: %v, %v", fi.Mode(), err)
		}
	}
	if entries, _ := os.ReadDir(filepath.Dir(path)); len(entries) != 1 {
		t.Errorf("temporary files left: %v", entries)
	}
}

func TestEditRefusals(t *testing.T) {
	cfg, path := writeProfile(t, "work", "sites = [\"https://a.test\"]\n")
	if err := DisallowSite(cfg, "work", "https://b.test"); !errors.Is(err, ErrNotListed) {
		t.Errorf("disallowing an unlisted site: %v", err)
	}
	for _, bad := range []string{"htp://x", "https://a.test/path", ""} {
		if err := AllowSite(cfg, "work", bad); err == nil {
			t.Errorf("AllowSite(%q) accepted", bad)
		}
	}
	if err := AllowSite(cfg, "nobody", "https://a.test"); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("AllowSite on a missing profile: %v", err)
	}
	if _, err := os.Stat(FilePath(cfg, "nobody")); !errors.Is(err, fs.ErrNotExist) {
		t.Error("AllowSite created a profile other than default")
	}
	if err := AllowSite(cfg, "../work", "https://a.test"); err == nil {
		t.Error("AllowSite accepted a path as a name")
	}

	malformed := "sites = [\"https://a.test\"]\ncolour = 1\n"
	if err := os.WriteFile(path, []byte(malformed), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := AllowSite(cfg, "work", "https://b.test"); !IsMalformed(err) {
		t.Errorf("AllowSite on a malformed file: %v", err)
	}
	if err := DisallowSite(cfg, "work", "https://a.test"); !IsMalformed(err) {
		t.Errorf("DisallowSite on a malformed file: %v", err)
	}
	if readText(t, path) != malformed {
		t.Error("a malformed file was edited")
	}
}

func TestAllowSiteCreatesDefault(t *testing.T) {
	cfg := t.TempDir()
	if err := AllowSite(cfg, DefaultName, "https://a.test"); err != nil {
		t.Fatal(err)
	}
	p, err := Load(cfg, DefaultName)
	if err != nil || !p.Ask || !p.Allows("https://a.test") || len(p.Sites) != 1 {
		t.Errorf("default after AllowSite: %+v, %v", p, err)
	}
	if !strings.Contains(readText(t, FilePath(cfg, DefaultName)), "# Clicking \"Always\"") {
		t.Error("the default profile was not made from the template")
	}
}

func TestAllowSiteThroughSymlink(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("symbolic links need privileges on Windows")
	}
	cfg := t.TempDir()
	resolved := filepath.Join(t.TempDir(), "dotfiles", "work.toml")
	if err := os.MkdirAll(filepath.Dir(resolved), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(resolved, []byte("ask = true\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(cfg, "profiles"), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(resolved, FilePath(cfg, "work")); err != nil {
		t.Fatal(err)
	}
	if err := AllowSite(cfg, "work", "https://a.test"); err != nil {
		t.Fatal(err)
	}
	if fi, err := os.Lstat(FilePath(cfg, "work")); err != nil || fi.Mode()&os.ModeSymlink == 0 {
		t.Errorf("the link was replaced: %v", err)
	}
	if got := readText(t, resolved); got != "ask = true\nsites = [\"https://a.test\"]\n" {
		t.Errorf("the link's target: %q", got)
	}
}

func TestConcurrentAllowSite(t *testing.T) {
	cfg := t.TempDir()
	if _, err := Create(cfg, "work"); err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	var want []Site
	for i := range 20 {
		s := Site{Scheme: "https", Host: fmt.Sprintf("s%d.test", i)}
		want = append(want, s)
		wg.Add(1)
		go func() {
			defer wg.Done()
			if err := AllowSite(cfg, "work", s.String()); err != nil {
				t.Error(err)
			}
		}()
	}
	wg.Wait()
	p, err := Load(cfg, "work")
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range want {
		if !slices.Contains(p.Sites, s) {
			t.Errorf("%s was lost", s)
		}
	}
}

// TestEditRetriesAfterAConcurrentEdit: a person who saves the file while
// AllowSite writes it loses nothing; AllowSite starts over from their text.
func TestEditRetriesAfterAConcurrentEdit(t *testing.T) {
	cfg, path := writeProfile(t, "work", "sites = []\nask = true\n")
	edits := 0
	testHookBeforeReplace = func(p string) {
		if edits++; edits == 1 {
			if err := os.WriteFile(p, []byte("sites = []\nask = true\naudit_images = true # mine\n"), 0o600); err != nil {
				t.Fatal(err)
			}
		}
	}
	defer func() { testHookBeforeReplace = nil }()
	if err := AllowSite(cfg, "work", "https://a.test"); err != nil {
		t.Fatal(err)
	}
	if got, want := readText(t, path), "sites = [\"https://a.test\"]\nask = true\naudit_images = true # mine\n"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	if edits != 2 {
		t.Errorf("%d attempts, want 2", edits)
	}

	testHookBeforeReplace = func(p string) {
		if err := os.WriteFile(p, []byte(fmt.Sprintf("ask = true\n# %d\n", edits)), 0o600); err != nil {
			t.Error(err)
		}
		edits++
	}
	if err := AllowSite(cfg, "work", "https://b.test"); err == nil || !strings.Contains(err.Error(), "kept changing") {
		t.Errorf("a file that never settles: %v", err)
	}
	if entries, _ := os.ReadDir(filepath.Dir(path)); len(entries) != 1 {
		t.Errorf("temporary files left: %v", entries)
	}
}

// TestAllowConfirmed: "Always for this site and kind" adds an entry to
// confirm_always, creating the key when the file has none, keeps the rest
// of the file, and adds nothing twice.
func TestAllowConfirmed(t *testing.T) {
	cfg, path := writeProfile(t, "shop", "# mine\nconfirm = [\"purchase\", \"submit\"]\n\n[budgets]\nmarks = 9\n")
	if err := AllowConfirmed(cfg, "shop", "purchase", "https://shop.test"); err != nil {
		t.Fatal(err)
	}
	if err := AllowConfirmed(cfg, "shop", "submit", "http://127.0.0.1:8080"); err != nil {
		t.Fatal(err)
	}
	if err := AllowConfirmed(cfg, "shop", "purchase", "https://shop.test"); err != nil {
		t.Fatal(err)
	}
	want := "# mine\nconfirm = [\"purchase\", \"submit\"]\n\nconfirm_always = [\"purchase https://shop.test\", \"submit http://127.0.0.1:8080\"]\n\n[budgets]\nmarks = 9\n"
	if got := readText(t, path); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	p, err := Load(cfg, "shop")
	if err != nil {
		t.Fatal(err)
	}
	if p.Confirms("purchase", "https://shop.test") || !p.Confirms("purchase", "https://other.test") || p.Confirms("submit", "http://127.0.0.1:8080") {
		t.Errorf("after the two answers: %+v", p.ConfirmAlways)
	}
	for _, bad := range [][2]string{{"pay", "https://shop.test"}, {"purchase", "shop.test"}} {
		if err := AllowConfirmed(cfg, "shop", bad[0], bad[1]); err == nil {
			t.Errorf("AllowConfirmed(%s, %s) took it", bad[0], bad[1])
		}
	}
}

// TestAllowShared: "Always" for a share question adds "share FROM TO" to
// confirm_always, once, and the pair is then shared in that direction
// only.
func TestAllowShared(t *testing.T) {
	cfg, path := writeProfile(t, "mail", "private = [\"https://mail.test\"]\n")
	for range 2 {
		if err := AllowShared(cfg, "mail", "https://mail.test", "http://127.0.0.1:8080"); err != nil {
			t.Fatal(err)
		}
	}
	want := "private = [\"https://mail.test\"]\nconfirm_always = [\"share https://mail.test http://127.0.0.1:8080\"]\n"
	if got := readText(t, path); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	p, err := Load(cfg, "mail")
	if err != nil {
		t.Fatal(err)
	}
	if !p.Shares("https://mail.test", "http://127.0.0.1:8080") || p.Shares("https://mail.test", "http://127.0.0.1:8081") {
		t.Errorf("after the answer: %+v", p.ConfirmAlways)
	}
	if err := AllowShared(cfg, "mail", "https://mail.test", "not-a-site"); err == nil {
		t.Error("AllowShared took a receiving site that is not an origin pattern")
	}
}
