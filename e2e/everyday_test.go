package e2e

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// TestEverydayBrowser runs the path a person takes: `diwall install
// --client claude-code` in a home of its own, Chromium started on that
// home's profile with the unpacked extension (as a person's browser would
// load it), `diwall mcp` started as Claude Code's file says, without
// --launch, reaching the host that Chromium started, `diwall doctor`
// seeing it all, and `diwall uninstall`.
func TestEverydayBrowser(t *testing.T) {
	home, err := os.MkdirTemp("", "dw-home-")
	if err != nil {
		t.Fatal(err)
	}
	defer os.RemoveAll(home)
	profile := filepath.Join(home, ".config", "chromium")
	os.MkdirAll(filepath.Join(home, "tmp"), 0o700)
	if err := os.MkdirAll(profile, 0o700); err != nil {
		t.Fatal(err)
	}
	env := append(filteredEnviron("HOME", "XDG_CONFIG_HOME", "XDG_STATE_HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME", "DIWALL_HOME", "TMPDIR"),
		"HOME="+home, "TMPDIR="+filepath.Join(home, "tmp"))
	run := func(args ...string) (string, error) {
		cmd := exec.Command(diwallBin, args...)
		cmd.Env = env
		out, err := cmd.CombinedOutput()
		return string(out), err
	}

	out, err := run("install", "--client", "claude-code")
	if err != nil {
		t.Fatalf("install: %v\n%s", err, out)
	}
	manifest := filepath.Join(profile, "NativeMessagingHosts", "com.diwall.host.json")
	if _, err := os.Stat(manifest); err != nil {
		t.Fatalf("install did not register the host for Chromium: %v\n%s", err, out)
	}
	if !strings.Contains(out, "default profile") {
		t.Errorf("install did not create the default profile:\n%s", out)
	}
	// The default profile has no sites and asks; this browser is headless,
	// with no one to ask: the person allows the test's pages by hand.
	if out, err := run("profile", "allow", "default", "http://127.0.0.1:*"); err != nil {
		t.Fatalf("profile allow: %v\n%s", err, out)
	}
	extDir := filepath.Join(home, ".local", "share", "diwall", "extension")
	claudeJSON := filepath.Join(home, ".claude.json")
	if !strings.Contains(out, extDir) || !strings.Contains(out, "installed claude-code: "+claudeJSON) {
		t.Errorf("install output lacks the extension folder or the client's file:\n%s", out)
	}
	// The client starts the server as its file says.
	var clientFile struct {
		MCPServers map[string]struct {
			Type    string   `json:"type"`
			Command string   `json:"command"`
			Args    []string `json:"args"`
		} `json:"mcpServers"`
	}
	data, _ := os.ReadFile(claudeJSON)
	if err := json.Unmarshal(data, &clientFile); err != nil {
		t.Fatalf("%s: %v\n%s", claudeJSON, err, data)
	}
	entry := clientFile.MCPServers["diwall"]
	if entry.Type != "stdio" || entry.Command != diwallBin || len(entry.Args) != 1 || entry.Args[0] != "mcp" {
		t.Fatalf("Claude Code's entry: %+v", entry)
	}

	browser := exec.Command("/usr/lib/chromium/chromium", "--headless=new", "--no-sandbox", "--disable-gpu",
		"--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync",
		"--user-data-dir="+profile, "--load-extension="+extDir, "--disable-extensions-except="+extDir,
		"--silent-debugger-extension-api", "--window-size=1280,800", "--remote-debugging-port=0", "about:blank")
	browser.Env = env
	var browserLog bytes.Buffer
	browser.Stdout, browser.Stderr = &browserLog, &browserLog
	if err := browser.Start(); err != nil {
		t.Fatalf("start Chromium: %v", err)
	}
	exited := make(chan struct{})
	go func() { browser.Wait(); close(exited) }()
	defer func() {
		browser.Process.Kill()
		<-exited
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
	}()

	cmd := exec.Command(entry.Command, entry.Args...)
	cmd.Env = env
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	session, err := mcp.NewClient(&mcp.Implementation{Name: "everyday", Version: "0"}, nil).
		Connect(ctx, &mcp.CommandTransport{Command: cmd}, nil)
	if err != nil {
		t.Fatal(err)
	}
	bs := &browserSession{t: t, launched: &launched{home: home, cmd: cmd, session: session, stderr: &bytes.Buffer{}}}
	// The extension connects on its own; until then calls answer no_browser.
	open := bs.eventually(20*time.Second, "tabs", map[string]any{"action": "open", "url": siteURL + "/home.html"})
	if !open.OK {
		t.Fatalf("no host came: %v\n%s", open.Server["error"], browserLog.String())
	}
	o := bs.observe()
	if markOf(t, o, "link", "Second page") == 0 {
		t.Fatal("no mark")
	}
	checkEverydayDownloads(t, bs, home, profile, run)

	// A site not in the default profile: no one to ask in a headless browser.
	if env := bs.call("navigate", map[string]any{"url": outsideURL("/home.html")}); env.errorCode() != "permission_denied" {
		t.Errorf("a site outside the default profile: ok=%v code=%s", env.OK, env.errorCode())
	}

	// Doctor also lists every other Chromium running on this machine (other
	// tests' browsers), whose failures are not this install's.
	out, _ = run("doctor")
	var ownFailures []string
	for _, line := range strings.Split(out, "\n") {
		check, _, _ := strings.Cut(strings.TrimPrefix(line, "FAIL "), ": ")
		if strings.HasPrefix(line, "FAIL") && (strings.Contains(check, home) || !strings.Contains(check, " pid ")) {
			ownFailures = append(ownFailures, line)
		}
	}
	if len(ownFailures) > 0 || !strings.Contains(out, "ok   host running") || !strings.Contains(out, "ok   extension connected") ||
		!strings.Contains(out, "ok   claude-code config: "+claudeJSON+" runs "+diwallBin+" mcp\n") {
		t.Errorf("doctor with the browser running: %v\n%s", ownFailures, out)
	}
	session.Close()

	out, err = run("uninstall")
	if err != nil {
		t.Fatalf("uninstall: %v\n%s", err, out)
	}
	if _, err := os.Stat(manifest); !os.IsNotExist(err) {
		t.Errorf("uninstall left the manifest: %v", err)
	}
	if _, err := os.Stat(claudeJSON); !os.IsNotExist(err) {
		t.Errorf("uninstall left the client's file install created: %v", err)
	}
}

