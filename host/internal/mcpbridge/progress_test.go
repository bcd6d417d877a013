package mcpbridge

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/diwall/diwall/host/internal/tools"
	"github.com/diwall/diwall/internal/socket"
)

// fakeMCPHost serves, on sock, an MCP server as the host's (NewMCPServer,
// Transport) with one tool, tabs, whose calls h answers; it ends with the
// test, or when the returned stop is called (its sessions end).
func fakeMCPHost(t testing.TB, sock string, h mcp.ToolHandler) (stop func()) {
	t.Helper()
	ln, _, err := socket.Listen(sock)
	if err != nil {
		t.Fatal(err)
	}
	log := slog.New(slog.DiscardHandler)
	server := tools.NewMCPServer(log, "")
	for _, d := range tools.Definitions() {
		if d.Name == "tabs" {
			server.AddTool(d, h)
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	wg.Go(func() {
		for {
			conn, err := ln.Accept()
			if err != nil {
				return
			}
			wg.Go(func() {
				defer conn.Close()
				ss, err := server.Connect(ctx, tools.Transport(conn, conn, log), nil)
				if err != nil {
					return
				}
				stop := context.AfterFunc(ctx, func() { ss.Close() })
				defer stop()
				_ = ss.Wait()
			})
		}
	})
	var once sync.Once
	stop = func() {
		once.Do(func() {
			ln.Close() // first: once a session ends, no other begins
			cancel()
			wg.Wait()
		})
	}
	t.Cleanup(stop)
	return stop
}

// TestBridgeProgressKeepsTheClientsToken: the host's progress reaches the
// call that asked for it under the client's own token, whatever its JSON
// type: the host is given a token of the bridge's own (a string), so that
// a client's 7 and "7" in flight together each get their own.
func TestBridgeProgressKeepsTheClientsToken(t *testing.T) {
	sock := filepath.Join(t.TempDir(), "d.sock")
	var (
		mu        sync.Mutex
		hostSaw   []any
		pair      sync.WaitGroup // the two calls in flight together
		pairCalls atomic.Int32
	)
	pair.Add(2)
	fakeMCPHost(t, sock, func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		var args struct {
			TabID string `json:"tab_id"`
		}
		_ = json.Unmarshal(req.Params.Arguments, &args)
		token := req.Params.GetProgressToken()
		mu.Lock()
		hostSaw = append(hostSaw, token)
		mu.Unlock()
		if strings.HasPrefix(args.TabID, "pair") && pairCalls.Add(1) <= 2 {
			pair.Done()
			pair.Wait()
		}
		for n := 1; n <= 2; n++ {
			if err := req.Session.NotifyProgress(ctx, &mcp.ProgressNotificationParams{ProgressToken: token, Progress: float64(n), Message: args.TabID}); err != nil {
				return nil, err
			}
		}
		return tools.ErrorResult("tabs", "tab_gone", "answered by the fake host"), nil
	})
	c := startRaw(t, Options{Socket: func() string { return sock }}, "2025-11-25")

	call := func(id, token, label string) {
		c.send(fmt.Sprintf(`{"jsonrpc":"2.0","id":%s,"method":"tools/call","params":{"name":"tabs","arguments":{"action":"list","tab_id":%q},"_meta":{"progressToken":%s}}}`, id, label, token))
	}
	// progressOf returns the messages of the notifications of a token (as
	// the client reads it), taking them out of notes.
	progressOf := func(token string) []string {
		var msgs []string
		var rest []rawMessage
		for _, n := range c.notes {
			var p struct {
				ProgressToken json.RawMessage `json:"progressToken"`
				Message       string          `json:"message"`
			}
			if n.Method == "notifications/progress" && json.Unmarshal(n.Params, &p) == nil && sameToken(p.ProgressToken, token) {
				msgs = append(msgs, p.Message)
				continue
			}
			rest = append(rest, n)
		}
		c.notes = rest
		return msgs
	}

	// 7 and "7" in flight together.
	call(`1`, `7`, "pair-number")
	call(`2`, `"7"`, "pair-string")
	for _, id := range []string{`1`, `2`} {
		if res := c.await(id); res.Error != nil || !strings.Contains(string(res.Result), "answered by the fake host") {
			t.Fatalf("call %s: %s", id, res.line)
		}
	}
	if got := progressOf(`7`); len(got) != 2 || got[0] != "pair-number" || got[1] != "pair-number" {
		t.Errorf("progress of token 7: %v", got)
	}
	if got := progressOf(`"7"`); len(got) != 2 || got[0] != "pair-string" || got[1] != "pair-string" {
		t.Errorf(`progress of token "7": %v`, got)
	}

	for i, token := range []string{`0`, `-2`, `7.5`, `-0.25`, `1e300`, `9007199254740993`, `""`, `"tok en"`} {
		id := fmt.Sprint(10 + i)
		label := "one-" + id
		call(id, token, label)
		if res := c.await(id); res.Error != nil {
			t.Fatalf("call with token %s: %s", token, res.line)
		}
		if got := progressOf(token); len(got) != 2 || got[0] != label {
			t.Errorf("progress of token %s: %v", token, got)
		}
	}
	if len(c.notes) > 0 {
		t.Errorf("notifications under no token of the client's: %v", c.notes)
	}
	mu.Lock()
	defer mu.Unlock()
	own := map[any]bool{}
	for _, token := range hostSaw {
		if s, ok := token.(string); !ok || !strings.HasPrefix(s, "p") || own[s] {
			t.Errorf("the host was given the token %#v: want a string of the bridge's own, once", token)
		}
		own[token] = true
	}
}

// sameToken reports whether the token the client read back is the token it
// sent, as a client compares them: the same string, or the same number (a
// float64, as JavaScript reads it).
func sameToken(got json.RawMessage, sent string) bool {
	if bytes.Equal(got, []byte(sent)) {
		return true
	}
	var a, b any
	if json.Unmarshal(got, &a) != nil || json.Unmarshal([]byte(sent), &b) != nil {
		return false
	}
	return a == b
}

// TestBridgeCallPanicAnswersInternal: a call of the bridge that panics (a
// bug) is answered with an internal error result, its stack is logged,
// and the next call is served.
func TestBridgeCallPanicAnswersInternal(t *testing.T) {
	var logs lockedBuffer
	var calls atomic.Int32
	cs := startBridgeWith(t, Options{
		Socket: func() string {
			if calls.Add(1) == 1 {
				panic("a bug while finding the host")
			}
			return filepath.Join(t.TempDir(), "none.sock")
		},
		NoBrowser: "start the browser",
		Log:       slog.New(slog.NewJSONHandler(&logs, nil)),
	})
	if code, msg := codeAndMessage(t, cs); code != "internal" || !strings.Contains(msg, "bug") {
		t.Fatalf("a call that panicked: %s %q", code, msg)
	}
	if got := code(t, cs); got != "no_browser" {
		t.Fatalf("the call after the panic: %s", got)
	}
	for _, want := range []string{"a bug while finding the host", "mcpbridge.(*forwarder).session"} {
		if !strings.Contains(logs.String(), want) {
			t.Errorf("the log lacks %q:\n%s", want, logs.String())
		}
	}
}

// lockedBuffer is a log's text, written from any goroutine.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}
