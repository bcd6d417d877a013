package mcpbridge

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// rawClient speaks raw JSON-RPC lines to a bridge, as any MCP client may:
// what go-sdk's own client never sends (numeric progress tokens of every
// kind, ids of both types, lines that are not JSON).
type rawClient struct {
	t    *testing.T
	w    io.Writer
	in   chan rawMessage
	done chan error // the bridge's Run returned
	// notes are the notifications read while waiting for a response.
	notes []rawMessage
	// early are responses read while waiting for another, by id.
	early map[string]rawMessage
}

// rawMessage is one line the bridge wrote.
type rawMessage struct {
	ID     json.RawMessage `json:"id"`
	Method string          `json:"method"`
	Params json.RawMessage `json:"params"`
	Result json.RawMessage `json:"result"`
	Error  *struct {
		Code    int    `json:"code"`
		Message string `json:"message"`
	} `json:"error"`
	line string
}

// startRaw runs the bridge with opts (its In, Out made here, and its Log
// when it has none) and initializes a raw session at protocol version.
func startRaw(t *testing.T, opts Options, version string) *rawClient {
	t.Helper()
	bridgeIn, clientOut := io.Pipe()
	clientIn, bridgeOut := io.Pipe()
	opts.In, opts.Out = bridgeIn, bridgeOut
	if opts.Log == nil {
		opts.Log = slog.New(slog.DiscardHandler)
	}
	if opts.Socket == nil {
		none := filepath.Join(t.TempDir(), "none.sock")
		opts.Socket = func() string { return none }
	}
	if opts.NoBrowser == "" {
		opts.NoBrowser = "start the browser"
	}
	ctx, cancel := context.WithCancel(context.Background())
	c := &rawClient{t: t, w: clientOut, in: make(chan rawMessage, 100), done: make(chan error, 1), early: map[string]rawMessage{}}
	go func() {
		c.done <- Run(ctx, opts)
	}()
	go func() {
		sc := bufio.NewScanner(clientIn)
		sc.Buffer(make([]byte, 1<<20), 1<<24)
		for sc.Scan() {
			var m rawMessage
			if err := json.Unmarshal(sc.Bytes(), &m); err != nil {
				m.Method = "(not JSON)"
			}
			m.line = sc.Text()
			c.in <- m
		}
		close(c.in)
	}()
	t.Cleanup(func() {
		clientOut.Close()
		cancel()
		select {
		case err := <-c.done:
			if err != nil {
				t.Logf("the bridge ended: %v", err) // cancelled: how is not what this test checks
			}
		case <-time.After(5 * time.Second):
			t.Error("the bridge did not end")
		}
	})
	c.send(fmt.Sprintf(`{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":%q,"capabilities":{},"clientInfo":{"name":"raw","version":"0"}}}`, version))
	if res := c.await(`0`); !strings.Contains(string(res.Result), version) {
		t.Fatalf("initialize: %s", res.line)
	}
	c.send(`{"jsonrpc":"2.0","method":"notifications/initialized"}`)
	return c
}

func (c *rawClient) send(line string) {
	c.t.Helper()
	if _, err := io.WriteString(c.w, line+"\n"); err != nil {
		c.t.Fatalf("writing %s: %v", line, err)
	}
}

// await returns the response whose id is id (as written), keeping the
// notifications read meanwhile in notes, and other responses for their
// own await.
func (c *rawClient) await(id string) rawMessage {
	c.t.Helper()
	if m, ok := c.early[id]; ok {
		delete(c.early, id)
		return m
	}
	timeout := time.After(5 * time.Second)
	for {
		select {
		case m, ok := <-c.in:
			if !ok {
				c.t.Fatalf("the bridge closed its output waiting for the response to %s (Run: %v)", id, c.ended())
			}
			if m.Method != "" {
				c.notes = append(c.notes, m)
				continue
			}
			if compact(m.ID) == id {
				return m
			}
			c.early[compact(m.ID)] = m
		case <-timeout:
			c.t.Fatalf("no response to %s within 5 s (Run: %v)", id, c.ended())
		}
	}
}

// ended says whether the bridge's Run returned.
func (c *rawClient) ended() string {
	select {
	case err := <-c.done:
		return fmt.Sprintf("returned %v", err)
	default:
		return "still running"
	}
}

