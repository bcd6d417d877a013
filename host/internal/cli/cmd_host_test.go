package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/diwall/diwall/host/internal/launch"
	"github.com/diwall/diwall/internal/paths"
	"github.com/diwall/diwall/internal/policy"
)

// hostRun runs diwall as Chrome starts it, and puts back the process's
// stdout, which the host points at stderr.
func hostRun(t *testing.T, origin string) (code int, errOut string) {
	t.Helper()
	stdout := os.Stdout
	t.Cleanup(func() { os.Stdout = stdout })
	code, out, errOut := run(origin)
	if out != "" {
		t.Errorf("the host wrote %q on its protocol stream", out)
	}
	return code, errOut
}

// TestHostRefusesAnotherExtension: Chrome starts the host for any
// extension whose id the manifest lists; the host itself serves only
// Diwall's, and says so in its log, not on its protocol stream.
func TestHostRefusesAnotherExtension(t *testing.T) {
	t.Setenv("DIWALL_HOME", t.TempDir())
	t.Setenv(launch.InstanceEnv, "")
	code, _ := hostRun(t, "chrome-extension://"+strings.Repeat("z", 32)+"/")
	if code != 1 {
		t.Errorf("code %d, want 1", code)
	}
	log, err := os.ReadFile(filepath.Join(paths.Default().Logs, "host.log"))
	if err != nil || !strings.Contains(string(log), "refusing a caller that is not the Diwall extension") {
		t.Errorf("host.log: %v\n%s", err, log)
	}
}

// TestHostOfABadInstance: a host started by a launched browser whose
// instance file is missing or damaged says why on stderr (Chrome's log)
// and ends.
func TestHostOfABadInstance(t *testing.T) {
	t.Setenv("DIWALL_HOME", t.TempDir())
	dir := t.TempDir()
	t.Setenv(launch.InstanceEnv, dir)
	if code, errOut := hostRun(t, "chrome-extension://"+strings.Repeat("z", 32)+"/"); code != 1 || !strings.Contains(errOut, "diwall host:") {
		t.Errorf("no instance file: code %d, %q", code, errOut)
	}
	if err := os.WriteFile(filepath.Join(dir, "instance.json"), []byte(`{"socket": 3}`), 0o600); err != nil {
		t.Fatal(err)
	}
	if code, errOut := hostRun(t, "chrome-extension://"+strings.Repeat("z", 32)+"/"); code != 1 || !strings.Contains(errOut, "diwall host:") {
		t.Errorf("a damaged instance file: code %d, %q", code, errOut)
	}
}

// TestHostPlaceOfALaunch: the host a launched browser starts reads the
// launch's knobs from its instance file, whole, and builds its profile from
// them.
func TestHostPlaceOfALaunch(t *testing.T) {
	dir := t.TempDir()
	t.Setenv(launch.InstanceEnv, dir)
	knobs := policy.LaunchKnobs{Sites: "http://127.0.0.1:*", TreeChars: 900, Marks: 12, Frames: policy.FramesSites, DownloadDir: "/tmp/dl"}
	data, err := json.Marshal(launch.InstanceFile{Socket: "/s", State: "/st", Logs: "/l", Knobs: knobs})
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "instance.json"), data, 0o600); err != nil {
		t.Fatal(err)
	}
	place, err := resolveHostPlace()
	if err != nil {
		t.Fatal(err)
	}
	if place.knobs != knobs || place.instance != dir || place.socket != "/s" {
		t.Errorf("place %+v, want the knobs %+v", place, knobs)
	}
	if p, err := place.knobs.Profile(); err != nil || p.Marks != 12 || p.DownloadDir != "/tmp/dl" {
		t.Errorf("profile %+v, %v", p, err)
	}
}
