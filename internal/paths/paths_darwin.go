package paths

import "path/filepath"

func platformDirs(_ func(string) string, home string) Dirs {
	support := filepath.Join(home, "Library", "Application Support", "Diwall")
	return Dirs{
		Config: filepath.Join(support, "config"),
		State:  filepath.Join(support, "state"),
		Logs:   filepath.Join(home, "Library", "Logs", "Diwall"),
		Data:   filepath.Join(support, "data"),
	}
}
