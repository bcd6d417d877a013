package tools

import (
	"context"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/diwall/diwall/host/internal/act"
	"github.com/diwall/diwall/host/internal/browser"
	"github.com/diwall/diwall/host/internal/observe"
	"github.com/diwall/diwall/host/internal/toolerr"
)

type actIn struct {
	SnapshotID string     `json:"snapshot_id" jsonschema:"server.snapshot_id of your latest observe"`
	Steps      []act.Step `json:"steps" jsonschema:"run in order; one failure stops the rest"`
	Observe    any        `json:"observe,omitempty" jsonschema:"observe after: true, or changes only"`
	TabID      string     `json:"tab_id,omitempty" jsonschema:"default: current tab"`
}

func (in *actIn) tabArg() string { return in.TabID }

type actServer struct {
	*Base
	// SnapshotID is the snapshot the next call's marks come from: the
	// fresh observation's when the result brings one, else the one acted
	// on.
	SnapshotID   string             `json:"snapshot_id"`
	Origin       string             `json:"origin"`
	Steps        []act.StepResult   `json:"steps"`
	Completed    int                `json:"completed"`
	Navigated    bool               `json:"navigated"`
	DialogOpened bool               `json:"dialog_opened"`
	URLChanged   bool               `json:"url_changed"`
	TitleChanged bool               `json:"title_changed"`
	NewTab       string             `json:"new_tab,omitempty"`
	Observation  *observationServer `json:"observation,omitempty"`
	// NoObservation says why a failed act carries no observation.
	NoObservation string `json:"no_observation,omitempty"`
}

type actPage struct {
	pageInfo
	Observation *observePage `json:"observation,omitempty"`
}

// sourceURLs are the pages the result describes: the tab after the steps
// and, read a moment later, its fresh observation.
func (p *actPage) sourceURLs() []string {
	if p.Observation != nil {
		return append([]string{p.URL}, p.Observation.sourceURLs()...)
	}
	return []string{p.URL}
}

func actDef() def {
	return newPageDef(&mcp.Tool{
		Name: "act",
		Description: "Act on marks of your latest observe: one step or a batch (fill a form and submit) in one call. " +
			"Real clicks, keys and drags; upload takes files from the person's upload folder. Reports each step, and whether the page navigated or opened a dialog or tab. " +
			"A failure returns a fresh observation.",
		Annotations: &mcp.ToolAnnotations{Title: "Act", DestructiveHint: ptr(true), OpenWorldHint: ptr(true)},
	}, map[string][]any{
		"steps.action": enumOf(act.Actions),
		"observe":      {true, false, "changes"},
	}, answersOf[*actServer, *actPage](), (*Server).act).withBudget(asksBeforeSteps)
}

func (s *Server) act(ctx context.Context, c *Call, in actIn) (Outcome, error) {
	t := c.Tab
	before := t.Info()
	res := act.Run(ctx, t, act.Options{Allowed: c.allows, UploadDir: c.Profile.UploadDir,
		Confirms: c.confirms, Confirm: s.actConfirm(c), ReadOnly: c.Profile.ReadOnlyRule, Share: s.shareOf(c), Typed: func(origin string) bool { return c.Client.typedOn(origin) != "" }},
		in.SnapshotID, in.Steps)
	after := t.Info()
	c.typedPlain = typedPlain(res)
	s.log.Info("act", "op", c.Base.OperationID, "steps", len(in.Steps), "completed", res.Succeeded,
		"total_ms", ms(res.Took), "browser_ms", ms(res.BrowserTook), "host_ms", ms(res.Took-res.BrowserTook))
	srv := &actServer{
		Base: c.Base, SnapshotID: in.SnapshotID, Origin: after.Origin, Steps: res.Steps, Completed: res.Succeeded,
		Navigated: res.Navigated, DialogOpened: res.DialogOpened || after.Dialog != nil,
		URLChanged: after.URL != before.URL, TitleChanged: after.Title != before.Title, NewTab: res.NewTab,
	}
	if srv.Steps == nil {
		srv.Steps = []act.StepResult{}
	}
	for i := range srv.Steps {
		if st := &srv.Steps[i]; st.OK {
			// A step that did what was asked says only that: the model
			// knows which action on which mark it asked for.
			st.Action, st.Mark = "", 0
		}
	}
	page := actPage{pageInfo: pageInfo{URL: after.URL, Title: after.Title}}
	out := Outcome{Server: srv, Page: &page}
	// A failure brings the page as it is now, so that the next call is not
	// the same one made blind; so does a request for it.
	if in.Observe == true || in.Observe == "changes" || res.Err != nil {
		switch {
		case !c.allows(after.URL):
			// The gate lets nothing of this page out: it says so itself.
			srv.NoObservation = "the page is outside this session's sites"
		default:
			var f *observe.Follow
			if in.Observe == "changes" {
				f = follow(in.SnapshotID, act.Acted(in.Steps, res.Steps))
			}
			s.attachObservation(ctx, c, t, srv, &page, &out, f)
			if after.Dialog != nil {
				srv.NoObservation = "a dialog is open and blocks the page: the observation shows the dialog; answer it with the dialog tool"
			}
		}
	}
	if srv.Observation != nil {
		// The next call's marks come from the observation this result
		// brings: its id is the one to use, and a failure says so.
		srv.SnapshotID = srv.Observation.SnapshotID
		if res.Err != nil {
			return out, res.Err.Observed(srv.SnapshotID)
		}
	}
	if res.Err != nil {
		return out, res.Err
	}
	return out, nil
}

// typedPlain is what an act vouches for in its audit record: the steps
// that succeeded, having typed into a field known not to be sensitive
// (act.Result.TypedPlain).
func typedPlain(res act.Result) map[int]bool {
	var plain map[int]bool
	for i, st := range res.Steps {
		if st.OK && res.TypedPlain[i] {
			if plain == nil {
				plain = map[int]bool{}
			}
			plain[i] = true
		}
	}
	return plain
}

// observationWait bounds the observation an act brings: its steps may
// have used most of the call's time.
const observationWait = 15 * time.Second

// attachObservation adds a fresh observation of the tab to an action's
// result, so the next turn can pick marks that exist.
func (s *Server) attachObservation(ctx context.Context, c *Call, t *browser.Tab, srv *actServer, page *actPage, out *Outcome, f *observe.Follow) {
	fresh, freshPage, images, why := s.freshObservation(ctx, c, t, f)
	srv.Observation, page.Observation, out.Images = fresh, freshPage, images
	if why != "" {
		srv.NoObservation = why
	}
}

// freshObservation observes the tab for a result that brings the page as
// it is now (what changed, with f); why says why there is none.
func (s *Server) freshObservation(ctx context.Context, c *Call, t *browser.Tab, f *observe.Follow) (*observationServer, *observePage, []*mcp.ImageContent, string) {
	ctx, cancel := context.WithTimeout(ctx, observationWait)
	defer cancel()
	obs, err := observe.Observe(ctx, t, c.Profile, s.opts.ObservePath, c.frameRule(), f, act.Observing()...)
	if err != nil {
		e := toolerr.From(err)
		c.Base.Notice("no fresh observation: " + e.Msg)
		return nil, nil, nil, "the page could not be observed (" + string(e.Code) + "): " + e.Msg
	}
	o := observationOutcome(&Call{Tool: "observe", Base: &Base{}}, obs)
	fresh := &o.Server.(*observeServer).observationServer // the call's own Base says tool, operation and notices
	freshPage := o.Page.(observePage)
	c.Base.Notices = append(c.Base.Notices, obs.Notices...)
	return fresh, &freshPage, o.Images, ""
}
