package tools

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"math/big"
	"slices"
	"strconv"
	"sync"
	"sync/atomic"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Transport is the MCP transport of a session on a stream of
// newline-delimited JSON-RPC messages (`diwall mcp`'s stdio, a session on
// the host's socket): go-sdk's IOTransport, behind a guard on what it
// reads. go-sdk ends the session at the first line it cannot take (a line
// that is not JSON, JSON that is no message, a batch its protocol version
// forbids); the guard answers such a line itself, as JSON-RPC says (a
// parse error, or an invalid request, with the request's id when it has
// one), logs it and drops it, and the session goes on. It also refuses a
// numeric request id go-sdk would answer under another number (a fraction,
// or beyond ±2^53).
func Transport(in io.ReadCloser, out io.WriteCloser, log *slog.Logger) mcp.Transport {
	return guarded(in, out, log, mcp.DefaultMaxLineLength)
}

// guarded is Transport with lines of at most limit bytes.
func guarded(in io.ReadCloser, out io.WriteCloser, log *slog.Logger, limit int) mcp.Transport {
	return newStream(in, out, log, limit)
}

// Stream is Transport's transport, which can also write a message of its
// caller's between go-sdk's (`diwall mcp` writes a tool result it relays
// as the host wrote it).
type Stream struct {
	mcp.Transport
	w *lockedWriter
	g *lineGuard
}

// NewStream is Transport as a Stream.
func NewStream(in io.ReadCloser, out io.WriteCloser, log *slog.Logger) *Stream {
	return newStream(in, out, log, mcp.DefaultMaxLineLength)
}

func newStream(in io.ReadCloser, out io.WriteCloser, log *slog.Logger, limit int) *Stream {
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	w := &lockedWriter{w: out}
	g := &lineGuard{in: in, r: bufio.NewReaderSize(in, 64<<10), w: w, log: log, limit: limit}
	// The guard bounds a line itself.
	return &Stream{Transport: &mcp.IOTransport{Reader: g, Writer: w, MaxLineLength: -1}, w: w, g: g}
}

// WriteLine writes one whole message, which ends in its newline.
func (s *Stream) WriteLine(line []byte) error {
	_, err := s.w.Write(line)
	return err
}

// Batched says the peer has sent a batch: go-sdk answers the requests of
// a batch together, so their responses must be written by go-sdk.
func (s *Stream) Batched() bool { return s.g.batched.Load() }

// lockedWriter writes each message whole: go-sdk's and the guard's answers
// share the stream.
type lockedWriter struct {
	mu sync.Mutex
	w  io.WriteCloser
}

func (l *lockedWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(p)
}

func (l *lockedWriter) Close() error { return l.w.Close() }

// lineGuard passes on the lines go-sdk can take, one message (or batch)
// each, and answers the others.
type lineGuard struct {
	in    io.Closer
	r     *bufio.Reader
	w     io.Writer
	log   *slog.Logger
	limit int

	pending []byte // what is left of the line being passed on
	err     error  // the read error to return once pending is passed on
	// version is the protocol version the client asked for in initialize:
	// go-sdk takes batches only below 2025-06-18.
	version string
	// batched: a batch was passed on.
	batched atomic.Bool
}

func (g *lineGuard) Read(p []byte) (int, error) {
	for len(g.pending) == 0 {
		if g.err != nil {
			return 0, g.err
		}
		g.pending, g.err = g.next()
	}
	n := copy(p, g.pending)
	g.pending = g.pending[n:]
	return n, nil
}

func (g *lineGuard) Close() error { return g.in.Close() }

// next returns the next line go-sdk can take, with its newline, or nil
// with the read error that ended the stream.
func (g *lineGuard) next() ([]byte, error) {
	line, err := g.readLine()
	if errors.Is(err, errLineTooLong) {
		g.answer(nil, jsonrpc.CodeInvalidRequest, fmt.Sprintf("a message longer than %d bytes", g.limit))
		return nil, nil
	}
	line = bytes.TrimSpace(line)
	if len(line) == 0 {
		return nil, err
	}
	if id, code, why := g.check(line); code != 0 {
		g.answer(id, code, why)
		return nil, err
	}
	return append(line, '\n'), err
}

var errLineTooLong = errors.New("line too long")

