package installer

import (
	"strings"
	"testing"
)

func TestInstructions(t *testing.T) {
	text := Instructions(InstructionsOptions{ExtensionDir: "/data/extension"})
	for _, want := range []string{
		"chrome://extensions", `"Developer mode"`, `"Load unpacked"`, "       /data/extension\n",
		DefaultExtensionID, "diwall install --client NAME ", "--print", "claude-code, claude-desktop, cursor, vscode, windsurf, codex, gemini",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("instructions lack %q:\n%s", want, text)
		}
	}
	if text := Instructions(InstructionsOptions{ExtensionDir: "/e", ClientsWritten: true}); strings.Contains(text, "--client") {
		t.Errorf("after --client, the instructions still say how to connect a client:\n%s", text)
	}
}

// TestClientSnippets: each client's snippet is a file of its format that
// holds exactly Diwall's entry, in the client's own shape.
func TestClientSnippets(t *testing.T) {
	for _, c := range Clients() {
		text := ClientSnippet(c, `C:\Program Files\Diwall\diwall.exe`, []string{"mcp", "--launch"})
		got, err := c.readEntry([]byte(text))
		if err != nil || got == nil {
			t.Errorf("%s: %v\n%s", c.ID, err, text)
			continue
		}
		e := got.(map[string]any)
		if e["command"] != `C:\Program Files\Diwall\diwall.exe` || len(e["args"].([]any)) != 2 || (e["type"] == "stdio") != c.Typed {
			t.Errorf("%s: %v", c.ID, e)
		}
	}
	if got := ClientSnippet(client(t, "vscode"), "/d", []string{"mcp"}); got != "{\n  \"servers\": {\n    \"diwall\": {\n      \"type\": \"stdio\",\n      \"command\": \"/d\",\n      \"args\": [\n        \"mcp\"\n      ]\n    }\n  }\n}\n" {
		t.Errorf("vscode snippet:\n%s", got)
	}
	if got := ClientSnippet(client(t, "codex"), "/d", []string{"mcp"}); got != "[mcp_servers.diwall]\ncommand = '/d'\nargs = ['mcp']\n" {
		t.Errorf("codex snippet:\n%s", got)
	}
	if got := ShellCommand("linux", []string{"/a b/diwall", "mcp"}); got != "'/a b/diwall' mcp" {
		t.Errorf("ShellCommand: %s", got)
	}
}

func TestShellQuote(t *testing.T) {
	for in, want := range map[string]string{
		"/usr/bin/diwall": "/usr/bin/diwall",
		"/a b/diwall":     "'/a b/diwall'",
		"/it's/diwall":    `'/it'\''s/diwall'`,
		"/x/$HOME/diwall": "'/x/$HOME/diwall'",
	} {
		if got := shellQuote("linux", in); got != want {
			t.Errorf("shellQuote(%q) = %s, want %s", in, got, want)
		}
	}
}
