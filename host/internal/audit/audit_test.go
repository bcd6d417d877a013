package audit

import (
	"bytes"
	"os"
	"strings"
	"testing"
	"time"
)

const key = "0123456789abcdef0123456789abcdef"

func record(n int) Record {
	return Record{
		OperationID: strings.Repeat("a", 31) + string(rune('0'+n%10)), Session: key, Client: "client", Profile: "launch",
		Tool: "act", Args: map[string]any{"snapshot_id": "s1", "steps": []any{map[string]any{"action": "type", "mark": int64(3), "text": Withheld}}},
		OK: n%3 != 0, Outcome: "ok", Start: time.Date(2026, 1, 2, 3, 4, 5, n*1000, time.UTC), Took: time.Duration(n) * time.Millisecond,
		Origin: "http://127.0.0.1:8080", Snapshots: []string{"s1"},
	}
}

func appendN(t *testing.T, l *Log, from, to int) {
	t.Helper()
	for i := from; i < to; i++ {
		if err := l.Append(record(i)); err != nil {
			t.Fatal(err)
		}
	}
}

func TestAppendAndRead(t *testing.T) {
	dir := t.TempDir()
	l, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	appendN(t, l, 0, 5)
	s, err := Read(SessionFile(dir, key))
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Records) != 5 || s.Torn || s.Damage != nil {
		t.Fatalf("read %d records, torn=%v damage=%v", len(s.Records), s.Torn, s.Damage)
	}
	got := s.Records[3]
	want := record(3)
	if got.OperationID != want.OperationID || !got.Start.Equal(want.Start) || got.Took != want.Took || got.OK != want.OK {
		t.Fatalf("record 3 = %+v", got)
	}
	step := got.Args["steps"].([]any)[0].(map[string]any)
	if step["text"] != Withheld || step["mark"] != uint64(3) {
		t.Fatalf("args = %#v", got.Args)
	}
	info, _ := os.Stat(SessionFile(dir, key))
	if info.Mode().Perm() != 0o600 {
		t.Fatalf("session file mode %v", info.Mode().Perm())
	}
	if err := l.Append(Record{Session: "../../etc"}); err == nil {
		t.Fatal("a bad session key was accepted")
	}
}

// TestTornRecord cuts the last record at every byte: the reader keeps the
// whole records before it and says the last was torn; the next append cuts
// the torn bytes off, so every record after them is read too.
func TestTornRecord(t *testing.T) {
	dir := t.TempDir()
	l, _ := Open(dir)
	appendN(t, l, 0, 3)
	path := SessionFile(dir, key)
	whole, _ := os.ReadFile(path)
	appendN(t, l, 3, 4)
	full, _ := os.ReadFile(path)
	for cut := len(whole) + 1; cut < len(full); cut++ {
		if err := os.WriteFile(path, full[:cut], 0o600); err != nil {
			t.Fatal(err)
		}
		s, err := Read(path)
		if err != nil {
			t.Fatal(err)
		}
		if len(s.Records) != 3 || !s.Torn || s.Damage != nil {
			t.Fatalf("cut at %d of %d: %d records, torn=%v, damage=%v", cut, len(full), len(s.Records), s.Torn, s.Damage)
		}
		// A new process appends to the same session.
		l2, _ := Open(dir)
		appendN(t, l2, 4, 6)
		s, _ = Read(path)
		if len(s.Records) != 5 || s.Torn || s.Records[3].OperationID != record(4).OperationID {
			t.Fatalf("after a torn record, appended: %d records, torn=%v", len(s.Records), s.Torn)
		}
	}
}

func TestDamageIsReportedWithTheRecordsBefore(t *testing.T) {
	dir := t.TempDir()
	l, _ := Open(dir)
	appendN(t, l, 0, 2)
	path := SessionFile(dir, key)
	f, _ := os.OpenFile(path, os.O_APPEND|os.O_WRONLY, 0)
	if _, err := f.Write([]byte{0x00, 0x00, 0x00}); err != nil { // zeros, as a filesystem may leave after a power cut
		t.Fatal(err)
	}
	f.Close()
	s, err := Read(path)
	if err != nil || len(s.Records) != 2 || s.Damage == nil {
		t.Fatalf("records %d, damage %v, err %v", len(s.Records), s.Damage, err)
	}
}

func TestListFindAndArtifacts(t *testing.T) {
	dir := t.TempDir()
	l, _ := Open(dir)
	id, err := l.Artifacts().Put([]byte("\x89PNG\r\n\x1a\nimage"))
	if err != nil {
		t.Fatal(err)
	}
	again, _ := l.Artifacts().Put([]byte("\x89PNG\r\n\x1a\nimage"))
	if again != id || len(id) != 64 {
		t.Fatalf("ids %s, %s", id, again)
	}
	if data, err := ArtifactsOf(dir).Get(id); err != nil || !bytes.HasSuffix(data, []byte("image")) {
		t.Fatalf("get: %q %v", data, err)
	}
	if _, err := l.Artifacts().Get("../x"); err == nil {
		t.Fatal("a bad artifact id was read")
	}
	appendN(t, l, 0, 3)
	other := record(1)
	other.Session = "fedcba9876543210"
	other.Start = other.Start.Add(-time.Hour)
	if err := l.Append(other); err != nil {
		t.Fatal(err)
	}
	list, err := List(dir)
	if err != nil || len(list) != 2 {
		t.Fatalf("list %v %v", list, err)
	}
	if list[0].Key != other.Session || list[1].Calls != 3 || list[1].Errors != 1 || list[1].Client != "client" {
		t.Fatalf("list = %+v", list)
	}
	if p, err := Find(dir, "0123"); err != nil || p != SessionFile(dir, key) {
		t.Fatalf("find by prefix: %s %v", p, err)
	}
	if _, err := Find(dir, "9"); err == nil {
		t.Fatal("found a session that does not exist")
	}
	if _, err := Find(dir, "../sessions/0123456789abcdef0123456789abcdef"); err == nil {
		t.Fatal("find followed a path")
	}
}

