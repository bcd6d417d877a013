package browser

import (
	"context"
	"encoding/json"
	"time"

	"github.com/diwall/diwall/host/internal/cdp"
)

// An out-of-process frame's own session reports what the tab's session
// cannot: the out-of-process frames inside it (Target.setAutoAttach on it:
// a cross-site frame inside a cross-site frame is its child, not the
// tab's). Each child session is prepared so once, as soon as Chrome
// attaches it, and again before the frames are listed, so none is missed.

// childPrepareWait bounds the preparation of one child session.
const childPrepareWait = 3 * time.Second

// prepareChildren has Chrome attach the out-of-process frames inside the
// tab's child sessions not prepared yet.
func (b *Browser) prepareChildren(ctx context.Context, t *Tab) {
	b.mu.Lock()
	var todo []string
	for id, c := range t.children {
		if !c.prepared {
			c.prepared = true
			t.children[id] = c
			todo = append(todo, c.session)
		}
	}
	if len(todo) > 0 {
		// A frame inside one of them is reported a moment after this:
		// WaitFrame waits for it from now.
		t.autoAttachAt = time.Now()
	}
	b.mu.Unlock()
	for _, session := range todo {
		ctx, cancel := context.WithTimeout(ctx, childPrepareWait)
		err := t.CDPIn(ctx, session, cdp.TargetSetAutoAttach, cdp.IframesAutoAttach, nil)
		cancel()
		if err != nil {
			b.log.Debug("an out-of-process frame's session could not be prepared", "tab", t.ChromeID, "err", err)
		}
	}
}

// childEvent applies one forwarded CDP event of a child session of the
// tab: the attach or detach of an out-of-process frame inside its frame.
// The tab's lock is held.
func (t *Tab) childEvent(method string, params json.RawMessage) {
	if method == cdp.TargetAttachedToTarget || method == cdp.TargetDetachedFromTarget {
		t.targetEvent(method, params)
		t.notify(method, params)
	}
}
