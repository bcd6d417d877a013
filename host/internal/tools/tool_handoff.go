package tools

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/diwall/diwall/host/internal/operator"
	"github.com/diwall/diwall/host/internal/toolerr"
	"github.com/diwall/diwall/internal/policy"
)

// handoff hands the current step to the person: they do it in the agent's
// tab (a captcha, an MFA code, terms only they may accept) and answer Done
// or I can't where they look already (the tab group, the popup, the side
// panel, the operator page, `diwall handoff done|decline`). Nothing the
// person typed or saw comes back: the result says how the handoff ended
// and brings the page as it is, with what its fields hold withheld.

type handoffIn struct {
	Reason string `json:"reason" jsonschema:"what the person should do, shown to them"`
	TabID  string `json:"tab_id,omitempty" jsonschema:"default: current tab"`
}

func (in *handoffIn) tabArg() string { return in.TabID }

type handoffServer struct {
	*Base
	// Outcome is done, declined or timed_out.
	Outcome       string             `json:"outcome"`
	Origin        string             `json:"origin"`
	WaitedS       int64              `json:"waited_s"`
	Observation   *observationServer `json:"observation,omitempty"`
	NoObservation string             `json:"no_observation,omitempty"`
}

type handoffPage struct {
	pageInfo
	Observation *observePage `json:"observation,omitempty"`
}

func (p *handoffPage) sourceURLs() []string {
	if p.Observation != nil {
		return append([]string{p.URL}, p.Observation.sourceURLs()...)
	}
	return []string{p.URL}
}

// handoffProgressEvery is how often a waiting handoff tells the client it
// still waits (so that the client does not time out).
var handoffProgressEvery = 5 * time.Second

// handoffExtra is the time a handoff's call has beyond the person's wait:
// for the fresh observation and the result.
const handoffExtra = observationWait + 5*time.Second

func handoffDef() def {
	return newPageDef(&mcp.Tool{
		Name: "handoff",
		Description: "Hand a step only the person can do (captcha, MFA code, consent) to them in this tab; waits for Done or I can't. " +
			"server.outcome: done, declined or timed_out, with a fresh observation.",
		Annotations: &mcp.ToolAnnotations{Title: "Handoff", DestructiveHint: ptr(false), OpenWorldHint: ptr(true)},
	}, nil, answersOf[*handoffServer, *handoffPage](), (*Server).handoff).withBudget(func(p policy.Profile, usual time.Duration) time.Duration {
		return max(usual, p.HandoffTimeout+handoffExtra) // it waits for the person, within its own budget
	})
}

func (s *Server) handoff(ctx context.Context, c *Call, in handoffIn) (Outcome, error) {
	reason := strings.TrimSpace(in.Reason)
	if reason == "" {
		return Outcome{}, toolerr.Errorf(toolerr.CodeInvalidArgument, "Say in reason what the person should do (e.g. \"solve the captcha, then press Done\").")
	}
	hub := s.opts.Operator
	elicits := c.Client.hello.Elicits && c.req != nil && c.req.Session != nil
	if s.opts.NoPerson() && !hub.Watched() && !elicits {
		return Outcome{}, toolerr.Errorf(toolerr.CodePersonUnavailable,
			"No person can answer: the browser has no window, no operator view is connected and your client cannot ask the person. Do not retry: tell the person what step needs them, and stop there.")
	}
	t := c.Tab
	g := c.Client.group
	who := operator.SessionView{Key: g.Key, Name: g.Name, Title: g.Title, Color: g.Color}
	wait := c.Profile.HandoffTimeout
	if wait <= 0 {
		wait = 600 * time.Second
	}
	if dl, ok := ctx.Deadline(); ok {
		wait = min(wait, time.Until(dl)-handoffExtra)
	}
	stopProgress := c.progress(ctx, "waiting for the person: "+reason)
	stopAsking, takeDown := func() {}, func() {}
	// Once the hub shows the handoff (so that every interface and the
	// command line can answer it), the person is told and asked elsewhere.
	shown := func() <-chan string {
		takeDown = s.notifyHandoff(ctx, c, reason)
		if !elicits {
			return nil
		}
		var other <-chan string
		other, stopAsking = c.elicit(ctx, g.Name, reason)
		return other
	}
	start := time.Now()
	outcome, err := hub.HandOff(ctx, who, reason, t.ID, wait, shown, "the MCP client")
	stopAsking() // the first answer won: the other question is withdrawn
	takeDown()
	stopProgress()
	if err != nil {
		if stop := personSays(err); stop != nil {
			return Outcome{}, stop
		}
		if errors.Is(err, operator.ErrHandoffPending) {
			return Outcome{}, toolerr.Errorf(toolerr.CodePausedByUser, "A step of this session already waits for the person. Wait for that handoff to end.")
		}
		return Outcome{}, &toolerr.Error{Code: toolerr.CodeTimeout, Err: err, Msg: "The handoff ended before the person answered. Observe, then decide."}
	}
	c.Base.Notice("the person acted") // and nothing more of what they did
	info := t.Info()
	srv := &handoffServer{Base: c.Base, Outcome: outcome, Origin: info.Origin, WaitedS: int64(time.Since(start).Seconds())}
	page := &handoffPage{pageInfo: pageInfo{URL: info.URL, Title: info.Title}}
	out := Outcome{Server: srv, Page: page}
	if c.allows(info.URL) {
		// The wait may have used the call's context up to its margin: the
		// observation has its own.
		octx, cancel := context.WithTimeout(context.WithoutCancel(ctx), observationWait)
		srv.Observation, page.Observation, out.Images, srv.NoObservation = s.freshObservation(octx, c, t, nil)
		cancel()
	} else {
		srv.NoObservation = "the page is outside this session's sites"
	}
	if withheld := withholdFields(page.Observation); len(withheld) > 0 {
		c.secrets = append(c.secrets, withheld...)
		out.Images = nil
		if srv.Observation != nil {
			srv.Observation.Capture = "withheld: the page's fields hold what the person may have typed"
		}
		c.Base.Notice("what the page's fields hold is withheld from this result, and so is the image: the person may have typed it")
	}
	return out, nil
}

