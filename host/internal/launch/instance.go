package launch

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/diwall/diwall/installer"

	"github.com/diwall/diwall/internal/policy"
	"github.com/diwall/diwall/internal/socket"
)

// InstanceEnv names the environment variable that tells a host started by
// a launched browser where its instance folder is.
const InstanceEnv = "DIWALL_INSTANCE"

// InstanceFile is what the launcher tells the host it will start, in the
// instance folder (mode 0700, owned by the user).
type InstanceFile struct {
	Socket string `json:"socket"`
	State  string `json:"state"`
	Logs   string `json:"logs"`
	// Config is the folder of the person's profiles, which sessions that
	// name one (diwall mcp --profile) run under.
	Config string `json:"config,omitempty"`
	// Audit is the audit log's folder, and Vault and VaultKey the vault's
	// (paths.Dirs): they outlive the instance.
	Audit    string `json:"audit,omitempty"`
	Vault    string `json:"vault,omitempty"`
	VaultKey string `json:"vault_key,omitempty"`
	// Knobs shape the built-in launch profile that sessions naming no
	// profile run under.
	Knobs policy.LaunchKnobs `json:"knobs,omitzero"`
	// Restarted, when not empty, says why the browser was started again
	// on this instance's profile (it had exited): the host started with it
	// tells the sessions that reconnect.
	Restarted string `json:"restarted,omitempty"`
}

const instanceName = installer.LaunchInstanceFile

// ReadInstance reads the instance file of the folder dir.
func ReadInstance(dir string) (InstanceFile, error) {
	var f InstanceFile
	data, err := os.ReadFile(filepath.Join(dir, instanceName))
	if err != nil {
		return f, err
	}
	if err := json.Unmarshal(data, &f); err != nil {
		return f, fmt.Errorf("%s: %w", instanceName, err)
	}
	if f.Socket == "" || f.State == "" || f.Logs == "" {
		return f, fmt.Errorf("%s: socket, state and logs are required", instanceName)
	}
	return f, nil
}

func writeInstance(dir string, f InstanceFile) error {
	data, err := json.MarshalIndent(f, "", "  ")
	if err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, instanceName), data, 0o600)
}

// Running returns the socket of a launched browser's host that serves now
// under the state folder (the newest, if several), or "". A second `diwall
// mcp` with the same DIWALL_HOME attaches to it.
func Running(stateDir string) string {
	dirs, _ := filepath.Glob(filepath.Join(stateDir, "l-*"))
	var best string
	var bestTime time.Time
	for _, dir := range dirs {
		info, err := os.Stat(HostPIDFile(dir))
		if err != nil {
			continue
		}
		f, err := ReadInstance(dir)
		if err != nil || !socket.Alive(f.Socket) {
			continue
		}
		if best == "" || info.ModTime().After(bestTime) {
			best, bestTime = f.Socket, info.ModTime()
		}
	}
	return best
}

// HostPIDFile is where the host of a launched browser records its pid,
// once it serves its socket.
func HostPIDFile(dir string) string { return filepath.Join(dir, "host.pid") }
