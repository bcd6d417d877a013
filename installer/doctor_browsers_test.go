package installer

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/diwall/diwall/internal/hoststatus"
)

// noneRunning stands for a machine where no browser runs.
func noneRunning() ([]RunningBrowser, bool) { return nil, true }

func TestParseBrowserArgs(t *testing.T) {
	cases := []struct {
		args    []string
		ok      bool
		browser string
		dir     string
	}{
		{[]string{"/usr/lib/chromium/chromium", "--user-data-dir=/x/y", "about:blank"}, true, Chromium, "/x/y"},
		{[]string{"/opt/google/chrome/chrome", "--user-data-dir", "/w"}, true, Chrome, "/w"},
		{[]string{"/opt/google/chrome/chrome"}, true, Chrome, ""},
		{[]string{"/opt/google/chrome/chrome", "--type=renderer"}, false, "", ""},
		{[]string{"/usr/lib/chromium/chrome_crashpad_handler", "--database=/x"}, false, "", ""},
		{[]string{"/opt/microsoft/msedge/msedge"}, true, Edge, ""},
		{[]string{"/opt/brave.com/brave/brave"}, true, Brave, ""},
		{[]string{"/usr/bin/bash"}, false, "", ""},
		{splitPSCommand("/Applications/Google Chrome.app/Contents/MacOS/Google Chrome --user-data-dir=/Users/u/my profile --no-first-run"), true, Chrome, "/Users/u/my profile"},
		{splitPSCommand("/Applications/Google Chrome.app/Contents/Frameworks/Google Chrome Helper (Renderer).app/Contents/MacOS/Google Chrome Helper (Renderer) --type=renderer"), false, "", ""},
	}
	for _, c := range cases {
		b, ok := parseBrowserArgs(1, c.args)
		if ok != c.ok || ok && (b.Browser != c.browser || b.UserDataDir != c.dir) {
			t.Errorf("%q: %+v %v, want %s %q %v", c.args, b, ok, c.browser, c.dir, c.ok)
		}
	}
}

// TestDoctorChecksEachRunningBrowser: a browser with its own
// --user-data-dir and no manifest gets the exact install command; one with
// the extension loaded but unconnected, and one connected, are told apart.
func TestDoctorChecksEachRunningBrowser(t *testing.T) {
	o := linuxOptions(t)
	if _, err := Install(o); err != nil {
		t.Fatal(err)
	}
	custom := filepath.Join(t.TempDir(), "my profile")
	// The extension, loaded unpacked in the custom folder's Default profile.
	extDir := filepath.Join(t.TempDir(), "ext")
	if err := os.MkdirAll(extDir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(extDir, "manifest.json"), []byte(`{"version":"0.1.0"}`), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(custom, "Default"), 0o700); err != nil {
		t.Fatal(err)
	}
	prefs := `{"extensions":{"settings":{"` + DefaultExtensionID + `":{"path":"` + extDir + `","location":4}}}}`
	if err := os.WriteFile(filepath.Join(custom, "Default", "Preferences"), []byte(prefs), 0o600); err != nil {
		t.Fatal(err)
	}
	// The everyday Chromium (pid of this test) has a connected host.
	if _, err := hoststatus.Write(o.Dirs.State, hoststatus.Record{PID: os.Getpid(), ParentPID: 100, ExtensionVersion: "0.1.0", HostVersion: "0.2.0"}); err != nil {
		t.Fatal(err)
	}
	d := DoctorOptions{Options: o, ExtensionVersion: "0.1.0", HostStatus: func() (bool, string) { return true, "" },
		Running: func() ([]RunningBrowser, bool) {
			return []RunningBrowser{
				{PID: 100, Browser: Chromium, Exe: "/usr/lib/chromium/chromium"},
				{PID: 200, Browser: Chromium, Exe: "/usr/lib/chromium/chromium", UserDataDir: custom},
			}, true
		}}
	got := checksByName(Doctor(d))
	everyday := filepath.Join(o.Home, ".config/chromium")
	if c := got["chromium pid 100 ("+everyday+") manifest"]; !c.OK {
		t.Errorf("everyday manifest: %+v", c)
	}
	if c := got["chromium pid 100 ("+everyday+") extension"]; !c.OK || !strings.Contains(c.Detail, "connected: extension 0.1.0") {
		t.Errorf("everyday extension: %+v", c)
	}
	m := got["chromium pid 200 ("+custom+") manifest"]
	if m.OK || m.Fix != "run `diwall install --user-data-dir '"+custom+"'`" {
		t.Errorf("custom folder manifest: %+v, want the exact install command", m)
	}
	e := got["chromium pid 200 ("+custom+") extension"]
	if e.OK || !strings.Contains(e.Detail, "loaded (Default 0.1.0) but not connected") {
		t.Errorf("custom folder extension: %+v", e)
	}

	// Another major version, loaded: doctor says so and how to fix it.
	if err := os.WriteFile(filepath.Join(extDir, "manifest.json"), []byte(`{"version":"1.0.0"}`), 0o644); err != nil {
		t.Fatal(err)
	}
	e = checksByName(Doctor(d))["chromium pid 200 ("+custom+") extension"]
	if e.OK || !strings.Contains(e.Detail, "version 1.0.0") || !strings.Contains(e.Fix, "diwall install") {
		t.Errorf("another major: %+v", e)
	}
	// Not loaded at all: how to load it.
	os.Remove(filepath.Join(custom, "Default", "Preferences"))
	if err := os.WriteFile(filepath.Join(custom, "Default", "Preferences"), []byte(`{}`), 0o600); err != nil {
		t.Fatal(err)
	}
	e = checksByName(Doctor(d))["chromium pid 200 ("+custom+") extension"]
	if e.OK || !strings.Contains(e.Fix, "Load unpacked and choose "+o.Dirs.ExtensionDir()) {
		t.Errorf("not loaded: %+v", e)
	}
}

func TestDoctorRepeatsARefusal(t *testing.T) {
	o := linuxOptions(t)
	if err := hoststatus.Refuse(o.Dirs.State, hoststatus.Refusal{ParentPID: 300, ExtensionVersion: "1.0.0", Message: "the Diwall extension in this browser is version 1.0.0, but ..."}); err != nil {
		t.Fatal(err)
	}
	d := DoctorOptions{Options: o, Running: func() ([]RunningBrowser, bool) {
		return []RunningBrowser{{PID: 300, Browser: Chromium}}, true
	}}
	c := checksByName(Doctor(d))["chromium pid 300 ("+filepath.Join(o.Home, ".config/chromium")+") extension"]
	if c.OK || !strings.Contains(c.Detail, "refused by the host: the Diwall extension in this browser is version 1.0.0") {
		t.Errorf("refusal: %+v", c)
	}
}
