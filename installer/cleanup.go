package installer

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/diwall/diwall/internal/hoststatus"
	"github.com/diwall/diwall/internal/paths"
)

// RemoveOwnFiles removes what `diwall install` put in Diwall's own folders
// (the unpacked extension, the default profile if unchanged, the record)
// and the runtime files hosts leave in the state folder, then every folder
// install created that is now empty. What a person made or Diwall kept for
// them (logs, audit, vault, other profiles) stays, and the report says
// where; with purge, Diwall's four folders go entirely.
func RemoveOwnFiles(d paths.Dirs, rec Record, purge bool) (Report, error) {
	var rep Report
	add := func(name, path string, a Action, detail string) {
		rep.Results = append(rep.Results, Result{Name: name, Manifest: path, Action: a, Detail: detail})
	}
	removeAll := func(name, path string) {
		if _, err := os.Lstat(path); err != nil {
			return
		}
		if err := os.RemoveAll(path); err != nil {
			add(name, path, Failed, err.Error())
			return
		}
		add(name, path, Removed, "")
	}

	removeAll("extension", d.ExtensionDir())
	if rec.DefaultProfile != "" {
		if sum, err := fileSHA256(rec.DefaultProfile); err == nil {
			if sum == rec.DefaultProfileSHA256 || purge {
				removeAll("default profile", rec.DefaultProfile)
			} else {
				add("default profile", rec.DefaultProfile, Kept, "you changed it since install")
			}
		}
	}
	// The hosts' runtime files; a running host keeps its own record.
	hoststatus.Running(d.State)
	hoststatus.ClearRefusal(d.State)
	os.Remove(filepath.Join(d.State, "tab-key"))
	os.Remove(filepath.Join(d.State, "hosts"))

	own := []struct{ name, dir string }{
		{"profiles", filepath.Join(d.Config, "profiles")}, {"config", d.Config},
		{"logs", d.Logs}, {"state", d.State}, {"data", d.Data},
	}
	if purge {
		for _, o := range own {
			if !looksLikeDiwalls(o.dir) {
				add(o.name, o.dir, Kept, "its path does not name Diwall, so it is not removed wholesale; remove it yourself")
				continue
			}
			removeAll(o.name, o.dir)
		}
	}
	folders := slices.Clone(rec.Created)
	for _, o := range own {
		if !slices.Contains(folders, o.dir) {
			folders = append(folders, o.dir)
		}
	}
	slices.SortStableFunc(folders, func(a, b string) int { return len(a) - len(b) })

	var kept []Result
	for _, o := range own {
		if left := entries(o.dir, d); len(left) > 0 {
			kept = append(kept, Result{Name: o.name, Manifest: o.dir, Action: Kept, Detail: strings.Join(left, ", ")})
		}
	}
	if len(kept) == 0 {
		os.Remove(RecordPath(d))
		removeEmptyDirs(folders)
	} else {
		removeEmptyDirs(folders)
		// Keep the record of the folders that remain, so that a later
		// --purge removes them too.
		rest := Record{}
		for _, f := range folders {
			if isDir(f) {
				rest.Created = append(rest.Created, f)
			}
		}
		if err := SaveRecord(d, rest); err == nil {
			kept = append(kept, Result{Name: "record", Manifest: RecordPath(d), Action: Kept, Detail: "what install made, for a later --purge"})
		}
		rep.Results = append(rep.Results, kept...)
	}
	var errs []string
	for _, r := range rep.Results {
		if r.Action == Failed {
			errs = append(errs, r.Name+": "+r.Detail)
		}
	}
	if len(errs) > 0 {
		return rep, fmt.Errorf("uninstall: %s", strings.Join(errs, "; "))
	}
	return rep, nil
}

// entries names what is left in dir, except Diwall's folders listed on
// their own line (the profiles in config, the logs in state).
func entries(dir string, d paths.Dirs) []string {
	list, err := os.ReadDir(dir)
	if err != nil {
		return nil
	}
	var out []string
	for _, e := range list {
		p := filepath.Join(dir, e.Name())
		if p == filepath.Join(d.Config, "profiles") || p == d.Logs || p == RecordPath(d) {
			continue
		}
		name := e.Name()
		if e.IsDir() {
			name += "/"
		}
		out = append(out, name)
	}
	return out
}

// looksLikeDiwalls reports whether a folder's path names Diwall, so that a
// DIWALL_HOME set to a person's own folder is never emptied wholesale.
func looksLikeDiwalls(dir string) bool {
	for _, part := range strings.FieldsFunc(dir, func(r rune) bool { return r == '/' || r == '\\' }) {
		if strings.Contains(strings.ToLower(part), "diwall") {
			return true
		}
	}
	return false
}
