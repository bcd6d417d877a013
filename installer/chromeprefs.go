package installer

import (
	"encoding/json"
	"os"
	"path/filepath"
)

// LoadedExtension is the extension as one browser profile has it.
type LoadedExtension struct {
	Profile  string // the profile's folder: Default, Profile 1, ...
	Path     string // the folder it was loaded from
	Version  string // from that folder's manifest.json, if readable
	Disabled bool
}

// ExtensionInProfiles finds the extension id in the profiles of a user data
// folder, from each profile's Preferences and Secure Preferences (where
// Chromium keeps extensions.settings; a command-line or unpacked extension
// is there with its path).
func ExtensionInProfiles(userDataDir, id string) []LoadedExtension {
	profiles, _ := filepath.Glob(filepath.Join(userDataDir, "*", "Preferences"))
	var out []LoadedExtension
	for _, prefs := range profiles {
		dir := filepath.Dir(prefs)
		for _, name := range []string{"Secure Preferences", "Preferences"} {
			if ext, ok := extensionInPrefs(filepath.Join(dir, name), id); ok {
				ext.Profile = filepath.Base(dir)
				out = append(out, ext)
				break
			}
		}
	}
	return out
}

func extensionInPrefs(file, id string) (LoadedExtension, bool) {
	data, err := os.ReadFile(file)
	if err != nil {
		return LoadedExtension{}, false
	}
	var prefs struct {
		Extensions struct {
			Settings map[string]struct {
				Path           string `json:"path"`
				DisableReasons []any  `json:"disable_reasons"`
				State          *int   `json:"state"`
			} `json:"settings"`
		} `json:"extensions"`
	}
	if json.Unmarshal(data, &prefs) != nil {
		return LoadedExtension{}, false
	}
	s, ok := prefs.Extensions.Settings[id]
	if !ok {
		return LoadedExtension{}, false
	}
	ext := LoadedExtension{Path: s.Path, Disabled: len(s.DisableReasons) > 0 || (s.State != nil && *s.State == 0)}
	if m, err := os.ReadFile(filepath.Join(s.Path, "manifest.json")); err == nil {
		var mv struct {
			Version string `json:"version"`
		}
		if json.Unmarshal(m, &mv) == nil {
			ext.Version = mv.Version
		}
	}
	return ext, true
}
