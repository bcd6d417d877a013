package browser

import (
	"errors"
	"regexp"
	"testing"
)

// TestSnapshotIDsTellUnknownFromStale: an id the tab issued and that is
// no longer current is stale; an id it never issued (made up, another
// tab's, one of another key) is unknown, and stale too for errors.Is.
// Ids look like the host's others: 32 lowercase hex digits.
func TestSnapshotIDsTellUnknownFromStale(t *testing.T) {
	ids := tabIDs{key: []byte("0123456789abcdef0123456789abcdef")}
	current, old, other := ids.snapshotID("tabA"), ids.snapshotID("tabA"), ids.snapshotID("tabB")
	if !regexp.MustCompile(`^[0-9a-f]{32}$`).MatchString(current) || current == old {
		t.Fatalf("ids %q %q", current, old)
	}
	info := TabInfo{ID: "tabA", LoaderID: "L1", Snapshot: &Snapshot{ID: current, LoaderID: "L1"}, ids: ids}
	if err := info.CheckSnapshot(current); err != nil {
		t.Errorf("the current snapshot: %v", err)
	}
	if err := info.CheckSnapshot(old); !stale(err) {
		t.Errorf("an old snapshot of the tab: %v", err)
	}
	otherKey := tabIDs{key: []byte("fedcba9876543210fedcba9876543210")}.snapshotID("tabA")
	for _, id := range []string{other, "zzz", "", otherKey, old[:16] + current[16:]} {
		err := info.CheckSnapshot(id)
		var unknown *UnknownSnapshotError
		if !errors.As(err, &unknown) || unknown.ID != id || !errors.Is(err, ErrSnapshotStale) {
			t.Errorf("%q: %v, want it unknown", id, err)
		}
	}
	// A page of another document: its snapshot is stale, not unknown.
	info.LoaderID = "L2"
	if err := info.CheckSnapshot(current); !stale(err) {
		t.Errorf("after a navigation: %v", err)
	}
	// Without the key (a TabInfo made by hand) nothing is known issued:
	// every id that is not current is stale.
	if err := (TabInfo{ID: "tabA"}).CheckSnapshot("zzz"); !stale(err) {
		t.Errorf("without the key: %v", err)
	}
}

// stale says err is a stale snapshot's, not an unknown one's.
func stale(err error) bool {
	var unknown *UnknownSnapshotError
	return errors.Is(err, ErrSnapshotStale) && !errors.As(err, &unknown)
}

// TestUnknownSnapshotShowsAShortID: the words of an unknown snapshot
// repeat at most 40 characters of what was given.
func TestUnknownSnapshotShowsAShortID(t *testing.T) {
	long := string(make([]byte, 500))
	if e := (&UnknownSnapshotError{ID: long}); len([]rune(e.Shown())) != 41 {
		t.Errorf("shown %d characters", len([]rune(e.Shown())))
	}
}
