package installer

import (
	"fmt"
	"io"
	"strings"
)

// Action is what Install or Uninstall did for one browser.
type Action string

// What Install and Uninstall can have done.
const (
	Installed Action = "installed" // the manifest was written or the key set
	Skipped   Action = "skipped"   // the browser is not in use here; see Detail
	Removed   Action = "removed"   // Diwall's manifest or key was removed
	Absent    Action = "absent"    // there was nothing to remove
	Kept      Action = "kept"      // a file or key that is not Diwall's was left alone
	Restored  Action = "restored"  // the person's own entry, which install replaced, is back
	Failed    Action = "failed"    // see Detail; the returned error says it too
)

// Result is the outcome for one browser.
type Result struct {
	Browser     string // browser ID, or "" for Report.Manifest
	Name        string // for people
	Action      Action
	Manifest    string // the manifest file concerned
	RegistryKey string // Windows: the key below HKEY_CURRENT_USER
	Detail      string // why, for Skipped, Kept and Failed
	// UserDataDir is the browser's user data folder: every profile in it
	// reads the manifest.
	UserDataDir string
	// Profiles are the profiles found in UserDataDir (BrowserProfiles).
	Profiles []string
	// Created are the folders Install created for the manifest, the
	// outermost first.
	Created []string
}

// Report is what Install or Uninstall did, browser by browser.
type Report struct {
	Results []Result
	// Manifest is, on Windows, the outcome for the one manifest file every
	// key names; zero elsewhere.
	Manifest Result
}

// Format writes one line per result, such as
//
//	installed chromium: /home/u/.config/chromium/NativeMessagingHosts/com.diwall.host.json
//	skipped   edge: Microsoft Edge has not run for this user (no /home/u/.config/microsoft-edge)
func (r Report) Format(w io.Writer) error {
	lines := r.Results
	if r.Manifest.Action != "" {
		lines = append([]Result{r.Manifest}, lines...)
	}
	for _, res := range lines {
		name := res.Browser
		if name == "" {
			name = res.Name
		}
		where := res.Manifest
		if res.RegistryKey != "" {
			where = `HKCU\` + res.RegistryKey
			if res.Manifest != "" && res.Action == Installed {
				where += " -> " + res.Manifest
			}
		}
		line := fmt.Sprintf("%-9s %s: %s", res.Action, name, where)
		if res.Detail != "" {
			if where != "" {
				line += " (" + res.Detail + ")"
			} else {
				line += res.Detail
			}
		}
		if res.Action == Installed && res.UserDataDir != "" {
			line += "\n          " + coverage(res)
		}
		if _, err := fmt.Fprintln(w, line); err != nil {
			return err
		}
	}
	return nil
}

// coverage says which browser profiles a registration serves.
func coverage(res Result) string {
	if len(res.Profiles) == 0 {
		return "covers every profile of " + res.UserDataDir + " (none there yet)"
	}
	return "covers every profile of " + res.UserDataDir + ": " + strings.Join(res.Profiles, ", ")
}