// notifyHandoff puts up the browser's desktop notification of the
// handoff; the func it returns takes it down.
func (s *Server) notifyHandoff(ctx context.Context, c *Call, reason string) (takeDown func()) {
	key := c.Client.Key()
	nctx, cancel := context.WithTimeout(ctx, 2*time.Second)
	defer cancel()
	tabID := 0
	if c.Tab != nil {
		tabID = c.Tab.ChromeID
	}
	if err := s.opts.Asker.ShowHandoff(nctx, key, c.Client.hello.Client, reason, tabID); err != nil {
		s.log.Debug("handoff: no notification", "op", c.Base.OperationID, "err", err)
	}
	return func() {
		cctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 2*time.Second)
		defer cancel()
		if err := s.opts.Asker.ClearHandoff(cctx, key); err != nil {
			s.log.Debug("handoff: notification not cleared", "op", c.Base.OperationID, "err", err)
		}
	}
}

// typedRoles are the roles whose value a person types.
var typedRoles = map[string]bool{"textbox": true, "searchbox": true, "combobox": true, "spinbutton": true}

// withholdFields removes from an observation after a handoff the values of
// the fields a person types into, wherever they appear, and returns them.
func withholdFields(o *observePage) []string {
	if o == nil {
		return nil
	}
	var values, long []string
	for i := range o.Elements {
		e := &o.Elements[i]
		if !typedRoles[e.Role] || e.Value == nil || strings.TrimSpace(*e.Value) == "" {
			continue
		}
		v := *e.Value
		values = append(values, v)
		if len([]rune(v)) >= 4 {
			long = append(long, v) // short ones are withheld on their field's line only
		}
		e.Value = nil
		e.State = append(e.State, "value withheld")
		mark := fmt.Sprintf("[%d]", e.Mark)
		for j, line := range o.Tree {
			if strings.Contains(line, mark) {
				o.Tree[j] = scrub(line, []string{v})
			}
		}
	}
	if len(values) == 0 {
		return nil
	}
	fix := func(s *string) { *s = scrub(*s, long) }
	fix(&o.Title)
	fix(&o.URL)
	for i := range o.Tree {
		fix(&o.Tree[i])
	}
	for i := range o.Elements {
		fix(&o.Elements[i].Name)
		fix(&o.Elements[i].Text)
	}
	return values
}

// progress sends the client, when it asked for progress (a progressToken),
// a notification every handoffProgressEvery until the returned func is
// called.
func (c *Call) progress(ctx context.Context, message string) (stop func()) {
	if c.req == nil || c.req.Params == nil || c.req.Session == nil {
		return func() {}
	}
	token := c.req.Params.GetProgressToken()
	if token == nil {
		return func() {}
	}
	ctx, cancel := context.WithCancel(ctx)
	done := make(chan struct{})
	go func() {
		defer close(done)
		tick := time.NewTicker(handoffProgressEvery)
		defer tick.Stop()
		for n := 1; ; n++ {
			select {
			case <-ctx.Done():
				return
			case <-tick.C:
			}
			err := c.req.Session.NotifyProgress(ctx, &mcp.ProgressNotificationParams{
				ProgressToken: token, Progress: float64(n),
				Message: fmt.Sprintf("%s (%d s)", message, n*int(handoffProgressEvery/time.Second)),
			})
			if err != nil && ctx.Err() == nil {
				c.srv.log.Debug("progress not sent", "op", c.Base.OperationID, "err", err)
			}
		}
	}()
	return func() {
		cancel()
		<-done
	}
}

// handoffSchema is the form an MCP client shows the person: Done or I can't.
var handoffSchema = map[string]any{
	"type": "object",
	"properties": map[string]any{
		"answer": map[string]any{
			"type": "string", "title": "Your answer",
			"enum":      []any{"done", "cannot"},
			"enumNames": []any{"Done", "I can't"},
		},
	},
	"required": []any{"answer"},
}

// elicit also asks the person through the MCP client (elicitation): the
// answer arrives on the channel (nothing when the person dismissed the
// form or the client failed); stop withdraws the question.
func (c *Call) elicit(ctx context.Context, client, reason string) (<-chan string, func()) {
	ctx, cancel := context.WithCancel(ctx)
	answer := make(chan string, 1)
	done := make(chan struct{})
	go func() {
		defer close(done)
		res, err := c.req.Session.Elicit(ctx, &mcp.ElicitParams{
			Mode: "form",
			Message: fmt.Sprintf("%s hands you a step in its browser tab. The model says: %q. Do it in that tab, then answer here (the model never sees what you type there).",
				client, reason),
			RequestedSchema: handoffSchema,
		})
		if err != nil {
			if ctx.Err() == nil {
				c.srv.log.Info("handoff: the client could not ask the person", "op", c.Base.OperationID, "err", err)
			}
			return
		}
		switch {
		case res.Action == "accept" && res.Content["answer"] == "done":
			answer <- operator.HandoffDone
		case res.Action == "accept" || res.Action == "decline":
			answer <- operator.HandoffDeclined
		}
		// "cancel": the person dismissed the form; the other places still wait.
	}()
	return answer, func() {
		cancel()
		<-done
	}
}
