package act

import (
	"context"
	"encoding/json"
	"time"

	"github.com/diwall/diwall/host/internal/browser"
)

// Frames. A snapshot of a profile that reads frames holds nodes of child
// frames (browser.Snapshot.Place). A helper call about such a node runs in
// its frame's isolated world with the node's index there; the point it
// answers is in the frame's viewport, and is placed in the main viewport
// through each frame element up the chain, measured now (the page may
// have scrolled), where the frame must show at that point, not covered by
// its parent's content. Input events then go to the tab, which routes them
// to the frame as it would a person's. What covers a node is named by its
// snapshot index.

// frameNo is the frame (0: main; k: the snapshot's Frames[k-1]) of the node
// a helper's arguments name; 0 when they name none.
func (r *run) frameNo(args helperArgs) int {
	i, ok := nodeOf(args)
	if !ok || r.snap.Place == nil {
		return 0
	}
	fi, _ := r.snap.Where(*i)
	return fi
}

// inFrame returns where a helper call runs: the frame of the node its
// arguments name, and the arguments as sent there (JSON), with that
// node's index in the frame's world.
func (r *run) inFrame(args helperArgs) (int, browser.Frame, json.RawMessage) {
	i, ok := nodeOf(args)
	if !ok || r.snap.Place == nil {
		return 0, browser.Frame{}, asJSON(args)
	}
	fi, local := r.snap.Where(*i)
	if fi == 0 && local == *i {
		return 0, browser.Frame{}, asJSON(args)
	}
	global := *i
	*i = local
	wire := asJSON(args)
	*i = global
	return fi, r.snap.FrameOf(fi), wire
}

// fromFrame turns a helper's answer (text, decoded as res) about a node of
// frame fi into the main frame's terms: what covers it as a snapshot
// index, and its point in the main viewport (or invisible, or covered by
// the frame's surroundings). With scroll, each frame up the chain is
// scrolled to bring that point into its viewport (the node itself was, in
// its frame's).
func (r *run) fromFrame(ctx context.Context, fi int, text string, res *aim, scroll bool) error {
	if res.Covered != nil && *res.Covered >= 0 {
		c := r.snap.Global(fi, *res.Covered)
		res.Covered = &c
	}
	var point struct {
		X *float64 `json:"x"`
		Y *float64 `json:"y"`
	}
	if json.Unmarshal([]byte(text), &point) != nil || point.X == nil || point.Y == nil || res.Invisible || res.Covered != nil {
		return nil
	}
	x, y := *point.X, *point.Y
	for fi > 0 {
		owner := r.snap.Frames[fi-1].Owner
		parent, local := r.snap.Where(owner)
		done := r.waiting()
		p, err := framePointOp.in(ctx, r, r.snap.FrameOf(parent), framePointArgs{nodeArgs: nodeAt(local), X: x, Y: y, Scroll: scroll})
		done()
		if err != nil {
			return err
		}
		switch {
		case p.Stale || p.Gone:
			res.Gone = p.Gone
			res.Stale = p.Stale
			return nil
		case p.Invisible:
			res.Invisible = true
			return nil
		case p.Covered != nil:
			c := *p.Covered
			if c >= 0 {
				c = r.snap.Global(parent, c)
			}
			res.Covered = &c
			return nil
		}
		x, y, fi = p.X, p.Y, parent
	}
	res.X, res.Y = x, y
	return nil
}

// keyListenersOf is keyListeners for nodes of the snapshot (its indexes).
// A frame's own listeners are not looked for: its fields count as not
// listened on, and the page as listening somewhere, so that a field that
// looks formatted gets each key.
func keyListenersOf(ctx context.Context, t *browser.Tab, snap *browser.Snapshot, nodes []int) (keyInfo, error) {
	got := keyInfo{keyed: map[int]bool{}}
	locals, back := mainNodes(snap, nodes)
	if len(locals) > 0 {
		k, err := keyListeners(ctx, t, snap.ID, locals)
		if err != nil {
			return k, err
		}
		for l, v := range k.keyed {
			got.keyed[back[l]] = v
		}
		got.pageListens = k.pageListens
	}
	for _, n := range nodes {
		if fi, _ := snap.Where(n); fi != 0 {
			got.keyed[n] = false
			got.pageListens = true
		}
	}
	return got, nil
}

// mainNodes returns those of the snapshot's nodes that are the main
// frame's, as indexes of its world, and the way back.
func mainNodes(snap *browser.Snapshot, nodes []int) ([]int, map[int]int) {
	var locals []int
	back := make(map[int]int, len(nodes))
	for _, n := range nodes {
		if fi, l := snap.Where(n); fi == 0 {
			locals = append(locals, l)
			back[l] = n
		}
	}
	return locals, back
}

// hasText waits, at most within, until text is on the page: in the main
// frame or in a frame the snapshot read (in the document it read: a frame
// that navigated since answers nothing).
func (r *run) hasText(ctx context.Context, text string, within time.Duration) (bool, error) {
	ctx, cancel := context.WithTimeout(ctx, within+helperWait)
	defer cancel()
	frames := []browser.Frame{{}}
	for _, f := range r.snap.Frames {
		frames = append(frames, f.Frame)
	}
	type answer struct {
		found bool
		err   error // the main frame's: a frame's failure (it navigated) is not the step's
	}
	answers := make(chan answer, len(frames))
	for _, f := range frames {
		go func() {
			args := hasTextArgs{actArgs: actArgs{Snapshot: r.snap.ID}, Text: text, Wait: within.Milliseconds(), Own: !f.Main()}
			res, err := hasTextOp.within(ctx, r.t, f, args, within+helperWait)
			if !f.Main() {
				err = nil
			}
			answers <- answer{res.Found, err}
		}()
	}
	var first error
	for range frames {
		a := <-answers
		if a.found {
			return true, nil
		}
		if a.err != nil {
			first = a.err
		}
	}
	return false, first
}
