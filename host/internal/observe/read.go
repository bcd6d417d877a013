package observe

import (
	"context"
	"errors"
	"math"
	"strings"

	"github.com/diwall/diwall/host/internal/toolerr"

	"github.com/diwall/diwall/host/internal/browser"
	"github.com/diwall/diwall/protocol"
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
func Read(ctx context.Context, b *browser.Browser, t *browser.Tab, snapshotID string, mark int, query string, frames FrameRule) (*Reading, error) {
	info := b.Info(t)
	if info.Dialog != nil {
		return nil, toolerr.Errorf(protocol.CodeDialogOpen, "A %s dialog is open and blocks the page. Answer it with the dialog tool first.", info.Dialog.Type)
	}
	snap := info.Snapshot
	if snap == nil || snap.ID != snapshotID || snap.LoaderID != info.LoaderID {
		return nil, toolerr.Errorf(protocol.CodeSnapshotStale, "That snapshot is no longer current. Observe again and read with the new snapshot_id.")
	}
	root, frame := -1, 0
	if mark != 0 {
		i, ok := snap.MarkNode[mark]
		if !ok {
			return nil, toolerr.Errorf(protocol.CodeInvalidArgument, "Mark %d is not in snapshot %s.", mark, snapshotID)
		}
		frame, root = snap.Where(i)
	}
	rd := newFrameRead(b, t, snap, frames)
	if frame > 0 && !rd.allowed(ctx, frame) {
		return nil, toolerr.Errorf(protocol.CodeOriginNotAllowed,
			"The frame of mark %d is now outside this session's sites (or no longer there), so it is not read. Observe again.", mark)
	}
	r, err := rd.region(ctx, frame, root)
	if errors.Is(err, browser.ErrWorldGone) || errors.Is(err, browser.ErrNavigatedAway) {
		return nil, &toolerr.Error{Code: protocol.CodeSnapshotStale, Err: err, Msg: "The page navigated while it was read: that snapshot is no longer current. Observe again."}
	}
	if err != nil {
		return nil, err
	}
	switch {
	case r.Stale:
		return nil, toolerr.Errorf(protocol.CodeSnapshotStale, "That snapshot is no longer current. Observe again.")
	case r.Gone:
		return nil, toolerr.Errorf(protocol.CodeElementGone, "The element of mark %d is no longer on the page. Observe again.", mark)
	}
	prior := make(map[int]int, len(snap.MarkNode))
	for m, i := range snap.MarkNode {
		prior[i] = m
	}
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
