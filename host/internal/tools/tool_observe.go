package tools

import (
	"context"
	"fmt"
	"log/slog"
	"slices"
	"strings"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/diwall/diwall/host/internal/act"
	"github.com/diwall/diwall/host/internal/browser"
	"github.com/diwall/diwall/host/internal/observe"
)

type observeIn struct {
	TabID string `json:"tab_id,omitempty" jsonschema:"default: current tab"`
	Since string `json:"since,omitempty" jsonschema:"only what changed since this snapshot_id"`
}

func (in *observeIn) tabArg() string { return in.TabID }

// observeServer is the server part of an observe result, exactly docs/contract.md §3.
type observeServer struct {
	*Base
	observationServer
}

// observationServer is what the server asserts of an observation; the
// result of an act, login or handoff that brings one carries it (its own
// Base says the tool, operation and notices).
type observationServer struct {
	SnapshotID string            `json:"snapshot_id"`
	Origin     string            `json:"origin"`
	LoaderID   string            `json:"loader_id"`
	Viewport   observe.Viewport  `json:"viewport"`
	Capture    string            `json:"capture"`
	Counters   observe.Counters  `json:"counters"`
	DialogOpen bool              `json:"dialog_open"`
	Image      observe.ImageInfo `json:"image"`
	// Since: the tree and elements are what changed since this snapshot.
	Since string `json:"since,omitempty"`
}

type observePage struct {
	Title    string            `json:"title"`
	URL      string            `json:"url"`
	Tree     []string          `json:"tree"`
	Elements []observe.Element `json:"elements"`
	Dialog   *browser.Dialog   `json:"dialog,omitempty"`
	frames   []string          // the documents of the frames read into the tree (and, for changes, before)
}

func (p observePage) sourceURLs() []string { return append([]string{p.URL}, p.frames...) }

// follow is the Follow of an observe {since}, nil without since.
func follow(since string, acted observe.Acted) *observe.Follow {
	if since == "" {
		return nil
	}
	return &observe.Follow{Since: since, Acted: acted}
}

func (p observePage) shownDialog() *browser.Dialog { return p.Dialog }

func observeDef() def {
	return newPageDef(&mcp.Tool{
		Name: "observe",
		Description: "See the current tab: a screenshot with numbered marks on what you can act on (sensitive fields and unread frames blacked out), " +
			"the accessibility tree as indented lines (whole page, [N] = mark); elements adds the rest.",
		Annotations: &mcp.ToolAnnotations{Title: "Observe", ReadOnlyHint: true, DestructiveHint: ptr(false), OpenWorldHint: ptr(true)},
	}, nil, answersOf[*observeServer, observePage](), (*Server).observe)
}

func (s *Server) observe(ctx context.Context, c *Call, in observeIn) (Outcome, error) {
	obs, err := observe.Observe(ctx, c.Tab, c.Profile, s.opts.ObservePath, c.frameRule(), follow(in.Since, nil), act.Observing()...)
	if err != nil {
		return Outcome{}, err
	}
	s.log.Info("observe", "op", c.Base.OperationID, "total_ms", ms(obs.Took), "host_ms", ms(obs.HostTook),
		"guard_start_ms", ms(obs.Phases.GuardStart), "capture_ms", ms(obs.Phases.Capture), "serialize_ms", ms(obs.Phases.Serialize),
		"guard_finish_ms", ms(obs.Phases.GuardFinish), "marks", obs.Counters.Marks, "tree_lines", obs.Counters.TreeLines)
	if s.log.Enabled(ctx, slog.LevelDebug) {
		if snap := c.Tab.Info().Snapshot; snap != nil && snap.ID == obs.SnapshotID {
			frames, marks := markPlaces(snap)
			s.log.Debug("observe marks", "op", c.Base.OperationID, "frames", frames, "marks", marks)
		}
	}
	return observationOutcome(c, obs), nil
}

// markPlaces says where each mark of a snapshot is, for a debug record
// that ties marks to elements (the fidelity check reads it): the frame ids
// of the frames read (the main frame is 0, the first of these 1), and for
// mark k, in mark order, "frame:index" (its element's index in that
// frame's isolated world). Numbers and Chrome's frame ids only: nothing
// the page wrote.
func markPlaces(snap *browser.Snapshot) (frames []string, marks string) {
	for _, f := range snap.Frames {
		frames = append(frames, f.Frame.ID)
	}
	order := make([]int, 0, len(snap.MarkNode))
	for m := range snap.MarkNode {
		order = append(order, m)
	}
	slices.Sort(order)
	var b strings.Builder
	for _, m := range order {
		frame, local := snap.Where(snap.MarkNode[m])
		fmt.Fprintf(&b, "%d=%d:%d ", m, frame, local)
	}
	return frames, strings.TrimSpace(b.String())
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

// observationOutcome turns an observation into a result: the server's
// reading, the page's words, and the image.
func observationOutcome(c *Call, obs *observe.Observation) Outcome {
	c.Base.Notices = append(c.Base.Notices, obs.Notices...)
	out := Outcome{
		Server: &observeServer{Base: c.Base, observationServer: observationServer{
			SnapshotID: obs.SnapshotID, Origin: obs.Origin, LoaderID: obs.LoaderID,
			Viewport: obs.Viewport, Capture: obs.Capture, Counters: obs.Counters,
			DialogOpen: obs.DialogOpen, Image: obs.Image,
		}},
		Page: observePage{Title: obs.Title, URL: obs.URL, Tree: obs.Tree, Elements: obs.Elements, Dialog: obs.Dialog, frames: obs.FrameURLs},
	}
	if d := obs.Delta; d != nil {
		srv, page := out.Server.(*observeServer), out.Page.(observePage)
		srv.Since = obs.Since
		page.Tree, page.Elements = d.Tree, d.Elements
		if page.Elements == nil {
			page.Elements = []observe.Element{}
		}
		page.frames = append(page.frames, d.FrameURLs...)
		out.Page = page
	}
	if obs.PNG != nil {
		out.Images = []*mcp.ImageContent{{Data: obs.PNG, MIMEType: "image/png"}}
	}
	return out
}
