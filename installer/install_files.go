package installer

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
)

// wanted reports whether Install registers Diwall with t: a Snap or
// Flatpak browser when its package is there, another when it is named or
// installed.
func wanted(o Options, t Target) bool {
	if t.Sandbox != "" {
		return isDir(t.Base)
	}
	return slices.Contains(o.Browsers, t.Browser) || o.Installed(t)
}

// notInstalled says why a browser is skipped.
func notInstalled(t Target) string {
	return fmt.Sprintf("%s is not installed (its program is not found and %s does not exist)", t.Name, t.UserDataDir)
}

// installFiles writes a manifest file per browser, and per user data
// folder of Options.UserDataDirs (Linux, macOS).
func installFiles(o Options, targets []Target) (Report, error) {
	var rep Report
	var errs []error
	for _, t := range targets {
		res := Result{Browser: t.Label(), Name: t.Name}
		if !wanted(o, t) {
			res.Action, res.Detail = Skipped, notInstalled(t)
			rep.Results = append(rep.Results, res)
			continue
		}
		res.Profiles = BrowserProfiles(t.UserDataDir)
		res.UserDataDir = t.UserDataDir
		if err := writeManifestTracked(o, t.ManifestDir, &res); err != nil {
			errs = append(errs, fmt.Errorf("%s: %w", t.Browser, err))
		}
		rep.Results = append(rep.Results, res)
	}
	for _, dir := range o.UserDataDirs {
		res := Result{Name: dir, UserDataDir: dir, Profiles: BrowserProfiles(dir)}
		if err := writeManifestTracked(o, filepath.Join(dir, "NativeMessagingHosts"), &res); err != nil {
			errs = append(errs, fmt.Errorf("%s: %w", dir, err))
		}
		rep.Results = append(rep.Results, res)
	}
	return rep, errors.Join(errs...)
}

// writeManifestTracked writes the manifest into dir and fills res: the
// action, the file, and the folders it had to create.
func writeManifestTracked(o Options, dir string, res *Result) error {
	created := missingDirs(dir)
	file, err := WriteManifest(dir, o.BinaryPath, o.ExtensionID, o.MoreExtensionIDs...)
	if err != nil {
		res.Action, res.Manifest, res.Detail = Failed, filepath.Join(dir, ManifestFileName), err.Error()
		return err
	}
	res.Action, res.Manifest, res.Created = Installed, file, created
	return nil
}

// uninstallFiles removes Diwall's manifest file from each browser's folder
// and each user data folder of Options.UserDataDirs, then the folders
// install created for it, when nothing else is in them.
func uninstallFiles(o Options, targets []Target) (Report, error) {
	var rep Report
	var errs []error
	remove := func(res Result) {
		res.Action, res.Detail = removeIfDiwall(res.Manifest)
		if res.Action == Failed {
			errs = append(errs, fmt.Errorf("%s: %s", res.Name, res.Detail))
		}
		rep.Results = append(rep.Results, res)
	}
	for _, t := range targets {
		remove(Result{Browser: t.Label(), Name: t.Name, Manifest: t.ManifestPath()})
	}
	for _, dir := range o.UserDataDirs {
		remove(Result{Name: dir, UserDataDir: dir, Manifest: filepath.Join(dir, "NativeMessagingHosts", ManifestFileName)})
	}
	return rep, errors.Join(errs...)
}

// removeIfDiwall removes file if it is Diwall's manifest.
func removeIfDiwall(file string) (Action, string) {
	m, err := ReadManifest(file)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return Absent, ""
	case errors.Is(err, ErrNotManifest):
		return Kept, "not valid manifest JSON, so not Diwall's"
	case err != nil:
		return Failed, err.Error()
	case !m.IsDiwall():
		return Kept, fmt.Sprintf("its name is %q, not Diwall's", m.Name)
	}
	if err := os.Remove(file); err != nil {
		return Failed, err.Error()
	}
	return Removed, ""
}
