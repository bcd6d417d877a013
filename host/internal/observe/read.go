package observe

import (
	"context"
	"math"
	"strings"

	"github.com/diwall/diwall/host/internal/toolerr"

	"github.com/diwall/diwall/host/internal/browser"
)

// Reading budgets: a region's text can be much longer than an observation's
// tree, but not without end.
const (
	readChars      = 100000
	readQueryLines = 300
)

// Reading is what `read` returns: lines in the tree's format, with the
// snapshot's marks.
type Reading struct {
	Lines     []string
	Truncated bool
	Matched   int // lines that matched the query, before the cap
	Counters  Counters
	// FrameURLs are the documents of the frames read into the lines.
	FrameURLs []string
}

// Read reads the region of a mark (0: the whole page) from the live page,
// under the same hiding, masking and frame rules as Observe (frames: the
// frames that may be read, as for Observe; only those the snapshot read
// are), and keeps only the lines containing query when it is not empty.
// It makes no snapshot.
func Read(ctx context.Context, t *browser.Tab, snapshotID string, mark int, query string, frames FrameRule) (*Reading, error) {
	info := t.Info()
	if err := info.CheckSnapshot(snapshotID); err != nil {
		return nil, err
	}
	snap := info.Snapshot
	defer t.KeepAwake(ctx)() // read where it is, at the speed of a tab in front
	root, frame := -1, 0
	if mark != 0 {
		i, err := snap.Node(mark)
		if err != nil {
			return nil, err
		}
		frame, root = snap.Where(i)
	}
	rd := newFrameRead(t, snap, frames)
	if frame > 0 && !rd.allowed(ctx, frame) {
		return nil, toolerr.Errorf(toolerr.CodeOriginNotAllowed,
			"The frame of mark %d is now outside this session's sites (or no longer there), so it is not read. Observe again.", mark)
	}
	r, err := rd.region(ctx, frame, root)
	if err != nil {
		return nil, browser.GoneErr(err)
	}
	switch {
	case r.Stale:
		return nil, browser.ErrSnapshotStale
	case r.Gone:
		return nil, toolerr.Errorf(toolerr.CodeElementGone, "The element of mark %d is no longer on the page. Observe again.", mark)
	}
	prior := snap.MarkOf()
	budget := readChars
	if query != "" {
		budget = math.MaxInt // the whole page is searched; the matches are capped
	}
	built := build(r, Budgets{TreeChars: budget, PriorMarks: prior})
	out := &Reading{Lines: built.Tree, Truncated: built.Counters.TreeTruncated, Counters: built.Counters, FrameURLs: rd.urls}
	if query != "" {
		q := strings.ToLower(query)
		var kept []string
		for _, l := range built.Tree {
			if strings.Contains(strings.ToLower(l), q) {
				out.Matched++
				if len(kept) < readQueryLines {
					kept = append(kept, strings.TrimLeft(l, " "))
				}
			}
		}
		out.Lines = kept
		out.Truncated = out.Matched > readQueryLines
	}
	if out.Lines == nil {
		out.Lines = []string{}
	}
	return out, nil
}
