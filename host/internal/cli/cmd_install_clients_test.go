package cli

import (
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/diwall/diwall/installer"
	"github.com/diwall/diwall/internal/paths"
	"github.com/diwall/diwall/internal/version"
)

// TestInstallClientsWithLaunch: --client with --launch writes the clients'
// files and nothing of the everyday browser's; uninstall leaves the home
// as it was.
func TestInstallClientsWithLaunch(t *testing.T) {
	home := personHome(t)
	before := snapshot(t, home)
	code, out, errOut := run("install", "--client", "cursor,codex", "--launch=headless")
	if code != 0 {
		t.Fatalf("install: %d\n%s\n%s", code, out, errOut)
	}
	self, _ := executable()
	cursor, _ := os.ReadFile(filepath.Join(home, ".cursor/mcp.json"))
	if !strings.Contains(string(cursor), `"command": "`+self+`"`) || !strings.Contains(string(cursor), `"--launch=headless"`) {
		t.Errorf("cursor's file:\n%s", cursor)
	}
	codex, _ := os.ReadFile(filepath.Join(home, ".codex/config.toml"))
	if !strings.Contains(string(codex), "[mcp_servers.diwall]\ncommand = '"+self+"'\nargs = ['mcp', '--launch=headless']\n") {
		t.Errorf("codex's file:\n%s", codex)
	}
	for _, want := range []string{"installed cursor: " + filepath.Join(home, ".cursor/mcp.json"), "Cursor: Cursor's Settings", "Codex: start Codex again"} {
		if !strings.Contains(out, want) {
			t.Errorf("install output lacks %q:\n%s", want, out)
		}
	}
	if _, err := os.Stat(filepath.Join(home, ".config/chromium/NativeMessagingHosts")); !os.IsNotExist(err) {
		t.Errorf("--launch registered a browser: %v", err)
	}
	if code, out, errOut := run("uninstall"); code != 0 {
		t.Fatalf("uninstall: %d\n%s\n%s", code, out, errOut)
	}
	if after := snapshot(t, home); !slices.Equal(before, after) {
		t.Errorf("the home folder differs after uninstall:\nbefore %v\nafter  %v", before, after)
	}
}

// TestInstallClientKeepsTheClientsServers: a client's file with servers
// of its own keeps them, and a backup; doctor checks the entry; uninstall
// --client puts the file back as it was and touches nothing else.
func TestInstallClientKeepsTheClientsServers(t *testing.T) {
	home := personHome(t)
	claude := filepath.Join(home, ".claude.json")
	mine := "{\n  \"numStartups\": 4,\n  \"mcpServers\": {\n    \"fs\": {\n      \"command\": \"npx\",\n      \"args\": [\"-y\", \"@modelcontextprotocol/server-filesystem\"]\n    }\n  }\n}\n"
	if err := os.WriteFile(claude, []byte(mine), 0o600); err != nil {
		t.Fatal(err)
	}
	code, out, errOut := run("install", "--client", "claude-code")
	if code != 0 {
		t.Fatalf("install: %d\n%s\n%s", code, out, errOut)
	}
	if !strings.Contains(out, "installed chromium: ") || !strings.Contains(out, "installed claude-code: "+claude+" (the file as it was: "+claude+".diwall-backup)") {
		t.Errorf("install output:\n%s", out)
	}
	data, _ := os.ReadFile(claude)
	if !strings.HasPrefix(string(data), mine[:len(mine)-8]) || !strings.Contains(string(data), `"diwall": {`) {
		t.Errorf("~/.claude.json:\n%s", data)
	}
	_, out, _ = run("doctor")
	if self, _ := executable(); !strings.Contains(out, "ok   claude-code config: "+claude+" runs "+self+" mcp\n") {
		t.Errorf("doctor does not check the client:\n%s", out)
	}
	if code, out, errOut := run("uninstall", "--client", "claude-code,cursor"); code != 0 || !strings.Contains(out, "removed   claude-code: "+claude) || !strings.Contains(out, "absent    cursor: install wrote nothing there") {
		t.Fatalf("uninstall --client: %d\n%s\n%s", code, out, errOut)
	}
	if data, _ := os.ReadFile(claude); string(data) != mine {
		t.Errorf("~/.claude.json after uninstall --client:\n%s", data)
	}
	if _, err := os.Stat(filepath.Join(home, ".config/chromium/NativeMessagingHosts/com.diwall.host.json")); err != nil {
		t.Errorf("uninstall --client removed more than the client's entry: %v", err)
	}
	run("uninstall")
}

