package tools

import (
	"context"

	"github.com/diwall/diwall/host/internal/toolerr"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/diwall/diwall/host/internal/act"
	"github.com/diwall/diwall/host/internal/browser"
)

type dialogIn struct {
	Action string `json:"action" jsonschema:"accept or dismiss"`
	Text   string `json:"text,omitempty" jsonschema:"for a prompt: the answer to accept with"`
	TabID  string `json:"tab_id,omitempty" jsonschema:"default: current tab"`
}

func (in *dialogIn) tabArg() string { return in.TabID }

type dialogServer struct {
	*Base
	DialogType string `json:"dialog_type"`
	Accepted   bool   `json:"accepted"`
	Origin     string `json:"origin"`
	// After a beforeunload dialog was accepted: how the navigation it held
	// ended, or that the tab closed.
	Navigation *navResult `json:"navigation,omitempty"`
	TabClosed  bool       `json:"tab_closed,omitempty"`
	DialogOpen bool       `json:"dialog_open"`
}

func dialogDef() def {
	return newPageDef(&mcp.Tool{
		Name:        "dialog",
		Description: "Accept or dismiss the JavaScript dialog open on the tab (alert, confirm, prompt, beforeunload); other tools answer dialog_open until you do.",
		Annotations: &mcp.ToolAnnotations{Title: "Dialog", DestructiveHint: ptr(true), OpenWorldHint: ptr(true)},
	}, map[string][]any{"action": {"accept", "dismiss"}}, answersOf[*dialogServer, dialogPage](), (*Server).dialog).withBudget(asksBeforeSharing)
}

func (s *Server) dialog(ctx context.Context, c *Call, in dialogIn) (Outcome, error) {
	t := c.Tab
	d := t.Info().Dialog
	if d == nil {
		return Outcome{}, toolerr.Errorf(toolerr.CodeNoDialog, "No dialog is open on this tab (it may have closed already, or not opened yet). Observe to see the page as it is.")
	}
	accept := in.Action == "accept"
	if rule := c.Profile.ReadOnlyRule(t.Info().Origin); accept && rule != "" && (d.Type == "confirm" || d.Type == "prompt") {
		// A page asks "Delete this?" with a confirm: on a read-only site
		// its answer may change something, so only dismissing is done.
		return Outcome{}, act.ReadOnlyRefusal(t.Info().Origin, rule, "accept a "+d.Type+" dialog (dismiss it instead)")
	}
	if accept && in.Text != "" {
		if err := c.giving(ctx, in.Text); err != nil {
			return Outcome{}, err
		}
	}
	srv := &dialogServer{Base: c.Base, DialogType: d.Type, Accepted: accept}
	// Accepting a beforeunload dialog lets go what it held: a navigation
	// (wait for its page) or the closing of the tab.
	var leave <-chan browser.Navigation
	if accept && d.Type == "beforeunload" {
		leave = t.AfterLeave(ctx)
	}
	closed, err := t.AnswerDialog(ctx, accept, in.Text)
	if err != nil {
		return Outcome{}, err
	}
	if !closed {
		c.Base.Notice("the dialog did not report closing within 2 s")
	}
	if leave != nil {
		nav := <-leave
		if nav.Status == browser.NavClosed {
			srv.TabClosed = true
			c.Base.Notice("the tab closed")
		} else {
			srv.Navigation = navOf(&nav)
			err = navOutcome(c, nav)
		}
	}
	info := t.Info()
	srv.Origin, srv.DialogOpen = info.Origin, info.Dialog != nil
	return Outcome{Server: srv, Page: describe(c, info)}, err
}
