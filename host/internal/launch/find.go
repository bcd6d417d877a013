package launch

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
)

// candidates lists browsers to try, best first. Chromium comes first:
// Google-branded Chrome 137 and later ignore --load-extension.
func candidates(goos string) []string {
	switch goos {
	case "darwin":
		return []string{
			"/Applications/Chromium.app/Contents/MacOS/Chromium",
			"/Applications/Google Chrome for Testing.app/Contents/MacOS/Google Chrome for Testing",
			"/Applications/Google Chrome.app/Contents/MacOS/Google Chrome",
			"/Applications/Brave Browser.app/Contents/MacOS/Brave Browser",
			"/Applications/Microsoft Edge.app/Contents/MacOS/Microsoft Edge",
		}
	case "windows":
		var out []string
		for _, env := range []string{"LOCALAPPDATA", "PROGRAMFILES", "PROGRAMFILES(X86)"} {
			base := os.Getenv(env)
			if base == "" {
				continue
			}
			out = append(out,
				filepath.Join(base, `Chromium\Application\chrome.exe`),
				filepath.Join(base, `Google\Chrome\Application\chrome.exe`),
				filepath.Join(base, `BraveSoftware\Brave-Browser\Application\brave.exe`),
				filepath.Join(base, `Microsoft\Edge\Application\msedge.exe`))
		}
		return out
	}
	// Debian's /usr/bin/chromium is a wrapper script that adds flags of its
	// own; the real binary is preferred.
	return []string{
		"/usr/lib/chromium/chromium", "chromium", "chromium-browser",
		"google-chrome-for-testing", "google-chrome", "google-chrome-stable",
		"brave-browser", "microsoft-edge",
	}
}

// ErrNoBrowserFound says no Chromium-family browser was found.
var ErrNoBrowserFound = errors.New("no Chromium or Chrome found; install Chromium (Debian/Ubuntu: apt-get install chromium) or pass --browser PATH")

// FindBrowser returns the first installed browser of candidates.
func FindBrowser() (string, error) {
	for _, c := range candidates(runtime.GOOS) {
		if filepath.IsAbs(c) {
			if info, err := os.Stat(c); err == nil && !info.IsDir() {
				return c, nil
			}
			continue
		}
		if p, err := exec.LookPath(c); err == nil {
			return p, nil
		}
	}
	return "", ErrNoBrowserFound
}

// IgnoresLoadExtension reports whether path looks like Google-branded
// Chrome, which no longer honours --load-extension.
func IgnoresLoadExtension(path string) bool {
	base := strings.ToLower(filepath.Base(path))
	return (strings.Contains(base, "google-chrome") || base == "google chrome" || strings.Contains(strings.ToLower(path), `google\chrome\application`)) &&
		!strings.Contains(base, "testing")
}