func compact(raw json.RawMessage) string {
	var b bytes.Buffer
	if err := json.Compact(&b, raw); err != nil {
		return string(raw)
	}
	return b.String()
}

// callTabs calls tabs list with the given id and _meta, and returns the
// result's error code ("ok" when it succeeded).
func (c *rawClient) callTabs(id, meta string) string {
	c.t.Helper()
	params := `{"name":"tabs","arguments":{"action":"list"}`
	if meta != "" {
		params += `,"_meta":` + meta
	}
	c.send(`{"jsonrpc":"2.0","id":` + id + `,"method":"tools/call","params":` + params + `}}`)
	res := c.await(id)
	if res.Error != nil {
		c.t.Fatalf("tools/call %s %s: JSON-RPC error %d %s", id, meta, res.Error.Code, res.Error.Message)
	}
	var r struct {
		StructuredContent struct {
			OK     bool `json:"ok"`
			Server struct {
				Error *struct {
					Code string `json:"code"`
				} `json:"error"`
			} `json:"server"`
		} `json:"structuredContent"`
	}
	if err := json.Unmarshal(res.Result, &r); err != nil {
		c.t.Fatalf("tools/call %s: %v: %s", id, err, res.line)
	}
	if r.StructuredContent.OK {
		return "ok"
	}
	if r.StructuredContent.Server.Error == nil {
		c.t.Fatalf("tools/call %s: neither ok nor an error: %s", id, res.line)
	}
	return r.StructuredContent.Server.Error.Code
}

// TestBridgeTakesAnyValidMessage: whatever valid MCP message a client
// sends, and a line that is not one, the bridge answers and goes on:
// progress tokens of every JSON type and size, ids of both types, ping,
// unknown notifications, a cancelled call, a line that is not JSON, JSON
// that is no message, a batch its protocol version forbids.
func TestBridgeTakesAnyValidMessage(t *testing.T) {
	var revived atomic.Int32
	entered, cancelled := make(chan struct{}), make(chan struct{})
	c := startRaw(t, Options{Revive: func(ctx context.Context) error {
		if revived.Add(1) != 1 {
			return fmt.Errorf("no browser here")
		}
		// The first call waits here until it is cancelled.
		close(entered)
		<-ctx.Done()
		close(cancelled)
		return ctx.Err()
	}}, "2025-06-18")

	// A call cancelled mid-way (notifications/cancelled): it ends, and the
	// session goes on.
	c.send(`{"jsonrpc":"2.0","id":"long","method":"tools/call","params":{"name":"tabs","arguments":{"action":"list"},"_meta":{"progressToken":99}}}`)
	select {
	case <-entered:
	case <-time.After(5 * time.Second):
		t.Fatal("the long call did not start")
	}
	c.send(`{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":"long","reason":"the test cancels"}}`)
	select {
	case <-cancelled:
	case <-time.After(5 * time.Second):
		t.Fatal("notifications/cancelled did not reach the call")
	}

	for i, meta := range []string{
		`{"progressToken":7}`, `{"progressToken":0}`, `{"progressToken":-3}`, `{"progressToken":7.5}`,
		`{"progressToken":-0.25}`, `{"progressToken":1e300}`, `{"progressToken":9007199254740993}`,
		`{"progressToken":"7"}`, `{"progressToken":""}`, `{"progressToken":null}`, `{}`, ``,
	} {
		for _, id := range []string{fmt.Sprint(100 + i), fmt.Sprintf(`"call-%d"`, i)} {
			if got := c.callTabs(id, meta); got != "no_browser" {
				t.Errorf("tools/call id %s _meta %s: %s", id, meta, got)
			}
		}
	}
	// Ids of every form JSON-RPC allows that go-sdk reads back the same.
	for _, id := range []struct{ sent, back string }{
		{`-5`, `-5`}, {`0`, `0`}, {`9007199254740992`, `9007199254740992`}, {`1e3`, `1000`}, {`""`, `""`}, {`"x y"`, `"x y"`},
	} {
		c.send(`{"jsonrpc":"2.0","id":` + id.sent + `,"method":"ping"}`)
		if res := c.await(id.back); res.Error != nil {
			t.Errorf("ping id %s: %s", id.sent, res.line)
		}
	}
	c.send(`{"jsonrpc":"2.0","method":"notifications/something_new","params":{"x":1}}`)
	c.send(`{"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":5,"progress":1}}`)

	// Lines go-sdk would end the session on: each is answered with an
	// error, and dropped.
	for _, bad := range []struct{ line, id string }{
		{`this is not JSON`, `null`},
		{`{"jsonrpc":"2.0","id":1,"method":"ping"`, `null`}, // cut short
		{`{"hello":"world"}`, `null`},
		{`42`, `null`},
		{`[]`, `null`},
		{`[{"jsonrpc":"2.0","id":70,"method":"ping"}]`, `null`}, // no batches from 2025-06-18 on
		{`{"jsonrpc":"1.0","id":"old","method":"ping"}`, `"old"`},
		{`{"jsonrpc":"2.0","id":{"a":1},"method":"ping"}`, `null`},
		{`{"jsonrpc":"2.0","id":1.5,"method":"ping"}`, `1.5`},
		{`{"jsonrpc":"2.0","id":9007199254740993,"method":"ping"}`, `9007199254740993`},
		{`{"jsonrpc":"2.0","id":1e-999999999,"method":"ping"}`, `1e-999999999`},
	} {
		c.send(bad.line)
		res := c.await(bad.id)
		if res.Error == nil || (res.Error.Code != -32700 && res.Error.Code != -32600) {
			t.Errorf("%s: answered %s", bad.line, res.line)
		}
		if bad.line == `this is not JSON` && res.Error.Code != -32700 {
			t.Errorf("a line that is not JSON: code %d, want -32700", res.Error.Code)
		}
	}
	// Blank lines and CRLF endings are nothing to answer.
	c.send("")
	c.send(`{"jsonrpc":"2.0","id":"crlf","method":"ping"}` + "\r")

	// The session still serves.
	if res := c.await(`"crlf"`); res.Error != nil {
		t.Fatalf("ping after the bad lines: %s", res.line)
	}
	if got := c.callTabs(`"last"`, `{"progressToken":1}`); got != "no_browser" {
		t.Fatalf("the last call: %s", got)
	}
	c.send(`{"jsonrpc":"2.0","id":"list","method":"tools/list"}`)
	if res := c.await(`"list"`); res.Error != nil || !strings.Contains(string(res.Result), `"tabs"`) {
		t.Fatalf("tools/list at the end: %s", res.line)
	}
	if s := c.ended(); s != "still running" {
		t.Fatalf("the bridge ended: %s", s)
	}
}

