package launch

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
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
	// Sites restricts the built-in launch profile (comma-separated origin
	// patterns); empty means every http(s) site.
	Sites string `json:"sites,omitempty"`
	// TreeChars and Marks override the launch profile's budgets when > 0.
	TreeChars int `json:"tree_chars,omitempty"`
	Marks     int `json:"marks,omitempty"`
}

const instanceName = "instance.json"

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

// HostPIDFile is where the host of a launched browser records its pid,
// once it serves its socket.
func HostPIDFile(dir string) string { return filepath.Join(dir, "host.pid") }
