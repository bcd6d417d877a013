package observe

import (
	"time"

	"context"

	"github.com/diwall/diwall/host/internal/browser"
	"github.com/diwall/diwall/host/internal/imaging"
)

// How the masks are made safe against a page that moves.
//
// Every capture is bracketed by the capture guard (guard.go, guard.js): from
// just before the screenshot is asked for until it came back, it holds
// still the animations that could move a sensitive field or a frame, and
// measures each one after every change it can see, at the frame after,
// and at both ends. A mask covers the bounding box of every position its
// field had in that time; the screenshot's frame is one of those. When a
// field moved, the image is taken once more (it has often settled); when
// it still moves, its mask is that widened box. When the guard cannot be
// sure (an animation it did not hold moved a field on the compositor, the
// viewport changed size or is pinch-zoomed, a field was not watched, the
// page changed without end), the image is taken again, twice at most, and
// then withheld: the tree and the elements still come back, and capture
// says why.

// movedMargin widens the mask of a field that moved, in CSS pixels, on top
// of its usual margin.
const movedMargin = 4

// Captures taken again after the first: at most maxRecaptures when the
// guard was unsure, maxMovedRecaptures when a field only moved.
const (
	maxRecaptures      = 2
	maxMovedRecaptures = 1
)

// shot is one capture with its guard's report.
type shot struct {
	capture  *imaging.Capture
	err      error // the capture failed
	fallback bool  // taken by the extension's captureVisibleTab
	report   *guardReport
	guardErr error

	// captured is closed when the screenshot came back (it may still be
	// decoding), decoded when it is decoded; took is how long it took to
	// come back.
	captured, decoded chan struct{}
	took              time.Duration
}

func (s *shot) release() {
	if s != nil && s.capture != nil {
		s.capture.Release()
		s.capture = nil
	}
}

// take starts the screenshot and its decoding, and returns at once. The
// guard can be finished as soon as captured is closed, while the image is
// decoded; capture, err and fallback are set once decoded is closed.
func (s *shot) take(ctx context.Context, t *browser.Tab) {
	s.captured, s.decoded = make(chan struct{}), make(chan struct{})
	start := time.Now()
	go func() {
		defer close(s.decoded)
		data, fallback, err := captureViewportVia(ctx, t)
		s.took = time.Since(start)
		close(s.captured)
		if err == nil {
			s.capture, err = imaging.Decode(data)
		}
		s.err, s.fallback = err, fallback
	}()
}

// wait waits for the image to be decoded.
func (s *shot) wait() { <-s.decoded }

// takeShot captures the viewport inside a guard of its own: the captures
// taken again, after the page was read.
func takeShot(ctx context.Context, t *browser.Tab, snapshot string, fm *frameMap, extra []int) (*shot, error) {
	g, err := startGuard(ctx, t, snapshot, fm.childFrames(), fm, extra)
	if err != nil {
		return nil, err
	}
	defer g.abandon()
	s := &shot{}
	s.take(ctx, t)
	<-s.captured
	s.report, s.guardErr = g.finish(ctx, fm)
	s.wait()
	return s, nil
}

// maskPlan is what a shot allows.
type maskPlan struct {
	masks []Box
	// moved: a mask was widened over the positions its field had.
	moved bool
	// why is not empty when the masks cannot be trusted: the image must
	// not be used.
	why string
	// extra are the sensitive fields and frames the guard did not watch.
	extra []int
	// vpW, vpH are the viewport's size in CSS pixels when the image was
	// taken.
	vpW, vpH float64
}

// planMasks decides the masks of a shot from its guard's report and the
// host's decisions (built). first says the shot was taken while the page
// was read, so that the serializer's boxes are among its positions too.
func planMasks(s *shot, r *raw, built Built, first bool) maskPlan {
	var p maskPlan
	rep := s.report
	switch {
	case s.guardErr != nil:
		p.why = "the page could not be watched while the image was taken"
	case rep.Lost:
		p.why = rep.Why
	case rep.Why != "":
		p.why = rep.Why
	}
	if rep == nil {
		return p
	}
	// The viewport while the image was taken, which the guard saw keep its
	// size: a capture taken again may follow a change the page read did not
	// see (an infobar).
	p.vpW, p.vpH = rep.VP[0], rep.VP[1]
	if p.vpW <= 0 || p.vpH <= 0 {
		p.vpW, p.vpH = r.VP.W, r.VP.H
	}
	secret := make(map[int]bool, len(built.Secret))
	for _, i := range built.Secret {
		secret[i] = true
	}
	watched := make(map[int]bool, len(rep.Watched))
	for _, i := range rep.Watched {
		watched[i] = true
	}
	for _, i := range built.Secret {
		if !watched[i] {
			p.extra = append(p.extra, i)
		}
	}
	if len(p.extra) > 0 && p.why == "" {
		p.why = "a sensitive field was not watched"
	}
	if s.fallback && len(rep.Watched)+len(rep.Boxes)+len(built.Secret) > 0 && p.why == "" {
		// The extension's capture copies the last frame drawn, which may
		// be older than the guard.
		p.why = "the image was not taken in a way the guard can bracket"
	}
	for _, bx := range rep.Boxes {
		if bx.I >= 0 && !secret[bx.I] {
			// The guard's cues are broader than the host's check, which
			// decides.
			continue
		}
		m := 0.0
		if bx.Frame == 0 {
			m = maskMargin
		}
		if bx.Moved == 1 {
			m += movedMargin
			p.moved = true
		}
		box := Box{bx.B[0] - m, bx.B[1] - m, bx.B[2] + 2*m, bx.B[3] + 2*m}
		if box.X < p.vpW && box.Y < p.vpH && box.X+box.W > 0 && box.Y+box.H > 0 {
			p.masks = append(p.masks, box)
		}
	}
	if first {
		p.masks = append(p.masks, built.Masks...)
	}
	return p
}

// settleShot takes the image again while the first one's masks cannot be
// trusted or a field moved, within bounds, and returns the shot to use and
// its plan. It releases the shots it does not return.
func settleShot(ctx context.Context, t *browser.Tab, snapshot string, r *raw, fm *frameMap, built Built, first *shot) (*shot, maskPlan, int) {
	s := first
	plan := planMasks(s, r, built, true)
	extra := plan.extra
	retakes := 0
	for s.err == nil && retakes < maxRecaptures && (plan.why != "" || plan.moved && retakes < maxMovedRecaptures) {
		next, err := takeShot(ctx, t, snapshot, fm, extra)
		if err != nil {
			break
		}
		retakes++
		s.release()
		s = next
		plan = planMasks(s, r, built, false)
		extra = append(extra, plan.extra...)
	}
	return s, plan, retakes
}
