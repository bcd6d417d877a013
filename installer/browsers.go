package installer

import (
	"fmt"
	"path"
	"slices"
	"strings"

	"github.com/diwall/diwall/internal/paths"
)

// Browser IDs, as Options.Browsers takes them.
const (
	Chrome   = "chrome"
	Chromium = "chromium"
	Edge     = "edge"
	Brave    = "brave"
)

// BrowserIDs returns the supported browsers, in the order reports list them.
func BrowserIDs() []string { return []string{Chrome, Chromium, Edge, Brave} }

// Target is where one browser, on one OS, reads the manifests of the
// native-messaging hosts installed for the current user.
type Target struct {
	Browser string // Chrome, Chromium, Edge or Brave
	Name    string // for people: "Google Chrome"

	// UserDataDir is the browser's default user data folder. It exists once
	// the browser has run for this user; every profile of the browser
	// (Default, Profile 1, ...) lives in it and reads ManifestDir.
	UserDataDir string

	// ManifestDir is the folder the browser reads host manifests from
	// (Linux, macOS); empty on Windows.
	ManifestDir string

	// RegistryKey is the key under HKEY_CURRENT_USER whose default value is
	// the absolute path of the host manifest (Windows); empty elsewhere.
	RegistryKey string

	// Executables are where the browser's program may be: names on PATH
	// or absolute paths. See BrowserInstalled.
	Executables []string

	// Sandbox is "snap" or "flatpak" for a browser packaged so (Linux),
	// whose confinement keeps its own folders; "" for the others. Base is
	// that package's folder in the home (~/snap/chromium,
	// ~/.var/app/org.chromium.Chromium): the package is there when it is.
	Sandbox string
	Base    string
}

// Label names the target in reports and checks: the browser ID, and for a
// Snap or Flatpak its packaging ("chromium-snap").
func (t Target) Label() string {
	if t.Sandbox == "" {
		return t.Browser
	}
	return t.Browser + "-" + t.Sandbox
}

// ManifestPath is the manifest file of this target on Linux and macOS; empty
// on Windows, where the registry names the file.
func (t Target) ManifestPath() string {
	if t.ManifestDir == "" {
		return ""
	}
	return path.Join(t.ManifestDir, ManifestFileName)
}

// browser is one row of the table below: the names each OS gives a browser's
// folders and registry key.
type browser struct {
	id, name string
	linux    string // under the config home (~/.config)
	darwin   string // under ~/Library/Application Support
	winData  string // under %LOCALAPPDATA%
	winKey   string // under HKEY_CURRENT_USER, without the host name
}

// The user-level locations. Sources: developer.chrome.com "Native messaging"
// (Chrome, Chromium on Linux and macOS; HKCU\Software\Google\Chrome on
// Windows); learn.microsoft.com "Native messaging" for Edge (all three OSes);
// Chromium's launch_context_win.cc, which reads HKCU\Software\Chromium and
// then HKCU\Software\Google\Chrome in Chromium-branded builds. Brave is one
// of those and does not replace that code, so on Windows it reads Chromium's
// key (and Chrome's); Brave has no key of its own there.
var browsers = []browser{
	{Chrome, "Google Chrome", "google-chrome", "Google/Chrome",
		`Google\Chrome\User Data`, `Software\Google\Chrome\NativeMessagingHosts`},
	{Chromium, "Chromium", "chromium", "Chromium",
		`Chromium\User Data`, `Software\Chromium\NativeMessagingHosts`},
	{Edge, "Microsoft Edge", "microsoft-edge", "Microsoft Edge",
		`Microsoft\Edge\User Data`, `Software\Microsoft\Edge\NativeMessagingHosts`},
	{Brave, "Brave", "BraveSoftware/Brave-Browser", "BraveSoftware/Brave-Browser",
		`BraveSoftware\Brave-Browser\User Data`, `Software\Chromium\NativeMessagingHosts`},
}

