package observe

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"slices"
	"time"

	"github.com/diwall/diwall/host/internal/browser"
	"github.com/diwall/diwall/host/internal/pagescript"
)

// The capture guard (guard.js) brackets every screenshot: started just
// before it, finished just after, it knows every position each sensitive
// field and frame had in the frames the page rendered in between, holds
// still the animations that would move them, and says when it cannot be
// sure. See pagescript's guard.js for what it watches and how.

// guardSource is guard.js with the constants it shares with the host.
var guardSource = pagescript.Guard

// guardReport is what guard.js finish returns.
type guardReport struct {
	// Lost: the guard was gone (the document changed, or it ended itself).
	Lost bool `json:"lost"`
	// Why is not empty when the boxes cannot be trusted.
	Why   string     `json:"why"`
	Boxes []guardBox `json:"boxes"`
	// Watched are the serializer's indexes of the watched elements.
	Watched  []int      `json:"watched"`
	Measures int        `json:"measures"`
	VP       [2]float64 `json:"vp"`
}

// guardBox is a watched element's box over the whole guard: the bounding
// box of all its visible positions, in CSS pixels from the viewport.
type guardBox struct {
	I     int       `json:"i"` // serializer index, -1 when the serializer did not report it
	B     []float64 `json:"b"` // x, y, w, h
	Frame int       `json:"fr"`
	Moved int       `json:"mv"`
}

// guard is one started guard: one in the main frame and one in each frame
// read (or about to be read) whose sensitive fields it must watch too.
type guard struct {
	t        *browser.Tab
	snapshot string
	parts    []guardPart
	done     bool
}

// guardPart is the guard of one frame.
type guardPart struct {
	frame browser.Frame
	id    string
}

// guardLibrary names the guard's start function in the isolated world, by
// a digest of its source: a host of another version installs its own.
var guardLibrary = func() string {
	sum := sha256.Sum256([]byte(guardSource))
	return "__diwallGuardLib_" + hex.EncodeToString(sum[:6])
}()

// guardStart is the guard library among the host's functions of a world
// (browser.Run): its start function, made with the sensitive cues, called
// with the guard's options. Its source is about 20 KB, which costs several
// ms through chrome.debugger (measured): it is sent once per document.
var guardStart = func() browser.PageFunction {
	c, _ := json.Marshal(map[string]string{"sensitive": sensitiveSource, "notSensitive": notSensitiveSource})
	return browser.PageFunction{Name: guardName, Global: guardLibrary, Source: "(" + guardSource + ")(" + string(c) + ")"}
}()

// guardFinish finishes the guard whose id it is given, if it is still the
// page's (pagescript's guard_finish.js).
var guardFinish = pagescript.GuardFinish

// startGuard starts a guard in the tab's isolated world, and in that of
// each of frames (child frames that are or may be read; one that cannot be
// guarded is left out, and its report says so if it was read). extra names
// the nodes (of snapshot, where fm says) to watch besides those the guards
// find.
func startGuard(ctx context.Context, t *browser.Tab, snapshot string, frames []browser.Frame, fm *frameMap, extra []int) (*guard, error) {
	g := &guard{t: t, snapshot: snapshot}
	byFrame := map[browser.Frame][]int{}
	for _, i := range extra {
		f, local := browser.Frame{}, i
		if fm != nil && i >= 0 && i < len(fm.place) {
			f, local = fm.frames[fm.place[i].Frame].frame, int(fm.place[i].Local)
		}
		byFrame[f] = append(byFrame[f], local)
	}
	main, err := g.startIn(ctx, browser.Frame{}, byFrame[browser.Frame{}])
	if err != nil {
		return nil, err
	}
	g.parts = append(g.parts, *main)
	// The frames' guards are started together.
	frames = slices.DeleteFunc(slices.Clone(frames), browser.Frame.Main)
	started := make(chan *guardPart, len(frames))
	for _, f := range frames {
		go func() {
			p, err := g.startIn(ctx, f, byFrame[f])
			if err != nil {
				p = nil
			}
			started <- p
		}()
	}
	for range frames {
		if p := <-started; p != nil {
			g.parts = append(g.parts, *p)
		}
	}
	return g, nil
}

// startIn starts the guard of frame f.
func (g *guard) startIn(ctx context.Context, f browser.Frame, extra []int) (*guardPart, error) {
	id := newID()
	if extra == nil {
		extra = []int{}
	}
	opts := map[string]any{"id": id, "snapshot": g.snapshot, "extra": extra}
	// A world the library was installed in has it still (the page cannot
	// reach it); a new one (a new document) gets it with the first call.
	if _, err := g.t.Run(ctx, f, guardStart, browser.Args(opts), true); err != nil {
		return nil, err
	}
	return &guardPart{frame: f, id: id}, nil
}

