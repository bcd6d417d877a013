package paths

import (
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/diwall/diwall/internal/socket"
)

func TestSocketStaysShort(t *testing.T) {
	short := Resolve(func(k string) string {
		if k == "DIWALL_HOME" {
			return "/h"
		}
		return ""
	}, "/home/u")
	if got := short.Socket(); got != "/h/state/diwall.sock" {
		t.Errorf("short home: Socket() = %s", got)
	}
	deep := func(name string) Dirs {
		return Resolve(func(k string) string {
			if k == "DIWALL_HOME" {
				return "/" + strings.Repeat("d", 150) + "/" + name
			}
			return ""
		}, "/home/u")
	}
	a, b := deep("a").Socket(), deep("b").Socket()
	if runtime.GOOS == "windows" {
		return
	}
	if len(a) > socket.MaxPathLen || !strings.HasPrefix(a, "/tmp/diwall-") {
		t.Errorf("deep home: Socket() = %s (%d bytes)", a, len(a))
	}
	if a == b || filepath.Dir(a) != filepath.Dir(b) {
		t.Errorf("two deep homes share a socket or a folder: %s, %s", a, b)
	}
	if a != deep("a").Socket() {
		t.Error("the short socket is not the same each time")
	}
}
