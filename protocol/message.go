package protocol

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
)

// Message types.
const (
	TypeRequest  = "request"
	TypeResponse = "response"
	TypeEvent    = "event"
	TypeChunk    = "chunk"
)

// Message is one protocol message. Exactly the fields of its Type are set.
type Message struct {
	Type string `json:"type"`

	// request and response
	ID int64 `json:"id,omitempty"`
	// request
	Method string          `json:"method,omitempty"`
	Params json.RawMessage `json:"params,omitempty"`
	// response
	Result json.RawMessage `json:"result,omitempty"`
	Error  *ResponseError  `json:"error,omitempty"`
	// event (its payload is in Params)
	Event string `json:"event,omitempty"`
	// chunk
	Chunk *Chunk `json:"-"`
}

// ResponseError is the error of a failed request, as the extension reports it.
type ResponseError struct {
	Code    string `json:"code"`
	Message string `json:"message"`
}

func (e *ResponseError) Error() string { return e.Code + ": " + e.Message }

// Extension response error codes (PROTOCOL.md).
const (
	ExtTabGone          = "tab_gone"
	ExtDebuggerDetached = "debugger_detached"
	ExtNotAllowed       = "not_allowed"
	ExtNotAgentTab      = "not_agent_tab"
	ExtInvalidArgument  = "invalid_argument"
	ExtCaptureFailed    = "capture_failed"
	ExtCDPError         = "cdp_error"
	ExtInternal         = "internal"
)

// ErrInvalidMessage reports a frame that is not a valid message.
var ErrInvalidMessage = errors.New("invalid message")

// Decode parses one frame body into a Message and checks that it has the
// fields its type requires.
func Decode(body []byte) (*Message, error) {
	body = bytes.TrimSpace(body)
	if len(body) == 0 || body[0] != '{' {
		return nil, fmt.Errorf("%w: not a JSON object", ErrInvalidMessage)
	}
	var raw struct {
		Message
		ChunkID string `json:"chunk_id"`
		Index   *int   `json:"index"`
		Count   int    `json:"count"`
		Data    []byte `json:"data"`
	}
	if err := json.Unmarshal(body, &raw); err != nil {
		return nil, fmt.Errorf("%w: %w", ErrInvalidMessage, err)
	}
	m := raw.Message
	switch m.Type {
	case TypeRequest:
		if m.ID <= 0 || m.Method == "" {
			return nil, fmt.Errorf("%w: request needs a positive id and a method", ErrInvalidMessage)
		}
	case TypeResponse:
		if m.ID <= 0 {
			return nil, fmt.Errorf("%w: response needs a positive id", ErrInvalidMessage)
		}
		if (m.Error == nil) == (m.Result == nil) {
			return nil, fmt.Errorf("%w: response %d needs exactly one of result and error", ErrInvalidMessage, m.ID)
		}
	case TypeEvent:
		if m.Event == "" {
			return nil, fmt.Errorf("%w: event needs a name", ErrInvalidMessage)
		}
	case TypeChunk:
		if raw.ChunkID == "" || raw.Index == nil || raw.Count <= 0 || *raw.Index < 0 || *raw.Index >= raw.Count {
			return nil, fmt.Errorf("%w: chunk needs chunk_id, 0 <= index < count", ErrInvalidMessage)
		}
		m.Chunk = &Chunk{ID: raw.ChunkID, Index: *raw.Index, Count: raw.Count, Data: raw.Data}
	case "":
		return nil, fmt.Errorf("%w: missing type", ErrInvalidMessage)
	default:
		return nil, fmt.Errorf("%w: unknown type %q", ErrInvalidMessage, m.Type)
	}
	return &m, nil
}

// Encode serializes a message. Chunk messages are encoded with their chunk
// fields at the top level.
func Encode(m *Message) ([]byte, error) {
	if m.Chunk != nil {
		return json.Marshal(struct {
			Type    string `json:"type"`
			ChunkID string `json:"chunk_id"`
			Index   int    `json:"index"`
			Count   int    `json:"count"`
			Data    []byte `json:"data"`
		}{TypeChunk, m.Chunk.ID, m.Chunk.Index, m.Chunk.Count, m.Chunk.Data})
	}
	return json.Marshal(m)
}

// NewRequest builds a request with params marshalled to JSON.
func NewRequest(id int64, method string, params any) (*Message, error) {
	p, err := marshalParams(params)
	if err != nil {
		return nil, fmt.Errorf("request %s: %w", method, err)
	}
	return &Message{Type: TypeRequest, ID: id, Method: method, Params: p}, nil
}

// NewEvent builds an event with params marshalled to JSON.
func NewEvent(name string, params any) (*Message, error) {
	p, err := marshalParams(params)
	if err != nil {
		return nil, fmt.Errorf("event %s: %w", name, err)
	}
	return &Message{Type: TypeEvent, Event: name, Params: p}, nil
}

func marshalParams(params any) (json.RawMessage, error) {
	if params == nil {
		return json.RawMessage("{}"), nil
	}
	return json.Marshal(params)
}
