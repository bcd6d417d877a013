package tools

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/diwall/diwall/host/internal/browser"
	"github.com/diwall/diwall/internal/policy"
)

// panicsOnce is a profile store whose first lookup panics (a bug).
type panicsOnce struct{ n atomic.Int32 }

func (p *panicsOnce) Get(name string) (policy.Profile, error) {
	if p.n.Add(1) == 1 {
		panic("a bug in the profile store")
	}
	prof := policy.Launch()
	prof.Name = name
	return prof, nil
}

// TestHostCallPanicAnswersInternal: a call of the host's server that
// panics is answered with an internal error result, the stack goes to the
// log, the call is ended as any other (its log line, the operator's view,
// the audit log), and the session serves the next call.
func TestHostCallPanicAnswersInternal(t *testing.T) {
	b, err := browser.New(noExtension{}, slog.New(slog.DiscardHandler), t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	var logs lockedBuffer
	srv := New(b, slog.New(slog.NewJSONHandler(&logs, nil)), hosting(b, noExtension{}, &Options{Profiles: &panicsOnce{}, DefaultProfile: "p"}))
	cs := serve(t, srv, nil)
	env, res := callJSON(t, cs, "tabs", map[string]any{"action": "list"})
	if code := errorCode(env); code != "internal" || !res.IsError {
		t.Fatalf("a call that panicked answered %s (isError %v): %v", code, res.IsError, env)
	}
	if env, _ := callJSON(t, cs, "tabs", map[string]any{"action": "list"}); env["ok"] != true {
		t.Fatalf("the call after the panic: %v", env)
	}
	for _, want := range []string{"panic in a tool call", "a bug in the profile store", "profileOf", `"code":"internal"`} {
		if !strings.Contains(logs.String(), want) {
			t.Errorf("the log lacks %q:\n%s", want, logs.String())
		}
	}
}

// TestMCPServerRecoversEveryMethod: a panic in any method (here a
// middleware's, on prompts/list) is answered with a JSON-RPC internal
// error, and the session goes on; a tool's panic with an internal result.
func TestMCPServerRecoversEveryMethod(t *testing.T) {
	var logs lockedBuffer
	log := slog.New(slog.NewJSONHandler(&logs, nil))
	server := NewMCPServer(log, "", func(next mcp.MethodHandler) mcp.MethodHandler {
		return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
			if method == "prompts/list" {
				panic("a bug in a middleware")
			}
			return next(ctx, method, req)
		}
	})
	server.AddTool(&mcp.Tool{Name: "boom", InputSchema: json.RawMessage(`{"type":"object"}`)}, func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		panic(errors.New("a bug in a tool"))
	})
	cs := connectTo(t, server, log)
	if _, err := cs.ListPrompts(t.Context(), nil); err == nil || !strings.Contains(err.Error(), "internal error") {
		t.Fatalf("prompts/list that panicked: %v", err)
	}
	res, err := cs.CallTool(t.Context(), &mcp.CallToolParams{Name: "boom"})
	if err != nil {
		t.Fatalf("a tool that panicked: protocol error %v", err)
	}
	var env map[string]any
	if err := json.Unmarshal([]byte(res.Content[0].(*mcp.TextContent).Text), &env); err != nil {
		t.Fatal(err)
	}
	if errorCode(env) != "internal" || !res.IsError {
		t.Fatalf("a tool that panicked answered %v", env)
	}
	if err := cs.Ping(t.Context(), nil); err != nil {
		t.Fatalf("ping after the panics: %v", err)
	}
	if !strings.Contains(logs.String(), "a bug in a tool") || !strings.Contains(logs.String(), "recover_test.go") {
		t.Errorf("the log lacks the panic and its stack:\n%s", logs.String())
	}
}

// connectTo serves server over Transport on a pipe and connects a client.
func connectTo(t *testing.T, server *mcp.Server, log *slog.Logger) *mcp.ClientSession {
	t.Helper()
	serverIn, clientOut := io.Pipe()
	clientIn, serverOut := io.Pipe()
	ss, err := server.Connect(t.Context(), Transport(serverIn, serverOut, log), nil)
	if err != nil {
		t.Fatal(err)
	}
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "0"}, nil).Connect(t.Context(), &mcp.IOTransport{Reader: clientIn, Writer: clientOut}, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		cs.Close()
		ss.Close()
	})
	return cs
}

// errorCode is a result envelope's server.error.code, or "".
func errorCode(env map[string]any) string {
	server, _ := env["server"].(map[string]any)
	e, _ := server["error"].(map[string]any)
	code, _ := e["code"].(string)
	return code
}
