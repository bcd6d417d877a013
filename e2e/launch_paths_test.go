package e2e

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestLongDiwallHome launches the browser under a DIWALL_HOME far deeper
// than a Unix socket path may be: the browser's temp folder and the host's
// socket live in a short folder of their own, removed with the browser.
func TestLongDiwallHome(t *testing.T) {
	root, err := os.MkdirTemp("", "dw-long-")
	if err != nil {
		t.Fatal(err)
	}
	long := filepath.Join(root, strings.Repeat("a-rather-long-folder-name/", 5))
	t.Cleanup(func() {
		if left, _ := filepath.Glob(filepath.Join(long, "state", "l-*")); len(left) > 0 {
			t.Errorf("launch folders left behind: %v", left)
		}
		if procs := processesUnder(long); len(procs) > 0 {
			t.Errorf("processes left running: %v", procs)
		}
		os.RemoveAll(root)
	})
	if len(long) < 120 {
		t.Fatalf("DIWALL_HOME %s is only %d bytes", long, len(long))
	}
	bs := launchWith(t, []string{"DIWALL_HOME=" + long})
	bs.openPage("/pages/form.html")
	if o := bs.observe(); len(o.Elements) == 0 || len(o.PNG) == 0 {
		t.Fatalf("observe under a long DIWALL_HOME: %d elements, %d image bytes", len(o.Elements), len(o.PNG))
	}
}

// TestBrowserDiesAtStart runs real Chromium with a temp folder so deep that
// it exits at start ("Socket path too long"): the first call starts it
// again twice, it dies each time, and that call and every later one answer
// browser_exited, not retryable, with Chromium's reason.
func TestBrowserDiesAtStart(t *testing.T) {
	dir := t.TempDir()
	deepTmp := filepath.Join(dir, strings.Repeat("t", 100))
	if err := os.MkdirAll(deepTmp, 0o700); err != nil {
		t.Fatal(err)
	}
	wrapper := filepath.Join(dir, "chromium-with-a-deep-tmp")
	script := "#!/bin/sh\nexport TMPDIR=" + deepTmp + "\nexec /usr/lib/chromium/chromium \"$@\"\n"
	if err := os.WriteFile(wrapper, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	started := time.Now()
	bs := launch(t, "--browser", wrapper)
	env := bs.call("tabs", map[string]any{"action": "list"})
	if took := time.Since(started); took > 15*time.Second {
		t.Errorf("the dead browser took %v to be reported", took)
	}
	if env.OK || env.errorCode() != "browser_exited" {
		t.Fatalf("tabs: ok=%v code=%s, want browser_exited", env.OK, env.errorCode())
	}
	e := env.Server["error"].(map[string]any)
	if e["retryable"] != false {
		t.Errorf("browser_exited is retryable: %v", e)
	}
	if msg, _ := e["message"].(string); !strings.Contains(msg, "Socket path too long") || !strings.Contains(msg, "restart this MCP server") {
		t.Errorf("message lacks Chromium's reason or what to do: %s", msg)
	}
	if !strings.Contains(bs.stderr.String(), "Socket path too long") {
		t.Errorf("diwall mcp's stderr lacks the reason: %s", bs.stderr.String())
	}
	if again := bs.call("tabs", map[string]any{"action": "list"}); again.errorCode() != "browser_exited" {
		t.Errorf("the next call: %s", again.errorCode())
	}
}
