package tools

import (
	"context"
	"errors"
	"slices"

	"github.com/diwall/diwall/host/internal/toolerr"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/diwall/diwall/host/internal/operator"
	"github.com/diwall/diwall/internal/policy"
)

type screenIn struct {
	Action     string `json:"action" jsonschema:"the change"`
	SessionKey string `json:"sessionKey,omitempty" jsonschema:"pane actions: whose pane; default: yours"`
	Dock       string `json:"dock,omitempty" jsonschema:"terminal_* and browser_*: where the panel goes"`
}

// The screen actions (docs/contract.md §7), by the inputs they take.
var (
	paneActions  = []string{"split_right", "split_down", "close_pane", "focus", "navigate"}
	panelActions = []string{"terminal_show", "terminal_hide", "browser_show", "browser_hide"}
	screenEnum   = slices.Concat(paneActions, []string{"sidebar_show", "sidebar_hide"}, panelActions)
)

func screenDef() def {
	return newDef(&mcp.Tool{
		Name:        "screen",
		Description: "Arrange the view of the person watching you: split, close, focus or open a session's pane; show or hide the sidebar, the log (terminal) and the live browser panel. Presentation only.",
		Annotations: &mcp.ToolAnnotations{Title: "Screen", DestructiveHint: ptr(false), OpenWorldHint: ptr(false)},
	}, map[string][]any{"action": enumOf(screenEnum), "dock": {"bottom", "right"}}, serverOnly[*Base](), (*Server).screen).listedOnlyWhen(screenOffered)
}

// screenOffered says whether a session may use screen: its client
// announced ui-commands and its profile grants operator_write.
func screenOffered(h SessionHello, p policy.Profile) bool {
	return h.UICommands && p.OperatorWrite && p.Permits("screen")
}

func (s *Server) screen(_ context.Context, c *Call, in screenIn) (Outcome, error) {
	if !screenOffered(c.Client.hello, c.Profile) {
		return Outcome{}, toolerr.Errorf(toolerr.CodePermissionDenied,
			"screen is only for an MCP client that announces the ui-commands capability, under a profile with operator_write = true.")
	}
	cmd := operator.UICommand{Action: in.Action, Dock: in.Dock}
	switch {
	case slices.Contains(paneActions, in.Action):
		cmd.SessionKey = in.SessionKey
		if cmd.SessionKey == "" {
			cmd.SessionKey = c.Client.Key()
		} else if !s.opts.Operator.Knows(cmd.SessionKey) {
			return Outcome{}, toolerr.Errorf(toolerr.CodeInvalidArgument, "No session has the key %q. Leave sessionKey out for your own pane.", in.SessionKey)
		}
		if in.Dock != "" {
			return Outcome{}, toolerr.Errorf(toolerr.CodeInvalidArgument, "dock goes with terminal_* and browser_* only.")
		}
	case in.SessionKey != "":
		return Outcome{}, toolerr.Errorf(toolerr.CodeInvalidArgument, "sessionKey goes with split_right, split_down, close_pane, focus and navigate only.")
	case in.Dock != "" && !slices.Contains(panelActions, in.Action):
		return Outcome{}, toolerr.Errorf(toolerr.CodeInvalidArgument, "dock goes with terminal_* and browser_* only.")
	}
	if err := s.opts.Operator.Command(c.Client.Key(), cmd); err != nil {
		if errors.Is(err, operator.ErrNoInterface) {
			return Outcome{}, &toolerr.Error{Code: toolerr.CodeUnavailable, Err: err,
				Msg: "No operator view that accepts screen commands is open (the extension's side panel, or the page of `diwall watch`). Carry on without it."}
		}
		return Outcome{}, err
	}
	return Outcome{}, nil
}
