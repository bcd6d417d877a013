package protocol

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"strings"
	"testing"
)

// bigEvent returns an event whose JSON is larger than n bytes and holds
// multi-byte characters that chunk cuts will split.
func bigEvent(t *testing.T, n int) *Message {
	t.Helper()
	text := strings.Repeat("añ€😀", n/10+1)
	m, err := NewEvent("big", map[string]string{"text": text})
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func TestConnChunksLargeMessages(t *testing.T) {
	var wire bytes.Buffer
	w := NewConn(nil, &wire, &ConnOptions{WriteMax: 1000, ChunkSize: 333})
	msg := bigEvent(t, 5000)
	if err := w.Write(msg); err != nil {
		t.Fatal(err)
	}
	small, _ := NewEvent("small", nil)
	if err := w.Write(small); err != nil {
		t.Fatal(err)
	}
	// Every frame on the wire respects the limit.
	fr := NewFrameReader(bytes.NewReader(wire.Bytes()), 1000)
	frames := 0
	for {
		if _, err := fr.ReadFrame(); errors.Is(err, io.EOF) {
			break
		} else if err != nil {
			t.Fatalf("frame %d: %v", frames, err)
		}
		frames++
	}
	if frames < 3 {
		t.Fatalf("expected the large message in several frames, got %d frames", frames)
	}

	r := NewConn(bytes.NewReader(wire.Bytes()), io.Discard, &ConnOptions{ReadMax: 1000})
	got, err := r.Read()
	if err != nil {
		t.Fatal(err)
	}
	if got.Event != "big" || !bytes.Equal(got.Params, msg.Params) {
		t.Fatalf("reassembled message differs: event %q, %d bytes of params", got.Event, len(got.Params))
	}
	if got, err := r.Read(); err != nil || got.Event != "small" {
		t.Fatalf("next message: %v %v", got, err)
	}
	if _, err := r.Read(); !errors.Is(err, io.EOF) {
		t.Fatalf("want EOF, got %v", err)
	}
}

func TestConnInvalidMessageIsRecoverable(t *testing.T) {
	var wire bytes.Buffer
	fw := NewFrameWriter(&wire, 1000)
	for _, body := range []string{`not json`, `{"type":"mystery"}`, `{"type":"event","event":"ok"}`} {
		if err := fw.WriteFrame([]byte(body)); err != nil {
			t.Fatal(err)
		}
	}
	r := NewConn(&wire, io.Discard, nil)
	for i := 0; i < 2; i++ {
		if _, err := r.Read(); !Recoverable(err) {
			t.Fatalf("message %d: err = %v, want recoverable", i, err)
		}
	}
	if m, err := r.Read(); err != nil || m.Event != "ok" {
		t.Fatalf("after bad frames: %v, %v", m, err)
	}
}

func TestAssemblerRules(t *testing.T) {
	data := []byte(`{"type":"event","event":"x"}`)
	chunks := Split("c", data, 5)

	var a Assembler
	if _, err := a.Add(chunks[1]); !errors.Is(err, ErrChunk) {
		t.Fatalf("first chunk not index 0: err = %v", err)
	}
	if _, err := a.Add(chunks[0]); err != nil {
		t.Fatal(err)
	}
	if _, err := a.Add(chunks[2]); !errors.Is(err, ErrChunk) {
		t.Fatalf("skipped index: err = %v", err)
	}
	if a.Pending() != 0 {
		t.Fatalf("a broken sequence stays pending")
	}

	changed := *chunks[1]
	changed.Count++
	if _, err := a.Add(chunks[0]); err != nil {
		t.Fatal(err)
	}
	if _, err := a.Add(&changed); !errors.Is(err, ErrChunk) {
		t.Fatalf("changed count: err = %v", err)
	}

	for i := 0; i < MaxInFlight; i++ {
		c := *chunks[0]
		c.ID = string(rune('a' + i))
		if _, err := a.Add(&c); err != nil {
			t.Fatal(err)
		}
	}
	extra := *chunks[0]
	extra.ID = "one-too-many"
	if _, err := a.Add(&extra); !errors.Is(err, ErrChunk) {
		t.Fatalf("too many in flight: err = %v", err)
	}
}

func TestWriteRefusesBeyondAssemblyLimit(t *testing.T) {
	var wire bytes.Buffer
	c := NewConn(nil, &wire, &ConnOptions{WriteMax: 100, MaxMessage: 1000})
	huge := &Message{Type: TypeEvent, Event: "x", Params: json.RawMessage(`"` + strings.Repeat("a", 1000) + `"`)}
	if err := c.Write(huge); !errors.Is(err, ErrTooLarge) {
		t.Fatalf("err = %v, want ErrTooLarge", err)
	}
	if wire.Len() != 0 {
		t.Fatalf("refused message wrote %d bytes", wire.Len())
	}
}
