package observe

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"

	"github.com/diwall/diwall/host/internal/browser"
	"github.com/diwall/diwall/host/internal/cdp"
	"github.com/diwall/diwall/host/internal/pagescript"
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

// frameReader reads the frames of one page.
type frameReader struct {
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
func listFrames(ctx context.Context, t *browser.Tab, rule FrameRule) (allowed []browser.FrameInfo, all map[string]browser.FrameInfo, err error) {
	all, err = t.Frames(ctx)
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
func readFrames(ctx context.Context, t *browser.Tab, main *raw, snapshot string, rule FrameRule, known map[string]browser.FrameInfo) *frameReader {
	fr := &frameReader{t: t, snapshot: snapshot, rule: rule, known: known}
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
	ids, boxes, err := frameOwners(ctx, fr.t, fr.frames[fi].frame, owners)
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
		text, err := serialize(ctx, fr.t, info.Frame, snapshotOptions(fr.snapshot))
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
		if all, err := fr.t.Frames(ctx); err == nil {
			fr.known = all
			if f, ok := all[id]; ok {
				return f, true
			}
		}
	}
	return fr.t.WaitFrame(ctx, id)
}

// frameOwners returns, for frame elements of the world of frame f (node
// indexes of its serializer), the id of the frame each holds ("" when
// unknown) and its content box in f's viewport (nil when it has none).
func frameOwners(ctx context.Context, t *browser.Tab, f browser.Frame, owners []int) ([]string, [][]float64, error) {
	text, err := t.CallIn(ctx, f, frameBoxes, browser.Args(owners), false)
	if err != nil {
		return nil, nil, err
	}
	var boxes [][]float64
	if err := json.Unmarshal([]byte(text), &boxes); err != nil || len(boxes) != len(owners) {
		return nil, nil, fmt.Errorf("frame boxes: %v", err) //nolint:errorlint // kept opaque, as before: callers branch on observe's own errors
	}
	world, err := t.WorldIn(ctx, f)
	if err != nil {
		return nil, nil, err
	}
	const group = "diwall-frames"
	defer func() {
		_ = t.CDPIn(ctx, f.Session, cdp.RuntimeReleaseObjectGroup, cdp.ReleaseObjectGroupParams{ObjectGroup: group}, nil)
	}()
	ids := make([]string, len(owners))
	for k, i := range owners {
		if len(boxes[k]) != 4 {
			boxes[k] = nil
			continue
		}
		el, err := elementObject(ctx, t, f, world, i, group)
		if err != nil || el == "" {
			continue
		}
		var desc cdp.DescribeNodeResult
		if t.CDPIn(ctx, f.Session, cdp.DOMDescribeNode, cdp.DescribeNodeParams{ObjectID: el}, &desc) == nil {
			ids[k] = desc.Node.FrameID
		}
	}
	return ids, boxes, nil
}

// frameBoxes is the function that returns, as one JSON string, the
// content box [x, y, w, h] in its viewport of each frame element of the
// snapshot (its node indexes is) in the world it runs in: where the
// frame's own viewport lies (pagescript's frame_boxes.js).
var frameBoxes = pagescript.FrameBoxes
