package e2e

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"
)

// everyday is the path a person takes, for the tests that need it or break
// it: `diwall install` in a home of its own, Chromium started on that
// home's profile with the unpacked extension (developer mode on, as for a
// person who loaded it unpacked), and `diwall mcp` clients without
// --launch reaching the host that Chromium started.
type everyday struct {
	t       testing.TB
	home    string
	profile string // Chromium's --user-data-dir
	extDir  string // the unpacked extension install wrote
	env     []string
	// logs is Diwall's logs folder, as `diwall status` says.
	logs string
	// installed is what `diwall install` printed.
	installed string

	browser    *exec.Cmd
	exited     chan struct{}
	browserLog *bytes.Buffer

	// display, when set, is the X display Chromium runs headed on, as in
	// a person's session (newHeadedEveryday); firstPage is the page it
	// opens with (about:blank when empty).
	display, firstPage string
}

// newEveryday installs Diwall in a fresh home (with Claude Code's file), allows the test's pages in
// the default profile (the person would, by hand) and starts Chromium.
// Cleanup ends the browser and checks that nothing is left running.
func newEveryday(t testing.TB) *everyday {
	t.Helper()
	return newEverydayWith(t, "", "")
}

// newEverydayWith is newEveryday with Chromium headed on display (headless
// when empty) and opening firstPage.
func newEverydayWith(t testing.TB, display, firstPage string) *everyday {
	t.Helper()
	home, err := os.MkdirTemp("", "dw-home-")
	if err != nil {
		t.Fatal(err)
	}
	e := &everyday{t: t, home: home, profile: filepath.Join(home, ".config", "chromium"),
		extDir: filepath.Join(home, ".local", "share", "diwall", "extension"), display: display, firstPage: firstPage}
	if err := os.MkdirAll(filepath.Join(home, "tmp"), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(e.profile, "Default"), 0o700); err != nil {
		t.Fatal(err)
	}
	// Developer mode, as for an extension loaded unpacked: without it
	// Chromium disables a command-line extension that reloads.
	if err := os.WriteFile(filepath.Join(e.profile, "Default", "Preferences"), []byte(`{"extensions":{"ui":{"developer_mode":true}}}`), 0o600); err != nil {
		t.Fatal(err)
	}
	e.env = append(filteredEnviron("HOME", "XDG_CONFIG_HOME", "XDG_STATE_HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME", "DIWALL_HOME", "TMPDIR"),
		"HOME="+home, "TMPDIR="+filepath.Join(home, "tmp"))
	t.Cleanup(func() {
		e.stopBrowser(syscall.SIGKILL)
		// The host sees its stdin close and exits; Chromium's helpers follow.
		var left []string
		for end := time.Now().Add(5 * time.Second); time.Now().Before(end); time.Sleep(50 * time.Millisecond) {
			if left = processesUnder(home); len(left) == 0 {
				break
			}
		}
		if len(left) > 0 {
			t.Errorf("processes left: %v", left)
		}
		if t.Failed() {
			for _, name := range []string{"mcp.log", "host.log"} {
				data, _ := os.ReadFile(filepath.Join(e.logs, name))
				if len(data) > 6000 {
					data = data[len(data)-6000:]
				}
				t.Logf("--- %s (tail) ---\n%s", name, data)
			}
			fmt.Fprintf(os.Stderr, "kept home %s\n", home)
			return
		}
		os.RemoveAll(home)
	})
	if e.installed, err = e.run("install", "--client", "claude-code"); err != nil {
		t.Fatalf("install: %v\n%s", err, e.installed)
	}
	e.logs = statusOf(t, e.env).Folders.Logs
	if out, err := e.run("profile", "allow", "default", "http://127.0.0.1:*"); err != nil {
		t.Fatalf("profile allow: %v\n%s", err, out)
	}
	e.startBrowser()
	return e
}

