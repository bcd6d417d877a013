package downloads

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/diwall/diwall/host/internal/toolerr"
)

func TestIsDownload(t *testing.T) {
	for _, c := range []struct {
		status  int
		headers map[string]string
		want    bool
	}{
		{200, map[string]string{"content-type": "text/html"}, false},
		{200, map[string]string{}, false},
		{200, map[string]string{"content-type": "text/html", "content-disposition": "attachment"}, true},
		{200, map[string]string{"content-type": "text/plain", "content-disposition": `attachment; filename="a.txt"`}, true},
		{200, map[string]string{"content-disposition": `ATTACHMENT; filename=bad"quote`}, true},
		{200, map[string]string{"content-type": "application/pdf", "content-disposition": "inline"}, false},
		{200, map[string]string{"content-type": "application/zip"}, true},
		{200, map[string]string{"content-type": "application/octet-stream"}, true},
		{200, map[string]string{"content-type": "text/csv"}, true},
		{200, map[string]string{"content-type": "application/json; charset=utf-8"}, false},
		{200, map[string]string{"content-type": "image/svg+xml"}, false},
		{302, map[string]string{"content-disposition": "attachment"}, false},
		{204, map[string]string{"content-type": "application/zip"}, false},
		{404, map[string]string{"content-type": "application/zip"}, false},
	} {
		if got := IsDownload(c.status, c.headers); got != c.want {
			t.Errorf("IsDownload(%d, %v) = %v", c.status, c.headers, got)
		}
	}
}

func TestSuggestedName(t *testing.T) {
	for _, c := range []struct{ disposition, url, want string }{
		{`attachment; filename="statement-2026-11.csv"`, "http://x/dl", "statement-2026-11.csv"},
		{`attachment; filename*=UTF-8''extrato%20de%20conta%20%E2%80%94%20nov.pdf`, "http://x/dl", "extrato de conta — nov.pdf"},
		{`attachment`, "http://x/files/report%202026.pdf?x=1", "report 2026.pdf"},
		{``, "http://x/", ""},
		{``, "blob:http://x/1234", ""},
	} {
		if got := SuggestedName(c.disposition, c.url); got != c.want {
			t.Errorf("SuggestedName(%q, %q) = %q, want %q", c.disposition, c.url, got, c.want)
		}
	}
}

func TestSafeName(t *testing.T) {
	for in, want := range map[string]string{
		"statement.csv":          "statement.csv",
		"../../.bashrc":          "bashrc",
		`C:\Windows\evil.exe`:    "evil.exe",
		"a/b/c.txt":              "c.txt",
		"...":                    "download",
		"":                       "download",
		"CON.txt":                "download.txt",
		"new\nline\x00.txt":      "new_line_.txt",
		"what?<>|*:.csv":         "what______.csv",
		"  spaced  .pdf. ":       "spaced  .pdf",
		"rtl\u202eexe.txt":       "rtl_exe.txt",
		"extrato — novembro.pdf": "extrato — novembro.pdf",
	} {
		if got := SafeName(in); got != want {
			t.Errorf("SafeName(%q) = %q, want %q", in, got, want)
		}
	}
	long := SafeName(strings.Repeat("é", 200) + ".csv")
	if len(long) > maxNameBytes || !strings.HasSuffix(long, ".csv") || !strings.HasPrefix(long, "é") {
		t.Errorf("a long name: %q (%d bytes)", long, len(long))
	}
}

// pieces is a Source of fixed pieces, or an error after them.
type pieces struct {
	list [][]byte
	err  error
}

func (p *pieces) Next(ctx context.Context) ([]byte, bool, error) {
	if len(p.list) == 0 {
		return nil, false, p.err
	}
	piece := p.list[0]
	p.list = p.list[1:]
	return piece, len(p.list) == 0 && p.err == nil, nil
}

func save(t *testing.T, dir, name string, limit int64, src Source) Download {
	t.Helper()
	l := NewList()
	d := &Download{State: InProgress, SavedName: name}
	l.Add(d)
	Save(context.Background(), l, d, dir, limit, src)
	got, _ := l.Get(d.ID)
	return got
}

