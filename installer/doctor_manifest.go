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
// After a launch-only install none is needed: a missing or stale one is
// no failure, and no fix asks to set up the everyday browser.
func manifestCheck(o Options, t Target, launchOnly bool) Check {
	c := Check{Name: t.Label() + " manifest"}
	expected := wanted(o, t) && !launchOnly
	notInUse := "not registered; " + notInstalled(t)
	if launchOnly {
		notInUse = NotNeededForLaunch
	}

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
	c = checkManifestFile(o, c, file, fixInstall)
	if t.Sandbox != "" && c.OK {
		// Registered, but the sandbox stands between the browser and
		// Diwall: no failure unless the person uses that browser.
		c = Check{Name: c.Name, Unknown: true, Detail: c.Detail + " is registered, but it cannot serve: " +
			sandboxWhy(o, t) + "; so " + sandboxFix}
	}
	if launchOnly && !c.OK {
		// Whatever is there, the dedicated browser does not read it.
		c = Check{Name: c.Name, OK: true, Detail: "not needed for --launch; " + c.Detail}
	}
	return c
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
