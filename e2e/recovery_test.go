package e2e

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// browserPID finds the launched browser's main process: the one with this
// launch's profile on its command line and no --type= (renderers, GPU and
// utility processes have one).
func (bs *browserSession) browserPID() int {
	bs.t.Helper()
	procs, _ := filepath.Glob("/proc/[0-9]*")
	for _, p := range procs {
		data, err := os.ReadFile(filepath.Join(p, "cmdline"))
		if err != nil {
			continue
		}
		args := strings.Split(string(data), "\x00")
		hasProfile, isChild := false, false
		for _, a := range args {
			if strings.HasPrefix(a, "--user-data-dir="+bs.home) {
				hasProfile = true
			}
			if strings.HasPrefix(a, "--type=") {
				isChild = true
			}
		}
		if hasProfile && !isChild {
			pid, _ := strconv.Atoi(filepath.Base(p))
			return pid
		}
	}
	bs.t.Fatal("launched browser process not found")
	return 0
}

// eventually calls tool until it succeeds or the deadline passes.
func (bs *browserSession) eventually(deadline time.Duration, tool string, args any) envelope {
	bs.t.Helper()
	end := time.Now().Add(deadline)
	for {
		env := bs.call(tool, args)
		if env.OK || time.Now().After(end) {
			return env
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// TestBrowserExitedWhenBrowserKilled: the browser dies under a running
// act, which ends at once; every later call answers browser_exited.
func TestBrowserExitedWhenBrowserKilled(t *testing.T) {
	bs := launch(t)
	bs.mustOK("tabs", map[string]any{"action": "open", "url": siteURL + "/home.html"})
	f := bs.begin("act", waitForever(snap(bs.observe())))
	settle()
	if err := killProcess(bs.browserPID()); err != nil {
		t.Fatal(err)
	}
	f.end(5*time.Second, "no_browser|browser_exited", "restart")
	// The launched browser cannot come back: once diwall sees it gone,
	// every call answers browser_exited at once, not retryable, with how
	// it ended and what to do, and the session lives on.
	deadline := time.Now().Add(10 * time.Second)
	var env envelope
	for time.Now().Before(deadline) {
		start := time.Now()
		env = bs.call("navigate", map[string]any{"url": siteURL + "/second.html"})
		if took := time.Since(start); took > 5*time.Second {
			t.Fatalf("a call with no browser took %v", took)
		}
		if env.errorCode() == "browser_exited" {
			break
		}
		time.Sleep(50 * time.Millisecond)
	}
	if env.OK || env.errorCode() != "browser_exited" {
		t.Fatalf("after the browser died: ok=%v code=%q", env.OK, env.errorCode())
	}
	msg := env.Server["error"].(map[string]any)["message"].(string)
	if !strings.Contains(msg, "restart this MCP server") || !strings.Contains(msg, "signal: killed") {
		t.Errorf("browser_exited message does not say how it ended and what to do: %q", msg)
	}
	if env.Server["error"].(map[string]any)["retryable"] != false {
		t.Errorf("browser_exited should not be retryable")
	}
	// The MCP session survives: another call answers the same way.
	if again := bs.call("tabs", map[string]any{"action": "list"}); again.errorCode() != "browser_exited" {
		t.Fatalf("second call after the browser died: %q", again.errorCode())
	}
}

// TestRecoversAfterWorkerStopped: the service worker stops under a
// running call; the call ends with no_browser, and once the worker wakes
// the session goes on with its tab.
func TestRecoversAfterWorkerStopped(t *testing.T) {
	bs := launch(t)
	open := bs.mustOK("tabs", map[string]any{"action": "open", "url": siteURL + "/home.html"})
	tabID := open.Server["tab_id"]

	c := bs.devtools()
	worker, ok := c.extensionWorker(t)
	if !ok {
		t.Fatal("the extension's service worker is not running")
	}
	// The worker stops under a running act, which ends at once.
	f := bs.begin("act", waitForever(snap(bs.observe())))
	settle()
	if err := c.call(t, "", "Target.closeTarget", map[string]any{"targetId": worker.TargetID}, nil); err != nil {
		t.Fatal(err)
	}
	f.end(5*time.Second, "no_browser", "again")
	// Without its worker the extension's port is gone, and so is the host.
	var env envelope
	for end := time.Now().Add(10 * time.Second); time.Now().Before(end); time.Sleep(50 * time.Millisecond) {
		if env = bs.call("tabs", map[string]any{"action": "list"}); !env.OK {
			break
		}
	}
	if env.errorCode() != "no_browser" {
		t.Fatalf("with the worker stopped: code %q, want no_browser", env.errorCode())
	}
	// A browser event (a person opening a tab) wakes the worker, which
	// reconnects; a new host starts and remembers the agent's tab.
	if err := c.call(t, "", "Target.createTarget", map[string]any{"url": "about:blank"}, nil); err != nil {
		t.Fatal(err)
	}
	list := bs.eventually(20*time.Second, "tabs", map[string]any{"action": "list"})
	if !list.OK {
		t.Fatalf("no recovery after the worker restarted: %v", list.Server["error"])
	}
	tabs := list.Server["tabs"].([]any)
	if len(tabs) != 1 || tabs[0].(map[string]any)["tab_id"] != tabID {
		t.Fatalf("after recovery tabs = %v, want only %v (the person's tab stays hidden)", tabs, tabID)
	}
	nav := bs.mustOK("navigate", map[string]any{"url": siteURL + "/second.html", "tab_id": tabID})
	if nav.page(t)["title"] != "Diwall fixture: second" {
		t.Fatalf("navigate after recovery: %v", nav.page(t))
	}
}

// TestHungPage: a page whose main thread spins forever gets a timeout
// within a bounded time, the tab can still be closed, and the browser
// goes on working.
func TestHungPage(t *testing.T) {
	bs := launch(t)
	bs.mustOK("tabs", map[string]any{"action": "open", "url": siteURL + "/busy.html"})
	time.Sleep(300 * time.Millisecond) // let its loop start: there is no event to wait for
	start := time.Now()
	env := bs.call("observe", map[string]any{})
	if env.OK || env.errorCode() != "timeout" {
		t.Fatalf("observe of a hung page: ok=%v code=%s", env.OK, env.errorCode())
	}
	if took := time.Since(start); took > 20*time.Second {
		t.Fatalf("observe of a hung page took %v", took)
	}
	if msg := errorMessage(env); !strings.Contains(msg, "hung") || !strings.Contains(msg, "navigate") {
		t.Errorf("the timeout's message does not say what to do: %q", msg)
	}
	bs.mustOK("tabs", map[string]any{"action": "close"})
	// Another site (localhost, another renderer) works.
	other := strings.Replace(siteURL, "127.0.0.1", "localhost", 1)
	bs.mustOK("tabs", map[string]any{"action": "open", "url": other + "/home.html"})
	if o := bs.call("observe", map[string]any{}); !o.OK {
		t.Fatalf("observe after the hung tab closed: %v", o.Server["error"])
	}
}