func TestSave(t *testing.T) {
	dir := t.TempDir()
	d := save(t, dir, "a.csv", 100, &pieces{list: [][]byte{[]byte("x,y\n"), []byte("1,2\n")}})
	sum := sha256.Sum256([]byte("x,y\n1,2\n"))
	if d.State != Complete || d.Bytes != 8 || d.SHA256 != hex.EncodeToString(sum[:]) || d.SavedName != "a.csv" {
		t.Errorf("saved: %+v", d)
	}
	// The same name again: a suffix, the first file untouched.
	d2 := save(t, dir, "a.csv", 100, &pieces{list: [][]byte{[]byte("other")}})
	if d2.SavedName != "a (1).csv" {
		t.Errorf("second save: %+v", d2)
	}
	if data, _ := os.ReadFile(filepath.Join(dir, "a.csv")); string(data) != "x,y\n1,2\n" {
		t.Errorf("the first file was overwritten: %q", data)
	}
	// Over the budget: nothing kept.
	big := save(t, dir, "big.bin", 5, &pieces{list: [][]byte{[]byte("1234"), []byte("5678")}})
	if big.State != Failed || big.Code != toolerr.CodeBudgetExceeded || big.Bytes != 0 {
		t.Errorf("over the budget: %+v", big)
	}
	// Broken off: nothing kept.
	broken := save(t, dir, "broken.bin", 100, &pieces{list: [][]byte{[]byte("12")}, err: errors.New("reset")})
	if broken.State != Failed || broken.Code != toolerr.CodeNavigationFailed {
		t.Errorf("broken off: %+v", broken)
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 2 {
		t.Errorf("the folder holds %d files, want the two complete ones", len(entries))
	}
	// A folder that vanished.
	gone := save(t, filepath.Join(dir, "gone"), "a.csv", 100, &pieces{list: [][]byte{[]byte("x")}})
	if gone.State != Failed || gone.Code != toolerr.CodePermissionDenied || !strings.Contains(gone.Message, "download_dir") {
		t.Errorf("a vanished folder: %+v", gone)
	}
}

func TestText(t *testing.T) {
	dir := t.TempDir()
	csv := save(t, dir, "a.csv", 1000, &pieces{list: [][]byte{[]byte("date,amount\n2026-11-03,-45.20\n")}})
	if text, kind, err := Text(csv, dir, 1000); err != nil || kind != "text" || text != "date,amount\n2026-11-03,-45.20\n" {
		t.Errorf("a CSV: %q %q %v", text, kind, err)
	}
	if text, _, _ := Text(csv, dir, 4); text != "date… (26 characters omitted)" {
		t.Errorf("a CSV cut at 4: %q", text)
	}
	pdfBytes, err := os.ReadFile("testdata/statement.pdf")
	if err != nil {
		t.Fatal(err)
	}
	pdf := save(t, dir, "s.pdf", 1<<20, &pieces{list: [][]byte{pdfBytes}})
	if text, kind, err := Text(pdf, dir, 10000); err != nil || kind != "pdf" || !strings.Contains(text, "Titular: José Gonçalves") || !strings.Contains(text, "Saldo final: 4.812,77 EUR") {
		t.Errorf("a PDF: %q %q %v", text, kind, err)
	}
	bin := save(t, dir, "a.bin", 1000, &pieces{list: [][]byte{{0x50, 0x4b, 0, 1, 2}}})
	damaged := save(t, dir, "bad.pdf", 1000, &pieces{list: [][]byte{[]byte("%PDF-1.7\nnot really")}})
	outside := csv
	outside.path = filepath.Join(t.TempDir(), "a.csv")
	vanished := save(t, dir, "v.csv", 1000, &pieces{list: [][]byte{[]byte("x")}})
	os.Remove(vanished.path)
	for name, c := range map[string]struct {
		d    Download
		dir  string
		code toolerr.Code
		msg  string
	}{
		"binary":     {bin, dir, toolerr.CodeInvalidArgument, "binary"},
		"damaged":    {damaged, dir, toolerr.CodeInvalidArgument, "PDF"},
		"unfinished": {Download{ID: "dl-9", State: InProgress}, dir, toolerr.CodeInvalidArgument, "not finished"},
		"refused":    {Download{ID: "dl-9", State: Refused}, dir, toolerr.CodeInvalidArgument, "refused"},
		"outside":    {outside, dir, toolerr.CodePermissionDenied, "download folder"},
		"no folder":  {csv, "", toolerr.CodePermissionDenied, "download folder"},
		"vanished":   {vanished, dir, toolerr.CodeInvalidArgument, "no longer"},
	} {
		_, _, err := Text(c.d, c.dir, 100)
		var te *toolerr.Error
		if !errors.As(err, &te) || te.Code != c.code || !strings.Contains(te.Msg, c.msg) {
			t.Errorf("%s: %v", name, err)
		}
	}
}

func TestListWaits(t *testing.T) {
	l := NewList()
	d := &Download{State: InProgress}
	id := l.Add(d)
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	if got, err := l.Wait(ctx, id); err == nil || got.State != InProgress {
		t.Errorf("a wait that ran out: %+v %v", got, err)
	}
	go func() { Fail(l, d, toolerr.CodeTimeout, "x") }()
	if got, err := l.Wait(context.Background(), id); err != nil || got.State != Failed || got.Ended.IsZero() {
		t.Errorf("a wait for the end: %+v %v", got, err)
	}
	go l.Add(&Download{State: Refused})
	l.WaitBegun(context.Background(), 1)
	if n := len(l.All()); n != 2 || l.Started() != 1 {
		t.Errorf("%d downloads, %d started", n, l.Started())
	}
	if got := l.Unreported(); len(got) != 2 || l.HasUnreported() || len(l.Unreported()) != 0 {
		t.Errorf("unreported: %v", got)
	}
}