// TestInstallPrintChangesNothing: --print shows each file and its entry.
func TestInstallPrintChangesNothing(t *testing.T) {
	home := personHome(t)
	before := snapshot(t, home)
	code, out, errOut := run("install", "--print", "--client", "vscode,claude-code", "--launch")
	if code != 0 {
		t.Fatalf("install --print: %d\n%s", code, errOut)
	}
	self, _ := executable()
	for _, want := range []string{
		"# VS Code: merge into " + filepath.Join(home, ".config/Code/User/mcp.json") + ", keeping the servers already there\n{\n  \"servers\": {",
		"\"args\": [\n        \"mcp\",\n        \"--launch\"\n      ]",
		"# or run: claude mcp add --scope user diwall -- " + installer.ShellCommand("linux", []string{self}) + " mcp --launch\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("--print lacks %q:\n%s", want, out)
		}
	}
	if after := snapshot(t, home); !slices.Equal(before, after) {
		t.Errorf("--print changed the home folder: %v", after)
	}
	_, out, _ = run("install", "--print")
	if strings.Count(out, "# ") != len(installer.Clients())+1 {
		t.Errorf("--print without --client shows %d clients:\n%s", strings.Count(out, "# "), out)
	}
	if code, _, errOut := run("install", "--launch"); code != 2 || !strings.Contains(errOut, "--client NAME") {
		t.Errorf("--launch alone: %d %s", code, errOut)
	}
	if code, _, errOut := run("install", "--client", "notepad"); code != 2 || !strings.Contains(errOut, `unknown MCP client "notepad"`) {
		t.Errorf("an unknown client: %d %s", code, errOut)
	}
}

// TestExtensionIDsAllowed: an extension install was told of may start the
// everyday host, and its ID stays in the manifest; an unknown one may not.
func TestExtensionIDsAllowed(t *testing.T) {
	home := personHome(t)
	store := "abcdefghijklmnopabcdefghijklmnop"
	if allowedCaller("chrome-extension://"+store+"/", true) {
		t.Fatal("an extension nobody named may start the host")
	}
	if code, out, errOut := run("install", "--extension-id", store); code != 0 {
		t.Fatalf("install: %d\n%s\n%s", code, out, errOut)
	}
	m, err := installer.ReadManifest(filepath.Join(home, ".config/chromium/NativeMessagingHosts/com.diwall.host.json"))
	if err != nil || !m.Allows(store) || !m.Allows(installer.DefaultExtensionID) {
		t.Errorf("manifest %+v, %v", m, err)
	}
	if !allowedCaller("chrome-extension://"+store+"/", true) || allowedCaller("chrome-extension://"+store+"/", false) {
		t.Error("the recorded extension: allowed for the everyday browser only")
	}
	if !allowedCaller(installer.ExtensionOrigin(installer.DefaultExtensionID), false) {
		t.Error("the embedded extension is refused")
	}
	// A later install keeps it allowed.
	run("install")
	if m, _ := installer.ReadManifest(filepath.Join(home, ".config/chromium/NativeMessagingHosts/com.diwall.host.json")); !m.Allows(store) {
		t.Error("a second install forgot the extension")
	}
	if rec, _ := installer.LoadRecord(paths.Default()); !slices.Contains(rec.ExtensionIDs, store) {
		t.Errorf("record: %+v", rec)
	}
	if code, _, errOut := run("install", "--extension-id", "nope"); code != 2 || !strings.Contains(errOut, "not an extension ID") {
		t.Errorf("a bad ID: %d %s", code, errOut)
	}
	run("uninstall")
}

// TestClientCommandThroughNpx: a diwall run from npx's cache gives clients
// npx and its package at its own version, not a path npm may clear; any
// other, its own path.
func TestClientCommandThroughNpx(t *testing.T) {
	cached := "/home/u/.npm/_npx/1f2e/node_modules/diwall-linux-x64/bin/diwall"
	t.Setenv(npmPackageEnv, "")
	if cmd, args := clientCommand(cached, launchFlag{on: true}); cmd != cached || !slices.Equal(args, []string{"mcp", "--launch"}) {
		t.Errorf("without the launcher: %s %v", cmd, args)
	}
	t.Setenv(npmPackageEnv, "@acme/diwall")
	npx := "npx"
	if runtime.GOOS == "windows" {
		npx = "npx.cmd"
	}
	defer func(v string) { version.Host = v }(version.Host)
	version.Host = "1.4.2"
	if cmd, args := clientCommand(cached, launchFlag{on: true, headless: true}); cmd != npx || !slices.Equal(args, []string{"-y", "@acme/diwall@1.4.2", "mcp", "--launch=headless"}) {
		t.Errorf("through npx: %s %v, want the package at this very version", cmd, args)
	}
	global := "/usr/lib/node_modules/diwall-linux-x64/bin/diwall"
	if cmd, args := clientCommand(global, launchFlag{}); cmd != global || !slices.Equal(args, []string{"mcp"}) {
		t.Errorf("installed with npm -g: %s %v", cmd, args)
	}
}
