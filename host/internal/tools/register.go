package tools

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"reflect"
	"runtime/debug"
	"strings"
	"sync"
	"time"

	"github.com/diwall/diwall/host/internal/toolerr"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/diwall/diwall/host/internal/browser"
	"github.com/diwall/diwall/host/internal/operator"
	"github.com/diwall/diwall/internal/policy"
)

// Outcome is what a tool's handler returns: its server part (a struct
// embedding the call's *Base; nil means the Base alone), what the page
// wrote, saying where it came from (nil: nothing), and images. A failed
// call returns an error, with as much of the Outcome as it has.
type Outcome struct {
	Server serverPart
	Page   pageContent
	Images []*mcp.ImageContent
}

// Call is one tool call as a handler sees it.
type Call struct {
	Tool    string
	Client  *Client
	Profile policy.Profile // the session's profile, as of this call
	Base    *Base
	// Tab is the tab the call works on: for a page tool, resolved and
	// admitted by the gate before the tool runs.
	Tab *browser.Tab
	srv *Server
	req *mcp.CallToolRequest // the MCP request (progress, elicitation)
	// For the audit log (audit.go): the artifacts of the call, and secrets
	// it must never hold.
	artifacts []string
	secrets   []string
	// typedPlain holds the steps (by index) whose typed text the audit
	// log may keep: set by a tool that ran them, from what it saw them do
	// (act: each succeeded, into a field known not to be sensitive). Nil,
	// as every call begins, keeps none (redact.go).
	typedPlain map[int]bool
	// shared are the pairs "from to" of sites the person allowed text to
	// go between once, for the rest of this call (share.go).
	sharedMu sync.Mutex
	shared   map[string]bool
}

// def is one tool: its MCP definition and, in the host, how its calls'
// arguments are decoded.
type def struct {
	tool *mcp.Tool
	// decode validates a call's arguments against the input schema and
	// decodes them into the tool's input.
	decode func(raw json.RawMessage) (args, error)
	// input is the type of the tool's input (the tests walk it).
	input reflect.Type
	// listed is its listing rule (listing.go); nil: listed to all.
	listed listingRule
	// budget is how long a call may work, given the profile and the time
	// every tool gets; nil: that time.
	budget func(p policy.Profile, usual time.Duration) time.Duration
}

// withBudget gives a definition its own budget (def.budget).
func (d def) withBudget(budget func(p policy.Profile, usual time.Duration) time.Duration) def {
	d.budget = budget
	return d
}

// args are a call's arguments, decoded into its tool's input (once: what
// the person sees of them and what the tool runs on are the same value).
type args interface {
	// shown is the arguments as the person may see them before the call
	// runs (redact.go).
	shown(s *Server, c *Call) map[string]any
	// recorded is the arguments as the audit log keeps them once the call
	// has run, given what was shown before (redact.go).
	recorded(c *Call, shown map[string]any) map[string]any
	// run runs the tool on them.
	run(ctx context.Context, c *Call) (Outcome, error)
}

// input is a tool's input of type In, and the tool.
type input[In any] struct {
	in   In
	tab  func(*In) string // a page tool's: the tab its input names
	tool func(*Server, context.Context, *Call, In) (Outcome, error)
}

func (a *input[In]) shown(s *Server, c *Call) map[string]any { return shownInput(s, c, a.in) }

func (a *input[In]) recorded(c *Call, shown map[string]any) map[string]any {
	return recordedInput(c, a.in, shown)
}

// run admits a page tool's page, then runs the tool.
func (a *input[In]) run(ctx context.Context, c *Call) (Outcome, error) {
	if a.tab != nil {
		if err := c.enterPage(ctx, a.tab(&a.in)); err != nil {
			return Outcome{}, err
		}
	}
	return a.tool(c.srv, ctx, c, a.in)
}

// onTab is an input that names the tab it is about (tab_id).
type onTab interface{ tabArg() string }

// newDef builds the definition of a tool that works on no page of its
// own (see newPageDef).
func newDef[In any](tool *mcp.Tool, enums map[string][]any, out answers, run func(*Server, context.Context, *Call, In) (Outcome, error)) def {
	return define(tool, enums, out, nil, run)
}

// newPageDef builds the definition of a tool that works on its tab's
// page, which its input names (onTab): the gate admits the page before
// the tool runs (Call.enterPage), and the tool finds its tab in Call.Tab.
func newPageDef[In any, P interface {
	*In
	onTab
}](tool *mcp.Tool, enums map[string][]any, out answers, run func(*Server, context.Context, *Call, In) (Outcome, error)) def {
	return define(tool, enums, out, func(in *In) string { return P(in).tabArg() }, run)
}

