package installer

import (
	"fmt"
	"strings"
)

// InstructionsOptions says what to tell a person after an install.
type InstructionsOptions struct {
	ExtensionDir string // where the extension is unpacked: Dirs.ExtensionDir()
	ExtensionID  string // "" means DefaultExtensionID
	// ClientsWritten: install wrote MCP clients' files (--client), and
	// said what to do next for each.
	ClientsWritten bool
}

// Instructions returns the text printed after an install: how to load the
// extension (already unpacked in ExtensionDir; this package does not unpack
// it), then how to connect an MCP client, unless install did.
func Instructions(o InstructionsOptions) string {
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
`, o.ExtensionDir, o.ExtensionID)
	if !o.ClientsWritten {
		fmt.Fprintf(&b, `
Then connect your MCP client:
  diwall install --client NAME           writes Diwall into NAME's own file, keeping its other servers
  diwall install --client NAME --print   shows what it would write and where, to paste yourself
NAME is one of %s.
`, strings.Join(ClientIDs(), ", "))
	}
	return b.String()
}

// ClientSnippet is what install merges into c's file, as a file of its
// own: Diwall's entry in the client's object (table) of servers.
func ClientSnippet(c Client, command string, args []string) string {
	var out []byte
	var err error
	if c.TOML {
		out, err = tomlSetServer(nil, c.Key, ServerName, c.Entry(command, args))
	} else {
		out, err = jsonSetServer(nil, c.Key, ServerName, c.Entry(command, args))
	}
	if err != nil {
		panic(err) // an empty file always takes the entry
	}
	return string(out)
}

// ShellCommand writes argv as a person on goos types it into a shell.
func ShellCommand(goos string, argv []string) string {
	quoted := make([]string, len(argv))
	for i, a := range argv {
		quoted[i] = shellQuote(goos, a)
	}
	return strings.Join(quoted, " ")
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
