package protocol

import (
	"bytes"
	"encoding/binary"
	"errors"
	"io"
	"strings"
	"testing"
)

func frame(body string) []byte {
	b := make([]byte, 4+len(body))
	binary.LittleEndian.PutUint32(b, uint32(len(body)))
	copy(b[4:], body)
	return b
}

func withPrefix(n uint32, body string) []byte {
	b := make([]byte, 4, 4+len(body))
	binary.LittleEndian.PutUint32(b, n)
	return append(b, body...)
}

func TestReadFrame(t *testing.T) {
	tests := []struct {
		name    string
		input   []byte
		max     int
		want    string
		wantErr error
	}{
		{"whole frame", frame(`{"type":"event","event":"hello"}`), 100, `{"type":"event","event":"hello"}`, nil},
		{"clean end", nil, 100, "", io.EOF},
		{"short prefix", []byte{3, 0}, 100, "", ErrShortPrefix},
		{"length longer than body", withPrefix(10, `{"a":1}`), 100, "", ErrShortFrame},
		{"prefix only", withPrefix(5, ""), 100, "", ErrShortFrame},
		{"zero length", withPrefix(0, ""), 100, "", ErrEmptyFrame},
		{"oversize refused before reading", withPrefix(101, ""), 100, "", ErrTooLarge},
		{"huge prefix", withPrefix(0xffffffff, ""), MaxFromExtension, "", ErrTooLarge},
		{"exactly the limit", frame(strings.Repeat("x", 100)), 100, strings.Repeat("x", 100), nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := NewFrameReader(bytes.NewReader(tt.input), tt.max).ReadFrame()
			if !errors.Is(err, tt.wantErr) {
				t.Fatalf("err = %v, want %v", err, tt.wantErr)
			}
			if string(got) != tt.want {
				t.Fatalf("body = %q, want %q", got, tt.want)
			}
		})
	}
}

func TestWriteFrameLimits(t *testing.T) {
	var buf bytes.Buffer
	fw := NewFrameWriter(&buf, 8)
	if err := fw.WriteFrame([]byte("123456789")); !errors.Is(err, ErrTooLarge) {
		t.Fatalf("oversize: err = %v, want ErrTooLarge", err)
	}
	if err := fw.WriteFrame(nil); !errors.Is(err, ErrEmptyFrame) {
		t.Fatalf("empty: err = %v, want ErrEmptyFrame", err)
	}
	if buf.Len() != 0 {
		t.Fatalf("refused frames wrote %d bytes", buf.Len())
	}
	if err := fw.WriteFrame([]byte("12345678")); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(buf.Bytes(), frame("12345678")) {
		t.Fatalf("wrote %v", buf.Bytes())
	}
}

func TestDecode(t *testing.T) {
	tests := []struct {
		name, body string
		wantErr    bool
	}{
		{"request", `{"type":"request","id":1,"method":"tab.open","params":{}}`, false},
		{"response result", `{"type":"response","id":1,"result":{}}`, false},
		{"response error", `{"type":"response","id":1,"error":{"code":"tab_gone","message":"x"}}`, false},
		{"event", `{"type":"event","event":"hello","params":{}}`, false},
		{"chunk", `{"type":"chunk","chunk_id":"e-1","index":0,"count":1,"data":"e30="}`, false},
		{"invalid JSON", `{"type":`, true},
		{"not an object", `[1,2]`, true},
		{"string", `"hello"`, true},
		{"unknown type", `{"type":"gossip"}`, true},
		{"missing type", `{"id":1}`, true},
		{"request without method", `{"type":"request","id":1}`, true},
		{"request without id", `{"type":"request","method":"x"}`, true},
		{"response with both", `{"type":"response","id":1,"result":{},"error":{"code":"x","message":"y"}}`, true},
		{"response with neither", `{"type":"response","id":1}`, true},
		{"event without name", `{"type":"event"}`, true},
		{"chunk index past count", `{"type":"chunk","chunk_id":"a","index":2,"count":2,"data":""}`, true},
		{"chunk without index", `{"type":"chunk","chunk_id":"a","count":2,"data":""}`, true},
		{"chunk bad base64", `{"type":"chunk","chunk_id":"a","index":0,"count":1,"data":"!!"}`, true},
		{"wrong field type", `{"type":"request","id":"one","method":"x"}`, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Decode([]byte(tt.body))
			if (err != nil) != tt.wantErr {
				t.Fatalf("err = %v, wantErr %v", err, tt.wantErr)
			}
			if err != nil && !errors.Is(err, ErrInvalidMessage) {
				t.Fatalf("err = %v does not wrap ErrInvalidMessage", err)
			}
		})
	}
}
