package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/diwall/diwall/host/internal/audit"
	"github.com/diwall/diwall/internal/paths"
)

// auditHome is a DIWALL_HOME whose audit log holds one session of three
// calls, the second with an image; it returns the session's key.
func auditHome(t *testing.T) string {
	t.Helper()
	t.Setenv("DIWALL_HOME", t.TempDir())
	l, err := audit.Open(paths.Default().AuditDir())
	if err != nil {
		t.Fatal(err)
	}
	const key = "0123456789abcdef0123456789abcdef"
	img, err := l.Artifacts().Put([]byte("\x89PNG\r\n\x1a\n not really an image"))
	if err != nil {
		t.Fatal(err)
	}
	start := time.Now().Add(-time.Hour)
	for i, tool := range []string{"observe", "screenshot", "act"} {
		r := audit.Record{OperationID: strings.Repeat("a", 31) + string(rune('0'+i)), Session: key, Client: "Claude Code",
			Profile: "work", Tool: tool, OK: i != 2, Outcome: map[bool]string{true: "ok", false: "stale_snapshot"}[i != 2],
			Start: start.Add(time.Duration(i) * time.Second), Took: 42 * time.Millisecond, Origin: "https://shop.test",
			Args: map[string]any{"text": audit.Withheld}}
		if tool == "screenshot" {
			r.Artifacts = []string{img}
		}
		if err := l.Append(r); err != nil {
			t.Fatal(err)
		}
	}
	return key
}

func TestAuditListShowExport(t *testing.T) {
	key := auditHome(t)
	code, out, errOut := run("audit", "list")
	if code != 0 || !strings.Contains(out, key) || !strings.Contains(out, "Claude Code") || !strings.Contains(out, "work") {
		t.Fatalf("list: code %d, %q, %q", code, out, errOut)
	}
	if f := strings.Fields(strings.Split(strings.TrimSpace(out), "\n")[1]); f[len(f)-2] != "3" || f[len(f)-1] != "1" {
		t.Errorf("list: calls and errors %v, want 3 and 1", f)
	}

	// A session named by the start of its key.
	code, out, errOut = run("audit", "show", key[:8])
	if code != 0 || strings.Count(out, "\n") != 3 || !strings.Contains(out, "stale_snapshot") ||
		!strings.Contains(out, "[1 image(s)]") || !strings.Contains(out, "https://shop.test") {
		t.Fatalf("show: code %d, %q, %q", code, out, errOut)
	}
	if strings.Contains(out, "secret") || !strings.Contains(out, audit.Withheld) {
		t.Errorf("show: %q", out)
	}
	for _, bad := range [][]string{{"audit", "show"}, {"audit", "show", "ffff"}} {
		if code, _, errOut := run(bad...); code != 1 || !strings.Contains(errOut, "diwall audit show") {
			t.Errorf("%v: code %d, %q", bad, code, errOut)
		}
	}

	report := filepath.Join(t.TempDir(), "report.html")
	code, out, errOut = run("audit", "export", key, "-o", report)
	if code != 0 || !strings.Contains(out, "(3 calls)") {
		t.Fatalf("export: code %d, %q, %q", code, out, errOut)
	}
	html, err := os.ReadFile(report)
	if err != nil || !strings.Contains(string(html), "data:image/png;base64,") || !strings.Contains(string(html), "stale_snapshot") {
		t.Errorf("the report: %v\n%.400s", err, html)
	}
	if st, err := os.Stat(report); err != nil || st.Mode().Perm() != 0o600 {
		t.Errorf("the report is not the person's alone: %v %v", st.Mode(), err)
	}
	if code, _, errOut := run("audit", "export", key); code != 2 || !strings.Contains(errOut, "-o report.html") {
		t.Errorf("export without -o: code %d, %q", code, errOut)
	}
	if code, _, _ := run("audit", "export", key, "-o", filepath.Join(t.TempDir(), "no", "such", "dir.html")); code != 1 {
		t.Errorf("export into a missing folder: code %d", code)
	}
	if code, _, errOut := run("audit", "list", "extra"); code != 2 || !strings.Contains(errOut, "no arguments") {
		t.Errorf("list extra: code %d, %q", code, errOut)
	}
}

