package paths

import "path/filepath"

func platformDirs(getenv func(string) string, home string) Dirs {
	local := getenv("LOCALAPPDATA")
	if local == "" {
		local = filepath.Join(home, "AppData", "Local")
	}
	base := filepath.Join(local, "Diwall")
	return Dirs{
		Config: filepath.Join(base, "config"),
		State:  filepath.Join(base, "state"),
		Logs:   filepath.Join(base, "logs"),
		Data:   filepath.Join(base, "data"),
	}
}
