package launch

import (
	"os"
	"path/filepath"
	"runtime"
)

// maxTempBase is the longest temp folder a launch puts its short folder
// in. Chromium's SingletonSocket lives at
// $TMPDIR/org.chromium.Chromium.XXXXXX/SingletonSocket (47 bytes below
// TMPDIR) and a Unix socket path may not exceed 107 bytes; the short folder
// adds /dwl-NNNNNNNNNN/tmp (19 bytes).
const maxTempBase = 40

// shortTempBase is where a launch's short folder goes: the system temp
// folder, or /tmp when that is too long (a TMPDIR deep in a test tree).
func shortTempBase() string {
	base := os.TempDir()
	if len(base) > maxTempBase && runtime.GOOS != "windows" {
		return "/tmp"
	}
	return base
}

// makeShortDir creates the launch's short folder (mode 0700, a random
// name): the browser's TMPDIR and the host's socket live there, whatever
// the length of Diwall's state folder.
func makeShortDir() (string, error) {
	dir, err := os.MkdirTemp(shortTempBase(), "dwl-")
	if err != nil {
		return "", err
	}
	if err := os.Mkdir(filepath.Join(dir, "tmp"), 0o700); err != nil {
		os.RemoveAll(dir)
		return "", err
	}
	return dir, nil
}
