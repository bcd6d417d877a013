package e2e

import (
	"fmt"
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

// TestLaunchedBrowserRestarts: the launched browser dies under a running
// act, which answers no_browser (retryable) at once; the next call starts
// it again on the same profile, whose cookies are still there, and says
// that the session's tab was closed with it. A browser that dies three
// times within a minute is not started again: every call then answers
// browser_exited with how it ended, and the session lives on.
func TestLaunchedBrowserRestarts(t *testing.T) {
	bs := launch(t)
	tab := bs.mustOK("tabs", map[string]any{"action": "open", "url": siteURL + "/home.html"}).Server["tab_id"].(string)
	var ok bool
	// A login's cookie, written to disk at once: Chromium writes its
	// cookies every 30 s, or after 512 changes, so the page makes them.
	bs.pageEval("/home.html", `(() => {
		document.cookie = "login=kept; max-age=86400; path=/";
		for (let i = 0; i < 300; i++) document.cookie = "churn=" + i + "; max-age=60; path=/";
		return true;
	})()`, &ok)
	profile := bs.browserProfile()
	first := bs.browserPID()
	f := bs.begin("act", waitForever(snap(bs.observe())))
	settle()
	if err := killProcess(first); err != nil {
		t.Fatal(err)
	}
	env := f.end(5*time.Second, "no_browser", "call again")
	if env.Server["error"].(map[string]any)["retryable"] != true {
		t.Errorf("no_browser must be retryable: %v", env.Server["error"])
	}

	// The next call starts the browser again and says what was lost.
	list := bs.mustOK("tabs", map[string]any{"action": "list"})
	notices := fmt.Sprint(list.Server["notices"])
	if !strings.Contains(notices, "exited (signal: killed) and was started again on the same profile") || !strings.Contains(notices, "your tab "+tab+" was closed") {
		t.Errorf("notices after the restart: %s", notices)
	}
	if tabs := list.Server["tabs"].([]any); len(tabs) != 0 {
		t.Errorf("tabs after the restart: %v", tabs)
	}
	if again := bs.mustOK("tabs", map[string]any{"action": "list"}); fmt.Sprint(again.Server["notices"]) != "[]" {
		t.Errorf("the notice came twice: %v", again.Server["notices"])
	}
	if pid := bs.browserPID(); pid == first || bs.browserProfile() != profile {
		t.Fatalf("after the restart: pid %d (was %d), profile %s (was %s)", pid, first, bs.browserProfile(), profile)
	}
	bs.mustOK("tabs", map[string]any{"action": "open", "url": siteURL + "/home.html"})
	var cookies string
	bs.pageEval("/home.html", `document.cookie`, &cookies)
	if !strings.Contains(cookies, "login=kept") {
		t.Errorf("the profile's cookie is gone after the restart: %q", cookies)
	}

	// Twice more within the minute: the third death is the last.
	if err := killProcess(bs.browserPID()); err != nil {
		t.Fatal(err)
	}
	bs.eventually(30*time.Second, "tabs", map[string]any{"action": "list"})
	if err := killProcess(bs.browserPID()); err != nil {
		t.Fatal(err)
	}
	var gone envelope
	for end := time.Now().Add(30 * time.Second); time.Now().Before(end); time.Sleep(100 * time.Millisecond) {
		if gone = bs.call("navigate", map[string]any{"url": siteURL + "/second.html"}); gone.errorCode() == "browser_exited" {
			break
		}
	}
	if gone.OK || gone.errorCode() != "browser_exited" {
		t.Fatalf("after three deaths: ok=%v code=%q", gone.OK, gone.errorCode())
	}
	msg := errorMessage(gone)
	if !strings.Contains(msg, "exited 3 times within 1m0s") || !strings.Contains(msg, "signal: killed") || !strings.Contains(msg, "restart this MCP server") {
		t.Errorf("browser_exited does not say why and what to do: %q", msg)
	}
	if gone.Server["error"].(map[string]any)["retryable"] != false {
		t.Errorf("browser_exited should not be retryable")
	}
	// The MCP session lives on, and answers at once.
	start := time.Now()
	if again := bs.call("tabs", map[string]any{"action": "list"}); again.errorCode() != "browser_exited" || time.Since(start) > 5*time.Second {
		t.Fatalf("a call after giving up: %q in %v", again.errorCode(), time.Since(start))
	}
}

// browserProfile is the --user-data-dir of the launched browser.
func (bs *browserSession) browserProfile() string {
	bs.t.Helper()
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/cmdline", bs.browserPID()))
	if err != nil {
		bs.t.Fatal(err)
	}
	for _, a := range strings.Split(string(data), "\x00") {
		if p, ok := strings.CutPrefix(a, "--user-data-dir="); ok {
			return p
		}
	}
	bs.t.Fatal("no --user-data-dir")
	return ""
}

// TestRecoversAfterWorkerStopped: the service worker stops under a
// running call; the call ends with no_browser, and once the worker wakes
// the session goes on with its tab, still attached and grouped. Then the
// extension is reloaded: the session is told its tab is gone, and goes on
// with a new one.
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
	if !c.pageAttached(t, "/second.html") {
		t.Error("the tab is not attached after the worker restarted")
	}
	if g := c.groups(t); len(g) != 1 {
		t.Errorf("tab groups after the worker restarted: %v", g)
	}

	// The extension reloaded (from chrome://extensions of the launched
	// browser): the session is told its tab is no longer its own.
	c.reloadExtension(t)
	var list2 envelope
	for end := time.Now().Add(30 * time.Second); time.Now().Before(end); time.Sleep(100 * time.Millisecond) {
		if list2 = bs.call("tabs", map[string]any{"action": "list"}); list2.OK {
			break
		}
	}
	if !list2.OK || len(tabsOf(list2)) != 0 || !strings.Contains(fmt.Sprint(list2.Server["notices"]), "your tab "+tabID.(string)+" is no longer yours") {
		t.Fatalf("after the extension reloaded: %v", list2.Server)
	}
	bs.mustOK("tabs", map[string]any{"action": "open", "url": siteURL + "/home.html"})
	if o := bs.observe(); o.Title != "Diwall fixture: home" {
		t.Fatalf("observe after the reload: %q", o.Title)
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
