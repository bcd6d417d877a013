package installer

import (
	"fmt"
	"path"
	"slices"
	"strings"
)

// ServerName is the name Diwall's entry has in each MCP client's list of
// servers.
const ServerName = "diwall"

// Client is an MCP client whose own configuration file `diwall install
// --client` writes Diwall's entry into.
type Client struct {
	ID   string // as --client names it: "cursor"
	Name string // for people: "Cursor"
	// Key is what maps server names to servers in the file: the JSON
	// object "mcpServers" (VS Code: "servers"), or Codex's TOML table
	// "mcp_servers".
	Key string
	// TOML says the file is TOML (Codex); the others are JSON, which VS
	// Code and Gemini CLI let hold comments.
	TOML bool
	// Typed clients write "type": "stdio" in their entries.
	Typed bool
	// Then is what to do once the file changed.
	Then string
	path func(goos, home string, getenv func(string) string) string
}

// Path is the client's user-wide configuration file on goos for the user
// whose home folder is home; getenv supplies the variables the client
// honours (nil reads none).
func (c Client) Path(goos, home string, getenv func(string) string) string {
	if getenv == nil {
		getenv = func(string) string { return "" }
	}
	return c.path(goos, home, getenv)
}

// Where each client keeps its user-wide servers (checked against each
// client's documentation): Claude Code's user scope is the top-level
// "mcpServers" of ~/.claude.json ($CLAUDE_CONFIG_DIR/.claude.json when
// set; `claude mcp add --scope user` writes the same); Claude Desktop's
// claude_desktop_config.json in its application-data folder; Cursor's
// ~/.cursor/mcp.json; VS Code's user mcp.json (command "MCP: Open User
// Configuration") beside its settings.json, with "servers" and a "type";
// Windsurf's ~/.codeium/windsurf/mcp_config.json; Codex's
// ~/.codex/config.toml ($CODEX_HOME/config.toml), [mcp_servers.NAME];
// Gemini CLI's ~/.gemini/settings.json. On Windows "~" is %USERPROFILE%.
var clients = []Client{
	{ID: "claude-code", Name: "Claude Code", Key: "mcpServers", Typed: true,
		Then: "start Claude Code again; /mcp lists the server",
		path: func(goos, home string, getenv func(string) string) string {
			if dir := getenv("CLAUDE_CONFIG_DIR"); dir != "" {
				return join(goos, dir, ".claude.json")
			}
			return join(goos, home, ".claude.json")
		}},
	{ID: "claude-desktop", Name: "Claude Desktop", Key: "mcpServers",
		Then: "quit Claude Desktop and open it again",
		path: func(goos, home string, getenv func(string) string) string {
			return join(goos, appConfigDir(goos, home, getenv), "Claude", "claude_desktop_config.json")
		}},
	{ID: "cursor", Name: "Cursor", Key: "mcpServers",
		Then: "Cursor's Settings → MCP lists the server (restart Cursor if it does not)",
		path: func(goos, home string, getenv func(string) string) string {
			return join(goos, home, ".cursor", "mcp.json")
		}},
	{ID: "vscode", Name: "VS Code", Key: "servers", Typed: true,
		Then: "VS Code starts the server when a chat first needs it (MCP: List Servers shows it)",
		path: func(goos, home string, getenv func(string) string) string {
			return join(goos, appConfigDir(goos, home, getenv), "Code", "User", "mcp.json")
		}},
	{ID: "windsurf", Name: "Windsurf", Key: "mcpServers",
		Then: "refresh the MCP servers in Windsurf's Cascade panel",
		path: func(goos, home string, getenv func(string) string) string {
			return join(goos, home, ".codeium", "windsurf", "mcp_config.json")
		}},
	{ID: "codex", Name: "Codex", Key: "mcp_servers", TOML: true,
		Then: "start Codex again; /mcp lists the server",
		path: func(goos, home string, getenv func(string) string) string {
			if dir := getenv("CODEX_HOME"); dir != "" {
				return join(goos, dir, "config.toml")
			}
			return join(goos, home, ".codex", "config.toml")
		}},
	{ID: "gemini", Name: "Gemini CLI", Key: "mcpServers",
		Then: "start Gemini CLI again; /mcp lists the server",
		path: func(goos, home string, getenv func(string) string) string {
			return join(goos, home, ".gemini", "settings.json")
		}},
}

// Clients returns the MCP clients install knows, in the order reports list
// them.
func Clients() []Client { return slices.Clone(clients) }

// ClientIDs are the names --client takes.
func ClientIDs() []string {
	var ids []string
	for _, c := range clients {
		ids = append(ids, c.ID)
	}
	return ids
}

// ClientByID finds a client by its --client name.
func ClientByID(id string) (Client, error) {
	i := slices.IndexFunc(clients, func(c Client) bool { return c.ID == id })
	if i < 0 {
		return Client{}, fmt.Errorf("installer: unknown MCP client %q (known: %s)", id, strings.Join(ClientIDs(), ", "))
	}
	return clients[i], nil
}

// appConfigDir is where desktop applications keep their settings: the
// application-support folder on macOS, %APPDATA% on Windows, the XDG
// config home elsewhere.
func appConfigDir(goos, home string, getenv func(string) string) string {
	switch goos {
	case "darwin":
		return path.Join(home, "Library", "Application Support")
	case "windows":
		if dir := getenv("APPDATA"); dir != "" {
			return dir
		}
		return winJoin(home, `AppData\Roaming`)
	}
	if dir := getenv("XDG_CONFIG_HOME"); strings.HasPrefix(dir, "/") {
		return dir
	}
	return path.Join(home, ".config")
}

// join joins path elements as goos writes them, whatever OS runs it.
func join(goos string, elems ...string) string {
	if goos == "windows" {
		return winJoin(elems...)
	}
	return path.Join(elems...)
}

// ServerEntry is Diwall's entry in a client's list of servers: command and
// args, and "type": "stdio" for the clients that write one. Its fields are
// in the order the clients' own documentation shows them.
type ServerEntry struct {
	Type    string   `json:"type,omitempty" toml:"type,omitempty"`
	Command string   `json:"command" toml:"command"`
	Args    []string `json:"args" toml:"args"`
}

// Entry is the entry c gets for running command with args.
func (c Client) Entry(command string, args []string) ServerEntry {
	e := ServerEntry{Command: command, Args: args}
	if c.Typed {
		e.Type = "stdio"
	}
	return e
}
