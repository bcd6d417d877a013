package installer

import "fmt"

// A Snap or Flatpak browser runs a native host inside its own sandbox, so
// the host it starts is not the one `diwall mcp` talks to, if it starts
// at all. Where Diwall keeps the host's socket (Dirs.Socket: diwall.sock
// in the state folder, ~/.local/state/diwall on Linux, or
// /tmp/diwall-UID for a deep DIWALL_HOME), such a host cannot reach it:
//
//   - Snap (Ubuntu's Chromium): strict confinement lets the browser run
//     no program outside its snap, nor read hidden folders of the home
//     (~/.local, ~/.config), and gives it a /tmp of its own; its HOME is
//     ~/snap/chromium/REVISION. Native messaging in strictly confined
//     browser snaps is an open question upstream (forum.snapcraft.io,
//     "Native messaging support in strictly-confined browser snaps").
//   - Flatpak: the host runs in the sandbox too, sees the host system's
//     /usr and home only where the browser was granted them, has XDG
//     folders under ~/.var/app/APP-ID (so Diwall's folders there are
//     others than those of `diwall mcp`) and a /tmp of its own.
//
// Install still registers the host in their folders (a browser that
// finds no manifest says less than one that finds it and fails), and
// doctor says why it cannot work and what to do instead.

// sandboxFix is what to do instead of a Snap or Flatpak browser.
const sandboxFix = "use Diwall with a browser that is not a Snap or a Flatpak: Google Chrome's .deb or .rpm " +
	"(google.com/chrome), or your distribution's own Chromium package where it is not a Snap " +
	"(Debian: apt-get install chromium), then run `diwall install` again; " +
	"or let the client start a browser of its own: `diwall install --client NAME --launch`, which needs such a browser too"

// sandboxWhy says why the Snap or Flatpak browser of t cannot use the host
// that o's binary is.
func sandboxWhy(o Options, t Target) string {
	if t.Sandbox == "snap" {
		return fmt.Sprintf("%s is a Snap, whose confinement lets it start no program outside the snap (such as %s) "+
			"and read none of Diwall's folders (hidden ones in your home: %s, where the host's socket is), "+
			"and gives it a /tmp of its own", t.Name, o.BinaryPath, o.Dirs.State)
	}
	return fmt.Sprintf("%s is a Flatpak, which starts the host inside its sandbox: there it sees %s only if the "+
		"Flatpak was granted that folder, keeps its files under %s instead of Diwall's folders (%s, where the "+
		"host's socket is) and has a /tmp of its own", t.Name, o.BinaryPath, t.Base, o.Dirs.State)
}
