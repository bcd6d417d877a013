package act

import (
	"strings"
	"testing"

	"github.com/diwall/diwall/host/internal/browser"
	"github.com/diwall/diwall/host/internal/observe"
	"github.com/diwall/diwall/host/internal/toolerr"
)

// framedPage is a fake page whose snapshot holds a child frame (an
// out-of-process one, session "S1", whose element is node 1): mark 3 is
// that frame's element 0.
func framedPage(t *testing.T) *fakePage {
	p := newFakePage(t)
	s := &browser.Snapshot{ID: p.snap, LoaderID: "L1", MarkNode: map[int]int{1: 0, 2: 1, 3: 2},
		Frames: []browser.SnapFrame{{Frame: browser.Frame{ID: "f1", Session: "S1"}, Owner: 1}},
		Place:  []browser.NodePlace{{Frame: 0, Local: 0}, {Frame: 0, Local: 1}, {Frame: 1, Local: 0}}}
	if !p.tab.SetSnapshot(s) {
		t.Fatal("no snapshot")
	}
	return p
}

// TestFramesRouting: a frame's element is located in its frame's world by
// its index there, and the point is placed in the main viewport through
// the frame's element; the click lands there.
func TestFramesRouting(t *testing.T) {
	p := framedPage(t)
	p.on("locate", func(map[string]any) any { return map[string]any{"x": 5, "y": 6} })
	p.on("framePoint", func(args map[string]any) any {
		return map[string]any{"x": args["x"].(float64) + 100, "y": args["y"].(float64) + 200}
	})
	if res := run1(p, Options{}, Step{Action: "click", Mark: 3}); res.Err != nil {
		t.Fatal(res.Err)
	}
	locate := p.callsOf("locate")
	if len(locate) != 1 || locate[0].session != "S1" || locate[0].args["i"] != 0.0 {
		t.Errorf("locate ran as %+v", locate)
	}
	fp := p.callsOf("framePoint")
	if len(fp) != 1 || fp[0].session != "" || fp[0].args["i"] != 1.0 {
		t.Errorf("framePoint ran as %+v", fp)
	}
	m := p.inputs("Input.dispatchMouseEvent")
	if len(m) != 3 || m[1]["x"] != 105.0 || m[1]["y"] != 206.0 {
		t.Errorf("the click: %v", m)
	}
}

// TestAFrameCoveredInItsParent: what covers the frame's element in the
// main frame is named by its mark.
func TestAFrameCoveredInItsParent(t *testing.T) {
	p := framedPage(t)
	p.on("locate", func(map[string]any) any { return map[string]any{"x": 5, "y": 6} })
	p.on("framePoint", func(map[string]any) any { return map[string]any{"covered": 0} })
	res := run1(p, Options{}, Step{Action: "click", Mark: 3})
	if res.Err == nil || res.Err.Code != toolerr.CodeCovered || res.Steps[0].CoveredBy != 1 {
		t.Errorf("%+v %v", res.Steps, res.Err)
	}
	p.on("framePoint", func(map[string]any) any { return map[string]any{"invisible": true} })
	if res := run1(p, Options{}, Step{Action: "click", Mark: 3}); res.Err == nil || res.Err.Code != toolerr.CodeNotActionable {
		t.Errorf("a frame scrolled away: %v", res.Err)
	}
	// Within the frame, what covers it is named by the snapshot's index.
	p.on("locate", func(map[string]any) any { return map[string]any{"covered": 0} })
	if res := run1(p, Options{}, Step{Action: "click", Mark: 3}); res.Err == nil || res.Steps[0].CoveredBy != 3 {
		t.Errorf("covered within the frame: %+v %v", res.Steps, res.Err)
	}
}

// TestMarkFileInputs: the page's file inputs become file-upload elements,
// in the elements and in the tree.
func TestMarkFileInputs(t *testing.T) {
	p := newFakePage(t)
	p.on("fileInputs", func(args map[string]any) any {
		if is, _ := args["is"].([]any); len(is) != 2 {
			t.Errorf("asked about %v (a textbox is never one)", args["is"])
		}
		return map[string]any{"found": []any{
			map[string]any{"i": 0, "self": true, "accept": "image/png, .pdf", "files": []any{}},
			map[string]any{"i": 2, "multiple": true, "files": []any{"a.png"}},
		}}
	})
	snap := p.tab.Info().Snapshot
	tree := []string{`button [1]`, `textbox "Name" [2]`, `  generic "Drop here" [3]`}
	elements := []observe.Element{{Mark: 1, Role: "button"}, {Mark: 2, Role: "textbox", Name: "Name"}, {Mark: 3, Role: "generic", Name: "Drop here"}}
	MarkFileInputs(t.Context(), p.tab, snap, tree, elements)
	if e := elements[0]; e.Role != FileUploadRole || e.Name != "Choose file" || strings.Join(e.State, " ") != "accept=image/png,.pdf no file chosen" {
		t.Errorf("the input: %+v", e)
	}
	if e := elements[2]; e.Role != "generic" || strings.Join(e.State, " ") != "file-upload multiple chosen=a.png" {
		t.Errorf("the area: %+v", e)
	}
	want := []string{`file-upload "Choose file" [1] accept=image/png,.pdf no file chosen`, `textbox "Name" [2]`, `  generic "Drop here" [3] file-upload multiple chosen=a.png`}
	if strings.Join(tree, "\n") != strings.Join(want, "\n") {
		t.Errorf("tree:\n%s", strings.Join(tree, "\n"))
	}
	// No snapshot, or no element: the page is not asked.
	p.on("fileInputs", func(map[string]any) any {
		t.Error("asked about file inputs with nothing to ask about")
		return map[string]any{"found": []any{}}
	})
	MarkFileInputs(t.Context(), p.tab, nil, tree, elements)
	MarkFileInputs(t.Context(), p.tab, snap, nil, nil)
}

// TestLearnKeysIsUsedByTheNextType: what was learnt after the observation
// decides the typing, without asking the page again.
func TestLearnKeysIsUsedByTheNextType(t *testing.T) {
	p := newFakePage(t)
	p.snapshot("learnt-snap", map[int]int{1: 0})
	p.listeners = []map[string]any{{"type": "keydown", "backendNodeId": 1, "handler": map[string]any{"description": "f"}}}
	LearnKeys(p.tab, p.tab.Info().Snapshot, []observe.Element{{Mark: 1, Role: "textbox"}})
	got, ok := learnt(t.Context(), "learnt-snap", []int{0})
	if !ok || !got.keyed[0] || !got.pageListens {
		t.Fatalf("learnt %+v %v", got, ok)
	}
	asked := len(p.ext.Requests("DOMDebugger.getEventListeners"))
	res := Run(t.Context(), p.tab, Options{Allowed: allowAll}, "learnt-snap", []Step{{Action: "type", Mark: 1, Text: "q"}})
	if res.Err != nil {
		t.Fatal(res.Err)
	}
	if _, keys := typedAs(p); len(keys) != 2 {
		t.Errorf("keys %v", keys)
	}
	if len(p.ext.Requests("DOMDebugger.getEventListeners")) != asked {
		t.Error("the page was asked again")
	}
}
