package observe

import (
	"reflect"
	"testing"

	"github.com/diwall/diwall/host/internal/browser"
)

func ip(i int) *int { return &i }

// framesPage is a main page whose node 1 is a frame read (frames[1]), whose
// own node 2 is a frame read too (frames[2]).
func framesPage() *frameReader {
	main := &raw{Hidden: 1, Focus: 3, Nodes: []rawNode{
		{Parent: -1, Role: "heading", Name: "Top", Box: []float64{0, 0, 100, 20}},
		{Parent: -1, Role: "iframe", Frame: 1, Box: []float64{10, 100, 300, 200}},
		{Parent: -1, Role: "iframe", Name: "ads", Frame: 1, Box: []float64{400, 100, 300, 200}},
		{Parent: -1, Role: "button", Name: "After", Act: actInteractive, Box: []float64{0, 400, 50, 20}, InView: 1, Covered: ip(0)},
	}}
	child := &raw{Hidden: 2, Inert: 1, Nodes: []rawNode{
		{Parent: -1, Role: "text", Text: "Inside"},
		{Parent: -1, Role: "button", Name: "In", Act: actInteractive, Box: []float64{5, 5, 40, 20}, InView: 1, Covered: ip(0)},
		{Parent: -1, Role: "iframe", Frame: 1, Box: []float64{0, 50, 100, 50}},
		{Parent: -1, Role: "button", Name: "Below", Act: actInteractive, Box: []float64{5, 300, 40, 20}, InView: 1},
	}}
	grandchild := &raw{Nodes: []rawNode{
		{Parent: -1, Role: "textbox", Name: "Deep", Act: actInteractive, Box: []float64{1, 1, 10, 10}, InView: 1, Covered: ip(-1)},
	}}
	vp := Box{0, 0, 800, 600}
	return &frameReader{frames: []readFrame{
		{raw: main, parent: -1, owner: -1, ownerGlobal: -1, clip: vp, kids: map[int]int{1: 1}},
		{frame: browser.Frame{ID: "F1"}, url: "http://a.test/f", raw: child, parent: 0, owner: 1, ownerGlobal: -1,
			offset: [2]float64{12, 102}, clip: Box{12, 102, 296, 196}, kids: map[int]int{2: 2}},
		{frame: browser.Frame{ID: "F2", Session: "S2"}, url: "http://b.test/", raw: grandchild, parent: 1, owner: 2, ownerGlobal: -1,
			offset: [2]float64{12, 152}, clip: Box{12, 152, 100, 50}},
	}}
}

