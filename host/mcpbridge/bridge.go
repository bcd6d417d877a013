// Package mcpbridge is `diwall mcp`: an MCP server on stdio for the client,
// which forwards each tool call to the host over its local socket. It holds
// no authority: every result comes from the host, except `no_browser` when
// no host is there, so the client's session outlives browser restarts.
package mcpbridge

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"slices"
	"sync"
	"time"

	"github.com/diwall/diwall/host/operator"
	"github.com/diwall/diwall/host/socket"
	"github.com/diwall/diwall/host/tools"
	"github.com/diwall/diwall/protocol"
	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Options configures the bridge.
type Options struct {
	// Socket says where the host listens; it is asked again at every
	// (re)connection, so a host that moved is found.
	Socket func() string
	In     io.ReadCloser
	Out    io.WriteCloser
	Log    *slog.Logger
	// NoBrowser is the message of a no_browser result: what the person or
	// model should do to get a browser.
	NoBrowser string
	// Profile names the session's profile ("" is the host's default).
	Profile string
	// Permits says which tools the profile lists; nil lists every tool.
	// The host enforces the profile; this only keeps the others unlisted.
	Permits func(tool string) bool
	// Instructions are the server instructions ("" means tools.Instructions).
	Instructions string
	// OperatorWrite: the profile lets the session arrange the operator's
	// view, so screen is listed to a client that announces ui-commands.
	OperatorWrite bool
}

// Run serves the client on In/Out until it goes away or ctx ends.
func Run(ctx context.Context, opts Options) error {
	f := &forwarder{opts: opts, key: tools.NewSessionKey()}
	defer f.close()
	server := tools.NewMCPServer(opts.Log, opts.Instructions)
	for _, t := range tools.Definitions() {
		if opts.Permits == nil || opts.Permits(t.Name) {
			server.AddTool(t, f.handler(t.Name))
		}
	}
	server.AddReceivingMiddleware(hideScreen(opts.OperatorWrite))
	err := server.Run(ctx, &mcp.IOTransport{Reader: opts.In, Writer: opts.Out})
	if errors.Is(err, io.EOF) || errors.Is(err, context.Canceled) {
		return nil
	}
	return err
}

// forwarder holds the MCP client session to the host, reconnecting when the
// host has gone and come back. Every connection carries the same session
// key, so a restarted host gives the session its tabs back.
type forwarder struct {
	opts Options
	key  string

	mu   sync.Mutex
	sess *mcp.ClientSession
	done chan struct{} // closed when sess ends
}

func (f *forwarder) handler(name string) mcp.ToolHandler {
	return func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		sess, err := f.session(ctx, clientOf(req.Session), uiCommands(req.Session))
		if err != nil {
			f.opts.Log.Info("no host", "tool", name, "err", err)
			return tools.ErrorResult(name, protocol.CodeNoBrowser, f.opts.NoBrowser), nil
		}
		res, err := sess.CallTool(ctx, &mcp.CallToolParams{Name: name, Arguments: req.Params.Arguments})
		if err == nil {
			return res, nil
		}
		var wire *jsonrpc.Error
		if errors.As(err, &wire) {
			return nil, wire
		}
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		f.opts.Log.Warn("host call failed", "tool", name, "err", err)
		f.drop(sess)
		return tools.ErrorResult(name, protocol.CodeNoBrowser, f.opts.NoBrowser), nil
	}
}

// clientOf is how the MCP client introduced itself: its name, for the
// person, and its version, for the audit log.
func clientOf(ss *mcp.ServerSession) (c client) {
	if ss == nil {
		return c
	}
	p := ss.InitializeParams()
	if p == nil || p.ClientInfo == nil {
		return c
	}
	c.name, c.version = p.ClientInfo.Title, p.ClientInfo.Version
	if c.name == "" {
		c.name = p.ClientInfo.Name
	}
	return c
}

// uiCommands reports whether the MCP client announced the ui-commands
// capability; the host hears of it from the bridge's own initialize.
func uiCommands(ss *mcp.ServerSession) bool {
	if ss == nil {
		return false
	}
	p := ss.InitializeParams()
	if p == nil || p.Capabilities == nil {
		return false
	}
	_, ok := p.Capabilities.Experimental[operator.CapabilityUICommands]
	return ok
}

// hideScreen keeps screen out of tools/list unless the profile grants
// operator_write and the client announced ui-commands.
func hideScreen(operatorWrite bool) mcp.Middleware {
	return func(next mcp.MethodHandler) mcp.MethodHandler {
		return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
			res, err := next(ctx, method, req)
			list, ok := res.(*mcp.ListToolsResult)
			if err != nil || method != "tools/list" || !ok {
				return res, err
			}
			ss, _ := req.GetSession().(*mcp.ServerSession)
			if operatorWrite && uiCommands(ss) {
				return res, nil
			}
			list.Tools = slices.DeleteFunc(slices.Clone(list.Tools), func(t *mcp.Tool) bool { return t.Name == "screen" })
			return list, nil
		}
	}
}

type client struct{ name, version string }

// session returns a live session to the host, dialing a new one when there
// is none or the last one ended.
func (f *forwarder) session(ctx context.Context, who client, ui bool) (*mcp.ClientSession, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.sess != nil {
		select {
		case <-f.done:
			f.sess.Close()
			f.sess = nil
		default:
			return f.sess, nil
		}
	}
	conn, err := socket.Dial(f.opts.Socket(), time.Second)
	if err != nil {
		return nil, err
	}
	hello := tools.SessionHello{Key: f.key, Client: who.name, ClientVersion: who.version, Profile: f.opts.Profile}
	experimental := map[string]any{tools.SessionCapability: hello}
	if ui {
		experimental[operator.CapabilityUICommands] = map[string]any{}
	}
	client := mcp.NewClient(&mcp.Implementation{Name: "diwall-mcp", Version: tools.Version}, &mcp.ClientOptions{
		Capabilities: &mcp.ClientCapabilities{Experimental: experimental},
	})
	cctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	sess, err := client.Connect(cctx, &mcp.IOTransport{Reader: conn, Writer: conn}, nil)
	if err != nil {
		conn.Close()
		return nil, err
	}
	done := make(chan struct{})
	go func() {
		sess.Wait()
		close(done)
	}()
	f.sess, f.done = sess, done
	return sess, nil
}

func (f *forwarder) drop(sess *mcp.ClientSession) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.sess == sess {
		f.sess.Close()
		f.sess = nil
	}
}

func (f *forwarder) close() {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.sess != nil {
		f.sess.Close()
		f.sess = nil
	}
}
