package protocol

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io"
)

// Frame size limits of Chrome native messaging, in bytes of JSON.
const (
	// MaxToExtension is the largest frame Chromium accepts from the host;
	// one byte more and it closes the pipe.
	MaxToExtension = 1 << 20
	// MaxFromExtension is the largest frame the extension can post.
	MaxFromExtension = 64 << 20
)

// Framing errors. Use errors.Is to test for them.
var (
	ErrShortPrefix = errors.New("native messaging: stream ended inside a length prefix")
	ErrShortFrame  = errors.New("native messaging: stream ended inside a frame")
	ErrEmptyFrame  = errors.New("native messaging: frame of zero length")
	ErrTooLarge    = errors.New("native messaging: frame larger than the limit")
)

// FrameReader reads length-prefixed frames from an io.Reader. It is not safe
// for concurrent use; one goroutine reads.
type FrameReader struct {
	r   io.Reader
	max int
}

// NewFrameReader returns a reader that rejects frames larger than max bytes
// before allocating them.
func NewFrameReader(r io.Reader, limit int) *FrameReader {
	return &FrameReader{r: r, max: limit}
}

// ReadFrame returns the next frame's body. It returns io.EOF when the stream
// ends cleanly between frames.
func (fr *FrameReader) ReadFrame() ([]byte, error) {
	var prefix [4]byte
	if _, err := io.ReadFull(fr.r, prefix[:]); err != nil {
		if errors.Is(err, io.ErrUnexpectedEOF) {
			return nil, ErrShortPrefix
		}
		return nil, err
	}
	n := binary.LittleEndian.Uint32(prefix[:])
	switch {
	case n == 0:
		return nil, ErrEmptyFrame
	case uint64(n) > uint64(fr.max):
		return nil, fmt.Errorf("%w: %d bytes, limit %d", ErrTooLarge, n, fr.max)
	}
	body := make([]byte, n)
	if _, err := io.ReadFull(fr.r, body); err != nil {
		if errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF) {
			return nil, fmt.Errorf("%w: wanted %d bytes", ErrShortFrame, n)
		}
		return nil, err
	}
	return body, nil
}

// FrameWriter writes length-prefixed frames to an io.Writer. It is not safe
// for concurrent use; callers serialize writes.
type FrameWriter struct {
	w   io.Writer
	max int
}

// NewFrameWriter returns a writer that refuses frames larger than max bytes
// before writing anything.
func NewFrameWriter(w io.Writer, limit int) *FrameWriter {
	return &FrameWriter{w: w, max: limit}
}

// WriteFrame writes body as one frame, prefix and body in a single Write.
func (fw *FrameWriter) WriteFrame(body []byte) error {
	if len(body) == 0 {
		return ErrEmptyFrame
	}
	if len(body) > fw.max {
		return fmt.Errorf("%w: %d bytes, limit %d", ErrTooLarge, len(body), fw.max)
	}
	buf := make([]byte, 4+len(body))
	binary.LittleEndian.PutUint32(buf, uint32(len(body)))
	copy(buf[4:], body)
	_, err := fw.w.Write(buf)
	return err
}
