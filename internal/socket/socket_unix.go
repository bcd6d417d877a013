//go:build !windows

package socket

import (
	"errors"
	"fmt"
	"net"
	"os"
	"path/filepath"
	"syscall"
	"time"
)

// Listener is a Unix socket listener that removes its file on Close, unless
// another host has replaced it meanwhile.
type Listener struct {
	net.Listener
	path string
	info os.FileInfo
}

// Listen creates the socket at path. A live socket there (another host
// answering) is replaced too: the newest host serves new clients, while the
// old one keeps its open sessions. Replaced reports what was there.
func Listen(path string) (l *Listener, replaced string, err error) {
	if len(path) > MaxPathLen {
		return nil, "", fmt.Errorf("socket path %s is %d bytes, longer than the %d the OS allows; set DIWALL_HOME to a shorter folder", path, len(path), MaxPathLen)
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return nil, "", err
	}
	if err := checkPrivateDir(filepath.Dir(path)); err != nil {
		return nil, "", err
	}
	if _, err := os.Lstat(path); err == nil {
		replaced = "stale"
		if Alive(path) {
			replaced = "live"
		}
		if err := os.Remove(path); err != nil {
			return nil, "", fmt.Errorf("remove old socket: %w", err)
		}
	}
	ln, err := net.Listen("unix", path)
	if err != nil {
		return nil, "", err
	}
	ln.(*net.UnixListener).SetUnlinkOnClose(false)
	if err := os.Chmod(path, 0o600); err != nil {
		ln.Close()
		return nil, "", err
	}
	info, err := os.Lstat(path)
	if err != nil {
		ln.Close()
		return nil, "", err
	}
	return &Listener{Listener: ln, path: path, info: info}, replaced, nil
}

// checkPrivateDir refuses a socket folder that is not a real folder owned
// by this user, or that others may write to: in a shared place such as
// /tmp, another user could have made it first, to swap the socket. (The
// socket itself is 0600, so reading the folder gives nobody a way in.)
func checkPrivateDir(dir string) error {
	info, err := os.Lstat(dir)
	if err != nil {
		return err
	}
	if !info.IsDir() {
		return fmt.Errorf("socket folder %s is not a folder", dir)
	}
	if info.Mode().Perm()&0o022 != 0 {
		return fmt.Errorf("socket folder %s is open to other users (mode %o); only its owner may write to it", dir, info.Mode().Perm())
	}
	if owner, ok := ownerOf(info); ok && owner != os.Getuid() {
		return fmt.Errorf("socket folder %s belongs to another user (uid %d)", dir, owner)
	}
	return nil
}

// ownerOf returns the uid that owns a file.
func ownerOf(info os.FileInfo) (int, bool) {
	st, ok := info.Sys().(*syscall.Stat_t)
	if !ok {
		return 0, false
	}
	return int(st.Uid), true
}

// Close stops listening and removes the socket file if it is still ours.
func (l *Listener) Close() error {
	err := l.Listener.Close()
	if now, statErr := os.Lstat(l.path); statErr == nil && os.SameFile(now, l.info) {
		os.Remove(l.path)
	}
	return err
}

// Alive reports whether something accepts connections at path.
func Alive(path string) bool {
	c, err := net.DialTimeout("unix", path, 300*time.Millisecond)
	if err != nil {
		return false
	}
	c.Close()
	return true
}

// Dial connects to the host's socket.
func Dial(path string, timeout time.Duration) (net.Conn, error) {
	c, err := net.DialTimeout("unix", path, timeout)
	if err != nil {
		var errno *os.SyscallError
		if errors.As(err, &errno) || errors.Is(err, os.ErrNotExist) {
			return nil, fmt.Errorf("no Diwall host at %s: %w", path, err)
		}
		return nil, err
	}
	return c, nil
}
