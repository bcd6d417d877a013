package installer

import (
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"strings"
)

// installRegistry writes the one manifest into Dirs.Data and points each
// browser's key under HKEY_CURRENT_USER at it (Windows).
func installRegistry(o Options, targets []Target) (Report, error) {
	rep := Report{Manifest: Result{Name: "manifest", Manifest: windowsManifest(o), Created: missingDirs(o.Dirs.Data)}}
	file, err := WriteManifest(o.Dirs.Data, o.BinaryPath, o.ExtensionID, o.MoreExtensionIDs...)
	if err != nil {
		rep.Manifest.Action, rep.Manifest.Detail = Failed, err.Error()
		return rep, err
	}
	rep.Manifest.Action = Installed
	var errs []error
	for _, t := range targets {
		res := Result{Browser: t.Browser, Name: t.Name, RegistryKey: t.RegistryKey, Manifest: file}
		if !wanted(o, t) {
			res.Action, res.Manifest, res.Detail = Skipped, "", notInstalled(t)
			rep.Results = append(rep.Results, res)
			continue
		}
		res.UserDataDir, res.Profiles = t.UserDataDir, BrowserProfiles(t.UserDataDir)
		if err := o.Registry.SetDefault(t.RegistryKey, file); err != nil {
			res.Action, res.Detail = Failed, err.Error()
			errs = append(errs, fmt.Errorf("%s: set HKCU\\%s: %w", t.Browser, t.RegistryKey, err))
		} else {
			res.Action = Installed
		}
		rep.Results = append(rep.Results, res)
	}
	for _, dir := range o.UserDataDirs {
		rep.Results = append(rep.Results, Result{Name: dir, Action: Skipped,
			Detail: "on Windows a browser reads the registry whatever its user data folder: the keys above serve it"})
	}
	return rep, errors.Join(errs...)
}

// uninstallRegistry deletes the keys that name Diwall's manifest, then the
// manifest itself once no key names it any more (Windows).
func uninstallRegistry(o Options, targets []Target) (Report, error) {
	manifest := windowsManifest(o)
	var rep Report
	var errs []error
	done := map[string]Result{} // by key: Brave shares Chromium's
	for _, t := range targets {
		res := Result{Browser: t.Browser, Name: t.Name, RegistryKey: t.RegistryKey}
		if first, ok := done[t.RegistryKey]; ok {
			res.Action, res.Manifest = first.Action, first.Manifest
			res.Detail = "the same key as " + first.Browser
			rep.Results = append(rep.Results, res)
			continue
		}
		val, err := o.Registry.Default(t.RegistryKey)
		res.Manifest = val
		switch {
		case errors.Is(err, fs.ErrNotExist):
			res.Action = Absent
		case err != nil:
			res.Action, res.Detail = Failed, err.Error()
		case !namesDiwall(o, val, manifest):
			res.Action, res.Detail = Kept, "it names a manifest that is not Diwall's"
		default:
			if err := o.Registry.DeleteKey(t.RegistryKey); err != nil {
				res.Action, res.Detail = Failed, err.Error()
			} else {
				res.Action = Removed
			}
		}
		if res.Action == Failed {
			errs = append(errs, fmt.Errorf("%s: HKCU\\%s: %s", t.Browser, t.RegistryKey, res.Detail))
		}
		done[t.RegistryKey] = res
		rep.Results = append(rep.Results, res)
	}

	rep.Manifest = Result{Name: "manifest", Manifest: manifest}
	if key := keyNaming(o, manifest); key != "" {
		rep.Manifest.Action, rep.Manifest.Detail = Kept, `HKCU\`+key+" still names it"
	} else {
		rep.Manifest.Action, rep.Manifest.Detail = removeIfDiwall(manifest)
		if rep.Manifest.Action == Failed {
			errs = append(errs, fmt.Errorf("manifest: %s", rep.Manifest.Detail))
		}
	}
	return rep, errors.Join(errs...)
}

// windowsManifest is where the manifest lives on Windows.
func windowsManifest(o Options) string {
	return filepath.Join(o.Dirs.Data, ManifestFileName)
}

// namesDiwall reports whether a key's value names Diwall's manifest: the file
// Install writes, or any file whose name field is Diwall's.
func namesDiwall(o Options, val, manifest string) bool {
	if samePath(o.GOOS, val, manifest) {
		return true
	}
	m, err := ReadManifest(val)
	return err == nil && m.IsDiwall()
}

// keyNaming returns a key of any browser that still names manifest, or "".
func keyNaming(o Options, manifest string) string {
	for _, t := range Targets(o.GOOS, o.Home, o.Getenv) {
		if val, err := o.Registry.Default(t.RegistryKey); err == nil && samePath(o.GOOS, val, manifest) {
			return t.RegistryKey
		}
	}
	return ""
}

// samePath compares two paths as goos does: without regard to case on Windows.
func samePath(goos, a, b string) bool {
	a, b = filepath.Clean(a), filepath.Clean(b)
	if goos == "windows" {
		return strings.EqualFold(a, b)
	}
	return a == b
}
