package protocol

import (
	"errors"
	"fmt"
	"io"
	"strconv"
	"sync"
)

// Conn reads and writes protocol messages over native-messaging frames,
// chunking outgoing messages larger than the write limit and reassembling
// incoming chunks.
//
// One goroutine calls Read; any number may call Write, which serializes
// them.
type Conn struct {
	fr        *FrameReader
	assembler Assembler

	mu        sync.Mutex
	fw        *FrameWriter
	writeMax  int
	maxMsg    int
	chunkSize int
	chunkSeq  uint64
	prefix    string
}

// ConnOptions sets a Conn's limits. Zero values select the host's side:
// read MaxFromExtension, write MaxToExtension, chunks of HostChunkBytes.
type ConnOptions struct {
	ReadMax   int
	WriteMax  int
	ChunkSize int
	// MaxMessage bounds a message written as chunks (MaxAssembled by
	// default, what the other side accepts).
	MaxMessage int
	// ChunkPrefix starts every chunk_id this side sends ("h-" by default).
	ChunkPrefix string
}

// NewConn returns a Conn over r and w.
func NewConn(r io.Reader, w io.Writer, opts *ConnOptions) *Conn {
	o := ConnOptions{}
	if opts != nil {
		o = *opts
	}
	if o.ReadMax == 0 {
		o.ReadMax = MaxFromExtension
	}
	if o.WriteMax == 0 {
		o.WriteMax = MaxToExtension
	}
	if o.ChunkSize == 0 {
		o.ChunkSize = HostChunkBytes
	}
	if o.MaxMessage == 0 {
		o.MaxMessage = MaxAssembled
	}
	if o.ChunkPrefix == "" {
		o.ChunkPrefix = "h-"
	}
	return &Conn{
		fr:        NewFrameReader(r, o.ReadMax),
		fw:        NewFrameWriter(w, o.WriteMax),
		writeMax:  o.WriteMax,
		maxMsg:    o.MaxMessage,
		chunkSize: o.ChunkSize,
		prefix:    o.ChunkPrefix,
	}
}

// Read returns the next whole message. Chunks are reassembled and never
// returned. A frame that is not a valid message yields an error wrapping
// ErrInvalidMessage or ErrChunk; the stream stays usable after those. Any
// other error (EOF, a broken frame) ends the stream.
func (c *Conn) Read() (*Message, error) {
	for {
		body, err := c.fr.ReadFrame()
		if err != nil {
			return nil, err
		}
		m, err := Decode(body)
		if err != nil {
			return nil, err
		}
		if m.Chunk == nil {
			return m, nil
		}
		whole, err := c.assembler.Add(m.Chunk)
		if err != nil {
			return nil, err
		}
		if whole == nil {
			continue
		}
		m, err = Decode(whole)
		if err != nil {
			return nil, err
		}
		if m.Chunk != nil {
			return nil, fmt.Errorf("%w: a chunk inside a chunked message", ErrInvalidMessage)
		}
		return m, nil
	}
}

// Recoverable reports whether a Read error concerned one message only, so
// the stream can still be read.
func Recoverable(err error) bool {
	return errors.Is(err, ErrInvalidMessage) || errors.Is(err, ErrChunk)
}

// Write sends one message, as chunks when it is larger than the write limit.
func (c *Conn) Write(m *Message) error {
	body, err := Encode(m)
	if err != nil {
		return fmt.Errorf("encode %s: %w", m.Type, err)
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if len(body) <= c.writeMax {
		return c.fw.WriteFrame(body)
	}
	if len(body) > c.maxMsg {
		return fmt.Errorf("%w: message of %d bytes exceeds %d even when chunked", ErrTooLarge, len(body), c.maxMsg)
	}
	c.chunkSeq++
	id := c.prefix + strconv.FormatUint(c.chunkSeq, 10)
	for _, ch := range Split(id, body, c.chunkSize) {
		frame, err := Encode(&Message{Type: TypeChunk, Chunk: ch})
		if err != nil {
			return err
		}
		if err := c.fw.WriteFrame(frame); err != nil {
			return fmt.Errorf("chunk %d/%d of %s: %w", ch.Index+1, ch.Count, id, err)
		}
	}
	return nil
}