// readLine reads up to the next newline; a line over the limit is read to
// its end and dropped (errLineTooLong).
func (g *lineGuard) readLine() ([]byte, error) {
	var line []byte
	tooLong := false
	for {
		chunk, err := g.r.ReadSlice('\n')
		if !tooLong && len(line)+len(chunk) > g.limit {
			tooLong, line = true, nil
		}
		if !tooLong {
			line = append(line, chunk...)
		}
		if errors.Is(err, bufio.ErrBufferFull) {
			continue
		}
		if tooLong && err == nil {
			return nil, errLineTooLong
		}
		return line, err
	}
}

// check says whether go-sdk can take the line, and if not the answer: the
// id to answer (nil: null), a JSON-RPC error code and why.
func (g *lineGuard) check(line []byte) (id json.RawMessage, code int, why string) {
	if !json.Valid(line) {
		return nil, jsonrpc.CodeParseError, "Parse error: the line is not JSON"
	}
	if line[0] != '[' {
		return g.checkMessage(line)
	}
	var batch []json.RawMessage
	if err := json.Unmarshal(line, &batch); err != nil || len(batch) == 0 {
		return nil, jsonrpc.CodeInvalidRequest, "an empty batch"
	}
	if g.version != "" && (g.version >= "2025-06-18" || !slices.Contains(mcp.SupportedProtocolVersions(), g.version)) {
		return nil, jsonrpc.CodeInvalidRequest, "batches are not part of protocol version 2025-06-18 and later"
	}
	ids := map[string]bool{}
	for _, m := range batch {
		if _, code, why := g.checkMessage(m); code != 0 {
			return nil, code, "in a batch: " + why
		}
		if id := idOf(m); id != nil {
			if ids[string(id)] {
				return nil, jsonrpc.CodeInvalidRequest, "a batch with two requests of id " + string(id)
			}
			ids[string(id)] = true
		}
	}
	g.batched.Store(true)
	return nil, 0, ""
}

// exactID reports whether go-sdk answers the numeric id as it was written:
// it reads it as a float64, then an int64, so it must be an integer a
// float64 holds exactly (within ±2^53).
func exactID(id json.RawMessage) bool {
	if i := bytes.IndexAny(id, "eE"); i >= 0 {
		// An exponent beyond any that matters, before big.Rat computes it.
		if exp, err := strconv.Atoi(string(id[i+1:])); err != nil || exp > 30 || exp < -30 {
			return false
		}
	}
	r, ok := new(big.Rat).SetString(string(id))
	return ok && r.IsInt() && r.Num().CmpAbs(maxExactID) <= 0
}

var maxExactID = big.NewInt(1 << 53)

// checkMessage checks one JSON-RPC message as check does.
func (g *lineGuard) checkMessage(raw json.RawMessage) (json.RawMessage, int, string) {
	id := idOf(raw)
	msg, err := jsonrpc.DecodeMessage(raw)
	if err != nil {
		return id, jsonrpc.CodeInvalidRequest, "Invalid request: " + err.Error()
	}
	if len(id) > 0 && id[0] != '"' && !exactID(id) {
		return id, jsonrpc.CodeInvalidRequest, "Invalid request: a numeric id must be an integer within ±2^53"
	}
	if req, ok := msg.(*jsonrpc.Request); ok && req.Method == "initialize" {
		var p struct {
			ProtocolVersion string `json:"protocolVersion"`
		}
		if json.Unmarshal(req.Params, &p) == nil {
			g.version = p.ProtocolVersion
		}
	}
	return nil, 0, ""
}

// idOf is the id of a message as it was written, when it is a string or a
// number; nil otherwise.
func idOf(raw json.RawMessage) json.RawMessage {
	var m struct {
		ID json.RawMessage `json:"id"`
	}
	if json.Unmarshal(raw, &m) != nil || len(m.ID) == 0 {
		return nil
	}
	if c := m.ID[0]; c == '"' || c == '-' || (c >= '0' && c <= '9') {
		return m.ID
	}
	return nil
}

// answer writes the error response to a line that was dropped.
func (g *lineGuard) answer(id json.RawMessage, code int, why string) {
	if id == nil {
		id = json.RawMessage("null")
	}
	g.log.Warn("a line of the MCP stream was answered with an error and dropped", "code", code, "why", why)
	data, err := json.Marshal(struct {
		JSONRPC string          `json:"jsonrpc"`
		ID      json.RawMessage `json:"id"`
		Error   jsonrpc.Error   `json:"error"`
	}{"2.0", id, jsonrpc.Error{Code: int64(code), Message: why}})
	if err != nil {
		return
	}
	if _, err := g.w.Write(append(data, '\n')); err != nil {
		g.log.Debug("the error answer was not written", "err", err)
	}
}
