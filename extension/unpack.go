package extension

import (
	"io/fs"
	"os"
	"path/filepath"
)

// Unpack writes the extension's files into dir, ready for Chrome's "Load
// unpacked" or --load-extension.
func Unpack(dir string) error {
	return fs.WalkDir(Files, ".", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		target := filepath.Join(dir, filepath.FromSlash(path))
		if d.IsDir() {
			return os.MkdirAll(target, 0o755)
		}
		data, err := Files.ReadFile(path)
		if err != nil {
			return err
		}
		return os.WriteFile(target, data, 0o644)
	})
}
