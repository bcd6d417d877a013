package installer

import (
	"bytes"
	"encoding/json"
	"fmt"
	"runtime"
	"strings"
)

// InstructionsOptions says what to tell a person after an install.
type InstructionsOptions struct {
	GOOS         string // "" means runtime.GOOS
	BinaryPath   string // absolute path of the diwall binary
	ExtensionDir string // where the extension is unpacked: Dirs.ExtensionDir()
	ExtensionID  string // "" means DefaultExtensionID
}

// Instructions returns the text printed after an install: how to load the
// extension (already unpacked in ExtensionDir; this package does not unpack
// it), then what to paste into each MCP client so it starts `diwall mcp`.
func Instructions(o InstructionsOptions) string {
	if o.GOOS == "" {
		o.GOOS = runtime.GOOS
	}
	if o.ExtensionID == "" {
		o.ExtensionID = DefaultExtensionID
	}
	var b strings.Builder
	fmt.Fprintf(&b, `Load the Diwall extension, once in each browser you use:
  1. Open chrome://extensions (edge://extensions in Edge, brave://extensions in Brave).
  2. Turn on "Developer mode".
  3. Click "Load unpacked" and choose the folder:
       %s
  The extension's card then shows the ID %s.

Then connect your MCP client.

Claude Desktop: add this to %s%s,
keeping any servers already there, then quit and reopen Claude Desktop:
%s
Claude Code: run
  claude mcp add --scope user diwall -- %s mcp

Cursor: add the same "mcpServers" entry to %s
(or to .cursor/mcp.json in one project).

VS Code: add this to .vscode/mcp.json in a workspace, or to your user mcp.json:
%s`,
		o.ExtensionDir, o.ExtensionID,
		claudeDesktopConfig(o.GOOS), claudeDesktopNote(o.GOOS), indentJSON(mcpServersConfig(o.BinaryPath)),
		shellQuote(o.GOOS, o.BinaryPath),
		cursorConfig(o.GOOS), indentJSON(vscodeConfig(o.BinaryPath)))
	return b.String()
}

// stdioServer is one server entry; the field order is the order printed.
type stdioServer struct {
	Type    string   `json:"type,omitempty"`
	Command string   `json:"command"`
	Args    []string `json:"args"`
}

// mcpServersConfig is the shape Claude Desktop and Cursor read.
func mcpServersConfig(binary string) any {
	return struct {
		MCPServers map[string]stdioServer `json:"mcpServers"`
	}{map[string]stdioServer{"diwall": {Command: binary, Args: []string{"mcp"}}}}
}

// vscodeConfig is the shape VS Code reads from mcp.json.
func vscodeConfig(binary string) any {
	return struct {
		Servers map[string]stdioServer `json:"servers"`
	}{map[string]stdioServer{"diwall": {Type: "stdio", Command: binary, Args: []string{"mcp"}}}}
}

// indentJSON renders v for pasting, indented by two spaces. Only values built
// above reach it, and they always encode.
func indentJSON(v any) string {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("  ", "  ")
	if err := enc.Encode(v); err != nil {
		panic(err)
	}
	return "  " + buf.String()
}

// claudeDesktopConfig is where Claude Desktop keeps its configuration.
func claudeDesktopConfig(goos string) string {
	switch goos {
	case "darwin":
		return "~/Library/Application Support/Claude/claude_desktop_config.json"
	case "windows":
		return `%APPDATA%\Claude\claude_desktop_config.json`
	default:
		return "~/.config/Claude/claude_desktop_config.json"
	}
}

// claudeDesktopNote qualifies the path where Claude Desktop is unofficial.
func claudeDesktopNote(goos string) string {
	if goos == "windows" || goos == "darwin" {
		return ""
	}
	return "\n(there is no official Claude Desktop for Linux; that is where community builds look)"
}

// cursorConfig is Cursor's configuration for every project.
func cursorConfig(goos string) string {
	if goos == "windows" {
		return `%USERPROFILE%\.cursor\mcp.json`
	}
	return "~/.cursor/mcp.json"
}

// shellQuote quotes p for the shell a person on goos types into, when needed.
func shellQuote(goos, p string) string {
	if goos == "windows" {
		if strings.ContainsAny(p, " &()^%!';,") {
			return `"` + p + `"`
		}
		return p
	}
	if p != "" && strings.Trim(p, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789/._-+:@%,=") == "" {
		return p
	}
	return "'" + strings.ReplaceAll(p, "'", `'\''`) + "'"
}
