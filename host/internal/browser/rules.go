package browser

// The rules every tool that takes a snapshot_id and marks follows (act,
// read and any later one), with one error per case: the page is not
// blocked by a dialog, the snapshot is the tab's current one (the same tab,
// the same document, no newer observation), and each mark is one of its
// marks.

// Current returns the tab's snapshot when it is the one named id and its
// document is still the tab's; nil otherwise.
func (info TabInfo) Current(id string) *Snapshot {
	if s := info.Snapshot; s != nil && s.ID == id && s.LoaderID == info.LoaderID {
		return s
	}
	return nil
}

// CheckSnapshot says whether the marks of snapshot id may be used on the
// tab now: nil, a *DialogOpenError while a dialog blocks the page,
// ErrSnapshotStale for a snapshot the tab issued that is no longer
// current, or an *UnknownSnapshotError (which is ErrSnapshotStale too) for
// an id the tab never issued.
func (info TabInfo) CheckSnapshot(id string) error {
	if info.Dialog != nil {
		return DialogOpen(info.Dialog)
	}
	if info.Current(id) == nil {
		if len(info.ids.key) > 0 && !info.ids.issued(info.ID, id) {
			return &UnknownSnapshotError{ID: id}
		}
		return ErrSnapshotStale
	}
	return nil
}

// Node returns the node index of a mark of the snapshot, or an
// *UnknownMarkError for a mark that is not one of its marks.
func (s *Snapshot) Node(mark int) (int, error) {
	i, ok := s.MarkNode[mark]
	if !ok {
		return 0, &UnknownMarkError{Mark: mark, Snapshot: s.ID}
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

// PlainField says whether mark is one of the snapshot's marks, one it does
// not know to be a sensitive field: only text typed there may be shown or
// kept in the person's record. False for a nil snapshot.
func (s *Snapshot) PlainField(mark int) bool {
	if s == nil {
		return false
	}
	_, marked := s.MarkNode[mark]
	return marked && !s.Sensitive[mark]
}
