package observe

import (
	"math"

	"github.com/diwall/diwall/host/internal/browser"
)

// frameMap is the frames an observation read and where each node of the
// merged page is.
type frameMap struct {
	// frames[0] is the main frame; the others are the frames read.
	frames []readFrame
	// place is, by node index of the merged page, the node's frame and
	// its index in that frame's world.
	place []browser.NodePlace
}

// readFrame is one frame read.
type readFrame struct {
	frame browser.Frame
	url   string
	raw   *raw
	// parent is the index in frames of the frame holding its element, and
	// owner that element's index in the parent's raw (-1 for the main
	// frame); ownerGlobal its index in the merged page.
	parent, owner, ownerGlobal int
	// offset is the origin of its viewport in the main viewport, and clip
	// the part of the main viewport it shows in, when it was read.
	offset [2]float64
	clip   Box
	// kids maps the index of a frame element of its raw to the frame read
	// from it (index in frames).
	kids map[int]int
	// global maps its raw's indexes to the merged page's.
	global []int
}

// merge makes one page of the frames read: each frame's nodes follow its
// element, which is no longer masked (Frame 2), their boxes in the main
// viewport. It returns the merged raw and where each node is.
func (fr *frameReader) merge() (*raw, *frameMap) {
	main := fr.frames[0].raw
	out := *main
	out.Nodes = make([]rawNode, 0, len(main.Nodes))
	fm := &frameMap{frames: fr.frames}
	var walk func(fi, root int)
	walk = func(fi, root int) {
		f := &fm.frames[fi]
		f.global = make([]int, len(f.raw.Nodes))
		for li, n := range f.raw.Nodes {
			if n.Parent >= 0 {
				n.Parent = f.global[n.Parent]
			} else {
				n.Parent = root
			}
			if fi > 0 {
				placeInFrame(&n, f)
			}
			gi := len(out.Nodes)
			f.global[li] = gi
			kid, read := f.kids[li]
			if read {
				n.Frame = 2
			}
			out.Nodes = append(out.Nodes, n)
			fm.place = append(fm.place, browser.NodePlace{Frame: int32(fi), Local: int32(li)})
			if read {
				fm.frames[kid].ownerGlobal = gi
				walk(kid, gi)
				f = &fm.frames[fi]
			}
		}
		// What covers a node is named by its own frame's index.
		for li := range f.raw.Nodes {
			n := &out.Nodes[f.global[li]]
			if n.Covered != nil && *n.Covered >= 0 && *n.Covered < len(f.global) {
				c := f.global[*n.Covered]
				n.Covered = &c
			}
		}
		if fi > 0 {
			out.Hidden += f.raw.Hidden
			out.Inert += f.raw.Inert
		}
	}
	walk(0, -1)
	out.Focus = -1
	if main.Focus >= 0 && main.Focus < len(fm.frames[0].global) {
		out.Focus = fm.frames[0].global[main.Focus]
	}
	return &out, fm
}

// placeInFrame moves a frame's node to the main viewport: its box offset
// by the frame's and clipped to what of the frame shows, in view only
// where it shows.
func placeInFrame(n *rawNode, f *readFrame) {
	if n.Box == nil {
		return
	}
	b := Box{n.Box[0] + f.offset[0], n.Box[1] + f.offset[1], n.Box[2], n.Box[3]}
	if c := intersect(b, f.clip); c.W > 0 && c.H > 0 {
		b = c
	} else {
		n.InView = 0
	}
	n.Box = []float64{b.X, b.Y, b.W, b.H}
}

// intersect is the overlap of two boxes (zero-sized when none).
func intersect(a, b Box) Box {
	x0, y0 := math.Max(a.X, b.X), math.Max(a.Y, b.Y)
	x1, y1 := math.Min(a.X+a.W, b.X+b.W), math.Min(a.Y+a.H, b.Y+b.H)
	if x1 <= x0 || y1 <= y0 {
		return Box{x0, y0, 0, 0}
	}
	return Box{x0, y0, x1 - x0, y1 - y0}
}

// snapFrames are the frames read, as the snapshot keeps them.
func (fm *frameMap) snapFrames() []browser.SnapFrame {
	if fm == nil {
		return nil
	}
	out := make([]browser.SnapFrame, 0, len(fm.frames)-1)
	for _, f := range fm.frames[1:] {
		out = append(out, browser.SnapFrame{Frame: f.frame, Owner: f.ownerGlobal})
	}
	return out
}

// places is the snapshot's Place: nil when no frame was read.
func (fm *frameMap) places() []browser.NodePlace {
	if fm == nil {
		return nil
	}
	return fm.place
}

// urls are the documents of the frames read.
func (fm *frameMap) urls() []string {
	if fm == nil {
		return nil
	}
	var out []string
	for _, f := range fm.frames[1:] {
		out = append(out, f.url)
	}
	return out
}

// toGlobal is the merged index of node local of frame fi (-1: none).
func (fm *frameMap) toGlobal(fi, local int) int {
	if fm == nil {
		if fi == 0 {
			return local
		}
		return -1
	}
	if fi < 0 || fi >= len(fm.frames) || local < 0 || local >= len(fm.frames[fi].global) {
		return -1
	}
	return fm.frames[fi].global[local]
}

// isReadOwner says whether the merged node i is the element of a frame
// that was read.
func (fm *frameMap) isReadOwner(i int) bool {
	if fm == nil {
		return false
	}
	for _, f := range fm.frames[1:] {
		if f.ownerGlobal == i {
			return true
		}
	}
	return false
}

// indexOf is the index in frames of frame f; the main frame is 0 even
// without a map, another frame -1 when it was not read.
func (fm *frameMap) indexOf(f browser.Frame) int {
	if f.Main() {
		return 0
	}
	if fm == nil {
		return -1
	}
	for i, rf := range fm.frames {
		if i > 0 && rf.frame == f {
			return i
		}
	}
	return -1
}

// childFrames are the frames read, for their guards.
func (fm *frameMap) childFrames() []browser.Frame {
	if fm == nil {
		return nil
	}
	var out []browser.Frame
	for _, f := range fm.frames[1:] {
		out = append(out, f.frame)
	}
	return out
}
