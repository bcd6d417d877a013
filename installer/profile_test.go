package installer

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/diwall/diwall/internal/policy"
)

func TestEnsureDefaultProfile(t *testing.T) {
	cfg := filepath.Join(t.TempDir(), "config")
	path, created, err := EnsureDefaultProfile(cfg)
	if err != nil || !created || path != filepath.Join(cfg, "profiles", "default.toml") {
		t.Fatalf("first: %q, %v, %v", path, created, err)
	}
	p, err := policy.Load(cfg, policy.DefaultName)
	if err != nil || !p.Ask || len(p.Sites) != 0 || p.Tools != nil {
		t.Errorf("the default profile: %+v, %v", p, err)
	}

	// The person's own file, even a broken one, is left alone.
	mine := []byte("sites = ['https://mine.test']\nbroken =\n")
	if err := os.WriteFile(path, mine, 0o600); err != nil {
		t.Fatal(err)
	}
	again, created, err := EnsureDefaultProfile(cfg)
	if err != nil || created || again != path {
		t.Errorf("second: %q, %v, %v", again, created, err)
	}
	if data, _ := os.ReadFile(path); string(data) != string(mine) {
		t.Errorf("an existing profile was changed: %q", data)
	}

	// Uninstall leaves profiles alone.
	o := linuxOptions(t)
	o.Dirs.Config = cfg
	if _, err := Install(o); err != nil {
		t.Fatal(err)
	}
	if _, err := Uninstall(o); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(path); err != nil {
		t.Errorf("uninstall removed the profile: %v", err)
	}
}
