package tools

import (
	"bytes"
	"encoding/json"
	"log/slog"
	"runtime"
	"strings"
	"testing"
)

// TestHostStatsEveryHundredCalls: the host logs its figures after every
// 100th call, and they are the process's own.
func TestHostStatsEveryHundredCalls(t *testing.T) {
	var buf bytes.Buffer
	s := &Server{log: slog.New(slog.NewJSONHandler(&buf, nil))}
	for range 2*statsEvery - 1 {
		s.countCall()
	}
	lines := strings.Split(strings.TrimSpace(buf.String()), "\n")
	if len(lines) != 1 {
		t.Fatalf("%d records after %d calls, want 1: %q", len(lines), 2*statsEvery-1, lines)
	}
	var rec struct {
		Msg        string `json:"msg"`
		Calls      int    `json:"calls"`
		Goroutines int    `json:"goroutines"`
		OpenFiles  int    `json:"open_files"`
		RSSKB      int    `json:"rss_kb"`
		HeapKB     int    `json:"heap_kb"`
	}
	if err := json.Unmarshal([]byte(lines[0]), &rec); err != nil {
		t.Fatal(err)
	}
	if rec.Msg != "host stats" || rec.Calls != statsEvery || rec.Goroutines < 1 || rec.HeapKB < 1 {
		t.Fatalf("record: %+v", rec)
	}
	if runtime.GOOS == "linux" && (rec.OpenFiles < 3 || rec.RSSKB < 1000) {
		t.Fatalf("open files %d, rss %d kB: not the process's", rec.OpenFiles, rec.RSSKB)
	}
}
