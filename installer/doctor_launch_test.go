package installer

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestDoctorAfterALaunchOnlyInstall: with nothing of the everyday browser
// set up, a launch-only doctor is healthy, its everyday checks say they
// are not needed, and no fix asks to set up the everyday browser.
func TestDoctorAfterALaunchOnlyInstall(t *testing.T) {
	o := linuxOptions(t)
	everyday := func() ([]RunningBrowser, bool) {
		return []RunningBrowser{{PID: 7, Browser: Chromium}}, true
	}
	for _, launchOnly := range []bool{false, true} {
		checks := Doctor(DoctorOptions{Options: o, LaunchOnly: launchOnly, Running: everyday,
			HostStatus:      func() (bool, string) { return false, NoHostDetail },
			ExtensionStatus: func() (bool, string) { return false, "no extension is connected to a host" },
		})
		var out strings.Builder
		_ = FormatChecks(&out, checks)
		if Healthy(checks) != launchOnly {
			t.Errorf("launch only %v: healthy %v:\n%s", launchOnly, Healthy(checks), out.String())
		}
		if !launchOnly {
			continue
		}
		got := checksByName(checks)
		for _, name := range []string{"chromium manifest", "extension folder", "host running", "extension connected",
			"chromium pid 7 (" + filepath.Join(o.Home, ".config/chromium") + ")"} {
			if c := got[name]; !c.OK || !strings.HasPrefix(c.Detail, NotNeededForLaunch) {
				t.Errorf("%s: %+v, want ok and %q", name, c, NotNeededForLaunch)
			}
		}
		if strings.Contains(out.String(), "diwall install`") || strings.Contains(out.String(), "FAIL") {
			t.Errorf("launch-only doctor:\n%s", out.String())
		}
	}
}

// TestDoctorLooksAtThePersonsBrowsersOnly: browsers that programs started
// are left out, unless install was told of their user data folder.
func TestDoctorLooksAtThePersonsBrowsersOnly(t *testing.T) {
	o := linuxOptions(t)
	registered := filepath.Join(t.TempDir(), "mine")
	o.UserDataDirs = []string{registered}
	running := func() ([]RunningBrowser, bool) {
		return []RunningBrowser{
			{PID: 1, Browser: Chromium, UserDataDir: "/tmp/playwright_chromiumdev_profile-x", Automation: "its profile is in the temporary folder /tmp"},
			{PID: 2, Browser: Chrome, UserDataDir: "/home/u/.cache/chrome-devtools-mcp/chrome-profile", Automation: "started with --remote-debugging-pipe"},
			{PID: 3, Browser: Chromium, UserDataDir: registered, Automation: "its profile is in the temporary folder /tmp"},
		}, true
	}
	checks := Doctor(DoctorOptions{Options: o, Running: running})
	var names []string
	for _, c := range checks {
		if strings.Contains(c.Name, " pid ") {
			names = append(names, c.Name)
		}
	}
	if len(names) != 2 || !strings.HasPrefix(names[0], "chromium pid 3 ") {
		t.Errorf("browsers checked: %q, want only pid 3's manifest and extension", names)
	}
}

func TestAutomationReason(t *testing.T) {
	temps := []string{"/tmp", "/var/tmp"}
	cases := []struct {
		args []string
		dir  string
		want string
	}{
		{nil, "", ""},
		{[]string{"--profile-directory=Default"}, "", ""},
		{[]string{"--remote-debugging-port=9222"}, "", "started with --remote-debugging-port"},
		{[]string{"--remote-debugging-pipe"}, "/home/u/.cache/x", "started with --remote-debugging-pipe"},
		{[]string{"--headless=new"}, "", "started with --headless"},
		{[]string{"--headless"}, "", "started with --headless"},
		{[]string{"--enable-automation", "--test-type=webdriver"}, "", "started with --enable-automation"},
		{nil, "/tmp/puppeteer_dev_chrome_profile-1", "its profile is in the temporary folder /tmp"},
		{nil, "/var/tmp/x", "its profile is in the temporary folder /var/tmp"},
		{nil, "/tmpfoo/profile", ""},
		{nil, "/home/u/profiles/work", ""},
		{[]string{"--headless-mode-is-not-a-flag"}, "", ""},
	}
	for _, c := range cases {
		if got := automationReason(c.args, c.dir, temps); got != c.want {
			t.Errorf("%q %q: %q, want %q", c.args, c.dir, got, c.want)
		}
	}
}

func TestParsePS(t *testing.T) {
	out := "  501  501 /Applications/Google Chrome.app/Contents/MacOS/Google Chrome --user-data-dir=/Users/u/p q\n" +
		"  502    0 /Applications/Chromium.app/Contents/MacOS/Chromium\n" +
		"  5012 501 /Applications/Chromium.app/Contents/MacOS/Chromium --remote-debugging-port=0\n" +
		"  77  501 /bin/zsh\n"
	got := parsePS(out, 501)
	if len(got) != 2 || got[0].PID != 501 || got[0].UserDataDir != "/Users/u/p q" || got[0].Browser != Chrome ||
		got[1].PID != 5012 || got[1].Automation == "" {
		t.Errorf("%+v", got)
	}
}
