package e2e

import (
	"bytes"
	"encoding/json"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// runObserveCmd runs `diwall observe` under a fresh DIWALL_HOME and TMPDIR,
// and checks that it left no process, launch folder or temp file behind.
func runObserveCmd(t *testing.T, args ...string) (code int, stdout, stderr string, dir string) {
	t.Helper()
	home := t.TempDir()
	tmp := filepath.Join(home, "tmp")
	if err := os.MkdirAll(tmp, 0o700); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(diwallBin, append([]string{"observe"}, args...)...)
	cmd.Dir = home
	cmd.Env = append(os.Environ(), "DIWALL_HOME="+home, "TMPDIR="+tmp)
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	err := cmd.Run()
	code = cmd.ProcessState.ExitCode()
	if err != nil && code == 0 {
		t.Fatal(err)
	}
	if left := processesUnder(home); len(left) > 0 {
		t.Errorf("processes left running: %v", left)
	}
	if launches, _ := filepath.Glob(filepath.Join(home, "state", "l-*")); len(launches) > 0 {
		t.Errorf("launch folders left behind: %v", launches)
	}
	if entries, _ := os.ReadDir(tmp); len(entries) > 0 {
		t.Errorf("temp files left behind: %d", len(entries))
	}
	return code, out.String(), errOut.String(), home
}

// TestObserveCommand: a person sees what the model sees, through the same
// observe tool.
func TestObserveCommand(t *testing.T) {
	code, out, errOut, home := runObserveCmd(t, siteURL+"/pages/form.html", "-o", "marked.png")
	if code != 0 {
		t.Fatalf("exit %d\nstdout: %s\nstderr: %s", code, out, errOut)
	}
	for _, want := range []string{"Sign up", "marked image: marked.png (", "tree (", `textbox "Full name" [1]`, "elements (", `[7] textbox "Password" (value withheld)`} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	f, err := os.Open(filepath.Join(home, "marked.png"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil || img.Bounds().Dx() < 100 {
		t.Fatalf("marked.png: %v", err)
	}
}

func TestObserveCommandJSON(t *testing.T) {
	code, out, errOut, _ := runObserveCmd(t, "--json", siteURL+"/pages/form.html", "-o", "m.png")
	if code != 0 {
		t.Fatalf("exit %d\nstderr: %s", code, errOut)
	}
	var env struct {
		OK     bool           `json:"ok"`
		Server map[string]any `json:"server"`
		Page   struct {
			Tree     []string `json:"tree"`
			Elements []any    `json:"elements"`
		} `json:"page_content"`
	}
	if err := json.Unmarshal([]byte(out), &env); err != nil {
		t.Fatalf("stdout is not the JSON envelope: %v\n%s", err, out)
	}
	if !env.OK || env.Server["tool"] != "observe" || len(env.Page.Tree) == 0 || len(env.Page.Elements) == 0 {
		t.Errorf("envelope: ok=%v tool=%v %d lines %d elements", env.OK, env.Server["tool"], len(env.Page.Tree), len(env.Page.Elements))
	}
	if !strings.Contains(errOut, "marked image: m.png") {
		t.Errorf("stderr: %s", errOut)
	}
}

// TestObserveCommandRefusesABadURLFirst: a URL observe cannot load is
// refused as a usage error before a browser starts (runObserveCmd checks
// that nothing was left behind).
func TestObserveCommandRefusesABadURLFirst(t *testing.T) {
	code, out, errOut, _ := runObserveCmd(t, "file:///etc/passwd")
	if code != 2 || out != "" || !strings.Contains(errOut, `diwall observe: "file:///etc/passwd" is a file: observe loads http and https pages only`) {
		t.Errorf("exit %d, stderr %s; want the refusal of a file: URL", code, errOut)
	}
}

// TestObserveCommandShowsTheHTTPStatus: a page that answered 404 is
// observed, and the 404 is in plain view.
func TestObserveCommandShowsTheHTTPStatus(t *testing.T) {
	code, out, errOut, _ := runObserveCmd(t, siteURL+"/status/404", "-o", "m.png")
	if code != 0 || !strings.Contains(out, siteURL+"/status/404\nHTTP 404 Not Found\n") {
		t.Errorf("exit %d\nstdout: %s\nstderr: %s", code, out, errOut)
	}
}
