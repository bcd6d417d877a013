package installer

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
)

const fixInstall = "run `diwall install`"

// manifestCheck checks one browser's registration: the manifest it would
// read exists, is Diwall's, starts this binary and allows the extension.
func manifestCheck(o Options, t Target) Check {
	c := Check{Name: t.Browser + " manifest"}
	expected := wanted(o, t)
	notInUse := "not registered; " + notInstalled(t)

	file := t.ManifestPath()
	if o.GOOS == "windows" {
		val, err := o.Registry.Default(t.RegistryKey)
		switch {
		case errors.Is(err, fs.ErrNotExist) && !expected:
			c.OK, c.Detail = true, notInUse
			return c
		case errors.Is(err, fs.ErrNotExist):
			c.Detail, c.Fix = `no key HKCU\`+t.RegistryKey, fixInstall
			return c
		case err != nil:
			c.Detail, c.Fix = `read HKCU\`+t.RegistryKey+": "+err.Error(), fixInstall
			return c
		}
		file = val
	}
	c.Detail = file

	_, err := os.Stat(file)
	if errors.Is(err, fs.ErrNotExist) && o.GOOS != "windows" && !expected {
		c.OK, c.Detail = true, notInUse
		return c
	}
	return checkManifestFile(o, c, file, fixInstall)
}

// checkManifestFile fills c for the manifest file a browser reads: it must
// exist, be Diwall's, start this binary and allow the extension; fix is
// what installs it.
func checkManifestFile(o Options, c Check, file, fix string) Check {
	c.Detail = file
	m, err := ReadManifest(file)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		c.Detail, c.Fix = "missing: "+file, fix
		return c
	case err != nil:
		c.Detail, c.Fix = err.Error(), "move "+file+" away, then "+fix
		return c
	case !m.IsDiwall():
		c.Detail = fmt.Sprintf("%s is not Diwall's (its name is %q)", file, m.Name)
		c.Fix = "move it away, then " + fix
		return c
	case !sameFile(o.GOOS, m.Path, o.BinaryPath):
		c.Detail = fmt.Sprintf("%s starts %s, not this binary %s", file, m.Path, o.BinaryPath)
		c.Fix = fix
		return c
	}
	for _, id := range append([]string{o.ExtensionID}, o.MoreExtensionIDs...) {
		if !m.Allows(id) {
			c.Detail = fmt.Sprintf("%s does not allow the extension %s", file, id)
			c.Fix = fix
			return c
		}
	}
	c.OK = true
	return c
}

// sameFile reports whether two paths name the same file: equal, or two
// names (links) of one existing file.
func sameFile(goos, a, b string) bool {
	if samePath(goos, a, b) {
		return true
	}
	fa, errA := os.Stat(a)
	fb, errB := os.Stat(b)
	return errA == nil && errB == nil && os.SameFile(fa, fb)
}
