package installer

import (
	"encoding/json"
	"os"
	"path/filepath"
	"sort"
)

// BrowserProfiles lists the profiles of a Chromium-family user data folder,
// as `"Name" (folder)`, from its Local State file: the profiles a manifest
// in that folder's NativeMessagingHosts serves, every one of them. A
// folder that has not run yet, or whose Local State cannot be read, has
// none listed (its profiles, when made, are covered all the same).
func BrowserProfiles(userDataDir string) []string {
	data, err := os.ReadFile(filepath.Join(userDataDir, "Local State"))
	if err != nil {
		return nil
	}
	var state struct {
		Profile struct {
			InfoCache map[string]struct {
				Name string `json:"name"`
			} `json:"info_cache"`
		} `json:"profile"`
	}
	if json.Unmarshal(data, &state) != nil {
		return nil
	}
	var out []string
	for dir, p := range state.Profile.InfoCache {
		if p.Name == "" {
			out = append(out, "("+dir+")")
			continue
		}
		out = append(out, quoteName(p.Name)+" ("+dir+")")
	}
	sort.Strings(out)
	return out
}

func quoteName(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}
