//go:build !windows && !darwin

package paths

import "path/filepath"

func platformDirs(getenv func(string) string, home string) Dirs {
	xdg := func(key, fallback string) string {
		if v := getenv(key); v != "" && filepath.IsAbs(v) {
			return filepath.Join(v, "diwall")
		}
		return filepath.Join(home, fallback, "diwall")
	}
	state := xdg("XDG_STATE_HOME", ".local/state")
	return Dirs{
		Config: xdg("XDG_CONFIG_HOME", ".config"),
		State:  state,
		Logs:   filepath.Join(state, "logs"),
		Data:   xdg("XDG_DATA_HOME", ".local/share"),
	}
}
