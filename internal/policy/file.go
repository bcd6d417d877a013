package policy

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// ValidName returns an error unless name can name a profile:
// [a-z0-9][a-z0-9_-]{0,63}, and not a name Windows reserves (con, nul,
// com1...), so that NAME.toml is a plain file on every OS and never a path.
func ValidName(name string) error {
	if name == "" {
		return errors.New("a profile needs a name")
	}
	if len(name) > maxNameLen {
		return fmt.Errorf("profile name %.20q...: longer than %d characters", name, maxNameLen)
	}
	for i, c := range name {
		if c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || i > 0 && (c == '_' || c == '-') {
			continue
		}
		return fmt.Errorf("profile name %q: use lowercase letters, digits, _ and - (not first)", name)
	}
	if windowsDevice(name) {
		return fmt.Errorf("profile name %q: Windows keeps that name for a device", name)
	}
	return nil
}

// windowsDevice reports whether name is one Windows reserves for a device
// even with an extension, such as con or com1.
func windowsDevice(name string) bool {
	switch name {
	case "con", "prn", "aux", "nul":
		return true
	}
	return len(name) == 4 && (strings.HasPrefix(name, "com") || strings.HasPrefix(name, "lpt")) && name[3] >= '1' && name[3] <= '9'
}

// profilesDir is the folder of the profile files.
func profilesDir(configDir string) string { return filepath.Join(configDir, "profiles") }

// FilePath is the file of the profile name: <configDir>/profiles/NAME.toml.
// It does not check the name; see ValidName.
func FilePath(configDir, name string) string {
	return filepath.Join(profilesDir(configDir), name+".toml")
}

// Load reads the profile name from its file under configDir. When the file
// does not exist the error wraps fs.ErrNotExist, so that a caller can fall
// back to a built-in profile; a file that exists but cannot be used gives an
// *Error.
func Load(configDir, name string) (Profile, error) {
	if err := ValidName(name); err != nil {
		return Profile{}, err
	}
	path := FilePath(configDir, name)
	data, err := readFile(path)
	if err != nil {
		return Profile{}, fmt.Errorf("profile %s: %w", name, err)
	}
	return Parse(name, path, data)
}

// readFile reads a profile file of at most maxFileSize bytes.
func readFile(path string) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, maxFileSize+1))
	if err != nil {
		return nil, err
	}
	if len(data) > maxFileSize {
		return nil, fmt.Errorf("%s is larger than %d bytes: not a profile", path, maxFileSize)
	}
	return data, nil
}

// List returns the names of the profile files under configDir, sorted. A
// missing profiles folder is an empty list. Files whose name is not a valid
// profile name are left out.
func List(configDir string) ([]string, error) {
	entries, err := os.ReadDir(profilesDir(configDir))
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var names []string
	for _, e := range entries {
		name, ok := strings.CutSuffix(e.Name(), ".toml")
		if ok && !e.IsDir() && ValidName(name) == nil {
			names = append(names, name)
		}
	}
	sort.Strings(names)
	return names, nil
}
