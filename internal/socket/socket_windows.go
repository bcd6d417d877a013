package socket

import (
	"context"
	"errors"
	"fmt"
	"net"
	"time"

	"github.com/Microsoft/go-winio"
	"golang.org/x/sys/windows"
)

// Listener is the host's named pipe. A pipe has no file to remove or
// replace: it ends when its listener closes.
type Listener struct{ net.Listener }

// Listen creates the pipe that stands for path (PipeName), readable and
// writable by the current user alone. Another host serving that pipe
// keeps it: named pipes cannot be taken over, so this one fails with a
// clear error, and replaced is always "".
func Listen(path string) (l *Listener, replaced string, err error) {
	sid, err := currentUserSID()
	if err != nil {
		return nil, "", fmt.Errorf("pipe security: %w", err)
	}
	name := PipeName(path)
	ln, err := winio.ListenPipe(name, &winio.PipeConfig{SecurityDescriptor: OwnerOnlySDDL(sid)})
	if err != nil {
		if Alive(path) {
			return nil, "", fmt.Errorf("another Diwall host already serves %s: %w", name, err)
		}
		return nil, "", err
	}
	return &Listener{Listener: ln}, "", nil
}

// currentUserSID is the SID of the user this process runs as.
func currentUserSID() (string, error) {
	user, err := windows.GetCurrentProcessToken().GetTokenUser()
	if err != nil {
		return "", err
	}
	return user.User.Sid.String(), nil
}

// Alive reports whether a host serves the pipe of path.
func Alive(path string) bool {
	c, err := Dial(path, 300*time.Millisecond)
	if err != nil {
		return false
	}
	c.Close()
	return true
}

// Dial connects to the host's pipe.
func Dial(path string, timeout time.Duration) (net.Conn, error) {
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	c, err := winio.DialPipeContext(ctx, PipeName(path))
	if err != nil {
		if errors.Is(err, context.DeadlineExceeded) || errors.Is(err, windows.ERROR_FILE_NOT_FOUND) {
			return nil, fmt.Errorf("no Diwall host at %s: %w", PipeName(path), err)
		}
		return nil, err
	}
	return c, nil
}