// filteredEnviron is the environment without the named variables.
func filteredEnviron(drop ...string) []string {
	var out []string
	for _, kv := range os.Environ() {
		k, _, _ := strings.Cut(kv, "=")
		keep := true
		for _, d := range drop {
			if k == d {
				keep = false
			}
		}
		if keep {
			out = append(out, kv)
		}
	}
	return out
}

// checkEverydayDownloads: in the everyday browser the agent's downloads
// go to the profile's download_dir only, and the person's own downloads
// go to their Downloads folder, unseen and unreported.
func checkEverydayDownloads(t *testing.T, bs *browserSession, home, profile string, run func(...string) (string, error)) {
	t.Helper()
	dir := filepath.Join(home, "agent-downloads")
	os.MkdirAll(dir, 0o700)
	path, err := run("profile", "path", "default")
	if err != nil {
		t.Fatalf("profile path: %v %s", err, path)
	}
	path = strings.TrimSpace(path)
	file, _ := os.ReadFile(path)
	if err := os.WriteFile(path, append([]byte("download_dir = \""+dir+"\"\n"), file...), 0o600); err != nil {
		t.Fatal(err)
	}
	bs.openPage("/dl/page.html")
	for _, link := range []string{"CSV statement", "Notes"} {
		if _, d := bs.clickForDownload(link); d["state"] != "complete" {
			t.Errorf("the agent's download of %q in the everyday browser: %v", link, d)
		}
	}
	if got := folderNames(t, dir); !slices.Equal(got, []string{"notes.txt", "statement-2026-11.csv"}) {
		t.Errorf("the agent's download folder holds %v", got)
	}
	// The person downloads a file in a tab of their own.
	c := dialDevTools(t, filepath.Join(profile, "DevToolsActivePort"))
	if err := c.call(t, "", "Target.createTarget", map[string]any{"url": siteURL + "/dl/statement.csv"}, nil); err != nil {
		t.Fatal(err)
	}
	mine := filepath.Join(home, "Downloads", "statement-2026-11.csv")
	for end := time.Now().Add(10 * time.Second); time.Now().Before(end); time.Sleep(50 * time.Millisecond) {
		if data, err := os.ReadFile(mine); err == nil && string(data) == statementCSV {
			break
		}
	}
	if data, err := os.ReadFile(mine); err != nil || string(data) != statementCSV {
		t.Errorf("the person's own download did not reach their Downloads folder: %v", err)
	}
	if list := downloadsIn(bs.mustOK("downloads", map[string]any{"action": "list"})); len(list) != 2 {
		t.Errorf("the person's download was reported to the agent: %v", list)
	}
	if got := folderNames(t, dir); len(got) != 2 {
		t.Errorf("the person's download reached the agent's folder: %v", got)
	}
}
