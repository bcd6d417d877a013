package tools

import (
	"context"
	"time"

	"github.com/diwall/diwall/host/browser"
	"github.com/diwall/diwall/protocol"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type dialogIn struct {
	Action string `json:"action" jsonschema:"accept or dismiss"`
	Text   string `json:"text,omitempty" jsonschema:"for a prompt: the answer to accept with"`
	TabID  string `json:"tab_id,omitempty" jsonschema:"default: the current tab"`
}

func (in *dialogIn) tabArg() string { return in.TabID }

type dialogServer struct {
	*Base
	DialogType string `json:"dialog_type"`
	Accepted   bool   `json:"accepted"`
	Origin     string `json:"origin"`
}

func (s *Server) dialogDef() def {
	return newDef(&mcp.Tool{
		Name:        "dialog",
		Description: "Accept or dismiss the JavaScript dialog (alert, confirm, prompt, beforeunload) open on the tab; other tools answer dialog_open until you do.",
		Annotations: &mcp.ToolAnnotations{Title: "Dialog", DestructiveHint: ptr(true), OpenWorldHint: ptr(true)},
	}, map[string][]any{"action": {"accept", "dismiss"}}, pageTool, s.dialog)
}

func (s *Server) dialog(ctx context.Context, c *Call, in dialogIn) (Outcome, error) {
	t := c.Tab
	d := s.b.Info(t).Dialog
	if d == nil {
		return Outcome{}, browser.Errorf(protocol.CodeNoDialog, "No dialog is open on this tab.")
	}
	closed, cancel := s.b.Watch(t, func(m string) bool { return m == "Page.javascriptDialogClosed" })
	defer cancel()
	params := map[string]any{"accept": in.Action == "accept"}
	if in.Text != "" {
		params["promptText"] = in.Text
	}
	if err := s.b.CDP(ctx, t, "Page.handleJavaScriptDialog", params, nil); err != nil {
		return Outcome{}, err
	}
	select {
	case <-closed:
	case <-time.After(2 * time.Second):
		c.Base.Notice("the dialog did not report closing within 2 s")
	}
	info := s.b.Info(t)
	return Outcome{
		Server: &dialogServer{Base: c.Base, DialogType: d.Type, Accepted: in.Action == "accept", Origin: info.Origin},
		Page:   pageInfo{URL: info.URL, Title: info.Title},
	}, nil
}
