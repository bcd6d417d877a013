package installer

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/diwall/diwall/internal/hoststatus"
	"github.com/diwall/diwall/internal/version"
)

// browserChecks checks each of the person's running browsers: the
// manifest it reads, and whether the extension is loaded, connected, and
// of this host's major version. Automation browsers (see
// automationReason) are left out, unless install was given their user
// data folder; a Snap or Flatpak one is told why it cannot work. After a
// launch-only install the everyday browsers need nothing.
func browserChecks(d DoctorOptions, o Options, targets []Target) []Check {
	find, resolved := d.Running, false
	if find == nil {
		find, resolved = FindRunningBrowsers, true
	}
	running, ok := find()
	if !ok {
		return []Check{{Name: "running browsers", Unknown: true, Detail: "this OS's processes cannot be listed yet; the checks above still hold"}}
	}
	noneRunning := []Check{{Name: "running browsers", Unknown: true, Detail: "no Chromium-family browser of yours is running: start yours and run `diwall doctor` again"}}
	if d.LaunchOnly {
		noneRunning = []Check{{Name: "running browsers", OK: true, Detail: "none of yours is running; " + NotNeededForLaunch}}
	}
	hosts := hoststatus.Running(o.Dirs.State)
	refusal, refused := hoststatus.LastRefusal(o.Dirs.State)
	var checks []Check
	for _, b := range running {
		target := Target{Browser: b.Browser, Sandbox: b.Sandbox}
		for _, t := range targets {
			if t.Browser == b.Browser && t.Sandbox == b.Sandbox {
				target = t
			}
		}
		dir := b.UserDataDir
		if dir == "" {
			dir = target.UserDataDir
		}
		if resolved && !ownsProfile(dir, b.PID) {
			continue // a process starting or ending, or not a browser's main one
		}
		label := fmt.Sprintf("%s pid %d (%s)", target.Label(), b.PID, dir)
		if strings.HasPrefix(dir, filepath.Join(o.Dirs.State, "l-")) {
			checks = append(checks, Check{Name: label, OK: true, Detail: "launched by `diwall mcp --launch`, set up by Diwall itself"})
			continue
		}
		if launchedElsewhere(dir) {
			checks = append(checks, Check{Name: label, OK: true, Detail: "launched by a `diwall mcp --launch` of another DIWALL_HOME, with its own host"})
			continue
		}
		if b.Automation != "" && !slices.Contains(o.UserDataDirs, b.UserDataDir) {
			continue // a program's browser (Playwright, a test), not the person's
		}
		if d.LaunchOnly {
			checks = append(checks, Check{Name: label, OK: true, Detail: NotNeededForLaunch})
			continue
		}
		if b.Sandbox != "" {
			checks = append(checks, Check{Name: label, Detail: "it cannot use Diwall: " + sandboxWhy(o, target),
				Fix: sandboxFix})
			continue
		}
		manifest := Check{Name: label + " manifest"}
		if o.GOOS != "windows" {
			fix := fixInstall
			if b.UserDataDir != "" {
				fix = "run `diwall install --user-data-dir " + shellQuote(o.GOOS, b.UserDataDir) + "`"
			}
			manifest = checkManifestFile(o, manifest, filepath.Join(dir, "NativeMessagingHosts", ManifestFileName), fix)
			checks = append(checks, manifest)
		}
		checks = append(checks, extensionCheck(o, b, dir, label, hosts, refusal, refused, d.ExtensionVersion))
	}
	if len(checks) == 0 {
		return noneRunning
	}
	return checks
}

// ownsProfile reports whether pid is the browser that holds the user data
// folder dir now: Chromium's dir/SingletonLock is a link to "host-PID".
func ownsProfile(dir string, pid int) bool {
	target, err := os.Readlink(filepath.Join(dir, "SingletonLock"))
	return err == nil && strings.HasSuffix(target, "-"+strconv.Itoa(pid))
}

// extensionCheck says whether the extension of one browser is connected,
// and if not, why and what to do.
func extensionCheck(o Options, b RunningBrowser, dir, label string, hosts []hoststatus.Record, refusal hoststatus.Refusal, refused bool, want string) Check {
	c := Check{Name: label + " extension"}
	for _, h := range hosts {
		if h.ParentPID == b.PID {
			c.OK = true
			c.Detail = fmt.Sprintf("loaded and connected: extension %s, host %s", h.ExtensionVersion, h.HostVersion)
			if want != "" {
				if err := version.Compatible(h.ExtensionVersion, want); err != nil {
					c.OK, c.Detail, c.Fix = false, err.Error(), "run `diwall install`, then reload the extension at chrome://extensions"
				}
			}
			return c
		}
	}
	if refused && refusal.ParentPID == b.PID {
		c.Detail = "refused by the host: " + refusal.Message
		c.Fix = "run `diwall install`, then reload the extension at chrome://extensions"
		return c
	}
	loadFix := "open chrome://extensions in this browser, turn on Developer mode, click Load unpacked and choose " + o.Dirs.ExtensionDir()
	loaded := ExtensionInProfiles(dir, o.ExtensionID)
	if len(loaded) == 0 {
		c.Detail, c.Fix = "not loaded in any profile of "+dir, loadFix
		return c
	}
	var where []string
	for _, l := range loaded {
		w := l.Profile
		if l.Version != "" {
			w += " " + l.Version
		}
		if l.Disabled {
			w += " (disabled)"
		}
		where = append(where, w)
		if want != "" && l.Version != "" {
			if err := version.Compatible(l.Version, want); err != nil {
				c.Detail = fmt.Sprintf("loaded in %s from %s: %v", l.Profile, l.Path, err)
				c.Fix = "run `diwall install`, then reload the extension at chrome://extensions"
				return c
			}
		}
	}
	c.Detail = "loaded (" + strings.Join(where, ", ") + ") but not connected to a host"
	c.Fix = "enable it, or click its reload button at chrome://extensions; if it stays so, its errors are on that page and the host's log is " + o.Dirs.HostLog()
	return c
}

// LaunchInstanceFile names the file a launched browser's instance folder
// holds beside its profile folder (see host/internal/launch).
const LaunchInstanceFile = "instance.json"

// launchedElsewhere says whether the profile folder dir is a launched
// browser's (of any DIWALL_HOME): its instance folder holds the instance
// file.
func launchedElsewhere(dir string) bool {
	if dir == "" {
		return false
	}
	_, err := os.Stat(filepath.Join(filepath.Dir(dir), LaunchInstanceFile))
	return err == nil
}
