package tools

import (
	"context"

	"github.com/diwall/diwall/host/internal/toolerr"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/diwall/diwall/host/internal/observe"
)

type screenshotIn struct {
	TabID string `json:"tab_id,omitempty" jsonschema:"default: current tab"`
}

func (in *screenshotIn) tabArg() string { return in.TabID }

type screenshotServer struct {
	*Base
	ArtifactID string `json:"artifact_id"`
}

func screenshotDef() def {
	return newPageDef(&mcp.Tool{
		Name:        "screenshot",
		Description: "Keep the tab's masked image in the audit log for the person. You get only server.artifact_id; marks stay valid.",
		Annotations: &mcp.ToolAnnotations{Title: "Screenshot", ReadOnlyHint: true, DestructiveHint: ptr(false), OpenWorldHint: ptr(true)},
	}, nil, serverOnly[*screenshotServer](), (*Server).screenshot)
}

func (s *Server) screenshot(ctx context.Context, c *Call, in screenshotIn) (Outcome, error) {
	if s.opts.Audit == nil {
		return Outcome{}, toolerr.Errorf(toolerr.CodeUnavailable, "This host keeps no audit log, so there is nowhere to keep a screenshot.")
	}
	obs, err := observe.KeepingMarks(ctx, c.Tab, c.Profile, s.opts.ObservePath)
	if err != nil {
		return Outcome{}, err
	}
	if obs.DialogOpen {
		return Outcome{}, toolerr.DialogOpen(obs.Dialog.Type)
	}
	if obs.PNG == nil {
		return Outcome{}, toolerr.Errorf(toolerr.CodeCaptureFailed, "No image could be kept (%s). Try again in a moment.", obs.Capture)
	}
	id, err := s.opts.Audit.Artifacts().Put(obs.PNG)
	if err != nil {
		return Outcome{}, &toolerr.Error{Code: toolerr.CodeInternal, Err: err, Msg: "The image could not be written to the audit log. Tell the person (diwall doctor)."}
	}
	c.keepArtifact(id)
	c.Base.Notices = append(c.Base.Notices, obs.Notices...)
	return Outcome{Server: &screenshotServer{Base: c.Base, ArtifactID: id}}, nil
}