func TestAuditPrune(t *testing.T) {
	key := auditHome(t)
	// Younger than the limit: kept.
	if code, out, errOut := run("audit", "prune", "--older-than", "1d"); code != 0 || !strings.Contains(out, "removed 0 session(s)") {
		t.Fatalf("prune 1d: code %d, %q, %q", code, out, errOut)
	}
	for _, bad := range [][]string{{"--older-than", "soon"}, {"--older-than", "-3d"}, {"--max-size", "big"}, {"--max-size", "-1MB"}} {
		if code, _, errOut := run(append([]string{"audit", "prune"}, bad...)...); code != 2 || !strings.Contains(errOut, bad[0]) {
			t.Errorf("prune %v: code %d, %q", bad, code, errOut)
		}
	}
	// Older than 30 minutes (its file last written an hour ago): the
	// session goes.
	old := time.Now().Add(-time.Hour)
	if err := os.Chtimes(audit.SessionFile(paths.Default().AuditDir(), key), old, old); err != nil {
		t.Fatal(err)
	}
	code, out, errOut := run("audit", "prune", "--older-than", "30m", "--max-size", "1GiB")
	if code != 0 || !strings.Contains(out, "removed 1 session(s)") {
		t.Fatalf("prune 30m: code %d, %q, %q", code, out, errOut)
	}
	if code, out, _ := run("audit", "list"); code != 0 || strings.Contains(out, key) || !strings.Contains(out, "No sessions") {
		t.Errorf("after prune: %q", out)
	}
}

func TestParseSizeAndAge(t *testing.T) {
	for in, want := range map[string]int64{"0": 0, "500MB": 500e6, "1GiB": 1 << 30, "2G": 2 << 30, "10 KiB": 10 << 10, "7": 7, "3B": 3} {
		if got, err := parseSize(in); err != nil || got != want {
			t.Errorf("parseSize(%q) = %d, %v; want %d", in, got, err, want)
		}
	}
	for in, want := range map[string]time.Duration{"0": 0, "30d": 30 * 24 * time.Hour, "12h": 12 * time.Hour, "90m": 90 * time.Minute} {
		if got, err := parseAge(in); err != nil || got != want {
			t.Errorf("parseAge(%q) = %v, %v; want %v", in, got, err, want)
		}
	}
	if got := cut("abcdef", 4); got != "abc…" {
		t.Errorf("cut = %q", got)
	}
	if orDash("") != "-" || orDash("x") != "x" {
		t.Error("orDash")
	}
}

// TestAuditJSON: list --json and show --json say for scripts what list and
// show say for people, and no more than the log keeps.
func TestAuditJSON(t *testing.T) {
	key := auditHome(t)
	code, out, errOut := run("audit", "list", "--json")
	if code != 0 {
		t.Fatalf("list --json: code %d, %q", code, errOut)
	}
	var list []audit.Summary
	if err := json.Unmarshal([]byte(out), &list); err != nil {
		t.Fatalf("list --json: %v\n%s", err, out)
	}
	if len(list) != 1 || list[0].Key != key || list[0].Calls != 3 || list[0].Errors != 1 || list[0].Client != "Claude Code" || list[0].Profile != "work" {
		t.Errorf("list --json: %+v", list)
	}
	if !strings.Contains(out, `"key": "`+key+`"`) || !strings.Contains(out, `"errors": 1`) {
		t.Errorf("list --json's names: %s", out)
	}

	// --json before or after the session.
	for _, args := range [][]string{{"audit", "show", key[:8], "--json"}, {"audit", "show", "--json", key}} {
		code, out, errOut = run(args...)
		if code != 0 {
			t.Fatalf("%v: code %d, %q", args, code, errOut)
		}
		var s struct {
			Key     string `json:"key"`
			Torn    bool   `json:"torn"`
			Records []struct {
				Op        string         `json:"op"`
				Tool      string         `json:"tool"`
				OK        bool           `json:"ok"`
				Outcome   string         `json:"outcome"`
				Args      map[string]any `json:"args"`
				Origin    string         `json:"origin"`
				Artifacts []string       `json:"artifacts"`
				TookNS    int64          `json:"took_ns"`
			} `json:"records"`
		}
		if err := json.Unmarshal([]byte(out), &s); err != nil {
			t.Fatalf("%v: %v\n%s", args, err, out)
		}
		if s.Key != key || s.Torn || len(s.Records) != 3 {
			t.Fatalf("%v: %+v", args, s)
		}
		r := s.Records[1]
		if r.Tool != "screenshot" || !r.OK || r.Outcome != "ok" || len(r.Artifacts) != 1 || r.Origin != "https://shop.test" ||
			r.TookNS != int64(42*time.Millisecond) || r.Args["text"] != audit.Withheld || len(r.Op) != 32 {
			t.Errorf("%v: record %+v", args, r)
		}
		if s.Records[2].OK || s.Records[2].Outcome != "stale_snapshot" {
			t.Errorf("%v: the failed call %+v", args, s.Records[2])
		}
	}

	t.Setenv("DIWALL_HOME", t.TempDir())
	if code, out, _ := run("audit", "list", "--json"); code != 0 || strings.TrimSpace(out) != "[]" {
		t.Errorf("an empty log: code %d, %q, want []", code, out)
	}
	if code, _, errOut := run("audit", "list", "--yaml"); code != 2 || !strings.Contains(errOut, "-yaml") {
		t.Errorf("list --yaml: code %d, %q", code, errOut)
	}
}
