package socket

import (
	"io"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"golang.org/x/sys/windows"
)

// Runs on Windows only: the pipe serves, is the current user's alone, and a
// second host cannot take it over.
func TestPipeServesTheOwnerAlone(t *testing.T) {
	path := filepath.Join(t.TempDir(), "diwall.sock")
	l, replaced, err := Listen(path)
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	if replaced != "" {
		t.Errorf("replaced = %q", replaced)
	}
	go func() {
		c, err := l.Accept()
		if err == nil {
			io.Copy(c, c)
			c.Close()
		}
	}()
	c, err := Dial(path, time.Second)
	if err == nil {
		c.Write([]byte("hi"))
		buf := make([]byte, 2)
		io.ReadFull(c, buf)
		c.Close()
		if string(buf) != "hi" {
			t.Errorf("echo = %q", buf)
		}
	}

	sd, err := windows.GetNamedSecurityInfo(PipeName(path), windows.SE_KERNEL_OBJECT, windows.DACL_SECURITY_INFORMATION)
	if err != nil {
		t.Fatal(err)
	}
	sid, err := currentUserSID()
	if err != nil {
		t.Fatal(err)
	}
	// Windows reads generic all (GA) back as file all (FA).
	if got := sd.String(); got != "D:P(A;;FA;;;"+sid+")" && got != "D:P(A;;GA;;;"+sid+")" {
		t.Errorf("pipe DACL = %s, want one entry, for %s", got, sid)
	}
	if _, _, err := Listen(path); err == nil || !strings.Contains(err.Error(), "another Diwall host") {
		t.Errorf("second Listen: %v, want a refusal", err)
	}
}
