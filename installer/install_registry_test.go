package installer

import (
	"io/fs"
	"os"
	"path/filepath"
	"testing"

	"github.com/diwall/diwall/internal/paths"
)

// fakeRegistry is HKEY_CURRENT_USER as a map from key to default value.
type fakeRegistry map[string]string

func (r fakeRegistry) SetDefault(key, value string) error { r[key] = value; return nil }
func (r fakeRegistry) DeleteKey(key string) error         { delete(r, key); return nil }
func (r fakeRegistry) Default(key string) (string, error) {
	v, ok := r[key]
	if !ok {
		return "", fs.ErrNotExist
	}
	return v, nil
}

func windowsOptions(t *testing.T) (Options, fakeRegistry) {
	t.Helper()
	root := t.TempDir()
	reg := fakeRegistry{}
	return Options{
		GOOS:       "windows",
		Home:       filepath.Join(root, "home"),
		BinaryPath: fakeBinary(t, root, "diwall.exe"),
		Dirs:       paths.Resolve(func(k string) string { return map[string]string{"DIWALL_HOME": root}[k] }, root),
		Registry:   reg,
		Installed:  func(Target) bool { return true },
	}, reg
}

func TestInstallWindows(t *testing.T) {
	o, reg := windowsOptions(t)
	rep, err := Install(o)
	if err != nil {
		t.Fatal(err)
	}
	manifest := filepath.Join(o.Dirs.Data, ManifestFileName)
	if rep.Manifest.Action != Installed || rep.Manifest.Manifest != manifest {
		t.Errorf("manifest result = %+v", rep.Manifest)
	}
	m, err := ReadManifest(manifest)
	if err != nil {
		t.Fatal(err)
	}
	if m.Path != o.BinaryPath {
		t.Errorf("manifest path = %q, want %q", m.Path, o.BinaryPath)
	}
	wantKeys := []string{
		`Software\Google\Chrome\NativeMessagingHosts\com.diwall.host`,
		`Software\Chromium\NativeMessagingHosts\com.diwall.host`,
		`Software\Microsoft\Edge\NativeMessagingHosts\com.diwall.host`,
	}
	if len(reg) != len(wantKeys) {
		t.Errorf("registry = %v, want %d keys", reg, len(wantKeys))
	}
	for _, k := range wantKeys {
		if reg[k] != manifest {
			t.Errorf("HKCU\\%s = %q, want %q", k, reg[k], manifest)
		}
	}
	for _, r := range rep.Results {
		if r.Action != Installed {
			t.Errorf("%s: %s (%s)", r.Browser, r.Action, r.Detail)
		}
	}

	checks := Doctor(DoctorOptions{Options: o, Running: noneRunning, HostStatus: func() (bool, string) { return true, "up" }})
	for _, c := range checks {
		if c.Name != "extension folder" && !c.OK && !c.Unknown {
			t.Errorf("doctor: %+v", c)
		}
	}
}

func TestUninstallWindows(t *testing.T) {
	o, reg := windowsOptions(t)
	if _, err := Install(o); err != nil {
		t.Fatal(err)
	}
	manifest := filepath.Join(o.Dirs.Data, ManifestFileName)
	edgeKey := `Software\Microsoft\Edge\NativeMessagingHosts\com.diwall.host`
	foreign := filepath.Join(t.TempDir(), "other.json")
	if err := os.WriteFile(foreign, []byte(`{"name":"com.example.other"}`), 0o644); err != nil {
		t.Fatal(err)
	}
	reg[edgeKey] = foreign

	// Uninstalling Chrome alone keeps the manifest Chromium's key still names.
	o.Browsers = []string{Chrome}
	rep, err := Uninstall(o)
	if err != nil {
		t.Fatal(err)
	}
	if rep.Results[0].Action != Removed || rep.Manifest.Action != Kept {
		t.Errorf("chrome only: %+v, manifest %+v", rep.Results, rep.Manifest)
	}
	if _, err := os.Stat(manifest); err != nil {
		t.Errorf("manifest removed while a key names it: %v", err)
	}

	o.Browsers = nil
	rep, err = Uninstall(o)
	if err != nil {
		t.Fatal(err)
	}
	got := results(rep)
	want := map[string]Action{Chrome: Absent, Chromium: Removed, Edge: Kept, Brave: Removed}
	for b, a := range want {
		if got[b].Action != a {
			t.Errorf("%s: %s (%s), want %s", b, got[b].Action, got[b].Detail, a)
		}
	}
	if rep.Manifest.Action != Removed {
		t.Errorf("manifest: %+v, want removed", rep.Manifest)
	}
	if reg[edgeKey] != foreign || len(reg) != 1 {
		t.Errorf("registry after uninstall = %v, want only the foreign Edge key", reg)
	}
	if _, err := os.Stat(foreign); err != nil {
		t.Errorf("foreign manifest touched: %v", err)
	}
}
