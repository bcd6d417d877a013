package installer

import (
	"errors"
	"io/fs"

	"github.com/diwall/diwall/internal/policy"
)

// EnsureDefaultProfile creates the default profile,
// <configDir>/profiles/default.toml, unless it exists: the commented
// template of policy.Create, with no sites and every site asked for in the
// browser, for the person to edit. It returns the file's path and whether it
// created it. An existing file is left as it is, whatever it holds; Uninstall
// never removes it.
func EnsureDefaultProfile(configDir string) (path string, created bool, err error) {
	path, err = policy.Create(configDir, policy.DefaultName)
	if errors.Is(err, fs.ErrExist) {
		return policy.FilePath(configDir, policy.DefaultName), false, nil
	}
	if err != nil {
		return "", false, err
	}
	return path, true, nil
}
