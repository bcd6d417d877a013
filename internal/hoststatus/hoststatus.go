// Package hoststatus lets a running native host say what it is connected
// to, for `diwall doctor` and `diwall mcp` to read: one small JSON file per
// host under the state folder, written once the extension said hello and
// removed when the host ends, and the last refusal of an extension of
// another major version, kept until a compatible one connects.
package hoststatus

import (
	"encoding/json"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"time"
)

// Record is what one running host says about itself.
type Record struct {
	PID              int       `json:"pid"`
	ParentPID        int       `json:"parent_pid"` // the browser that started it
	HostVersion      string    `json:"host_version"`
	ExtensionVersion string    `json:"extension_version"`
	UserAgent        string    `json:"user_agent"`
	Socket           string    `json:"socket"`
	Since            time.Time `json:"since"`
}

// Refusal is the last extension a host refused, and why.
type Refusal struct {
	ExtensionVersion string    `json:"extension_version"`
	HostVersion      string    `json:"host_version"`
	ParentPID        int       `json:"parent_pid"`
	Message          string    `json:"message"`
	At               time.Time `json:"at"`
}

func hostsDir(state string) string    { return filepath.Join(state, "hosts") }
func refusalFile(state string) string { return filepath.Join(state, "refused.json") }

// Write records r under the state folder and returns a function that
// removes the record.
func Write(state string, r Record) (remove func(), err error) {
	file := filepath.Join(hostsDir(state), strconv.Itoa(r.PID)+".json")
	if err := writeJSON(file, r); err != nil {
		return func() {}, err
	}
	return func() { os.Remove(file) }, nil
}

// Running returns the records of the hosts that still run, and removes
// those of hosts that died without removing theirs.
func Running(state string) []Record {
	files, _ := filepath.Glob(filepath.Join(hostsDir(state), "*.json"))
	var out []Record
	for _, file := range files {
		var r Record
		if err := readJSON(file, &r); err != nil || r.PID <= 0 || !processAlive(r.PID) {
			os.Remove(file)
			continue
		}
		out = append(out, r)
	}
	return out
}

// Refuse records a refused extension, for doctor and for `diwall mcp`'s
// no_browser message.
func Refuse(state string, r Refusal) error { return writeJSON(refusalFile(state), r) }

// ClearRefusal forgets the last refusal: a compatible extension connected.
func ClearRefusal(state string) { os.Remove(refusalFile(state)) }

// LastRefusal returns the last refusal, if any.
func LastRefusal(state string) (Refusal, bool) {
	var r Refusal
	if err := readJSON(refusalFile(state), &r); err != nil {
		return r, false
	}
	return r, r.Message != ""
}

func writeJSON(file string, v any) error {
	if err := os.MkdirAll(filepath.Dir(file), 0o700); err != nil {
		return err
	}
	data, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return err
	}
	tmp := file + ".tmp"
	if err := os.WriteFile(tmp, data, 0o600); err != nil {
		return err
	}
	return os.Rename(tmp, file)
}

func readJSON(file string, v any) error {
	data, err := os.ReadFile(file)
	if err != nil {
		return err
	}
	if err := json.Unmarshal(data, v); err != nil {
		return errors.Join(fs.ErrInvalid, err)
	}
	return nil
}
