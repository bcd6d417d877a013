package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// Logs rotate by size and keep a bounded total, every file 0600.
func TestLogsRotateWithABoundedTotal(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "logs", "host.log")
	log, closer, err := openLogSized(file, 1, 2)
	if err != nil {
		t.Fatal(err)
	}
	line := strings.Repeat("x", 1000)
	for i := 0; i < 6000; i++ { // about 6 MB of lines
		log.Info("filler", "n", i, "text", line)
	}
	closer.Close()
	// lumberjack removes the oldest files in a goroutine of its own.
	var entries []os.DirEntry
	for deadline := time.Now().Add(3 * time.Second); ; time.Sleep(10 * time.Millisecond) {
		if entries, err = os.ReadDir(filepath.Dir(file)); err != nil {
			t.Fatal(err)
		}
		if len(entries) <= 3 || time.Now().After(deadline) {
			break
		}
	}
	var total int64
	for _, e := range entries {
		info, err := e.Info()
		if err != nil {
			t.Fatal(err)
		}
		total += info.Size()
		if info.Mode().Perm() != 0o600 {
			t.Errorf("%s has mode %o, want 600", e.Name(), info.Mode().Perm())
		}
	}
	if len(entries) != 3 {
		t.Errorf("%d log files, want the current one and 2 old ones", len(entries))
	}
	if total > 3<<20 {
		t.Errorf("logs take %d bytes, more than 3 × 1 MB", total)
	}
	data, _ := os.ReadFile(file)
	if !strings.Contains(string(data), `"n":5999`) {
		t.Error("the newest line is not in the current file")
	}
}
