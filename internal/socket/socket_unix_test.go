//go:build !windows

package socket

import (
	"net"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestListenModeAndCleanup(t *testing.T) {
	path := filepath.Join(t.TempDir(), "s", "diwall.sock")
	l, replaced, err := Listen(path)
	if err != nil {
		t.Fatal(err)
	}
	if replaced != "" {
		t.Fatalf("replaced = %q on a fresh path", replaced)
	}
	info, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if mode := info.Mode().Perm(); mode != 0o600 {
		t.Fatalf("socket mode %o, want 600", mode)
	}
	if dir, _ := os.Stat(filepath.Dir(path)); dir.Mode().Perm() != 0o700 {
		t.Fatalf("folder mode %o, want 700", dir.Mode().Perm())
	}
	if !Alive(path) {
		t.Fatal("listening socket not alive")
	}
	l.Close()
	if _, err := os.Lstat(path); !os.IsNotExist(err) {
		t.Fatalf("socket file left after Close: %v", err)
	}
}

func TestStaleSocketReplaced(t *testing.T) {
	path := filepath.Join(t.TempDir(), "diwall.sock")
	// A socket file nobody listens on, as a crashed host leaves it.
	ln, err := net.Listen("unix", path)
	if err != nil {
		t.Fatal(err)
	}
	ln.(*net.UnixListener).SetUnlinkOnClose(false)
	ln.Close()
	if Alive(path) {
		t.Fatal("closed socket reported alive")
	}
	l, replaced, err := Listen(path)
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	if replaced != "stale" {
		t.Fatalf("replaced = %q, want stale", replaced)
	}
}

func TestReplacedSocketNotRemovedByOldOwner(t *testing.T) {
	path := filepath.Join(t.TempDir(), "diwall.sock")
	old, _, err := Listen(path)
	if err != nil {
		t.Fatal(err)
	}
	newer, replaced, err := Listen(path)
	if err != nil {
		t.Fatal(err)
	}
	defer newer.Close()
	if replaced != "live" {
		t.Fatalf("replaced = %q, want live", replaced)
	}
	old.Close()
	if !Alive(path) {
		t.Fatal("the old host's Close removed the new host's socket")
	}
}

func TestPathTooLong(t *testing.T) {
	_, _, err := Listen("/" + strings.Repeat("x", MaxPathLen))
	if err == nil || !strings.Contains(err.Error(), "DIWALL_HOME") {
		t.Fatalf("err = %v, want a path-length error naming DIWALL_HOME", err)
	}
}

func TestListenRefusesAFolderOthersMayWrite(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "open")
	if err := os.Mkdir(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(dir, 0o777); err != nil {
		t.Fatal(err)
	}
	if _, _, err := Listen(filepath.Join(dir, "diwall.sock")); err == nil || !strings.Contains(err.Error(), "open to other users") {
		t.Fatalf("err = %v, want a refusal of the open folder", err)
	}
	link := filepath.Join(t.TempDir(), "link")
	if err := os.Chmod(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(dir, link); err != nil {
		t.Fatal(err)
	}
	if _, _, err := Listen(filepath.Join(link, "diwall.sock")); err == nil || !strings.Contains(err.Error(), "not a folder") {
		t.Fatalf("err = %v, want a refusal of the symlink", err)
	}
}
