package e2e

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

// TestEverydayBrowser runs the path a person takes: `diwall install
// --client claude-code` in a home of its own, Chromium started on that
// home's profile with the unpacked extension (as a person's browser would
// load it), `diwall mcp` started as Claude Code's file says, without
// --launch, reaching the host that Chromium started, `diwall doctor`
// seeing it all, and `diwall uninstall`.
func TestEverydayBrowser(t *testing.T) {
	e := newEveryday(t)
	manifest := filepath.Join(e.profile, "NativeMessagingHosts", "com.diwall.host.json")
	if _, err := os.Stat(manifest); err != nil {
		t.Fatalf("install did not register the host for Chromium: %v\n%s", err, e.installed)
	}
	if !strings.Contains(e.installed, "default profile") {
		t.Errorf("install did not create the default profile:\n%s", e.installed)
	}
	claudeJSON := filepath.Join(e.home, ".claude.json")
	if !strings.Contains(e.installed, e.extDir) || !strings.Contains(e.installed, "installed claude-code: "+claudeJSON) {
		t.Errorf("install output lacks the extension folder or the client's file:\n%s", e.installed)
	}
	// The client starts the server as its file says: the test's clients
	// start the same command.
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
	if entry := clientFile.MCPServers["diwall"]; entry.Type != "stdio" || entry.Command != diwallBin || len(entry.Args) != 1 || entry.Args[0] != "mcp" {
		t.Fatalf("Claude Code's entry: %+v", entry)
	}

	// The extension connects on its own; until then calls answer no_browser.
	bs, _ := e.agent("everyday", "/home.html")
	o := bs.observe()
	if markOf(t, o, "link", "Second page") == 0 {
		t.Fatal("no mark")
	}
	checkEverydayDownloads(t, bs, e.home, e.profile, e.run)

	// A site not in the default profile: no one to ask in a headless browser.
	if env := bs.call("navigate", map[string]any{"url": outsideURL("/home.html")}); env.errorCode() != "permission_denied" {
		t.Errorf("a site outside the default profile: ok=%v code=%s", env.OK, env.errorCode())
	}

	checkProfileEdits(t, bs, e.run)

	// Doctor also lists every other Chromium running on this machine (other
	// tests' browsers), whose failures are not this install's.
	out, _ := e.run("doctor")
	var ownFailures []string
	for _, line := range strings.Split(out, "\n") {
		check, _, _ := strings.Cut(strings.TrimPrefix(line, "FAIL "), ": ")
		if strings.HasPrefix(line, "FAIL") && (strings.Contains(check, e.home) || !strings.Contains(check, " pid ")) {
			ownFailures = append(ownFailures, line)
		}
	}
	if len(ownFailures) > 0 || !strings.Contains(out, "ok   host running") || !strings.Contains(out, "ok   extension connected") ||
		!strings.Contains(out, "ok   claude-code config: "+claudeJSON+" runs "+diwallBin+" mcp\n") {
		t.Errorf("doctor with the browser running: %v\n%s", ownFailures, out)
	}
	bs.session.Close()

	out, err := e.run("uninstall")
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

// checkProfileEdits: the person edits the profile while the session runs;
// the next call follows the edit. An edit with a mistake keeps the last
// good version in force, and every result says so, with the file, the
// line and the key, until the file is fixed.
func checkProfileEdits(t *testing.T, bs *browserSession, run func(...string) (string, error)) {
	t.Helper()
	path, err := run("profile", "path", "default")
	if err != nil {
		t.Fatalf("profile path: %v %s", err, path)
	}
	path = strings.TrimSpace(path)
	good, _ := os.ReadFile(path)
	write := func(data []byte) {
		// A new size, so the host's stat sees the change at once.
		if err := os.WriteFile(path, data, 0o600); err != nil {
			t.Fatal(err)
		}
	}
	write(append([]byte("# a mistake\nsites = [\n"), good...))
	env := bs.mustOK("observe", map[string]any{})
	notices := fmt.Sprint(env.Server["notices"])
	if !strings.Contains(notices, path) || !strings.Contains(notices, `line 3, key "sites": unexpected character`) || !strings.Contains(notices, "last good version") {
		t.Errorf("after a malformed edit: notices %s", notices)
	}
	write(append([]byte("tools = [\"tabs\"]\n"), good...))
	if env := bs.call("observe", map[string]any{}); env.errorCode() != "permission_denied" || len(env.Server["notices"].([]any)) != 0 {
		t.Errorf("after the person left only tabs in the profile: observe %v %s %v", env.OK, env.errorCode(), env.Server["notices"])
	}
	write(good)
	if env := bs.mustOK("observe", map[string]any{}); len(env.Server["notices"].([]any)) != 0 {
		t.Errorf("after the fix: notices %v", env.Server["notices"])
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
	if err := os.MkdirAll(dir, 0o700); err != nil {
		t.Fatal(err)
	}
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
