package installer

import (
	"os"
	"os/exec"
	"path"
	"path/filepath"
)

// executables are where each browser's program is found, per OS: names
// looked up on PATH, or absolute paths. A browser counts as installed when
// one of them exists, or when its user data folder does (it has run).
func executables(id, goos, home string, getenv func(string) string) []string {
	switch goos {
	case "darwin":
		app := map[string]string{Chrome: "Google Chrome", Chromium: "Chromium", Edge: "Microsoft Edge", Brave: "Brave Browser"}[id]
		return []string{
			path.Join("/Applications", app+".app", "Contents/MacOS", app),
			path.Join(home, "Applications", app+".app", "Contents/MacOS", app),
		}
	case "windows":
		rel := map[string]string{
			Chrome:   `Google\Chrome\Application\chrome.exe`,
			Chromium: `Chromium\Application\chrome.exe`,
			Edge:     `Microsoft\Edge\Application\msedge.exe`,
			Brave:    `BraveSoftware\Brave-Browser\Application\brave.exe`,
		}[id]
		local := getenv("LOCALAPPDATA")
		if local == "" {
			local = winJoin(home, `AppData\Local`)
		}
		out := []string{winJoin(local, rel)}
		for _, env := range []string{"PROGRAMFILES", "PROGRAMFILES(X86)"} {
			if base := getenv(env); base != "" {
				out = append(out, winJoin(base, rel))
			}
		}
		return out
	}
	return map[string][]string{
		Chrome:   {"google-chrome", "google-chrome-stable", "google-chrome-beta", "/opt/google/chrome/chrome"},
		Chromium: {"chromium", "chromium-browser", "/usr/lib/chromium/chromium", "/usr/lib/chromium-browser/chromium-browser"},
		Edge:     {"microsoft-edge", "microsoft-edge-stable", "/opt/microsoft/msedge/msedge"},
		Brave:    {"brave-browser", "brave", "/opt/brave.com/brave/brave"},
	}[id]
}

// BrowserInstalled reports whether the browser of t is installed for this user:
// its program is there, or its user data folder is (it has run). It is
// the default Options.Installed.
func BrowserInstalled(t Target) bool {
	if isDir(t.UserDataDir) {
		return true
	}
	for _, exe := range t.Executables {
		if filepath.IsAbs(exe) || path.IsAbs(exe) || isWindowsAbs(exe) {
			if info, err := os.Stat(exe); err == nil && !info.IsDir() {
				return true
			}
			continue
		}
		if _, err := exec.LookPath(exe); err == nil {
			return true
		}
	}
	return false
}

// isWindowsAbs reports whether p is a Windows path with a drive letter.
func isWindowsAbs(p string) bool {
	return len(p) > 2 && p[1] == ':' && (p[2] == '\\' || p[2] == '/')
}
