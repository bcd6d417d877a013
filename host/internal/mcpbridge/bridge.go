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
	"io"
	"log/slog"
	"sync"
	"sync/atomic"
	"time"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/diwall/diwall/host/internal/operator"
	"github.com/diwall/diwall/host/internal/toolerr"
	"github.com/diwall/diwall/host/internal/tools"
	"github.com/diwall/diwall/internal/policy"
	"github.com/diwall/diwall/internal/socket"
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
	// model should do to get a browser. NoBrowserLost, when set, is the
	// message once the session had a host and lost it.
	NoBrowser, NoBrowserLost string
	// Why, when set and returning text, adds it to a no_browser message:
	// what is known of why no host answers (an extension refused for its
	// version).
	Why func() string
	// Gone, when set and returning a message, says the browser is gone for
	// good (the browser of --launch died too often): calls then answer
	// browser_exited with that message, which is not retryable.
	Gone func() string
	// Revive, when set, is called when a call finds no host: it brings
	// back a browser that went away, when it can (the browser of --launch
	// is started again), and returns once its host serves. An error means
	// no browser for now: the call answers no_browser (or browser_exited,
	// when Gone says so).
	Revive func(ctx context.Context) error
	// HostLost, when set, is called before the call that follows one the
	// host answered no_browser (or failed under): it returns once that
	// host's browser is known to have gone, or its host no longer serves,
	// or after a bound (launch.Keeper.AwaitLost).
	HostLost func(ctx context.Context)
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
	ctx, cancel := context.WithCancel(ctx)
	f := &forwarder{opts: opts, key: tools.NewSessionKey(), ctx: ctx, relay: newRelay()}
	f.progress.log = opts.Log
	defer func() {
		cancel() // first, so the closing session is not reconnected
		f.close()
	}()
	// The bridge knows of the profile what decides the listing.
	server := tools.NewMCPServer(opts.Log, opts.Instructions, tools.HideUnlisted(func(tools.SessionHello) (policy.Profile, bool) {
		return policy.Profile{OperatorWrite: opts.OperatorWrite}, true
	}))
	for _, t := range tools.Definitions() {
		if opts.Permits == nil || opts.Permits(t.Name) {
			server.AddTool(t, f.handler(t.Name))
		}
	}
	err := server.Run(ctx, f.relay.towardClient(tools.NewStream(opts.In, opts.Out, opts.Log)))
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
	ctx  context.Context // ends with Run

	mu   sync.Mutex
	sess *mcp.ClientSession
	done chan struct{} // closed when sess ends
	// who is how the client introduced itself when the last session was
	// opened, for reconnecting by itself (see watch); lost says a session
	// was open and ended.
	who  tools.SessionHello
	lost bool

	// progress: the calls in progress that asked for progress
	// notifications, by the token the bridge gave the host, so that the
	// host's notifications (a handoff that waits) reach their client.
	progress progressRoutes

	// relay passes the host's tool results to the client as they came
	// (relay.go).
	relay *relay
	// lostBrowser is the session to a host that answered a call
	// no_browser (awaitLostHost).
	lostBrowser *mcp.ClientSession

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
		return f.call(ctx, name, req)
	}
}

