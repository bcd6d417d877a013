package audit

import (
	"bytes"
	"io"
	"testing"
)

// FuzzRead reads hostile and torn session files (what Read does with a
// file's bytes): the reader never panics,
// the records it keeps are the file's whole records before any damage
// (reading just those bytes gives them again, neither torn nor damaged),
// and a session it read can be summed up and exported.
func FuzzRead(f *testing.F) {
	var valid bytes.Buffer
	for i := 0; i < 3; i++ {
		data, err := encMode.Marshal(record(i))
		if err != nil {
			f.Fatal(err)
		}
		valid.Write(data)
	}
	f.Add(valid.Bytes())
	f.Add(valid.Bytes()[:valid.Len()-7])                       // torn
	f.Add(append(valid.Bytes()[:40:40], 0xff, 0x00, 0x13))     // damage mid-file
	f.Add([]byte{0x9f, 0x9f, 0x9f, 0x9f, 0x9f, 0x9f, 0x9f})    // nested indefinite arrays
	f.Add([]byte{0xbb, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff})    // a map claiming 2^64 pairs
	f.Add([]byte{0x5b, 0x00, 0x00, 0x00, 0x10, 0x00, 0x00, 1}) // a huge byte string
	artifacts := ArtifactsOf(f.TempDir())
	f.Fuzz(func(t *testing.T, data []byte) {
		s := SessionLog{Key: key}
		good, n, torn, damage := scan(bytes.NewReader(data), func(r Record) { s.Records = append(s.Records, r) })
		s.Torn, s.Damage = torn, damage
		if n != len(s.Records) || good > int64(len(data)) {
			t.Fatalf("scan counted %d records in %d bytes, kept %d", n, good, len(s.Records))
		}
		again, n2, torn2, damage2 := scan(bytes.NewReader(data[:good]), nil)
		if again != good || n2 != n || torn2 || damage2 != nil {
			t.Fatalf("the whole records' bytes read back as %d bytes, %d records, torn=%v, damage=%v (want %d, %d)", again, n2, torn2, damage2, good, n)
		}
		Summarize(s)
		if err := Export(io.Discard, s, artifacts); err != nil {
			t.Fatalf("export: %v", err)
		}
	})
}
