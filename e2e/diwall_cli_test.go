package e2e

import (
	"bytes"
	"encoding/json"
	"net"
	"os/exec"
	"testing"
	"time"
)

// What the tests read of Diwall's state, they read as a person's script
// would: through the diwall binary's commands and their --json, never
// the host's packages.

// withheld is what the audit log keeps of text typed into a sensitive
// field (docs/audit-and-operator.md).
const withheld = "[withheld]"

// diwallJSON runs diwall with env and decodes its standard output.
func diwallJSON(tb testing.TB, env []string, v any, args ...string) {
	tb.Helper()
	cmd := exec.Command(diwallBin, args...)
	cmd.Env = env
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		tb.Fatalf("diwall %v: %v\n%s", args, err, stderr.String())
	}
	if err := json.Unmarshal(stdout.Bytes(), v); err != nil {
		tb.Fatalf("diwall %v: %v\n%s", args, err, stdout.String())
	}
}

// diwallStatus is what `diwall status --json` says.
type diwallStatus struct {
	Hosts []struct {
		PID int `json:"pid"`
	} `json:"hosts"`
	// Socket is where a plain `diwall mcp` reaches the everyday browser.
	Socket  string `json:"socket"`
	Folders struct {
		State string `json:"state"`
		Logs  string `json:"logs"`
		Audit string `json:"audit"`
	} `json:"folders"`
}

func statusOf(tb testing.TB, env []string) diwallStatus {
	tb.Helper()
	var st diwallStatus
	diwallJSON(tb, env, &st, "status", "--json")
	return st
}

// awaitServing waits, up to limit, until a host serves on the everyday
// browser's socket; it says whether one did. It asks `diwall status` once
// where the socket is, then dials it as `diwall mcp` would: a process
// started at every poll would weigh on the recovery benchmark's figure.
func awaitServing(tb testing.TB, env []string, limit time.Duration) bool {
	tb.Helper()
	path := statusOf(tb, env).Socket
	for end := time.Now().Add(limit); ; time.Sleep(10 * time.Millisecond) {
		if c, err := net.DialTimeout("unix", path, 300*time.Millisecond); err == nil {
			c.Close()
			return true
		}
		if time.Now().After(end) {
			return false
		}
	}
}

// auditSession is one session as `diwall audit show --json` prints it.
type auditSession struct {
	Key     string        `json:"key"`
	Records []auditRecord `json:"records"`
	Torn    bool          `json:"torn"`
	Damage  string        `json:"damage"`
}

// auditRecord is one call of an audit session.
type auditRecord struct {
	OperationID string         `json:"op"`
	Tool        string         `json:"tool"`
	OK          bool           `json:"ok"`
	Outcome     string         `json:"outcome"`
	Args        map[string]any `json:"args"`
	Notices     []string       `json:"notices"`
	Origin      string         `json:"origin"`
	Artifacts   []string       `json:"artifacts"`
	Download    *struct {
		SuggestedName string `json:"suggested_name"`
		SavedName     string `json:"saved_name"`
		SHA256        string `json:"sha256"`
	} `json:"download"`
}

// auditSessions reads every session of the audit log, oldest first, with
// `diwall audit list --json` and `diwall audit show KEY --json`.
func auditSessions(tb testing.TB, env []string) []auditSession {
	tb.Helper()
	var list []struct {
		Key string `json:"key"`
	}
	diwallJSON(tb, env, &list, "audit", "list", "--json")
	var out []auditSession
	for _, s := range list {
		var full auditSession
		diwallJSON(tb, env, &full, "audit", "show", s.Key, "--json")
		out = append(out, full)
	}
	return out
}