// TestBridgeTakesBatchesWhereTheyAreAllowed: a client of 2025-03-26 may
// send a batch; one with a line that is no message is refused whole.
// (go-sdk v1.8.0 never answers a batch that holds a notification: it
// waits for a response to it too. The session goes on.)
func TestBridgeTakesBatchesWhereTheyAreAllowed(t *testing.T) {
	c := startRaw(t, Options{}, "2025-03-26")
	c.send(`[{"jsonrpc":"2.0","id":1,"method":"ping"},{"jsonrpc":"2.0","id":"b","method":"ping"}]`)
	select {
	case m := <-c.in:
		if !strings.HasPrefix(m.line, "[") || !strings.Contains(m.line, `"id":1`) || !strings.Contains(m.line, `"id":"b"`) {
			t.Fatalf("batch answered with %s", m.line)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("the batch was not answered")
	}
	c.send(`[{"jsonrpc":"2.0","id":2,"method":"ping"},{"nope":1}]`)
	if res := c.await(`null`); res.Error == nil || res.Error.Code != -32600 {
		t.Fatalf("a batch with a bad message: %s", res.line)
	}
	c.send(`[{"jsonrpc":"2.0","id":3,"method":"ping"},{"jsonrpc":"2.0","id":3,"method":"ping"}]`)
	if res := c.await(`null`); res.Error == nil || res.Error.Code != -32600 {
		t.Fatalf("a batch with one id twice: %s", res.line)
	}
	if got := c.callTabs(`4`, `{"progressToken":4.25}`); got != "no_browser" {
		t.Fatalf("after the batches: %s", got)
	}
}
