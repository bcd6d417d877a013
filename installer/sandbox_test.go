package installer

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestSandboxedTargets: where the Snap and Flatpak browsers read host
// manifests (Linux only).
func TestSandboxedTargets(t *testing.T) {
	want := map[string]string{
		"chromium-snap":    "/home/u/snap/chromium/common/chromium/NativeMessagingHosts",
		"chromium-flatpak": "/home/u/.var/app/org.chromium.Chromium/config/chromium/NativeMessagingHosts",
		"chrome-flatpak":   "/home/u/.var/app/com.google.Chrome/config/google-chrome/NativeMessagingHosts",
		"brave-flatpak":    "/home/u/.var/app/com.brave.Browser/config/BraveSoftware/Brave-Browser/NativeMessagingHosts",
		"edge-flatpak":     "/home/u/.var/app/com.microsoft.Edge/config/microsoft-edge/NativeMessagingHosts",
	}
	got := map[string]string{}
	for _, tg := range Targets("linux", "/home/u", nil) {
		if tg.Sandbox != "" {
			got[tg.Label()] = tg.ManifestDir
		}
	}
	if len(got) != len(want) {
		t.Errorf("%v", got)
	}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("%s: %s, want %s", k, got[k], v)
		}
	}
	for _, goos := range []string{"darwin", "windows"} {
		for _, tg := range Targets(goos, "/home/u", nil) {
			if tg.Sandbox != "" {
				t.Errorf("%s has a %s target", goos, tg.Label())
			}
		}
	}
}

// TestInstallIntoSnapAndFlatpak: install registers the host with the Snap
// and Flatpak browsers whose packages are there, and only those;
// uninstall removes it again; doctor says why they cannot serve, and
// fails for one the person runs.
func TestInstallIntoSnapAndFlatpak(t *testing.T) {
	o := linuxOptions(t)
	for _, dir := range []string{"snap/chromium/common", ".var/app/com.google.Chrome"} {
		if err := os.MkdirAll(filepath.Join(o.Home, dir), 0o700); err != nil {
			t.Fatal(err)
		}
	}
	rep, err := Install(o)
	if err != nil {
		t.Fatal(err)
	}
	got := results(rep)
	snap := filepath.Join(o.Home, "snap/chromium/common/chromium/NativeMessagingHosts", ManifestFileName)
	flatpak := filepath.Join(o.Home, ".var/app/com.google.Chrome/config/google-chrome/NativeMessagingHosts", ManifestFileName)
	if got["chromium-snap"].Manifest != snap || got["chrome-flatpak"].Manifest != flatpak {
		t.Errorf("report: %+v", rep.Results)
	}
	if _, ok := got["brave-flatpak"]; ok {
		t.Error("a Flatpak that is not there was listed")
	}
	for _, f := range []string{snap, flatpak} {
		if m, err := ReadManifest(f); err != nil || m.Path != o.BinaryPath {
			t.Errorf("%s: %+v %v", f, m, err)
		}
	}

	running := func() ([]RunningBrowser, bool) {
		return []RunningBrowser{{PID: 9, Browser: Chromium, Sandbox: "snap", Exe: "/snap/chromium/1/usr/lib/chromium-browser/chrome"}}, true
	}
	checks := checksByName(Doctor(DoctorOptions{Options: o, Running: running}))
	if c := checks["chromium-snap manifest"]; !c.Unknown || !strings.Contains(c.Detail, "Snap") || !strings.Contains(c.Detail, "/tmp") {
		t.Errorf("snap manifest check: %+v", c)
	}
	if c := checks["chrome-flatpak manifest"]; !c.Unknown || !strings.Contains(c.Detail, "Flatpak") {
		t.Errorf("flatpak manifest check: %+v", c)
	}
	label := "chromium-snap pid 9 (" + filepath.Join(o.Home, "snap/chromium/common/chromium") + ")"
	if c := checks[label]; c.OK || c.Unknown || !strings.Contains(c.Detail, "confinement") || !strings.Contains(c.Fix, "not a Snap") {
		t.Errorf("the running Snap: %+v", c)
	}

	if _, err := Uninstall(o); err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{snap, flatpak} {
		if _, err := os.Stat(f); !os.IsNotExist(err) {
			t.Errorf("%s left behind: %v", f, err)
		}
	}
}
