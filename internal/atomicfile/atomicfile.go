// Package atomicfile replaces a file's contents so that a crash leaves
// either the old file or the new one, never a part of either.
package atomicfile

import (
	"os"
	"path/filepath"
)

// Write writes data to a temporary file beside dest, with mode, flushes it
// to disk and renames it over dest.
func Write(dest string, data []byte, mode os.FileMode) error {
	f, err := os.CreateTemp(filepath.Dir(dest), "."+filepath.Base(dest)+".*.tmp")
	if err != nil {
		return err
	}
	tmp := f.Name()
	_, err = f.Write(data)
	if err == nil {
		err = f.Chmod(mode)
	}
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp, dest)
	}
	if err != nil {
		os.Remove(tmp)
	}
	return err
}
