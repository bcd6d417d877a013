package mcpbridge

import (
	"context"
	"encoding/json"
	"log/slog"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// A client's progress token is a string or any JSON number (go-sdk reads
// a number as a float64, which it will not send on as a token of its own).
// The bridge gives the host a token of its own for each call that asked
// for progress, a string, and passes the host's notifications for it back
// to that call's client with the client's token as it came: no token of
// one client (or of one type) can stand for another's.
//
// go-sdk hands a call its response as soon as it reads it, and the
// notifications read before it to their handler in turn: a call waits
// until those of its token are passed on before it answers, so that none
// comes after its response (or is lost).

// progressRoutes maps the bridge's tokens to the calls they stand for.
type progressRoutes struct {
	log    *slog.Logger
	next   atomic.Int64
	routes sync.Map // the bridge's token (string) -> *progressRoute
}

// progressRoute is a call that asked for progress: its client's session,
// the token the client gave, and how many notifications for it were read
// from the host and not yet passed on.
type progressRoute struct {
	client  *mcp.ServerSession
	token   any
	pending atomic.Int64
	passed  chan struct{} // a notification was passed on
}

// settleWithin bounds how long a call that ended waits for its last
// notifications to be passed on.
const settleWithin = 2 * time.Second

// add records a call of client with its token, and returns the token to
// give the host and the func to call once the host answered: it waits
// until the notifications read before the answer are passed on, then
// forgets the token.
func (p *progressRoutes) add(client *mcp.ServerSession, token any) (string, func(ctx context.Context)) {
	own := "p" + strconv.FormatInt(p.next.Add(1), 10)
	r := &progressRoute{client: client, token: token, passed: make(chan struct{}, 1)}
	p.routes.Store(own, r)
	return own, func(ctx context.Context) {
		defer p.routes.Delete(own)
		timeout := time.NewTimer(settleWithin)
		defer timeout.Stop()
		for r.pending.Load() > 0 {
			select {
			case <-r.passed:
			case <-timeout.C:
				return
			case <-ctx.Done():
				return
			}
		}
	}
}

// route is the call a token of the bridge's stands for, or nil.
func (p *progressRoutes) route(token any) *progressRoute {
	own, ok := token.(string)
	if !ok {
		return nil
	}
	v, ok := p.routes.Load(own)
	if !ok {
		return nil
	}
	return v.(*progressRoute)
}

// read counts a notification read from the host, before it is handled.
func (p *progressRoutes) read(params json.RawMessage) {
	var n struct {
		ProgressToken any `json:"progressToken"`
	}
	if json.Unmarshal(params, &n) != nil {
		return
	}
	if r := p.route(n.ProgressToken); r != nil {
		r.pending.Add(1)
	}
}

// pass sends the host's notification to the client of the call its token
// stands for, under the client's token; a token the bridge does not know
// (a call that ended) is dropped.
func (p *progressRoutes) pass(ctx context.Context, req *mcp.ProgressNotificationClientRequest) {
	r := p.route(req.Params.ProgressToken)
	if r == nil {
		return
	}
	out := *req.Params
	out.ProgressToken = r.token
	if err := r.client.NotifyProgress(ctx, &out); err != nil {
		p.log.Debug("progress not passed on", "err", err)
	}
	r.pending.Add(-1)
	select {
	case r.passed <- struct{}{}:
	default:
	}
}

// counting is the bridge's transport to the host, which counts the
// progress notifications as they are read (see progressRoutes).
type counting struct {
	mcp.Transport
	routes *progressRoutes
}

func (t counting) Connect(ctx context.Context) (mcp.Connection, error) {
	conn, err := t.Transport.Connect(ctx)
	if err != nil {
		return nil, err
	}
	return &countingConn{Connection: conn, routes: t.routes}, nil
}

type countingConn struct {
	mcp.Connection
	routes *progressRoutes
}

func (c *countingConn) Read(ctx context.Context) (jsonrpc.Message, error) {
	msg, err := c.Connection.Read(ctx)
	if req, ok := msg.(*jsonrpc.Request); ok && req.Method == "notifications/progress" {
		c.routes.read(req.Params)
	}
	return msg, err
}
