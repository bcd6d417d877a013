package tools

import (
	"slices"
	"testing"

	"github.com/diwall/diwall/host/internal/browser"
)

// TestMarkPlaces: the debug record of an observation's marks names each
// mark's frame and node index, in mark order, and the frames read.
func TestMarkPlaces(t *testing.T) {
	main := &browser.Snapshot{MarkNode: map[int]int{2: 9, 1: 4}}
	if frames, marks := markPlaces(main); frames != nil || marks != "1=0:4 2=0:9" {
		t.Errorf("main frame only: %v %q", frames, marks)
	}
	framed := &browser.Snapshot{
		MarkNode: map[int]int{1: 0, 2: 2},
		Frames:   []browser.SnapFrame{{Frame: browser.Frame{ID: "F1"}, Owner: 1}},
		Place:    []browser.NodePlace{{Frame: 0, Local: 0}, {Frame: 0, Local: 1}, {Frame: 1, Local: 5}},
	}
	if frames, marks := markPlaces(framed); !slices.Equal(frames, []string{"F1"}) || marks != "1=0:0 2=1:5" {
		t.Errorf("with a frame read: %v %q", frames, marks)
	}
}
