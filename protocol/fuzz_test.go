package protocol

import (
	"bytes"
	"io"
	"testing"
)

// FuzzConnRead feeds arbitrary bytes to the frame reader and message
// decoder: they must never panic, never allocate past the limit, and every
// message they return must be valid.
func FuzzConnRead(f *testing.F) {
	f.Add(frame(`{"type":"event","event":"hello","params":{}}`))
	f.Add(frame(`{"type":"response","id":3,"result":{"tabs":[]}}`))
	f.Add(append(frame(`{"type":"chunk","chunk_id":"e-1","index":0,"count":2,"data":"eyJ0eXBl"}`),
		frame(`{"type":"chunk","chunk_id":"e-1","index":1,"count":2,"data":"IjoiZXZlbnQiLCJldmVudCI6IngifQ=="}`)...))
	f.Add([]byte{0xff, 0xff, 0xff, 0x7f})
	f.Add([]byte{1, 0})
	f.Fuzz(func(t *testing.T, data []byte) {
		c := NewConn(bytes.NewReader(data), io.Discard, &ConnOptions{ReadMax: 1 << 16})
		for i := 0; i < 64; i++ {
			m, err := c.Read()
			if err != nil {
				if Recoverable(err) {
					continue
				}
				return
			}
			if m.Chunk != nil || m.Type == "" {
				t.Fatalf("Read returned an invalid message: %+v", m)
			}
			if _, err := Encode(m); err != nil {
				t.Fatalf("re-encode: %v", err)
			}
		}
	})
}
