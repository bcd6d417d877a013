// Package paths says where Diwall keeps its files: configuration, state (the
// host's socket), logs and data such as the unpacked extension and the
// dedicated browser profile of `diwall mcp --launch`.
//
// When DIWALL_HOME is set everything lives under it, so tests and parallel
// runs are isolated; otherwise each OS's usual per-user folders are used.
package paths

import (
	"os"
	"path/filepath"

	"github.com/diwall/diwall/internal/socket"
)

// HostName is the native-messaging host name registered with the browsers.
const HostName = "com.diwall.host"

// Dirs holds Diwall's folders. Each is absolute.
type Dirs struct {
	Config string // profiles and settings a person edits
	State  string // the host's socket and runtime files
	Logs   string // slog files
	Data   string // the unpacked extension, launched browser profiles
}

// Socket is the path of the host's MCP socket: diwall.sock in the state
// folder, or, when that path is longer than a Unix socket path may be (a
// deep DIWALL_HOME), a short path that only this state folder maps to
// (see shortSocket).
func (d Dirs) Socket() string {
	p := filepath.Join(d.State, "diwall.sock")
	if len(p) <= socket.MaxPathLen {
		return p
	}
	return shortSocket(d.State)
}

// ExtensionDir is where the embedded extension is unpacked.
func (d Dirs) ExtensionDir() string { return filepath.Join(d.Data, "extension") }

// AuditDir is the audit log's folder: a file per session, and the
// artifact store beside them.
func (d Dirs) AuditDir() string { return filepath.Join(d.State, "audit") }

// VaultDir is the vault's folder: the index of credentials, and the
// encrypted file of secrets when no OS keyring holds them.
func (d Dirs) VaultDir() string { return filepath.Join(d.State, "vault") }

// VaultKey is the key of the vault's encrypted file, kept in another
// folder than the file.
func (d Dirs) VaultKey() string { return filepath.Join(d.Data, "vault.key") }

// HostLog is the host's log file.
func (d Dirs) HostLog() string { return filepath.Join(d.Logs, "host.log") }

// Resolve returns Diwall's folders for the current user. env is usually
// os.Getenv; home is the user's home folder.
func Resolve(getenv func(string) string, home string) Dirs {
	if h := getenv("DIWALL_HOME"); h != "" {
		h = absOr(h)
		return Dirs{
			Config: filepath.Join(h, "config"),
			State:  filepath.Join(h, "state"),
			Logs:   filepath.Join(h, "logs"),
			Data:   filepath.Join(h, "data"),
		}
	}
	return platformDirs(getenv, home)
}

// Default resolves the folders from the process environment.
func Default() Dirs {
	home, err := os.UserHomeDir()
	if err != nil {
		home = os.TempDir()
	}
	return Resolve(os.Getenv, home)
}

// Ensure creates every folder with permissions only the user can use.
func (d Dirs) Ensure() error {
	for _, dir := range []string{d.Config, d.State, d.Logs, d.Data} {
		if err := os.MkdirAll(dir, 0o700); err != nil {
			return err
		}
	}
	return nil
}

func absOr(p string) string {
	if a, err := filepath.Abs(p); err == nil {
		return a
	}
	return p
}
