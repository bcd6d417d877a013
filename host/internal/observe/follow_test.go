package observe

import (
	"testing"

	"github.com/diwall/diwall/host/internal/browser"
	"github.com/diwall/diwall/host/internal/browser/browsertest"
)

// TestFollowedSaysWhyNot: observe {since} follows the tab's current
// snapshot; of another of the tab's it says it is not current, and of an
// id the tab never issued, that.
func TestFollowedSaysWhyNot(t *testing.T) {
	_, tab := browsertest.Start(t, browsertest.New())
	current, old := tab.NewSnapshotID(), tab.NewSnapshotID()
	if !tab.SetSnapshot(&browser.Snapshot{ID: current, LoaderID: tab.Info().LoaderID, View: View{}}) {
		t.Fatal("no snapshot")
	}
	for since, want := range map[string]string{
		current: "",
		old:     "it is not the tab's current snapshot",
		"zzz":   "the tab never issued that snapshot",
	} {
		snap, why := followed(tab.Info(), &Follow{Since: since})
		if why != want || (snap != nil) != (want == "") {
			t.Errorf("since %q: %v %q, want %q", since, snap, why, want)
		}
	}
}
