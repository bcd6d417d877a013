package mcpbridge

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/diwall/diwall/host/internal/nativehost"
	"github.com/diwall/diwall/internal/socket"
	"github.com/diwall/diwall/protocol"
)

// fakeHost runs a real nativehost against a fake extension that says hello
// and answers every request with an empty result. stop closes the
// extension's side, as Chrome does when the extension goes away.
func fakeHost(t *testing.T, sock string) (stop func() error) {
	t.Helper()
	return fakeHostSeeing(t, sock, nil)
}

// fakeHostSeeing is fakeHost whose extension sends the method of every
// request it gets to seen, when not nil.
func fakeHostSeeing(t *testing.T, sock string, seen chan<- string) (stop func() error) {
	t.Helper()
	hostIn, extOut := io.Pipe()
	extIn, hostOut := io.Pipe()
	ext := protocol.NewConn(extIn, extOut, &protocol.ConnOptions{ReadMax: protocol.MaxToExtension, WriteMax: protocol.MaxFromExtension})
	hello, _ := protocol.NewEvent(protocol.EventHello, protocol.Hello{ExtensionVersion: "test"})
	go func() {
		_ = ext.Write(hello)
		for {
			m, err := ext.Read()
			if err != nil {
				return
			}
			if seen != nil {
				select {
				case seen <- m.Method:
				default:
				}
			}
			_ = ext.Write(&protocol.Message{Type: protocol.TypeResponse, ID: m.ID, Result: json.RawMessage(`{}`)})
		}
	}()
	done := make(chan error, 1)
	go func() {
		done <- nativehost.Run(context.Background(), nativehost.Options{
			Stdin: hostIn, Stdout: hostOut, SocketPath: sock, StateDir: t.TempDir(),
			Log: slog.New(slog.DiscardHandler),
		})
	}()
	for end := time.Now().Add(5 * time.Second); !socket.Alive(sock); time.Sleep(10 * time.Millisecond) {
		if time.Now().After(end) {
			t.Fatal("host did not listen")
		}
	}
	return func() error {
		extOut.Close()
		err := <-done
		extIn.Close()
		return err
	}
}

func startBridge(t testing.TB, sock string) *mcp.ClientSession {
	t.Helper()
	return startBridgeLost(t, sock, "")
}

// startBridgeLost is startBridge whose no_browser says lost once the
// session had a host and lost it.
func startBridgeLost(t testing.TB, sock, lost string) *mcp.ClientSession {
	t.Helper()
	return startBridgeWith(t, Options{Socket: func() string { return sock }, NoBrowser: "start the browser", NoBrowserLost: lost})
}

// startBridgeWith runs the bridge with opts (its In and Out made here,
// and its Log when it has none) and connects a client to it.
func startBridgeWith(t testing.TB, opts Options) *mcp.ClientSession {
	t.Helper()
	bridgeIn, clientOut := io.Pipe()
	clientIn, bridgeOut := io.Pipe()
	opts.In, opts.Out = bridgeIn, bridgeOut
	if opts.Log == nil {
		opts.Log = slog.New(slog.DiscardHandler)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		done <- Run(ctx, opts)
	}()
	client := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "0"}, nil)
	cs, err := client.Connect(ctx, &mcp.IOTransport{Reader: clientIn, Writer: clientOut}, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		cs.Close()
		cancel()
		<-done //nolint:errcheck // how the run ended once cancelled is not what this test checks
	})
	return cs
}

func code(t *testing.T, cs *mcp.ClientSession) string {
	t.Helper()
	c, _ := codeAndMessage(t, cs)
	return c
}

// codeAndMessage calls tabs list and returns "ok", or the error's code and
// message.
func codeAndMessage(t *testing.T, cs *mcp.ClientSession) (string, string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "tabs", Arguments: map[string]any{"action": "list"}})
	if err != nil {
		t.Fatalf("protocol error: %v", err)
	}
	var env struct {
		OK     bool `json:"ok"`
		Server struct {
			Error *struct {
				Code    string `json:"code"`
				Message string `json:"message"`
			} `json:"error"`
		} `json:"server"`
	}
	data, _ := json.Marshal(res.StructuredContent)
	if err := json.Unmarshal(data, &env); err != nil {
		t.Fatal(err)
	}
	if env.OK {
		return "ok", ""
	}
	return env.Server.Error.Code, env.Server.Error.Message
}

func TestBridgeOutlivesTheHost(t *testing.T) {
	sock := filepath.Join(t.TempDir(), "d.sock")
	cs := startBridge(t, sock)

	// No host yet: the call answers at once, and the session stays up.
	if got := code(t, cs); got != "no_browser" {
		t.Fatalf("before any host: %s", got)
	}
	tools, err := cs.ListTools(t.Context(), nil)
	if err != nil || len(tools.Tools) == 0 {
		t.Fatalf("tools/list without a host: %v %v", tools, err)
	}

	stop := fakeHost(t, sock)
	if got := code(t, cs); got != "ok" {
		t.Fatalf("with a host: %s", got)
	}
	if err := stop(); err != nil {
		t.Fatalf("host exit after stdin EOF: %v", err)
	}
	if _, err := os.Lstat(sock); !os.IsNotExist(err) {
		t.Fatalf("socket left after the host exited: %v", err)
	}
	if got := code(t, cs); got != "no_browser" {
		t.Fatalf("after the host left: %s", got)
	}

	// A new host (the extension reconnected): the same session works again.
	stop = fakeHost(t, sock)
	defer func() { _ = stop() }()
	if got := code(t, cs); got != "ok" {
		t.Fatalf("after a new host came: %s", got)
	}
}

// TestBridgeReconnectsByItself: once its host is gone, the bridge opens a
// session to the next host that serves without waiting for a call, and a
// call meanwhile says what happened and what to do.
func TestBridgeReconnectsByItself(t *testing.T) {
	sock := filepath.Join(t.TempDir(), "d.sock")
	cs := startBridgeLost(t, sock, "the browser went away")
	stop := fakeHost(t, sock)
	if got := code(t, cs); got != "ok" {
		t.Fatalf("with a host: %s", got)
	}
	_ = stop()
	if got, msg := codeAndMessage(t, cs); got != "no_browser" || msg != "the browser went away" {
		t.Fatalf("after the host left: %s %q", got, msg)
	}
	seen := make(chan string, 100)
	appeared := time.Now()
	stop = fakeHostSeeing(t, sock, seen)
	defer func() { _ = stop() }()
	for {
		select {
		case m := <-seen:
			if m != protocol.MethodSessionsSet {
				continue
			}
			t.Logf("the bridge reconnected %v after the host's socket appeared", time.Since(appeared).Round(time.Millisecond))
			if got := code(t, cs); got != "ok" {
				t.Fatalf("after reconnecting: %s", got)
			}
			return
		case <-time.After(2 * time.Second):
			t.Fatal("the bridge did not reconnect within 2 s of the host's socket appearing")
		}
	}
}
