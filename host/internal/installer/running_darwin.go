package installer

import (
	"os/exec"
	"strconv"
	"strings"
)

// FindRunningBrowsers lists the Chromium-family browsers running now, from
// `ps`: each main process, with its --user-data-dir. ok is false when ps
// cannot be run.
func FindRunningBrowsers() (browsers []RunningBrowser, ok bool) {
	out, err := exec.Command("ps", "-axww", "-o", "pid=,command=").Output()
	if err != nil {
		return nil, false
	}
	for _, line := range strings.Split(string(out), "\n") {
		line = strings.TrimSpace(line)
		pidText, command, found := strings.Cut(line, " ")
		if !found || !strings.Contains(command, ".app/Contents/MacOS/") {
			continue
		}
		pid, _ := strconv.Atoi(pidText)
		if b, ok := parseBrowserArgs(pid, splitPSCommand(command)); ok {
			browsers = append(browsers, b)
		}
	}
	return browsers, true
}
