package installer

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestClientChecks: each client file with a diwall server gets one line:
// ok when it runs this binary, a failure with the fix when the command is
// missing, another binary, or the file is broken; files without Diwall are
// not listed.
func TestClientChecks(t *testing.T) {
	home := t.TempDir()
	self := filepath.Join(home, "bin", "diwall")
	other := filepath.Join(home, "old", "diwall")
	for _, f := range []string{self, other} {
		if err := os.MkdirAll(filepath.Dir(f), 0o700); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(f, []byte("#!/bin/sh\n"), 0o700); err != nil {
			t.Fatal(err)
		}
	}
	write := func(id, content string) {
		file := client(t, id).Path("linux", home, nil)
		if err := os.MkdirAll(filepath.Dir(file), 0o700); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(file, []byte(content), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	write("cursor", `{"mcpServers": {"diwall": {"command": "`+self+`", "args": ["mcp", "--launch"]}}}`)
	write("vscode", `{"servers": {"diwall": {"type": "stdio", "command": "`+filepath.Join(home, "gone")+`", "args": ["mcp"]}}}`)
	write("codex", "[mcp_servers.diwall]\ncommand = '"+other+"'\nargs = ['mcp']\n")
	write("windsurf", `{"mcpServers": {`)
	write("claude-desktop", `{"mcpServers": {"fs": {"command": "npx", "args": []}}}`)
	write("claude-code", `{"mcpServers": {"diwall": {"command": "`+self+`", "args": ["observe"]}}}`)

	checks := ClientChecks("linux", home, nil, self)
	got := map[string]Check{}
	for _, c := range checks {
		got[c.Name] = c
	}
	if len(checks) != 5 {
		t.Errorf("%d checks, want 5: %+v", len(checks), checks)
	}
	expect := []struct {
		name   string
		ok     bool
		detail string
		fix    string
	}{
		{"cursor config", true, "runs " + self + " mcp --launch", ""},
		{"vscode config", false, "there is no file at " + filepath.Join(home, "gone"), "diwall install --client vscode"},
		{"codex config", false, "another diwall than this one", "diwall install --client codex (run from the diwall you mean to use)"},
		{"windsurf config", false, "is not valid JSON", "fix the file"},
		{"claude-code config", false, "not `diwall mcp`", "diwall install --client claude-code"},
	}
	for _, e := range expect {
		c, ok := got[e.name]
		if !ok {
			t.Errorf("no check %q", e.name)
			continue
		}
		if c.OK != e.ok || !strings.Contains(c.Detail, e.detail) || !strings.HasPrefix(c.Fix, e.fix) {
			t.Errorf("%s: %+v, want ok=%v detail ~ %q fix ~ %q", e.name, c, e.ok, e.detail, e.fix)
		}
	}
	if _, ok := got["claude-desktop config"]; ok {
		t.Error("a client file without Diwall is listed")
	}
}
