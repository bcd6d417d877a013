package e2e

import (
	"bufio"
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// startXvfb starts a virtual display and returns its DISPLAY value; the
// test's cleanup stops it. It skips the test where Xvfb is missing.
func startXvfb(t testing.TB) string {
	t.Helper()
	bin, err := exec.LookPath("Xvfb")
	if err != nil {
		t.Skip("Xvfb is not installed (apt-get install xvfb)")
	}
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	// -displayfd: Xvfb picks a free display and writes its number on fd 3.
	cmd := exec.Command(bin, "-displayfd", "3", "-screen", "0", "1280x1024x24", "-nolisten", "tcp")
	cmd.ExtraFiles = []*os.File{w}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	w.Close()
	t.Cleanup(func() {
		_ = cmd.Process.Kill()
		_ = cmd.Wait()
	})
	line := make(chan string, 1)
	go func() {
		s, _ := bufio.NewReader(r).ReadString('\n')
		line <- strings.TrimSpace(s)
		r.Close()
	}()
	select {
	case n := <-line:
		if n == "" {
			t.Fatal("Xvfb gave no display")
		}
		return ":" + n
	case <-time.After(20 * time.Second):
		t.Fatal("Xvfb did not start")
	}
	return ""
}

// startHeaded runs the everyday path headed: `diwall install` in a home of
// its own, a headed Chromium on a virtual display with that home's
// profile and the unpacked extension (as a person loads it: no flag that
// hides the debugging bar, the GPU left as it is), and `diwall mcp`
// without --launch reaching the host that Chromium started. The test's
// cleanup closes them all.
func startHeaded(t testing.TB) *browserSession {
	t.Helper()
	display := startXvfb(t)
	home, err := os.MkdirTemp("", "dw-headed-")
	if err != nil {
		t.Fatal(err)
	}
	profile := filepath.Join(home, ".config", "chromium")
	if err := os.MkdirAll(filepath.Join(home, "tmp"), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(profile, 0o700); err != nil {
		t.Fatal(err)
	}
	env := append(filteredEnviron("HOME", "XDG_CONFIG_HOME", "XDG_STATE_HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME", "DIWALL_HOME", "TMPDIR", "DISPLAY"),
		"HOME="+home, "TMPDIR="+filepath.Join(home, "tmp"), "DISPLAY="+display)
	run := func(args ...string) {
		cmd := exec.Command(diwallBin, args...)
		cmd.Env = env
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("diwall %v: %v\n%s", args, err, out)
		}
	}
	run("install")
	run("profile", "allow", "default", "http://127.0.0.1:*")
	extDir := filepath.Join(home, ".local", "share", "diwall", "extension")
	browser := exec.Command(chromium, "--no-sandbox", "--no-first-run", "--disable-background-networking",
		"--disable-component-update", "--disable-sync", "--user-data-dir="+profile, "--load-extension="+extDir,
		"--disable-extensions-except="+extDir, "--window-size=1280,800", "about:blank")
	browser.Env = env
	var browserLog bytes.Buffer
	browser.Stdout, browser.Stderr = &browserLog, &browserLog
	if err := browser.Start(); err != nil {
		t.Fatalf("start Chromium: %v", err)
	}
	exited := make(chan struct{})
	go func() { _ = browser.Wait(); close(exited) }()

	cmd := exec.Command(diwallBin, "mcp")
	cmd.Env = env
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	session, err := mcp.NewClient(&mcp.Implementation{Name: "headed", Version: "0"}, nil).
		Connect(ctx, &mcp.CommandTransport{Command: cmd}, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		session.Close()
		_ = browser.Process.Kill()
		<-exited
		for end := time.Now().Add(5 * time.Second); time.Now().Before(end) && len(processesUnder(home)) > 0; {
			time.Sleep(50 * time.Millisecond)
		}
		if left := processesUnder(home); len(left) > 0 {
			t.Errorf("processes left: %v", left)
		}
		os.RemoveAll(home)
	})
	bs := &browserSession{t: t, launched: &launched{home: home, cmd: cmd, session: session, stderr: &bytes.Buffer{}}}
	if open := bs.eventually(20*time.Second, "tabs", map[string]any{"action": "open", "url": siteURL + "/home.html"}); !open.OK {
		t.Fatalf("no host came: %v\n%s", open.Server["error"], browserLog.String())
	}
	return bs
}