// guardName names the guard library among the host's scripts of a world
// (browser.InstalledIn).
const guardName = "guard"

// finish ends the guards and returns their report, in the merged page's
// node indexes and the main viewport's pixels (fm says where each frame
// read is; nil: the main frame alone).
func (g *guard) finish(ctx context.Context, fm *frameMap) (*guardReport, error) {
	g.done = true
	// The frames' guards are finished together.
	type finished struct {
		rep *guardReport
		err error
	}
	reports := make([]chan finished, len(g.parts))
	for k, p := range g.parts {
		reports[k] = make(chan finished, 1)
		if fm.indexOf(p.frame) < 0 {
			// A frame guarded in case it was read, and not read.
			go g.end(p) //nolint:gosec // the guard is taken down even when the call is cancelled: end has its own deadline
			continue
		}
		go func() {
			rep, err := g.finishPart(ctx, p)
			reports[k] <- finished{rep, err}
		}()
	}
	var out *guardReport
	done := map[browser.Frame]bool{}
	for k, p := range g.parts {
		fi := fm.indexOf(p.frame)
		if fi < 0 {
			continue
		}
		f := <-reports[k]
		rep, err := f.rep, f.err
		if p.frame.Main() {
			if err != nil {
				return nil, err
			}
			out = rep
			translateReport(out, fm, 0)
			continue
		}
		if err != nil || rep.Lost {
			continue
		}
		translateReport(rep, fm, fi)
		done[p.frame] = true
		if rep.Why != "" && out.Why == "" {
			out.Why = rep.Why
		}
		out.Boxes = append(out.Boxes, rep.Boxes...)
		out.Watched = append(out.Watched, rep.Watched...)
		out.Measures += rep.Measures
	}
	if fm != nil {
		for _, f := range fm.frames[1:] {
			if !done[f.frame] && out.Why == "" {
				out.Why = "a frame could not be watched while the image was taken"
			}
		}
	}
	return out, nil
}

// finishPart finishes the guard of one frame.
func (g *guard) finishPart(ctx context.Context, p guardPart) (*guardReport, error) {
	text, err := g.t.CallIn(ctx, p.frame, guardFinish, browser.Args(p.id), true)
	if err != nil {
		return nil, err
	}
	var rep guardReport
	if err := json.Unmarshal([]byte(text), &rep); err != nil {
		return nil, fmt.Errorf("capture guard: %w", err)
	}
	for _, bx := range rep.Boxes {
		if len(bx.B) != 4 {
			return nil, fmt.Errorf("capture guard: a box of %d numbers", len(bx.B))
		}
	}
	return &rep, nil
}

// translateReport puts the report of frame fi's guard in the merged page's
// indexes and the main viewport. A frame read whose element moved while
// the image was taken moved what it shows too: its whole box is masked
// (I -1), since its own guard measured from inside it.
func translateReport(rep *guardReport, fm *frameMap, fi int) {
	if fm == nil {
		return
	}
	off := fm.frames[fi].offset
	for k := range rep.Boxes {
		bx := &rep.Boxes[k]
		if bx.I >= 0 {
			bx.I = fm.toGlobal(fi, bx.I)
		}
		bx.B[0] += off[0]
		bx.B[1] += off[1]
		if bx.Frame == 1 && bx.Moved == 1 && fm.isReadOwner(bx.I) {
			bx.I = -1
		}
	}
	watched := rep.Watched[:0]
	for _, i := range rep.Watched {
		if g := fm.toGlobal(fi, i); g >= 0 {
			watched = append(watched, g)
		}
	}
	rep.Watched = watched
}

// abandon ends a guard that was not finished (the observation failed on
// the way), so that the page's animations run again at once rather than
// when the guard ends itself. It does not wait: a page blocked by a dialog
// would hold the observation that reports the dialog.
func (g *guard) abandon() {
	if g == nil || g.done {
		return
	}
	g.done = true
	if g.t.Info().Dialog != nil {
		return // the guard ends itself
	}
	for _, p := range g.parts {
		go g.end(p)
	}
}

// end finishes one frame's guard without waiting for it, its report unused.
func (g *guard) end(p guardPart) {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	_, _ = g.t.CallIn(ctx, p.frame, guardFinish, browser.Args(p.id), true)
}
