package observe

import (
	"context"
	"math"

	"github.com/diwall/diwall/host/internal/browser"
)

// frameRead reads a region of a snapshot's page from the live page: in the
// frame the region is in, and, inside it, the frames the snapshot read
// that the rule still allows (their documents now); the others stay masked.
type frameRead struct {
	t     *browser.Tab
	snap  *browser.Snapshot
	rule  FrameRule
	now   map[string]browser.FrameInfo // the tab's frames now, once listed
	owner map[int]int                  // snapshot index of a frame's element -> its frame number
	urls  []string                     // the documents read besides the main one
}

func newFrameRead(t *browser.Tab, snap *browser.Snapshot, rule FrameRule) *frameRead {
	rd := &frameRead{t: t, snap: snap, rule: rule, owner: map[int]int{}}
	for k, f := range snap.Frames {
		rd.owner[f.Owner] = k + 1
	}
	return rd
}

// allowed says whether frame number fi of the snapshot may be read now:
// the rule allows its document as it is now.
func (rd *frameRead) allowed(ctx context.Context, fi int) bool {
	if rd.rule == nil || fi <= 0 || fi > len(rd.snap.Frames) {
		return false
	}
	if rd.now == nil {
		all, err := rd.t.Frames(ctx)
		if err != nil {
			return false
		}
		rd.now = all
	}
	f := rd.snap.Frames[fi-1].Frame
	info, ok := rd.now[f.ID]
	return ok && info.Frame == f && mayRead(rd.rule, info)
}

// region reads the subtree of the element at local (-1: the whole
// document) of frame fi, with the frames it holds, as one page whose
// nodes name their snapshot index (Prior).
func (rd *frameRead) region(ctx context.Context, fi, local int) (*raw, error) {
	top, err := rd.readIn(ctx, fi, local)
	if err != nil || top.Stale || top.Gone {
		return top, err
	}
	if fi > 0 {
		rd.urls = append(rd.urls, rd.now[rd.snap.Frames[fi-1].Frame.ID].Address())
	}
	everywhere := Box{-math.MaxFloat32, -math.MaxFloat32, math.MaxFloat32 * 2, math.MaxFloat32 * 2}
	fr := &frameReader{frames: []readFrame{{raw: top, parent: -1, owner: -1, ownerGlobal: -1, clip: everywhere}}}
	rd.nest(ctx, fr, 0, 0)
	if len(fr.frames) == 1 {
		return top, nil
	}
	merged, _ := fr.merge()
	return merged, nil
}

// nest reads the frames of fr.frames[ri] the snapshot read and the rule
// allows.
func (rd *frameRead) nest(ctx context.Context, fr *frameReader, ri, depth int) {
	if depth >= maxFrameDepth {
		return
	}
	for i, n := range fr.frames[ri].raw.Nodes {
		if n.Frame != 1 || n.Prior == nil {
			continue
		}
		fi, ok := rd.owner[*n.Prior]
		if !ok || !rd.allowed(ctx, fi) {
			continue
		}
		r, err := rd.readIn(ctx, fi, -1)
		if err != nil || r.Stale || r.Gone {
			continue // it stays masked
		}
		rd.urls = append(rd.urls, rd.now[rd.snap.Frames[fi-1].Frame.ID].Address())
		fr.frames = append(fr.frames, readFrame{raw: r, parent: ri, owner: i, ownerGlobal: -1, clip: fr.frames[0].clip})
		if fr.frames[ri].kids == nil {
			fr.frames[ri].kids = map[int]int{}
		}
		fr.frames[ri].kids[i] = len(fr.frames) - 1
		rd.nest(ctx, fr, len(fr.frames)-1, depth+1)
	}
}

// readIn runs the read serializer in frame fi's world, and names each
// node's snapshot index.
func (rd *frameRead) readIn(ctx context.Context, fi, local int) (*raw, error) {
	text, err := serialize(ctx, rd.t, rd.snap.FrameOf(fi), readOptions(rd.snap.ID, local))
	if err != nil {
		return nil, err
	}
	r, err := parseRaw([]byte(text))
	if err != nil || rd.snap.Place == nil {
		return r, err
	}
	index := map[int]int{}
	for g, p := range rd.snap.Place {
		if int(p.Frame) == fi {
			index[int(p.Local)] = g
		}
	}
	for k := range r.Nodes {
		if p := r.Nodes[k].Prior; p != nil {
			if g, ok := index[*p]; ok {
				r.Nodes[k].Prior = &g
			} else {
				r.Nodes[k].Prior = nil
			}
		}
	}
	return r, nil
}