// Targets returns where each supported browser reads per-user host manifests
// on goos ("linux", "darwin", "windows"; any other OS is taken as Linux-like),
// for the user whose home folder is home. It touches nothing, so any OS's
// layout can be computed anywhere.
//
// getenv supplies the variables the browsers themselves honour:
// CHROME_CONFIG_HOME and then XDG_CONFIG_HOME on Linux (instead of
// ~/.config), LOCALAPPDATA on Windows. A nil getenv reads none.
func Targets(goos, home string, getenv func(string) string) []Target {
	if getenv == nil {
		getenv = func(string) string { return "" }
	}
	out := make([]Target, 0, len(browsers))
	for _, b := range browsers {
		t := Target{Browser: b.id, Name: b.name, Executables: executables(b.id, goos, home, getenv)}
		switch goos {
		case "windows":
			local := getenv("LOCALAPPDATA")
			if local == "" {
				local = winJoin(home, `AppData\Local`)
			}
			t.UserDataDir = winJoin(local, b.winData)
			t.RegistryKey = winJoin(b.winKey, paths.HostName)
		case "darwin":
			t.UserDataDir = path.Join(home, "Library/Application Support", b.darwin)
			t.ManifestDir = path.Join(t.UserDataDir, "NativeMessagingHosts")
		default:
			t.UserDataDir = path.Join(linuxConfigHome(home, getenv), b.linux)
			t.ManifestDir = path.Join(t.UserDataDir, "NativeMessagingHosts")
		}
		out = append(out, t)
	}
	if goos != "windows" && goos != "darwin" {
		out = append(out, sandboxedTargets(home)...)
	}
	return out
}

// sandboxed are the Snap and Flatpak packages of the browsers, which read
// host manifests from a folder inside their own: the Snap of Chromium
// keeps its user data in ~/snap/chromium/common/chromium; a Flatpak
// keeps its config folder in ~/.var/app/APP-ID/config (Flathub's
// org.chromium.Chromium, com.google.Chrome, com.brave.Browser and
// com.microsoft.Edge).
var sandboxed = []struct{ id, sandbox, base, userData string }{
	{Chromium, "snap", "snap/chromium", "common/chromium"},
	{Chromium, "flatpak", ".var/app/org.chromium.Chromium", "config/chromium"},
	{Chrome, "flatpak", ".var/app/com.google.Chrome", "config/google-chrome"},
	{Brave, "flatpak", ".var/app/com.brave.Browser", "config/BraveSoftware/Brave-Browser"},
	{Edge, "flatpak", ".var/app/com.microsoft.Edge", "config/microsoft-edge"},
}

// sandboxedTargets are the Snap and Flatpak browsers' targets (Linux).
func sandboxedTargets(home string) []Target {
	var out []Target
	for _, s := range sandboxed {
		i := slices.IndexFunc(browsers, func(b browser) bool { return b.id == s.id })
		base := path.Join(home, s.base)
		t := Target{Browser: s.id, Name: browsers[i].name + " (" + sandboxName(s.sandbox) + ")",
			Sandbox: s.sandbox, Base: base, UserDataDir: path.Join(base, s.userData)}
		t.ManifestDir = path.Join(t.UserDataDir, "NativeMessagingHosts")
		out = append(out, t)
	}
	return out
}

// sandboxName is how people write a packaging: "Snap", "Flatpak".
func sandboxName(sandbox string) string {
	if sandbox == "snap" {
		return "Snap"
	}
	return "Flatpak"
}

// linuxConfigHome is the folder Chromium puts its user data folder in:
// chrome_paths_linux.cc reads CHROME_CONFIG_HOME, then XDG_CONFIG_HOME.
func linuxConfigHome(home string, getenv func(string) string) string {
	for _, key := range []string{"CHROME_CONFIG_HOME", "XDG_CONFIG_HOME"} {
		if v := getenv(key); strings.HasPrefix(v, "/") {
			return v
		}
	}
	return path.Join(home, ".config")
}

// winJoin joins Windows path elements with backslashes whatever OS runs it.
func winJoin(elems ...string) string {
	parts := make([]string, 0, len(elems))
	for _, e := range elems {
		if e = strings.Trim(e, `\`); e != "" {
			parts = append(parts, e)
		}
	}
	joined := strings.Join(parts, `\`)
	if len(elems) > 0 && strings.HasPrefix(elems[0], `\\`) {
		joined = `\\` + joined // a UNC home
	}
	return joined
}

// selectTargets keeps the targets named in ids, in table order, or all of
// them when ids is empty; a Snap or Flatpak browser only when its package
// is there (its Base folder exists).
func selectTargets(all []Target, ids []string) ([]Target, error) {
	all = slices.DeleteFunc(slices.Clone(all), func(t Target) bool { return t.Sandbox != "" && !isDir(t.Base) })
	if len(ids) == 0 {
		return all, nil
	}
	for _, id := range ids {
		if !slices.ContainsFunc(all, func(t Target) bool { return t.Browser == id }) {
			return nil, fmt.Errorf("%w %q (known: %s)", ErrUnknownBrowser, id,
				strings.Join(BrowserIDs(), ", "))
		}
	}
	var out []Target
	for _, t := range all {
		if slices.Contains(ids, t.Browser) {
			out = append(out, t)
		}
	}
	return out, nil
}
