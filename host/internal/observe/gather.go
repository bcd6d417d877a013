// Package observe makes one observation of a tab (docs/contract.md §3): it has the
// page serializer gather what a person can perceive, asks Chrome's own
// accessibility tree about the nodes the serializer cannot be sure of,
// captures the viewport, and turns all of it into the tree, the elements,
// the marks, the masks and the marked image, from one snapshot.
package observe

import (
	"context"
	"encoding/base64"
	"errors"
	"fmt"
	"time"

	"github.com/diwall/diwall/host/internal/randid"
	"github.com/diwall/diwall/host/internal/toolerr"

	"github.com/diwall/diwall/host/internal/browser"
	"github.com/diwall/diwall/host/internal/cdp"
	"github.com/diwall/diwall/host/internal/imaging"
	"github.com/diwall/diwall/internal/policy"
	"github.com/diwall/diwall/protocol"
)

// Viewport is the server's reading of the page's viewport, in CSS pixels.
type Viewport struct {
	Width         float64 `json:"width"`
	Height        float64 `json:"height"`
	ScrollX       float64 `json:"scroll_x"`
	ScrollY       float64 `json:"scroll_y"`
	ContentHeight float64 `json:"content_height"`
}

// ImageInfo describes the returned image.
type ImageInfo struct {
	Width  int     `json:"width"`
	Height int     `json:"height"`
	Scale  float64 `json:"scale"`
}

// Observation is one observation: what the server asserts and what the
// page wrote, kept apart.
type Observation struct {
	// Server's part.
	SnapshotID string
	Origin     string
	LoaderID   string
	Viewport   Viewport
	Capture    string // "ok" or why not
	Counters   Counters
	DialogOpen bool
	Image      ImageInfo
	PNG        []byte // nil when the capture failed
	Notices    []string
	// Page's part.
	Title, URL string
	Tree       []string
	Elements   []Element
	Dialog     *browser.Dialog
	// FrameURLs are the documents of the frames read into the tree: page
	// content comes from them too.
	FrameURLs []string
	// View is the whole of what this observation shows, kept with its
	// snapshot; Delta, for an observation of what changed, is what changed
	// since the snapshot Since (the model gets it instead of the whole).
	View  View
	Delta *Delta
	Since string
	// Timing, for benchmarks: the whole call and the host's own work.
	Took, HostTook time.Duration
	// Phases are the first attempt's round trips, for the debug log.
	Phases Phases
	// Recaptures counts the images taken again because a sensitive field
	// or frame moved, or the capture guard was unsure (masking.go).
	Recaptures int
}

// Timeout bounds one observation: a page whose main thread is stuck cannot
// hold the model longer than this.
const Timeout = 15 * time.Second

// Follow asks an observation for what changed since the snapshot Since;
// Acted is what the steps of an act in between asked (nil: none).
type Follow struct {
	Since string
	Acted Acted
}

// Observe makes an observation of the tab within the profile's budgets.
// Whether the page may be seen at all is the caller's rule (the tools'
// gate), not this package's; so is which frames may be read (frames, nil
// for none: every frame is masked). With follow, the observation is still a
// whole snapshot, whose marks are those of follow.Since for the elements
// that stayed, and it carries what changed (Delta); when follow.Since is
// not the tab's current snapshot it is a whole observation, and says so.
func Observe(ctx context.Context, t *browser.Tab, p policy.Profile, path Path, frames FrameRule, follow *Follow, opts ...Option) (*Observation, error) {
	var o options
	for _, opt := range opts {
		opt(&o)
	}
	start := time.Now()
	ctx, cancel := context.WithTimeout(ctx, Timeout)
	defer cancel()
	info := t.Info()
	if info.Dialog != nil {
		return dialogObservation(info, t.NewSnapshotID(), start), nil
	}
	// The tab stays where it is (in the background, most often): it is
	// kept rendering for the observation instead of being brought forward.
	defer t.KeepAwake(ctx)()
	// A dialog that opens while the page is read blocks the page, and every
	// call waiting on it: stop waiting, and report the dialog.
	opened, stopWatch := t.Watch(func(m string) bool { return m == cdp.PageJavascriptDialogOpening })
	defer stopWatch()
	gctx, stop := context.WithCancel(ctx)
	defer stop()
	go func() {
		select {
		case m := <-opened:
			if m == cdp.PageJavascriptDialogOpening {
				stop()
			}
		case <-gctx.Done():
		}
	}()
	var obs *Observation
	var err error
	for attempt := 0; attempt < maxAttempts; attempt++ {
		obs, err = gather(gctx, t, p, path, frames, follow, start, o)
		if !errors.Is(err, browser.ErrWorldGone) && !errors.Is(err, errDocumentChanged) && !errors.Is(err, browser.ErrNavigatedAway) {
			break
		}
		if attempt == maxAttempts-1 {
			err = &toolerr.Error{Code: toolerr.CodeTimeout, Err: err, Msg: fmt.Sprintf(
				"The page replaced its document %d times while it was read, so no snapshot of one document could be taken. Wait a moment and observe again, or navigate elsewhere.", maxAttempts)}
		}
	}
	if err != nil || obs != nil && obs.Capture != "ok" {
		if info := t.Info(); info.Dialog != nil {
			return dialogObservation(info, t.NewSnapshotID(), start), nil
		}
	}
	return obs, err
}

