package browser

import (
	"context"
	"encoding/json"
	"strings"
	"time"

	"github.com/diwall/diwall/host/internal/cdp"
)

// Frame names where in a tab the host's scripts run: the main frame (the
// zero value) or a child frame. A child frame in the page's own process is
// reached through the tab's CDP session; one in a process of its own (an
// out-of-process iframe, a cross-site frame) through the child session
// Chrome attached for it (Target.setAutoAttach).
type Frame struct {
	ID      string // the frame's id; "" for the main frame
	Session string // the child session of an out-of-process frame; "" for the tab's own
}

// Main says whether f is the tab's main frame.
func (f Frame) Main() bool { return f.ID == "" }

// FrameInfo is one child frame of a tab, as Chrome reports it now.
type FrameInfo struct {
	Frame
	URL string
	// Origin is the security origin of its document, which an about:blank
	// or srcdoc document inherits from the frame that made it ("" when
	// Chrome did not say).
	Origin string
}

// Address is what says where the frame's document comes from, for a site
// rule: its URL, or for a document with no address of its own (about:,
// data:, blob:) its security origin; "" when it has neither.
func (f FrameInfo) Address() string {
	if o := Origin(f.URL); strings.HasPrefix(o, "http://") || strings.HasPrefix(o, "https://") {
		return f.URL
	}
	if strings.HasPrefix(f.Origin, "http://") || strings.HasPrefix(f.Origin, "https://") {
		return f.Origin + "/"
	}
	return ""
}

// child is an out-of-process frame's target.
type child struct {
	session  string
	prepared bool // the out-of-process frames inside it are attached too (prepareChildren)
}

// forgetFrame drops the isolated world of a child frame (its document
// changed). The tab's lock is held.
func (t *Tab) forgetFrame(id string) {
	for f := range t.worlds {
		if f.ID == id {
			delete(t.worlds, f)
		}
	}
}

// targetEvent follows the out-of-process frames Chrome attaches and
// detaches for the tab (Target.setAutoAttach). The tab's lock is held.
func (t *Tab) targetEvent(method string, params json.RawMessage) {
	switch method {
	case cdp.TargetAttachedToTarget:
		var ev cdp.AttachedToTarget
		if json.Unmarshal(params, &ev) != nil || ev.SessionID == "" || ev.TargetInfo.Type != "iframe" || ev.TargetInfo.TargetID == "" {
			return
		}
		if t.children == nil {
			t.children = make(map[string]child)
		}
		t.forgetFrame(ev.TargetInfo.TargetID) // it may have been in process before
		t.children[ev.TargetInfo.TargetID] = child{session: ev.SessionID}
	case cdp.TargetDetachedFromTarget:
		var ev cdp.DetachedFromTarget
		if json.Unmarshal(params, &ev) != nil || ev.SessionID == "" {
			return
		}
		for id, c := range t.children {
			if c.session == ev.SessionID {
				delete(t.children, id)
			}
		}
		for f := range t.worlds {
			if f.Session == ev.SessionID {
				delete(t.worlds, f)
			}
		}
	}
}

// Frames returns the tab's child frames that exist now, by frame id: those
// in the page's process (Page.getFrameTree), and those out of it, with the
// frames in their processes. The first call has Chrome attach the
// out-of-process frames from then on (Target.setAutoAttach).
func (t *Tab) Frames(ctx context.Context) (map[string]FrameInfo, error) {
	b := t.b
	if err := b.autoAttach(ctx, t); err != nil {
		return nil, err
	}
	b.prepareChildren(ctx, t)
	frames := map[string]FrameInfo{}
	var tree cdp.GetFrameTreeResult
	if err := t.CDP(ctx, cdp.PageGetFrameTree, nil, &tree); err != nil {
		return nil, err
	}
	addFrames(frames, tree.FrameTree.ChildFrames, "")
	b.mu.Lock()
	children := make(map[string]child, len(t.children))
	for id, c := range t.children {
		children[id] = c
	}
	b.mu.Unlock()
	for id, c := range children {
		var sub cdp.GetFrameTreeResult
		if err := t.CDPIn(ctx, c.session, cdp.PageGetFrameTree, nil, &sub); err != nil {
			continue // gone meanwhile
		}
		frames[id] = FrameInfo{Frame: Frame{ID: id, Session: c.session}, URL: sub.FrameTree.Frame.URL, Origin: sub.FrameTree.Frame.SecurityOrigin}
		addFrames(frames, sub.FrameTree.ChildFrames, c.session)
	}
	return frames, nil
}

func addFrames(into map[string]FrameInfo, trees []cdp.FrameTree, session string) {
	for _, ft := range trees {
		into[ft.Frame.ID] = FrameInfo{Frame: Frame{ID: ft.Frame.ID, Session: session}, URL: ft.Frame.URL, Origin: ft.Frame.SecurityOrigin}
		addFrames(into, ft.ChildFrames, session)
	}
}

// autoAttach has Chrome attach the tab's out-of-process frames, once per
// debugger session; Chrome reports them with Target.attachedToTarget.
func (b *Browser) autoAttach(ctx context.Context, t *Tab) error {
	if err := t.Attach(ctx); err != nil {
		return err
	}
	b.mu.Lock()
	done := t.autoAttach
	b.mu.Unlock()
	if done {
		return nil
	}
	if err := t.CDP(ctx, cdp.TargetSetAutoAttach, cdp.IframesAutoAttach, nil); err != nil {
		return err
	}
	b.mu.Lock()
	t.autoAttach, t.autoAttachAt = true, time.Now()
	b.mu.Unlock()
	return nil
}

// childWait is how long after the frames began to be attached an
// out-of-process frame Chrome has not yet reported is waited for.
const childWait = 2 * time.Second

// WaitFrame returns the frame of id once the tab knows how to reach it: an
// out-of-process frame Chrome attached after Frames was called (reported
// by an event that may come after the answer to Target.setAutoAttach). ok
// is false when it is not known within a short wait, which is waited only
// just after the frames began to be attached: later, Chrome reports a
// frame as soon as it exists (one inside another out-of-process frame once
// that one's session was prepared), and one never reported is out of reach.
func (t *Tab) WaitFrame(ctx context.Context, id string) (FrameInfo, bool) {
	b := t.b
	b.mu.Lock()
	wait := childWait - time.Since(t.autoAttachAt)
	b.mu.Unlock()
	ctx, cancel := context.WithTimeout(ctx, max(wait, 0))
	defer cancel()
	attached, stop := t.Watch(func(m string) bool { return m == cdp.TargetAttachedToTarget })
	defer func() { stop() }()
	for {
		b.mu.Lock()
		c, ok := t.children[id]
		b.mu.Unlock()
		if ok {
			var sub cdp.GetFrameTreeResult
			if t.CDPIn(ctx, c.session, cdp.PageGetFrameTree, nil, &sub) != nil {
				return FrameInfo{}, false
			}
			f := sub.FrameTree.Frame
			return FrameInfo{Frame: Frame{ID: id, Session: c.session}, URL: f.URL, Origin: f.SecurityOrigin}, true
		}
		select {
		case m := <-attached:
			if m != cdp.TargetAttachedToTarget {
				return FrameInfo{}, false
			}
			stop()
			attached, stop = t.Watch(func(m string) bool { return m == cdp.TargetAttachedToTarget })
		case <-ctx.Done():
			return FrameInfo{}, false
		}
	}
}
