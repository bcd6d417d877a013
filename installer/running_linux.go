package installer

import (
	"bufio"
	"bytes"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// FindRunningBrowsers lists the Chromium-family browsers of the current
// user running now, from /proc: each main process, with its
// --user-data-dir. Other users' processes are left out. ok is false when
// processes cannot be listed.
func FindRunningBrowsers() (browsers []RunningBrowser, ok bool) {
	return findRunningIn("/proc", os.Getuid())
}

// findRunningIn lists the browsers of the user uid in the process folder
// proc (/proc, or a stand-in in tests).
func findRunningIn(proc string, uid int) (browsers []RunningBrowser, ok bool) {
	procs, err := filepath.Glob(filepath.Join(proc, "[0-9]*", "cmdline"))
	if err != nil || len(procs) == 0 {
		return nil, false
	}
	for _, p := range procs {
		if owner, ok := processUID(filepath.Dir(p)); !ok || owner != uid {
			continue
		}
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

// processUID is the real user ID of the process whose /proc folder is
// dir, from the "Uid:" line of its status file.
func processUID(dir string) (int, bool) {
	data, err := os.ReadFile(filepath.Join(dir, "status"))
	if err != nil {
		return 0, false
	}
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		if rest, found := strings.CutPrefix(sc.Text(), "Uid:"); found {
			fields := strings.Fields(rest)
			if len(fields) == 0 {
				return 0, false
			}
			uid, err := strconv.Atoi(fields[0])
			return uid, err == nil
		}
	}
	return 0, false
}
