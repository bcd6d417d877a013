package installer

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"

	"github.com/diwall/diwall/internal/paths"
)

// Options says whose browsers to register Diwall with, and how.
type Options struct {
	// GOOS selects the layout: "linux", "darwin" or "windows"; "" means
	// runtime.GOOS.
	GOOS string
	// Home is the user's home folder. Required.
	Home string
	// Getenv reads CHROME_CONFIG_HOME, XDG_CONFIG_HOME and LOCALAPPDATA (see
	// Targets); usually os.Getenv. Nil reads none.
	Getenv func(string) string
	// BinaryPath is the absolute path of the diwall binary the browsers will
	// start, usually os.Executable(). It is written as given: a symlink stays
	// a symlink, which survives upgrades that replace its target.
	BinaryPath string
	// ExtensionID is the extension allowed to connect; "" means
	// DefaultExtensionID.
	ExtensionID string
	// MoreExtensionIDs are other extensions allowed to connect: the
	// Chrome Web Store's copy of Diwall's, whose ID the store assigns.
	MoreExtensionIDs []string
	// Dirs are Diwall's folders. On Windows the manifest lives in Dirs.Data;
	// Doctor reads the socket and extension folder from them.
	Dirs paths.Dirs
	// Browsers limits the work to these browser IDs (see BrowserIDs). Empty
	// means every browser, where Install writes only for browsers that are
	// installed (Installed). A browser named here is registered even if it
	// is not found.
	Browsers []string
	// Installed says whether a browser is installed for this user; nil
	// means BrowserInstalled (its program or its user data folder exists).
	Installed func(Target) bool
	// UserDataDirs are user data folders of browsers started with
	// --user-data-dir: such a browser reads host manifests from
	// DIR/NativeMessagingHosts only (Linux, macOS; Windows reads the
	// registry whatever the folder).
	UserDataDirs []string
	// Registry is HKEY_CURRENT_USER on Windows; nil means
	// CurrentUserRegistry(). Unused elsewhere.
	Registry Registry
}

// Install registers Diwall's host with the browsers of Options.
//
// On Linux and macOS it writes the manifest into the NativeMessagingHosts
// folder of each installed browser (Options.Installed) and of every browser
// named in Options.Browsers, creating that folder when the browser has not
// run yet, and into DIR/NativeMessagingHosts of each Options.UserDataDirs;
// the others are reported as Skipped. On Windows it writes the manifest into
// Dirs.Data and points the registry key of each of those browsers at it.
// Each result lists the browser profiles it covers and the folders it
// created, which Uninstall removes again.
//
// A failure for one browser does not stop the others: the report says which
// failed and the error joins their errors.
func Install(o Options) (Report, error) {
	o, targets, err := o.resolve()
	if err != nil {
		return Report{}, err
	}
	if err := checkBinary(o.BinaryPath); err != nil {
		return Report{}, err
	}
	if o.GOOS == "windows" {
		return installRegistry(o, targets)
	}
	return installFiles(o, targets)
}

// Uninstall removes what Install wrote, and only that: a manifest file is
// removed only when its name field is Diwall's host name, a registry key only
// when it names Diwall's manifest. Anything else in their place is reported
// as Kept. It looks at every browser of Options.Browsers (all when empty),
// in use or not.
func Uninstall(o Options) (Report, error) {
	o, targets, err := o.resolve()
	if err != nil {
		return Report{}, err
	}
	if o.GOOS == "windows" {
		return uninstallRegistry(o, targets)
	}
	return uninstallFiles(o, targets)
}

// resolve fills in defaults and returns the selected targets.
func (o Options) resolve() (Options, []Target, error) {
	if o.GOOS == "" {
		o.GOOS = runtime.GOOS
	}
	if o.Home == "" {
		return o, nil, errors.New("installer: no home folder given")
	}
	if o.ExtensionID == "" {
		o.ExtensionID = DefaultExtensionID
	}
	if o.Installed == nil {
		o.Installed = BrowserInstalled
	}
	for i, dir := range o.UserDataDirs {
		if !filepath.IsAbs(dir) {
			abs, err := filepath.Abs(dir)
			if err != nil {
				return o, nil, err
			}
			o.UserDataDirs[i] = abs
		}
	}
	for _, id := range append([]string{o.ExtensionID}, o.MoreExtensionIDs...) {
		if !validExtensionID(id) {
			return o, nil, fmt.Errorf("%w: %q", ErrBadExtensionID, id)
		}
	}
	if o.GOOS == "windows" {
		if o.Registry == nil {
			o.Registry = CurrentUserRegistry()
		}
		if o.Dirs.Data == "" {
			return o, nil, errors.New("installer: no data folder given (Options.Dirs)")
		}
	}
	targets, err := selectTargets(Targets(o.GOOS, o.Home, o.Getenv), o.Browsers)
	return o, targets, err
}

// checkBinary refuses a relative path, a path with no file behind it and, outside
// Windows, a file nobody may run: a manifest pointing there would fail only
// later, in the browser.
func checkBinary(p string) error {
	if _, err := NewManifest(p, ""); err != nil {
		return err
	}
	fi, err := os.Stat(p)
	if err != nil {
		return fmt.Errorf("installer: host binary: %w", err)
	}
	if fi.IsDir() {
		return fmt.Errorf("installer: host binary %s is a folder", p)
	}
	if runtime.GOOS != "windows" && fi.Mode().Perm()&0o111 == 0 {
		return fmt.Errorf("installer: host binary %s is not executable", p)
	}
	return nil
}

// isDir reports whether p is an existing folder.
func isDir(p string) bool {
	fi, err := os.Stat(p)
	return err == nil && fi.IsDir()
}
