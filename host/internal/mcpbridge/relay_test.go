package mcpbridge

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// observationLike is a result the size and shape of an observation of a
// small form: structuredContent whose keys are not in sorted order, the
// same JSON as text, and an image of imageBytes.
func observationLike(imageBytes int) *mcp.CallToolResult {
	var tree, elements []string
	for i := 1; i <= 40; i++ {
		tree = append(tree, fmt.Sprintf(`"  textbox \"Field %d\" [%d]"`, i, i))
		elements = append(elements, fmt.Sprintf(`{"mark":%d,"role":"textbox","name":"Field %d"}`, i, i))
	}
	env := `{"ok":true,"server":{"tool":"tabs","operation_id":"x","notices":[],"zeta":1,"alpha":2},` +
		`"page_content":{"title":"Form","url":"http://127.0.0.1/","tree":[` + strings.Join(tree, ",") + `],"elements":[` + strings.Join(elements, ",") + `]}}`
	img := make([]byte, imageBytes)
	for i := range img {
		img[i] = byte(i * 7)
	}
	return &mcp.CallToolResult{
		Content:           []mcp.Content{&mcp.TextContent{Text: env}, &mcp.ImageContent{Data: img, MIMEType: "image/png"}},
		StructuredContent: json.RawMessage(env),
	}
}

// TestBridgeRelaysResultsAsTheyCame: a tool result reaches the client with
// the host's bytes: structuredContent keeps the host's order of keys (a
// decode into go-sdk's types and encode again sorts them), the image its
// bytes, and no stand-in of the relay is ever seen; a result the bridge
// makes itself (no_browser) still reaches the client.
func TestBridgeRelaysResultsAsTheyCame(t *testing.T) {
	sock := filepath.Join(t.TempDir(), "d.sock")
	want := observationLike(3000)
	fakeMCPHost(t, sock, func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return observationLike(3000), nil // go-sdk writes on a result it sends
	})
	c := startRaw(t, Options{Socket: func() string { return sock }}, "2025-11-25")
	for i := 1; i <= 3; i++ {
		id := fmt.Sprint(i)
		c.send(`{"jsonrpc":"2.0","id":` + id + `,"method":"tools/call","params":{"name":"tabs","arguments":{"action":"list"},"_meta":{"progressToken":` + id + `}}}`)
		res := c.await(id)
		if res.Error != nil || strings.Contains(res.line, relayMeta) {
			t.Fatalf("call %s: %s", id, res.line)
		}
		structured := `"structuredContent":` + string(want.StructuredContent.(json.RawMessage))
		if !strings.Contains(res.line, structured) {
			t.Fatalf("call %s: structuredContent is not the host's bytes:\n%s", id, res.line)
		}
		var got mcp.CallToolResult
		if err := json.Unmarshal(res.Result, &got); err != nil {
			t.Fatal(err)
		}
		img, ok := got.Content[1].(*mcp.ImageContent)
		if !ok || !bytes.Equal(img.Data, want.Content[1].(*mcp.ImageContent).Data) {
			t.Fatalf("call %s: the image changed on the way", id)
		}
	}
	// A call the bridge answers itself is not relayed (nothing kept).
	c2 := startRaw(t, Options{}, "2025-11-25")
	if code := c2.callTabs("9", ""); code != "no_browser" {
		t.Fatalf("no host: %s", code)
	}
}

// TestRelayForgetsWhatNobodyTook: kept bytes whose stand-in was never
// written (the client cancelled the call) are dropped after relayKeep,
// and a result that is no stand-in is left alone.
func TestRelayForgetsWhatNobodyTook(t *testing.T) {
	r := newRelay()
	standIn := r.keep(json.RawMessage(`{"content":[]}`))
	if got := r.take(json.RawMessage(`{"content":[{"type":"text","text":"\"diwall/relayed\":\"r1\""}]}`)); got != nil {
		t.Fatalf("page text taken as a stand-in: %s", got)
	}
	for k, v := range r.kept {
		v.at = v.at.Add(-2 * relayKeep)
		r.kept[k] = v
	}
	r.keep(json.RawMessage(`{}`))
	if got := r.take(standIn); got != nil || len(r.kept) != 1 {
		t.Fatalf("an old result was kept: %s (%d kept)", got, len(r.kept))
	}
}

// BenchmarkBridgeCall is one tools/call through the bridge, from a go-sdk
// client to a go-sdk host, of a result shaped like an observation with an
// image of 150 KB: the bridge's share is what the relay takes away.
func BenchmarkBridgeCall(b *testing.B) {
	sock := filepath.Join(b.TempDir(), "d.sock")
	fakeMCPHost(b, sock, func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return observationLike(150 << 10), nil
	})
	client := startBridge(b, sock)
	ctx := context.Background()
	for b.Loop() {
		if _, err := client.CallTool(ctx, &mcp.CallToolParams{Name: "tabs", Arguments: map[string]any{"action": "list"}}); err != nil {
			b.Fatal(err)
		}
	}
}

// TestBridgeRelaysIntoABatch: a client of 2025-03-26 that sends tools/call
// in a batch gets the host's result in the batch's answer, and the
// results after it still come as the host wrote them.
func TestBridgeRelaysIntoABatch(t *testing.T) {
	sock := filepath.Join(t.TempDir(), "d.sock")
	want := observationLike(100)
	fakeMCPHost(t, sock, func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return observationLike(100), nil
	})
	c := startRaw(t, Options{Socket: func() string { return sock }}, "2025-03-26")
	call := `{"jsonrpc":"2.0","id":%d,"method":"tools/call","params":{"name":"tabs","arguments":{"action":"list"}}}`
	c.send(fmt.Sprintf("["+call+","+call+"]", 1, 2))
	structured := `"structuredContent":` + string(want.StructuredContent.(json.RawMessage))
	select {
	case m := <-c.in:
		if !strings.HasPrefix(m.line, "[") || strings.Count(m.line, structured) != 2 || strings.Contains(m.line, relayMeta) {
			t.Fatalf("batch answered with %s", m.line)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("the batch was not answered")
	}
	c.send(fmt.Sprintf(call, 3))
	if res := c.await("3"); !strings.Contains(res.line, structured) {
		t.Fatalf("after the batch: %s", res.line)
	}
}
