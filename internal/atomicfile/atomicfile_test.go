package atomicfile

import (
	"os"
	"path/filepath"
	"testing"
)

// TestWriteReplacesWhole: the file holds the new data with its mode, and
// no temporary file is left beside it.
func TestWriteReplacesWhole(t *testing.T) {
	dir := t.TempDir()
	dest := filepath.Join(dir, "f")
	if err := os.WriteFile(dest, []byte("old contents"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := Write(dest, []byte("new"), 0o600); err != nil {
		t.Fatal(err)
	}
	got, _ := os.ReadFile(dest)
	info, _ := os.Stat(dest)
	entries, _ := os.ReadDir(dir)
	if string(got) != "new" || info.Mode().Perm() != 0o600 || len(entries) != 1 {
		t.Fatalf("contents %q, mode %v, %d files", got, info.Mode().Perm(), len(entries))
	}
	if err := Write(filepath.Join(dir, "missing", "f"), []byte("x"), 0o600); err == nil {
		t.Fatal("a write into a missing folder succeeded")
	}
}
