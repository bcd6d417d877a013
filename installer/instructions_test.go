package installer

import (
	"encoding/json"
	"strings"
	"testing"
)

// jsonBlocks returns the indented JSON objects in text, parsed.
func jsonBlocks(t *testing.T, text string) []map[string]any {
	t.Helper()
	var blocks []map[string]any
	lines := strings.Split(text, "\n")
	for i := 0; i < len(lines); i++ {
		if lines[i] != "  {" {
			continue
		}
		j := i
		for j < len(lines) && lines[j] != "  }" {
			j++
		}
		var v map[string]any
		if err := json.Unmarshal([]byte(strings.Join(lines[i:j+1], "\n")), &v); err != nil {
			t.Fatalf("block at line %d: %v", i, err)
		}
		blocks = append(blocks, v)
		i = j
	}
	return blocks
}

func TestInstructions(t *testing.T) {
	tests := []struct {
		goos, binary, claudeCode, desktop, cursor string
	}{
		{"linux", "/home/u/.local/bin/diwall",
			"claude mcp add --scope user diwall -- /home/u/.local/bin/diwall mcp",
			"~/.config/Claude/claude_desktop_config.json", "~/.cursor/mcp.json"},
		{"darwin", "/Users/u/Applications/My Tools/diwall",
			"claude mcp add --scope user diwall -- '/Users/u/Applications/My Tools/diwall' mcp",
			"~/Library/Application Support/Claude/claude_desktop_config.json", "~/.cursor/mcp.json"},
		{"windows", `C:\Program Files\Diwall\diwall.exe`,
			`claude mcp add --scope user diwall -- "C:\Program Files\Diwall\diwall.exe" mcp`,
			`%APPDATA%\Claude\claude_desktop_config.json`, `%USERPROFILE%\.cursor\mcp.json`},
	}
	for _, tt := range tests {
		t.Run(tt.goos, func(t *testing.T) {
			text := Instructions(InstructionsOptions{GOOS: tt.goos, BinaryPath: tt.binary, ExtensionDir: "/data/extension"})
			for _, want := range []string{
				"chrome://extensions", `"Developer mode"`, `"Load unpacked"`, "       /data/extension\n",
				DefaultExtensionID, tt.claudeCode + "\n", tt.desktop, tt.cursor, ".vscode/mcp.json",
			} {
				if !strings.Contains(text, want) {
					t.Errorf("instructions lack %q:\n%s", want, text)
				}
			}
			blocks := jsonBlocks(t, text)
			if len(blocks) != 2 {
				t.Fatalf("%d JSON blocks, want 2:\n%s", len(blocks), text)
			}
			desktop := blocks[0]["mcpServers"].(map[string]any)["diwall"].(map[string]any)
			if desktop["command"] != tt.binary || len(desktop) != 2 {
				t.Errorf("mcpServers entry = %v", desktop)
			}
			vscode := blocks[1]["servers"].(map[string]any)["diwall"].(map[string]any)
			if vscode["command"] != tt.binary || vscode["type"] != "stdio" {
				t.Errorf("servers entry = %v", vscode)
			}
			if args := vscode["args"].([]any); len(args) != 1 || args[0] != "mcp" {
				t.Errorf("args = %v", args)
			}
		})
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