// call forwards a tool call to the host, bringing back a browser that went
// away when it can (Revive).
func (f *forwarder) call(ctx context.Context, name string, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	f.awaitLostHost(ctx)
	who := tools.ClientOf(req.Session)
	sess, err := f.session(ctx, who)
	if err != nil && f.opts.Revive != nil {
		// No host: bring the browser back if it can be, and try again.
		if rerr := f.opts.Revive(ctx); rerr != nil {
			f.opts.Log.Info("no browser", "tool", name, "err", rerr)
			return f.noBrowser(name, rerr), nil
		}
		sess, err = f.session(ctx, who)
	}
	if err != nil {
		f.opts.Log.Info("no host", "tool", name, "err", err)
		return f.noBrowser(name, nil), nil
	}
	params := &mcp.CallToolParams{Name: name, Arguments: req.Params.Arguments}
	if token := req.Params.GetProgressToken(); token != nil && req.Session != nil {
		own, settle := f.progress.add(req.Session, token)
		defer settle(ctx)
		params.SetProgressToken(own)
	}
	res, err := sess.CallTool(ctx, params)
	if err == nil {
		if f.opts.Revive != nil && f.relay.noBrowser(res) {
			f.mu.Lock()
			f.lostBrowser = sess
			f.mu.Unlock()
		}
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
	if f.opts.Revive != nil {
		f.mu.Lock()
		f.lostBrowser = sess
		f.mu.Unlock()
	}
	return f.noBrowser(name, nil), nil
}

// hostEnds bounds how long the next call waits for the session to a host
// that answered no_browser to end, when there is no HostLost.
const hostEnds = 3 * time.Second

// awaitLostHost: when the host answered a call no_browser, or its session
// failed under a call (its browser went away: the browser Diwall launched
// died, and the host ends with it), the next call first lets that host go
// (HostLost, or the session's end, at most hostEnds) and dials again, so
// that it brings the browser back (Revive) instead of asking the ending
// host. A host that goes on serving (an extension that restarted) is asked
// again.
func (f *forwarder) awaitLostHost(ctx context.Context) {
	f.mu.Lock()
	lost, done, current := f.lostBrowser, f.done, f.sess != nil && f.sess == f.lostBrowser
	f.lostBrowser = nil
	f.mu.Unlock()
	if lost == nil {
		return
	}
	if f.opts.HostLost != nil {
		f.opts.HostLost(ctx)
	} else if current {
		timeout := time.NewTimer(hostEnds)
		defer timeout.Stop()
		select {
		case <-done:
		case <-timeout.C:
		case <-ctx.Done():
		}
	}
	f.drop(lost)
}

// noBrowser is the result of a call no host answered: browser_exited when
// the browser is gone for good, no_browser otherwise, saying why bringing
// it back failed when that was tried (revived).
func (f *forwarder) noBrowser(tool string, revived error) *mcp.CallToolResult {
	if res := f.gone(tool); res != nil {
		return res
	}
	msg := f.opts.NoBrowser
	f.mu.Lock()
	lost := f.lost
	f.mu.Unlock()
	if lost && f.opts.NoBrowserLost != "" {
		msg = f.opts.NoBrowserLost
	}
	if f.opts.Why != nil {
		if why := f.opts.Why(); why != "" {
			msg += " " + why
		}
	}
	if revived != nil && !errors.Is(revived, context.Canceled) {
		msg += " Starting it again failed: " + revived.Error() + "."
	}
	return tools.ErrorResult(tool, toolerr.CodeNoBrowser, msg)
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
	return tools.ErrorResult(tool, toolerr.CodeBrowserExited, msg)
}

// session returns a live session to the host, dialing a new one when there
// is none or the last one ended.
func (f *forwarder) session(ctx context.Context, who tools.SessionHello) (*mcp.ClientSession, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.sess != nil {
		select {
		case <-f.done:
			f.sess.Close()
			f.sess, f.lost = nil, true
		default:
			return f.sess, nil
		}
	}
	var elicit func(context.Context, *mcp.ElicitRequest) (*mcp.ElicitResult, error)
	if who.Elicits {
		elicit = f.onElicit
	}
	hello := tools.SessionHello{Key: f.key, Client: who.Client, ClientVersion: who.ClientVersion, Profile: f.opts.Profile}
	sess, err := dial(ctx, f.opts.Socket(), hello, who.UICommands, &hostHop{progress: &f.progress, relay: f.relay, elicit: elicit})
	if err != nil {
		return nil, err
	}
	done := make(chan struct{})
	go func() {
		_ = sess.Wait()
		close(done)
	}()
	f.sess, f.done, f.who, f.lost = sess, done, who, false
	go f.watch(sess, done)
	return sess, nil
}

// Reconnecting by itself: once a session to a host ends, the bridge looks
// for a host every redialEvery (redialSlow after a minute) and opens a
// session to the first that serves, so that the person sees the session
// again (popup, tab groups) and the host gives it back what it can before
// the next call.
const (
	redialEvery = 250 * time.Millisecond
	redialSlow  = time.Second
)

// watch waits for the session sess to end, then reconnects, unless
// another session replaced it or the bridge ends.
func (f *forwarder) watch(sess *mcp.ClientSession, done chan struct{}) {
	select {
	case <-done:
	case <-f.ctx.Done():
		return
	}
	f.mu.Lock()
	current := f.sess == sess || f.sess == nil // not replaced by another
	if current {
		f.lost = true
	}
	f.mu.Unlock()
	if !current {
		return
	}
	f.opts.Log.Info("the host went away; reconnecting when one serves")
	start := time.Now()
	for {
		wait := redialEvery
		if time.Since(start) > time.Minute {
			wait = redialSlow
		}
		select {
		case <-f.ctx.Done():
			return
		case <-time.After(wait):
		}
		f.mu.Lock()
		replaced := f.sess != nil && f.sess != sess
		who := f.who
		f.mu.Unlock()
		if replaced {
			return // a call reconnected first
		}
		if next, err := f.session(f.ctx, who); err == nil {
			f.opts.Log.Info("reconnected to a host", "after", time.Since(start).Round(time.Millisecond))
			// The host registers a session at its first request.
			pctx, cancel := context.WithTimeout(f.ctx, 5*time.Second)
			defer cancel()
			if err := next.Ping(pctx, nil); err != nil {
				f.opts.Log.Info("the new host did not answer a ping", "err", err)
			}
			return
		}
	}
}

// Dial opens an MCP session to the host serving on socketPath, as the
// session hello says (its key, client and profile), announcing the
// operator's ui-commands when ui is set. `diwall mcp` and `diwall observe`
// both reach the host this way.
func Dial(ctx context.Context, socketPath string, hello tools.SessionHello, ui bool) (*mcp.ClientSession, error) {
	return dial(ctx, socketPath, hello, ui, nil)
}

// hostHop is what the bridge's session to the host adds to a plain one:
// the host's progress notifications passed on to the calls they are about
// (progress.go), its tool results relayed as they came (relay.go), and,
// when elicit is set, its elicitation requests passed on.
type hostHop struct {
	progress *progressRoutes
	relay    *relay
	elicit   func(context.Context, *mcp.ElicitRequest) (*mcp.ElicitResult, error)
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

// dial opens the session Dial does, with what hop adds when it is set.
func dial(ctx context.Context, socketPath string, hello tools.SessionHello, ui bool, hop *hostHop) (*mcp.ClientSession, error) {
	conn, err := socket.Dial(socketPath, time.Second)
	if err != nil {
		return nil, err
	}
	experimental := map[string]any{tools.SessionCapability: hello}
	if ui {
		experimental[operator.CapabilityUICommands] = map[string]any{}
	}
	var transport mcp.Transport = &mcp.IOTransport{Reader: conn, Writer: conn}
	var onProgress func(context.Context, *mcp.ProgressNotificationClientRequest)
	var onElicit func(context.Context, *mcp.ElicitRequest) (*mcp.ElicitResult, error)
	if hop != nil {
		transport, onProgress = counting{Transport: hop.relay.towardHost(transport), routes: hop.progress}, hop.progress.pass
		onElicit = hop.elicit
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
	sess, err := client.Connect(cctx, transport, sessOpts)
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
		f.sess, f.lost = nil, true
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