// define builds a tool definition whose input schema is derived from In,
// and its output schema from the types of its answers (outputschema.go).
// enums constrains string properties to the given values; a key such as
// "steps.action" names a property of a list's items. tab, for a page
// tool, is the tab its input names.
func define[In any](tool *mcp.Tool, enums map[string][]any, out answers, tab func(*In) string, run func(*Server, context.Context, *Call, In) (Outcome, error)) def {
	schema, err := jsonschema.For[In](nil)
	if err != nil {
		panic(fmt.Sprintf("tool %s: %v", tool.Name, err))
	}
	for path, values := range enums {
		p := schema
		for _, prop := range strings.Split(path, ".") {
			if p.Items != nil { // a list: its items' property
				p = p.Items
			}
			next, ok := p.Properties[prop]
			if !ok {
				panic(fmt.Sprintf("tool %s: enum for unknown property %q", tool.Name, path))
			}
			p = next
		}
		p.Enum = values
	}
	resolved, err := schema.Resolve(nil)
	if err != nil {
		panic(fmt.Sprintf("tool %s: %v", tool.Name, err))
	}
	t := *tool
	t.InputSchema = schema
	t.OutputSchema = out.outputSchema(tool.Name)
	return def{
		tool:  &t,
		input: reflect.TypeFor[In](),
		decode: func(raw json.RawMessage) (args, error) {
			a := &input[In]{tab: tab, tool: run}
			if err := decodeArgs(resolved, raw, &a.in); err != nil {
				return nil, err
			}
			return a, nil
		},
	}
}

// decodeArgs validates raw arguments against the schema and decodes them.
func decodeArgs(rs *jsonschema.Resolved, raw json.RawMessage, into any) error {
	if len(bytes.TrimSpace(raw)) == 0 || string(raw) == "null" {
		raw = json.RawMessage("{}")
	}
	var instance any
	if err := json.Unmarshal(raw, &instance); err != nil {
		return toolerr.Errorf(toolerr.CodeInvalidArgument, "The arguments are not valid JSON: %v", err)
	}
	if err := rs.Validate(instance); err != nil {
		// Not even as the cause for the log: the validator's words repeat
		// the value (schemaerr.go).
		return &toolerr.Error{Code: toolerr.CodeInvalidArgument, Msg: "Invalid arguments: " + schemaProblem(err) + "."}
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(into); err != nil {
		return toolerr.Errorf(toolerr.CodeInvalidArgument, "Invalid arguments: %v", err)
	}
	return nil
}

// handler turns a def into the MCP handler of the host. Every call goes
// through here: the session's profile decides whether the tool may run and
// for how long, and every result passes the gate before it leaves.
func (s *Server) handler(d def) mcp.ToolHandler {
	return func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		start := time.Now()
		c := &Call{
			Tool:   d.tool.Name,
			Client: s.session(req.Session),
			Base:   &Base{Tool: d.tool.Name, OperationID: NewOperationID(), Notices: []string{}},
			srv:    s,
			req:    req,
		}
		if n := c.Client.takeReconnection(); n != "" {
			c.Base.Notice(n)
		}
		// The arguments as the person may see them, secrets withheld (read
		// before the call runs, against the snapshot its marks came from).
		in, invalid := d.decode(req.Params.Arguments)
		shown := withheldInvalid()
		if invalid == nil {
			shown = in.shown(s, c)
		}
		ctx, op := s.watchBegin(ctx, c, shown)
		out, err := s.runCallRecovering(ctx, c, d, in, invalid)
		env := Envelope{OK: err == nil, Server: c.Base, PageContent: s.reportDownloads(ctx, c, start, out.Page)}
		if out.Server != nil {
			env.Server = out.Server
		}
		attrs := []any{"tool", d.tool.Name, "op", c.Base.OperationID, "ok", err == nil, "ms", time.Since(start).Milliseconds()}
		if err != nil {
			e := toolerr.From(err)
			c.Base.Error = &ToolError{Code: e.Code, Message: e.Msg, Retryable: e.Code.Retryable()}
			attrs = append(attrs, "code", e.Code, "cause", e.Err)
		}
		s.log.Info("tool call", attrs...)
		s.watchEnd(op, c, out)
		if invalid == nil {
			// Read again now that the call has run: what it typed is kept
			// only as far as it vouches for it.
			shown = in.recorded(c, shown)
		}
		withholdPrivate(&c.Client.private, shown)
		s.record(c, shown, env, out, start)
		s.countCall()
		return toResult(env, out.Images), nil
	}
}

