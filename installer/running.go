package installer

import (
	"os"
	"path"
	"strconv"
	"strings"
)

// RunningBrowser is a Chromium-family browser's main process.
type RunningBrowser struct {
	PID     int
	Browser string // Chrome, Chromium, Edge or Brave
	Exe     string
	// UserDataDir is its --user-data-dir, or "" for the browser's default.
	UserDataDir string
	// Automation says why this browser is a program's, not the person's
	// (see automationReason); "" for the person's own.
	Automation string
	// Sandbox is "snap" or "flatpak" when the program is a Snap's or a
	// Flatpak's (see sandboxOfExe).
	Sandbox string
}

// sandboxOfExe says how a browser's program is packaged, by its path: a
// Snap's programs are under /snap, a Flatpak's under /app (as its
// sandbox sees them, and as its process's arguments say).
func sandboxOfExe(exe string) string {
	switch {
	case strings.HasPrefix(exe, "/snap/"):
		return "snap"
	case strings.HasPrefix(exe, "/app/"):
		return "flatpak"
	}
	return ""
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
	b := RunningBrowser{PID: pid, Exe: args[0], Browser: browserOfExe(args[0]), Sandbox: sandboxOfExe(args[0])}
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
	b.Automation = automationReason(args[1:], b.UserDataDir, tempDirs())
	return b, true
}

// automationFlags are the switches with which programs, not people, start
// a browser: DevTools remote debugging (Playwright, Puppeteer, Chrome
// DevTools MCP, Selenium through ChromeDriver), no window, and the
// automation banner and test mode ChromeDriver asks for. A flag counts
// alone or with a value (--headless=new, --remote-debugging-port=0).
var automationFlags = []string{
	"--remote-debugging-port", "--remote-debugging-pipe", "--remote-debugging-address",
	"--headless", "--enable-automation", "--test-type",
}

// automationReason says why a browser started with args (its program
// left out) is a program's, not the person's, or "": one of the
// automationFlags, or a user data folder under one of temps, where
// Playwright, Puppeteer and test suites make throwaway profiles and no
// person keeps their everyday one.
func automationReason(args []string, userDataDir string, temps []string) string {
	for _, a := range args {
		name, _, _ := strings.Cut(a, "=")
		for _, f := range automationFlags {
			if name == f {
				return "started with " + f
			}
		}
	}
	if userDataDir == "" {
		return ""
	}
	clean := path.Clean(strings.ReplaceAll(userDataDir, `\`, "/"))
	for _, t := range temps {
		t = path.Clean(strings.ReplaceAll(t, `\`, "/"))
		if t != "/" && t != "." && strings.HasPrefix(clean, t+"/") {
			return "its profile is in the temporary folder " + t
		}
	}
	return ""
}

// tempDirs are the folders of throwaway files: TMPDIR (os.TempDir) and the
// usual ones of each OS.
func tempDirs() []string {
	return []string{os.TempDir(), "/tmp", "/var/tmp", "/dev/shm", "/private/tmp", "/private/var/folders", "/var/folders"}
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

// parsePS reads `ps -o pid=,uid=,command=` lines: the browsers of the
// user uid.
func parsePS(out string, uid int) (browsers []RunningBrowser) {
	for _, line := range strings.Split(out, "\n") {
		fields := strings.Fields(line)
		if len(fields) < 3 {
			continue
		}
		if owner, err := strconv.Atoi(fields[1]); err != nil || owner != uid {
			continue
		}
		pid, _ := strconv.Atoi(fields[0])
		command := strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(line), fields[0]))
		command = strings.TrimSpace(strings.TrimPrefix(command, fields[1]))
		if !strings.Contains(command, ".app/Contents/MacOS/") {
			continue
		}
		if b, ok := parseBrowserArgs(pid, splitPSCommand(command)); ok {
			browsers = append(browsers, b)
		}
	}
	return browsers
}
