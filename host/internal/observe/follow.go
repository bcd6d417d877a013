package observe

import (
	"errors"

	"github.com/diwall/diwall/host/internal/browser"
)

// followed returns the tab's current snapshot when an observation can
// follow it (follow names it, and it was made on this document by an
// observation), or why not.
func followed(info browser.TabInfo, follow *Follow) (*browser.Snapshot, string) {
	if follow == nil {
		return nil, ""
	}
	cur := info.Snapshot
	switch {
	case cur == nil:
		return nil, "a new document loaded"
	case cur.ID != follow.Since:
		var unknown *browser.UnknownSnapshotError
		if errors.As(info.CheckSnapshot(follow.Since), &unknown) {
			return nil, "the tab never issued that snapshot"
		}
		return nil, "it is not the tab's current snapshot"
	case cur.LoaderID != info.LoaderID:
		return nil, "a new document loaded"
	}
	if _, ok := cur.View.(View); !ok {
		return nil, "that snapshot kept no view to compare with"
	}
	return cur, ""
}

// mainMarks maps the main frame's node indexes (in its isolated world) of
// a snapshot to their marks: what a new snapshot that follows it keeps.
// Elements of frames read get new marks.
func mainMarks(s *browser.Snapshot) map[int]int {
	out := make(map[int]int, len(s.MarkNode))
	for mark, node := range s.MarkNode {
		switch {
		case s.Place == nil:
			out[node] = mark
		case node >= 0 && node < len(s.Place) && s.Place[node].Frame == 0:
			out[int(s.Place[node].Local)] = mark
		}
	}
	return out
}

// chainPrior gives the nodes of a second reading (whose m are indexes in
// the first) their indexes in the snapshot the first followed.
func chainPrior(first, second *raw) {
	second.Follows = first.Follows
	for i := range second.Nodes {
		n := &second.Nodes[i]
		if n.Prior == nil {
			continue
		}
		if k := *n.Prior; k >= 0 && k < len(first.Nodes) && first.Nodes[k].Prior != nil {
			p := *first.Nodes[k].Prior
			n.Prior = &p
		} else {
			n.Prior = nil
		}
	}
}
