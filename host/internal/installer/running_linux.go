package installer

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// FindRunningBrowsers lists the Chromium-family browsers running now, from
// /proc: each main process, with its --user-data-dir. ok is false when
// processes cannot be listed.
func FindRunningBrowsers() (browsers []RunningBrowser, ok bool) {
	procs, err := filepath.Glob("/proc/[0-9]*/cmdline")
	if err != nil || len(procs) == 0 {
		return nil, false
	}
	for _, p := range procs {
		data, err := os.ReadFile(p)
		if err != nil || len(data) == 0 {
			continue
		}
		pid, _ := strconv.Atoi(filepath.Base(filepath.Dir(p)))
		args := strings.Split(strings.TrimRight(string(data), "\x00"), "\x00")
		if b, ok := parseBrowserArgs(pid, args); ok {
			browsers = append(browsers, b)
		}
	}
	return browsers, true
}