func TestMergeHangsFramesUnderTheirLines(t *testing.T) {
	r, fm := framesPage().merge()
	var roles []string
	var parents []int
	for _, n := range r.Nodes {
		roles = append(roles, n.Role+":"+n.Name+n.Text)
		parents = append(parents, n.Parent)
	}
	wantRoles := []string{"heading:Top", "iframe:", "text:Inside", "button:In", "iframe:", "textbox:Deep", "button:Below", "iframe:ads", "button:After"}
	if !reflect.DeepEqual(roles, wantRoles) {
		t.Fatalf("order:\n got %v\nwant %v", roles, wantRoles)
	}
	if want := []int{-1, -1, 1, 1, 1, 4, 1, -1, -1}; !reflect.DeepEqual(parents, want) {
		t.Errorf("parents = %v, want %v", parents, want)
	}
	// The frames read are no longer masked; the one not read is.
	for i, want := range map[int]int{1: 2, 4: 2, 7: 1} {
		if r.Nodes[i].Frame != want {
			t.Errorf("node %d: Frame = %d, want %d", i, r.Nodes[i].Frame, want)
		}
	}
	// Boxes in the main viewport, clipped to what shows; out of the frame's
	// view is out of view.
	if got := r.Nodes[3].Box; !reflect.DeepEqual(got, []float64{17, 107, 40, 20}) || r.Nodes[3].InView != 1 {
		t.Errorf("the frame's button: box %v in view %d", got, r.Nodes[3].InView)
	}
	if got := r.Nodes[6].Box; !reflect.DeepEqual(got, []float64{17, 402, 40, 20}) || r.Nodes[6].InView != 0 {
		t.Errorf("the frame's button below its view: box %v in view %d", got, r.Nodes[6].InView)
	}
	if got := r.Nodes[5].Box; !reflect.DeepEqual(got, []float64{13, 153, 10, 10}) {
		t.Errorf("the nested frame's field: box %v", got)
	}
	// What covers a node is named by its merged index.
	if *r.Nodes[3].Covered != 2 || *r.Nodes[8].Covered != 0 || *r.Nodes[5].Covered != -1 {
		t.Errorf("covered: %d %d %d", *r.Nodes[3].Covered, *r.Nodes[8].Covered, *r.Nodes[5].Covered)
	}
	if r.Hidden != 3 || r.Inert != 1 || r.Focus != 8 {
		t.Errorf("hidden %d inert %d focus %d, want 3 1 8", r.Hidden, r.Inert, r.Focus)
	}
	// Where each node is, and back.
	var wantPlace []browser.NodePlace
	for _, p := range [][2]int32{{0, 0}, {0, 1}, {1, 0}, {1, 1}, {1, 2}, {2, 0}, {1, 3}, {0, 2}, {0, 3}} {
		wantPlace = append(wantPlace, browser.NodePlace{Frame: p[0], Local: p[1]})
	}
	if !reflect.DeepEqual(fm.place, wantPlace) {
		t.Errorf("place = %v", fm.place)
	}
	if fm.toGlobal(1, 3) != 6 || fm.toGlobal(2, 0) != 5 || fm.toGlobal(0, 3) != 8 || fm.toGlobal(2, 1) != -1 {
		t.Error("toGlobal")
	}
	snap := &browser.Snapshot{Frames: fm.snapFrames(), Place: fm.places()}
	if want := []browser.SnapFrame{{Frame: browser.Frame{ID: "F1"}, Owner: 1}, {Frame: browser.Frame{ID: "F2", Session: "S2"}, Owner: 4}}; !reflect.DeepEqual(snap.Frames, want) {
		t.Errorf("snapshot frames = %v", snap.Frames)
	}
	if f, l := snap.Where(5); f != 2 || l != 0 || snap.Global(1, 3) != 6 || snap.FrameOf(2).Session != "S2" {
		t.Errorf("Where(5) = %d, %d", f, l)
	}
	if !reflect.DeepEqual(fm.urls(), []string{"http://a.test/f", "http://b.test/"}) {
		t.Errorf("urls = %v", fm.urls())
	}

	// The tree: the frames' nodes under their lines; only the frame not
	// read is masked and counted.
	b := build(r, Budgets{TreeChars: 10000, Marks: 100})
	if b.Counters.FramesMasked != 1 || len(b.Secret) != 1 || b.Secret[0] != 7 {
		t.Errorf("frames masked %d, secret %v", b.Counters.FramesMasked, b.Secret)
	}
	if len(b.Elements) != 4 {
		t.Errorf("elements: %+v", b.Elements)
	}
}

func TestGuardReportsOfFramesInTheMergedPage(t *testing.T) {
	_, fm := framesPage().merge()
	rep := &guardReport{Watched: []int{0, 9}, Boxes: []guardBox{
		{I: 0, B: []float64{1, 1, 10, 10}},
		{I: -1, B: []float64{2, 2, 10, 10}},
	}}
	translateReport(rep, fm, 2)
	if rep.Boxes[0].I != 5 || rep.Boxes[0].B[0] != 13 || rep.Boxes[0].B[1] != 153 {
		t.Errorf("box of the nested field: %+v", rep.Boxes[0])
	}
	if rep.Boxes[1].I != -1 || rep.Boxes[1].B[0] != 14 {
		t.Errorf("box of a field the serializer did not see: %+v", rep.Boxes[1])
	}
	if !reflect.DeepEqual(rep.Watched, []int{5}) {
		t.Errorf("watched = %v", rep.Watched)
	}
	// A frame read whose element moved is masked whole; one that stayed is
	// not; the frame not read is named for the host to decide.
	main := &guardReport{Boxes: []guardBox{
		{I: 1, B: []float64{10, 100, 300, 200}, Frame: 1, Moved: 1},
		{I: 2, B: []float64{400, 100, 300, 200}, Frame: 1},
	}}
	translateReport(main, fm, 0)
	if main.Boxes[0].I != -1 || main.Boxes[1].I != 7 {
		t.Errorf("main boxes: %+v", main.Boxes)
	}
	still := &guardReport{Boxes: []guardBox{{I: 1, B: []float64{10, 100, 300, 200}, Frame: 1}}}
	translateReport(still, fm, 0)
	if still.Boxes[0].I != 1 {
		t.Errorf("a frame read that stayed: %+v", still.Boxes[0])
	}
}
