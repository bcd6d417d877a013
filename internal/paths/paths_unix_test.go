//go:build !windows && !darwin

package paths

import (
	"os"
	"path/filepath"
	"testing"
)

func env(m map[string]string) func(string) string { return func(k string) string { return m[k] } }

// TestResolveFollowsXDG: the XDG folders when set and absolute, the
// usual ones under home otherwise; logs live in the state folder.
func TestResolveFollowsXDG(t *testing.T) {
	d := Resolve(env(nil), "/home/u")
	want := Dirs{Config: "/home/u/.config/diwall", State: "/home/u/.local/state/diwall",
		Logs: "/home/u/.local/state/diwall/logs", Data: "/home/u/.local/share/diwall"}
	if d != want {
		t.Errorf("no XDG: %+v, want %+v", d, want)
	}
	d = Resolve(env(map[string]string{"XDG_CONFIG_HOME": "/c", "XDG_STATE_HOME": "/s", "XDG_DATA_HOME": "relative/d"}), "/home/u")
	want = Dirs{Config: "/c/diwall", State: "/s/diwall", Logs: "/s/diwall/logs", Data: "/home/u/.local/share/diwall"}
	if d != want {
		t.Errorf("XDG (a relative one ignored): %+v, want %+v", d, want)
	}
}

// TestDiwallHomeHoldsEverything: DIWALL_HOME, even relative, puts every
// folder and file under its absolute path.
func TestDiwallHomeHoldsEverything(t *testing.T) {
	t.Chdir(t.TempDir())
	wd, _ := os.Getwd()
	d := Resolve(env(map[string]string{"DIWALL_HOME": "h", "XDG_STATE_HOME": "/s"}), "/home/u")
	h := filepath.Join(wd, "h")
	for got, want := range map[string]string{
		d.ExtensionDir(): filepath.Join(h, "data", "extension"),
		d.AuditDir():     filepath.Join(h, "state", "audit"),
		d.VaultDir():     filepath.Join(h, "state", "vault"),
		d.VaultKey():     filepath.Join(h, "data", "vault.key"),
		d.HostLog():      filepath.Join(h, "logs", "host.log"),
		d.Config:         filepath.Join(h, "config"),
	} {
		if got != want {
			t.Errorf("%s, want %s", got, want)
		}
	}
	// The vault's key is not kept in the folder of the file it opens.
	if filepath.Dir(d.VaultKey()) == d.VaultDir() {
		t.Error("the vault key sits beside the vault")
	}
}

// TestEnsureMakesPrivateFolders: every folder made, for the user alone.
func TestEnsureMakesPrivateFolders(t *testing.T) {
	t.Setenv("DIWALL_HOME", filepath.Join(t.TempDir(), "home"))
	d := Default()
	if err := d.Ensure(); err != nil {
		t.Fatal(err)
	}
	for _, dir := range []string{d.Config, d.State, d.Logs, d.Data} {
		st, err := os.Stat(dir)
		if err != nil {
			t.Fatal(err)
		}
		if !st.IsDir() || st.Mode().Perm() != 0o700 {
			t.Errorf("%s: %v, want a folder with 0700", dir, st.Mode())
		}
	}
	// A folder that cannot be made is an error.
	blocked := filepath.Join(t.TempDir(), "file")
	if err := os.WriteFile(blocked, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	if err := (Dirs{Config: filepath.Join(blocked, "config")}).Ensure(); err == nil {
		t.Error("Ensure under a file succeeded")
	}
}