// runCallRecovering is runCall, with a panic inside it (a bug of Diwall's)
// turned into the call's internal error, its stack in the log: the call
// is still answered through the gate's envelope, shown ended to the
// person and recorded in the audit log, and nothing it read leaves.
// (recoverPanics stays around the whole request, for what fails outside.)
func (s *Server) runCallRecovering(ctx context.Context, c *Call, d def, in args, invalid error) (out Outcome, err error) {
	defer func() {
		if p := recover(); p != nil {
			s.log.Error("panic in a tool call; the session goes on", "tool", c.Tool, "op", c.Base.OperationID,
				"panic", fmt.Sprint(p), "stack", string(debug.Stack()))
			out, err = Outcome{}, toolerr.Errorf(toolerr.CodeInternal, "%s", panicMessage)
		}
	}()
	return s.runCall(ctx, c, d, in, invalid)
}

// runCall applies the person's pause or stop and the session's profile to
// one call, runs it on its arguments (or answers why they are invalid), and
// passes its result through the gate.
func (s *Server) runCall(ctx context.Context, c *Call, d def, in args, invalid error) (Outcome, error) {
	if err := personSays(s.opts.Operator.Admit(c.Client.Key())); err != nil {
		return Outcome{}, err
	}
	p, err := s.profileOf(c.Client)
	if err != nil {
		return Outcome{}, err
	}
	c.Profile = p
	if p.EditRefused != nil {
		c.Base.Notice(fmt.Sprintf("the profile %q was edited into a file Diwall cannot use (%v); its last good version stays in force until the person fixes the file", p.Name, p.EditRefused))
	}
	if !p.Permits(c.Tool) {
		return Outcome{}, toolerr.Errorf(toolerr.CodePermissionDenied,
			"The profile %q of this session does not permit the %s tool. Ask the person if you need it.", p.Name, c.Tool)
	}
	if invalid != nil {
		return s.passGate(ctx, c, Outcome{}, invalid)
	}
	budget := toolBudget(p.CallTimeout)
	if d.budget != nil {
		budget = d.budget(p, budget)
	}
	ctx, cancel := context.WithTimeout(ctx, budget)
	defer cancel()
	out, err := in.run(ctx, c)
	if stop := personSays(operator.Interrupted(ctx)); stop != nil && err != nil {
		return Outcome{}, stop // what the call read is dropped with it
	}
	return s.passGate(ctx, c, out, err)
}

// profileOf returns the session's profile as it is now (the person may
// have edited its file since the last call).
func (s *Server) profileOf(st *Client) (policy.Profile, error) {
	name := st.hello.Profile
	if name == "" {
		name = s.opts.DefaultProfile
	}
	if name == "" || s.opts.Profiles == nil {
		if name != "" && name != s.opts.Profile.Name {
			return policy.Profile{}, toolerr.Errorf(toolerr.CodePermissionDenied, "This host has no profile %q.", name)
		}
		return s.opts.Profile, nil
	}
	p, err := s.opts.Profiles.Get(name)
	if err != nil {
		return policy.Profile{}, &toolerr.Error{Code: toolerr.CodePermissionDenied, Err: err,
			Msg: fmt.Sprintf("This session's profile cannot be used: %v. Ask the person to fix it (diwall profile show %s).", err, name)}
	}
	if p.CallTimeout == 0 {
		p.CallTimeout = policy.DefaultCallTimeout
	}
	if p.EditRefused != nil {
		if said, _ := s.refusedEdits.Swap(name, p.EditRefused.Error()); said != p.EditRefused.Error() {
			s.log.Warn("a profile's edit cannot be used; its last good version stays in force", "profile", name, "err", p.EditRefused)
		}
	} else {
		s.refusedEdits.Delete(name)
	}
	return p, nil
}

// toolBudget is how long a tool may work within the call's timeout: the
// rest is kept for the result to be built and to reach the client before
// the client's own timeout (often the same 60 s) gives up on it.
func toolBudget(callTimeout time.Duration) time.Duration {
	return callTimeout - min(callTimeout/10, 3*time.Second)
}

// enumOf is a list of names as a schema's enum.
func enumOf[S ~string](names []S) []any {
	enum := make([]any, len(names))
	for i, n := range names {
		enum[i] = string(n)
	}
	return enum
}
