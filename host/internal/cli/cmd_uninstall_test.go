package cli

import (
	"crypto/sha256"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
)

// snapshot lists every file and folder under root, with each file's hash.
func snapshot(t *testing.T, root string) []string {
	t.Helper()
	var out []string
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, p)
		if d.IsDir() {
			out = append(out, rel+"/")
			return nil
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		out = append(out, fmt.Sprintf("%s %x", rel, sha256.Sum256(data)))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// personHome is a home folder with some files of the person's own, where
// Chromium is installed (a program on PATH) but has never run, and Chrome
// is not installed; Diwall's folders are the OS's usual ones in it.
func personHome(t *testing.T) string {
	t.Helper()
	if runtime.GOOS != "linux" {
		t.Skip("the layout checked is Linux's")
	}
	home := t.TempDir()
	bin := filepath.Join(t.TempDir(), "bin")
	if err := os.MkdirAll(bin, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(bin, "chromium"), []byte("#!/bin/sh\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(home, ".config", "other-app"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(home, ".config", "other-app", "settings"), []byte("mine"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(home, "notes.txt"), []byte("mine too"), 0o644); err != nil {
		t.Fatal(err)
	}
	for k, v := range map[string]string{"HOME": home, "PATH": bin, "DIWALL_HOME": "", "XDG_CONFIG_HOME": "",
		"XDG_STATE_HOME": "", "XDG_DATA_HOME": "", "CHROME_CONFIG_HOME": ""} {
		t.Setenv(k, v)
	}
	return home
}

// TestUninstallLeavesTheHomeAsItWas: install registers the installed
// Chromium (which never ran) and not the absent Chrome; uninstall then
// leaves the home folder exactly as it was before install.
func TestUninstallLeavesTheHomeAsItWas(t *testing.T) {
	home := personHome(t)
	before := snapshot(t, home)

	code, out, errOut := run("install")
	if code != 0 {
		t.Fatalf("install: %d\n%s\n%s", code, out, errOut)
	}
	manifest := filepath.Join(home, ".config/chromium/NativeMessagingHosts/com.diwall.host.json")
	if _, err := os.Stat(manifest); err != nil {
		t.Errorf("Chromium, installed but never run, was not registered: %v\n%s", err, out)
	}
	if _, err := os.Stat(filepath.Join(home, ".config/google-chrome")); !os.IsNotExist(err) {
		t.Errorf("install made a folder for Chrome, which is not installed: %v", err)
	}
	if !strings.Contains(out, "covers every profile of "+filepath.Join(home, ".config/chromium")+" (none there yet)") {
		t.Errorf("install does not say which profiles it covers:\n%s", out)
	}

	code, out, errOut = run("uninstall")
	if code != 0 {
		t.Fatalf("uninstall: %d\n%s\n%s", code, out, errOut)
	}
	if after := snapshot(t, home); !slices.Equal(before, after) {
		t.Errorf("the home folder differs after uninstall:\nbefore %v\nafter  %v\n%s", before, after, out)
	}
}

// TestUninstallKeepsWhatIsYours: logs and a profile of the person's stay,
// and uninstall says so; --purge then removes them, and the home is as it
// was.
func TestUninstallKeepsWhatIsYours(t *testing.T) {
	home := personHome(t)
	custom := filepath.Join(t.TempDir(), "work-profile")
	before := snapshot(t, home)
	if code, out, errOut := run("install", "--user-data-dir", custom); code != 0 {
		t.Fatalf("install: %d\n%s\n%s", code, out, errOut)
	}
	if _, err := os.Stat(filepath.Join(custom, "NativeMessagingHosts/com.diwall.host.json")); err != nil {
		t.Errorf("--user-data-dir got no manifest: %v", err)
	}
	logs := filepath.Join(home, ".local/state/diwall/logs")
	if err := os.WriteFile(filepath.Join(logs, "host.log"), []byte("{}\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	work := filepath.Join(home, ".config/diwall/profiles/work.toml")
	if err := os.WriteFile(work, []byte("ask = true\n"), 0o600); err != nil {
		t.Fatal(err)
	}

	code, out, _ := run("uninstall")
	if code != 0 {
		t.Fatalf("uninstall: %d\n%s", code, out)
	}
	for _, want := range []string{
		"kept      logs: " + logs + " (host.log)",
		"kept      profiles: " + filepath.Dir(work) + " (work.toml)",
		"--purge",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("uninstall output lacks %q:\n%s", want, out)
		}
	}
	if _, err := os.Stat(filepath.Join(custom, "NativeMessagingHosts")); !os.IsNotExist(err) {
		t.Errorf("the --user-data-dir registration outlived uninstall: %v", err)
	}
	if _, err := os.Stat(work); err != nil {
		t.Errorf("uninstall removed the person's profile: %v", err)
	}
	if code, out, _ := run("uninstall", "--purge"); code != 0 {
		t.Fatalf("uninstall --purge: %d\n%s", code, out)
	}
	if after := snapshot(t, home); !slices.Equal(before, after) {
		t.Errorf("the home folder differs after uninstall --purge:\nbefore %v\nafter  %v", before, after)
	}
}
