package act

import (
	"testing"

	"github.com/diwall/diwall/host/internal/browser"
)

// TestTypedPlainIsWhatRanIntoAPlainField: the steps whose typed text the
// person's record may keep are those that succeeded, typing into the
// field of their mark, one the snapshot did not know to be sensitive. A
// step into a sensitive field, keys that went to whatever had the focus,
// a step that failed and the steps it stopped are not.
func TestTypedPlainIsWhatRanIntoAPlainField(t *testing.T) {
	p := newFakePage(t)
	p.snap = p.tab.NewSnapshotID()
	if !p.tab.SetSnapshot(&browser.Snapshot{ID: p.snap, LoaderID: p.tab.Info().LoaderID,
		MarkNode: map[int]int{1: 0, 2: 1, 3: 2}, Sensitive: map[int]bool{2: true}}) {
		t.Fatal("no snapshot")
	}
	res := run1(p, Options{},
		Step{Action: "type", Mark: 1, Text: "plain"},   // 0: kept
		Step{Action: "type", Mark: 2, Text: "secret"},  // 1: a sensitive field
		Step{Action: "press", Mark: 1, Keys: "x"},      // 2: into mark 1, focused: kept
		Step{Action: "press", Keys: "y"},               // 3: to whatever has the focus
		Step{Action: "click", Mark: 3},                 // 4: types nothing
		Step{Action: "press", Mark: 1, Keys: "Enter"},  // 5: types nothing
		Step{Action: "type", Mark: 1, Text: "again"},   // 6: kept
		Step{Action: "type", Mark: 9, Text: "unknown"}, // 7: no such mark: fails
		Step{Action: "type", Mark: 1, Text: "skipped"}, // 8: not run
	)
	if res.Err == nil || res.Succeeded != 7 || !res.Steps[8].Skipped {
		t.Fatalf("%+v %v", res.Steps, res.Err)
	}
	if len(res.TypedPlain) != 3 || !res.TypedPlain[0] || !res.TypedPlain[2] || !res.TypedPlain[6] {
		t.Errorf("typed plain %v, want steps 0, 2 and 6", res.TypedPlain)
	}

	// A field that does not take the focus: the keys went elsewhere.
	p.on("focus", func(map[string]any) any { return map[string]any{"focused": false} })
	if res := run1(p, Options{}, Step{Action: "press", Mark: 1, Keys: "z"}); res.Err != nil || res.TypedPlain[0] {
		t.Errorf("keys to a field that took no focus: %v %v", res.TypedPlain, res.Err)
	}
	// A step that failed in the page keeps nothing.
	p.on("typeTarget", func(map[string]any) any { return map[string]any{"gone": true} })
	if res := run1(p, Options{}, Step{Action: "type", Mark: 1, Text: "gone"}); res.Err == nil || res.TypedPlain != nil {
		t.Errorf("a type step that failed: %v %v", res.TypedPlain, res.Err)
	}
}
