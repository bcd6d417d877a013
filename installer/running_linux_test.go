package installer

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestFindRunningOwnOnly: processes of another user are left out.
func TestFindRunningOwnOnly(t *testing.T) {
	proc := t.TempDir()
	write := func(pid, uid string, args ...string) {
		dir := filepath.Join(proc, pid)
		if err := os.MkdirAll(dir, 0o700); err != nil {
			t.Fatal(err)
		}
		_ = os.WriteFile(filepath.Join(dir, "cmdline"), []byte(strings.Join(args, "\x00")+"\x00"), 0o600)
		_ = os.WriteFile(filepath.Join(dir, "status"), []byte("Name:\tx\nUid:\t"+uid+"\t"+uid+"\t"+uid+"\t"+uid+"\n"), 0o600)
	}
	write("10", "1000", "/usr/lib/chromium/chromium")
	write("11", "1001", "/opt/google/chrome/chrome")
	write("12", "1000", "/usr/lib/chromium/chromium", "--type=renderer")
	write("13", "1000", "/snap/chromium/2890/usr/lib/chromium-browser/chrome", "--headless")
	got, ok := findRunningIn(proc, 1000)
	if !ok || len(got) != 2 || got[0].PID != 10 || got[1].PID != 13 {
		t.Fatalf("%+v %v, want pids 10 and 13 only", got, ok)
	}
	if got[1].Sandbox != "snap" || got[1].Browser != Chromium || got[1].Automation == "" {
		t.Errorf("the Snap's headless Chromium: %+v", got[1])
	}
}