// Phases time the parts of an observation that wait on the browser: the
// guard's start (before the capture may be asked for), the capture and the
// serializer (together), and the guard's finish (after the capture).
type Phases struct {
	GuardStart, Capture, Serialize, GuardFinish time.Duration
}

var errDocumentChanged = errors.New("the page navigated while it was observed")

// maxAttempts bounds how often observe starts again on a page that
// replaced its document while it was read.
const maxAttempts = 4

// Option adds to an observation.
type Option func(*options)

type options struct {
	whenMarked func(*browser.Tab, *browser.Snapshot, []Element)
	fileInputs func(context.Context, *browser.Tab, *browser.Snapshot, []string, []Element)
}

// WithFileInputs has fn finish the tree and the elements of an
// observation whose page holds a file input, before the observation is
// kept and what changed is worked out (act marks the file inputs, whose
// roles and states only the page can tell): fn may change an element's
// role, name and states, and its tree line. It is called while the
// capture is on its way, with the snapshot the observation will set.
func WithFileInputs(fn func(ctx context.Context, t *browser.Tab, snap *browser.Snapshot, tree []string, elements []Element)) Option {
	return func(o *options) { o.fileInputs = fn }
}

// WhenMarked has fn called with the snapshot the observation will set and
// its elements, as soon as its marks are known, while the capture is on
// its way (the host waits for Chrome then): work that follows every
// observation (act learns which fields listen for keys) is done by the
// time it is answered. The snapshot is not the tab's yet; fn must not
// keep the call waiting.
func WhenMarked(fn func(t *browser.Tab, snap *browser.Snapshot, elements []Element)) Option {
	return func(o *options) { o.whenMarked = fn }
}

