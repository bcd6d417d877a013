package protocol

import (
	"errors"
	"fmt"
)

// Chunk is one piece of a message too large for a single frame. Data holds
// raw bytes of the message's JSON; on the wire it is base64.
type Chunk struct {
	ID    string
	Index int
	Count int
	Data  []byte
}

// Chunking limits.
const (
	// HostChunkBytes is how many raw bytes the host puts in one chunk: its
	// base64 plus the envelope stays well under MaxToExtension.
	HostChunkBytes = 512 << 10
	// MaxAssembled bounds one reassembled message.
	MaxAssembled = 256 << 20
	// MaxInFlight bounds the chunked messages being reassembled at once.
	MaxInFlight = 4
)

// ErrChunk reports a chunk that breaks the sequence rules.
var ErrChunk = errors.New("chunk")

// Split cuts data into chunks of at most size bytes, all with the given id.
func Split(id string, data []byte, size int) []*Chunk {
	count := (len(data) + size - 1) / size
	chunks := make([]*Chunk, 0, count)
	for i := 0; i < count; i++ {
		end := min((i+1)*size, len(data))
		chunks = append(chunks, &Chunk{ID: id, Index: i, Count: count, Data: data[i*size : end]})
	}
	return chunks
}

// Assembler rebuilds chunked messages. It is not safe for concurrent use.
type Assembler struct {
	pending map[string]*partial
}

type partial struct {
	count, next int
	buf         []byte
}

// Add takes one chunk. It returns the whole message body once the last chunk
// of its id arrives, nil before that. A chunk that breaks the rules drops its
// message and returns an error wrapping ErrChunk.
func (a *Assembler) Add(c *Chunk) ([]byte, error) {
	if a.pending == nil {
		a.pending = make(map[string]*partial)
	}
	if c.Count < 1 || c.Index < 0 || c.Index >= c.Count {
		// Decode refuses these too; the assembler does not rely on it.
		return nil, fmt.Errorf("%w %s: index %d of %d is out of range", ErrChunk, c.ID, c.Index, c.Count)
	}
	p, ok := a.pending[c.ID]
	if !ok {
		if c.Index != 0 {
			return nil, fmt.Errorf("%w %s: starts at index %d, not 0", ErrChunk, c.ID, c.Index)
		}
		if len(a.pending) >= MaxInFlight {
			return nil, fmt.Errorf("%w %s: more than %d chunked messages in flight", ErrChunk, c.ID, MaxInFlight)
		}
		p = &partial{count: c.Count}
		a.pending[c.ID] = p
	}
	fail := func(format string, args ...any) ([]byte, error) {
		delete(a.pending, c.ID)
		return nil, fmt.Errorf("%w %s: "+format, append([]any{ErrChunk, c.ID}, args...)...)
	}
	switch {
	case c.Count != p.count:
		return fail("count changed from %d to %d", p.count, c.Count)
	case c.Index != p.next:
		return fail("index %d arrived, expected %d", c.Index, p.next)
	case len(p.buf)+len(c.Data) > MaxAssembled:
		return fail("larger than %d bytes", MaxAssembled)
	}
	p.buf = append(p.buf, c.Data...)
	p.next++
	if p.next < p.count {
		return nil, nil
	}
	delete(a.pending, c.ID)
	return p.buf, nil
}

// Pending reports how many chunked messages are incomplete.
func (a *Assembler) Pending() int { return len(a.pending) }