func TestPrune(t *testing.T) {
	dir := t.TempDir()
	l, _ := Open(dir)
	now := time.Now()
	put := func(session string, age time.Duration, image string) {
		id, _ := l.Artifacts().Put([]byte(image))
		r := record(1)
		r.Session, r.Artifacts = session, []string{id}
		if err := l.Append(r); err != nil {
			t.Fatal(err)
		}
		if err := os.Chtimes(SessionFile(dir, session), now.Add(-age), now.Add(-age)); err != nil {
			t.Fatal(err)
		}
		if err := os.Chtimes(ArtifactsOf(dir).dir+"/"+id, now.Add(-age), now.Add(-age)); err != nil {
			t.Fatal(err)
		}
	}
	put("aaaaaaaaaaaaaaaa", 100*24*time.Hour, strings.Repeat("old", 1000))
	put("bbbbbbbbbbbbbbbb", 10*24*time.Hour, strings.Repeat("mid", 1000))
	put("cccccccccccccccc", time.Hour, strings.Repeat("new", 1000))
	p, err := Prune(dir, Retention{MaxAge: 90 * 24 * time.Hour}, now)
	if err != nil || p.Sessions != 1 || p.Artifacts != 1 {
		t.Fatalf("by age: %+v %v", p, err)
	}
	p, err = Prune(dir, Retention{MaxBytes: 4000}, now)
	if err != nil || p.Sessions != 1 || p.Artifacts != 1 {
		t.Fatalf("by size: %+v %v", p, err)
	}
	list, _ := List(dir)
	if len(list) != 1 || list[0].Key != "cccccccccccccccc" {
		t.Fatalf("kept %+v", list)
	}
	entries, _ := os.ReadDir(ArtifactsOf(dir).dir)
	if len(entries) != 1 {
		t.Fatalf("%d artifacts kept", len(entries))
	}
}

func TestExport(t *testing.T) {
	dir := t.TempDir()
	l, _ := Open(dir)
	png := []byte("\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR")
	id, _ := l.Artifacts().Put(png)
	r := record(1)
	r.Artifacts = []string{id, strings.Repeat("0", 64)}
	r.Args["steps"].([]any)[0].(map[string]any)["note"] = "<script>alert(1)</script>"
	if err := l.Append(r); err != nil {
		t.Fatal(err)
	}
	dl := record(2)
	dl.Tool, dl.Outcome, dl.Args = "download", "complete", nil
	dl.Download = &Download{ID: "dl-1", SuggestedName: "<b>statement</b>.csv", SavedName: "statement.csv", Bytes: 79, SHA256: strings.Repeat("ab", 32), Mime: "text/csv"}
	if err := l.Append(dl); err != nil {
		t.Fatal(err)
	}
	s, _ := Read(SessionFile(dir, key))
	if len(s.Records) != 2 || s.Records[1].Download == nil || *s.Records[1].Download != *dl.Download {
		t.Fatalf("the download's record read back as %+v", s.Records)
	}
	var out bytes.Buffer
	if err := Export(&out, s, l.Artifacts()); err != nil {
		t.Fatal(err)
	}
	html := out.String()
	for _, want := range []string{"data:image/png;base64,", "no longer kept", "[withheld]", "&lt;script&gt;", "default-src 'none'",
		"download dl-1", "“&lt;b&gt;statement&lt;/b&gt;.csv”", "saved as “statement.csv”", "79 bytes", "SHA-256 " + strings.Repeat("ab", 32)} {
		if !strings.Contains(html, want) {
			t.Errorf("the report lacks %q", want)
		}
	}
	if strings.Contains(html, "<script>") || strings.Contains(html, "http://") && !strings.Contains(html, "origin http://127.0.0.1:8080") {
		t.Errorf("the report has a script or a link out")
	}
}

// BenchmarkAppend measures one record: encoded, appended and synced.
func BenchmarkAppend(b *testing.B) {
	l, _ := Open(b.TempDir())
	r := record(1)
	for b.Loop() {
		if err := l.Append(r); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkPutImage measures keeping a 200 KB image (an observation's).
func BenchmarkPutImage(b *testing.B) {
	l, _ := Open(b.TempDir())
	img := make([]byte, 200<<10)
	for i := 0; b.Loop(); i++ {
		img[0], img[1] = byte(i), byte(i>>8)
		if _, err := l.Artifacts().Put(img); err != nil {
			b.Fatal(err)
		}
	}
}
