// Package mcpbridge is `diwall mcp`: an MCP server on stdio for the client,
// which forwards each tool call to the host over its local socket. It holds
// no authority: every tool result comes from the host, except `no_browser`
// when no host is there, so the client's session outlives browser restarts.
// The prompts and resources (package skill) are static text that grants
// nothing; it serves them itself, host or no host.
package mcpbridge

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/diwall/diwall/host/internal/operator"
	"github.com/diwall/diwall/host/internal/tools"
	"github.com/diwall/diwall/host/socket"
	"github.com/diwall/diwall/protocol"
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
	// Why, when set and returning text, adds it to a no_browser message:
	// what is known of why no host answers (an extension refused for its
	// version).
	Why func() string
	// Gone, when set and returning a message, says the browser is gone for
	// good (the browser of --launch exited): calls then answer
	// browser_exited with that message, which is not retryable.
	Gone func() string
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

	// progress: the client's session of each call in progress that asked
	// for progress notifications, by its token, so that the host's
	// notifications (a handoff that waits) reach the client.
	progress sync.Map // fmt.Sprint(token) -> *mcp.ServerSession

	// client is the client's session, to which the host's elicitation
	// requests (a handoff that also asks through the client) are passed.
	client atomic.Pointer[mcp.ServerSession]
}

func (f *forwarder) handler(name string) mcp.ToolHandler {
	return func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		if res := f.gone(name); res != nil {
			return res, nil
		}
		if req.Session != nil {
			f.client.Store(req.Session)
		}
		sess, err := f.session(ctx, clientOf(req.Session), uiCommands(req.Session))
		if err != nil {
			f.opts.Log.Info("no host", "tool", name, "err", err)
			return f.noBrowser(name), nil
		}
		params := &mcp.CallToolParams{Name: name, Arguments: req.Params.Arguments}
		if token := req.Params.GetProgressToken(); token != nil && req.Session != nil {
			params.SetProgressToken(token)
			key := fmt.Sprint(token)
			f.progress.Store(key, req.Session)
			defer f.progress.Delete(key)
		}
		res, err := sess.CallTool(ctx, params)
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
		return f.noBrowser(name), nil
	}
}

// noBrowser is the result of a call no host answered: browser_exited when
// the browser is gone for good, no_browser otherwise.
func (f *forwarder) noBrowser(tool string) *mcp.CallToolResult {
	if res := f.gone(tool); res != nil {
		return res
	}
	msg := f.opts.NoBrowser
	if f.opts.Why != nil {
		if why := f.opts.Why(); why != "" {
			msg += " " + why
		}
	}
	return tools.ErrorResult(tool, protocol.CodeNoBrowser, msg)
}

// gone is the browser_exited result when the browser is gone for good, or
// nil.
func (f *forwarder) gone(tool string) *mcp.CallToolResult {
	if f.opts.Gone == nil {
		return nil
	}
	msg := f.opts.Gone()
	if msg == "" {
		return nil
	}
	return tools.ErrorResult(tool, protocol.CodeBrowserExited, msg)
}

// clientOf is how the MCP client introduced itself: its name, for the
// person, and its version, for the audit log.
func clientOf(ss *mcp.ServerSession) (c client) {
	if ss == nil {
		return c
	}
	p := ss.InitializeParams()
	if p == nil {
		return c
	}
	c.elicits = tools.Elicits(p)
	if p.ClientInfo == nil {
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

type client struct {
	name, version string
	elicits       bool // announced the elicitation capability
}

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
	var elicit func(context.Context, *mcp.ElicitRequest) (*mcp.ElicitResult, error)
	if who.elicits {
		elicit = f.onElicit
	}
	sess, err := dial(ctx, f.opts.Socket(), tools.SessionHello{Key: f.key, Client: who.name, ClientVersion: who.version, Profile: f.opts.Profile}, ui, f.onProgress, elicit)
	if err != nil {
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

// Dial opens an MCP session to the host serving on socketPath, as the
// session hello says (its key, client and profile), announcing the
// operator's ui-commands when ui is set. `diwall mcp` and `diwall observe`
// both reach the host this way.
func Dial(ctx context.Context, socketPath string, hello tools.SessionHello, ui bool) (*mcp.ClientSession, error) {
	return dial(ctx, socketPath, hello, ui, nil, nil)
}

// onElicit passes the host's elicitation request on to the client (which
// announced the capability, and so does the bridge to the host); its
// context ends, and the client's form with it, when the host withdraws it.
func (f *forwarder) onElicit(ctx context.Context, req *mcp.ElicitRequest) (*mcp.ElicitResult, error) {
	ss := f.client.Load()
	if ss == nil {
		return nil, errors.New("no client to ask")
	}
	return ss.Elicit(ctx, req.Params)
}

// onProgress passes the host's progress notification on to the client
// whose call it is about.
func (f *forwarder) onProgress(ctx context.Context, req *mcp.ProgressNotificationClientRequest) {
	ss, ok := f.progress.Load(fmt.Sprint(req.Params.ProgressToken))
	if !ok {
		return
	}
	if err := ss.(*mcp.ServerSession).NotifyProgress(ctx, req.Params); err != nil {
		f.opts.Log.Debug("progress not passed on", "err", err)
	}
}

func dial(ctx context.Context, socketPath string, hello tools.SessionHello, ui bool,
	onProgress func(context.Context, *mcp.ProgressNotificationClientRequest),
	onElicit func(context.Context, *mcp.ElicitRequest) (*mcp.ElicitResult, error)) (*mcp.ClientSession, error) {
	conn, err := socket.Dial(socketPath, time.Second)
	if err != nil {
		return nil, err
	}
	experimental := map[string]any{tools.SessionCapability: hello}
	if ui {
		experimental[operator.CapabilityUICommands] = map[string]any{}
	}
	client := mcp.NewClient(&mcp.Implementation{Name: "diwall-mcp", Version: tools.Version}, &mcp.ClientOptions{
		Capabilities:                &mcp.ClientCapabilities{Experimental: experimental},
		ProgressNotificationHandler: onProgress,
		ElicitationHandler:          onElicit, // announces the capability when set
	})
	cctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	var sessOpts *mcp.ClientSessionOptions
	if onElicit != nil {
		// From 2026-07-28 on, a server may not send elicitation/create while
		// it serves a call: the host's handoff does, so this hop speaks
		// the version before.
		sessOpts = &mcp.ClientSessionOptions{ProtocolVersion: tools.ElicitBefore}
	}
	sess, err := client.Connect(cctx, &mcp.IOTransport{Reader: conn, Writer: conn}, sessOpts)
	if err != nil {
		conn.Close()
		return nil, err
	}
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
