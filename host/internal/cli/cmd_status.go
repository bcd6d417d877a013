package cli

import (
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"

	"github.com/diwall/diwall/host/internal/launch"
	"github.com/diwall/diwall/internal/hoststatus"
	"github.com/diwall/diwall/internal/paths"
	"github.com/diwall/diwall/internal/socket"
)

// status is what `diwall status` says: the hosts running now and where
// Diwall keeps its files.
type status struct {
	// Hosts are the native hosts of the person's browsers running now,
	// each once its extension said hello.
	Hosts []hostStatus `json:"hosts"`
	// Launched are the hosts of the browsers `diwall mcp --launch` (or
	// `diwall observe`) started, which sessions, pause, resume, stop and
	// handoff reach when no everyday browser's host serves.
	Launched []hostStatus `json:"launched"`
	// Socket is where a plain `diwall mcp` reaches the everyday browser's
	// host; Serving says a host answers on it now.
	Socket  string        `json:"socket"`
	Serving bool          `json:"serving"`
	Folders statusFolders `json:"folders"`
}

// hostStatus is one running host.
type hostStatus struct {
	PID              int       `json:"pid"`
	BrowserPID       int       `json:"browser_pid"`
	HostVersion      string    `json:"host_version"`
	ExtensionVersion string    `json:"extension_version"`
	UserAgent        string    `json:"user_agent"`
	Socket           string    `json:"socket"`
	Since            time.Time `json:"since"`
	// Serving says the host answers on its socket now.
	Serving bool `json:"serving"`
}

// statusFolders are Diwall's folders (paths.Dirs).
type statusFolders struct {
	Config string `json:"config"` // profiles
	State  string `json:"state"`
	Logs   string `json:"logs"` // host.log, mcp.log
	Audit  string `json:"audit"`
}

func statusOf(d paths.Dirs) status {
	return status{Hosts: hostsOf(d.State), Launched: launchedHosts(d.State), Socket: d.Socket(), Serving: socket.Alive(d.Socket()),
		Folders: statusFolders{Config: d.Config, State: d.State, Logs: d.Logs, Audit: d.AuditDir()}}
}

// hostsOf are the hosts that recorded themselves under the state folder
// state and still run.
func hostsOf(state string) []hostStatus {
	out := []hostStatus{}
	for _, r := range hoststatus.Running(state) {
		out = append(out, hostStatus{PID: r.PID, BrowserPID: r.ParentPID, HostVersion: r.HostVersion,
			ExtensionVersion: r.ExtensionVersion, UserAgent: r.UserAgent, Socket: r.Socket, Since: r.Since,
			Serving: socket.Alive(r.Socket)})
	}
	return out
}

// launchedHosts are the hosts of launched browsers: each launch has a
// folder of its own in the state folder, with its instance file, and its
// host records itself in the state folder that file names.
func launchedHosts(state string) []hostStatus {
	out := []hostStatus{}
	entries, _ := os.ReadDir(state)
	for _, e := range entries {
		if !e.IsDir() {
			continue
		}
		inst, err := launch.ReadInstance(filepath.Join(state, e.Name()))
		if err != nil {
			continue // not a launch's folder
		}
		out = append(out, hostsOf(inst.State)...)
	}
	return out
}

// runStatus runs `diwall status [--json]`.
func runStatus(args []string, stdio Stdio) int {
	fs := flag.NewFlagSet("diwall status", flag.ContinueOnError)
	fs.SetOutput(stdio.Err)
	asJSON := fs.Bool("json", false, "print the status as JSON")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() != 0 {
		fmt.Fprintln(stdio.Err, "diwall status takes no arguments but --json")
		return 2
	}
	st := statusOf(paths.Default())
	if *asJSON {
		return printJSON(stdio, st)
	}
	if len(st.Hosts)+len(st.Launched) == 0 {
		fmt.Fprintln(stdio.Out, "No host is running: Chrome starts one when it runs with the Diwall extension, and diwall mcp --launch one with the browser it starts.")
	}
	for _, h := range st.Hosts {
		printHost(stdio.Out, "host", h)
	}
	for _, h := range st.Launched {
		printHost(stdio.Out, "launched host", h)
	}
	fmt.Fprintf(stdio.Out, "profiles  %s\nstate     %s\nlogs      %s\naudit     %s\n",
		st.Folders.Config, st.Folders.State, st.Folders.Logs, st.Folders.Audit)
	return 0
}

// printHost writes one host's line: kind says which (an everyday browser's
// host, or a launched browser's).
func printHost(w io.Writer, kind string, h hostStatus) {
	serving := "serving"
	if !h.Serving {
		serving = "not answering"
	}
	fmt.Fprintf(w, "%s pid %d (browser pid %d), diwall %s, extension %s, since %s, %s on %s\n",
		kind, h.PID, h.BrowserPID, h.HostVersion, h.ExtensionVersion, h.Since.Local().Format("2006-01-02 15:04:05"), serving, h.Socket)
}