func gather(ctx context.Context, t *browser.Tab, p policy.Profile, path Path, rule FrameRule, follow *Follow, start time.Time, o options) (*Observation, error) {
	if err := t.Attach(ctx); err != nil {
		return nil, err
	}
	before := t.Info()
	snapID := t.NewSnapshotID()
	prev, notFollowed := followed(before, follow)
	opts := snapshotOptions(snapID)
	if prev != nil {
		opts["since"] = follow.Since
	}

	// The frames that may be read are known before the capture, so that
	// their guards bracket it too.
	var allowed []browser.Frame
	var known map[string]browser.FrameInfo
	if rule != nil {
		frames, all, err := listFrames(ctx, t, rule)
		if err != nil {
			return nil, err
		}
		known = all
		for _, f := range frames[:min(len(frames), maxFrames)] {
			allowed = append(allowed, f.Frame)
		}
	}

	// The capture guard watches the sensitive fields and frames from before
	// the capture is asked for until after it came back (masking.go).
	var ph Phases
	phase := time.Now()
	g, err := startGuard(ctx, t, snapID, allowed, nil, nil)
	if err != nil {
		return nil, err
	}
	defer g.abandon()
	ph.GuardStart = time.Since(phase)

	// The serializer and the capture run together, on the same document.
	// The capture is decoded while the serializer still runs, or while the
	// guard is finished.
	first := &shot{}
	phase = time.Now()
	first.take(ctx, t)
	used := first
	composed := false
	defer func() {
		used.wait()
		if !composed {
			used.release()
		}
	}()
	text, err := serialize(ctx, t, browser.Frame{}, opts)
	if err != nil {
		return nil, err
	}
	ph.Serialize = time.Since(phase)
	r, err := parseRaw([]byte(text))
	if err != nil {
		return nil, err
	}
	if len(r.Closed) > 0 {
		// Components with closed shadow roots: open them and read again
		// (following the first reading, which follows the snapshot before).
		if n, err := openClosedRoots(ctx, t, r.Closed); err == nil && n > 0 {
			again := snapshotOptions(snapID)
			if prev != nil {
				again["since"] = snapID
			}
			if text, err = serialize(ctx, t, browser.Frame{}, again); err != nil {
				return nil, err
			}
			first := r
			if r, err = parseRaw([]byte(text)); err != nil {
				return nil, err
			}
			chainPrior(first, r)
		}
	}
	if prev != nil && r.Follows != 1 {
		prev, notFollowed = nil, "the page's world was replaced since"
	}
	// The frames on the sites are read into the page.
	var fm *frameMap
	var notices []string
	if len(allowed) > 0 {
		if fr := readFrames(ctx, t, r, snapID, rule, known); fr != nil {
			notices = append(notices, fr.notices...)
			r, fm = fr.merge()
			fm.cover(ctx, t, r)
		}
	}
	// While the capture is on its way, the host asks Chrome about the
	// nodes it is unsure of and builds the tree, the elements and the
	// marks, which need no image. The guard is finished once the
	// screenshot came back (and after the serializers, whose node indexes
	// its report uses), while the image is decoded.
	if n := askChrome(ctx, t, r, fm, path); n > 0 && path == PathAuto {
		notices = append(notices, fmt.Sprintf("asked Chrome's accessibility tree about %d nodes", n))
	}
	budgets := Budgets{TreeChars: p.TreeChars, Marks: p.Marks}
	if prev != nil {
		budgets.Stable = mainMarks(prev)
	}
	buildStart := time.Now()
	built := build(r, budgets)
	buildTook := time.Since(buildStart)
	snap := &browser.Snapshot{ID: snapID, LoaderID: before.LoaderID, MarkNode: built.MarkNode, Sensitive: built.SecretMarks(), Pays: built.Pays,
		Frames: fm.snapFrames(), Place: fm.places()}
	if o.fileInputs != nil && r.Files == 1 {
		o.fileInputs(ctx, t, snap, built.Tree, built.Elements)
	}
	snap.Labels = markLabels(built.Elements)
	if o.whenMarked != nil {
		o.whenMarked(t, snap, built.Elements)
	}
	<-first.captured
	ph.Capture = first.took
	phase = time.Now()
	rep, gerr := g.finish(ctx, fm)
	ph.GuardFinish = time.Since(phase)
	first.report, first.guardErr = rep, gerr
	first.wait()
	hostStart := time.Now()
	after := t.Info()
	if after.LoaderID != before.LoaderID || after.Dialog != nil {
		return nil, errDocumentChanged
	}
	if built.Counters.TreeTruncated {
		notices = append(notices, fmt.Sprintf("tree truncated at %d characters around the viewport, every marked element kept; use read for the rest", p.TreeChars))
	}
	if built.Counters.MarksTruncated {
		notices = append(notices, fmt.Sprintf("marks truncated at %d: the elements in and nearest the viewport have them; scroll and observe again for the others", p.Marks))
	}
	if built.Counters.OmittedInert > 0 {
		notices = append(notices, "inert content (outside an open modal dialog, or marked inert) is left out until it can be used")
	}
	obs := &Observation{
		SnapshotID: snapID, Origin: after.Origin, LoaderID: after.LoaderID,
		Viewport: Viewport{Width: r.VP.W, Height: r.VP.H, ScrollX: r.VP.SX, ScrollY: r.VP.SY, ContentHeight: r.VP.CH},
		Counters: built.Counters, Notices: notices,
		Title: r.Title, URL: after.URL, Tree: built.Tree, Elements: built.Elements,
	}
	if obs.Elements == nil {
		obs.Elements = []Element{}
	}
	if obs.Tree == nil {
		obs.Tree = []string{}
	}
	var retakes int
	var plan maskPlan
	retakeStart := time.Now()
	if first.err == nil {
		used, plan, retakes = settleShot(ctx, t, snapID, r, fm, built, first)
	}
	retakeTook := time.Since(retakeStart)
	switch {
	case used.err != nil:
		obs.Capture = "failed: " + toolerr.From(used.err).Msg
	case plan.why != "":
		obs.Capture = "withheld: " + plan.why
		obs.Notices = append(obs.Notices, "the image was withheld: "+plan.why+"; observe again, or work from the tree")
	default:
		composed = true
		img, err := composeImage(used.capture, plan.vpW, r.VP.DPR, plan.masks, built.Labels, p)
		if err != nil {
			obs.Capture = "failed: " + err.Error()
		} else {
			obs.Capture = "ok"
			obs.PNG = img.PNG
			obs.Image = ImageInfo{Width: img.Width, Height: img.Height, Scale: round3(img.Scale)}
			if plan.moved {
				obs.Notices = append(obs.Notices, "a sensitive field or frame moved while the image was taken; its mask covers every place it was")
			}
		}
	}
	obs.Recaptures = retakes
	obs.FrameURLs = fm.urls()
	obs.View = View{Tree: obs.Tree, Elements: obs.Elements, FrameURLs: obs.FrameURLs}
	switch {
	case prev != nil:
		d := Changes(prev.View.(View), obs.View, follow.Acted)
		obs.Delta, obs.Since = &d, follow.Since
	case follow != nil:
		obs.Notices = append(obs.Notices, "whole observation, not changes: "+notFollowed)
	}
	snap.View = obs.View
	if !t.SetSnapshot(snap) {
		return nil, errDocumentChanged
	}
	obs.Took, obs.Phases = time.Since(start), ph
	obs.HostTook = time.Since(hostStart) + buildTook - retakeTook
	return obs, nil
}

