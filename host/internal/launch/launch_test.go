package launch

import (
	"slices"
	"strings"
	"testing"
)

func TestFlags(t *testing.T) {
	base := Flags("/p", "/e", false, false, false)
	for _, want := range []string{"--user-data-dir=/p", "--load-extension=/e", "--disable-extensions-except=/e", "--disable-background-networking"} {
		if !slices.Contains(base, want) {
			t.Errorf("flags lack %s: %v", want, base)
		}
	}
	for _, f := range base {
		if strings.HasPrefix(f, "--remote-debugging") || f == "--no-sandbox" || strings.HasPrefix(f, "--headless") {
			t.Errorf("default flags include %s: no port, sandbox on, a window", f)
		}
	}
	if base[len(base)-1] != "about:blank" {
		t.Errorf("the start page must come last: %v", base)
	}
	all := Flags("/p", "/e", true, true, true)
	for _, want := range []string{"--headless=new", "--no-sandbox", "--remote-debugging-port=0", "--remote-debugging-address=127.0.0.1"} {
		if !slices.Contains(all, want) {
			t.Errorf("flags lack %s: %v", want, all)
		}
	}
}

func TestIgnoresLoadExtension(t *testing.T) {
	cases := map[string]bool{
		"/usr/bin/google-chrome":                                                               true,
		"/usr/bin/google-chrome-stable":                                                        true,
		"/Applications/Google Chrome.app/Contents/MacOS/Google Chrome":                         true,
		`C:\Program Files\Google\Chrome\Application\chrome.exe`:                                true,
		"/usr/lib/chromium/chromium":                                                           false,
		"/usr/bin/google-chrome-for-testing":                                                   false,
		"/Applications/Google Chrome for Testing.app/Contents/MacOS/Google Chrome for Testing": false,
	}
	for path, want := range cases {
		if got := IgnoresLoadExtension(path); got != want {
			t.Errorf("IgnoresLoadExtension(%q) = %v, want %v", path, got, want)
		}
	}
}

func TestCandidatesPreferChromium(t *testing.T) {
	for _, goos := range []string{"linux", "darwin"} {
		c := candidates(goos)
		if len(c) == 0 || !strings.Contains(strings.ToLower(c[0]), "chromium") {
			t.Errorf("%s: first candidate %v, want Chromium", goos, c)
		}
	}
}

func TestFilteredEnvDropsWhatLaunchSets(t *testing.T) {
	got := filteredEnv([]string{"HOME=/root", "PATH=/bin", "DIWALL_INSTANCE=/x", "TMPDIR=/t", "DIWALL_HOME=/h"})
	if !slices.Equal(got, []string{"PATH=/bin", "DIWALL_HOME=/h"}) {
		t.Fatalf("filteredEnv = %v", got)
	}
}
