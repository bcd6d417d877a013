package cli

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/diwall/diwall/internal/policy"
)

// TestInstallCreatesTheDefaultProfile runs diwall install in a home and a
// DIWALL_HOME of its own; on Windows install would write the real registry.
func TestInstallCreatesTheDefaultProfile(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("install writes HKEY_CURRENT_USER on Windows")
	}
	home := t.TempDir()
	t.Setenv("HOME", home)
	t.Setenv("CHROME_CONFIG_HOME", "")
	t.Setenv("XDG_CONFIG_HOME", "")
	dir := profileHome(t)
	path := filepath.Join(dir, "default.toml")

	code, out, errOut := run("install")
	if code != 0 {
		t.Fatalf("install: %d\n%s\n%s", code, out, errOut)
	}
	if want := "created   default profile: " + path + " (no sites yet: every site is asked for in the browser)\n"; !strings.Contains(out, want) {
		t.Errorf("install output lacks %q:\n%s", want, out)
	}
	p, err := policy.Load(filepath.Dir(dir), policy.DefaultName)
	if err != nil || !p.Ask || len(p.Sites) != 0 {
		t.Errorf("default profile: %+v, %v", p, err)
	}

	mine := "ask = true\nsites = ['https://mine.test']\n"
	if err := os.WriteFile(path, []byte(mine), 0o600); err != nil {
		t.Fatal(err)
	}
	code, out, _ = run("install")
	if code != 0 || !strings.Contains(out, "kept      default profile: "+path+" (already there)\n") || strings.Contains(out, "warning") {
		t.Errorf("second install: %d\n%s", code, out)
	}
	if code, _, _ := run("uninstall"); code != 0 {
		t.Errorf("uninstall: %d", code)
	}
	if data, _ := os.ReadFile(path); string(data) != mine {
		t.Errorf("install or uninstall changed the profile: %q", data)
	}

	if err := os.WriteFile(path, []byte("colour = 1\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if code, out, _ := run("install"); code != 0 || !strings.Contains(out, `warning: profile default (`+path+`): line 1, key "colour": unknown key`) {
		t.Errorf("install with a malformed default: %d\n%s", code, out)
	}
}
