package tools

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/diwall/diwall/host/browser"
	"github.com/diwall/diwall/protocol"
	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Outcome is what a tool's handler returns: its server part (a struct
// embedding the call's *Base; nil means the Base alone), what the page
// wrote, and images. A failed call returns an error, with as much of the
// Outcome as it has.
type Outcome struct {
	Server any
	Page   any
	Images []*mcp.ImageContent
}

// Call is one tool call as a handler sees it.
type Call struct {
	Tool    string
	Session *Session
	Base    *Base
}

// def is one tool: its MCP definition and, in the host, its handler.
type def struct {
	tool    *mcp.Tool
	resolve *jsonschema.Resolved
	run     func(ctx context.Context, c *Call, raw json.RawMessage) (Outcome, error)
}

// newDef builds a tool definition whose input schema is derived from In.
// enums constrains string properties to the given values; a key such as
// "steps.action" names a property of a list's items.
func newDef[In any](tool *mcp.Tool, enums map[string][]any, run func(context.Context, *Call, In) (Outcome, error)) def {
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
	return def{
		tool:    &t,
		resolve: resolved,
		run: func(ctx context.Context, c *Call, raw json.RawMessage) (Outcome, error) {
			var in In
			if err := decodeArgs(resolved, raw, &in); err != nil {
				return Outcome{}, err
			}
			return run(ctx, c, in)
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
		return browser.Errorf(protocol.CodeInvalidArgument, "The arguments are not valid JSON: %v", err)
	}
	if err := rs.Validate(instance); err != nil {
		return browser.Errorf(protocol.CodeInvalidArgument, "Invalid arguments: %s. Check the tool's input schema.", trimSchemaErr(err))
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(into); err != nil {
		return browser.Errorf(protocol.CodeInvalidArgument, "Invalid arguments: %v", err)
	}
	return nil
}

func trimSchemaErr(err error) string {
	s := err.Error()
	s = strings.TrimPrefix(s, "validating root: ")
	if len(s) > 300 {
		s = s[:300] + "…"
	}
	return s
}

// handler turns a def into the MCP handler of the host.
func (s *Server) handler(d def) mcp.ToolHandler {
	return func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		start := time.Now()
		c := &Call{
			Tool:    d.tool.Name,
			Session: s.session(req.Session),
			Base:    &Base{Tool: d.tool.Name, OperationID: NewOperationID(), Notices: []string{}},
		}
		ctx, cancel := context.WithTimeout(ctx, s.opts.CallTimeout)
		defer cancel()
		out, err := d.run(ctx, c, req.Params.Arguments)
		env := Envelope{OK: err == nil, Server: c.Base, PageContent: out.Page}
		if out.Server != nil {
			env.Server = out.Server
		}
		attrs := []any{"tool", d.tool.Name, "op", c.Base.OperationID, "ok", err == nil, "ms", time.Since(start).Milliseconds()}
		if err != nil {
			e := browser.AsError(err)
			c.Base.Error = &ToolError{Code: e.Code, Message: e.Msg, Retryable: e.Code.Retryable()}
			attrs = append(attrs, "code", e.Code, "cause", e.Err)
		}
		s.log.Info("tool call", attrs...)
		return toResult(env, out.Images), nil
	}
}
