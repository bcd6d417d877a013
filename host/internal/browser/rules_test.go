package browser

import (
	"errors"
	"fmt"
	"testing"
)

func TestCheckSnapshotDecidesInOrder(t *testing.T) {
	snap := &Snapshot{ID: "s1", LoaderID: "L1", MarkNode: map[int]int{1: 10, 2: 20}}
	cases := []struct {
		name string
		info TabInfo
		id   string
		want string // "", "stale" or "dialog"
	}{
		{"current", TabInfo{LoaderID: "L1", Snapshot: snap}, "s1", ""},
		{"a newer observation", TabInfo{LoaderID: "L1", Snapshot: snap}, "s0", "stale"},
		{"another document", TabInfo{LoaderID: "L2", Snapshot: snap}, "s1", "stale"},
		{"no snapshot (another tab's id)", TabInfo{LoaderID: "L1"}, "s1", "stale"},
		{"a dialog first", TabInfo{LoaderID: "L2", Snapshot: snap, Dialog: &Dialog{Type: "alert"}}, "s0", "dialog"},
	}
	for _, c := range cases {
		err := c.info.CheckSnapshot(c.id)
		var dialog *DialogOpenError
		got := ""
		switch {
		case errors.Is(err, ErrSnapshotStale):
			got = "stale"
		case errors.As(err, &dialog) && dialog.Type == "alert":
			got = "dialog"
		case err != nil:
			got = err.Error()
		}
		if got != c.want {
			t.Errorf("%s: %v, want %q", c.name, err, c.want)
		}
		if c.info.Dialog == nil && (c.info.Current(c.id) != nil) != (c.want == "") {
			t.Errorf("%s: Current disagrees with CheckSnapshot", c.name)
		}
	}
}

func TestSnapshotMarks(t *testing.T) {
	snap := &Snapshot{ID: "s1", MarkNode: map[int]int{1: 10, 2: 20}}
	if i, err := snap.Node(2); err != nil || i != 20 {
		t.Errorf("Node(2) = %d, %v", i, err)
	}
	var unknown *UnknownMarkError
	if _, err := snap.Node(3); !errors.As(err, &unknown) || unknown.Mark != 3 || unknown.Snapshot != "s1" {
		t.Errorf("Node(3) = %v", err)
	}
	if m := snap.MarkOf(); len(m) != 2 || m[10] != 1 || m[20] != 2 {
		t.Errorf("MarkOf = %v", m)
	}
}

func TestGoneErrMapsALostDocumentOnly(t *testing.T) {
	for _, err := range []error{fmt.Errorf("x: %w", ErrWorldGone), fmt.Errorf("y: %w", ErrNavigatedAway)} {
		if e := GoneErr(err); !errors.Is(e, ErrNavigatedAway) || !errors.Is(e, err) {
			t.Errorf("GoneErr(%v) = %v", err, e)
		}
	}
	other := errors.New("other")
	if GoneErr(other) != other { //nolint:errorlint // the same error back, not one that wraps it
		t.Error("GoneErr changed an unrelated error")
	}
}
