package launch

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/diwall/diwall/internal/paths"
)

func TestExitReason(t *testing.T) {
	stderr := `[1:1:0101/000000.1:ERROR:dbus/bus.cc:408] Failed to connect to the bus
[22193:22193:1201/024231.435977:FATAL:chrome/browser/process_singleton_posix.cc:315] Socket path too long: /tmp/x/SingletonSocket.
[1201/024231.487221:ERROR:third_party/crashpad/file_io_posix.cc:145] open /sys/x: No such file
`
	if got, want := exitReason(stderr), "Socket path too long: /tmp/x/SingletonSocket."; got != want {
		t.Errorf("exitReason = %q, want %q", got, want)
	}
	if got := exitReason("[1:1:ERROR:dbus/bus.cc:408] Failed to connect to the bus\n"); got != "" {
		t.Errorf("an ERROR line is no reason: %q", got)
	}
}

func TestTailBufferKeepsTheEnd(t *testing.T) {
	tb := &tailBuffer{max: 8}
	if _, err := io.WriteString(tb, "0123456789"); err != nil {
		t.Fatal(err)
	}
	if _, err := io.WriteString(tb, "ab"); err != nil {
		t.Fatal(err)
	}
	if got := tb.String(); got != "456789ab" {
		t.Errorf("tail = %q", got)
	}
}

// A browser that dies at start is reported at once, with its reason, and
// leaves no folder behind.
func TestBrowserThatDiesAtStart(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("the fake browser is a shell script")
	}
	home := t.TempDir()
	fake := filepath.Join(home, "fake-browser")
	script := "#!/bin/sh\necho '[9:9:0101/000000.1:FATAL:chrome/browser/x.cc:1] Something broke: here.' >&2\nexit 3\n"
	if err := os.WriteFile(fake, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	dirs := paths.Resolve(func(k string) string {
		if k == "DIWALL_HOME" {
			return filepath.Join(home, strings.Repeat("long-", 30))
		}
		return ""
	}, home)
	start := time.Now()
	inst, err := Start(context.Background(), Options{
		Browser: fake, Headless: true, Dirs: dirs, Self: fake,
		ExtensionID: "jnkblebobpkmgfmabfliknkpdffmpgob", Log: slog.New(slog.DiscardHandler),
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(inst.SocketPath) > 103 {
		t.Errorf("socket path %d bytes: %s", len(inst.SocketPath), inst.SocketPath)
	}
	err = inst.WaitHost(context.Background())
	var exit *ExitError
	if !errors.As(err, &exit) || exit.Reason != "Something broke: here." || exit.Status != "exit status 3" {
		t.Fatalf("WaitHost = %v, want the browser's FATAL line and its status", err)
	}
	if took := time.Since(start); took > 5*time.Second {
		t.Errorf("the exit took %v to be noticed", took)
	}
	if inst.ExitErr() != exit {
		t.Errorf("ExitErr = %v", inst.ExitErr())
	}
	if err := inst.Close(); err != nil {
		t.Fatal(err)
	}
	for _, dir := range []string{inst.Dir, inst.Short} {
		if _, err := os.Stat(dir); !os.IsNotExist(err) {
			t.Errorf("%s left behind: %v", dir, err)
		}
	}
}
