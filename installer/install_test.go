package installer

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/diwall/diwall/internal/paths"
)

// fakeBinary makes an executable file standing in for diwall.
func fakeBinary(t *testing.T, dir, name string) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, []byte("#!/bin/sh\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	return p
}

// linuxOptions returns Options for a fresh home in which Chromium has run;
// no other browser is installed.
func linuxOptions(t *testing.T) Options {
	t.Helper()
	root := t.TempDir()
	home := filepath.Join(root, "home")
	if err := os.MkdirAll(filepath.Join(home, ".config", "chromium"), 0o700); err != nil {
		t.Fatal(err)
	}
	return Options{
		GOOS:       "linux",
		Home:       home,
		BinaryPath: fakeBinary(t, root, "diwall"),
		Dirs:       paths.Resolve(func(string) string { return "" }, home),
		Installed:  func(t Target) bool { return isDir(t.UserDataDir) },
	}
}

func results(rep Report) map[string]Result {
	m := map[string]Result{}
	for _, r := range rep.Results {
		m[r.Browser] = r
	}
	return m
}

func TestInstallLinux(t *testing.T) {
	o := linuxOptions(t)
	rep, err := Install(o)
	if err != nil {
		t.Fatal(err)
	}
	got := results(rep)
	want := map[string]Action{Chrome: Skipped, Chromium: Installed, Edge: Skipped, Brave: Skipped}
	for b, a := range want {
		if got[b].Action != a {
			t.Errorf("%s: %s (%s), want %s", b, got[b].Action, got[b].Detail, a)
		}
	}
	chromium := filepath.Join(o.Home, ".config/chromium/NativeMessagingHosts/com.diwall.host.json")
	if got[Chromium].Manifest != chromium {
		t.Errorf("chromium manifest at %q, want %q", got[Chromium].Manifest, chromium)
	}
	m, err := ReadManifest(chromium)
	if err != nil {
		t.Fatal(err)
	}
	if m.Path != o.BinaryPath || !m.Allows(DefaultExtensionID) {
		t.Errorf("manifest = %+v", m)
	}
	if _, err := os.Stat(filepath.Join(o.Home, ".config/google-chrome")); !os.IsNotExist(err) {
		t.Errorf("install made a folder for Chrome, which is not installed: %v", err)
	}
	if !strings.Contains(got[Edge].Detail, filepath.Join(o.Home, ".config/microsoft-edge")) {
		t.Errorf("skip detail %q does not say what is missing", got[Edge].Detail)
	}
	if _, err := os.Stat(filepath.Join(o.Home, ".config/microsoft-edge")); !os.IsNotExist(err) {
		t.Errorf("install created a folder for a browser not in use: %v", err)
	}

	var out strings.Builder
	if err := rep.Format(&out); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "installed chromium: "+chromium) ||
		!strings.Contains(out.String(), "skipped   edge: Microsoft Edge is not installed") ||
		!strings.Contains(out.String(), "covers every profile of "+filepath.Join(o.Home, ".config/chromium")+" (none there yet)") {
		t.Errorf("report:\n%s", out.String())
	}
}

func TestInstallNamedBrowserNotYetRun(t *testing.T) {
	o := linuxOptions(t)
	o.Browsers = []string{Brave}
	rep, err := Install(o)
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Results) != 1 || rep.Results[0].Action != Installed {
		t.Fatalf("report = %+v, want brave installed only", rep.Results)
	}
	if _, err := os.Stat(filepath.Join(o.Home, ".config/BraveSoftware/Brave-Browser/NativeMessagingHosts", ManifestFileName)); err != nil {
		t.Error(err)
	}
}

func TestInstallRefuses(t *testing.T) {
	o := linuxOptions(t)
	for name, mutate := range map[string]func(*Options){
		"relative binary": func(o *Options) { o.BinaryPath = "diwall" },
		"missing binary":  func(o *Options) { o.BinaryPath = filepath.Join(o.Home, "nope") },
		"binary a folder": func(o *Options) { o.BinaryPath = o.Home },
		"not executable": func(o *Options) {
			o.BinaryPath = filepath.Join(o.Home, "plain")
			if err := os.WriteFile(o.BinaryPath, nil, 0o644); err != nil {
				t.Fatal(err)
			}
		},
		"no home":         func(o *Options) { o.Home = "" },
		"unknown browser": func(o *Options) { o.Browsers = []string{"firefox"} },
		"bad extension":   func(o *Options) { o.ExtensionID = "x" },
	} {
		bad := o
		mutate(&bad)
		if _, err := Install(bad); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
	if _, err := Install(Options{GOOS: "linux", Home: o.Home, BinaryPath: "rel"}); !errors.Is(err, ErrRelativeBinary) {
		t.Errorf("relative: err = %v, want ErrRelativeBinary", err)
	}
}

func TestUninstallLinuxLeavesForeignFiles(t *testing.T) {
	o := linuxOptions(t)
	if _, err := Install(o); err != nil {
		t.Fatal(err)
	}
	// Another program's manifest with Diwall's file name, in Edge's folder,
	// and a file that is not JSON at all in Brave's.
	edgeDir := filepath.Join(o.Home, ".config/microsoft-edge/NativeMessagingHosts")
	braveDir := filepath.Join(o.Home, ".config/BraveSoftware/Brave-Browser/NativeMessagingHosts")
	foreign := `{"name":"com.example.other","path":"/usr/bin/other","type":"stdio","allowed_origins":[]}`
	for dir, content := range map[string]string{edgeDir: foreign, braveDir: "hello"} {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, ManifestFileName), []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}

	rep, err := Uninstall(o)
	if err != nil {
		t.Fatal(err)
	}
	got := results(rep)
	want := map[string]Action{Chrome: Absent, Chromium: Removed, Edge: Kept, Brave: Kept}
	for b, a := range want {
		if got[b].Action != a {
			t.Errorf("%s: %s (%s), want %s", b, got[b].Action, got[b].Detail, a)
		}
	}
	for _, dir := range []string{edgeDir, braveDir} {
		if _, err := os.Stat(filepath.Join(dir, ManifestFileName)); err != nil {
			t.Errorf("uninstall removed a file that is not Diwall's: %v", err)
		}
	}
	if _, err := os.Stat(filepath.Join(o.Home, ".config/chromium/NativeMessagingHosts", ManifestFileName)); !os.IsNotExist(err) {
		t.Errorf("Diwall's chromium manifest is still there: %v", err)
	}

	// A second uninstall finds nothing of Diwall's.
	rep, err = Uninstall(o)
	if err != nil {
		t.Fatal(err)
	}
	if a := results(rep)[Chromium].Action; a != Absent {
		t.Errorf("second uninstall: chromium %s, want absent", a)
	}
}
