package installer

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"slices"
)

// installFiles writes a manifest file per browser (Linux, macOS).
func installFiles(o Options, targets []Target) (Report, error) {
	var rep Report
	var errs []error
	for _, t := range targets {
		res := Result{Browser: t.Browser, Name: t.Name}
		if !t.Always && !isDir(t.UserDataDir) && !slices.Contains(o.Browsers, t.Browser) {
			res.Action = Skipped
			res.Detail = fmt.Sprintf("%s has not run for this user (no %s)", t.Name, t.UserDataDir)
			rep.Results = append(rep.Results, res)
			continue
		}
		file, err := WriteManifest(t.ManifestDir, o.BinaryPath, o.ExtensionID)
		if err != nil {
			res.Action, res.Manifest, res.Detail = Failed, t.ManifestPath(), err.Error()
			errs = append(errs, fmt.Errorf("%s: %w", t.Browser, err))
		} else {
			res.Action, res.Manifest = Installed, file
		}
		rep.Results = append(rep.Results, res)
	}
	return rep, errors.Join(errs...)
}

// uninstallFiles removes Diwall's manifest file from each browser's folder.
func uninstallFiles(targets []Target) (Report, error) {
	var rep Report
	var errs []error
	for _, t := range targets {
		res := Result{Browser: t.Browser, Name: t.Name, Manifest: t.ManifestPath()}
		res.Action, res.Detail = removeIfDiwall(res.Manifest)
		if res.Action == Failed {
			errs = append(errs, fmt.Errorf("%s: %s", t.Browser, res.Detail))
		}
		rep.Results = append(rep.Results, res)
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
