package cli

import (
	"bytes"
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/diwall/diwall/installer"
	"github.com/diwall/diwall/internal/paths"
)

// TestDoctorAfterALaunchOnlyInstall: `install --client cursor --launch`,
// then doctor exits 0 and says the everyday browser is not needed, and
// tells nobody to set it up.
func TestDoctorAfterALaunchOnlyInstall(t *testing.T) {
	personHome(t)
	if code, out, errOut := run("install", "--client", "cursor", "--launch"); code != 0 {
		t.Fatalf("install: %d\n%s\n%s", code, out, errOut)
	}
	code, out, errOut := run("doctor")
	if code != 0 || strings.Contains(out, "FAIL") {
		t.Errorf("doctor: %d\n%s\n%s", code, out, errOut)
	}
	for _, want := range []string{"ok   chromium manifest: " + installer.NotNeededForLaunch, "ok   extension folder: " + installer.NotNeededForLaunch, "ok   cursor config: "} {
		if !strings.Contains(out, want) {
			t.Errorf("doctor lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "run `diwall install`") {
		t.Errorf("doctor asks to set up the everyday browser:\n%s", out)
	}
	run("uninstall")
}

// TestInstallLeavesThePersonsEntry: a diwall entry of the person's own is
// replaced only with --force (without it: an error naming the file and
// the flag, and nothing changed); uninstall puts it back exactly.
func TestInstallLeavesThePersonsEntry(t *testing.T) {
	home := personHome(t)
	for _, tc := range []struct{ client, file, mine string }{
		{"cursor", ".cursor/mcp.json", "{\n  \"mcpServers\": {\n    \"diwall\": {\n      \"command\": \"/usr/local/bin/diwall\",\n      \"args\": [\"mcp\", \"--profile\", \"work\"],\n      \"env\": {\"DIWALL_VAULT\": \"file\"}\n    }\n  }\n}\n"},
		{"codex", ".codex/config.toml", "[mcp_servers.diwall]\ncommand = \"/usr/local/bin/diwall\"\nargs = [\"mcp\", \"--profile\", \"work\"]\n\n[mcp_servers.diwall.env]\nDIWALL_VAULT = \"file\"\n"},
	} {
		file := filepath.Join(home, tc.file)
		if err := os.MkdirAll(filepath.Dir(file), 0o700); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(file, []byte(tc.mine), 0o600); err != nil {
			t.Fatal(err)
		}
		before := snapshot(t, home)
		code, out, errOut := run("install", "--client", tc.client, "--launch")
		if code == 0 || !strings.Contains(errOut, file) || !strings.Contains(errOut, "--force") {
			t.Errorf("%s without --force: %d\n%s\n%s", tc.client, code, out, errOut)
		}
		if after := snapshot(t, home); strings.Join(after, "\n") != strings.Join(before, "\n") {
			t.Errorf("%s: a refused install changed the home:\n%v\n%v", tc.client, before, after)
		}
		if code, out, errOut := run("install", "--client", tc.client, "--launch", "--force"); code != 0 || !strings.Contains(out, "replaced your own") {
			t.Fatalf("%s with --force: %d\n%s\n%s", tc.client, code, out, errOut)
		}
		if code, out, errOut := run("uninstall"); code != 0 || !strings.Contains(out, "restored") {
			t.Fatalf("%s uninstall: %d\n%s\n%s", tc.client, code, out, errOut)
		}
		if got, _ := os.ReadFile(file); string(got) != tc.mine {
			t.Errorf("%s after uninstall:\n%s\nwant:\n%s", tc.client, got, tc.mine)
		}
		if _, err := os.Stat(file + installer.BackupSuffix); err == nil {
			t.Errorf("%s: the backup is left behind", tc.client)
		}
	}
}

// recordingOut notes whether the record named the client at the first
// write, then fails as a closed pipe does.
type recordingOut struct {
	dirs     paths.Dirs
	first    bool
	recorded bool
}

func (r *recordingOut) Write([]byte) (int, error) {
	if !r.first {
		r.first = true
		rec, _ := installer.LoadRecord(r.dirs)
		r.recorded = len(rec.Clients) == 1
	}
	return 0, errors.New("broken pipe")
}
func (r *recordingOut) Close() error { return nil }

// TestInstallRecordsBeforePrinting: by the time install prints its first
// line, the record holds the client's entry, so that `install ... | true`
// cannot leave an entry that uninstall does not know of.
func TestInstallRecordsBeforePrinting(t *testing.T) {
	home := personHome(t)
	out := &recordingOut{dirs: paths.Default()}
	var errOut bytes.Buffer
	Run(context.Background(), []string{"install", "--client", "codex", "--launch"},
		Stdio{In: io.NopCloser(strings.NewReader("")), Out: out, Err: &errOut})
	if !out.first || !out.recorded {
		t.Errorf("first write %v, the record held the entry then %v (%s)", out.first, out.recorded, errOut.String())
	}
	if code, o, e := run("uninstall"); code != 0 {
		t.Fatalf("uninstall: %d\n%s\n%s", code, o, e)
	}
	if data, err := os.ReadFile(filepath.Join(home, ".codex/config.toml")); err == nil {
		t.Errorf("uninstall left the entry:\n%s", data)
	}
}

// TestNpmSpec: only a release is pinned for npx; a dev build, or a diwall
// that did not come through npx, is named by its own path.
func TestNpmSpec(t *testing.T) {
	cached := "/home/u/.npm/_npx/1f2e/node_modules/diwall-linux-x64/bin/diwall"
	t.Setenv(npmPackageEnv, "diwall")
	for _, c := range []struct {
		self, version, want string
		ok                  bool
	}{
		{cached, "1.2.3", "diwall@1.2.3", true},
		{cached, "0.10.0", "diwall@0.10.0", true},
		{cached, "dev", "", false},
		{cached, "0.3.0-5-gabc1234-dirty", "", false},
		{cached, "v1.2.3", "", false},
		{"/usr/local/bin/diwall", "1.2.3", "", false},
	} {
		if got, ok := npmSpec(c.self, "diwall", c.version); got != c.want || ok != c.ok {
			t.Errorf("%s %s: %q %v, want %q %v", c.self, c.version, got, ok, c.want, c.ok)
		}
	}
	if _, ok := npmSpec(cached, "", "1.2.3"); ok {
		t.Error("no package name, yet a spec")
	}
}
