package observe

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"slices"

	"github.com/diwall/diwall/host/browser"
)

// Frames by profile. With frames = "sites", the frames whose document is on
// the session's sites are read like the page: the serializer runs in an
// isolated world of each, its nodes hang under the frame's line, with their
// boxes moved to the main viewport and clipped to what of the frame shows,
// and they get marks like any other. The frame's element is not masked; the
// sensitive fields inside it are, and the frames inside it that are not on
// the sites stay masked and counted. Frames are read up to maxFrameDepth
// deep, maxFrames at most per observation. Which frames may be read is the
// caller's rule (the tools' gate), never this package's.

// FrameRule says whether a frame whose document is at url may be read; a
// nil rule reads no frame.
type FrameRule func(url string) bool

// Bounds of the frames one observation reads.
const (
	maxFrames     = 20
	maxFrameDepth = 3
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

// frameReader reads the frames of one page.
type frameReader struct {
	b        *browser.Browser
	t        *browser.Tab
	snapshot string
	rule     FrameRule
	known    map[string]browser.FrameInfo
	relisted bool
	frames   []readFrame
	notices  []string
}

// mayRead says whether the rule lets frame f be read: where its document
// comes from (its URL, or the origin it inherited) is allowed.
func mayRead(rule FrameRule, f browser.FrameInfo) bool {
	a := f.Address()
	return a != "" && rule(a)
}

// listFrames returns the tab's frames whose documents the rule allows now,
// and all of them by id.
func listFrames(ctx context.Context, b *browser.Browser, t *browser.Tab, rule FrameRule) (allowed []browser.FrameInfo, all map[string]browser.FrameInfo, err error) {
	all, err = b.Frames(ctx, t)
	if err != nil {
		return nil, nil, err
	}
	for _, f := range all {
		if mayRead(rule, f) {
			allowed = append(allowed, f)
		}
	}
	return allowed, all, nil
}

// readFrames reads the frames of the main frame's raw that the rule
// allows, and their frames in turn. It returns nil when it read none.
func readFrames(ctx context.Context, b *browser.Browser, t *browser.Tab, main *raw, snapshot string, rule FrameRule, known map[string]browser.FrameInfo) *frameReader {
	fr := &frameReader{b: b, t: t, snapshot: snapshot, rule: rule, known: known}
	vp := Box{0, 0, main.VP.W, main.VP.H}
	fr.frames = []readFrame{{raw: main, parent: -1, owner: -1, ownerGlobal: -1, clip: vp}}
	fr.visit(ctx, 0, 0)
	if len(fr.frames) == 1 {
		return nil
	}
	return fr
}

// visit reads the frames of frames[fi] that the rule allows.
func (fr *frameReader) visit(ctx context.Context, fi, depth int) {
	var owners []int
	for i, n := range fr.frames[fi].raw.Nodes {
		if n.Frame == 1 && n.Box != nil {
			owners = append(owners, i)
		}
	}
	if len(owners) == 0 {
		return
	}
	if depth >= maxFrameDepth {
		fr.notice(fmt.Sprintf("frames nested deeper than %d are masked", maxFrameDepth))
		return
	}
	ids, boxes, err := frameOwners(ctx, fr.b, fr.t, fr.frames[fi].frame, owners)
	if err != nil {
		return // they stay masked
	}
	for k, i := range owners {
		if len(fr.frames)-1 >= maxFrames {
			fr.notice(fmt.Sprintf("more than %d frames: the others are masked", maxFrames))
			return
		}
		info, ok := fr.frameOf(ctx, ids[k])
		if !ok || boxes[k] == nil || !mayRead(fr.rule, info) {
			continue
		}
		text, err := fr.b.EvaluateIn(ctx, fr.t, info.Frame, serializerExpression(fr.snapshot), 10000)
		if err != nil {
			continue
		}
		r, err := parseRaw([]byte(text))
		if err != nil {
			continue
		}
		parent := fr.frames[fi]
		cb := boxes[k]
		off := [2]float64{parent.offset[0] + cb[0], parent.offset[1] + cb[1]}
		fr.frames = append(fr.frames, readFrame{
			frame: info.Frame, url: info.Address(), raw: r, parent: fi, owner: i, ownerGlobal: -1,
			offset: off, clip: intersect(parent.clip, Box{off[0], off[1], cb[2], cb[3]}),
		})
		if fr.frames[fi].kids == nil {
			fr.frames[fi].kids = map[int]int{}
		}
		fr.frames[fi].kids[i] = len(fr.frames) - 1
		fr.visit(ctx, len(fr.frames)-1, depth+1)
	}
}

// notice adds a notice once.
func (fr *frameReader) notice(n string) {
	if !slices.Contains(fr.notices, n) {
		fr.notices = append(fr.notices, n)
	}
}

// frameOf finds the frame of id: among those listed, else after listing
// them again (a frame made since), else once Chrome attached it (an
// out-of-process frame is reported a moment after it exists).
func (fr *frameReader) frameOf(ctx context.Context, id string) (browser.FrameInfo, bool) {
	if id == "" {
		return browser.FrameInfo{}, false
	}
	if f, ok := fr.known[id]; ok {
		return f, true
	}
	if !fr.relisted {
		fr.relisted = true
		if all, err := fr.b.Frames(ctx, fr.t); err == nil {
			fr.known = all
			if f, ok := all[id]; ok {
				return f, true
			}
		}
	}
	return fr.b.WaitFrame(ctx, fr.t, id)
}

// frameOwners returns, for frame elements of the world of frame f (node
// indexes of its serializer), the id of the frame each holds ("" when
// unknown) and its content box in f's viewport (nil when it has none).
func frameOwners(ctx context.Context, b *browser.Browser, t *browser.Tab, f browser.Frame, owners []int) ([]string, [][]float64, error) {
	text, err := b.EvaluateIn(ctx, t, f, FrameBoxExpression(owners), 2000)
	if err != nil {
		return nil, nil, err
	}
	var boxes [][]float64
	if err := json.Unmarshal([]byte(text), &boxes); err != nil || len(boxes) != len(owners) {
		return nil, nil, fmt.Errorf("frame boxes: %v", err)
	}
	world, err := b.WorldIn(ctx, t, f)
	if err != nil {
		return nil, nil, err
	}
	const group = "diwall-frames"
	defer b.CDPIn(ctx, t, f.Session, "Runtime.releaseObjectGroup", map[string]string{"objectGroup": group}, nil)
	ids := make([]string, len(owners))
	for k, i := range owners {
		if len(boxes[k]) != 4 {
			boxes[k] = nil
			continue
		}
		var el struct {
			Result struct {
				ObjectID string `json:"objectId"`
			} `json:"result"`
		}
		err := b.CDPIn(ctx, t, f.Session, "Runtime.evaluate", map[string]any{
			"expression": fmt.Sprintf("globalThis.__diwall.els[%d]", i), "contextId": world, "objectGroup": group,
		}, &el)
		if err != nil || el.Result.ObjectID == "" {
			continue
		}
		var desc struct {
			Node struct {
				FrameID string `json:"frameId"`
			} `json:"node"`
		}
		if b.CDPIn(ctx, t, f.Session, "DOM.describeNode", map[string]any{"objectId": el.Result.ObjectID}, &desc) == nil {
			ids[k] = desc.Node.FrameID
		}
	}
	return ids, boxes, nil
}

// FrameBoxExpression is the expression that returns, as one JSON string,
// the content box [x, y, w, h] in its viewport of each frame element of
// the snapshot in the world it runs in (null for an element that is gone
// or has no box): where the frame's own viewport lies.
func FrameBoxExpression(indexes []int) string {
	is, _ := json.Marshal(indexes)
	return fmt.Sprintf(`((is) => JSON.stringify(is.map((i) => {
  const el = globalThis.__diwall && globalThis.__diwall.els[i];
  if (!el || !el.isConnected) return null;
  const r = el.getBoundingClientRect();
  if (r.width === 0 && r.height === 0) return null;
  const cs = getComputedStyle(el);
  const pl = parseFloat(cs.paddingLeft) || 0, pt = parseFloat(cs.paddingTop) || 0;
  const pr = parseFloat(cs.paddingRight) || 0, pb = parseFloat(cs.paddingBottom) || 0;
  return [r.left + el.clientLeft + pl, r.top + el.clientTop + pt, Math.max(0, el.clientWidth - pl - pr), Math.max(0, el.clientHeight - pt - pb)];
})))(%s)`, is)
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

// cover finds, for the actionable nodes of the frames read that are in
// view, whether something of a page around the frame lies over them (a
// banner, a modal): the frame's serializer only saw its own document. The
// point asked is each node's centre, in every frame up the chain: one call
// per frame holding frames read, per level of nesting.
func (fm *frameMap) cover(ctx context.Context, b *browser.Browser, t *browser.Tab, r *raw) {
	if fm == nil {
		return
	}
	// ask is one node's question: at point (main viewport), does frame f
	// show?
	type ask struct {
		node  int
		f     int
		point [2]float64
	}
	var asks []ask
	for fi := 1; fi < len(fm.frames); fi++ {
		for _, g := range fm.frames[fi].global {
			n := &r.Nodes[g]
			if n.InView == 1 && n.Box != nil && n.Covered == nil && fm.place[g].Frame == int32(fi) {
				asks = append(asks, ask{g, fi, [2]float64{n.Box[0] + n.Box[2]/2, n.Box[1] + n.Box[3]/2}})
			}
		}
	}
	for len(asks) > 0 {
		byParent := map[int][]ask{}
		for _, a := range asks {
			p := fm.frames[a.f].parent
			byParent[p] = append(byParent[p], a)
		}
		asks = nil
		for parent, list := range byParent {
			off := fm.frames[parent].offset
			qs := make([][3]float64, len(list))
			for k, a := range list {
				qs[k] = [3]float64{float64(fm.frames[a.f].owner), a.point[0] - off[0], a.point[1] - off[1]}
			}
			text, err := b.EvaluateIn(ctx, t, fm.frames[parent].frame, coverExpression(qs), 2000)
			var by []*int
			if err != nil || json.Unmarshal([]byte(text), &by) != nil || len(by) != len(list) {
				continue
			}
			for k, a := range list {
				if by[k] == nil {
					if parent > 0 {
						asks = append(asks, ask{a.node, parent, a.point})
					}
					continue
				}
				c := *by[k]
				if c >= 0 {
					c = fm.toGlobal(parent, c)
				}
				r.Nodes[a.node].Covered = &c
			}
		}
	}
}

// coverExpression answers, for questions [owner, x, y] in the viewport of
// the world it runs in, what lies over the frame element owner at (x, y):
// null when the frame itself, else the snapshot index of what covers it or
// of its nearest reported ancestor (-1: none).
func coverExpression(questions [][3]float64) string {
	qs, _ := json.Marshal(questions)
	return fmt.Sprintf(`((qs) => {
  const s = globalThis.__diwall;
  return JSON.stringify(qs.map(([owner, x, y]) => {
    const el = s && s.els[owner];
    if (!el) return null;
    let hit = document.elementFromPoint(x, y);
    while (hit && hit.shadowRoot) {
      const inner = hit.shadowRoot.elementFromPoint(x, y);
      if (!inner || inner === hit) break;
      hit = inner;
    }
    if (!hit || hit === el) return null;
    for (let c = hit; c; c = c.parentNode || c.host) if (s.index.has(c)) return s.index.get(c);
    return -1;
  }));
})(%s)`, qs)
}
