package installer

import (
	"os"
	"path/filepath"
)

// missingDirs returns the folders from dir up that do not exist yet, the
// outermost first: what creating dir will create, for uninstall to remove
// again.
func missingDirs(dir string) []string {
	var out []string
	for d := filepath.Clean(dir); ; {
		if _, err := os.Lstat(d); err == nil {
			break
		}
		out = append([]string{d}, out...)
		parent := filepath.Dir(d)
		if parent == d {
			break
		}
		d = parent
	}
	return out
}

// MkdirAllTracked creates dir (mode 0700) like os.MkdirAll and returns the
// folders it created, the outermost first.
func MkdirAllTracked(dir string) ([]string, error) {
	created := missingDirs(dir)
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, err
	}
	return created, nil
}

// removeEmptyDirs removes each folder of dirs that is empty, the innermost
// first, and returns those it removed. A folder with anything in it stays:
// it is no longer only what install made.
func removeEmptyDirs(dirs []string) []string {
	var removed []string
	for i := len(dirs) - 1; i >= 0; i-- {
		// os.Remove removes only an empty folder.
		if err := os.Remove(dirs[i]); err == nil {
			removed = append(removed, dirs[i])
		}
	}
	return removed
}
