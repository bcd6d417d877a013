package cli

import (
	"bytes"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/diwall/diwall/host/internal/audit"
	"github.com/diwall/diwall/internal/paths"
)

// lockedBuffer is a log a goroutine writes while the test reads it.
type lockedBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *lockedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *lockedBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// TestOpenAuditAppliesTheDefaultRetention: the host opens its audit log and
// removes, in the background, a session older than the default 90 days,
// and keeps a recent one.
func TestOpenAuditAppliesTheDefaultRetention(t *testing.T) {
	key := auditHome(t) // one session, written now
	dir := paths.Default().AuditDir()
	old := "fedcba9876543210fedcba9876543210"
	l, err := audit.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	if err := l.Append(audit.Record{OperationID: strings.Repeat("b", 32), Session: old, Tool: "observe", OK: true, Outcome: "ok", Start: time.Now()}); err != nil {
		t.Fatal(err)
	}
	oldFile, err := audit.Find(dir, old)
	if err != nil {
		t.Fatal(err)
	}
	longAgo := time.Now().Add(-100 * 24 * time.Hour)
	if err := os.Chtimes(oldFile, longAgo, longAgo); err != nil {
		t.Fatal(err)
	}

	var logs lockedBuffer
	if _, err := openAudit(dir, slog.New(slog.NewTextHandler(&logs, nil))); err != nil {
		t.Fatal(err)
	}
	for end := time.Now().Add(10 * time.Second); !strings.Contains(logs.String(), "audit retention"); time.Sleep(10 * time.Millisecond) {
		if time.Now().After(end) {
			t.Fatal("the retention never ran")
		}
	}
	if !strings.Contains(logs.String(), "sessions_removed=1") {
		t.Errorf("log: %s", logs.String())
	}
	if _, err := os.Stat(oldFile); !os.IsNotExist(err) {
		t.Errorf("the 100-day-old session is still there: %v", err)
	}
	if _, err := audit.Find(dir, key); err != nil {
		t.Errorf("the recent session is gone: %v", err)
	}
}

func TestOpenAuditRefusesAFileForAFolder(t *testing.T) {
	file := filepath.Join(t.TempDir(), "audit")
	if err := os.WriteFile(file, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := openAudit(file, slog.New(slog.DiscardHandler)); err == nil {
		t.Error("an audit folder that is a file opened")
	}
}

func TestAuditAndVaultCommandsSayHowToUseThem(t *testing.T) {
	t.Setenv("DIWALL_HOME", t.TempDir())
	t.Setenv("DIWALL_VAULT", "file")
	for _, c := range []struct {
		args []string
		code int
		out  string // in stdout when code is 0, else in stderr
	}{
		{[]string{"audit"}, 2, "diwall audit list"},
		{[]string{"audit", "help"}, 0, "diwall audit export SESSION"},
		{[]string{"audit", "--help"}, 0, "diwall audit prune"},
		{[]string{"audit", "fly"}, 2, `unknown command "fly"`},
		{[]string{"audit", "list", "extra"}, 2, "takes no arguments"},
		{[]string{"audit", "list"}, 0, "No sessions in the audit log yet"},
		{[]string{"audit", "export", "abc"}, 2, "-o report.html"},
		{[]string{"audit", "prune", "--older-than", "soon"}, 2, "--older-than"},
		{[]string{"audit", "prune", "--max-size", "big"}, 2, "--max-size"},
		{[]string{"vault"}, 2, "diwall vault add"},
		{[]string{"vault", "help"}, 0, "diwall vault list"},
		{[]string{"vault", "fly"}, 2, `unknown command "fly"`},
		{[]string{"vault", "list", "extra"}, 2, "takes no arguments"},
		{[]string{"vault", "list"}, 0, "The vault is empty"},
		{[]string{"vault", "remove"}, 2, "give one ID"},
	} {
		code, out, errOut := run(c.args...)
		where := errOut
		if c.code == 0 {
			where = out
		}
		if code != c.code || !strings.Contains(where, c.out) {
			t.Errorf("%v: code %d, stdout %q, stderr %q; want code %d and %q", c.args, code, out, errOut, c.code, c.out)
		}
	}
	t.Setenv("DIWALL_VAULT", "nowhere")
	if code, _, errOut := run("vault", "list"); code != 2 || !strings.Contains(errOut, "diwall vault:") {
		t.Errorf("an unknown DIWALL_VAULT: code %d, %q", code, errOut)
	}
}
