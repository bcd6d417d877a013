package observe

import (
	"context"
	"encoding/json"

	"github.com/diwall/diwall/host/internal/browser"
	"github.com/diwall/diwall/host/internal/pagescript"
)

// cover finds, for the actionable nodes of the frames read that are in
// view, whether something of a page around the frame lies over them (a
// banner, a modal): the frame's serializer only saw its own document. The
// point asked is each node's centre, in every frame up the chain: one call
// per frame holding frames read, per level of nesting.
func (fm *frameMap) cover(ctx context.Context, t *browser.Tab, r *raw) {
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
			text, err := t.CallIn(ctx, fm.frames[parent].frame, coverQuestions, browser.Args(qs), false)
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

// coverQuestions answers, for questions [owner, x, y] in the viewport of
// the world it runs in, what lies over the frame element owner at (x, y)
// (pagescript's cover_questions.js).
var coverQuestions = pagescript.CoverQuestions
