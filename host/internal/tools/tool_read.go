package tools

import (
	"context"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/diwall/diwall/host/internal/observe"
)

type readIn struct {
	SnapshotID string `json:"snapshot_id" jsonschema:"server.snapshot_id of your latest observe"`
	Mark       int    `json:"mark,omitempty" jsonschema:"read this element's whole region; default: the page"`
	Query      string `json:"query,omitempty" jsonschema:"keep only lines containing this text"`
	TabID      string `json:"tab_id,omitempty" jsonschema:"default: current tab"`
}

func (in *readIn) tabArg() string { return in.TabID }

type readServer struct {
	*Base
	SnapshotID     string `json:"snapshot_id"`
	Mark           int    `json:"mark,omitempty"`
	Lines          int    `json:"lines"`
	Matched        int    `json:"matched,omitempty"`
	Truncated      bool   `json:"truncated"`
	RedactedFields int    `json:"redacted_fields"`
	FramesMasked   int    `json:"frames_masked"`
	OmittedHidden  int    `json:"omitted_not_visible"`
}

type readPage struct {
	Lines  []string `json:"lines"`
	url    string   // the document the lines were read from
	frames []string // and the frames read into them
}

func (p readPage) sourceURLs() []string { return append([]string{p.url}, p.frames...) }

func readDef() def {
	return newPageDef(&mcp.Tool{
		Name: "read",
		Description: "Read text from the live page without a new snapshot (marks stay valid): a mark's whole region, " +
			"including what observe's tree cut, or the lines matching a query. Same hiding and masking as observe.",
		Annotations: &mcp.ToolAnnotations{Title: "Read", ReadOnlyHint: true, DestructiveHint: ptr(false), OpenWorldHint: ptr(true)},
	}, nil, answersOf[*readServer, readPage](), (*Server).read)
}

// readWait bounds a read: a page whose main thread is stuck answers
// nothing.
const readWait = 10 * time.Second

func (s *Server) read(ctx context.Context, c *Call, in readIn) (Outcome, error) {
	ctx, cancel := context.WithTimeout(ctx, readWait)
	defer cancel()
	before := c.Tab.Info()
	r, err := observe.Read(ctx, c.Tab, in.SnapshotID, in.Mark, in.Query, c.frameRule())
	if err != nil {
		return Outcome{}, err
	}
	if r.Truncated {
		c.Base.Notice("read truncated; narrow it with a mark or a query")
	}
	return Outcome{
		Server: &readServer{Base: c.Base, SnapshotID: in.SnapshotID, Mark: in.Mark, Lines: len(r.Lines), Matched: r.Matched,
			Truncated: r.Truncated, RedactedFields: r.Counters.RedactedFields, FramesMasked: r.Counters.FramesMasked,
			OmittedHidden: r.Counters.OmittedNotVisible},
		Page: readPage{Lines: r.Lines, url: before.URL, frames: r.FrameURLs},
	}, nil
}
