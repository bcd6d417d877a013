package installer

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
)

// Check is one line of `diwall doctor`.
type Check struct {
	Name    string // "binary", "chromium manifest", "host running", ...
	OK      bool
	Unknown bool   // Diwall cannot tell; neither OK nor a failure
	Detail  string // what was found
	Fix     string // what to do, when not OK
}

// DoctorOptions says what to check. Options has the same meaning as for
// Install; BinaryPath is this binary, the one manifests should point at.
type DoctorOptions struct {
	Options
	// HostStatus says whether a host is running. Nil means DialSocket on
	// Dirs.Socket().
	HostStatus func() (running bool, detail string)
	// ExtensionStatus says whether the extension is connected to the host.
	// Nil reports "unknown".
	ExtensionStatus func() (connected bool, detail string)
	// Running lists the running browsers; nil means FindRunningBrowsers.
	Running func() ([]RunningBrowser, bool)
	// ExtensionVersion is the version of the extension this diwall embeds;
	// a loaded or connected one of another major version fails.
	ExtensionVersion string
	// LaunchOnly says the person chose only the dedicated browser of
	// `diwall mcp --launch` (Record.LaunchOnly): the everyday browser's
	// set-up that is missing is no failure, and no fix asks for it.
	LaunchOnly bool
}

// NotNeededForLaunch is the detail of an everyday-browser check after a
// launch-only install.
const NotNeededForLaunch = "not set up (not needed for --launch)"

// Doctor checks an installation: the binary, each browser's manifest (present,
// Diwall's, pointing at this binary, allowing the extension), the unpacked
// extension; then each running browser (with its --user-data-dir): the
// manifest it reads, and whether the extension is loaded in it, connected,
// and of this host's major version; a running host and a connected
// extension. Each failure says the command or step that fixes it. It
// changes nothing.
func Doctor(d DoctorOptions) []Check {
	checks := []Check{binaryCheck(d.BinaryPath)}
	o, targets, err := d.resolve()
	if err != nil {
		return append(checks, Check{Name: "options", Detail: err.Error()})
	}
	for _, t := range targets {
		checks = append(checks, manifestCheck(o, t, d.LaunchOnly))
	}
	checks = append(checks, extensionDirCheck(o.Dirs.ExtensionDir(), d.LaunchOnly))
	checks = append(checks, browserChecks(d, o, targets)...)

	host := d.HostStatus
	if host == nil {
		host = func() (bool, string) { return DialSocket(o.Dirs.Socket()) }
	}
	running, detail := host()
	hostCheck := Check{Name: "host running", OK: running, Detail: detail,
		Fix: "start the browser with the Diwall extension loaded; the host's log is " + o.Dirs.HostLog()}
	ext := Check{Name: "extension connected", Unknown: true,
		Detail: "unknown: this version cannot ask the host"}
	if d.ExtensionStatus != nil {
		ext.Unknown = false
		ext.OK, ext.Detail = d.ExtensionStatus()
		ext.Fix = "open the extension's page in chrome://extensions and check its errors"
	}
	if d.LaunchOnly {
		// The everyday browser's host and extension; each --launch
		// session starts a browser and host of its own.
		if !hostCheck.OK {
			hostCheck = Check{Name: hostCheck.Name, OK: true, Detail: NotNeededForLaunch + "; each client session starts its own browser and host"}
		}
		if !ext.OK {
			ext = Check{Name: ext.Name, OK: true, Detail: NotNeededForLaunch}
		}
	}
	return append(checks, hostCheck, ext)
}

// Healthy reports whether no check failed; Unknown ones do not count.
func Healthy(checks []Check) bool {
	for _, c := range checks {
		if !c.OK && !c.Unknown {
			return false
		}
	}
	return true
}

// FormatChecks writes one line per check:
//
//	ok   chromium manifest: /home/u/.config/chromium/NativeMessagingHosts/com.diwall.host.json
//	FAIL host running: no host is running (...) -> fix: start the browser ...
//	?    extension connected: unknown: ...
func FormatChecks(w io.Writer, checks []Check) error {
	for _, c := range checks {
		status := "FAIL"
		switch {
		case c.OK:
			status = "ok"
		case c.Unknown:
			status = "?"
		}
		line := fmt.Sprintf("%-4s %s: %s", status, c.Name, c.Detail)
		if !c.OK && !c.Unknown && c.Fix != "" {
			line += " -> fix: " + c.Fix
		}
		if _, err := fmt.Fprintln(w, line); err != nil {
			return err
		}
	}
	return nil
}

func binaryCheck(p string) Check {
	c := Check{Name: "binary", Detail: p}
	if err := checkBinary(p); err != nil {
		c.Detail, c.Fix = err.Error(), "run diwall by its absolute path, from where it is installed"
		return c
	}
	c.OK = true
	return c
}

func extensionDirCheck(dir string, launchOnly bool) Check {
	c := Check{Name: "extension folder", Detail: dir}
	if _, err := os.Stat(filepath.Join(dir, "manifest.json")); err != nil {
		if launchOnly {
			c.OK, c.Detail = true, NotNeededForLaunch
			return c
		}
		c.Detail = "no unpacked extension in " + dir
		c.Fix = "run `diwall install`, which unpacks it there"
		return c
	}
	c.OK = true
	return c
}