// run runs diwall in the person's home.
func (e *everyday) run(args ...string) (string, error) {
	cmd := exec.Command(diwallBin, args...)
	cmd.Env = e.env
	out, err := cmd.CombinedOutput()
	return string(out), err
}

// startBrowser starts Chromium on the person's profile, as the person
// would open it. Headed (e.display set), it is as a person loads the
// extension: no flag hides the debugging bar, the GPU is left as it is.
func (e *everyday) startBrowser() {
	e.t.Helper()
	os.Remove(filepath.Join(e.profile, "DevToolsActivePort"))
	first := e.firstPage
	if first == "" {
		first = "about:blank"
	}
	args := []string{"--headless=new", "--disable-gpu", "--silent-debugger-extension-api"}
	env := e.env
	if e.display != "" {
		args, env = nil, append(slices.Clip(e.env), "DISPLAY="+e.display)
	}
	args = append(args, "--no-sandbox", "--no-first-run", "--disable-background-networking", "--disable-component-update",
		"--disable-sync", "--user-data-dir="+e.profile, "--load-extension="+e.extDir, "--disable-extensions-except="+e.extDir,
		"--window-size=1280,800", "--remote-debugging-port=0", first)
	e.browser = exec.Command("/usr/lib/chromium/chromium", args...)
	e.browser.Env = env
	e.browserLog = &bytes.Buffer{}
	e.browser.Stdout, e.browser.Stderr = e.browserLog, e.browserLog
	if err := e.browser.Start(); err != nil {
		e.t.Fatalf("start Chromium: %v", err)
	}
	exited := make(chan struct{})
	e.exited = exited
	go func(cmd *exec.Cmd) { _ = cmd.Wait(); close(exited) }(e.browser)
}

// stopBrowser ends Chromium with sig (SIGTERM: the person quits it;
// SIGKILL: it crashes) and waits for it.
func (e *everyday) stopBrowser(sig syscall.Signal) {
	if e.browser == nil {
		return
	}
	_ = e.browser.Process.Signal(sig)
	select {
	case <-e.exited:
	case <-time.After(10 * time.Second):
		_ = e.browser.Process.Kill()
		<-e.exited
	}
	e.browser = nil
}

// client connects an MCP client through `diwall mcp` (no --launch).
func (e *everyday) client(name string) *browserSession {
	e.t.Helper()
	return connectMCP(e.t, e.env, e.home, name)
}

// agent connects a client that opens a tab on the test's page path (once
// the extension has connected) and observes it; it returns the tab's id.
func (e *everyday) agent(name, path string) (*browserSession, string) {
	e.t.Helper()
	a := e.client(name)
	open := a.eventually(30*time.Second, "tabs", map[string]any{"action": "open", "url": siteURL + path})
	if !open.OK {
		e.t.Fatalf("no host came: %v\n%s", open.Server["error"], e.browserLog.String())
	}
	a.observe()
	return a, open.Server["tab_id"].(string)
}

// devtools connects the harness to the running Chromium, as a person's
// DevTools would.
func (e *everyday) devtools() *cdpConn {
	e.t.Helper()
	port := filepath.Join(e.profile, "DevToolsActivePort")
	for end := time.Now().Add(10 * time.Second); time.Now().Before(end); time.Sleep(50 * time.Millisecond) {
		if data, err := os.ReadFile(port); err == nil && strings.Count(string(data), "\n") >= 1 {
			break
		}
	}
	return dialDevTools(e.t, port)
}

// hostPID is the pid of the host serving now, once there is one.
func (e *everyday) hostPID() int {
	e.t.Helper()
	for end := time.Now().Add(30 * time.Second); time.Now().Before(end); time.Sleep(50 * time.Millisecond) {
		if running := statusOf(e.t, e.env).Hosts; len(running) == 1 {
			return running[0].PID
		}
	}
	e.t.Fatal("no host is running")
	return 0
}

// hostLog is the host's log so far.
func (e *everyday) hostLog() string {
	data, _ := os.ReadFile(filepath.Join(e.logs, "host.log"))
	return string(data)
}
