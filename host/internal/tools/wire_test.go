package tools

import (
	"bufio"
	"encoding/json"
	"io"
	"log/slog"
	"strings"
	"testing"
	"time"
)

// TestTransportAnswersWhatGoSDKCannotTake: a line go-sdk would end the
// session on (too long, not JSON, no message) is answered with a JSON-RPC
// error and dropped; the lines around it are served.
func TestTransportAnswersWhatGoSDKCannotTake(t *testing.T) {
	var logs lockedBuffer
	log := slog.New(slog.NewJSONHandler(&logs, nil))
	serverIn, clientOut := io.Pipe()
	clientIn, serverOut := io.Pipe()
	ss, err := NewMCPServer(log, "").Connect(t.Context(), guarded(serverIn, serverOut, log, 200), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer ss.Close()
	lines := make(chan string, 10)
	go func() {
		sc := bufio.NewScanner(clientIn)
		for sc.Scan() {
			lines <- sc.Text()
		}
		close(lines)
	}()
	exchange := func(send, want string) {
		t.Helper()
		if _, err := io.WriteString(clientOut, send+"\n"); err != nil {
			t.Fatal(err)
		}
		select {
		case got, ok := <-lines:
			if !ok || !strings.Contains(got, want) {
				t.Fatalf("%.60s: answered %q, want %s", send, got, want)
			}
		case <-time.After(5 * time.Second):
			t.Fatalf("%.60s: no answer", send)
		}
	}
	init, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": 1, "method": "initialize",
		"params": map[string]any{"protocolVersion": "2025-11-25", "capabilities": map[string]any{}, "clientInfo": map[string]any{"name": "raw", "version": "0"}}})
	exchange(string(init), `"protocolVersion":"2025-11-25"`)
	exchange(`{"jsonrpc":"2.0","id":2,"method":"ping","params":{"pad":"`+strings.Repeat("x", 300)+`"}}`, `{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"a message longer than 200 bytes"}}`)
	exchange(`{"jsonrpc":"2.0","id":3,"method":"ping"}`, `{"jsonrpc":"2.0","id":3,"result":{}}`)
	exchange(`not JSON {`, `{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"Parse error: the line is not JSON"}}`)
	exchange(`{"jsonrpc":"2.0","id":"s","method":"ping"}`, `{"jsonrpc":"2.0","id":"s","result":{}}`)
	exchange(`[{"jsonrpc":"2.0","id":4,"method":"ping"}]`, `"code":-32600`) // no batches on 2025-11-25
	exchange(`{"jsonrpc":"2.0","id":2.5,"method":"ping"}`, `{"jsonrpc":"2.0","id":2.5,"error":{"code":-32600`)
	exchange(`{"jsonrpc":"2.0","id":5,"method":"ping"}`, `{"jsonrpc":"2.0","id":5,"result":{}}`)
	if !strings.Contains(logs.String(), "answered with an error and dropped") {
		t.Errorf("the dropped lines were not logged:\n%s", logs.String())
	}
}
