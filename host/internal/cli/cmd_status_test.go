package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/diwall/diwall/host/internal/launch"
	"github.com/diwall/diwall/installer"
	"github.com/diwall/diwall/internal/hoststatus"
	"github.com/diwall/diwall/internal/paths"
	"github.com/diwall/diwall/internal/socket"
)

func statusJSON(t *testing.T) status {
	t.Helper()
	code, out, errOut := run("status", "--json")
	if code != 0 {
		t.Fatalf("status --json: code %d, %q", code, errOut)
	}
	var st status
	dec := json.NewDecoder(strings.NewReader(out))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&st); err != nil {
		t.Fatalf("status --json: %v\n%s", err, out)
	}
	return st
}

// TestStatusSaysWhichHostServes: no host, then a host that recorded itself
// and listens on the everyday socket, then one whose process is gone.
func TestStatusSaysWhichHostServes(t *testing.T) {
	home := t.TempDir()
	t.Setenv("DIWALL_HOME", home)
	d := paths.Default()
	if err := d.Ensure(); err != nil {
		t.Fatal(err)
	}
	st := statusJSON(t)
	if len(st.Hosts) != 0 || st.Serving || st.Socket != d.Socket() {
		t.Errorf("no host: %+v", st)
	}
	if st.Folders != (statusFolders{Config: d.Config, State: d.State, Logs: d.Logs, Audit: d.AuditDir()}) {
		t.Errorf("folders %+v, want those of DIWALL_HOME %s", st.Folders, home)
	}
	if code, out, _ := run("status"); code != 0 || !strings.Contains(out, "No host is running") || !strings.Contains(out, d.Logs) {
		t.Errorf("status: code %d\n%s", code, out)
	}

	l, _, err := socket.Listen(d.Socket())
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	since := time.Now().Add(-time.Minute).Truncate(time.Second)
	remove, err := hoststatus.Write(d.State, hoststatus.Record{PID: os.Getpid(), ParentPID: os.Getppid(), HostVersion: "1.2.3",
		ExtensionVersion: "0.1.0", UserAgent: "Chromium/156", Socket: d.Socket(), Since: since})
	if err != nil {
		t.Fatal(err)
	}
	st = statusJSON(t)
	want := hostStatus{PID: os.Getpid(), BrowserPID: os.Getppid(), HostVersion: "1.2.3", ExtensionVersion: "0.1.0",
		UserAgent: "Chromium/156", Socket: d.Socket(), Serving: true}
	if !st.Serving || len(st.Hosts) != 1 || !st.Hosts[0].Since.Equal(since) {
		t.Fatalf("a host serving: %+v", st)
	}
	st.Hosts[0].Since = time.Time{}
	if st.Hosts[0] != want {
		t.Errorf("host %+v, want %+v", st.Hosts[0], want)
	}
	if code, out, _ := run("status"); code != 0 || !strings.Contains(out, "serving on "+d.Socket()) {
		t.Errorf("status: code %d\n%s", code, out)
	}

	// A host that no longer answers is told apart from one that serves.
	l.Close()
	if st = statusJSON(t); st.Serving || len(st.Hosts) != 1 || st.Hosts[0].Serving {
		t.Errorf("a host that stopped listening: %+v", st)
	}
	remove()
	if st = statusJSON(t); len(st.Hosts) != 0 {
		t.Errorf("a host that ended: %+v", st)
	}
	if code, _, errOut := run("status", "now"); code != 2 || !strings.Contains(errOut, "no arguments") {
		t.Errorf("status now: code %d, %q", code, errOut)
	}
}

// TestStatusListsLaunchedHosts: the host of a browser `diwall mcp
// --launch` started records itself in its launch's folder; status lists
// it as a launched host, beside no everyday one, and forgets it once its
// process is gone. A folder of the state folder that is no launch's is
// left alone.
func TestStatusListsLaunchedHosts(t *testing.T) {
	t.Setenv("DIWALL_HOME", t.TempDir())
	d := paths.Default()
	inst := filepath.Join(d.State, "l-123")
	if err := os.MkdirAll(inst, 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(d.State, "other"), 0o700); err != nil {
		t.Fatal(err)
	}
	sock := filepath.Join(inst, "s.sock")
	file, err := json.Marshal(launch.InstanceFile{Socket: sock, State: inst, Logs: d.Logs})
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(inst, installer.LaunchInstanceFile), file, 0o600); err != nil {
		t.Fatal(err)
	}
	l, _, err := socket.Listen(sock)
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	since := time.Now().Truncate(time.Second)
	remove, err := hoststatus.Write(inst, hoststatus.Record{PID: os.Getpid(), ParentPID: os.Getppid(), HostVersion: "1.2.3",
		ExtensionVersion: "0.1.0", UserAgent: "HeadlessChrome/156", Socket: sock, Since: since})
	if err != nil {
		t.Fatal(err)
	}
	st := statusJSON(t)
	if len(st.Hosts) != 0 || len(st.Launched) != 1 {
		t.Fatalf("a launched host: %+v", st)
	}
	if h := st.Launched[0]; h.PID != os.Getpid() || h.BrowserPID != os.Getppid() || h.Socket != sock || !h.Serving || !h.Since.Equal(since) {
		t.Errorf("launched host %+v", h)
	}
	code, out, _ := run("status")
	if code != 0 || !strings.Contains(out, "launched host pid ") || !strings.Contains(out, "serving on "+sock) || strings.Contains(out, "No host is running") {
		t.Errorf("status: code %d\n%s", code, out)
	}
	remove()
	if st = statusJSON(t); len(st.Launched) != 0 {
		t.Errorf("a launched host that ended: %+v", st.Launched)
	}
	if _, out, _ := run("status"); !strings.Contains(out, "No host is running") {
		t.Errorf("status with no host:\n%s", out)
	}
}
