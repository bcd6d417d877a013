package browser

import (
	"errors"

	"github.com/diwall/diwall/host/internal/toolerr"
	"github.com/diwall/diwall/protocol"
)

// The rules every tool that takes a snapshot_id and marks follows (act,
// read and any later one), with one error per case: the page is not
// blocked by a dialog, the snapshot is the tab's current one (the same tab,
// the same document, no newer observation), and each mark is one of its
// marks.

// ErrSnapshotStale is the error of a snapshot that is not the tab's
// current one: a newer observation replaced it, the page navigated, or it
// is another tab's.
var ErrSnapshotStale = &toolerr.Error{Code: protocol.CodeSnapshotStale,
	Msg: "That snapshot is no longer current (a newer observe, another tab's snapshot, or the page navigated). Observe again and use the marks and snapshot_id of that observation (a failed act brings one)."}

// ErrDialogOpened reports that a JavaScript dialog opened while a call
// waited on the page; the page is blocked until the dialog is answered.
var ErrDialogOpened = &toolerr.Error{Code: protocol.CodeDialogOpen, Msg: "A dialog opened and blocks the page. Observe to read it, and answer it with the dialog tool."}

// DialogOpenErr is the error of an operation an open dialog blocks: what
// the dialog is, and how to go on.
func DialogOpenErr(d *Dialog) *toolerr.Error {
	if d.Type == "beforeunload" {
		return toolerr.Errorf(protocol.CodeDialogOpen, "The page asks whether to leave it (a beforeunload dialog, e.g. unsaved changes). Accept it with the dialog tool to leave (the navigation or close then goes on), or dismiss it to stay.")
	}
	return toolerr.Errorf(protocol.CodeDialogOpen, "A %s dialog is open on this page and blocks it. Answer it with the dialog tool first.", d.Type)
}

// navigatedAway is the error of an operation whose page navigated (or
// whose document was replaced) while it ran.
func navigatedAway(err error) *toolerr.Error {
	return &toolerr.Error{Code: protocol.CodeSnapshotStale, Msg: "The page navigated away while Diwall worked on it. Observe again to see the page it is now.", Err: err}
}

// Current returns the tab's snapshot when it is the one named id and its
// document is still the tab's; nil otherwise.
func (info TabInfo) Current(id string) *Snapshot {
	if s := info.Snapshot; s != nil && s.ID == id && s.LoaderID == info.LoaderID {
		return s
	}
	return nil
}

// CheckSnapshot says whether the marks of snapshot id may be used on the
// tab now: nil, DialogOpenErr while a dialog blocks the page, or
// ErrSnapshotStale.
func (info TabInfo) CheckSnapshot(id string) *toolerr.Error {
	if info.Dialog != nil {
		return DialogOpenErr(info.Dialog)
	}
	if info.Current(id) == nil {
		return ErrSnapshotStale
	}
	return nil
}

// Node returns the node index of a mark of the snapshot, or the error of a
// mark that is not one of its marks.
func (s *Snapshot) Node(mark int) (int, *toolerr.Error) {
	i, ok := s.MarkNode[mark]
	if !ok {
		return 0, toolerr.Errorf(protocol.CodeInvalidArgument, "Mark %d is not in snapshot %s; use a mark of its elements.", mark, s.ID)
	}
	return i, nil
}

// MarkOf maps each marked node index of the snapshot back to its mark.
func (s *Snapshot) MarkOf() map[int]int {
	out := make(map[int]int, len(s.MarkNode))
	for m, i := range s.MarkNode {
		out[i] = m
	}
	return out
}

// GoneErr turns the error of work on a snapshot's page into the model's
// error when the document went away under it (its isolated world is gone,
// or Chrome says it navigated); other errors are returned as they are.
func GoneErr(err error) error {
	if errors.Is(err, ErrWorldGone) || errors.Is(err, ErrNavigatedAway) {
		return navigatedAway(err)
	}
	return err
}
