package installer

import (
	"errors"
	"io/fs"

	"github.com/diwall/diwall/host/profile"
)

// EnsureDefaultProfile creates the default profile,
// <configDir>/profiles/default.toml, unless it exists: the commented
// template of profile.Create, with no sites and every site asked for in the
// browser, for the person to edit. It returns the file's path and whether it
// created it. An existing file is left as it is, whatever it holds; Uninstall
// never removes it.
func EnsureDefaultProfile(configDir string) (path string, created bool, err error) {
	path, err = profile.Create(configDir, profile.DefaultName)
	if errors.Is(err, fs.ErrExist) {
		return profile.FilePath(configDir, profile.DefaultName), false, nil
	}
	if err != nil {
		return "", false, err
	}
	return path, true, nil
}
