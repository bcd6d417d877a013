package browser

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/diwall/diwall/protocol"
)

func TestCheckSnapshotDecidesInOrder(t *testing.T) {
	snap := &Snapshot{ID: "s1", LoaderID: "L1", MarkNode: map[int]int{1: 10, 2: 20}}
	cases := []struct {
		name string
		info TabInfo
		id   string
		want protocol.Code
	}{
		{"current", TabInfo{LoaderID: "L1", Snapshot: snap}, "s1", ""},
		{"a newer observation", TabInfo{LoaderID: "L1", Snapshot: snap}, "s0", protocol.CodeSnapshotStale},
		{"another document", TabInfo{LoaderID: "L2", Snapshot: snap}, "s1", protocol.CodeSnapshotStale},
		{"no snapshot (another tab's id)", TabInfo{LoaderID: "L1"}, "s1", protocol.CodeSnapshotStale},
		{"a dialog first", TabInfo{LoaderID: "L2", Snapshot: snap, Dialog: &Dialog{Type: "alert"}}, "s0", protocol.CodeDialogOpen},
	}
	for _, c := range cases {
		err := c.info.CheckSnapshot(c.id)
		got := protocol.Code("")
		if err != nil {
			got = err.Code
		}
		if got != c.want {
			t.Errorf("%s: %v, want %q", c.name, err, c.want)
		}
		if c.info.Dialog == nil && (c.info.Current(c.id) != nil) != (c.want == "") {
			t.Errorf("%s: Current disagrees with CheckSnapshot", c.name)
		}
	}
}

func TestDialogOpenErrNamesTheDialog(t *testing.T) {
	if e := DialogOpenErr(&Dialog{Type: "confirm"}); e.Code != protocol.CodeDialogOpen || !strings.Contains(e.Msg, "confirm") {
		t.Errorf("confirm: %v", e)
	}
	if e := DialogOpenErr(&Dialog{Type: "beforeunload"}); e.Code != protocol.CodeDialogOpen || !strings.Contains(e.Msg, "leave") {
		t.Errorf("beforeunload: %v", e)
	}
}

func TestSnapshotMarks(t *testing.T) {
	snap := &Snapshot{ID: "s1", MarkNode: map[int]int{1: 10, 2: 20}}
	if i, err := snap.Node(2); err != nil || i != 20 {
		t.Errorf("Node(2) = %d, %v", i, err)
	}
	if _, err := snap.Node(3); err == nil || err.Code != protocol.CodeInvalidArgument || !strings.Contains(err.Msg, "Mark 3") {
		t.Errorf("Node(3) = %v", err)
	}
	if m := snap.MarkOf(); len(m) != 2 || m[10] != 1 || m[20] != 2 {
		t.Errorf("MarkOf = %v", m)
	}
}

func TestGoneErrMapsALostDocumentOnly(t *testing.T) {
	for _, err := range []error{fmt.Errorf("x: %w", ErrWorldGone), fmt.Errorf("y: %w", ErrNavigatedAway)} {
		if e := AsError(GoneErr(err)); e.Code != protocol.CodeSnapshotStale || !errors.Is(e, err) {
			t.Errorf("GoneErr(%v) = %v", err, e)
		}
	}
	other := errors.New("other")
	if GoneErr(other) != other { //nolint:errorlint // the same error back, not one that wraps it
		t.Error("GoneErr changed an unrelated error")
	}
}
