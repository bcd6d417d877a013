package tools

import (
	"context"
	"net"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/diwall/diwall/host/internal/operator"
)

// TestClientOf: a client's name for the person is its title, else its
// name; what `diwall mcp` says of its client wins in the host.
func TestClientOf(t *testing.T) {
	for _, c := range []struct {
		impl                *mcp.Implementation
		exp                 map[string]any
		client, version     string
		hostClient, hostVer string
		ui                  bool
	}{
		{&mcp.Implementation{Name: "claude-code", Title: "Claude Code", Version: "2.1"}, nil, "Claude Code", "2.1", "Claude Code", "2.1", false},
		{&mcp.Implementation{Name: "cursor", Version: "1"}, map[string]any{operator.CapabilityUICommands: map[string]any{}}, "cursor", "1", "cursor", "1", true},
		{&mcp.Implementation{Name: "diwall-mcp", Version: "0.9"},
			map[string]any{SessionCapability: map[string]any{"session": ownerKey, "client": "Codex", "client_version": "5"}},
			"diwall-mcp", "0.9", "Codex", "5", false},
	} {
		server := mcp.NewServer(&mcp.Implementation{Name: "s", Version: "0"}, nil)
		got := make(chan [2]SessionHello, 1)
		server.AddReceivingMiddleware(func(next mcp.MethodHandler) mcp.MethodHandler {
			return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
				if ss, ok := req.GetSession().(*mcp.ServerSession); ok && method == "ping" {
					got <- [2]SessionHello{ClientOf(ss), helloOf(ss)}
				}
				return next(ctx, method, req)
			}
		})
		a, b := net.Pipe()
		ss, err := server.Connect(t.Context(), &mcp.IOTransport{Reader: a, Writer: a}, nil)
		if err != nil {
			t.Fatal(err)
		}
		var opts *mcp.ClientOptions
		if c.exp != nil {
			opts = &mcp.ClientOptions{Capabilities: &mcp.ClientCapabilities{Experimental: c.exp}}
		}
		cs, err := mcp.NewClient(c.impl, opts).Connect(t.Context(), &mcp.IOTransport{Reader: b, Writer: b}, nil)
		if err != nil {
			t.Fatal(err)
		}
		if err := cs.Ping(t.Context(), nil); err != nil {
			t.Fatal(err)
		}
		h := <-got
		if h[0].Client != c.client || h[0].ClientVersion != c.version || h[0].UICommands != c.ui ||
			h[1].Client != c.hostClient || h[1].ClientVersion != c.hostVer || h[1].UICommands != c.ui {
			t.Errorf("%+v: client %+v, host %+v", c.impl, h[0], h[1])
		}
		cs.Close()
		ss.Close()
	}
}
