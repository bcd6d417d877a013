package installer

import (
	"path"
	"strings"
)

// RunningBrowser is a Chromium-family browser's main process.
type RunningBrowser struct {
	PID     int
	Browser string // Chrome, Chromium, Edge or Brave
	Exe     string
	// UserDataDir is its --user-data-dir, or "" for the browser's default.
	UserDataDir string
}

// browserOfExe says which browser a program is, by its path: "" when it is
// none of them.
func browserOfExe(exe string) string {
	lower := strings.ToLower(exe)
	base := path.Base(strings.ReplaceAll(lower, `\`, "/"))
	switch {
	case strings.Contains(base, "crashpad") || strings.Contains(base, "helper") || strings.Contains(base, "sandbox"):
		return ""
	case strings.Contains(base, "brave"):
		return Brave
	case strings.Contains(base, "edge"):
		return Edge
	case strings.Contains(base, "chromium") || strings.Contains(lower, "/chromium/") || strings.Contains(lower, "chromium.app"):
		return Chromium
	case strings.Contains(base, "chrome"):
		return Chrome
	}
	return ""
}

// parseBrowserArgs reads a process's arguments: a browser's main process
// (not one of its renderers, GPU or utility processes, which carry
// --type=) and its --user-data-dir.
func parseBrowserArgs(pid int, args []string) (RunningBrowser, bool) {
	if len(args) == 0 {
		return RunningBrowser{}, false
	}
	b := RunningBrowser{PID: pid, Exe: args[0], Browser: browserOfExe(args[0])}
	if b.Browser == "" {
		return b, false
	}
	for i, a := range args[1:] {
		switch {
		case strings.HasPrefix(a, "--type="):
			return b, false
		case strings.HasPrefix(a, "--user-data-dir="):
			b.UserDataDir = strings.TrimPrefix(a, "--user-data-dir=")
		case a == "--user-data-dir" && i+2 < len(args):
			b.UserDataDir = args[i+2]
		}
	}
	return b, true
}

// splitPSCommand splits a `ps -o command=` line of a macOS app, whose
// program path has spaces: the program runs to its first " --", and each
// flag to the next.
func splitPSCommand(line string) []string {
	parts := strings.Split(line, " --")
	out := []string{strings.TrimSpace(parts[0])}
	for _, p := range parts[1:] {
		out = append(out, "--"+strings.TrimSpace(p))
	}
	return out
}
