package mcpbridge

import (
	"context"
	"io"
	"log/slog"
	"slices"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/diwall/diwall/host/internal/operator"
)

// TestListing: the bridge lists by the tools' own rules: every tool the
// profile permits, and screen only to a client that announces ui-commands
// under a profile with operator_write.
func TestListing(t *testing.T) {
	for _, c := range []struct {
		write, ui, screen bool
	}{{false, false, false}, {true, false, false}, {false, true, false}, {true, true, true}} {
		bridgeIn, clientOut := io.Pipe()
		clientIn, bridgeOut := io.Pipe()
		ctx, cancel := context.WithCancel(context.Background())
		done := make(chan error, 1)
		go func() {
			done <- Run(ctx, Options{Socket: func() string { return "" }, In: bridgeIn, Out: bridgeOut,
				Log: slog.New(slog.DiscardHandler), OperatorWrite: c.write, Permits: func(tool string) bool { return tool != "login" }})
		}()
		var opts *mcp.ClientOptions
		if c.ui {
			opts = &mcp.ClientOptions{Capabilities: &mcp.ClientCapabilities{Experimental: map[string]any{operator.CapabilityUICommands: map[string]any{}}}}
		}
		cs, err := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "0"}, opts).Connect(ctx, &mcp.IOTransport{Reader: clientIn, Writer: clientOut}, nil)
		if err != nil {
			t.Fatal(err)
		}
		list, err := cs.ListTools(ctx, nil)
		if err != nil {
			t.Fatal(err)
		}
		has := func(name string) bool {
			return slices.ContainsFunc(list.Tools, func(tool *mcp.Tool) bool { return tool.Name == name })
		}
		if has("screen") != c.screen || has("login") || !has("observe") {
			t.Errorf("operator_write=%v ui-commands=%v: screen listed %v, login %v, observe %v", c.write, c.ui, has("screen"), has("login"), has("observe"))
		}
		for _, tool := range list.Tools {
			if tool.OutputSchema == nil {
				t.Errorf("%s lists no output schema", tool.Name)
			}
		}
		cs.Close()
		cancel()
		// Cancelled: how the bridge ended is not what this test checks.
		if err := <-done; err != nil {
			t.Logf("the bridge ended: %v", err)
		}
	}
}
