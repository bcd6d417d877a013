package mcpbridge

import (
	"bytes"
	"context"
	"encoding/json"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/diwall/diwall/host/internal/tools"
)

// A tool result goes from the host to the client as the host wrote it: the
// bridge does not decode it into go-sdk's types and encode it again (an
// observation's image, in base64, and its tree and elements would cost it
// milliseconds of CPU each call, and reorder structuredContent's keys).
//
// The calls still go through go-sdk on both sides, which keeps its work:
// the client's ids and cancellations, progress, elicitation, batches, and
// the bridge's own results (no_browser). Only the result's bytes take a
// shorter way: when the host answers a tools/call, the host-side connection
// keeps the result's bytes and gives go-sdk a stand-in, an empty result
// whose _meta names them; the handler returns the stand-in like any result,
// and the client-side connection puts the kept bytes in its place as the
// response is written.

// relayMeta is the _meta key of a stand-in.
const relayMeta = "diwall/relayed"

// relayKeep bounds how long kept bytes wait for their stand-in to be
// written (a call the client cancelled is answered otherwise).
const relayKeep = time.Minute

// relay keeps results' bytes between the two connections.
type relay struct {
	next atomic.Int64
	mu   sync.Mutex
	kept map[string]keptResult
}

type keptResult struct {
	data json.RawMessage
	at   time.Time
}

func newRelay() *relay { return &relay{kept: map[string]keptResult{}} }

// keep holds a result's bytes and returns its stand-in.
func (r *relay) keep(data json.RawMessage) json.RawMessage {
	key := "r" + strconv.FormatInt(r.next.Add(1), 10)
	now := time.Now()
	r.mu.Lock()
	for k, v := range r.kept {
		if now.Sub(v.at) > relayKeep {
			delete(r.kept, k)
		}
	}
	r.kept[key] = keptResult{data: data, at: now}
	r.mu.Unlock()
	return json.RawMessage(`{"content":[],"_meta":{"` + relayMeta + `":"` + key + `"}}`)
}

// standInMark is in every stand-in as go-sdk encodes it.
var standInMark = []byte(`"` + relayMeta + `":"`)

// isErrorMark is in every failed result as go-sdk encodes it.
var isErrorMark = []byte(`"isError":true`)

// take returns the bytes a stand-in (a result as go-sdk encodes it) stands
// for, and forgets them; nil when result is no stand-in.
func (r *relay) take(result json.RawMessage) json.RawMessage {
	if len(result) > 256 || !bytes.Contains(result, standInMark) {
		return nil
	}
	var standIn struct {
		Meta map[string]any `json:"_meta"`
	}
	if json.Unmarshal(result, &standIn) != nil {
		return nil
	}
	key, _ := standIn.Meta[relayMeta].(string)
	r.mu.Lock()
	defer r.mu.Unlock()
	kept, ok := r.kept[key]
	if !ok {
		return nil
	}
	delete(r.kept, key)
	return kept.data
}

// hostSide is the connection to the host: it notes the ids of the
// tools/call requests sent, and keeps the results of their responses.
type hostSide struct {
	mcp.Connection
	relay *relay
	mu    sync.Mutex
	calls map[jsonrpc.ID]bool
}

func (c *hostSide) Write(ctx context.Context, msg jsonrpc.Message) error {
	if req, ok := msg.(*jsonrpc.Request); ok && req.Method == "tools/call" && req.IsCall() {
		c.mu.Lock()
		c.calls[req.ID] = true
		c.mu.Unlock()
	}
	return c.Connection.Write(ctx, msg)
}

func (c *hostSide) Read(ctx context.Context) (jsonrpc.Message, error) {
	msg, err := c.Connection.Read(ctx)
	if resp, ok := msg.(*jsonrpc.Response); ok {
		c.mu.Lock()
		call := c.calls[resp.ID]
		delete(c.calls, resp.ID)
		c.mu.Unlock()
		if call && resp.Error == nil && len(resp.Result) > 0 {
			resp.Result = c.relay.keep(resp.Result)
		}
	}
	return msg, err
}

// clientSide is the connection to the client: a response carrying a
// stand-in is written with the bytes it stands for, as a line of its own
// (go-sdk would copy and check them all again), or through go-sdk when it
// answers a batch.
type clientSide struct {
	mcp.Connection
	relay  *relay
	stream *tools.Stream
}

func (c *clientSide) Write(ctx context.Context, msg jsonrpc.Message) error {
	resp, ok := msg.(*jsonrpc.Response)
	if !ok || resp.Error != nil {
		return c.Connection.Write(ctx, msg)
	}
	data := c.relay.take(resp.Result)
	if data == nil {
		return c.Connection.Write(ctx, msg)
	}
	if !c.stream.Batched() {
		if line, ok := responseLine(resp.ID, data); ok {
			return c.stream.WriteLine(line)
		}
	}
	out := *resp
	out.Result = data
	return c.Connection.Write(ctx, &out)
}

// responseLine is the line of a response of id with result, which is
// written as it is.
func responseLine(id jsonrpc.ID, result json.RawMessage) ([]byte, bool) {
	head, err := jsonrpc.EncodeMessage(&jsonrpc.Response{ID: id, Result: json.RawMessage(`0`)})
	if err != nil || !bytes.HasSuffix(head, []byte(`"result":0}`)) {
		return nil, false
	}
	head = head[:len(head)-2]
	line := make([]byte, 0, len(head)+len(result)+2)
	line = append(line, head...)
	line = append(line, result...)
	return append(line, '}', '\n'), true
}

// relayTransport wraps the connections a transport makes as side does.
type relayTransport struct {
	mcp.Transport
	wrap func(mcp.Connection) mcp.Connection
}

func (t relayTransport) Connect(ctx context.Context) (mcp.Connection, error) {
	conn, err := t.Transport.Connect(ctx)
	if err != nil {
		return nil, err
	}
	return t.wrap(conn), nil
}

// towardHost and towardClient wrap the bridge's two transports.
func (r *relay) towardHost(t mcp.Transport) mcp.Transport {
	return relayTransport{t, func(c mcp.Connection) mcp.Connection {
		return &hostSide{Connection: c, relay: r, calls: map[jsonrpc.ID]bool{}}
	}}
}

func (r *relay) towardClient(s *tools.Stream) mcp.Transport {
	return relayTransport{s, func(c mcp.Connection) mcp.Connection { return &clientSide{Connection: c, relay: r, stream: s} }}
}

// noBrowser says whether res, a stand-in, stands for a result that failed
// with no_browser (the host's browser went away).
func (r *relay) noBrowser(res *mcp.CallToolResult) bool {
	if res == nil {
		return false
	}
	key, _ := res.Meta[relayMeta].(string)
	r.mu.Lock()
	kept, ok := r.kept[key]
	r.mu.Unlock()
	// Only a failed result is read (the page's words are in JSON strings,
	// where a quote is escaped: none of them reads as this key).
	if !ok || len(kept.data) > 64<<10 || !bytes.Contains(kept.data, isErrorMark) {
		return false
	}
	var failed struct {
		IsError           bool `json:"isError"`
		StructuredContent struct {
			Server struct {
				Error struct {
					Code string `json:"code"`
				} `json:"error"`
			} `json:"server"`
		} `json:"structuredContent"`
	}
	return json.Unmarshal(kept.data, &failed) == nil && failed.IsError && failed.StructuredContent.Server.Error.Code == "no_browser"
}
