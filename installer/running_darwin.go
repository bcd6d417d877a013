package installer

import (
	"os"
	"os/exec"
)

// FindRunningBrowsers lists the Chromium-family browsers of the current
// user running now, from `ps`: each main process, with its
// --user-data-dir. Other users' processes are left out. ok is false when
// ps cannot be run.
func FindRunningBrowsers() (browsers []RunningBrowser, ok bool) {
	out, err := exec.Command("ps", "-axww", "-o", "pid=,uid=,command=").Output()
	if err != nil {
		return nil, false
	}
	return parsePS(string(out), os.Getuid()), true
}
