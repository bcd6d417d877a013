package cli

import (
	"bytes"
	"context"
	"io"
	"strings"
	"testing"
	"time"
)

func runIn(stdin string, args ...string) (code int, out, errOut string) {
	var o, e bytes.Buffer
	code = Run(context.Background(), args, Stdio{In: io.NopCloser(strings.NewReader(stdin)), Out: nopWriteCloser{&o}, Err: &e})
	return code, o.String(), e.String()
}

func TestVaultCommands(t *testing.T) {
	t.Setenv("DIWALL_HOME", t.TempDir())
	t.Setenv("DIWALL_VAULT", "file")
	if code, _, errOut := runIn("", "vault", "add", "site", "--origin", "https://a.example"); code != 1 || !strings.Contains(errOut, "--password-stdin") {
		t.Errorf("add without a terminal: %d %q", code, errOut)
	}
	code, out, errOut := runIn("s3cret-pw\n", "vault", "add", "site", "--origin", "https://A.example:443", "--username", "alice", "--password-stdin")
	if code != 0 || !strings.Contains(out, "added site for https://a.example (file store)") {
		t.Fatalf("add: %d %q %q", code, out, errOut)
	}
	code, out, _ = runIn("", "vault", "list")
	if code != 0 || !strings.Contains(out, "site") || !strings.Contains(out, "https://a.example") || strings.Contains(out, "alice") || strings.Contains(out, "s3cret") {
		t.Errorf("list: %d %q", code, out)
	}
	if code, _, errOut := runIn("x\n", "vault", "add", "bad id", "--origin", "https://a.example", "--password-stdin"); code != 2 || !strings.Contains(errOut, "not a credential id") {
		t.Errorf("bad id: %d %q", code, errOut)
	}
	if code, _, _ := runIn("", "vault", "remove", "site"); code != 0 {
		t.Errorf("remove: %d", code)
	}
	if code, _, errOut := runIn("", "vault", "remove", "site"); code != 1 || !strings.Contains(errOut, "no such credential") {
		t.Errorf("remove twice: %d %q", code, errOut)
	}
}

func TestAuditSizesAndAges(t *testing.T) {
	t.Setenv("DIWALL_HOME", t.TempDir())
	for in, want := range map[string]int64{"0": 0, "500MB": 500e6, "1GiB": 1 << 30, "2G": 2 << 30, "1024": 1024} {
		if got, err := parseSize(in); err != nil || got != want {
			t.Errorf("parseSize(%q) = %d, %v", in, got, err)
		}
	}
	for in, want := range map[string]time.Duration{"0": 0, "30d": 30 * 24 * time.Hour, "12h": 12 * time.Hour} {
		if got, err := parseAge(in); err != nil || got != want {
			t.Errorf("parseAge(%q) = %v, %v", in, got, err)
		}
	}
	for _, bad := range []string{"-1d", "soon"} {
		if _, err := parseAge(bad); err == nil {
			t.Errorf("parseAge(%q) accepted", bad)
		}
	}
	if _, err := parseSize("lots"); err == nil {
		t.Error("parseSize accepted lots")
	}
	if code, out, _ := runIn("", "audit", "list"); code != 0 || !strings.Contains(out, "No sessions") {
		t.Errorf("audit list of nothing: %d %q", code, out)
	}
}
