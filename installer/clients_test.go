package installer

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func client(t *testing.T, id string) Client {
	t.Helper()
	c, err := ClientByID(id)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// TestClientPaths: each client's file, where the client reads it on each
// OS.
func TestClientPaths(t *testing.T) {
	env := map[string]string{}
	getenv := func(k string) string { return env[k] }
	cases := []struct{ id, goos, want string }{
		{"claude-code", "linux", "/home/u/.claude.json"},
		{"claude-code", "windows", `C:\Users\u\.claude.json`},
		{"claude-desktop", "darwin", "/Users/u/Library/Application Support/Claude/claude_desktop_config.json"},
		{"claude-desktop", "windows", `C:\Users\u\AppData\Roaming\Claude\claude_desktop_config.json`},
		{"claude-desktop", "linux", "/home/u/.config/Claude/claude_desktop_config.json"},
		{"cursor", "linux", "/home/u/.cursor/mcp.json"},
		{"cursor", "windows", `C:\Users\u\.cursor\mcp.json`},
		{"vscode", "linux", "/home/u/.config/Code/User/mcp.json"},
		{"vscode", "darwin", "/Users/u/Library/Application Support/Code/User/mcp.json"},
		{"vscode", "windows", `C:\Users\u\AppData\Roaming\Code\User\mcp.json`},
		{"windsurf", "darwin", "/Users/u/.codeium/windsurf/mcp_config.json"},
		{"codex", "linux", "/home/u/.codex/config.toml"},
		{"codex", "windows", `C:\Users\u\.codex\config.toml`},
		{"gemini", "darwin", "/Users/u/.gemini/settings.json"},
	}
	homes := map[string]string{"linux": "/home/u", "darwin": "/Users/u", "windows": `C:\Users\u`}
	for _, c := range cases {
		if got := client(t, c.id).Path(c.goos, homes[c.goos], getenv); got != c.want {
			t.Errorf("%s on %s: %s, want %s", c.id, c.goos, got, c.want)
		}
	}
	env["XDG_CONFIG_HOME"] = "/x"
	env["CODEX_HOME"] = "/c"
	env["CLAUDE_CONFIG_DIR"] = "/cc"
	env["APPDATA"] = `D:\roam`
	for _, c := range []struct{ id, goos, want string }{
		{"vscode", "linux", "/x/Code/User/mcp.json"},
		{"codex", "linux", "/c/config.toml"},
		{"claude-code", "linux", "/cc/.claude.json"},
		{"claude-desktop", "windows", `D:\roam\Claude\claude_desktop_config.json`},
	} {
		if got := client(t, c.id).Path(c.goos, homes[c.goos], getenv); got != c.want {
			t.Errorf("%s on %s with its variables: %s, want %s", c.id, c.goos, got, c.want)
		}
	}
	if _, err := ClientByID("notepad"); err == nil || !strings.Contains(err.Error(), "claude-code, claude-desktop, cursor, vscode, windsurf, codex, gemini") {
		t.Errorf("unknown client: %v", err)
	}
}

// roundTrip installs into a file holding before, checks what the file then
// holds, uninstalls, and checks the file is exactly before again.
func roundTrip(t *testing.T, c Client, before string, check func(after string)) {
	t.Helper()
	dir := t.TempDir()
	file := filepath.Join(dir, "config")
	if err := os.WriteFile(file, []byte(before), 0o640); err != nil {
		t.Fatal(err)
	}
	res, rec, err := InstallClient(c, file, "/opt/diwall", []string{"mcp", "--launch"}, nil)
	if err != nil || res.Action != Installed {
		t.Fatalf("install: %+v %v", res, err)
	}
	after, _ := os.ReadFile(file)
	check(string(after))
	if backup, _ := os.ReadFile(file + BackupSuffix); string(backup) != before {
		t.Errorf("backup %q, want the file as it was", backup)
	}
	if fi, _ := os.Stat(file); fi.Mode().Perm() != 0o640 {
		t.Errorf("mode %v, want the file's own 0640", fi.Mode().Perm())
	}
	res, err = UninstallClient(c, rec)
	if err != nil || res.Action != Removed {
		t.Fatalf("uninstall: %+v %v", res, err)
	}
	if got, _ := os.ReadFile(file); string(got) != before {
		t.Errorf("after uninstall:\n%s\nwant the file as it was:\n%s", got, before)
	}
	if _, err := os.Stat(file + BackupSuffix); err == nil {
		t.Error("the backup is left behind")
	}
}

func TestJSONClientKeepsEverythingElse(t *testing.T) {
	before := `{
  "numStartups": 12,
  "mcpServers": {
    "playwright": {
      "type": "stdio",
      "command": "npx",
      "args": ["@playwright/mcp@latest"]
    }
  },
  "projects": {"/src": {"allowedTools": []}}
}
`
	roundTrip(t, client(t, "claude-code"), before, func(after string) {
		want := `    "playwright": {
      "type": "stdio",
      "command": "npx",
      "args": ["@playwright/mcp@latest"]
    },
    "diwall": {
      "type": "stdio",
      "command": "/opt/diwall",
      "args": [
        "mcp",
        "--launch"
      ]
    }
  },
  "projects": {"/src": {"allowedTools": []}}
}
`
		if !strings.HasSuffix(after, want) || !strings.HasPrefix(after, "{\n  \"numStartups\": 12,\n") {
			t.Errorf("after install:\n%s", after)
		}
	})
}

// TestJSONCClientKeepsComments: VS Code's mcp.json may hold comments and
// trailing commas; they stay.
func TestJSONCClientKeepsComments(t *testing.T) {
	before := "{\n\t// my servers\n\t\"servers\": {\n\t\t\"git\": {\"type\": \"stdio\", \"command\": \"uvx\", \"args\": [\"mcp-server-git\"]},\n\t},\n\t\"inputs\": [],\n}\n"
	roundTrip(t, client(t, "vscode"), before, func(after string) {
		if !strings.Contains(after, "// my servers") || !strings.Contains(after, "\t\t\"diwall\": {\n\t\t\t\"type\": \"stdio\",") ||
			!strings.Contains(after, "\"inputs\": [],\n}") {
			t.Errorf("after install:\n%s", after)
		}
		var m map[string]any
		if _, err := decodeJSONConfig([]byte(after)); err != nil {
			t.Error(err)
		}
		_ = m
	})
}

// TestJSONClientAddsItsObject: a file without servers gets the object,
// and loses it again on uninstall.
func TestJSONClientAddsItsObject(t *testing.T) {
	roundTrip(t, client(t, "gemini"), "{\n  \"theme\": \"Dracula\"\n}\n", func(after string) {
		want := "{\n  \"theme\": \"Dracula\",\n  \"mcpServers\": {\n    \"diwall\": {\n      \"command\": \"/opt/diwall\","
		if !strings.HasPrefix(after, want) {
			t.Errorf("after install:\n%s", after)
		}
	})
	roundTrip(t, client(t, "cursor"), `{"mcpServers":{"a":{"command":"x"}}}`, func(after string) {
		if after != `{"mcpServers":{"a":{"command":"x"}, "diwall": {"command":"/opt/diwall","args":["mcp","--launch"]}}}` {
			t.Errorf("a one-line file after install:\n%s", after)
		}
	})
}

func TestTOMLClientKeepsEverythingElse(t *testing.T) {
	before := `# my Codex
model = "o4-mini"

[mcp_servers.docs]
command = "npx"
args = ["-y", "docs-mcp"] # pinned

[mcp_servers.docs.env]
TOKEN = "x"

[profiles.work]
model = "o3"
`
	roundTrip(t, client(t, "codex"), before, func(after string) {
		if !strings.HasPrefix(after, before) || !strings.HasSuffix(after, "\n[mcp_servers.diwall]\ncommand = '/opt/diwall'\nargs = ['mcp', '--launch']\n") {
			t.Errorf("after install:\n%s", after)
		}
	})
}

// TestTOMLClientReplacesItsTable: an earlier [mcp_servers.diwall] and its
// subtables are replaced (with --force), in place of the first, and
// nothing else is.
func TestTOMLClientReplacesItsTable(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "config.toml")
	before := "[mcp_servers.diwall]\ncommand = \"/old/diwall\"\nargs = [\"mcp\"]\n\n[mcp_servers.diwall.env]\nA = \"1\"\n\n[mcp_servers.other]\ncommand = \"o\"\n"
	if err := os.WriteFile(file, []byte(before), 0o600); err != nil {
		t.Fatal(err)
	}
	c := client(t, "codex")
	if _, _, err := InstallClientForce(c, file, "/opt/diwall", []string{"mcp"}, nil); err != nil {
		t.Fatal(err)
	}
	got, _ := os.ReadFile(file)
	if want := "[mcp_servers.diwall]\ncommand = '/opt/diwall'\nargs = ['mcp']\n\n[mcp_servers.other]\ncommand = \"o\"\n"; string(got) != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}

	if err := os.WriteFile(file, []byte("[mcp_servers]\ndiwall = { command = \"x\" }\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, _, err := InstallClient(c, file, "/opt/diwall", []string{"mcp"}, nil); err == nil || !strings.Contains(err.Error(), "inline table") {
		t.Errorf("an inline diwall table: %v", err)
	}
	if err := os.WriteFile(file, []byte("mcp_servers = { other = { command = \"x\" } }\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, _, err := InstallClient(c, file, "/opt/diwall", []string{"mcp"}, nil); err == nil {
		t.Error("adding a table to an inline table of servers gave no error")
	}
	if got, _ := os.ReadFile(file); string(got) != "mcp_servers = { other = { command = \"x\" } }\n" {
		t.Errorf("a refused install changed the file: %s", got)
	}
}

// TestClientFileCreatedAndRemoved: install creates the file and its
// folders; uninstall removes all of them, and no more.
func TestClientFileCreatedAndRemoved(t *testing.T) {
	home := t.TempDir()
	for _, c := range Clients() {
		file := c.Path("linux", home, nil)
		res, rec, err := InstallClient(c, file, "/opt/diwall", []string{"mcp"}, nil)
		if err != nil || res.Action != Installed || !rec.CreatedFile || rec.Backup != "" {
			t.Fatalf("%s: %+v %+v %v", c.ID, res, rec, err)
		}
		data, _ := os.ReadFile(file)
		if got, err := c.readEntry(data); err != nil || got == nil {
			t.Errorf("%s: no entry in the new file (%v):\n%s", c.ID, err, data)
		}
		if fi, _ := os.Stat(file); fi.Mode().Perm() != 0o600 {
			t.Errorf("%s: mode %v", c.ID, fi.Mode().Perm())
		}
		// Installing again changes nothing and keeps what existed before.
		res, rec2, err := InstallClient(c, file, "/opt/diwall", []string{"mcp"}, &rec)
		if err != nil || res.Detail != "already there" || !rec2.CreatedFile || len(rec2.Created) != len(rec.Created) {
			t.Errorf("%s again: %+v %+v %v", c.ID, res, rec2, err)
		}
		if res, err := UninstallClient(c, rec2); err != nil || res.Action != Removed {
			t.Errorf("%s uninstall: %+v %v", c.ID, res, err)
		}
	}
	if entries, _ := os.ReadDir(home); len(entries) != 0 {
		t.Errorf("left in the home folder: %v", entries)
	}
}

// TestClientEntryChangedIsKept: an entry the person changed after install
// is theirs: uninstall keeps it, and the backup.
func TestClientEntryChangedIsKept(t *testing.T) {
	file := filepath.Join(t.TempDir(), "mcp.json")
	if err := os.WriteFile(file, []byte("{}\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	c := client(t, "cursor")
	_, rec, err := InstallClient(c, file, "/opt/diwall", []string{"mcp"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	mine := `{"mcpServers": {"diwall": {"command": "/opt/diwall", "args": ["mcp", "--profile", "work"]}}}`
	if err := os.WriteFile(file, []byte(mine), 0o600); err != nil {
		t.Fatal(err)
	}
	res, err := UninstallClient(c, rec)
	if err != nil || res.Action != Kept {
		t.Errorf("uninstall: %+v %v", res, err)
	}
	if got, _ := os.ReadFile(file); string(got) != mine {
		t.Errorf("uninstall changed the person's entry: %s", got)
	}
}

// TestClientRefusesABrokenFile: a file that is not valid JSON is left
// alone, with an error that says so.
func TestClientRefusesABrokenFile(t *testing.T) {
	file := filepath.Join(t.TempDir(), "claude_desktop_config.json")
	if err := os.WriteFile(file, []byte(`{"mcpServers": {`), 0o600); err != nil {
		t.Fatal(err)
	}
	res, _, err := InstallClient(client(t, "claude-desktop"), file, "/opt/diwall", []string{"mcp"}, nil)
	if err == nil || res.Action != Failed || !strings.Contains(err.Error(), "is not valid JSON") {
		t.Errorf("install: %+v %v", res, err)
	}
	if got, _ := os.ReadFile(file); string(got) != `{"mcpServers": {` {
		t.Errorf("the file changed: %s", got)
	}
	if _, err := os.Stat(file + BackupSuffix); err == nil {
		t.Error("a backup was written for a refused install")
	}
	if err := os.WriteFile(file, []byte(`{"mcpServers": []}`), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, _, err := InstallClient(client(t, "claude-desktop"), file, "/opt/diwall", []string{"mcp"}, nil); err == nil || !strings.Contains(err.Error(), `"mcpServers" is not an object`) {
		t.Errorf("servers that are not an object: %v", err)
	}
}

// TestClientFileBehindALink: a file kept in a dotfiles folder and linked
// is written where it is; the link stays a link.
func TestClientFileBehindALink(t *testing.T) {
	dir := t.TempDir()
	resolved := filepath.Join(dir, "dotfiles", "mcp.json")
	if err := os.MkdirAll(filepath.Dir(resolved), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(resolved, []byte("{}\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "mcp.json")
	if err := os.Symlink(resolved, link); err != nil {
		t.Skip(err)
	}
	if _, _, err := InstallClient(client(t, "cursor"), link, "/opt/diwall", []string{"mcp"}, nil); err != nil {
		t.Fatal(err)
	}
	if fi, _ := os.Lstat(link); fi.Mode()&os.ModeSymlink == 0 {
		t.Error("the link was replaced by a file")
	}
	data, _ := os.ReadFile(resolved)
	var m struct {
		MCPServers map[string]ServerEntry `json:"mcpServers"`
	}
	if err := json.Unmarshal(data, &m); err != nil || m.MCPServers["diwall"].Command != "/opt/diwall" {
		t.Errorf("the linked file: %s", data)
	}
}
