package tools

import (
	"context"
	"errors"

	"github.com/diwall/diwall/host/internal/toolerr"

	"github.com/diwall/diwall/host/internal/operator"
	"github.com/diwall/diwall/internal/policy"
)

// The operator's view of every call (host/operator): Server.handler
// reports each call when it starts and when it ends, and Server.runCall
// refuses the call of a session the person paused or stopped, and turns a
// call the person interrupted into the same refusal.

// watchBegin reports a call that starts; the context it returns is
// cancelled when the person pauses or stops the session.
func (s *Server) watchBegin(ctx context.Context, c *Call, args map[string]any) (context.Context, *operator.Op) {
	g := c.Client.group
	who := operator.SessionView{Key: g.Key, Name: g.Name, Title: g.Title, Color: g.Color}
	return s.opts.Operator.Begin(ctx, who, operator.Operation{ID: c.Base.OperationID, Tool: c.Tool, Args: s.shownArgs(args)})
}

// watchEnd reports how the call ended: its outcome, its tab, and the
// marked image its result carries (after the gate: what the model saw).
func (s *Server) watchEnd(op *operator.Op, c *Call, out Outcome) {
	o := operator.Outcome{OK: c.Base.Error == nil}
	if e := c.Base.Error; e != nil {
		o.Code, o.Message = string(e.Code), e.Message
	}
	t := c.Tab
	if t == nil && c.Base.TabID != "" {
		t, _ = s.b.Lookup(c.Client.Key(), c.Base.TabID)
	}
	if t != nil {
		info := t.Info()
		o.Tab = &operator.Tab{ID: info.ID, URL: info.URL, Title: info.Title}
	}
	if c.Profile.Name != "" {
		o.Sites = &operator.SiteRules{Private: sitePatterns(c.Profile.Private), ReadOnly: sitePatterns(c.Profile.ReadOnly)}
	}
	if n := len(out.Images); n > 0 {
		o.ImageMIME, o.Image = out.Images[n-1].MIMEType, out.Images[n-1].Data
	}
	op.End(o)
}

// personSays refuses a call when the person paused or stopped its session
// (operator.ErrPaused, operator.ErrStopped); nil for any other error.
func personSays(err error) error {
	switch {
	case errors.Is(err, operator.ErrPaused):
		return &toolerr.Error{Code: toolerr.CodePausedByUser, Err: err,
			Msg: "The person watching paused this session. Wait, then call again; do not try another way meanwhile."}
	case errors.Is(err, operator.ErrStopped):
		return &toolerr.Error{Code: toolerr.CodePermissionDenied, Err: err,
			Msg: "The person watching stopped this session: its access to the browser has ended. Do not retry; tell the person where you stopped."}
	}
	return nil
}

// sitePatterns are sites as the person reads them: their patterns.
func sitePatterns(sites []policy.Site) []string {
	var out []string
	for _, s := range sites {
		out = append(out, s.String())
	}
	return out
}
