package installer

import (
	"net"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func checksByName(checks []Check) map[string]Check {
	m := map[string]Check{}
	for _, c := range checks {
		m[c.Name] = c
	}
	return m
}

func TestDoctorAfterInstall(t *testing.T) {
	o := linuxOptions(t)
	if _, err := Install(o); err != nil {
		t.Fatal(err)
	}
	ext := o.Dirs.ExtensionDir()
	if err := os.MkdirAll(ext, 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(ext, "manifest.json"), []byte("{}"), 0o644); err != nil {
		t.Fatal(err)
	}
	checks := Doctor(DoctorOptions{Running: noneRunning,
		Options:         o,
		HostStatus:      func() (bool, string) { return true, "a host is listening" },
		ExtensionStatus: func() (bool, string) { return true, "connected" },
	})
	if !Healthy(checks) {
		var out strings.Builder
		_ = FormatChecks(&out, checks)
		t.Fatalf("not healthy after install:\n%s", out.String())
	}
	got := checksByName(checks)
	wantNames := []string{"binary", "chrome manifest", "chromium manifest", "edge manifest",
		"brave manifest", "extension folder", "running browsers", "host running", "extension connected"}
	if len(checks) != len(wantNames) {
		t.Errorf("%d checks, want %d", len(checks), len(wantNames))
	}
	for _, n := range wantNames {
		if _, ok := got[n]; !ok {
			t.Errorf("no %q check", n)
		}
	}
	if d := got["edge manifest"].Detail; !strings.Contains(d, "is not installed") {
		t.Errorf("edge (not in use) detail = %q", d)
	}
}

func TestDoctorStaleBinary(t *testing.T) {
	o := linuxOptions(t)
	if _, err := Install(o); err != nil {
		t.Fatal(err)
	}
	// The binary moved: doctor runs as the new one.
	moved := o
	moved.BinaryPath = fakeBinary(t, t.TempDir(), "diwall")
	checks := Doctor(DoctorOptions{Options: moved, Running: noneRunning, HostStatus: func() (bool, string) { return false, NoHostDetail }})
	got := checksByName(checks)
	for _, name := range []string{"chromium manifest"} {
		c := got[name]
		if c.OK || c.Fix != "run `diwall install`" ||
			!strings.Contains(c.Detail, o.BinaryPath) || !strings.Contains(c.Detail, moved.BinaryPath) {
			t.Errorf("%s = %+v, want a stale-path failure naming both binaries", name, c)
		}
	}
	if c := got["extension folder"]; c.OK {
		t.Errorf("extension folder ok without an unpacked extension: %+v", c)
	}
	if c := got["extension connected"]; !c.Unknown {
		t.Errorf("extension connected = %+v, want unknown", c)
	}
	if Healthy(checks) {
		t.Error("healthy with a stale manifest")
	}

	var out strings.Builder
	if err := FormatChecks(&out, checks); err != nil {
		t.Fatal(err)
	}
	text := out.String()
	for _, want := range []string{
		"ok   binary: " + moved.BinaryPath + "\n",
		"FAIL chromium manifest: " + filepath.Join(o.Home, ".config/chromium/NativeMessagingHosts/com.diwall.host.json") +
			" starts " + o.BinaryPath + ", not this binary " + moved.BinaryPath + " -> fix: run `diwall install`\n",
		"FAIL host running: " + NoHostDetail + " -> fix: ",
		"?    extension connected: unknown",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("output lacks %q:\n%s", want, text)
		}
	}
}

func TestDoctorMissingAndForeign(t *testing.T) {
	o := linuxOptions(t) // Chromium has run; nothing installed yet
	dir := filepath.Join(o.Home, ".config/google-chrome/NativeMessagingHosts")
	if err := os.MkdirAll(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, ManifestFileName), []byte(`{"name":"other"}`), 0o644); err != nil {
		t.Fatal(err)
	}
	got := checksByName(Doctor(DoctorOptions{Options: o, Running: noneRunning, HostStatus: func() (bool, string) { return true, "" }}))
	if c := got["chromium manifest"]; c.OK || !strings.HasPrefix(c.Detail, "missing: ") {
		t.Errorf("chromium = %+v, want missing", c)
	}
	if c := got["chrome manifest"]; c.OK || !strings.Contains(c.Detail, "not Diwall's") {
		t.Errorf("chrome = %+v, want foreign", c)
	}
	if c := got["brave manifest"]; !c.OK {
		t.Errorf("brave (never run) = %+v, want ok", c)
	}
}

func TestDialSocket(t *testing.T) {
	dir, err := os.MkdirTemp("", "dw") // short: socket paths are limited to ~100 bytes
	if err != nil {
		t.Fatal(err)
	}
	defer os.RemoveAll(dir)
	sock := filepath.Join(dir, "diwall.sock")

	if running, detail := DialSocket(sock); running || detail != NoHostDetail {
		t.Errorf("no socket: %v %q", running, detail)
	}
	ln, err := net.Listen("unix", sock)
	if err != nil {
		t.Fatal(err)
	}
	if running, detail := DialSocket(sock); !running || !strings.Contains(detail, sock) {
		t.Errorf("listening: %v %q", running, detail)
	}
	ln.Close()
	if running, _ := DialSocket(sock); running {
		t.Error("closed listener still reported running")
	}
}

func TestDoctorDefaultHostStatusDialsSocket(t *testing.T) {
	o := linuxOptions(t)
	got := checksByName(Doctor(DoctorOptions{Options: o, Running: noneRunning}))
	if c := got["host running"]; c.OK || c.Detail != NoHostDetail || !strings.Contains(c.Fix, o.Dirs.HostLog()) {
		t.Errorf("host running = %+v", c)
	}
}