// captureWait bounds the capture: without it an observation still has its
// tree and elements.
const captureWait = 5 * time.Second

// captureViewportVia captures the tab's viewport with DevTools, which
// works for a tab that is not focused and at any rate: a tab in the
// background from the frame it draws for it (captureDrawn), else with
// Page.captureScreenshot. When that fails, it falls back to the extension's
// chrome.tabs.captureVisibleTab (the tab must be the active one of its
// window; two calls a second at most), and says so (fallback).
func captureViewportVia(ctx context.Context, t *browser.Tab) (data []byte, fallback bool, err error) {
	cctx, cancel := context.WithTimeout(ctx, captureWait)
	defer cancel()
	var res cdp.CaptureScreenshotResult
	if drawn, ok := captureDrawn(cctx, t); ok {
		res.Data = drawn
	} else {
		err = t.CDP(cctx, cdp.PageCaptureScreenshot, cdp.CaptureScreenshotParams{Format: "jpeg", Quality: 90, FromSurface: true, OptimizeForSpeed: true}, &res)
	}
	if err != nil {
		if ctx.Err() != nil {
			return nil, false, err
		}
		var vis protocol.CaptureResult
		if verr := t.CaptureVisible(ctx, &vis); verr != nil {
			return nil, false, err
		}
		res.Data = vis.Data
		fallback = true
	}
	data, err = base64.StdEncoding.DecodeString(res.Data)
	return data, fallback, err
}

// composeImage draws the marks and masks on the capture. The capture's
// width against the viewport's (vpWidth, in CSS pixels, when the image was
// taken) gives the scale, so a viewport that changed size (an infobar) is
// still drawn right.
func composeImage(capture *imaging.Capture, vpWidth, dpr float64, maskBoxes []Box, markBoxes []MarkBox, p policy.Profile) (imaging.Result, error) {
	masks := make([]imaging.Rect, len(maskBoxes))
	for i, m := range maskBoxes {
		masks[i] = imaging.Rect{X: m.X, Y: m.Y, W: m.W, H: m.H}
	}
	labels := make([]imaging.Label, len(markBoxes))
	for i, l := range markBoxes {
		labels[i] = imaging.Label{Mark: l.Mark, Box: imaging.Rect{X: l.Box.X, Y: l.Box.Y, W: l.Box.W, H: l.Box.H}}
	}
	scale := dpr
	if vpWidth > 0 {
		scale = float64(capture.Width()) / vpWidth
	}
	return capture.Compose(masks, labels, imaging.Options{Scale: scale, MaxLongSide: p.ImageLongSide})
}

// dialogObservation reports an open dialog at once: the page is blocked.
// Its snapshot id is one of the tab's (the id of no snapshot of marks):
// once the dialog is answered it is refused as no longer current.
func dialogObservation(info browser.TabInfo, snapID string, start time.Time) *Observation {
	return &Observation{
		SnapshotID: snapID, Origin: info.Origin, LoaderID: info.LoaderID,
		Capture: "skipped: a dialog is open", DialogOpen: true,
		Notices: []string{"a dialog is open; answer it with the dialog tool"},
		Title:   info.Title, URL: info.URL, Tree: []string{}, Elements: []Element{},
		Dialog: info.Dialog, Took: time.Since(start),
	}
}

// markLabels are the role and name of each mark, for the snapshot.
func markLabels(elements []Element) map[int]browser.MarkLabel {
	out := make(map[int]browser.MarkLabel, len(elements))
	for _, e := range elements {
		out[e.Mark] = browser.MarkLabel{Role: e.Role, Name: e.Name}
	}
	return out
}

func round3(f float64) float64 { return float64(int(f*1000+0.5)) / 1000 }

func newID() string { return randid.New() }
